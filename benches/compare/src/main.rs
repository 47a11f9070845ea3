//! Side-by-side solver timing: sudokuflow against the `sudoku` crate, in one
//! process, on the same puzzles, first solution and counting up to 2.
//!
//! Usage: `sudokuflow-compare [--rounds N] [FILE...]`. Without files it reads
//! `17_clue.txt` and `forum_hardest_11plus.txt` from `$SUDOKUFLOW_DATA`.
//! Puzzles are parsed before timing; each round times every puzzle of a set
//! with each solver in turn, and the table shows the median round.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use sudokuflow::{Grid, count_solutions, solve};

struct Set {
    name: String,
    ours: Vec<Grid>,
    theirs: Vec<sudoku::Sudoku>,
}

fn load(path: &PathBuf) -> Result<Set, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for (n, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.is_empty() || line[0] == b'#' {
            continue;
        }
        let grid =
            Grid::parse_line(line).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        let peer = sudoku::Sudoku::from_bytes(*grid.cells())
            .map_err(|_| format!("{}:{}: rejected by sudoku crate", path.display(), n + 1))?;
        ours.push(grid);
        theirs.push(peer);
    }
    if ours.is_empty() {
        return Err(format!("{}: no puzzles", path.display()));
    }
    let name = path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into(),
    );
    Ok(Set { name, ours, theirs })
}

/// Microseconds per puzzle of one pass of `run` over `n` puzzles.
fn time_us(n: usize, run: impl FnOnce() -> u64) -> (f64, u64) {
    let start = Instant::now();
    let check = run();
    (start.elapsed().as_secs_f64() * 1e6 / n as f64, check)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

struct Row {
    ours: f64,
    theirs: f64,
    guesses: f64,
}

/// Times both solvers on `set`, first solution (`count == false`) or counting
/// up to 2, and checks that they agree.
fn measure(set: &Set, count: bool, rounds: usize) -> Result<Row, String> {
    let n = set.ours.len();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut guesses = 0;
    for _ in 0..rounds {
        let (t, check) = time_us(n, || {
            let mut check = 0u64;
            guesses = 0;
            for p in &set.ours {
                if count {
                    if let Ok(c) = count_solutions(black_box(p), 2) {
                        check += u64::from(c.solutions);
                        guesses += c.guesses;
                    }
                } else if let Ok(s) = solve(black_box(p)) {
                    check += u64::from(s.grid.get(80));
                    guesses += s.guesses;
                }
            }
            check
        });
        ours.push(t);
        let (u, peer_check) = time_us(n, || {
            let mut check = 0u64;
            for p in &set.theirs {
                if count {
                    check += black_box(*p).solutions_count_up_to(2) as u64;
                } else if let Some(s) = black_box(*p).some_solution() {
                    check += u64::from(s.to_bytes()[80]);
                }
            }
            check
        });
        theirs.push(u);
        // Last cells differ between solvers only for puzzles with several
        // solutions, so only counts must agree exactly.
        if count && check != peer_check {
            return Err(format!(
                "{}: solution counts disagree ({check} against {peer_check})",
                set.name
            ));
        }
    }
    Ok(Row {
        ours: median(ours),
        theirs: median(theirs),
        guesses: guesses as f64 / n as f64,
    })
}

fn check_solutions(set: &Set) -> Result<(), String> {
    for (i, p) in set.ours.iter().enumerate() {
        let ours = solve(p).ok();
        let theirs = set.theirs[i].some_solution();
        if let Some(s) = ours
            && !s.grid.is_solution_of(p)
        {
            return Err(format!("{}: puzzle {}: bad solution", set.name, i + 1));
        }
        if ours.is_some() != theirs.is_some() {
            return Err(format!(
                "{}: puzzle {}: solvers disagree on solvability",
                set.name,
                i + 1
            ));
        }
    }
    Ok(())
}

fn run() -> Result<(), String> {
    let mut rounds = 5;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .filter(|&r| r > 0)
                    .ok_or("--rounds needs a positive number")?;
            }
            "-h" | "--help" => {
                println!("usage: sudokuflow-compare [--rounds N] [FILE...]");
                println!("default files: $SUDOKUFLOW_DATA/{{17_clue,forum_hardest_11plus}}.txt");
                return Ok(());
            }
            _ => files.push(PathBuf::from(arg)),
        }
    }
    if files.is_empty() {
        let data = std::env::var_os("SUDOKUFLOW_DATA")
            .ok_or("no puzzle files given and SUDOKUFLOW_DATA is not set")?;
        let data = PathBuf::from(data);
        files.push(data.join("17_clue.txt"));
        files.push(data.join("forum_hardest_11plus.txt"));
    }
    println!(
        "{:<24} {:>9} {:<8} {:>11} {:>11} {:>7} {:>8}",
        "set", "puzzles", "mode", "ours µs", "sudoku µs", "ratio", "guesses"
    );
    for file in &files {
        let set = load(file)?;
        check_solutions(&set)?;
        for (mode, count) in [("solve", false), ("count2", true)] {
            let row = measure(&set, count, rounds)?;
            println!(
                "{:<24} {:>9} {:<8} {:>11.3} {:>11.3} {:>7.3} {:>8.2}",
                set.name,
                set.ours.len(),
                mode,
                row.ours,
                row.theirs,
                row.ours / row.theirs,
                row.guesses
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudokuflow-compare: {e}");
            ExitCode::FAILURE
        }
    }
}
