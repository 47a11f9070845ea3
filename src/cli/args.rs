//! Command-line definitions (clap derive): the subcommands, their flags and
//! help texts. Argument groups shared by commands that write puzzles live in
//! their own structs so later commands can flatten them in.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use crate::cli::examples;
use crate::cli::number::{Accepts, number};
use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokuflow::dataset::{Blank, Label, Labels};
use sudokuflow::format::{InputFormat, OutputFormat};
use sudokuflow::generate::Symmetry;
use sudokuflow::input::Column;
use sudokuflow::logic::{self, Level};

use crate::print::levels::LevelNames;

mod dataset;
use crate::print::paper::Paper;
use crate::print::strings::Lang;
pub use dataset::{ByArg, LeakageArgs, SplitArgs};

/// The levels and their ER bands, for help texts (a macro so that
/// `concat!` can put it in several of them).
macro_rules! levels_help {
    () => {
        "Levels (bands of ER, one per family of techniques):
  easy    up to 1.5   full houses and hidden singles
  medium  1.6 - 2.4   naked singles; pointing, claiming or a hidden pair that
                      leaves a hidden single at once (direct techniques)
  hard    2.5 - 4.4   pointing and claiming, naked and hidden pairs and
                      triplets, X-Wing, Swordfish, XY-Wing, XYZ-Wing
  expert  4.5 - 6.4   unique rectangles and loops, quads, Jellyfish, BUG,
                      aligned pair exclusion
  hell    6.5 and up  chains: X-chains, forcing chains, Nishio, cell and region
                      forcing chains, dynamic forcing chains"
    };
}

const EXIT_CODES: &str = "\
Exit status:
  0  every puzzle was answered (or generated)
  1  some puzzle got a marker line (bad input, conflicting givens, no solution),
     or generate gave up on a --clues or --level target
  2  usage error, or an input or output could not be read or written
  129, 130, 143  stopped by SIGHUP, SIGINT (Ctrl-C) or SIGTERM

'sudokuflow <command> --help' explains each command and its options.";

#[derive(Debug, Parser)]
#[command(
    name = "sudokuflow",
    version,
    about = "High-throughput Sudoku batch solver, generator and toolkit",
    after_help = EXIT_CODES,
    help_template = examples::help_template(examples::TOP),
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: one answer per puzzle, in input order
    #[command(after_long_help = SOLVE_AFTER_HELP, help_template = examples::help_template(examples::SOLVE))]
    Solve(SolveArgs),
    /// Generate puzzles with exactly one solution, reproducibly from a seed
    #[command(after_long_help = GENERATE_AFTER_HELP, help_template = examples::help_template(examples::GENERATE))]
    Generate(GenerateArgs),
    /// Print shuffled equivalents of puzzles (same clue and solution counts)
    #[command(after_long_help = SHUFFLE_AFTER_HELP, help_template = examples::help_template(examples::SHUFFLE))]
    Shuffle(ShuffleArgs),
    /// Rate puzzles on the Sudoku Explainer scale (ER/EP/ED) and name their level
    #[command(after_long_help = RATE_AFTER_HELP, help_template = examples::help_template(examples::RATE))]
    Rate(RateArgs),
    /// Explain how a person solves puzzles, step by step
    #[command(after_long_help = EXPLAIN_AFTER_HELP, help_template = examples::help_template(examples::EXPLAIN))]
    Explain(ExplainArgs),
    /// Lay puzzles out on printable pages (PDF, SVG or HTML), with answer pages
    #[command(after_long_help = PRINT_AFTER_HELP, help_template = examples::help_template(examples::PRINT))]
    Print(PrintArgs),
    /// Print each puzzle's minlex canonical form (the same for equivalent puzzles)
    #[command(after_long_help = CANON_AFTER_HELP, help_template = examples::help_template(examples::CANON))]
    Canon(CanonArgs),
    /// Keep the first puzzle of each equivalence class, in input order
    #[command(after_long_help = DEDUPE_AFTER_HELP, help_template = examples::help_template(examples::DEDUPE))]
    Dedupe(DedupeArgs),
    /// Write seeded equivalent variants of each puzzle with their solutions (training data)
    #[command(after_long_help = AUGMENT_AFTER_HELP, help_template = examples::help_template(examples::AUGMENT))]
    Augment(AugmentArgs),
    /// Add columns to puzzles: solution, guesses, ratings, techniques, canonical form
    #[command(after_long_help = LABEL_AFTER_HELP, help_template = examples::help_template(examples::LABEL))]
    Label(LabelArgs),
    /// Split a dataset into parts by ratios, equivalent puzzles always in one part
    #[command(after_long_help = dataset::SPLIT_AFTER_HELP, help_template = examples::help_template(examples::SPLIT))]
    Split(SplitArgs),
    /// Find the puzzles of B equivalent to a puzzle of A (leaks from A into B)
    #[command(after_long_help = dataset::LEAKAGE_AFTER_HELP, help_template = examples::help_template(examples::LEAKAGE))]
    Leakage(LeakageArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    #[command(help_template = examples::help_template(examples::COMPLETIONS))]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) of sudokuflow or of one command, for man(1)
    #[command(help_template = examples::help_template(examples::MAN))]
    Man(ManArgs),
    /// Play Sudoku in the terminal: hints that teach, notes, undo, save
    #[command(after_long_help = PLAY_AFTER_HELP, help_template = examples::help_template(examples::PLAY))]
    Play(PlayArgs),
}

