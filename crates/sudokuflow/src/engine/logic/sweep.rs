//! Batched singles for rating. Rating needs only the difficulty of each
//! step, not the steps themselves, so all the singles of the easiest kind
//! available are placed at once: each stays a single (or becomes an easier
//! one) while the others are placed, so the hardest rating on the way, and
//! with it ER, EP and ED, is the one the step-by-step engine finds. Past the
//! first placement, every single up to ER so far goes in one pass. The tests
//! in `tests/logic.rs` check that `rate` and `explain` agree.
//!
//! Both look only at the units changed since the last grid known to have no
//! full house or hidden single (`none`): whether a unit has one depends on
//! its cells alone. Where a pass would have placed a single that an earlier
//! placement of the pass made in a unit it skips, the next bulk pass, which
//! comes before any other step is looked for, places it: the singles reach
//! the same grid in any order.

use super::Candidates;
use super::cells::{
    ALL_UNITS, CellSet, LINE_UNITS, PEERS, UNIT_CELLS, UNIT_SETS, UNITS_OF_CELL, digits, units_in,
};
use super::memo::NoneByUnit;
use super::step::{Difficulty, Technique};

/// Places every single of the easiest kind available: full houses, else
/// hidden singles in boxes, else hidden singles in lines. Returns that kind,
/// or `None` when there is none (naked singles are left to the step engine,
/// as direct techniques rate below them). The kinds rated at most `absent`
/// are known to have none ([`place_singles_up_to`] that rating has just
/// placed nothing) and are not looked for.
pub fn place_singles(
    c: &mut Candidates,
    absent: Difficulty,
    none: &mut NoneByUnit,
) -> Option<Technique> {
    let looked_for = |technique: Technique| technique.base_rating() > absent;
    if !looked_for(Technique::HiddenSingleLine) {
        // That pass also remembered the grid.
        return None;
    }
    let changed = none.changed_units(c);
    if looked_for(Technique::FullHouse) && place_full_houses(c, changed) {
        return Some(Technique::FullHouse);
    }
    if looked_for(Technique::HiddenSingleBox) && place_hidden_singles(c, changed & !LINE_UNITS) {
        return Some(Technique::HiddenSingleBox);
    }
    if place_hidden_singles(c, changed & LINE_UNITS) {
        return Some(Technique::HiddenSingleLine);
    }
    none.record(c);
    None
}

/// Places every single rated at most `limit` (past the first placement,
/// where their order does not matter), and the singles those placements
/// make: full houses, hidden singles in boxes from 1.2, in lines from 1.5,
/// naked singles from 2.3. Each unit is looked at once, and again only when
/// a placement changed it so that it may hold one: it holds the cell placed,
/// or the digit placed has one place left in it. True if it placed any.
pub fn place_singles_up_to(c: &mut Candidates, limit: Difficulty, none: &mut NoneByUnit) -> bool {
    let boxes = limit >= Technique::HiddenSingleBox.base_rating();
    let lines = limit >= Technique::HiddenSingleLine.base_rating();
    let naked = limit >= Technique::NakedSingle.base_rating();
    let hidden_units = match (boxes, lines) {
        (_, true) => ALL_UNITS,
        (true, false) => ALL_UNITS & !LINE_UNITS,
        (false, false) => 0,
    };
    let mut work = Work {
        units: none.changed_units(c),
        cells: if naked {
            c.empty_cells()
        } else {
            CellSet::EMPTY
        },
        hidden_units,
        naked,
        placed: false,
    };
    loop {
        if let Some(cell) = work.cells.first() {
            work.cells.remove(cell);
            if let Some(digit) = only_digit(c.mask(cell)) {
                work.place(c, cell, digit);
            }
        } else if work.units != 0 {
            let unit = work.units.trailing_zeros() as usize;
            work.units &= work.units - 1;
            if hidden_units >> unit & 1 != 0 {
                for digit in digits(hidden_singles_in(c, unit)) {
                    // Still a place (a placement before may have taken it).
                    if let Some(cell) = c.places(unit, digit).first() {
                        work.place(c, cell, digit);
                    }
                }
            } else if let Some((cell, digit)) = full_house_in(c, unit) {
                work.place(c, cell, digit);
            }
        } else {
            // Every unit changed has been looked at for every kind.
            if lines {
                none.record(c);
            }
            return work.placed;
        }
    }
}

/// What [`place_singles_up_to`] has left to look at.
struct Work {
    /// Units that may hold a hidden single or full house (bit per unit).
    units: u32,
    /// Cells that may be naked singles.
    cells: CellSet,
    /// The units looked at for hidden singles, not only full houses.
    hidden_units: u32,
    /// Whether naked singles are placed.
    naked: bool,
    /// Whether a digit has been placed.
    placed: bool,
}

