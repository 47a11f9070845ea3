//! Side-by-side canonicalisation timing: sudokuflow's minlex
//! (`Grid::canonical_with_automorphisms`: the form and the automorphism
//! count) against the `sudoku` crate's `canonicalized` (the same two, found
//! through the puzzle's solution grid), one thread, on the same puzzles, and
//! on their solution grids, in the same run.
//!
//! Usage: `compare_canon [--rounds N] FILE`. Each round times every puzzle
//! of FILE with each library in turn, then every solution grid; the median
//! round is shown. Parsing and solving are outside the timed loops.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use sudoku::Sudoku;
use sudokuflow::Grid;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Seconds per item of `work` over `count` items, median of `rounds` runs.
fn time(rounds: usize, count: usize, mut work: impl FnMut()) -> f64 {
    let mut seconds = Vec::new();
    for _ in 0..rounds {
        let start = Instant::now();
        work();
        seconds.push(start.elapsed().as_secs_f64() / count as f64);
    }
    median(seconds)
}

fn report(what: &str, ours: f64, peer: f64) {
    println!(
        "{what:<16} sudokuflow {:>8.2} µs ({:>9.0}/s)   sudoku crate {:>8.2} µs ({:>8.0}/s)   crate/ours {:>6.1}x",
        ours * 1e6,
        1.0 / ours,
        peer * 1e6,
        1.0 / peer,
        peer / ours
    );
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut rounds = 3;
    let mut file = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--rounds needs a whole number")
            }
            _ => file = Some(arg),
        }
    }
    let Some(file) = file else {
        eprintln!("usage: compare_canon [--rounds N] FILE");
        return ExitCode::from(2);
    };
    let text = std::fs::read_to_string(&file).expect("readable puzzle file");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let ours: Vec<Grid> = lines.iter().map(|l| l.parse().expect("a puzzle")).collect();
    let peers: Vec<Sudoku> = lines
        .iter()
        .map(|l| Sudoku::from_str_line(l).expect("a puzzle"))
        .collect();
    let our_grids: Vec<Grid> = ours
        .iter()
        .map(|p| sudokuflow::solve(p).expect("one solution").grid)
        .collect();
    let peer_grids: Vec<Sudoku> = our_grids
        .iter()
        .map(|g| Sudoku::from_str_line(&g.to_string()).expect("a grid"))
        .collect();
    println!(
        "{} puzzles from {file}, one thread, median of {rounds} rounds",
        ours.len()
    );

    let n = ours.len();
    let ours_puzzles = time(rounds, n, || {
        for p in &ours {
            black_box(black_box(p).canonical_with_automorphisms());
        }
    });
    let peer_puzzles = time(rounds, n, || {
        for p in &peers {
            black_box(black_box(p).canonicalized());
        }
    });
    report("puzzles", ours_puzzles, peer_puzzles);
    let ours_grids = time(rounds, n, || {
        for g in &our_grids {
            black_box(black_box(g).canonical_with_automorphisms());
        }
    });
    let peer_grids_time = time(rounds, n, || {
        for g in &peer_grids {
            black_box(black_box(g).canonicalized());
        }
    });
    report("solution grids", ours_grids, peer_grids_time);
    ExitCode::SUCCESS
}
