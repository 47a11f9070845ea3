//! Many puzzles held in memory, answered in parallel on a pool of worker
//! threads, the answers in the puzzles' order: for programs that have their
//! puzzles as values rather than in files (the Python package is one).
//! [`crate::pipeline`] does the same for files and streams, with bounded
//! memory.
//!
//! Every function takes the worker count (at least 1) and returns one answer
//! per puzzle, the same whatever the count.

use rayon::prelude::*;

use crate::generate::{self as generator, GenerateConfig, GenerateError, Generated};
use crate::grid::Grid;
use crate::logic::{self, Explanation, RateError, Rating};
use crate::solver::{self, SolveError};

/// `f` of each item, on `threads` workers, in order.
fn map<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if threads <= 1 || items.len() <= 1 {
        return items.iter().map(f).collect();
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("sudokuflow-batch-{i}"))
        .build()
    {
        Ok(pool) => pool.install(|| items.par_iter().with_min_len(64).map(&f).collect()),
        // No threads to be had: the work is still done, on this one.
        Err(_) => items.iter().map(f).collect(),
    }
}

/// Each puzzle's first solution ([`solver::solve`]).
pub fn solve(puzzles: &[Grid], threads: usize) -> Vec<Result<Grid, SolveError>> {
    map(puzzles, threads, |grid| solver::solve(grid).map(|s| s.grid))
}

/// Each puzzle's number of solutions, counting up to `limit`
/// ([`solver::count_solutions`]).
pub fn count(puzzles: &[Grid], limit: u32, threads: usize) -> Vec<Result<u32, SolveError>> {
    map(puzzles, threads, |grid| {
        solver::count_solutions(grid, limit).map(|c| c.solutions)
    })
}

/// Each puzzle's rating ([`logic::rate_with`]).
pub fn rate(
    puzzles: &[Grid],
    options: &logic::Options,
    threads: usize,
) -> Vec<Result<Rating, RateError>> {
    map(puzzles, threads, |grid| logic::rate_with(grid, options))
}

/// Each puzzle's explanation ([`logic::explain_with`]).
pub fn explain(
    puzzles: &[Grid],
    options: &logic::Options,
    threads: usize,
) -> Vec<Result<Explanation, RateError>> {
    map(puzzles, threads, |grid| logic::explain_with(grid, options))
}

/// Each puzzle's minlex canonical form ([`Grid::canonical`]), or
/// [`SolveError::ConflictingGivens`] for a puzzle with a repeated digit.
pub fn canonical(puzzles: &[Grid], threads: usize) -> Vec<Result<Grid, SolveError>> {
    map(puzzles, threads, |grid| {
        if grid.is_consistent() {
            Ok(grid.canonical().0)
        } else {
            Err(SolveError::ConflictingGivens)
        }
    })
}

/// An equivalent of each puzzle: the `i`-th (from 1) under the transform
/// [`generator::shuffle`] draws from `seed`, `i` and variant 0, as `sudokuflow
/// shuffle --seed` shuffles a file of these puzzles, one per line.
pub fn shuffle(puzzles: &[Grid], seed: u64, threads: usize) -> Vec<Grid> {
    let indexed: Vec<(u64, &Grid)> = (1..).zip(puzzles).collect();
    map(&indexed, threads, |&(i, grid)| {
        generator::shuffle(grid, seed, i, 0)
    })
}

/// Puzzles `0..count` of `seed` ([`generator::generate`]), as `sudokuflow
/// generate --seed` makes them.
///
/// # Errors
/// The first puzzle whose target was not met, by number from 0.
pub fn generate(
    config: &GenerateConfig,
    seed: u64,
    count: u64,
    threads: usize,
) -> Result<Vec<Generated>, (u64, GenerateError)> {
    config.validate().map_err(|e| (0, e))?;
    let indices: Vec<u64> = (0..count).collect();
    map(&indices, threads, |&i| {
        generator::generate(config, seed, i).map_err(|e| (i, e))
    })
    .into_iter()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_keep_the_order_whatever_the_threads() {
        let config = GenerateConfig::default();
        let made = generate(&config, 5, 300, 2).unwrap();
        assert_eq!(generate(&config, 5, 300, 1).unwrap(), made);
        let puzzles: Vec<Grid> = made.iter().map(|g| g.puzzle).collect();
        let mut bad = puzzles.clone();
        bad[7] = format!("11{}", ".".repeat(79)).parse().unwrap();
        for threads in [1, 2, 3] {
            let solved = solve(&bad, threads);
            assert_eq!(solved[7], Err(SolveError::ConflictingGivens));
            for (i, answer) in solved.iter().enumerate().filter(|&(i, _)| i != 7) {
                assert_eq!(answer.as_ref().ok(), Some(&made[i].solution));
            }
            assert!(count(&puzzles, 2, threads).iter().all(|c| c == &Ok(1)));
            assert_eq!(shuffle(&puzzles, 9, threads), shuffle(&puzzles, 9, 1));
            assert_eq!(
                canonical(&bad, threads)[7],
                Err(SolveError::ConflictingGivens)
            );
        }
    }
}
