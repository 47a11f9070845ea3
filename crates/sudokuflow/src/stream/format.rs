//! Text formats of the batch pipeline: how input lines are read as puzzles
//! (the one-line format and the 9-row grid-block format), and how solutions,
//! puzzles, counts and bad-puzzle markers are written.
//!
//! Writers append to a caller's byte buffer, so a whole chunk of output is
//! built without per-puzzle allocation and written with one call.

use std::borrow::Cow;
use std::fmt;

use crate::grid::{Grid, ParseError};
use crate::logic::RateError;
use crate::solver::SolveError;

/// Longest input line read as such, in bytes. Anything longer is reported as
/// [`Problem::LineTooLong`]; readers may drop the rest of such a line so that a
/// huge line never has to be held in memory.
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// How input is split into puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputFormat {
    /// Decide per input: grid when it starts with a board of 9 rows, even a
    /// damaged one.
    Auto,
    /// One puzzle per line, 81 cells.
    Line,
    /// One row of 9 cells per line, as printed boards.
    Grid,
}

/// How grids (solutions and puzzles) are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutputFormat {
    /// One line of 81 digits.
    Line,
    /// 9 lines of 9 digits, then a blank line.
    Grid,
    /// A board with borders around the 3x3 boxes, then a blank line.
    Pretty,
    /// CSV: each input row (a table's row as read, else the puzzle) with the
    /// answer added as a last column, under a header row; a grid is one
    /// field of 81 digits.
    Csv,
}

/// Why a puzzle gets a marker line instead of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The line (81 cells expected) or grid row (9 expected) has another count.
    WrongLength {
        /// Cells a line (81) or row (9) must hold.
        expected: usize,
        /// Cells it holds.
        found: usize,
    },
    /// A byte that is not a cell, at this 0-based column of the line.
    BadCharacter {
        /// Where, from 0.
        column: usize,
        /// The byte found.
        byte: u8,
    },
    /// A grid block ended (blank line, `end` or end of input) after this many rows.
    IncompleteGrid {
        /// Rows read.
        rows: usize,
    },
    /// The line is longer than 64 KiB.
    LineTooLong,
    /// A digit repeats in a row, column or box.
    ConflictingGivens,
    /// No grid completes the givens.
    NoSolution,
    /// More than one grid completes the givens (when only one is accepted).
    MultipleSolutions,
    /// The solution given after the puzzle (`puzzle,solution`) is not its
    /// solution. Reported, but the puzzle is still answered: no marker.
    WrongSolution,
    /// A table's row has another number of fields than its header.
    RaggedRow {
        /// Fields in the header.
        expected: usize,
        /// Fields in the row.
        found: usize,
    },
}

impl Problem {
    /// The marker line written in place of the answer: `!` and a reason word,
    /// which no solution or count can be mistaken for.
    pub fn marker(self) -> &'static str {
        match self {
            Problem::WrongLength { .. } | Problem::IncompleteGrid { .. } => "!bad-length",
            Problem::BadCharacter { .. } => "!bad-character",
            Problem::LineTooLong => "!line-too-long",
            Problem::ConflictingGivens => "!conflicting-givens",
            Problem::NoSolution => "!no-solution",
            Problem::MultipleSolutions => "!multiple-solutions",
            Problem::WrongSolution => "!wrong-solution",
            Problem::RaggedRow { .. } => "!ragged-row",
        }
    }
}

impl Problem {
    /// True for a problem with a table's row as a whole (its length, its
    /// fields), not with the puzzle in its column.
    pub fn is_row_problem(self) -> bool {
        matches!(self, Problem::RaggedRow { .. } | Problem::LineTooLong)
    }
}

impl From<ParseError> for Problem {
    fn from(e: ParseError) -> Problem {
        match e {
            ParseError::WrongLength(found) => Problem::WrongLength {
                expected: 81,
                found,
            },
            ParseError::BadCharacter { column, byte } => Problem::BadCharacter { column, byte },
        }
    }
}

impl From<RateError> for Problem {
    fn from(e: RateError) -> Problem {
        match e {
            RateError::ConflictingGivens => Problem::ConflictingGivens,
            RateError::NoSolution => Problem::NoSolution,
            RateError::MultipleSolutions => Problem::MultipleSolutions,
        }
    }
}

