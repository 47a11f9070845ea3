//! The engine: pure Sudoku logic with no I/O. Grids, the solver, the
//! generator and the validity-preserving transforms.

pub mod canon;
pub mod generate;
pub(crate) mod geometry;
pub mod grid;
pub mod logic;
pub mod rng;
pub mod solver;
pub mod transform;
