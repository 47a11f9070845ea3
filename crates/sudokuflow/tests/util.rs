//! What the tests share: the test-support crate, and its fixtures read as
//! the library's grids.

pub use sudokuflow_test::*;

use sudokuflow::Grid;

/// The puzzles of reference set `name` in `$SUDOKUFLOW_DATA`, or `None`
/// after a skip when the variable is unset.
pub fn reference_puzzles(name: &str) -> Option<Vec<Grid>> {
    sudokuflow_test::reference_puzzles(name, Grid::parse_line)
}
