//! sudokuflow: a high-throughput Sudoku engine.
//!
//! The library holds the engine behind the `sudokuflow` program: the [`Grid`]
//! type and its text formats, the [`solver`], and the batch [`pipeline`]
//! that reads, solves and writes puzzles by the million.

pub mod format;
pub mod generate;
pub mod grid;
pub mod input;
pub mod pipeline;
pub mod rng;
pub mod solver;
pub mod transform;

pub use grid::{Grid, ParseError};
pub use solver::{Count, Solution, SolveError, count_solutions, solve};
