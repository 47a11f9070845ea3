//! Writes an easy puzzle set: random solved grids made by sudokuflow's solver,
//! each with 36 to 45 cells revealed at random positions, one puzzle per line.
//! The same arguments give the same bytes on every run.
//!
//! Usage: `make_easy [PATH] [--count N] [--seed S]`; the default path is
//! `target/easy_1m.txt`, the default count 1,000,000.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use sudokuflow::{Grid, solve};

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
    let mut path = String::from("target/easy_1m.txt");
    let mut count = 1_000_000usize;
    let mut seed = 0x005e_ed0f_ea5e_u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next()
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or(format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--count" => count = number("--count")? as usize,
            "--seed" => seed = number("--seed")?,
            _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
            _ => path = arg,
        }
    }
    let file = std::fs::File::create(&path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut rng = SplitMix64(seed);
    let mut line = Vec::with_capacity(82);
    for _ in 0..count {
        let solved = solved_grid(&mut rng);
        // The first `revealed` cells of a random permutation stay.
        let revealed = 36 + rng.below(10);
        let mut order: [usize; 81] = std::array::from_fn(|i| i);
        for i in 0..revealed {
            order.swap(i, i + rng.below(81 - i));
        }
        let mut puzzle = Grid::EMPTY;
        for &cell in &order[..revealed] {
            puzzle.set(cell, solved.get(cell));
        }
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
