//! What the program's tests share: the test-support crate (oracles, the
//! process runner with deadlines, the skip rule, fixtures), the puzzle
//! readers' oracle, and running the binary under test.

pub use sudokuflow_fuzz_checks::formats;
pub use sudokuflow_test::*;

use sudokuflow::Grid;

/// A run of the `sudokuflow` binary under test.
pub fn sudokuflow() -> Run {
    program(env!("CARGO_BIN_EXE_sudokuflow"))
}

/// A run of the binary under test whose peak memory is measured (see
/// `program_with_peak_memory`).
pub fn sudokuflow_with_peak_memory() -> Run {
    program_with_peak_memory(env!("CARGO_BIN_EXE_sudokuflow"))
}

/// `n` puzzles from `generate --solution --seed SEED`, with `0` for blanks
/// (as the Kaggle set has them), each with its solution.
pub fn generated(n: usize, seed: u64) -> Vec<(String, String)> {
    let out = sudokuflow()
        .args(["generate", "--solution", "-n", &n.to_string()])
        .args(["--seed", &seed.to_string()])
        .output();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let (puzzle, solution) = line.split_once(',').unwrap();
            (puzzle.replace('.', "0"), solution.to_string())
        })
        .collect()
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

/// A way to open `/dev/full` (a disk that is always full) for writing, or
/// `None` after a skip on a system without it.
pub fn full_disk() -> Option<fn() -> std::fs::File> {
    if std::path::Path::new("/dev/full").exists() {
        Some(|| {
            std::fs::File::options()
                .write(true)
                .open("/dev/full")
                .unwrap()
        })
    } else {
        skip("no /dev/full: the full-disk test did not run");
        None
    }
}

/// The puzzles of reference set `name` in `$SUDOKUFLOW_DATA`, or `None`
/// after a skip when the variable is unset.
pub fn reference_puzzles(name: &str) -> Option<Vec<Grid>> {
    sudokuflow_test::reference_puzzles(name, Grid::parse_line)
}

/// The puzzles of the bundled `data/sample.txt`.
pub fn sample_puzzles() -> Vec<Grid> {
    let text = std::fs::read_to_string(data("sample.txt")).unwrap();
    puzzle_lines(&text)
        .into_iter()
        .map(|line| line.parse().unwrap())
        .collect()
}

/// Runs `line` with bash (`set -o pipefail`) in `dir`, the built
/// `sudokuflow` first on the path, as a page's shell commands run.
pub fn shell(line: &str, dir: &std::path::Path) -> std::process::Output {
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_sudokuflow"))
        .parent()
        .unwrap()
        .to_path_buf();
    let paths = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(&paths)))
        .unwrap();
    program("bash")
        .args(["-c", &format!("set -o pipefail; {line}")])
        .current_dir(dir)
        .env("PATH", path)
        .output()
}
