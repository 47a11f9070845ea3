//! Solves every puzzle of the reference sets (`$SUDOKUFLOW_DATA`) and checks
//! each solution, and counts every puzzle's solutions up to 2 (each set has
//! unique solutions). Without `SUDOKUFLOW_DATA` it fails where data is
//! required (CI) and says SKIPPED elsewhere; a missing file always fails.

use sudokuflow::{count_solutions, solve};

fn check_set(name: &str, expected: usize) {
    let Some(puzzles) = crate::util::reference_puzzles(name) else {
        return;
    };
    assert_eq!(puzzles.len(), expected, "{name}: puzzle count");
    for (i, p) in puzzles.iter().enumerate() {
        let s = solve(p).unwrap_or_else(|e| panic!("{name} puzzle {}: {e}", i + 1));
        assert!(
            s.grid.is_solution_of(p),
            "{name} puzzle {}: bad solution",
            i + 1
        );
        let c = count_solutions(p, 2).unwrap();
        assert_eq!(c.solutions, 1, "{name} puzzle {}: not unique", i + 1);
    }
}

#[test]
fn seventeen_clue_set() {
    check_set("17_clue.txt", 49_158);
}

#[test]
fn forum_hardest_set() {
    check_set("forum_hardest_11plus.txt", 48_765);
}

/// A data test without its data says SKIPPED and passes on a developer's
/// machine, and fails where every test must run (CI): run this test binary
/// again, on one data test, without the data.
#[test]
fn a_data_test_without_data_is_visible_and_fails_in_ci() {
    let rerun = |required: bool| {
        let mut command = crate::util::program(std::env::current_exe().unwrap());
        command
            .args([
                "--exact",
                "reference_sets::seventeen_clue_set",
                "--test-threads",
                "1",
            ])
            .env_remove("SUDOKUFLOW_DATA")
            .env_remove("CI")
            .env_remove("SUDOKUFLOW_REQUIRE_DATA");
        if required {
            command.env("SUDOKUFLOW_REQUIRE_DATA", "1");
        }
        command.output()
    };
    let relaxed = rerun(false);
    assert!(relaxed.status.success());
    assert!(
        String::from_utf8_lossy(&relaxed.stderr).contains("SKIPPED: SUDOKUFLOW_DATA is not set")
    );
    let required = rerun(true);
    assert!(!required.status.success());
    assert!(String::from_utf8_lossy(&required.stdout).contains("every test must run here"));
}
