//! What each fuzz target checks, on arbitrary bytes: a panic is a failure.
//! Shared by the fuzz targets (`fuzz/fuzz_targets/`) and by this crate's
//! test, which replays the saved inputs (`fuzz/seeds/`, `fuzz/regressions/`)
//! under a plain `cargo test` on stable. Each module is one target's check,
//! from the library's public API (the game's, for saves); [`formats`] is
//! the oracle they and the program's tests read puzzles with.

pub mod bytes;
pub mod canon;
pub mod formats;
pub mod line;
pub mod pipeline;
pub mod save;
pub mod steps;

/// A target's check.
pub type Check = fn(&[u8]);

/// The checks by target name, as the regression replay finds them.
pub const TARGETS: &[(&str, Check)] = &[
    ("canon", canon::check),
    ("line", line::check),
    ("pipeline", pipeline::check),
    ("save", save::check),
    ("steps", steps::check),
];
