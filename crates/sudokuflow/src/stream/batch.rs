//! Many puzzles held in memory, answered in parallel on a pool of worker
//! threads, the answers in the puzzles' order: for programs that have their
//! puzzles as values rather than in files (the Python package is one).
//! [`crate::pipeline`] does the same for files and streams, with bounded
//! memory.
//!
//! Every function takes `threads` and returns one answer per puzzle, the same
//! whatever the threads. `None` runs on the current rayon pool: the caller's
//! inside [`rayon::ThreadPool::install`], else rayon's global pool. `Some(n)`
//! runs on a pool of `n` workers built for the call, and `Some(1)` on the
//! calling thread.

use std::convert::Infallible;
use std::fmt;

use rayon::prelude::*;

use crate::generate::{self as generator, GenerateConfig, GenerateError, Generated};
use crate::grid::Grid;
use crate::logic::{self, Explanation, RateError, Rating};
use crate::solver::{self, SolveError};

/// The workers of a call that runs in parallel.
enum Workers {
    /// The current rayon pool.
    Current,
    /// A pool built for this call.
    Own(rayon::ThreadPool),
}

impl Workers {
    fn run<R: Send>(self, work: impl FnOnce() -> R + Send) -> R {
        match self {
            Workers::Current => work(),
            Workers::Own(pool) => pool.install(work),
        }
    }
}

/// The workers for `threads` (see the module's note), or none when this
/// thread will do: one item, one thread asked for, or no pool to be had (the
/// work is still done, here).
fn workers(threads: Option<usize>, items: usize) -> Option<Workers> {
    match threads {
        _ if items <= 1 => None,
        None => Some(Workers::Current),
        Some(n) if n <= 1 => None,
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("sudokuflow-batch-{i}"))
            .build()
            .ok()
            .map(Workers::Own),
    }
}

/// `f` of each item, on the workers for `threads`, in order.
fn map<T: Sync, R: Send>(
    items: &[T],
    threads: Option<usize>,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    match workers(threads, items.len()) {
        Some(workers) => workers.run(|| items.par_iter().with_min_len(64).map(&f).collect()),
        None => items.iter().map(f).collect(),
    }
}

/// Cells in a row of an array of puzzles.
pub(crate) const ROW: usize = 81;

/// Why a row of cells was given no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowError<E> {
    /// The row holds this value, which is no cell (cells are 0 to 9).
    BadCell(u8),
    /// The row is a puzzle; answering it failed.
    Answer(E),
}

impl<E: fmt::Display> fmt::Display for RowError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::BadCell(value) => {
                write!(f, "a cell holds {value}; cells are 0 (empty) to 9")
            }
            RowError::Answer(e) => e.fmt(f),
        }
    }
}

/// `f` of each row of 81 cells, on the workers for `threads`, each answer written
/// over its row and a row of zeros where there is none; the rows without an
/// answer, in order, with why. The workers read and write the rows too, so
/// an array of puzzles (as NumPy holds them) is answered without a pass over
/// it on one thread.
fn map_rows<E: Send>(
    rows: &mut [u8],
    threads: Option<usize>,
    f: impl Fn(usize, &Grid) -> Result<Grid, E> + Sync,
) -> Vec<(usize, RowError<E>)> {
    assert!(
        rows.len().is_multiple_of(ROW),
        "rows of {ROW} cells; got {} cells",
        rows.len()
    );
    let answer = |(index, row): (usize, &mut [u8])| {
        let cells: [u8; ROW] = (&*row).try_into().expect("a row of 81 cells");
        let answer = match Grid::from_cells(cells) {
            Some(grid) => f(index, &grid).map_err(RowError::Answer),
            None => Err(RowError::BadCell(
                cells.into_iter().find(|&v| v > 9).expect("a cell over 9"),
            )),
        };
        match answer {
            Ok(grid) => {
                row.copy_from_slice(grid.cells());
                None
            }
            Err(e) => {
                row.fill(0);
                Some((index, e))
            }
        }
    };
    match workers(threads, rows.len() / ROW) {
        Some(workers) => workers.run(|| {
            rows.par_chunks_mut(ROW)
                .enumerate()
                .with_min_len(64)
                .filter_map(answer)
                .collect()
        }),
        None => rows
            .chunks_mut(ROW)
            .enumerate()
            .filter_map(answer)
            .collect(),
    }
}