impl From<SolveError> for Problem {
    fn from(e: SolveError) -> Problem {
        match e {
            SolveError::ConflictingGivens => Problem::ConflictingGivens,
            SolveError::NoSolution => Problem::NoSolution,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::WrongLength { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            Problem::BadCharacter { column, byte } => {
                ParseError::BadCharacter { column, byte }.fmt(f)
            }
            Problem::IncompleteGrid { rows: 1 } => f.write_str(
                "grid ends after 1 row, expected 9; for one puzzle per line use --input line",
            ),
            Problem::IncompleteGrid { rows } => {
                write!(
                    f,
                    "grid ends after {rows} rows, expected 9; for one puzzle per line use --input line"
                )
            }
            Problem::LineTooLong => write!(f, "line longer than {MAX_LINE_LEN} bytes"),
            Problem::ConflictingGivens => SolveError::ConflictingGivens.fmt(f),
            Problem::NoSolution => SolveError::NoSolution.fmt(f),
            Problem::MultipleSolutions => RateError::MultipleSolutions.fmt(f),
            Problem::WrongSolution => f.write_str(
                "the solution after the comma is not the puzzle's solution (the right one is written)",
            ),
            Problem::RaggedRow { expected, found } => write!(
                f,
                "the row has {found} field{}, the header {expected}",
                if found == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Text read from an input as a message shows it: as it is, but with each
/// control character written `\xNN` (`\u{NN}` for the C1 controls) and
/// each byte that is not UTF-8 `\xNN`, so that nothing read can move the
/// cursor, retitle the window or clear the screen of the terminal the
/// message reaches. Messages that echo input show it through this.
pub fn printable(text: &[u8]) -> Cow<'_, str> {
    use fmt::Write;
    if let Ok(text) = std::str::from_utf8(text)
        && !text.contains(char::is_control)
    {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            let _ = match u32::from(c) {
                code @ (..0x20 | 0x7f) => write!(shown, "\\x{code:02x}"),
                code if c.is_control() => write!(shown, "\\u{{{code:x}}}"),
                _ => shown.write_char(c),
            };
        }
        for byte in chunk.invalid() {
            let _ = write!(shown, "\\x{byte:02x}");
        }
    }
    Cow::Owned(shown)
}

/// Parses a puzzle line of the line format, optionally followed by a comma
/// and its solution (`puzzle,solution`, as `generate --solution` writes).
/// Whether that solution is right is for the caller to check.
pub(crate) fn parse_puzzle_line(line: &[u8]) -> Result<(Grid, Option<Grid>), Problem> {
    let Some(comma) = memchr::memchr(b',', line) else {
        return Ok((Grid::parse_line(line)?, None));
    };
    let puzzle = Grid::parse_line(&line[..comma])?;
    let solution = Grid::parse_line(&line[comma + 1..]).map_err(|e| match Problem::from(e) {
        // Columns count from the start of the whole line.
        Problem::BadCharacter { column, byte } => Problem::BadCharacter {
            column: column + comma + 1,
            byte,
        },
        other => other,
    })?;
    Ok((puzzle, Some(solution)))
}

/// What one physical input line (without its `\n`) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineKind<'a> {
    /// Only whitespace.
    Blank,
    /// First non-blank character is `#`.
    Comment,
    /// The line `end`: the input stops here.
    End,
    /// Longer than [`MAX_LINE_LEN`].
    TooLong,
    /// Anything else: a puzzle line or grid row, good or bad.
    Content(&'a [u8]),
}

/// Classifies a line. The length check comes first so that a reader which
/// dropped the tail of a huge line classifies it the same as one that kept it.
pub(crate) fn classify(line: &[u8]) -> LineKind<'_> {
    if line.len() > MAX_LINE_LEN {
        return LineKind::TooLong;
    }
    match line.trim_ascii() {
        b"" => LineKind::Blank,
        b"end" => LineKind::End,
        [b'#', ..] => LineKind::Comment,
        _ => LineKind::Content(line),
    }
}

/// Detects an input's format from its first lines, fed one by one: grid
/// once a whole block of 9 cell rows (separator lines allowed) has come
/// before anything else, so that lines that merely look like a row (such as
/// `123456789`) never make the puzzle lines after them unreadable.
///
/// An input that looks like boards (a separator line, or two row-sized
/// lines of which one is a good row) is grid too when a row-sized line of
/// its first block is wrong or the block is cut short: the message then says
/// what is wrong with the board ("line 4: expected 9 cells, found 8") rather
/// than call every row a bad puzzle line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FormatDetector {
    /// Good cell rows.
    rows: usize,
    /// A row-sized line that is no row came.
    damaged: bool,
    /// A separator line (`+-------+`, `------`) came.
    separators: bool,
}

/// The longest line read as a damaged row of a board rather than a
/// puzzle line: a pretty row (`| 5 2 7 | 3 8 9 | 4 1 6 |`) is 25 bytes, a
/// puzzle line 81 cells.
const ROW_SIZED: usize = 40;

impl FormatDetector {
    /// Feeds the next line; the format once it is decided.
    pub fn feed(&mut self, line: LineKind<'_>) -> Option<InputFormat> {
        match line {
            LineKind::Blank | LineKind::Comment if self.rows == 0 && !self.damaged => None,
            LineKind::End => Some(self.at_end()),
            LineKind::Content(line) => match parse_row(line) {
                Ok(None) => {
                    self.separators = true;
                    None
                }
                Ok(Some(_)) => {
                    self.rows += 1;
                    let decided = self.rows == 9 || (self.damaged && self.looks_like_boards());
                    decided.then_some(InputFormat::Grid)
                }
                Err(problem) if line.trim_ascii().len() <= ROW_SIZED => {
                    if self.looks_like_boards() {
                        return Some(InputFormat::Grid);
                    }
                    // Only a row of cells, too short or too long, may be a
                    // board's: other text (`hello`) is a bad puzzle line at
                    // once, so that a stream reports it without waiting.
                    if !matches!(problem, Problem::WrongLength { .. }) {
                        return Some(InputFormat::Line);
                    }
                    let first = !self.damaged;
                    self.damaged = true;
                    if self.looks_like_boards() {
                        Some(InputFormat::Grid)
                    } else {
                        // A first damaged row waits for the line after it.
                        (!first || self.rows > 0).then_some(InputFormat::Line)
                    }
                }
                Err(_) => Some(InputFormat::Line),
            },
            // Comments inside a block are skipped.
            LineKind::Comment if self.looks_like_boards() => None,
            // A block cut short.
            LineKind::Blank if self.looks_like_boards() => Some(InputFormat::Grid),
            // A block cut short, or a line no grid row can be.
            LineKind::Blank | LineKind::Comment | LineKind::TooLong => Some(InputFormat::Line),
        }
    }

