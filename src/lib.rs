//! sudokuflow: a high-throughput Sudoku engine.
//!
//! The library holds the engine behind the `sudokuflow` program: the [`Grid`]
//! type and its text formats, and the [`solver`].

pub mod grid;
pub mod solver;

pub use grid::{Grid, ParseError};
pub use solver::{Count, Solution, SolveError, count_solutions, solve};
