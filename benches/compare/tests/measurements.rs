//! The measurements docs/benchmarks.md shows, run the cheap way: this
//! package's programs and the scripts built on them, on a few puzzles, one
//! round, debug builds (the page's figures take release builds, 5 rounds
//! and the reference sets). What is checked is that each runs and prints
//! its table; the figures themselves are not.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use sudokuflow_test::{Run, data_file, program, temp_dir};

/// The repository's root, where the page's commands run.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `sudokuflow` program, which `cargo test --workspace` builds beside
/// this package's programs (cargo names a path only to a package's own).
fn sudokuflow() -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_peer_solve")).with_file_name("sudokuflow");
    assert!(
        path.is_file(),
        "{} is missing: build it with `cargo build --bin sudokuflow` \
         (`cargo test --workspace` does)",
        path.display()
    );
    path
}

/// The standard output of `run` in the root, which must succeed.
fn stdout_of(run: &mut Run) -> String {
    let output = run.current_dir(root()).output();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The fields of the line of `table` that starts with the fields `start`.
fn row<'a>(table: &'a str, start: &[&str]) -> Vec<&'a str> {
    table
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|fields| fields.starts_with(start))
        .unwrap_or_else(|| panic!("no row {start:?} in:\n{table}"))
}

fn number(field: &str) -> f64 {
    field
        .trim_end_matches('x')
        .parse()
        .unwrap_or_else(|_| panic!("{field:?} is not a number"))
}

#[test]
fn solver_race_times_both_modes_of_each_file() {
    // cargo run --release -p sudokuflow-compare -- --rounds 5 FILE...
    let table = stdout_of(program(env!("CARGO_BIN_EXE_sudokuflow-compare")).args([
        "--rounds",
        "1",
        "data/sample.txt",
    ]));
    for mode in ["solve", "count2"] {
        let fields = row(&table, &["sample", "24", mode]);
        assert_eq!(fields.len(), 7, "{table}");
        for field in &fields[3..] {
            number(field);
        }
    }
}

#[test]
fn generator_race_makes_minimal_puzzles_with_each_symmetry() {
    // cargo run --release -p sudokuflow-compare --bin compare_generate
    // (10,000 puzzles a round there).
    let table = stdout_of(program(env!("CARGO_BIN_EXE_compare_generate")).args([
        "--puzzles",
        "20",
        "--rounds",
        "1",
    ]));
    for symmetry in ["rotate180", "none"] {
        let fields = row(&table, &[symmetry]);
        assert_eq!(fields.len(), 6, "{table}");
        for clues in [fields[2], fields[4]] {
            assert!((17.0..40.0).contains(&number(clues)), "{table}");
        }
    }
}

#[test]
fn rating_race_times_the_puzzles_in_the_band() {
    // cargo run --release -p sudokuflow-compare --bin compare_rate -- --max-er 4.4 puzzles.txt
    let out = stdout_of(program(env!("CARGO_BIN_EXE_compare_rate")).args([
        "--rounds",
        "1",
        "--max-er",
        "4.4",
        "data/sample.txt",
    ]));
    // Some of the sample's 24 puzzles, not all, rate 4.4 or less.
    let (in_band, rest) = out.split_once(' ').unwrap();
    assert!((1.0..24.0).contains(&number(in_band)), "{out}");
    assert!(
        rest.starts_with("puzzles of data/sample.txt with ER 0 to 4.4, 1 rounds"),
        "{out}"
    );
    number(row(&out, &["speed-up:"])[1]);
}

#[test]
fn canonical_form_race_times_puzzles_and_their_grids() {
    // cargo run --release -p sudokuflow-compare --bin compare_canon -- --rounds 5 17_clue.txt
    let Some(clues) = data_file("17_clue.txt") else {
        return;
    };
    // Its first lines: the set's `#` lines, then puzzles.
    let head: Vec<String> = fs::read_to_string(clues)
        .unwrap()
        .lines()
        .take(40)
        .map(|line| format!("{line}\n"))
        .collect();
    let puzzles = head.iter().filter(|line| !line.starts_with('#')).count();
    let dir = temp_dir();
    let file = dir.path().join("17_clue.txt");
    fs::write(&file, head.concat()).unwrap();
    let out = stdout_of(
        program(env!("CARGO_BIN_EXE_compare_canon"))
            .args(["--rounds", "1"])
            .arg(&file),
    );
    assert!(
        out.starts_with(&format!("{puzzles} puzzles from ")),
        "{out}"
    );
    for what in [&["puzzles"][..], &["solution", "grids"]] {
        let fields = row(&out, what);
        number(fields.last().unwrap());
    }
}

#[test]
fn bench_script_times_both_programs_on_each_file() {
    // scripts/bench.sh FILE...
    let table = stdout_of(
        program(root().join("scripts/bench.sh"))
            .arg("data/sample.txt")
            .env("ROUNDS", "1")
            .env("SUDOKUFLOW", sudokuflow())
            .env("PEER_SOLVE", env!("CARGO_BIN_EXE_peer_solve")),
    );
    let fields = row(&table, &["sample.txt", "24"]);
    assert_eq!(fields.len(), 7, "{table}");
    for field in &fields[2..] {
        number(field);
    }
}

#[test]
fn tdoku_script_runs_with_a_stand_in_for_tdoku() {
    // TDOKU=/path/to/driver scripts/vs_tdoku.sh FILE...: tdoku is built
    // outside the repository, so the `sudoku` crate's program stands in
    // for its driver, with the driver's interface.
    let dir = temp_dir();
    let driver = dir.path().join("driver");
    fs::write(
        &driver,
        format!(
            "#!/bin/sh\n\
             case \"$LIMIT\" in 2) '{peer}' --count \"$1\" ;; *) '{peer}' \"$1\" ;; esac\n\
             echo 'avg guesses 0' >&2\n",
            peer = env!("CARGO_BIN_EXE_peer_solve")
        ),
    )
    .unwrap();
    fs::set_permissions(&driver, fs::Permissions::from_mode(0o755)).unwrap();
    let table = stdout_of(
        program(root().join("scripts/vs_tdoku.sh"))
            .arg("data/sample.txt")
            .env("ROUNDS", "1")
            .env("TDOKU", &driver)
            .env("SUDOKUFLOW", sudokuflow())
            .env("PEER_SOLVE", env!("CARGO_BIN_EXE_peer_solve")),
    );
    for mode in ["first", "count"] {
        let fields = row(&table, &["sample.txt", mode]);
        assert_eq!(fields.len(), 9, "{table}");
        // Every field a number: our guesses are read from `solve --stats`;
        // the stand-in's are 0.
        assert_eq!(fields[6], "0", "{table}");
        for field in &fields[2..] {
            number(field);
        }
    }
}
