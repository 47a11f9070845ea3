//! Side-by-side rating timing: sudokuflow's step engine against the `sudoku`
//! crate's strategy solver (every strategy it has, in Sudoku Explainer
//! order), one thread, on the same puzzles.
//!
//! Usage: `compare_rate [--rounds N] [--max-er X] [--min-er X] FILE`. The
//! puzzles of FILE whose ER (by sudokuflow) lies in [min, max] are timed;
//! each round rates all of them with each engine in turn, and the median
//! round is shown. The crate's solver has no chains, so compare it only on
//! puzzles its strategies solve (ER up to 4.4 or so); above that only our
//! per-puzzle times are printed (median and 90th percentile).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use sudoku::strategy::{Strategy, StrategySolver};
use sudokuflow::Grid;
use sudokuflow::logic::{self, Difficulty, Options};

/// The crate's strategies, easiest first by Sudoku Explainer's ratings
/// (its avoidable rectangles are declared but not implemented).
fn peer_strategies() -> Vec<Strategy> {
    vec![
        Strategy::HiddenSingles,
        Strategy::NakedSingles,
        Strategy::LockedCandidates,
        Strategy::NakedPairs,
        Strategy::XWing,
        Strategy::HiddenPairs,
        Strategy::NakedTriples,
        Strategy::Swordfish,
        Strategy::HiddenTriples,
        Strategy::XyWing,
        Strategy::XyzWing,
        Strategy::NakedQuads,
        Strategy::Jellyfish,
        Strategy::HiddenQuads,
        Strategy::MutantSwordfish,
        Strategy::MutantJellyfish,
    ]
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut rounds = 5;
    let mut min_er = 0.0;
    let mut max_er = 4.4;
    let mut file = None;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> f64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match arg.as_str() {
            "--rounds" => rounds = value("--rounds") as usize,
            "--min-er" => min_er = value("--min-er"),
            "--max-er" => max_er = value("--max-er"),
            _ => file = Some(arg),
        }
    }
    let Some(file) = file else {
        eprintln!("usage: compare_rate [--rounds N] [--min-er X] [--max-er X] FILE");
        return ExitCode::from(2);
    };
    let text = std::fs::read_to_string(&file).expect("readable file");
    let unlimited = Options::default().with_budget(None);
    let in_band = |er: Difficulty| er.value() >= min_er - 1e-9 && er.value() <= max_er + 1e-9;
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .filter_map(|l| Grid::parse_line(&l.as_bytes()[..81]).ok())
        .filter(|g| logic::rate(g, &unlimited).is_ok_and(|r| r.complete && in_band(r.er)))
        .collect();
    if puzzles.is_empty() {
        eprintln!("no puzzle of {file} has an ER in [{min_er}, {max_er}]");
        return ExitCode::from(1);
    }
    let n = puzzles.len();
    println!("{n} puzzles of {file} with ER {min_er} to {max_er}, {rounds} rounds, one thread");

    // Per-puzzle times of our engine, for the median and tail.
    let mut each: Vec<f64> = puzzles
        .iter()
        .map(|g| {
            let start = Instant::now();
            black_box(logic::rate(g, &unlimited).unwrap());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    each.sort_by(f64::total_cmp);
    println!(
        "sudokuflow per puzzle: median {:.3} ms, 90th percentile {:.3} ms, max {:.3} ms",
        each[n / 2],
        each[n * 9 / 10],
        each[n - 1]
    );

    let strategies = peer_strategies();
    let peers: Vec<sudoku::Sudoku> = puzzles
        .iter()
        .map(|g| sudoku::Sudoku::from_bytes(*g.cells()).unwrap())
        .collect();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut peer_solved = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        for g in &puzzles {
            black_box(logic::rate(g, &unlimited).unwrap());
        }
        ours.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        peer_solved = 0;
        for s in &peers {
            let solved = StrategySolver::from_sudoku(*s).solve(&strategies).is_ok();
            peer_solved += usize::from(black_box(solved));
        }
        theirs.push(start.elapsed().as_secs_f64());
    }
    let (ours, theirs) = (median(ours), median(theirs));
    println!(
        "sudokuflow rate:          {:>10.0} puzzles/s ({:.2} µs each)",
        n as f64 / ours,
        ours * 1e6 / n as f64
    );
    println!(
        "sudoku StrategySolver:    {:>10.0} puzzles/s ({:.2} µs each; solved {peer_solved} of {n})",
        n as f64 / theirs,
        theirs * 1e6 / n as f64
    );
    println!("speed-up: {:.2}x", theirs / ours);
    ExitCode::SUCCESS
}
