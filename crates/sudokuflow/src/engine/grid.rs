//! The `Grid` type: 81 cells in row-major order, and the one-line text format.
//!
//! A cell holds 0 when empty and 1 to 9 when filled. The line format has one
//! character per cell: `1`-`9` for a digit, `.` or `0` for an empty cell.

use std::fmt;

use crate::format::printable;

/// A 9x9 Sudoku grid, row-major, 0 for an empty cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; 81],
}

/// Why a line is not a puzzle in the line format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// The line holds this many cells instead of 81.
    WrongLength(usize),
    /// This byte, at this 0-based column, is not `1`-`9`, `.` or `0`.
    BadCharacter {
        /// Where, from 0.
        column: usize,
        /// The byte found.
        byte: u8,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::WrongLength(n) => write!(f, "expected 81 cells, found {n}"),
            ParseError::BadCharacter { column, byte } => write!(
                f,
                "bad character '{}' at column {}; use 1-9, '.' or '0'",
                printable(&[byte]),
                column + 1
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl Grid {
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// A grid from 81 cell values (0 for empty). Returns `None` if a value is over 9.
    pub fn from_cells(cells: [u8; 81]) -> Option<Grid> {
        // A fold rather than `all`, whose early exit keeps it a byte loop:
        // solving calls this once per puzzle.
        let over = cells.iter().fold(0, |over, &v| over | u8::from(v > 9));
        (over == 0).then_some(Grid { cells })
    }

    /// Parses one line of the line format. The slice must not contain the line
    /// ending; trailing spaces, tabs and a `\r` are tolerated.
    ///
    /// # Errors
    /// When the line does not hold 81 cells, or holds a byte other than
    /// `1`-`9`, `.` and `0`.
    pub fn parse_line(line: &[u8]) -> Result<Grid, ParseError> {
        let line = trim_end(line);
        let Ok(bytes) = <&[u8; 81]>::try_from(line) else {
            return Err(match line.iter().position(|&b| !is_cell_byte(b)) {
                // A bad byte within the first 81 is the more useful report.
                Some(column) if column < 81 => ParseError::BadCharacter {
                    column,
                    byte: line[column],
                },
                _ => ParseError::WrongLength(line.len()),
            });
        };
        // Branch-free so that the compiler turns it into a few vector
        // operations: this runs once per input line.
        let mut cells = [0u8; 81];
        let mut bad = false;
        for (cell, &byte) in cells.iter_mut().zip(bytes) {
            let digit = byte.wrapping_sub(b'0');
            let is_digit = digit <= 9;
            bad |= !is_digit & (byte != b'.');
            *cell = if is_digit { digit } else { 0 };
        }
        if bad {
            let column = bytes
                .iter()
                .position(|&b| !is_cell_byte(b))
                .expect("a bad byte was seen");
            return Err(ParseError::BadCharacter {
                column,
                byte: bytes[column],
            });
        }
        Ok(Grid { cells })
    }

    /// The 81 cells, row-major, 0 for empty.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The value at `index` (0 to 80), 0 for empty.
    pub fn get(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Sets the cell at `index` to `value` (0 to clear).
    ///
    /// # Panics
    /// If `index` is over 80 or `value` over 9.
    pub fn set(&mut self, index: usize, value: u8) {
        assert!(value <= 9, "cell value {value} out of range");
        self.cells[index] = value;
    }

    /// How many cells are filled.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// True when no digit repeats in a row, column or box (empty cells allowed).
    pub fn is_consistent(&self) -> bool {
        self.unit_digits().is_some()
    }

    /// The digits in each unit (bit `d` for digit `d`; rows 0-8, columns
    /// 9-17, boxes 18-26), or `None` when a digit repeats in a unit.
    pub fn unit_digits(&self) -> Option<[u16; 27]> {
        let mut seen = [0u16; 27];
        // Without a branch per cell: an empty cell's bit 0 is masked off,
        // and a repeat is noted and looked at once at the end. A band's
        // rows, columns and boxes are gathered in locals, which stay in
        // registers.
        let mut repeated = 0u16;
        let mut cols = [0u16; 9];
        for (band, rows) in self.cells.chunks_exact(27).enumerate() {
            let mut boxes = [0u16; 3];
            for (r, values) in rows.chunks_exact(9).enumerate() {
                let mut row = 0u16;
                for (col, &v) in values.iter().enumerate() {
                    let bit = 1u16 << v & !1;
                    repeated |= (row | cols[col] | boxes[col / 3]) & bit;
                    row |= bit;
                    cols[col] |= bit;
                    boxes[col / 3] |= bit;
                }
                seen[3 * band + r] = row;
            }
            seen[18 + 3 * band..][..3].copy_from_slice(&boxes);
        }
        seen[9..18].copy_from_slice(&cols);
        (repeated == 0).then_some(seen)
    }

    /// True when this is a complete valid grid that keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.is_full()
            && self.is_consistent()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// Appends the 81-character line form (digits, `.` for empty), without newline.
    pub fn write_line(&self, out: &mut Vec<u8>) {
        out.extend(
            self.cells
                .iter()
                .map(|&v| if v == 0 { b'.' } else { b'0' + v }),
        );
    }
}

fn is_cell_byte(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'.')
}

fn trim_end(mut line: &[u8]) -> &[u8] {
    while let [rest @ .., b' ' | b'\t' | b'\r'] = line {
        line = rest;
    }
    line
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::with_capacity(81);
        self.write_line(&mut line);
        f.write_str(std::str::from_utf8(&line).expect("line form is ASCII"))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse_line(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sudokuflow_test::property::check;

    /// The line format read the obvious way, one byte at a time.
    fn parse_simply(mut line: &[u8]) -> Result<[u8; 81], ParseError> {
        while let Some((b' ' | b'\t' | b'\r', rest)) = line.split_last() {
            line = rest;
        }
        let mut cells = Vec::new();
        for (column, &byte) in line.iter().enumerate() {
            match byte {
                b'1'..=b'9' => cells.push(byte - b'0'),
                b'.' | b'0' => cells.push(0),
                _ if column < 81 => return Err(ParseError::BadCharacter { column, byte }),
                _ => return Err(ParseError::WrongLength(line.len())),
            }
        }
        cells
            .try_into()
            .map_err(|_| ParseError::WrongLength(line.len()))
    }

    /// Good lines (maybe with trailing blanks), good lines with one byte
    /// changed, cells short or over, and bytes of any kind: each outcome of
    /// parsing is common.
    #[test]
    fn parse_agrees_with_the_simple_parser() {
        let cell = || proptest::sample::select(b".0123456789".to_vec());
        let good = proptest::collection::vec(cell(), 81);
        let blanks = proptest::collection::vec(proptest::sample::select(b" \t\r".to_vec()), 0..4);
        let lines = prop_oneof![
            (good.clone(), blanks).prop_map(|(line, blanks)| [line, blanks].concat()),
            (good, 0usize..81, any::<u8>()).prop_map(|(mut line, at, byte)| {
                line[at] = byte;
                line
            }),
            proptest::collection::vec(cell(), 75..=88),
            proptest::collection::vec(prop_oneof![8 => cell(), 1 => any::<u8>()], 78..=84,),
        ];
        let shares = check(2000, lines, |line, shares| {
            let fast = Grid::parse_line(&line).map(|g| *g.cells());
            shares.saw(match fast {
                Ok(_) => "a grid",
                Err(ParseError::WrongLength(_)) => "wrong length",
                Err(ParseError::BadCharacter { .. }) => "bad character",
            });
            prop_assert_eq!(fast, parse_simply(&line));
            Ok(())
        });
        for outcome in ["a grid", "wrong length", "bad character"] {
            shares.assert_at_least(outcome, 20);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn line_form_round_trips(cells in proptest::array::uniform32(0u8..=9)) {
            // 32 random cells spread over the grid by a fixed stride.
            let mut grid = Grid::EMPTY;
            for (k, &v) in cells.iter().enumerate() {
                grid.set(k * 5 % 81, v);
            }
            let mut line = Vec::new();
            grid.write_line(&mut line);
            prop_assert_eq!(Grid::parse_line(&line), Ok(grid));
        }
    }

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    #[test]
    fn parses_and_formats_back() {
        let g: Grid = PUZZLE.parse().unwrap();
        assert_eq!(g.to_string(), PUZZLE);
        assert_eq!(g.get(1), 2);
        assert_eq!(g.get(0), 0);
    }

    #[test]
    fn zero_is_empty_and_trailing_space_is_tolerated() {
        let zeros = PUZZLE.replace('.', "0") + " \r";
        assert_eq!(
            Grid::parse_line(zeros.as_bytes()).unwrap(),
            PUZZLE.parse().unwrap()
        );
    }

    #[test]
    fn reports_length_and_bad_characters() {
        assert_eq!(
            Grid::parse_line(&PUZZLE.as_bytes()[..80]),
            Err(ParseError::WrongLength(80))
        );
        let mut bad = PUZZLE.as_bytes().to_vec();
        bad[5] = b'x';
        assert_eq!(
            Grid::parse_line(&bad),
            Err(ParseError::BadCharacter {
                column: 5,
                byte: b'x'
            })
        );
    }

    #[test]
    fn consistency_detects_repeats() {
        let mut g = Grid::EMPTY;
        g.set(0, 5);
        g.set(80, 5);
        assert!(g.is_consistent());
        g.set(8, 5); // same row as cell 0
        assert!(!g.is_consistent());
    }
}