    /// The format when the input ends before it was decided: undecided if
    /// nothing was seen; grid if some rows of what looks like boards were,
    /// else line.
    pub fn at_end(&self) -> InputFormat {
        if self.rows == 0 && !self.separators && !self.damaged {
            InputFormat::Auto
        } else if self.rows > 0 && self.looks_like_boards() {
            InputFormat::Grid
        } else {
            InputFormat::Line
        }
    }

    /// A separator line, or two row-sized lines of which one is a good row,
    /// came: the input looks like boards.
    fn looks_like_boards(&self) -> bool {
        self.separators || (self.rows >= 1 && self.rows + usize::from(self.damaged) >= 2)
    }
}

/// One cell row of a grid block: `Ok(None)` for a separator-only line.
fn parse_row(line: &[u8]) -> Result<Option<[u8; 9]>, Problem> {
    let mut row = [0u8; 9];
    let mut found = 0;
    for (column, &byte) in line.iter().enumerate() {
        let value = match byte {
            b' ' | b'\t' | b'\r' | b'|' | b'-' | b'+' => continue,
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            _ => return Err(Problem::BadCharacter { column, byte }),
        };
        if let Some(cell) = row.get_mut(found) {
            *cell = value;
        }
        found += 1;
    }
    match found {
        0 => Ok(None),
        9 => Ok(Some(row)),
        _ => Err(Problem::WrongLength { expected: 9, found }),
    }
}

/// A puzzle read from the input, or why it could not be read, with the
/// 1-based physical line to report it at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// The line to report the puzzle at, from 1.
    pub line: u64,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Grid, Problem>,
}

/// Assembles grid blocks from lines fed one at a time, in order.
///
/// Nine rows make a puzzle. Separator lines and comments are skipped; a blank
/// line between puzzles is optional, but a blank line inside a block ends it
/// early (as a bad puzzle), so one damaged block never shifts the next ones.
#[derive(Clone, Debug)]
pub(crate) struct GridAssembler {
    cells: [u8; 81],
    rows: usize,
    first_line: u64,
    /// The block's first bad row and its line.
    problem: Option<(u64, Problem)>,
}