/// Arguments of `sudokuflow man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (the page sudokuflow-COMMAND(1));
    /// without it, the page of sudokuflow itself
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,

    /// Write to FILE, replacing it only once complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Arguments of `sudokuflow completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,

    /// Write to FILE, replacing it only once complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl Command {
    /// True when the command writes to standard output: no `-o FILE`.
    pub fn writes_stdout(&self) -> bool {
        let output = match self {
            Command::Play(_) => return true,
            Command::Completions(args) => &args.output,
            Command::Man(args) => &args.output,
            Command::Solve(args) => &args.output.output,
            Command::Generate(args) => &args.output.output,
            Command::Shuffle(args) => &args.output.output,
            Command::Rate(args) => &args.output,
            Command::Explain(args) => &args.output,
            Command::Print(args) => &args.output,
            Command::Canon(args) => &args.output,
            Command::Dedupe(args) => &args.output,
            Command::Augment(args) => &args.output,
            Command::Label(args) => &args.output,
            Command::Split(_) => return false,
            Command::Leakage(args) => &args.output,
        };
        output
            .as_deref()
            .is_none_or(|path| path == std::path::Path::new("-"))
    }

    /// True when the command takes `-o FILE`.
    pub fn has_output_option(&self) -> bool {
        !matches!(self, Command::Play(_))
    }

    /// True when the command reads standard input: no input named, or `-`.
    pub fn reads_stdin(&self) -> bool {
        let dash = |inputs: &[PathBuf]| inputs.is_empty() || inputs.iter().any(|p| p == "-");
        match self {
            Command::Solve(args) => dash(&args.input.inputs),
            Command::Shuffle(args) => dash(&args.input.inputs),
            Command::Rate(args) => dash(&args.input.inputs),
            Command::Print(args) => dash(&args.input.inputs),
            Command::Canon(args) => dash(&args.input.inputs),
            Command::Dedupe(args) => dash(&args.input.inputs),
            Command::Augment(args) => dash(&args.input.inputs),
            Command::Label(args) => dash(&args.input.inputs),
            Command::Split(args) => dash(&args.input.inputs),
            Command::Leakage(args) => dash(&[args.a.clone(), args.b.clone()]),
            Command::Explain(args) => {
                args.puzzles.is_empty() || args.puzzles.iter().any(|p| p == "-")
            }
            Command::Play(_) => true,
            Command::Generate(_) | Command::Completions(_) | Command::Man(_) => false,
        }
    }
}

/// `play --help`'s text after the options; it names every plain mode
/// command (a test in `play::keys` checks).
pub const PLAY_AFTER_HELP: &str = "\
FILE is a file of puzzles, read as 'solve' reads its input (one a line,
boards of 9 rows, or with --column a CSV or TSV table's column), or a puzzle
itself: 81 cells on the command line.

Plain mode (--plain) prints the board as text after each command, with the
pencil marks under it, and reads commands line by line: 'r3c5 7' places 7 in
row 3 column 5, 'r3c5 0' clears it, 'note r3c5 7', 'notes', 'undo', 'redo',
'history', 'history N', 'hint' (three times applies it), 'check', 'solve',
'restart', 'new [LEVEL]', 'menu', 'set mistakes|highlight|wrong on|off',
'stats', 'save', 'save!', 'quit', 'quit!' (without saving), 'help'.
Givens are printed plain, your digits in (parentheses), conflicts !between!,
wrong digits ?between? (after 'check', or always with 'set wrong on').

Each game is saved as JSON in its own file in $XDG_DATA_HOME/sudokuflow
(default ~/.local/share/sudokuflow) on 's'/'save' and on quitting; the start
screen lists the saved games, and --resume continues the newest. Statistics
(games won, best and average times, streaks by level) are kept beside them
in statistics.json: on the start screen, and 'stats' in plain mode.

Full screen needs a terminal: press ? for the keys.

Exit status:
  0  the game ended (quit, saved or not)
  2  usage error (a puzzle or file that cannot be played, no terminal for full
     screen), or the game could not be saved when plain mode's input ended
  129, 130, 143  stopped by SIGHUP, SIGINT (Ctrl-C) or SIGTERM (the game is
     saved first)";

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
With --count, a puzzle without solution prints 0 (not a failure). A line
'puzzle,solution' is read as its puzzle and the solution after the comma
checked: a wrong one is named on stderr and the right one written (status 1).

Tables: --column NAME (or N, from 1) reads CSV or TSV with a header row, the
puzzles in that column (delimiter found in the header: , tab ; or |; quoted
fields as RFC 4180), one answer per row; a row with another number of fields
than the header gets !ragged-row. --format csv writes each input row with a
'solution' (or 'count') column added. gzip and zstd inputs are read directly.
Parquet and Arrow IPC files are tables too (known by their first bytes);
--format parquet, or -o FILE.parquet, writes the rows of --format csv as
Parquet, a Parquet input's columns kept with their types.

Exit status:
  0  every puzzle was answered
  1  some puzzle got a marker line, or a 'puzzle,solution' line's solution
     was wrong
  2  usage error, or an input or output could not be read or written";

