//! Command-line definitions (clap derive): the subcommands, their flags and
//! help texts. Argument groups shared by commands that write puzzles live in
//! their own structs so later commands can flatten them in.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokuflow::format::{InputFormat, OutputFormat};
use sudokuflow::generate::Symmetry;

const EXIT_CODES: &str = "\
Exit status:
  0  every puzzle was answered (or generated)
  1  some puzzle got a marker line (bad input, conflicting givens, no solution),
     or generate gave up on a --clues target
  2  usage error, or an input or output could not be read or written

Examples:
  sudokuflow solve puzzles.txt > solutions.txt
  sudokuflow solve --count puzzles.txt
  sudokuflow generate -n 1000 --seed 42 --symmetry rotate180
  sudokuflow shuffle -n 5 puzzles.txt

'sudokuflow <command> --help' explains each command and its options.";

#[derive(Debug, Parser)]
#[command(
    name = "sudokuflow",
    version,
    about = "High-throughput Sudoku batch solver, generator and toolkit",
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
    /// Generate puzzles with exactly one solution, reproducibly from a seed
    #[command(after_help = GENERATE_AFTER_HELP)]
    Generate(GenerateArgs),
    /// Print shuffled equivalents of puzzles (same clue and solution counts)
    #[command(after_help = SHUFFLE_AFTER_HELP)]
    Shuffle(ShuffleArgs),
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

const GENERATE_AFTER_HELP: &str = "\
Output: one puzzle per line, '.' for an empty cell, in order; with --format
grid or pretty, one board per puzzle, each followed by a blank line. Every
puzzle has exactly one solution. Without --clues it is minimal: removing any
clue (or, with a symmetry, any group of clues) would allow a second solution.

--solution adds each puzzle's solution: 'puzzle,solution' on one line, or with
--format grid or pretty the solution's board right after the puzzle's (two
boards per puzzle).

Reproducible: puzzle i of a run depends only on the seed, i and the options
(not on -j), so the same command with the same --seed prints the same bytes.
Without --seed a random one is used; --stats prints it ('seed: ...').

Symmetries of the clue pattern (a cell holds a clue exactly when its images
do): rotate180 and rotate90 (rotations about the centre), mirror (left-right),
flip (top-bottom), diagonal (main diagonal), random (one of the others per
puzzle), none.

--clues K stops removing clues at exactly K. Unreachable targets (under 17,
over 81, or with rotate90 not a multiple of 4 or one more) are refused at once.
Low targets (about 20 and under) are rare: after 10000 grids for one puzzle
generate gives up, with the puzzles before it written to stdout (an -o file is
left untouched), and exits with status 1.

Exit status:
  0  every puzzle was generated
  1  gave up on a --clues target
  2  usage error (including an unreachable --clues), or the output could not be
     written

Examples:
  sudokuflow generate -n 1000 --seed 42 > puzzles.txt
  sudokuflow generate -n 100000 --symmetry rotate180 -o puzzles.txt
  sudokuflow generate -n 10 --clues 30 --solution
  sudokuflow generate --format pretty
  sudokuflow generate -n 1000 --stats | sudokuflow solve --count";

const SHUFFLE_AFTER_HELP: &str = "\
Input: as for solve, one puzzle per line or as grid blocks, from files or
standard input.

Output: for each puzzle, N puzzles (-n) equivalent to it, each under a random
combination of the transformations that keep a Sudoku valid: relabelling the
digits, permuting the rows within a band, the bands, the columns within a
stack and the stacks, and transposing. A variant has the same number of clues
and of solutions as its puzzle. Puzzles are not solved, only transformed.

Variant v of the puzzle at line L of an input depends only on the seed, L, v
and the input's position in the list, so the same command with the same --seed
prints the same bytes whatever -j (and a file shuffles as it does on standard
input). Without --seed a random one is used; --stats prints it ('seed: ...').

An unreadable puzzle gets N marker lines in place of its variants, so the
output always has N entries per puzzle:
  !bad-length  !bad-character  !line-too-long
and a message on stderr naming the input and line, as with solve.

Exit status:
  0  every puzzle was shuffled
  1  some puzzle got marker lines
  2  usage error, or an input or output could not be read or written

Examples:
  sudokuflow shuffle puzzles.txt > disguised.txt
  sudokuflow shuffle -n 10 --seed 7 puzzles.txt
  sudokuflow generate -n 100 | sudokuflow shuffle -n 5 --format pretty";

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to generate
    #[arg(short = 'n', long = "puzzles", value_name = "N", default_value_t = 1)]
    pub puzzles: u64,

    /// Seed of the run (random if absent; --stats prints it)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Symmetry of the clue pattern
    #[arg(long, value_name = "SYMMETRY", default_value = "none", ignore_case = true,
          value_parser = symmetry_parser())]
    pub symmetry: Symmetry,

    /// Exactly K clues instead of a minimal puzzle
    #[arg(long, value_name = "K")]
    pub clues: Option<u8>,

    /// Print each puzzle's solution with it ('puzzle,solution' in the line format)
    #[arg(long)]
    pub solution: bool,

    /// Print the seed, totals, average clues and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct ShuffleArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Equivalent puzzles to print per input puzzle
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub variants: u32,

    /// Seed of the run (random if absent; --stats prints it)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Print the seed, totals and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub run: RunArgs,
}

/// Parses a symmetry name of [`Symmetry::NAMES`], listing them in help and errors.
fn symmetry_parser() -> impl TypedValueParser<Value = Symmetry> {
    PossibleValuesParser::new(Symmetry::NAMES)
        .map(|name| name.parse::<Symmetry>().expect("the names parse"))
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

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

/// Where puzzles are read from and how they are laid out.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Input files, read in order; '-' or none for standard input
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,

    /// How the input is laid out ('auto' looks at each input's first puzzle line)
    #[arg(long = "input", value_name = "LAYOUT", value_enum, default_value_t = InputArg::Auto)]
    pub input_format: InputArg,
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
    /// 81 cells on one line
    Line,
    /// 9 lines of 9 cells, then a blank line
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

    #[test]
    fn every_symmetry_name_is_accepted() {
        for symmetry in Symmetry::ALL {
            let name = symmetry.to_string().to_uppercase();
            let cli = Cli::try_parse_from(["sudokuflow", "generate", "--symmetry", &name]).unwrap();
            let Command::Generate(args) = cli.command else {
                panic!("not generate");
            };
            assert_eq!(args.symmetry, symmetry);
        }
    }
}
