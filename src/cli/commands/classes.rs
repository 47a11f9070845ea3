//! What `split` and `leakage` share: the pipeline's mode for a puzzle's
//! class (its canonical form, or its solution grid's with `--by grid`).

use sudokuflow::pipeline::Mode;

use crate::cli::args::ByArg;

/// The pipeline's mode for a class: the canonical form of the puzzle or of
/// its solution grid.
pub fn mode(by: ByArg) -> Mode {
    match by {
        ByArg::Puzzle => Mode::Canon { zeros: false },
        ByArg::Grid => Mode::SolutionCanon,
    }
}
