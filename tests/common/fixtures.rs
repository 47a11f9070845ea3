//! Puzzles every test file uses, the bundled data files, and temporary
//! folders.

use std::fs;
use std::path::{Path, PathBuf};

use sudokuflow::Grid;

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
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// The puzzle lines of a line-format text: blank and `#` lines skipped.
pub fn puzzle_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

/// The puzzles of the bundled `data/sample.txt`.
pub fn sample_puzzles() -> Vec<Grid> {
    let text = fs::read_to_string(data("sample.txt")).unwrap();
    puzzle_lines(&text)
        .into_iter()
        .map(|line| line.parse().unwrap())
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
