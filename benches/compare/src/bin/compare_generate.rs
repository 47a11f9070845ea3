//! Side-by-side generator timing: minimal puzzles from sudokuflow against the
//! `sudoku` crate's `generate_with_symmetry`, one thread, in one process.
//!
//! Usage: `compare_generate [--puzzles N] [--rounds N]`. For 180° rotation and
//! for no symmetry, each round makes N puzzles with each generator in turn;
//! the table shows the median round's puzzles per second and average clues.

use std::process::ExitCode;
use std::time::Instant;

use sudokuflow::generate::{GenerateConfig, Symmetry, generate};

/// One round's puzzles per second and average clue count.
struct Round {
    per_second: f64,
    clues: f64,
}

fn time_round(puzzles: u64, mut make: impl FnMut(u64) -> usize) -> Round {
    let start = Instant::now();
    let clues: usize = (0..puzzles).map(&mut make).sum();
    Round {
        per_second: puzzles as f64 / start.elapsed().as_secs_f64(),
        clues: clues as f64 / puzzles as f64,
    }
}

fn median_round(mut rounds: Vec<Round>) -> Round {
    rounds.sort_by(|a, b| a.per_second.total_cmp(&b.per_second));
    rounds.swap_remove(rounds.len() / 2)
}

fn parse_flag(args: &[String], flag: &str, default: u64) -> Result<u64, String> {
    match args.iter().position(|a| a == flag) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{flag} takes a whole number")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (puzzles, rounds) = match (
        parse_flag(&args, "--puzzles", 10_000),
        parse_flag(&args, "--rounds", 5),
    ) {
        (Ok(p), Ok(r)) if p > 0 && r > 0 => (p, r),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("compare_generate: {e}");
            return ExitCode::from(2);
        }
        _ => {
            eprintln!("compare_generate: --puzzles and --rounds must be over 0");
            return ExitCode::from(2);
        }
    };
    println!(
        "{:<10} {:>12} {:>8} {:>12} {:>8} {:>7}",
        "symmetry", "ours /s", "clues", "sudoku /s", "clues", "speedup"
    );
    for (ours_symmetry, theirs_symmetry) in [
        (Symmetry::Rotate180, sudoku::Symmetry::HalfRotation),
        (Symmetry::None, sudoku::Symmetry::None),
    ] {
        let config = GenerateConfig::default().with_symmetry(ours_symmetry);
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        for round in 0..rounds {
            ours.push(time_round(puzzles, |i| {
                let generated =
                    generate(&config, round, i).expect("minimal puzzles always succeed");
                generated.puzzle.clue_count()
            }));
            theirs.push(time_round(puzzles, |_| {
                usize::from(sudoku::Sudoku::generate_with_symmetry(theirs_symmetry).n_clues())
            }));
        }
        let (ours, theirs) = (median_round(ours), median_round(theirs));
        println!(
            "{:<10} {:>12.0} {:>8.2} {:>12.0} {:>8.2} {:>7.2}",
            ours_symmetry.to_string(),
            ours.per_second,
            ours.clues,
            theirs.per_second,
            theirs.clues,
            ours.per_second / theirs.per_second
        );
    }
    ExitCode::SUCCESS
}
