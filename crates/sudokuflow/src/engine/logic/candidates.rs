//! The candidate grid the step engine reasons on: for each cell its value or
//! the digits still possible there, kept both per cell and per digit so that
//! unit-wise techniques (subsets) and digit-wise ones (fish, chains) are cheap.

use std::fmt;

use super::cells::{BOX, COL, CellSet, PEERS, UNIT_SETS, digits};
use crate::grid::Grid;

/// Every digit's bit in a candidate mask (bit `d` for digit `d`).
pub const ALL_DIGITS: u16 = 0x3fe;

/// A grid of values and candidates. A filled cell has no candidates.
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    values: [u8; 81],
    masks: [u16; 81],
    /// The cells where each digit is a candidate (index 1-9).
    digit_cells: [CellSet; 10],
    /// The cells without a value.
    empty: CellSet,
}

/// Why a grid of values and marks cannot be reasoned on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CandidatesError {
    /// A digit repeats in a unit.
    ConflictingValues,
    /// An empty cell has no candidate left.
    NoCandidates {
        /// The cell, 0-80 in reading order.
        cell: usize,
    },
}

impl fmt::Display for CandidatesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CandidatesError::ConflictingValues => f.write_str("a digit repeats in a unit"),
            CandidatesError::NoCandidates { cell } => {
                write!(f, "{} has no candidate left", super::cells::CellName(*cell))
            }
        }
    }
}

impl std::error::Error for CandidatesError {}

/// Hashes the values and candidates, which the per-digit sets repeat: a
/// grid is hashed by the thousand while chains are rated.
impl std::hash::Hash for Candidates {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.values.hash(state);
        self.masks.hash(state);
    }
}

impl Candidates {
    /// The candidates of a puzzle: every digit not seen by a peer's value.
    ///
    /// # Errors
    /// When a digit repeats in a unit or an empty cell has no candidate.
    pub fn from_grid(grid: &Grid) -> Result<Candidates, CandidatesError> {
        Candidates::with_marks(grid, &[ALL_DIGITS; 81])
    }

    /// The candidates of a grid with pencil marks: each empty cell keeps the
    /// digits of `marks[cell]` (bit `d` for digit `d`) that no peer's value
    /// rules out. A player's notes come in this way; pass [`ALL_DIGITS`]
    /// for a cell without notes.
    ///
    /// # Errors
    /// When a digit repeats in a unit or an empty cell has no candidate.
    pub fn with_marks(grid: &Grid, marks: &[u16; 81]) -> Result<Candidates, CandidatesError> {
        let placed = grid
            .unit_digits()
            .ok_or(CandidatesError::ConflictingValues)?;
        let values = *grid.cells();
        // Each digit's cells are the empty cells no cell of that value sees;
        // then the marks take out what the player ruled out.
        let mut empty = CellSet::EMPTY;
        let mut seen = [CellSet::EMPTY; 10];
        for (cell, &value) in values.iter().enumerate() {
            match value {
                0 => empty.insert(cell),
                v => seen[usize::from(v)] |= PEERS[cell],
            }
        }
        // Every cell's mask row by row, where its units are known without
        // a division (a filled cell's is then cleared), and the digits
        // some note rules out.
        let mut masks = [0u16; 81];
        let mut unmarked = 0;
        for (row, row_masks) in masks.chunks_exact_mut(9).enumerate() {
            for (col, mask) in row_masks.iter_mut().enumerate() {
                let cell = 9 * row + col;
                let bx = BOX + row / 3 * 3 + col / 3;
                let mark = marks[cell] & ALL_DIGITS;
                unmarked |= ALL_DIGITS & !mark;
                let open = mark & !(placed[row] | placed[COL + col] | placed[bx]);
                *mask = if values[cell] == 0 { open } else { 0 };
            }
        }
        if let Some(cell) = empty.iter().find(|&cell| masks[cell] == 0) {
            return Err(CandidatesError::NoCandidates { cell });
        }
        let mut candidates = Candidates {
            values,
            masks,
            digit_cells: std::array::from_fn(|d| match d {
                0 => CellSet::EMPTY,
                d => empty - seen[d],
            }),
            empty,
        };
        if unmarked != 0 {
            for cell in empty {
                for d in digits(ALL_DIGITS & !marks[cell]) {
                    candidates.digit_cells[d as usize].remove(cell);
                }
            }
        }
        Ok(candidates)
    }

    /// The value of `cell`, 0 when empty.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (bit `d` for digit `d`); 0 for a filled cell.
    #[inline]
    pub fn mask(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// True when `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] >> digit & 1 != 0
    }