const GENERATE_AFTER_HELP: &str = concat!(
    "\
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

--level keeps only puzzles whose rating (see 'sudokuflow rate --help'), as rate
gives it with its default --budget, falls in that level's band; it combines with every other option, --clues included
(rarer combinations take longer, and give up after 10000 grids as above).

--from FILE searches near the puzzles of FILE (one a line or boards of 9 rows,
as solve reads them; the forum's hardest, say) for new ones, which random
generation almost never makes at the top of the scale: a candidate is a puzzle
of FILE, or one found before, with one or two clues taken away and as many
others added from its solution. It is kept when it has one solution, is not
equivalent to a puzzle of FILE or one kept before, and meets --min-guesses and
--min-er (rated as far as the threshold needs: 'sudokuflow rate' gives it that
ER or more). The puzzles are not minimal. A line of FILE without one solution is
named on stderr and skipped. The same --seed and FILE give the same bytes at any
-j. After 100000 candidates in a row without a find, generate gives up as above.
",
    levels_help!(),
    "

Exit status:
  0  every puzzle was generated
  1  gave up on a --clues, --level or --from target
  2  usage error (including an unreachable --clues), or an input or the output
     could not be read or written"
);

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
  2  usage error, or an input or output could not be read or written";

const RATE_AFTER_HELP: &str = concat!(
    "\
Input: as for solve, one puzzle per line or as grid blocks, from files or
standard input.

Output: one line per puzzle, in input order (the first example shows one):
  <puzzle> <ER>/<EP>/<ED> <level> <hardest technique>
ER is the rating of the hardest step of the easiest solution path the engine
knows, EP the hardest step up to the first placed digit, ED the first step's
rating, on the Sudoku Explainer scale (1.0 to about 11). Nested forcing
chains (9.5 with forcing chains inside, 10.5 with dynamic ones) are the
engine's hardest steps, and slow: the hardest puzzles take seconds.

--budget caps the work on one puzzle, counted in chain nodes followed (a
candidate assumed true or false, and each one reached from it; about 10
million a second on one core). A puzzle the engine cannot finish within it
(or at all) still gets a line, its ER a lower bound written with '>' (e.g.
'>9.5/...') and level hell; --stats counts them. The budget is a count of
work, not a time, so a rating depends only on the puzzle, the budget and the
version: the same on every machine, at any load and thread count. rate,
explain, print and the game share one default.

A puzzle without exactly one solution gets a marker line, as with solve:
  !bad-length  !bad-character  !line-too-long  !conflicting-givens
  !no-solution  !multiple-solutions

",
    levels_help!(),
    "

Exit status:
  0  every puzzle was rated
  1  some puzzle got a marker line
  2  usage error, or an input or output could not be read or written"
);

const EXPLAIN_AFTER_HELP: &str = "\
Puzzles: each argument is a puzzle written on one line (81 cells, '.' or '0'
for empty), a file of puzzles as for solve, or '-' for standard input (the
default).

Text output (the default): for each puzzle its rating and the puzzle on a
board, then every step in order with its rating and why it holds (the first
example below shows two), with the grid of candidates before each step that
needs them (rows and columns labelled, the candidates the step eliminates in
parentheses, the digit it places in brackets), and the solution. A chain is told a node a
line, each with the reason it follows (r5c7 = 2  the only place left for 2
in row 5, as r5c3 is not 2); a nested chain follows the node it proves,
further in. Nested chains make the hardest puzzles take seconds. --budget
caps the work on one puzzle, in chain nodes followed, as for rate (the same
default; a puzzle both finish gets rate's rating); a larger one, or
'unlimited', lets more of them finish.

--format json writes JSON Lines, one document per puzzle; docs/rating.md
documents its fields (each step's cells, houses and chain nodes with their
reasons). A bad line gets {\"line\": N, \"error\": \"conflicting-givens\",
\"message\": \"...\"}. Applying the steps in order to the puzzle's candidates
reaches its solution.

--format html writes one self-contained page (no network): per puzzle its
rating, a table of contents and a board for every step with what it looks at
shaded, what it places and eliminates marked and a chain's links drawn. The
format is also taken from the extension of -o (.html, .json, .jsonl).

--order simple takes the steps as a person finds them: a single whenever there
is one, the easiest first (a full house, a hidden single in a box, then in a
row or column, then a naked single), the rest in rating order. The rating is
the puzzle's either way.

Bad puzzles get the marker lines of rate in text (JSON: an error document;
HTML: a section saying why).

Exit status:
  0  every puzzle was explained
  1  some puzzle was bad (unreadable, conflicting givens, no or several
     solutions)
  2  usage error, or an input or output could not be read or written";

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Work allowed per puzzle, in chain nodes followed (1 to 10^12), or 'unlimited'
    #[arg(long, value_name = "NODES", default_value_t = Budget::default(),
          allow_negative_numbers = true, value_parser = number::<Budget>(BUDGET))]
    pub budget: Budget,

    /// One line per puzzle, or CSV: each input row with 'rating' and 'level' columns added
    #[arg(short, long, value_enum, default_value_t = TableFormatArg::Line)]
    pub format: TableFormatArg,

    /// Stop at the first bad puzzle, after writing its marker line
    #[arg(long)]
    pub strict: bool,

    /// Print totals, puzzles per level, lower bounds, work done (chain nodes) and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

const PRINT_AFTER_HELP: &str = concat!(
    "\
Input is read as by 'solve' (files, '-' or nothing for standard input, line or
grid layout). Bad lines and puzzles without exactly one solution are reported
on stderr with their line number and left out (exit status 1).

Each puzzle is numbered by its place among the input's puzzles, bad ones
counted (so number N is line N of 'solve's output for the same input), with
its level and rating (ER, on the Sudoku Explainer scale), as rate gives them
with the same --budget (a count of chain nodes followed; the default is
rate's): a lower bound, such as '>9.5', where the rater stops before the
solution; --level-names renames the levels. A title or rules line too wide
for the page wraps onto up to three lines; what still does not fit is cut
short, with a warning.

The sheet's fixed words (the answer pages' heading, 'Answers on page N', page
numbers, the usual rules of --rules, level names, the decimal mark of
ratings) are English, or German, Spanish, French, Polish or Chinese with
--lang de|es|fr|pl|zh. --strings FILE gives any of them in 'key = text' lines
over --lang's ('#' starts a comment): solutions-title ({title}), solutions,
answers-on-page ({page}), answers-on-pages ({first}, {last}), page-number
({page}, {pages}), rules, easy, medium, hard, expert, hell, decimal-mark.
--level-names wins over both.

Answer pages (--solutions) follow the puzzles, smaller boards with the same
numbers, the givens in black and the answers in grey; each puzzle page says on
which page its answers are.

The format is --format, or else the extension of -o (.pdf, .svg, .html). SVG
is one file per page: -o sheet.svg writes sheet-01.svg, sheet-02.svg, ... (or
sheet.svg alone for a single page), all renamed into place once every page is
written, then removes the pages an earlier, longer run of the same -o wrote:
each page says in a comment which page it is, and a file that is not such a
page is never removed, whatever its name. Other outputs are written only once
complete. -o names a file, never a folder: -o out/ is an error (status 2) at
once; give -o out/sheet.svg for pages in out.