impl Work {
    /// Places `digit` in `cell`, and marks what that changed: the units of
    /// the cell, those of the peers that lose the digit where that leaves
    /// it one place, and those peers. (Only the cell's units have one cell
    /// fewer: no other can gain a full house.)
    fn place(&mut self, c: &mut Candidates, cell: usize, digit: u8) {
        let losing = c.cells_of(digit) & PEERS[cell];
        c.place(cell, digit);
        self.placed = true;
        let own = UNITS_OF_CELL[cell];
        let mut peer_units = 0;
        for peer in losing {
            peer_units |= UNITS_OF_CELL[peer];
        }
        // Elsewhere only `digit` lost places, which needs a look only
        // where one is left.
        for unit in units_in(peer_units & self.hidden_units & !(own | self.units)) {
            if c.places(unit, digit).len_at_most(1) {
                self.units |= 1 << unit;
            }
        }
        self.units |= own;
        if self.naked {
            self.cells |= losing;
        }
    }
}

/// Places every naked single; true if there was one. Call only where the
/// step engine has found that the easiest step is a naked single.
pub fn place_naked_singles(c: &mut Candidates) -> bool {
    let mut placed = false;
    for cell in c.empty_cells() {
        if let Some(digit) = only_digit(c.mask(cell)) {
            c.place(cell, digit);
            placed = true;
        }
    }
    placed
}

/// Places the full houses of the units of `units` (bit per unit).
fn place_full_houses(c: &mut Candidates, units: u32) -> bool {
    let mut placed = false;
    for unit in units_in(units) {
        placed |= place_full_house_in(c, unit);
    }
    placed
}

/// Places the last empty cell of `unit`, if it has one.
fn place_full_house_in(c: &mut Candidates, unit: usize) -> bool {
    let house = full_house_in(c, unit);
    if let Some((cell, digit)) = house {
        c.place(cell, digit);
    }
    house.is_some()
}

/// The last empty cell of `unit` and its digit, if it has one.
fn full_house_in(c: &Candidates, unit: usize) -> Option<(usize, u8)> {
    let left = c.empty_cells() & UNIT_SETS[unit];
    // Most units have more: that is ruled out first.
    if !left.len_at_most(1) {
        return None;
    }
    let cell = left.first()?;
    Some((cell, only_digit(c.mask(cell))?))
}

/// The digit of a mask with exactly one (bit `d` for digit `d`).
fn only_digit(mask: u16) -> Option<u8> {
    (mask != 0 && mask & (mask - 1) == 0).then(|| mask.trailing_zeros() as u8)
}

/// Places the hidden singles of the units of `units` (bit per unit).
fn place_hidden_singles(c: &mut Candidates, units: u32) -> bool {
    let mut placed = false;
    for unit in units_in(units) {
        for digit in digits(hidden_singles_in(c, unit)) {
            // Still a place (a placement before may have taken it).
            if let Some(cell) = c.places(unit, digit).first() {
                c.place(cell, digit);
                placed = true;
            }
        }
    }
    placed
}

/// The digits with one place left in `unit` (bit `d` for digit `d`).
fn hidden_singles_in(c: &Candidates, unit: usize) -> u16 {
    // Seen once, not twice.
    let (mut once, mut twice) = (0u16, 0u16);
    for &cell in &UNIT_CELLS[unit] {
        let mask = c.mask(cell.into());
        twice |= once & mask;
        once |= mask;
    }
    once & !twice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{Options, Stepper};

    #[test]
    fn sweeps_that_remember_reach_what_full_sweeps_reach() {
        let options = Options::default().with_budget(None);
        let mut placed = 0;
        for line in [
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9.",
            "...2....82.96..13.....7..2.67...39....2....8..51......3.4.9........25.4..9......1",
            "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....",
        ] {
            let puzzle: Grid = line.parse().unwrap();
            let mut stepper = Stepper::new(Candidates::from_grid(&puzzle).unwrap(), true, &options);
            let mut none = NoneByUnit::default();
            for step_index in 0usize.. {
                let limit = [10, 12, 15, 23][step_index % 4];
                let (mut remembering, mut full) =
                    (stepper.candidates().clone(), stepper.candidates().clone());
                if step_index % 5 == 0 {
                    // The easiest kind is the same; the grids may differ,
                    // until the next bulk pass.
                    let kind = place_singles(&mut remembering, Difficulty(0), &mut none);
                    let full_kind =
                        place_singles(&mut full, Difficulty(0), &mut NoneByUnit::default());
                    assert_eq!(kind, full_kind, "{line}, step {step_index}");
                    placed += usize::from(kind.is_some());
                } else {
                    let limit = Difficulty(limit);
                    let with = place_singles_up_to(&mut remembering, limit, &mut none);
                    let without = place_singles_up_to(&mut full, limit, &mut NoneByUnit::default());
                    assert_eq!(with, without, "{line}, step {step_index}");
                    assert_eq!(remembering, full, "{line}, step {step_index}");
                    placed += usize::from(with);
                    if !with {
                        // The easiest kind left, looked for above the limit.
                        let kind = place_singles(&mut remembering, limit, &mut none);
                        let full_kind =
                            place_singles(&mut full, Difficulty(0), &mut NoneByUnit::default());
                        assert_eq!(kind, full_kind, "{line}, step {step_index}");
                        placed += usize::from(kind.is_some());
                    }
                }
                if stepper.next().is_none() {
                    break;
                }
            }
        }
        assert!(placed > 10, "{placed}");
    }
}