    /// The cells where `digit` is a candidate.
    #[inline]
    pub(crate) fn cells_of(&self, digit: u8) -> CellSet {
        self.digit_cells[digit as usize]
    }

    /// The cells of `unit` where `digit` is a candidate.
    #[inline]
    pub(crate) fn places(&self, unit: usize, digit: u8) -> CellSet {
        self.digit_cells[digit as usize] & UNIT_SETS[unit]
    }

    /// The empty cells.
    #[inline]
    pub(crate) fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// True when every cell has a value.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    /// True when every cell has a value and no digit repeats in a unit:
    /// the grid is a solution. Cheaper than the grid's own check, as nine
    /// values hold each digit once when their bits together make all nine.
    pub fn is_solved_consistently(&self) -> bool {
        // An empty cell's bit 0 leaves its units short of a digit.
        let mut all = ALL_DIGITS;
        let mut cols = [0u16; 9];
        for band in self.values.chunks_exact(27) {
            let mut boxes = [0u16; 3];
            for values in band.chunks_exact(9) {
                let mut row = 0u16;
                for (col, &v) in values.iter().enumerate() {
                    let bit = 1u16 << v;
                    row |= bit;
                    cols[col] |= bit;
                    boxes[col / 3] |= bit;
                }
                all &= row;
            }
            all &= boxes[0] & boxes[1] & boxes[2];
        }
        cols.iter().fold(all, |all, &col| all & col) == ALL_DIGITS
    }

    /// The values as a grid (0 for empty cells).
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("values are digits")
    }

    /// Puts `digit` in `cell` and removes it from the candidates of the peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        // Out of every digit's cells: fewer instructions than a loop over
        // the cell's digits.
        for cells in &mut self.digit_cells {
            cells.remove(cell);
        }
        self.masks[cell] = 0;
        self.values[cell] = digit;
        self.empty.remove(cell);
        let bit = 1u16 << digit;
        let seen = self.digit_cells[digit as usize] & PEERS[cell];
        for peer in seen.iter() {
            self.masks[peer] &= !bit;
        }
        self.digit_cells[digit as usize] = self.digit_cells[digit as usize] - seen;
    }

    /// Removes `digit` from the candidates of `cell`; false if it was not one.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.has(cell, digit);
        self.masks[cell] &= !(1u16 << digit);
        self.digit_cells[digit as usize].remove(cell);
        had
    }

    /// True when some empty cell has no candidate, or some unit has a digit
    /// neither placed nor possible anywhere: the grid cannot be completed.
    pub fn is_broken(&self) -> bool {
        if (0..81).any(|c| self.values[c] == 0 && self.masks[c] == 0) {
            return true;
        }
        (0..27).any(|unit| {
            (1..=9).any(|d| {
                self.places(unit, d).is_empty()
                    && !super::cells::UNIT_CELLS[unit]
                        .iter()
                        .any(|&c| self.values[c as usize] == d)
            })
        })
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_exclude_the_peers_values() {
        let grid: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let candidates = Candidates::from_grid(&grid).unwrap();
        // r1c3 sees 5 3 7 (row), 8 (column), 6 9 8 (box).
        assert_eq!(candidates.mask(2), (1 << 1) | (1 << 2) | (1 << 4));
        assert_eq!(candidates.value(0), 5);
        assert_eq!(candidates.mask(0), 0);
        for d in 1..=9u8 {
            for cell in 0..81 {
                assert_eq!(
                    candidates.cells_of(d).contains(cell),
                    candidates.has(cell, d)
                );
            }
        }
    }

    #[test]
    fn a_solved_grid_is_consistent_only_without_a_repeat() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut c = Candidates::from_grid(&solution.parse().unwrap()).unwrap();
        assert!(c.is_solved_consistently());
        // One cell short, then filled with the digit it lacks or another.
        let puzzle = format!(".{}", &solution[1..]);
        c = Candidates::from_grid(&puzzle.parse().unwrap()).unwrap();
        assert!(!c.is_solved_consistently());
        let mut wrong = c.clone();
        c.place(0, 5);
        assert!(c.is_solved_consistently());
        wrong.place(0, 3);
        assert!(!wrong.is_solved_consistently());
    }

    #[test]
    fn conflicting_values_are_refused() {
        let mut cells = [0u8; 81];
        cells[0] = 4;
        cells[8] = 4;
        let grid = Grid::from_cells(cells).unwrap();
        assert_eq!(
            Candidates::from_grid(&grid),
            Err(CandidatesError::ConflictingValues)
        );
    }
}