Memory stays the same however many puzzles there are, with answer pages or
without: the rated puzzles wait for their pages in an unnamed temporary file in
TMPDIR (about 70 bytes a puzzle), gone when the run ends.

A PDF embeds its fonts: Noto Sans (bundled) for Latin, Greek and Cyrillic
text, and an installed font (found through fontconfig) for other scripts; a
text no installed font covers is an error. SVG and HTML carry the text as
UTF-8 for the viewer's fonts.

The default paper is Letter in US, Canadian and other Letter locales (from
LC_ALL, LC_PAPER or LANG) and A4 everywhere else.

",
    levels_help!(),
    "
Exit status:
  0  every puzzle was printed
  1  some puzzle was bad and left out (the others are printed), or none
     was left to print
  2  usage error, or an input or output could not be read or written"
);

/// Arguments of `sudokuflow print`.
#[derive(Debug, Args)]
pub struct PrintArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Write to FILE (for SVG, FILE-01.svg, FILE-02.svg, ... when there are several pages)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The file format [default: from the extension of -o]
    #[arg(short, long, value_enum)]
    pub format: Option<PrintFormat>,

    /// Puzzles on a page: 1, 2, 4 or 6
    #[arg(long, value_name = "N", default_value = "4", allow_negative_numbers = true,
          value_parser = number::<usize>(Accepts::one_of(&[1, 2, 4, 6])))]
    pub per_page: usize,

    /// Paper size [default: from the locale, Letter or A4]
    #[arg(long, value_enum)]
    pub paper: Option<Paper>,

    /// A title at the top of every page
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// A line of rules under the title: the usual one, or --rules='TEXT' in your words
    #[arg(long, value_name = "TEXT", num_args = 0..=1, require_equals = true,
          default_missing_value = crate::print::layout::USUAL_RULES)]
    pub rules: Option<String>,

    /// The language of the sheet's fixed words (headings, "Answers on page N", the usual rules, level names)
    #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::En)]
    pub lang: Lang,

    /// A file of 'key = text' lines for the sheet's fixed words, over --lang's (the keys are in --help)
    #[arg(long, value_name = "FILE")]
    pub strings: Option<PathBuf>,

    /// Other names for the levels, e.g. easy=łatwe,medium=średnie (the levels: easy, medium, hard, expert, hell)
    #[arg(long, value_name = "LEVEL=NAME,...")]
    pub level_names: Option<LevelNames>,

    /// Add answer pages after the puzzles
    #[arg(long)]
    pub solutions: bool,

    /// Print the answer pages only
    #[arg(long, conflicts_with = "solutions")]
    pub solutions_only: bool,

    /// Work the rater may do on one puzzle, in chain nodes followed (1 to 10^12), or 'unlimited'
    #[arg(long, value_name = "NODES", default_value_t = Budget::default(),
          allow_negative_numbers = true, value_parser = number::<Budget>(BUDGET),
          conflicts_with = "no_rating")]
    pub budget: Budget,

    /// Print no level or rating (puzzles are only checked for one solution)
    #[arg(long)]
    pub no_rating: bool,

    #[command(flatten)]
    pub run: RunArgs,
}

/// A file format of `print`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    /// One PDF document, every page in it
    Pdf,
    /// One SVG file per page
    Svg,
    /// One HTML file, pages broken for printing
    Html,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Puzzles (81 cells on one line), files of puzzles, or '-' for standard input
    #[arg(value_name = "PUZZLE|FILE")]
    pub puzzles: Vec<String>,

    /// How the input files are laid out ('auto': grid when an input starts with a board of 9 rows, even a damaged one)
    #[arg(long = "input", value_name = "LAYOUT", value_enum, default_value_t = InputArg::Auto)]
    pub input_format: InputArg,

    #[arg(long, value_name = "NAME|N", help = COLUMN_HELP, value_parser = column_parser(),
          conflicts_with = "input_format")]
    pub column: Option<Column>,

    /// Steps in words, one JSON document per puzzle, or an HTML page [default: from the extension of -o, else text]
    #[arg(short, long, value_enum)]
    pub format: Option<ExplainFormat>,

    /// The order of the steps: 'rating' (Sudoku Explainer's, easiest rating first) or 'simple' (singles first, as a person finds them)
    #[arg(long, value_enum, default_value_t = ExplainOrder::Rating)]
    pub order: ExplainOrder,

    /// Work allowed per puzzle, in chain nodes followed (1 to 10^12), or 'unlimited'
    #[arg(long, value_name = "NODES", default_value_t = Budget::default(),
          allow_negative_numbers = true, value_parser = number::<Budget>(BUDGET))]
    pub budget: Budget,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// Steps in words, with candidate grids
    Text,
    /// JSON Lines: one document per puzzle
    Json,
    /// One self-contained HTML page, a board for every step
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainOrder {
    /// Sudoku Explainer's: the step with the lowest rating every time
    Rating,
    /// A full house, naked single or hidden single first whenever there is one
    Simple,
}

/// Any whole number that fits in 64 bits: counts and seeds.
const ANY_COUNT: Accepts = Accepts::range(0, u64::MAX);

/// The most worker threads `-j` accepts: far beyond any machine's cores, and
/// small enough that the thread stacks fit in memory.
pub const MAX_THREADS: u32 = 1024;

/// A work budget per puzzle, in chain nodes followed
/// ([`logic::Options::budget`]); `None` for no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget(pub Option<u64>);

/// The largest budget `--budget` takes: hours of work a puzzle.
pub const MAX_BUDGET: u64 = 1_000_000_000_000;

impl Default for Budget {
    fn default() -> Budget {
        Budget(Some(logic::Options::DEFAULT_BUDGET))
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(nodes) => write!(f, "{nodes}"),
            None => f.write_str("unlimited"),
        }
    }
}

