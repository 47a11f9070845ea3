#![warn(missing_docs)]
//! sudokuflow: a high-throughput Sudoku engine.
//!
//! The library holds the engine behind the `sudokuflow` program: the [`Grid`]
//! type and its text formats, the [`solver`], and the batch [`pipeline`]
//! that reads, solves and writes puzzles by the million.

mod engine;
pub mod explain;
mod stream;
#[cfg(test)]
mod testing;

pub use engine::{canon, generate, grid, logic, rng, solver, transform};
pub use stream::{answer, batch, format, input, pipeline, puzzles, rating_format};

pub use grid::{Grid, ParseError};
pub use solver::{Count, Solution, SolveError, count_solutions, solve};
