//! Command-line definitions (clap derive): the subcommands, their flags and
//! help texts. Argument groups shared by commands that write puzzles live in
//! their own structs so later commands can flatten them in.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokuflow::format::{InputFormat, OutputFormat};

const EXIT_CODES: &str = "\
Exit status:
  0  every puzzle was answered
  1  some puzzle got a marker line (bad input, conflicting givens, no solution)
  2  usage error, or an input or output could not be read or written";

#[derive(Debug, Parser)]
#[command(
    name = "sudokuflow",
    version,
    about = "High-throughput Sudoku batch solver",
    after_help = EXIT_CODES,
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: one answer per puzzle, in input order
    #[command(after_help = SOLVE_AFTER_HELP)]
    Solve(SolveArgs),
}

const SOLVE_AFTER_HELP: &str = "\
Input: one puzzle per line, 81 cells, 1-9 for a given and '.' or '0' for an
empty cell; trailing whitespace and CRLF are fine. Blank lines and lines
starting with '#' are skipped, and a line 'end' ends that input. The grid
format has one row of 9 cells per line, as printed boards (spaces and the
separators | - + are ignored, blank lines between puzzles are optional).

Output: one answer per puzzle, in input order. A puzzle that cannot be
answered gets instead a marker line, '!' and a reason, which is never taken for
a solution:
  !bad-length  !bad-character  !line-too-long  !conflicting-givens  !no-solution
and a message on stderr naming the input and line, e.g.
  sudokuflow: puzzles.txt:12: expected 81 cells, found 80
With --count, a puzzle without solution prints 0 (not a failure).

Exit status:
  0  every puzzle was answered
  1  some puzzle got a marker line
  2  usage error, or an input or output could not be read or written

Examples:
  sudokuflow solve puzzles.txt > solutions.txt
  cat day1.txt day2.txt | sudokuflow solve --stats
  sudokuflow solve --count --limit 1000 puzzles.txt
  sudokuflow solve --format pretty board.txt
  sudokuflow solve -j 4 -o solutions.txt part1.txt part2.txt
  parallel --pipepart -a huge.txt -k --block 1M sudokuflow solve > solutions.txt";

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Input files, read in order; '-' or none for standard input
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,

    /// How the input is laid out ('auto' looks at each input's first puzzle line)
    #[arg(long = "input", value_name = "LAYOUT", value_enum, default_value_t = InputArg::Auto)]
    pub input_format: InputArg,

    /// Print each puzzle's number of solutions instead of a solution (one line
    /// per puzzle, whatever --format)
    #[arg(long)]
    pub count: bool,

    /// With --count, stop counting at N (so the default 2 means "two or more")
    #[arg(long, value_name = "N", default_value_t = 2, requires = "count",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,

    /// Stop at the first bad puzzle, after writing its marker line
    #[arg(long)]
    pub strict: bool,

    /// Print totals and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub run: RunArgs,
}

/// Where and how puzzles are written.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Output layout of a grid
    #[arg(short, long, value_enum, default_value_t = FormatArg::Line)]
    pub format: FormatArg,
}

/// How a batch run behaves.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Worker threads [default: all cores]
    #[arg(short = 'j', long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,

    /// No progress bar and no per-puzzle messages
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum InputArg {
    /// Line format, or grid if the first puzzle line holds 9 cells
    Auto,
    /// One puzzle per line
    Line,
    /// One row per line, nine rows per puzzle
    Grid,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FormatArg {
    /// 81 digits on one line
    Line,
    /// 9 lines of 9 digits, then a blank line
    Grid,
    /// A board with box borders, then a blank line
    Pretty,
}

impl From<InputArg> for InputFormat {
    fn from(arg: InputArg) -> InputFormat {
        match arg {
            InputArg::Auto => InputFormat::Auto,
            InputArg::Line => InputFormat::Line,
            InputArg::Grid => InputFormat::Grid,
        }
    }
}

impl From<FormatArg> for OutputFormat {
    fn from(arg: FormatArg) -> OutputFormat {
        match arg {
            FormatArg::Line => OutputFormat::Line,
            FormatArg::Grid => OutputFormat::Grid,
            FormatArg::Pretty => OutputFormat::Pretty,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definitions_are_consistent() {
        Cli::command().debug_assert();
    }
}