/// What `--budget` accepts: a count of chain nodes or `unlimited`. A time
/// (`500ms`, `2s`), as budgets were once given, is refused by name: read as
/// a count it would mean something else.
const BUDGET: Accepts = Accepts::count_or_unlimited("a count of chain nodes", 1, MAX_BUDGET);

impl crate::cli::number::FromNumber for Budget {
    fn from_number(nodes: Option<u64>) -> Budget {
        Budget(nodes)
    }
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to generate (0 or more)
    #[arg(short = 'n', long = "puzzles", value_name = "N", default_value_t = 1,
          allow_negative_numbers = true, value_parser = number::<u64>(ANY_COUNT))]
    pub puzzles: u64,

    /// Seed of the run, any whole number (random if absent; --stats prints it)
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = number::<u64>(ANY_COUNT))]
    pub seed: Option<u64>,

    /// Symmetry of the clue pattern
    #[arg(long, value_name = "SYMMETRY", default_value = "none", ignore_case = true,
          value_parser = symmetry_parser())]
    pub symmetry: Symmetry,

    /// Exactly K clues (17 to 81) instead of a minimal puzzle
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = number::<u8>(Accepts::range(17, 81)))]
    pub clues: Option<u8>,

    /// Only puzzles of this level: easy, medium, hard, expert or hell (see below)
    #[arg(long, value_name = "LEVEL", ignore_case = true, value_parser = level_parser())]
    pub level: Option<Level>,

    /// Print each puzzle's solution with it ('puzzle,solution' in the line format)
    #[arg(long)]
    pub solution: bool,

    /// Search near the puzzles of FILE for new ones, not equivalent to them (see below)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["symmetry", "clues", "level"])]
    pub from: Option<PathBuf>,

    /// With --from: only puzzles rated X or more (ER, 1.0 to 12.0, e.g. 10.0)
    #[arg(long, value_name = "X", requires = "from", value_parser = rating_threshold)]
    pub min_er: Option<logic::Difficulty>,

    /// With --from: only puzzles the solver needs G guesses or more to solve (any whole number)
    #[arg(long, value_name = "G", requires = "from", allow_negative_numbers = true,
          value_parser = number::<u64>(ANY_COUNT))]
    pub min_guesses: Option<u64>,

    /// With --min-er: work allowed per rating, in chain nodes followed (1 to 10^12), or 'unlimited'
    #[arg(long, value_name = "NODES", default_value_t = Budget::default(), requires = "min_er",
          allow_negative_numbers = true, value_parser = number::<Budget>(BUDGET))]
    pub budget: Budget,

    /// Print the seed, totals, average clues and speed to stderr at the end
    /// (with --from: the candidates tried, and how many were found)
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub run: RunArgs,
}

/// Parses a rating threshold: ER from 1.0 to 12.0, in tenths.
fn rating_threshold(text: &str) -> Result<logic::Difficulty, String> {
    let refuse = || format!("'{text}' is not a rating: give ER from 1.0 to 12.0, such as 10.0");
    let (whole, tenths) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str, most: usize| {
        (!part.is_empty() && part.len() <= most && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u16>().ok())
            .flatten()
    };
    match (digits(whole, 2), digits(tenths, 1)) {
        (Some(whole), Some(tenths)) if (10..=120).contains(&(whole * 10 + tenths)) => {
            Ok(logic::Difficulty(whole * 10 + tenths))
        }
        _ => Err(refuse()),
    }
}

#[derive(Debug, Args)]
pub struct ShuffleArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Equivalent puzzles to print per input puzzle (1 or more)
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1,
          allow_negative_numbers = true,
          value_parser = number::<u32>(Accepts::range(1, u32::MAX as u64)))]
    pub variants: u32,

    /// Seed of the run, any whole number (random if absent; --stats prints it)
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = number::<u64>(ANY_COUNT))]
    pub seed: Option<u64>,

    /// Print the seed, totals and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub run: RunArgs,
}

const AUGMENT_AFTER_HELP: &str = "\
Input: as for solve (one puzzle a line, 'puzzle,solution' lines such as RRN's
headerless q,a, grid blocks), or with --column a CSV, TSV, Parquet or Arrow
table's column (Kaggle's quizzes or puzzle, sudoku-extreme's question).

