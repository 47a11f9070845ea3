//! Writes an easy puzzle set: random solved grids made by sudokuflow's solver,
//! each with 36 to 45 cells revealed at random positions, one puzzle per line.
//! The same arguments give the same bytes on every run.
//!
//! Usage: `make_easy [PATH] [--count N] [--seed S]`; the default path is
//! `target/easy_1m.txt`, the default count 1,000,000.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use sudokuflow::{Grid, solve};
use sudokuflow_compare::{SetOptions, revealed_cells};

/// SplitMix64 (Steele, Lea and Flood): small, fast and good enough to pick
/// cells and digits.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (the slight bias of the modulo is irrelevant here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A solved grid: a dozen random digits dropped on the empty grid where they
/// fit, completed by the solver; tried again if they admit no completion.
fn solved_grid(rng: &mut SplitMix64) -> Grid {
    loop {
        let mut g = Grid::EMPTY;
        for _ in 0..12 {
            let (cell, digit) = (rng.below(81), rng.below(9) as u8 + 1);
            let before = g.get(cell);
            g.set(cell, digit);
            if !g.is_consistent() {
                g.set(cell, before);
            }
        }
        if let Ok(s) = solve(&g) {
            return s.grid;
        }
    }
}

fn run() -> Result<(), String> {
    let options = SetOptions::parse(std::env::args().skip(1), 1_000_000, 0x005e_ed0f_ea5e)?;
    // The last path given is the one written.
    let path = options
        .paths
        .last()
        .map_or("target/easy_1m.txt", String::as_str);
    let count = options.count;
    let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut rng = SplitMix64(options.seed);
    let mut line = Vec::with_capacity(82);
    for _ in 0..count {
        let solved = solved_grid(&mut rng);
        let revealed = 36 + rng.below(10);
        let puzzle = revealed_cells(&solved, revealed, |n| rng.below(n));
        line.clear();
        puzzle.write_line(&mut line);
        line.push(b'\n');
        out.write_all(&line).map_err(|e| format!("{path}: {e}"))?;
    }
    out.flush().map_err(|e| format!("{path}: {e}"))
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_easy: {e}");
            ExitCode::FAILURE
        }
    }
}
