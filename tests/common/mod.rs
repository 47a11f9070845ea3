//! Helpers shared by the integration tests.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[path = "../../src/engine/brute.rs"]
mod brute;

// Not every test crate counts solutions.
#[allow(unused_imports)]
pub use brute::brute_count;

/// Runs `sudokuflow args...`, reads its first output line, then closes the
/// pipe: the program must stop with status 0 and nothing on stderr.
pub fn assert_quiet_after_broken_pipe<S: AsRef<std::ffi::OsStr>>(args: &[S]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokuflow"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first.len(), 82);
    drop(reader);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// A test that cannot run here (`reason`: its data or tool is missing)
/// fails where everything is required (`CI` or `SUDOKUFLOW_REQUIRE_DATA`
/// set, as in `.ci/run`); elsewhere it says `SKIPPED` in the test output, so
/// that a pass is never mistaken for a run. The caller returns after this.
pub fn skip(reason: &str) {
    let required = ["CI", "SUDOKUFLOW_REQUIRE_DATA"].iter().any(|var| {
        std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0" && v != "false")
    });
    if required {
        panic!("{reason}, and every test must run here (CI or SUDOKUFLOW_REQUIRE_DATA is set)");
    }
    // Straight to the descriptor: the test harness captures eprintln!.
    let note = format!("SKIPPED: {reason}\n");
    // SAFETY: writes a buffer to the standard error descriptor.
    unsafe { libc::write(2, note.as_ptr().cast(), note.len()) };
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