/// Each puzzle's first solution ([`solver::solve`]).
pub fn solve(puzzles: &[Grid], threads: Option<usize>) -> Vec<Result<Grid, SolveError>> {
    map(puzzles, threads, |grid| solver::solve(grid).map(|s| s.grid))
}

/// [`solve`] for puzzles held as rows of 81 cells (0 for empty, 1 to 9),
/// one after the other: each row replaced by its puzzle's first solution, or
/// by zeros; the rows so zeroed, in order, with why.
///
/// # Panics
/// When `rows` is not a whole number of rows.
pub fn solve_rows(rows: &mut [u8], threads: Option<usize>) -> Vec<(usize, RowError<SolveError>)> {
    map_rows(rows, threads, |_, grid| solver::solve(grid).map(|s| s.grid))
}

/// Each puzzle's number of solutions, counting up to `limit`
/// ([`solver::count_solutions`]).
pub fn count(puzzles: &[Grid], limit: u32, threads: Option<usize>) -> Vec<Result<u32, SolveError>> {
    map(puzzles, threads, |grid| {
        solver::count_solutions(grid, limit).map(|c| c.solutions)
    })
}

/// Each puzzle's rating ([`logic::rate`]).
pub fn rate(
    puzzles: &[Grid],
    options: &logic::Options,
    threads: Option<usize>,
) -> Vec<Result<Rating, RateError>> {
    map(puzzles, threads, |grid| logic::rate(grid, options))
}

/// Each puzzle's explanation ([`logic::explain`]).
pub fn explain(
    puzzles: &[Grid],
    options: &logic::Options,
    threads: Option<usize>,
) -> Vec<Result<Explanation, RateError>> {
    map(puzzles, threads, |grid| logic::explain(grid, options))
}

/// Each puzzle's minlex canonical form ([`Grid::canonical`]), or
/// [`SolveError::ConflictingGivens`] for a puzzle with a repeated digit.
pub fn canonical(puzzles: &[Grid], threads: Option<usize>) -> Vec<Result<Grid, SolveError>> {
    map(puzzles, threads, canonical_form)
}

fn canonical_form(grid: &Grid) -> Result<Grid, SolveError> {
    if grid.is_consistent() {
        Ok(grid.canonical().0)
    } else {
        Err(SolveError::ConflictingGivens)
    }
}

/// [`canonical`] for rows of cells, as [`solve_rows`] takes them.
///
/// # Panics
/// When `rows` is not a whole number of rows.
pub fn canonical_rows(
    rows: &mut [u8],
    threads: Option<usize>,
) -> Vec<(usize, RowError<SolveError>)> {
    map_rows(rows, threads, |_, grid| canonical_form(grid))
}

/// An equivalent of each puzzle: the `i`-th (from 1) under the transform
/// [`generator::shuffle`] draws from `seed`, `i` and variant 0, as `sudokuflow
/// shuffle --seed` shuffles a file of these puzzles, one per line.
pub fn shuffle(puzzles: &[Grid], seed: u64, threads: Option<usize>) -> Vec<Grid> {
    let numbered: Vec<(u64, Grid)> = (1..).zip(puzzles.iter().copied()).collect();
    shuffle_numbered(&numbered, seed, threads)
}

/// [`shuffle`] for puzzles numbered by the caller (1-based, as lines are):
/// a list with unreadable rows then shuffles its puzzles as the file of the
/// same rows does, the bad rows counted.
pub fn shuffle_numbered(puzzles: &[(u64, Grid)], seed: u64, threads: Option<usize>) -> Vec<Grid> {
    map(puzzles, threads, |&(number, grid)| {
        generator::shuffle(&grid, seed, number, 0)
    })
}

