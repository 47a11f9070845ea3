//! The examples docs/library.md shows (`cargo run -p sudokuflow --example
//! NAME`) run and print what they say. `cargo test` builds them, but runs
//! none: this runs the builds it made.

use std::path::Path;

use sudokuflow::Grid;

use crate::util::program;

/// The standard output of example `name`, which must succeed, and its
/// standard error.
fn run_example(name: &str) -> (String, String) {
    // cargo puts the examples in `examples/` beside `deps/`, which holds
    // this test binary.
    let test_binary = std::env::current_exe().unwrap();
    let profile = test_binary.parent().and_then(Path::parent).unwrap();
    let path = profile.join("examples").join(name);
    assert!(
        path.is_file(),
        "{} is missing: `cargo test -p sudokuflow` builds the examples, \
         `cargo test --test tests` alone does not",
        path.display()
    );
    let output = program(&path).output();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "example {name}: {stderr}");
    (String::from_utf8(output.stdout).unwrap(), stderr)
}

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

#[test]
fn solve_example_prints_the_solution_and_one_solution_counted() {
    let (stdout, _) = run_example("solve");
    let lines: Vec<&str> = stdout.lines().collect();
    let puzzle =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(grid(lines[0]).is_solution_of(&puzzle), "{stdout}");
    assert!(lines[1].starts_with("solutions: 1 (after "), "{stdout}");
}

#[test]
fn generate_example_prints_the_same_puzzles_and_explanation_every_run() {
    // Seeded: the output is the same on every run and machine.
    let (stdout, _) = run_example("generate");
    assert_eq!(
        stdout,
        include_str!("example_generate.out"),
        "where the generator or the rater changed on purpose: cargo run -p \
         sudokuflow --example generate > crates/sudokuflow/tests/example_generate.out"
    );
}

#[test]
fn pipeline_example_solves_in_order_and_names_the_bad_line() {
    let (stdout, stderr) = run_example("pipeline");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    let first =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let third =
        grid("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9");
    assert!(grid(lines[0]).is_solution_of(&first), "{stdout}");
    assert!(
        lines[1].starts_with('!'),
        "the bad line is marked: {stdout}"
    );
    assert!(grid(lines[2]).is_solution_of(&third), "{stdout}");
    assert_eq!(lines[3], "3 puzzles, 1 bad");
    assert!(stderr.starts_with("example:2: "), "{stderr}");
}