Output: for each puzzle with exactly one solution, N variants (-n), each
under a random combination of the transformations that keep a Sudoku valid
(relabelling the digits, permuting the bands, the rows within a band, the
stacks, the columns within a stack, and transposing), with its solution
transformed alike; --with-original writes the puzzle itself first (HRM's
1 + 999 is -n 999 --with-original). A line is 'puzzle,solution'. With
--format csv each variant is its input row (a table's, else the puzzle) with
the puzzle's field replaced and 'solution' and 'group' columns added: group
is the original's line number in its input (the header is line 1; in a
second input and later ones, plus 2^40 times the input's position from 0),
the same for the original and all its variants, so that splits can keep a
group together. A column of the input named 'solution', or the one
--solution-column names (sudoku-extreme's answer, Kaggle's solutions), gets
the variant's solution in place instead of a column added; the other columns
are copied as read. --format parquet (or -o FILE.parquet) writes those rows
as Parquet, a Parquet or Arrow input's columns of their types, group an
integer.

Empty cells are written as the puzzle was read with ('0' if it has a 0,
else '.'), or as --blank says.

Variant v of the puzzle at line L is 'shuffle --seed S' variant v of it: it
depends only on the seed, L, v and the input's position in the list, so the
same --seed gives the same bytes whatever -j. Without --seed a random one is
used; --stats prints it.

Bad puzzles (unreadable, conflicting givens, no or several solutions) are
named with their line on stderr, counted by --stats, and get one marker in
place of their variants: a marker line, or with --format csv their row as
read with the marker in a 'problem' column (empty for the others);
--skip-bad leaves them out, and the problem column with them.

Exit status:
  0  every puzzle was augmented
  1  some puzzle was bad
  2  usage error, or an input or output could not be read or written";

const LABEL_AFTER_HELP: &str = "\
Input: as for augment (lines, 'puzzle,solution' lines, grid blocks, or a
table's --column).

Columns, in this order (--columns picks some, in any order, comma-separated;
all by default):
  solution    the solution
  clues       the number of givens
  solutions   the number of solutions, counted to 2
  guesses     the solver's guesses to the first solution: a backtracking
              difficulty like sudoku-extreme's rating (summed in solve --stats)
  er ep ed    the Sudoku Explainer ratings, as rate gives them (ER '>9.5'
              where --budget ran out)
  level       the level of ER, as rate gives it
  hardest     the hardest technique of the solution path
  techniques  steps of each technique on the path explain takes, easiest
              first: 'Hidden Single:41;Pointing:2;Naked Single:5'
  canonical   the minlex canonical form, as canon gives it
solution, clues, solutions, guesses and canonical are cheap (about a solve
and a canon); the ratings and techniques take rate's and explain's time.

Output: a line per puzzle, 'puzzle,<columns>'; with --format csv each input
row (a table's, else the puzzle) with the columns added; an input column of
the same name (Kaggle's solution and clues) takes the value in place, as
does the column --solution-column names for the solution. --format parquet
(or -o FILE.parquet) writes those rows as Parquet, a Parquet or Arrow
input's columns of their types, the counts as integers. Empty cells are
written as the puzzle was read with ('0' if it has a 0, else '.'), or as
--blank says.

Bad puzzles (unreadable, conflicting givens, no or several solutions) are
named with their line on stderr and counted by --stats: a marker line, or
with --format csv their row with the columns that apply (clues, solutions,
guesses, canonical) and the marker in a 'problem' column (empty for the
others); --skip-bad leaves them out, and the problem column with them.

Exit status:
  0  every puzzle was labelled
  1  some puzzle was bad
  2  usage error, or an input or output could not be read or written";

/// Parses `--blank`: `.` or `0`.
fn blank_parser() -> impl TypedValueParser<Value = Blank> {
    PossibleValuesParser::new([".", "0"]).map(|text| match text.as_str() {
        "0" => Blank::Zero,
        _ => Blank::Dot,
    })
}

/// The columns `--columns` names.
#[derive(Clone, Copy, Debug)]
pub struct LabelColumns(pub Labels);

/// Parses `--columns`, naming the columns in its error.
fn label_columns_parser() -> impl TypedValueParser<Value = LabelColumns> {
    clap::builder::StringValueParser::new().try_map(|text| {
        Labels::parse(&text).map(LabelColumns).map_err(|e| {
            let names: Vec<&str> = Label::ALL.iter().map(|l| l.name()).collect();
            format!("{e}; give some of {}", names.join(", "))
        })
    })
}

#[derive(Debug, Args)]
pub struct AugmentArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Variants to write per puzzle (1 or more)
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1,
          allow_negative_numbers = true,
          value_parser = number::<u32>(Accepts::range(1, u32::MAX as u64)))]
    pub variants: u32,

    /// Write each puzzle itself before its variants
    #[arg(long)]
    pub with_original: bool,

    /// Seed of the run, any whole number (random if absent; --stats prints it)
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = number::<u64>(ANY_COUNT))]
    pub seed: Option<u64>,

    #[arg(long, value_name = "NAME|N", help = SOLUTION_COLUMN_HELP, value_parser = column_parser(),
          requires = "column")]
    pub solution_column: Option<Column>,

    /// Write empty cells as '.' or '0' [default: as the input's puzzle has them]
    #[arg(long, value_name = "CHAR", value_parser = blank_parser())]
    pub blank: Option<Blank>,

    /// Leave bad puzzles out (still reported and counted) instead of writing a marker
    #[arg(long)]
    pub skip_bad: bool,

    /// 'puzzle,solution' lines, or CSV: each input row with 'solution' and 'group' columns
    #[arg(short, long, value_enum, default_value_t = TableFormatArg::Line)]
    pub format: TableFormatArg,

    /// Print the seed, totals and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct LabelArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The columns to add, comma-separated (see below) [default: all]
    #[arg(long, value_name = "LIST", value_parser = label_columns_parser(),
          default_value = "solution,clues,solutions,guesses,er,ep,ed,level,hardest,techniques,canonical",
          hide_default_value = true)]
    pub columns: LabelColumns,

    /// Work allowed per puzzle for the ratings, in chain nodes followed (1 to 10^12), or 'unlimited'
    #[arg(long, value_name = "NODES", default_value_t = Budget::default(),
          allow_negative_numbers = true, value_parser = number::<Budget>(BUDGET))]
    pub budget: Budget,

    #[arg(long, value_name = "NAME|N", help = SOLUTION_COLUMN_HELP, value_parser = column_parser(),
          requires = "column")]
    pub solution_column: Option<Column>,

    /// Write empty cells as '.' or '0' [default: as the input's puzzle has them]
    #[arg(long, value_name = "CHAR", value_parser = blank_parser())]
    pub blank: Option<Blank>,

    /// Leave bad puzzles out (still reported and counted) instead of writing a marker
    #[arg(long)]
    pub skip_bad: bool,

    /// 'puzzle,COLUMNS' lines, or CSV: each input row with the columns added
    #[arg(short, long, value_enum, default_value_t = TableFormatArg::Line)]
    pub format: TableFormatArg,

    /// Stop at the first bad puzzle, after writing its marker
    #[arg(long)]
    pub strict: bool,

    /// Print totals, puzzles per level (when rated), guesses and speed to stderr at the end
    #[arg(long)]
    pub stats: bool,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

/// `--solution-column`'s help.
const SOLUTION_COLUMN_HELP: &str = "The table's column that holds the solutions (its name or number from 1): written in place [default: a column named 'solution', else one added]";

/// `--column`'s help, for every command that reads puzzle files.
const COLUMN_HELP: &str = "Read CSV or TSV with a header row, or Parquet or Arrow IPC, the puzzles in this column (its name or number from 1)";

