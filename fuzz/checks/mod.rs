//! What each fuzz target checks, on arbitrary bytes: a panic is a failure.
//! Shared by the fuzz targets (`fuzz_targets/`) and by
//! `tests/fuzz_regressions.rs`, which replays the saved inputs under a plain
//! `cargo test`. Each module is one target's check, from the library's
//! public API.

// Each user compiles only the checks it runs.
#![allow(dead_code)]

pub mod bytes;
pub mod canon;
#[path = "../../tests/common/formats.rs"]
pub mod formats;
pub mod line;
pub mod pipeline;
pub mod steps;

/// A target's check.
pub type Check = fn(&[u8]);

/// The checks by target name, as the regression replay finds them.
pub const TARGETS: &[(&str, Check)] = &[
    ("canon", canon::check),
    ("line", line::check),
    ("pipeline", pipeline::check),
    ("steps", steps::check),
];
