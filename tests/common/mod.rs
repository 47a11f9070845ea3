//! Helpers shared by the integration tests: the binary and other programs
//! run with a deadline, fixtures and temporary folders, the one rule for
//! skipping, and oracles that share no code with the library (a
//! brute-force solution counter, an equivalence check, the human techniques
//! up to XYZ-Wing).

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code, unused_imports)]

mod equivalent;
mod fixtures;
pub mod formats;
pub mod human;

#[path = "../../src/engine/brute.rs"]
mod brute;
#[path = "../../src/testing/property.rs"]
pub mod property;
#[path = "../../src/testing/run.rs"]
mod run;
#[path = "../../src/testing/skip.rs"]
mod skip;
mod tools;

pub use brute::{brute_count, brute_count_within};
pub use equivalent::equivalent;
pub use fixtures::*;
pub use run::{DEADLINE, Run, Running, program, wait_until};
pub use skip::{required, skip};
pub use tools::{PEAK_FORMAT, chromium_print, have, peak_kb};

/// A run of the `sudokuflow` binary under test.
pub fn sudokuflow() -> Run {
    program(env!("CARGO_BIN_EXE_sudokuflow"))
}

/// Runs `sudokuflow args...`, reads its first output line, then closes the
/// pipe: the program must stop with status 0 and nothing on stderr.
pub fn assert_quiet_after_broken_pipe<S: AsRef<std::ffi::OsStr>>(args: &[S]) {
    use std::io::BufRead;
    let mut child = sudokuflow().args(args).spawn();
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first.len(), 82);
    drop(reader);
    let output = child.wait_with_output();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// The reference data file `name` in `$SUDOKUFLOW_DATA`, or `None` after
/// [`skip`] when the variable is unset. A missing file is a failure.
pub fn data_file(name: &str) -> Option<std::path::PathBuf> {
    let Some(dir) = std::env::var_os("SUDOKUFLOW_DATA") else {
        skip(&format!("SUDOKUFLOW_DATA is not set: no {name}"));
        return None;
    };
    let path = std::path::Path::new(&dir).join(name);
    assert!(
        path.is_file(),
        "SUDOKUFLOW_DATA is set but {} does not exist",
        path.display()
    );
    Some(path)
}

/// The puzzles of reference set `name` in `$SUDOKUFLOW_DATA` (see [`data_file`]).
pub fn reference_puzzles(name: &str) -> Option<Vec<sudokuflow::Grid>> {
    let path = data_file(name)?;
    let text = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "SUDOKUFLOW_DATA is set but {} is unreadable: {e}",
            path.display()
        )
    });
    let puzzles: Vec<sudokuflow::Grid> = text
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && line[0] != b'#')
        .map(|(n, line)| {
            sudokuflow::Grid::parse_line(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1))
        })
        .collect();
    assert!(!puzzles.is_empty(), "{} holds no puzzles", path.display());
    Some(puzzles)
}