/// [`shuffle`] for rows of cells, as [`solve_rows`] takes them.
///
/// # Panics
/// When `rows` is not a whole number of rows.
pub fn shuffle_rows(
    rows: &mut [u8],
    seed: u64,
    threads: Option<usize>,
) -> Vec<(usize, RowError<Infallible>)> {
    map_rows(rows, threads, |index, grid| {
        Ok(generator::shuffle(grid, seed, index as u64 + 1, 0))
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
    threads: Option<usize>,
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
        let made = generate(&config, 5, 300, Some(2)).unwrap();
        assert_eq!(generate(&config, 5, 300, Some(1)).unwrap(), made);
        let puzzles: Vec<Grid> = made.iter().map(|g| g.puzzle).collect();
        let mut bad = puzzles.clone();
        bad[7] = format!("11{}", ".".repeat(79)).parse().unwrap();
        for threads in [1, 2, 3] {
            let solved = solve(&bad, Some(threads));
            assert_eq!(solved[7], Err(SolveError::ConflictingGivens));
            for (i, answer) in solved.iter().enumerate().filter(|&(i, _)| i != 7) {
                assert_eq!(answer.as_ref().ok(), Some(&made[i].solution));
            }
            assert!(
                count(&puzzles, 2, Some(threads))
                    .iter()
                    .all(|c| c == &Ok(1))
            );
            assert_eq!(
                shuffle(&puzzles, 9, Some(threads)),
                shuffle(&puzzles, 9, Some(1))
            );
            assert_eq!(
                canonical(&bad, Some(threads))[7],
                Err(SolveError::ConflictingGivens)
            );
        }
    }

    #[test]
    fn rows_of_cells_are_answered_as_grids_are() {
        let made = generate(&GenerateConfig::default(), 11, 200, Some(1)).unwrap();
        let mut puzzles: Vec<Grid> = made.iter().map(|g| g.puzzle).collect();
        puzzles[3] = format!("11{}", ".".repeat(79)).parse().unwrap();
        let mut cells: Vec<u8> = puzzles.iter().flat_map(|g| *g.cells()).collect();
        cells[150 * ROW + 40] = 12;
        let rows = |answers: &[u8]| -> Vec<[u8; ROW]> {
            answers.chunks(ROW).map(|r| r.try_into().unwrap()).collect()
        };
        let grids_or_zeros = |answers: Vec<Result<Grid, SolveError>>| -> Vec<[u8; ROW]> {
            let mut out: Vec<[u8; ROW]> = answers
                .into_iter()
                .map(|a| a.map_or([0; ROW], |g| *g.cells()))
                .collect();
            out[150] = [0; ROW];
            out
        };
        for threads in [1, 2, 3] {
            let mut solved = cells.clone();
            let failed = solve_rows(&mut solved, Some(threads));
            assert_eq!(
                failed,
                [
                    (3, RowError::Answer(SolveError::ConflictingGivens)),
                    (150, RowError::BadCell(12))
                ]
            );
            assert_eq!(
                failed[1].1.to_string(),
                "a cell holds 12; cells are 0 (empty) to 9"
            );
            assert_eq!(
                rows(&solved),
                grids_or_zeros(solve(&puzzles, Some(threads)))
            );

            let mut canon = cells.clone();
            assert_eq!(canonical_rows(&mut canon, Some(threads)).len(), 2);
            assert_eq!(
                rows(&canon),
                grids_or_zeros(canonical(&puzzles, Some(threads)))
            );

            let mut shuffled = cells.clone();
            assert_eq!(
                shuffle_rows(&mut shuffled, 9, Some(threads)),
                [(150, RowError::BadCell(12))]
            );
            let by_grid = shuffle(&puzzles, 9, Some(threads))
                .into_iter()
                .map(Ok)
                .collect();
            assert_eq!(rows(&shuffled), grids_or_zeros(by_grid));
        }
    }

    #[test]
    fn without_threads_the_work_runs_on_the_callers_pool() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .thread_name(|i| format!("caller-{i}"))
            .build()
            .unwrap();
        let items: Vec<u32> = (0..1000).collect();
        let names = pool.install(|| {
            map(&items, None, |_| {
                std::thread::current().name().map(str::to_owned)
            })
        });
        assert!(
            names
                .iter()
                .all(|name| name.as_deref().is_some_and(|n| n.starts_with("caller-")))
        );
        let answers = pool.install(|| count(&[Grid::EMPTY; 100], 2, None));
        assert!(answers.iter().all(|answer| answer == &Ok(2)));
    }
}
