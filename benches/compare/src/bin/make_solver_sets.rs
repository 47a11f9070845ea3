//! Writes the two puzzle classes a generator and a uniqueness checker spend
//! their time on, made from the 17-clue puzzles:
//!
//! - `several_24.txt`: 24 cells of a 17-clue puzzle's solution, chosen at
//!   random; almost all have several solutions;
//! - `no_solution_17p4.txt`: a 17-clue puzzle with 4 random digits added
//!   where they break no rule among the givens; almost all have no solution.
//!
//! The same arguments give the same bytes on every run.
//!
//! Usage: `make_solver_sets 17_CLUE_FILE OUT_DIR [--count N] [--seed S]`;
//! 200,000 puzzles a set by default.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use sudokuflow::rng::Rng;
use sudokuflow::{Grid, solve};
use sudokuflow_compare::{SetOptions, revealed_cells};

/// `count` lines made by `make` from puzzles of `sources` drawn at random.
fn write_set(
    path: &Path,
    sources: &[Grid],
    count: usize,
    rng: &mut Rng,
    mut make: impl FnMut(&Grid, &mut Rng) -> Grid,
) -> Result<(), String> {
    let name = path.display();
    let file = std::fs::File::create(path).map_err(|e| format!("{name}: {e}"))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut line = Vec::with_capacity(82);
    for _ in 0..count {
        let source = &sources[rng.below(sources.len() as u32) as usize];
        line.clear();
        make(source, rng).write_line(&mut line);
        line.push(b'\n');
        out.write_all(&line).map_err(|e| format!("{name}: {e}"))?;
    }
    out.flush().map_err(|e| format!("{name}: {e}"))
}

/// `puzzle` with `added` digits placed in empty cells where they break no
/// rule among the digits already there.
fn with_digits_added(puzzle: &Grid, added: usize, rng: &mut Rng) -> Grid {
    let mut grid = *puzzle;
    let mut placed = 0;
    while placed < added {
        let cell = rng.below(81) as usize;
        let digit = rng.below(9) as u8 + 1;
        if grid.get(cell) != 0 {
            continue;
        }
        grid.set(cell, digit);
        if grid.is_consistent() {
            placed += 1;
        } else {
            grid.set(cell, 0);
        }
    }
    grid
}

fn run() -> Result<(), String> {
    let options = SetOptions::parse(std::env::args().skip(1), 200_000, 0x0035_5e75)?;
    let (count, seed) = (options.count, options.seed);
    let [clues, out_dir] = options.paths.as_slice() else {
        return Err("usage: make_solver_sets 17_CLUE_FILE OUT_DIR [--count N] [--seed S]".into());
    };
    let text = std::fs::read_to_string(clues).map_err(|e| format!("{clues}: {e}"))?;
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| Grid::parse_line(line.as_bytes()).map_err(|e| format!("{clues}: {e}")))
        .collect::<Result<_, _>>()?;
    if puzzles.is_empty() {
        return Err(format!("{clues}: no puzzle"));
    }
    let solutions: Vec<Grid> = puzzles
        .iter()
        .map(|p| {
            solve(p)
                .map(|s| s.grid)
                .map_err(|e| format!("{clues}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let out_dir = Path::new(out_dir);
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    // Each set has its own stream, so one's count leaves the other's bytes.
    write_set(
        &out_dir.join("several_24.txt"),
        &solutions,
        count,
        &mut Rng::for_stream(seed, &[1]),
        |solved, rng| revealed_cells(solved, 24, |n| rng.below(n as u32) as usize),
    )?;
    write_set(
        &out_dir.join("no_solution_17p4.txt"),
        &puzzles,
        count,
        &mut Rng::for_stream(seed, &[2]),
        |puzzle, rng| with_digits_added(puzzle, 4, rng),
    )
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_solver_sets: {e}");
            ExitCode::FAILURE
        }
    }
}