impl Default for GridAssembler {
    fn default() -> Self {
        GridAssembler {
            cells: [0; 81],
            rows: 0,
            first_line: 0,
            problem: None,
        }
    }
}

impl GridAssembler {
    /// Feeds the 1-based line `number` (its kind from [`classify`]); returns the
    /// puzzle it completes, if any. After [`LineKind::End`] the caller calls
    /// [`GridAssembler::finish`] and stops.
    pub fn feed(&mut self, number: u64, line: LineKind<'_>) -> Option<Record> {
        let row = match line {
            LineKind::Comment | LineKind::End => return None,
            LineKind::Blank => return self.finish(),
            LineKind::TooLong => Err(Problem::LineTooLong),
            LineKind::Content(content) => match parse_row(content) {
                Ok(None) => return None,
                Ok(Some(row)) => Ok(row),
                Err(problem) => Err(problem),
            },
        };
        if self.rows == 0 {
            self.first_line = number;
        }
        match row {
            Ok(row) => self.cells[self.rows * 9..][..9].copy_from_slice(&row),
            Err(problem) => {
                self.problem.get_or_insert((number, problem));
            }
        }
        self.rows += 1;
        (self.rows == 9).then(|| self.take())
    }

    /// Ends the input (or the block): an unfinished block comes out as bad.
    pub fn finish(&mut self) -> Option<Record> {
        (self.rows > 0).then(|| self.take())
    }

    fn take(&mut self) -> Record {
        let rows = std::mem::take(&mut self.rows);
        match self.problem.take() {
            Some((line, problem)) => Record {
                line,
                puzzle: Err(problem),
            },
            None if rows < 9 => Record {
                line: self.first_line,
                puzzle: Err(Problem::IncompleteGrid { rows }),
            },
            None => Record {
                line: self.first_line,
                puzzle: Ok(Grid::from_cells(self.cells).expect("cells come from digits")),
            },
        }
    }
}

const PRETTY_BORDER: &[u8] = b"+-------+-------+-------+\n";

impl OutputFormat {
    /// The bytes one grid takes in this layout, its line ending(s) included.
    pub fn bytes_per_grid(self) -> usize {
        match self {
            OutputFormat::Line | OutputFormat::Csv => 82,
            OutputFormat::Grid => 91,
            OutputFormat::Pretty => PRETTY_BORDER.len() * 4 + 26 * 9 + 1,
        }
    }

    /// Appends a grid: a solution, or a puzzle with `.` for its empty cells
    /// (which reads back as the same puzzle).
    pub fn write_grid(self, grid: &Grid, out: &mut Vec<u8>) {
        let digits = grid.cells().map(|v| if v == 0 { b'.' } else { b'0' + v });
        match self {
            OutputFormat::Line | OutputFormat::Csv => {
                out.extend_from_slice(&digits);
                out.push(b'\n');
            }
            OutputFormat::Grid => {
                for row in digits.chunks_exact(9) {
                    out.extend_from_slice(row);
                    out.push(b'\n');
                }
                out.push(b'\n');
            }
            OutputFormat::Pretty => {
                for (r, row) in digits.chunks_exact(9).enumerate() {
                    if r % 3 == 0 {
                        out.extend_from_slice(PRETTY_BORDER);
                    }
                    for boxed in row.chunks_exact(3) {
                        out.extend_from_slice(&[
                            b'|', b' ', boxed[0], b' ', boxed[1], b' ', boxed[2], b' ',
                        ]);
                    }
                    out.extend_from_slice(b"|\n");
                }
                out.extend_from_slice(PRETTY_BORDER);
                out.push(b'\n');
            }
        }
    }

    /// Appends a puzzle with its solution: `puzzle,solution` on one line in
    /// the line format; in the block formats, the puzzle's block, then the
    /// solution's.
    pub fn write_with_solution(self, puzzle: &Grid, solution: &Grid, out: &mut Vec<u8>) {
        match self {
            OutputFormat::Line | OutputFormat::Csv => {
                puzzle.write_line(out);
                out.push(b',');
                solution.write_line(out);
                out.push(b'\n');
            }
            OutputFormat::Grid | OutputFormat::Pretty => {
                self.write_grid(puzzle, out);
                self.write_grid(solution, out);
            }
        }
    }

