//! Solves every puzzle of the reference sets (`$SUDOKUFLOW_DATA`) and checks
//! each solution, and counts every puzzle's solutions up to 2 (each set has
//! unique solutions). Skipped, with a note, when `SUDOKUFLOW_DATA` is unset;
//! fails if it is set and a file is missing.

use std::path::PathBuf;

use sudokuflow::{Grid, count_solutions, solve};

fn reference_set(name: &str) -> Option<Vec<Grid>> {
    let Some(dir) = std::env::var_os("SUDOKUFLOW_DATA") else {
        eprintln!("note: SUDOKUFLOW_DATA is not set; skipping the {name} reference set");
        return None;
    };
    let path = PathBuf::from(dir).join(name);
    let text = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "SUDOKUFLOW_DATA is set but {} is unreadable: {e}",
            path.display()
        )
    });
    let puzzles: Vec<Grid> = text
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && line[0] != b'#')
        .map(|(n, line)| {
            Grid::parse_line(line).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1))
        })
        .collect();
    assert!(!puzzles.is_empty(), "{} holds no puzzles", path.display());
    Some(puzzles)
}

fn check_set(name: &str, expected: usize) {
    let Some(puzzles) = reference_set(name) else {
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