/// Parses `--column`: a number from 1 is a position, anything else a name;
/// 0 is neither (a count from 0 is the likely mistake).
fn column_parser() -> impl TypedValueParser<Value = Column> {
    clap::builder::StringValueParser::new().try_map(|text| match text.trim().parse::<u64>() {
        Ok(0) => Err("columns count from 1: the first is --column 1"),
        _ => Ok(Column::parse(&text)),
    })
}

/// Parses a level name, listing them in help and errors.
fn level_parser() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::name))
        .map(|name| name.parse::<Level>().expect("the names parse"))
}

/// Parses a symmetry name of [`Symmetry::NAMES`], listing them in help and errors.
fn symmetry_parser() -> impl TypedValueParser<Value = Symmetry> {
    PossibleValuesParser::new(Symmetry::NAMES)
        .map(|name| name.parse::<Symmetry>().expect("the names parse"))
}

const CANON_AFTER_HELP: &str = "\
Two puzzles are equivalent when one becomes the other by relabelling digits,
permuting rows within a band, bands, columns within a stack, stacks, and
transposing; equivalent puzzles have the same solution count and difficulty.
The canonical (minlex) form is the equivalent puzzle whose 81-character string,
with empty cells as '0', is the smallest: the form the 17-clue census is
published in. A full solution grid is canonicalised the same way.

Input as for solve. Output: one line per puzzle line, the canonical form with
'.' for empty cells ('0' with --zeros). Puzzles are not solved, so puzzles with
no or many solutions get their form too; bad lines get the marker lines of
solve (!bad-length, !bad-character, !line-too-long, !conflicting-givens).

--stats prints totals, speed and how many puzzles have 1, 2-3, 4-7, ...
automorphisms (layouts mapping the puzzle onto itself, up to relabelling).

Exit status:
  0  every puzzle was canonicalised
  1  some puzzle got a marker line
  2  usage error, or an input or output could not be read or written";

const DEDUPE_AFTER_HELP: &str = "\
Writes each puzzle the first time its class appears (see 'sudokuflow canon
--help' for when two puzzles are equivalent), in input order, as a line with
'.' for empty cells ('0' with --zeros). Memory grows with the number of
distinct classes only: 16 bytes of key per class (a 128-bit hash of the
canonical form), about 60 MB at peak for 1,000,000 classes. For collections
with more classes than memory holds: sudokuflow canon big.txt | sort -u.

Bad lines are reported on stderr and left out; the exit status is then 1.

Exit status:
  0  every puzzle was read
  1  some puzzle line was bad
  2  usage error, or an input or output could not be read or written";

#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Write empty cells as '0' instead of '.'
    #[arg(long)]
    pub zeros: bool,

    /// One line per puzzle, or CSV: each input row with a 'canonical' column added
    #[arg(short, long, value_enum, default_value_t = TableFormatArg::Line)]
    pub format: TableFormatArg,

    /// Stop at the first bad puzzle, after writing its marker line
    #[arg(long)]
    pub strict: bool,

    /// Print totals, speed and the automorphism counts to stderr at the end
    #[arg(long)]
    pub stats: bool,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct DedupeArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Print only the number of distinct classes
    #[arg(long)]
    pub count: bool,

    /// Write each class's canonical form instead of its first puzzle
    #[arg(long)]
    pub canonical: bool,

    /// Write empty cells as '0' instead of '.'
    #[arg(long)]
    pub zeros: bool,

    /// Write to FILE, replacing it only once the run completes
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Print each puzzle's number of solutions instead of a solution (one line
    /// per puzzle, whatever --format)
    #[arg(long)]
    pub count: bool,

    /// With --count, stop counting at N, 1 or more (so the default 2 means "two or more")
    #[arg(long, value_name = "N", default_value_t = 2, requires = "count",
          allow_negative_numbers = true,
          value_parser = number::<u32>(Accepts::range(1, u32::MAX as u64)))]
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

    /// How the input is laid out ('auto': grid when an input starts with a board of 9 rows, even a damaged one)
    #[arg(long = "input", value_name = "LAYOUT", value_enum, default_value_t = InputArg::Auto)]
    pub input_format: InputArg,

    #[arg(long, value_name = "NAME|N", help = COLUMN_HELP, value_parser = column_parser(),
          conflicts_with = "input_format")]
    pub column: Option<Column>,
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
    /// Worker threads, 1 to 1024, at most the cores available [default: all cores]
    #[arg(short = 'j', long, value_name = "N", allow_negative_numbers = true,
          value_parser = number::<u32>(Accepts::range(1, MAX_THREADS as u64)))]
    pub threads: Option<u32>,

    /// No progress bar and no per-puzzle messages
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum InputArg {
    /// Grid if the input starts with 9 rows of 9 cells (separator lines allowed), else line
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
    /// CSV: each input row (a --column table's row, else the puzzle) with the answer's column added, under a header
    Csv,
    /// Parquet: the rows of -f csv, the columns of a Parquet or Arrow input kept as they are (also for -o FILE.parquet)
    Parquet,
}

/// The output of commands whose answers are lines: as lines, or as CSV.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TableFormatArg {
    /// One line per puzzle
    Line,
    /// CSV: each input row (a --column table's row, else the puzzle) with the answer's columns added, under a header
    Csv,
    /// Parquet: the rows of -f csv, the columns of a Parquet or Arrow input kept as they are (also for -o FILE.parquet)
    Parquet,
}

impl From<TableFormatArg> for OutputFormat {
    fn from(arg: TableFormatArg) -> OutputFormat {
        match arg {
            TableFormatArg::Line => OutputFormat::Line,
            TableFormatArg::Csv | TableFormatArg::Parquet => OutputFormat::Csv,
        }
    }
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
            FormatArg::Csv | FormatArg::Parquet => OutputFormat::Csv,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use clap::error::ErrorKind;

