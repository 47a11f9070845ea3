#![warn(missing_docs)]
// Without `streaming` the pipeline's public items are the library's own
// plumbing, some of them used only by the program.
#![cfg_attr(not(feature = "streaming"), allow(dead_code, unused_imports))]
//! sudokuflow: a high-throughput Sudoku engine.
//!
//! The library holds the engine behind the `sudokuflow` program: the [`Grid`]
//! type and its text formats, the [`solver`], the [`generate`]or, ratings
//! and steps ([`logic`], written out by [`render`]), [`canon`]ical forms and
//! [`transform`]s, and [`batch`] for puzzles held in memory.
//!
//! The default feature `streaming` makes public the pipeline the program is
//! built on, which reads, answers and writes files of puzzles by the million
//! in bounded memory (`pipeline`, `input`, `answer`); with
//! `default-features = false` it stays internal.

mod engine;
pub mod render;
mod stream;

pub use engine::{canon, generate, grid, logic, rng, solver, transform};
pub use stream::{batch, format};

// The program's streaming plumbing: public for the `sudokuflow` binary (and
// the tests and fuzz targets), which are built on it, with the default
// feature `streaming`; a library user who wants only the engine and `batch`
// turns it off, and then it is internal.
#[cfg(feature = "streaming")]
pub use stream::{answer, dataset, input, pipeline, puzzles};
#[cfg(not(feature = "streaming"))]
pub(crate) use stream::{answer, dataset, input, pipeline, puzzles};

pub use grid::{Grid, ParseError};
pub use solver::{Count, Solution, SolveError, count_solutions, solve};