    /// Appends the marker line for a bad puzzle: one line in every format (and
    /// the blank line that ends every puzzle in the block formats).
    pub fn write_marker(self, problem: Problem, out: &mut Vec<u8>) {
        out.extend_from_slice(problem.marker().as_bytes());
        out.push(b'\n');
        if matches!(self, OutputFormat::Grid | OutputFormat::Pretty) {
            out.push(b'\n');
        }
    }
}

/// Appends `grid` as one line with `0` (if `zeros`) or `.` for empty cells.
pub fn write_canon_line(grid: &Grid, zeros: bool, out: &mut Vec<u8>) {
    let empty = if zeros { b'0' } else { b'.' };
    out.extend(
        grid.cells()
            .iter()
            .map(|&v| if v == 0 { empty } else { b'0' + v }),
    );
    out.push(b'\n');
}

/// Appends a solution count line.
pub fn write_count(count: u32, out: &mut Vec<u8>) {
    use std::io::Write;
    writeln!(out, "{count}").expect("writing to a Vec cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    fn feed_all(text: &str) -> Vec<Record> {
        let mut assembler = GridAssembler::default();
        let mut records = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let kind = classify(line.as_bytes());
            records.extend(assembler.feed(i as u64 + 1, kind));
            if kind == LineKind::End {
                break;
            }
        }
        records.extend(assembler.finish());
        records
    }

    #[test]
    fn printable_escapes_control_characters_and_bytes_that_are_not_utf8() {
        assert!(matches!(
            printable("puzzle ñ 数独".as_bytes()),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            printable(b"a\x1b]0;PWNED\x07b\tc\x7f"),
            "a\\x1b]0;PWNED\\x07b\\x09c\\x7f"
        );
        assert_eq!(printable("\u{9b}2J".as_bytes()), "\\u{9b}2J");
        assert_eq!(printable(b"c\xe7\x9b2J\xff"), "c\\xe7\\x9b2J\\xff");
    }

    #[test]
    fn classifies_lines() {
        assert_eq!(classify(b"  \t\r"), LineKind::Blank);
        assert_eq!(classify(b" # note"), LineKind::Comment);
        assert_eq!(classify(b"end\r"), LineKind::End);
        assert_eq!(classify(b"ending"), LineKind::Content(b"ending"));
        assert_eq!(classify(&vec![b'#'; MAX_LINE_LEN + 1]), LineKind::TooLong);
    }

    /// The format `FormatDetector` decides for `lines`, with the end of input after them.
    fn detect(lines: &[&[u8]]) -> InputFormat {
        let mut detector = FormatDetector::default();
        lines
            .iter()
            .find_map(|line| detector.feed(classify(line)))
            .unwrap_or_else(|| detector.at_end())
    }

    #[test]
    fn detects_grid_blocks_and_nothing_less() {
        let mut block: Vec<&[u8]> = vec![b"# a board", b"+-------+-------+-------+"];
        block.extend(SOLUTION.as_bytes().chunks(9));
        assert_eq!(detect(&block), InputFormat::Grid);
        // Eight rows, then a puzzle line: line format, every line kept.
        let mut cut: Vec<&[u8]> = SOLUTION.as_bytes().chunks(9).take(8).collect();
        cut.push(SOLUTION.as_bytes());
        assert_eq!(detect(&cut), InputFormat::Line);
        assert_eq!(
            detect(&[b"123456789", SOLUTION.as_bytes()]),
            InputFormat::Line
        );
        assert_eq!(
            detect(&[b"123456789", b"", b"123456789"]),
            InputFormat::Line
        );
        // Boards with something wrong in their first block are boards.
        let rows: Vec<&[u8]> = SOLUTION.as_bytes().chunks(9).collect();
        let damaged = [rows[0], rows[1], rows[2], b"12345678", rows[4]];
        assert_eq!(detect(&damaged), InputFormat::Grid);
        assert_eq!(detect(&[rows[0], rows[1], b"1234x6789"]), InputFormat::Grid);
        assert_eq!(
            detect(&[b"+---+---+---+", rows[0], b"1234"]),
            InputFormat::Grid
        );
        assert_eq!(detect(&[rows[0], rows[1], rows[2], b""]), InputFormat::Grid);
        assert_eq!(
            detect(&[rows[0], rows[1], b"# note", rows[2]]),
            InputFormat::Grid
        );
        assert_eq!(detect(&[rows[0], rows[1], rows[2]]), InputFormat::Grid);
        // A damaged first row waits for the line after it.
        assert_eq!(detect(&[b"12345678", rows[1], rows[2]]), InputFormat::Grid);
        assert_eq!(detect(&[rows[0], b"12345678"]), InputFormat::Grid);
        // But a puzzle line after them is a puzzle line, and one row-sized
        // line is not boards yet.
        assert_eq!(
            detect(&[rows[0], rows[1], SOLUTION.as_bytes()]),
            InputFormat::Line
        );
        assert_eq!(detect(&[b"hello", SOLUTION.as_bytes()]), InputFormat::Line);
        assert_eq!(detect(&[b"hello", b"world"]), InputFormat::Line);
        // Text that is no row decides at once, without waiting for more.
        assert_eq!(
            FormatDetector::default().feed(classify(b"not a puzzle")),
            Some(InputFormat::Line)
        );
        assert_eq!(detect(&[b"12345678", b""]), InputFormat::Line);
        assert_eq!(detect(&[b"12345678"]), InputFormat::Line);
        assert_eq!(detect(&[b"+-------+"]), InputFormat::Line);
        assert_eq!(detect(&[SOLUTION.as_bytes()]), InputFormat::Line);
        assert_eq!(detect(&[b"hello"]), InputFormat::Line);
        assert_eq!(detect(&[b"123456789"]), InputFormat::Line);
        assert_eq!(detect(&[b"", b"# only comments"]), InputFormat::Auto);
    }

    #[test]
    fn bytes_per_grid_is_what_a_grid_takes() {
        let grid: Grid = SOLUTION.parse().unwrap();
        for format in [OutputFormat::Line, OutputFormat::Grid, OutputFormat::Pretty] {
            let mut out = Vec::new();
            format.write_grid(&grid, &mut out);
            assert_eq!(out.len(), format.bytes_per_grid(), "{format:?}");
        }
    }

    #[test]
    fn pretty_output_reads_back_as_a_grid_block() {
        let grid: Grid = SOLUTION.parse().unwrap();
        for format in [OutputFormat::Grid, OutputFormat::Pretty] {
            let mut out = Vec::new();
            format.write_grid(&grid, &mut out);
            format.write_grid(&grid, &mut out);
            let records = feed_all(std::str::from_utf8(&out).unwrap());
            assert_eq!(records.len(), 2, "{format:?}");
            assert!(records.iter().all(|r| r.puzzle == Ok(grid)));
        }
        let mut out = Vec::new();
        OutputFormat::Pretty.write_grid(&grid, &mut out);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().nth(1), Some("| 5 2 7 | 3 8 9 | 4 1 6 |"));
        assert_eq!(text.lines().count(), 14);
    }

    #[test]
    fn puzzles_keep_empty_cells_and_pair_with_solutions() {
        let solution: Grid = SOLUTION.parse().unwrap();
        let mut puzzle = solution;
        puzzle.set(0, 0);
        let mut out = Vec::new();
        OutputFormat::Line.write_with_solution(&puzzle, &solution, &mut out);
        assert_eq!(out, format!(".{},{SOLUTION}\n", &SOLUTION[1..]).as_bytes());
        for format in [OutputFormat::Grid, OutputFormat::Pretty] {
            let mut out = Vec::new();
            format.write_with_solution(&puzzle, &solution, &mut out);
            let records = feed_all(std::str::from_utf8(&out).unwrap());
            let grids: Vec<_> = records.into_iter().map(|r| r.puzzle).collect();
            assert_eq!(grids, [Ok(puzzle), Ok(solution)], "{format:?}");
        }
    }

    #[test]
    fn damaged_block_does_not_shift_the_next() {
        let good: Vec<&str> = (0..9).map(|r| &SOLUTION[r * 9..][..9]).collect();
        let text = format!(
            "{}\n12345678\n\n{}\n{}\nend\n{}",
            good[..3].join("\n"),
            good.join("\n"),
            good[..2].join("\n"),
            good.join("\n"),
        );
        let records = feed_all(&text);
        assert_eq!(records.len(), 3);
        assert_eq!(records[0].line, 4);
        assert_eq!(
            records[0].puzzle,
            Err(Problem::WrongLength {
                expected: 9,
                found: 8
            })
        );
        assert_eq!(records[1].line, 6);
        assert!(records[1].puzzle.is_ok());
        assert_eq!(records[2].puzzle, Err(Problem::IncompleteGrid { rows: 2 }));
    }
}