    #[test]
    fn definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    /// Every numeric option of every command, found in the definitions by
    /// its value's type, reads and refuses numbers alike: errors name the
    /// option and what it accepts, in plain words (never Rust's or clap's:
    /// `-1` is a value, not a flag), and its help names the range.
    #[test]
    fn every_numeric_option_is_read_by_the_one_parser() {
        use std::any::TypeId;
        let numeric = [
            TypeId::of::<u8>(),
            TypeId::of::<u16>(),
            TypeId::of::<u32>(),
            TypeId::of::<u64>(),
            TypeId::of::<usize>(),
            TypeId::of::<i32>(),
            TypeId::of::<i64>(),
            TypeId::of::<f64>(),
            TypeId::of::<Budget>(),
        ];
        let cli = Cli::command();
        let mut checked = Vec::new();
        for command in cli.get_subcommands() {
            for arg in command.get_arguments() {
                let type_id = arg.get_value_parser().type_id();
                if !numeric.iter().any(|&t| type_id == t) {
                    continue;
                }
                let name = command.get_name();
                let long = format!("--{}", arg.get_long().expect("numeric options are named"));
                let refusal = |value: &str| {
                    let parsed = Cli::try_parse_from(["sudokuflow", name, &long, value]);
                    let error = parsed.expect_err(&format!("{name} {long} {value}"));
                    assert_eq!(
                        error.kind(),
                        ErrorKind::ValueValidation,
                        "{name} {long} {value}"
                    );
                    let text = error.to_string();
                    assert!(text.contains(&format!("{long} <")), "{text}");
                    for words in ["invalid digit", "too large", "cannot parse", "tip:", "-- "] {
                        assert!(!text.contains(words), "{name} {long} {value}: {text}");
                    }
                    text
                };
                let not_number = refusal("abc");
                assert!(
                    not_number.contains("'abc' is not a whole number; give "),
                    "{not_number}"
                );
                let negative = refusal("-1");
                assert!(
                    negative.contains("it must not be negative; give "),
                    "{negative}"
                );
                let huge = refusal("99999999999999999999999");
                assert!(huge.contains("is out of range; give "), "{huge}");
                // What is accepted, as the errors say it, and its ends.
                let give = not_number.split("; give ").nth(1).unwrap();
                let give = give.lines().next().unwrap().trim().to_string();
                let numbers: Vec<u64> = give
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|n| n.parse().ok())
                    .collect();
                let (min, max) = (numbers[0], *numbers.last().unwrap());
                let accepts = |value: u64| {
                    let parsed =
                        Cli::try_parse_from(["sudokuflow", name, &long, &value.to_string()]);
                    // Only a missing companion option (--count, FILE) may stop it now.
                    !matches!(parsed, Err(e) if e.kind() == ErrorKind::ValueValidation)
                };
                assert!(accepts(min) && accepts(max), "{name} {long}: {give}");
                if min > 0 {
                    assert!(!accepts(min - 1), "{name} {long}: {give}");
                }
                if max < u64::MAX {
                    assert!(!accepts(max + 1), "{name} {long}: {give}");
                }
                // The help says what is accepted too.
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                let said = [
                    format!("{min} to "),
                    format!("{min} or more"),
                    give.split(", or").next().unwrap().to_string(),
                ];
                let any = min == 0 && help.contains("any whole number");
                assert!(
                    any || said.iter().any(|words| help.contains(words.as_str())),
                    "{name} {long}: the help {help:?} does not say {give:?}"
                );
                checked.push(format!("{name} {long}"));
            }
        }
        assert!(checked.len() >= 15, "{checked:?}");
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

    /// `play --help` names plain mode's commands: every one of them.
    #[test]
    fn play_help_names_every_plain_command() {
        let help = PLAY_AFTER_HELP;
        for p in crate::play::keys::TABLE
            .iter()
            .filter_map(|b| b.plain.as_ref())
        {
            let name = p.words.first().unwrap_or(&p.usage);
            assert!(help.contains(&format!("'{name}")), "{name} not in {help}");
        }
    }
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A file of puzzles to choose from, or a puzzle (81 cells)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Start the N-th puzzle of FILE at once, 1 or more (the first is 1)
    #[arg(long, value_name = "N", requires = "file", allow_negative_numbers = true,
          value_parser = number::<usize>(Accepts::range(1, usize::MAX as u64)))]
    pub puzzle: Option<usize>,

    /// Start a new game of this level at once: easy, medium, hard, expert or hell
    #[arg(long, value_name = "LEVEL", ignore_case = true, value_parser = level_parser(),
          conflicts_with = "file")]
    pub level: Option<Level>,

    /// Seed for the new game, any whole number (random without it)
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = number::<u64>(ANY_COUNT))]
    pub seed: Option<u64>,

    /// Line-by-line text mode instead of the full screen
    #[arg(long)]
    pub plain: bool,

    /// Continue the newest saved game
    #[arg(long, conflicts_with_all = ["file", "level"])]
    pub resume: bool,

    #[arg(long, value_name = "NAME|N", help = COLUMN_HELP, value_parser = column_parser(),
          requires = "file")]
    pub column: Option<Column>,
}

impl FormatArg {
    /// The table format of output in this layout to `output`.
    pub fn table(
        self,
        output: Option<&std::path::Path>,
    ) -> Option<crate::app::columnar::TableFormat> {
        crate::app::columnar::TableFormat::of(
            matches!(self, FormatArg::Csv),
            matches!(self, FormatArg::Parquet),
            matches!(self, FormatArg::Line),
            output,
        )
    }
}

impl TableFormatArg {
    /// The table format of output in this layout to `output`.
    pub fn table(
        self,
        output: Option<&std::path::Path>,
    ) -> Option<crate::app::columnar::TableFormat> {
        crate::app::columnar::TableFormat::of(
            matches!(self, TableFormatArg::Csv),
            matches!(self, TableFormatArg::Parquet),
            matches!(self, TableFormatArg::Line),
            output,
        )
    }
}
