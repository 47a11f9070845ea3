//! Arguments of the dataset commands, `split` and `leakage`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sudokuflow::dataset::Split;
use sudokuflow::input::Column;

use super::{ANY_COUNT, COLUMN_HELP, InputArg, InputArgs, RunArgs, column_parser};
use crate::cli::number::number;

pub const SPLIT_AFTER_HELP: &str = "\
Each row goes to the part a seeded hash of its class picks, so equivalent
puzzles (one canonical form; with --by grid, equivalent solution grids) always
land in the same part, whatever -j: the same input, --parts and --seed give
the same files. The ratios hold in expectation: --stats prints the counts.

-o data.csv writes data.NAME.csv for each part NAME: the input's rows as read
(a table's every column, its header atop each part; plain lines as they are;
grid blocks as blocks), in input order. Comments and blank lines are left out.
A Parquet or Arrow table's parts are Parquet or Arrow IPC files with its
columns and types (-o data.csv, data.parquet or data.arrow chooses).

Bad rows (bad characters or length, conflicting givens; with --by grid, no or
several solutions) are named on stderr and kept, unchanged, in the part a hash
of their text picks (a Parquet or Arrow row's: its puzzle's); --skip-bad
leaves them out.

Exit status:
  0  every row held a puzzle
  1  some row was bad
  2  usage error (a bad --parts, say), or an input or output could not be
     read or written";

pub const LEAKAGE_AFTER_HELP: &str = "\
Output: a line for each puzzle of B equivalent to a puzzle of A (with --by
grid: whose solution grid is equivalent to one of A's), in B's order:
  B-LINE A-LINE CANONICAL
B's line, the line of the first such puzzle of A (a Parquet or Arrow table's
row, from 1), and the class's canonical form (the solution grid's, with --by
grid); then a last line
  N of M puzzles of B leak ...
Equal canonical forms are compared whole, never by hash alone. A's classes
are held in memory up to 262,144 of them (26 to 50 MB); a larger A is
spilled to temporary files (TMPDIR) with B's classes, 64 bytes a puzzle,
and joined a sixty-fourth at a time, so memory stays flat up to 16.7
million classes (then a sixty-fourth of A's).

Bad rows of A or B (bad characters or length, conflicting givens; with --by
grid, no or several solutions) are named on stderr and counted by --stats;
they leak nothing.

Exit status:
  0  no puzzle of B leaks
  1  some puzzle of B leaks
  2  usage error, or an input or output could not be read or written";

/// What makes two puzzles one class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ByArg {
    /// Equivalent puzzles: one canonical form
    Puzzle,
    /// Puzzles whose solution grids are equivalent (each needs exactly one solution)
    Grid,
}

#[derive(Debug, Args)]
pub struct SplitArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The parts and their shares, adding up to 1: NAME=RATIO,... (names of letters, digits, '_' and '-')
    #[arg(long, value_name = "NAME=RATIO,...", required = true, value_parser = parse_parts)]
    pub parts: Split,

    /// Seed of the split, any whole number
    #[arg(long, value_name = "S", default_value_t = 0, allow_negative_numbers = true,
          value_parser = number::<u64>(ANY_COUNT))]
    pub seed: u64,

    /// What must stay in one part
    #[arg(long, value_enum, default_value_t = ByArg::Puzzle)]
    pub by: ByArg,

    /// Leave bad rows out of every part (they are still reported)
    #[arg(long)]
    pub skip_bad: bool,

    /// Print the rows of each part, bad rows and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    /// Write OUT.NAME.EXT for each part NAME (-o OUT.EXT), each replaced only once the run completes
    #[arg(short, long, value_name = "OUT.EXT", required = true)]
    pub output: PathBuf,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct LeakageArgs {
    /// The puzzles that must not leak (a training set, say)
    #[arg(value_name = "A")]
    pub a: PathBuf,

    /// The puzzles checked against A (a test set, say); '-' for standard input
    #[arg(value_name = "B")]
    pub b: PathBuf,

    /// How both inputs are laid out ('auto': grid when an input starts with a board of 9 rows, even a damaged one)
    #[arg(long = "input", value_name = "LAYOUT", value_enum, default_value_t = InputArg::Auto)]
    pub input_format: InputArg,

    #[arg(long, value_name = "NAME|N", help = COLUMN_HELP, value_parser = column_parser(),
          conflicts_with = "input_format")]
    pub column: Option<Column>,

    /// What counts as a leak
    #[arg(long, value_enum, default_value_t = ByArg::Puzzle)]
    pub by: ByArg,

    /// Print the puzzles, classes, bad rows and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

/// Parses `--parts`: `NAME=RATIO` pairs, comma-separated, with distinct
/// names and positive ratios adding up to 1 (as [`Split::new`] checks them).
fn parse_parts(text: &str) -> Result<Split, String> {
    const FORM: &str = "expected NAME=RATIO,... such as train=0.9,val=0.05,test=0.05";
    let mut parts = Vec::new();
    for item in text.split(',') {
        let Some((name, ratio)) = item.split_once('=') else {
            return Err(format!("'{}' is not NAME=RATIO; {FORM}", item.trim()));
        };
        let name = name.trim();
        let ratio = ratio.trim().parse::<f64>().map_err(|_| {
            format!(
                "part '{name}': '{}' is not a ratio above 0 and at most 1",
                ratio.trim()
            )
        })?;
        parts.push((name.to_string(), ratio));
    }
    Split::new(parts).map_err(|e| {
        if e.starts_with("part name") {
            format!("{e}; {FORM}")
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_parse_or_say_what_is_wrong() {
        let split = parse_parts("train=0.9,val=0.05,test=0.05").unwrap();
        assert_eq!(split.names(), ["train", "val", "test"]);
        assert_eq!(split.ratios()[1], 0.05);
        for (bad, says) in [
            ("train=0.9,test=0.05", "add up to"),
            ("train", "not NAME=RATIO"),
            ("a=0.5,a=0.5", "named twice"),
            ("a b=1", "part name"),
            ("a=x", "not a ratio"),
            ("a=-0.5,b=1.5", "not a ratio"),
            ("a=NaN", "not a ratio"),
        ] {
            let error = parse_parts(bad).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }
}
