//! Puzzles every test file uses, the bundled data files, and temporary
//! folders.

use std::fs;
use std::path::{Path, PathBuf};

use crate::skip;

/// A puzzle with one solution, [`SOLUTION`].
pub const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
pub const SOLUTION: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
/// A puzzle the solver has to search for.
pub const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Consistent givens, but the last cell of the first row has no candidate.
pub const NO_SOLUTION: &str =
    "12345678.........9...............................................................";
/// Two 1s in the first row.
pub const CONFLICTING: &str =
    "11...............................................................................";
pub const EMPTY: &str =
    ".................................................................................";

/// A file of the bundled `data/` folder.
pub fn data(name: &str) -> PathBuf {
    // This crate sits in `crates/`: the folder is the workspace root's.
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data")).join(name)
}

/// The puzzle lines of a line-format text: blank and `#` lines skipped.
pub fn puzzle_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

/// A fresh temporary folder, removed when dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("sudokuflow-test-")
        .tempdir()
        .unwrap()
}

/// The names in `dir`, sorted.
pub fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The reference data file `name` in `$SUDOKUFLOW_DATA`, or `None` after
/// [`skip()`] when the variable is unset. A missing file is a failure.
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

/// The puzzles of reference set `name` in `$SUDOKUFLOW_DATA` (see
/// [`data_file`]), each line read by `parse`: `None` after [`skip()`] when
/// the variable is unset; an unreadable file or line is a failure.
pub fn reference_puzzles<T, E: std::fmt::Display>(
    name: &str,
    parse: impl Fn(&[u8]) -> Result<T, E>,
) -> Option<Vec<T>> {
    let path = data_file(name)?;
    let text = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "SUDOKUFLOW_DATA is set but {} is unreadable: {e}",
            path.display()
        )
    });
    let puzzles: Vec<T> = text
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && line[0] != b'#')
        .map(|(n, line)| {
            parse(line).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1))
        })
        .collect();
    assert!(!puzzles.is_empty(), "{} holds no puzzles", path.display());
    Some(puzzles)
}
