//! What a search found nothing on, so that the same search on a later grid
//! looks only where the grid has changed since. The step engine repeats the
//! searches for the easier techniques before every step, and between two
//! steps most of the grid stays as it was.
//!
//! Three kinds, by what a technique's instances depend on: fish on one
//! digit's cells alone ([`NoneByDigit`]), subsets and singles on one unit's
//! cells alone ([`NoneByUnit`]), aligned triple exclusion on a few cells
//! and those that see them all ([`NoneByCell`]). A search given only the
//! changed digits, units or cells finds what a search of the whole grid
//! finds first, as those it leaves out have nothing to offer.
//! (Intersections keep more than a memo: every digit's pointings and
//! claimings, see `intersections.rs`.)

use super::cells::{CellSet, UNITS_OF_CELL};
use super::{ALL_DIGITS, Candidates};

/// Each digit's cells on the last grid where a search by digit found nothing.
#[derive(Default)]
pub struct NoneByDigit {
    on: Option<[CellSet; 10]>,
}

impl NoneByDigit {
    /// Runs `search` over the digits whose cells changed since it last found
    /// nothing (bit `d` for digit `d`; every digit at first), and remembers
    /// `c` when it finds nothing.
    pub fn search<T>(
        &mut self,
        c: &Candidates,
        search: impl FnOnce(u16) -> Option<T>,
    ) -> Option<T> {
        let changed = match &self.on {
            Some(on) => (1..=9u8)
                .filter(|&d| on[usize::from(d)] != c.cells_of(d))
                .fold(0, |m, d| m | 1 << d),
            None => ALL_DIGITS,
        };
        if changed == 0 {
            return None;
        }
        let found = search(changed);
        if found.is_none() {
            self.on = Some(std::array::from_fn(|d| match d {
                0 => CellSet::EMPTY,
                d => c.cells_of(d as u8),
            }));
        }
        found
    }
}

/// The candidates of each cell on the last grid where a search found
/// nothing.
#[derive(Default)]
struct LastGrid {
    on: Option<[u16; 81]>,
}

impl LastGrid {
    /// The cells changed since the grid remembered (every cell when there
    /// is none).
    fn changed_cells(&self, c: &Candidates) -> CellSet {
        match &self.on {
            Some(on) => (0..81)
                .filter(|&cell| on[cell] != c.mask(cell))
                .fold(CellSet::EMPTY, |set, cell| set | CellSet::single(cell)),
            None => CellSet::ALL,
        }
    }

    fn record(&mut self, c: &Candidates) {
        self.on = Some(std::array::from_fn(|cell| c.mask(cell)));
    }
}

/// The candidates on the last grid where a search by unit found nothing.
#[derive(Default)]
pub struct NoneByUnit {
    last: LastGrid,
}

impl NoneByUnit {
    /// Runs `search` over the units with a cell changed since it last found
    /// nothing (bit per unit; every unit at first), and remembers `c` when
    /// it finds nothing.
    pub fn search<T>(
        &mut self,
        c: &Candidates,
        search: impl FnOnce(u32) -> Option<T>,
    ) -> Option<T> {
        let changed = self.changed_units(c);
        if changed == 0 {
            return None;
        }
        let found = search(changed);
        if found.is_none() {
            self.record(c);
        }
        found
    }

    /// The units with a cell changed since the grid remembered (bit per
    /// unit; every unit when there is none).
    pub fn changed_units(&self, c: &Candidates) -> u32 {
        self.last
            .changed_cells(c)
            .iter()
            .fold(0, |units, cell| units | UNITS_OF_CELL[cell])
    }

    /// Remembers `c` as a grid where the search has nothing to find.
    pub fn record(&mut self, c: &Candidates) {
        self.last.record(c);
    }
}

/// The candidates on the last grid where a search by cell found nothing:
/// for searches whose instances depend on a few cells each, their own and
/// those that see them.
#[derive(Default)]
pub struct NoneByCell {
    last: LastGrid,
}

impl NoneByCell {
    /// Runs `search` over the cells changed since it last found nothing
    /// (every cell at first), and remembers `c` when it finds nothing.
    pub fn search<T>(
        &mut self,
        c: &Candidates,
        search: impl FnOnce(CellSet) -> Option<T>,
    ) -> Option<T> {
        let changed = self.last.changed_cells(c);
        if changed.is_empty() {
            return None;
        }
        let found = search(changed);
        if found.is_none() {
            self.last.record(c);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::super::{FINDERS, Options, Searches, Stepper, Technique, Words};
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn searches_that_remember_find_what_fresh_searches_find() {
        let options = Options::default().with_budget(None);
        // Puzzles that need direct techniques, subsets, fish and wings.
        let puzzles = [
            "...2....82.96..13.....7..2.67...39....2....8..51......3.4.9........25.4..9......1",
            "...5...2.3...71..94............294.1..93..87...5.....363....1....7.....5.8.6.3...",
            "275......9.....4..41....6.......1..9....25.78..3.8....6..873.........71....4.2.8.",
            "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....",
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9.",
        ];
        let remembering: Vec<_> = FINDERS
            .iter()
            .filter(|(t, _, _)| *t >= Technique::DirectPointing && *t <= Technique::HiddenQuad)
            .collect();
        let mut found = 0;
        for line in puzzles {
            let puzzle: Grid = line.parse().unwrap();
            let mut stepper = Stepper::new(Candidates::from_grid(&puzzle).unwrap(), true, &options);
            let mut searches = Searches::new(None, Words::Described);
            for step_index in 0.. {
                let c = stepper.candidates().clone();
                for (i, (technique, _, find)) in remembering.iter().enumerate() {
                    // Skip some grids, so that a memo is also used several
                    // steps after it was made.
                    if (step_index * 7 + i) % 3 == 0 {
                        continue;
                    }
                    let with = find(&c, &mut searches);
                    let without = find(&c, &mut Searches::new(None, Words::Described));
                    assert_eq!(
                        with, without,
                        "{technique:?} on {line}, step {step_index}: {c:?}"
                    );
                    found += usize::from(with.is_some());
                }
                if stepper.next().is_none() {
                    break;
                }
            }
        }
        // The finders find steps, so the memos are both used and refreshed.
        assert!(found > 50, "{found}");
    }
}
