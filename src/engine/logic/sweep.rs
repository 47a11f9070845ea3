//! Batched singles for rating. Rating needs only the difficulty of each
//! step, not the steps themselves, so all the singles of the easiest kind
//! available are placed at once: each stays a single (or becomes an easier
//! one) while the others are placed, so the hardest rating on the way, and
//! with it ER, EP and ED, is the one the step-by-step engine finds. The
//! oracle test `batched_rating_equals_step_by_step` checks that.

use super::Candidates;
use super::cells::{BOX, UNIT_CELLS, UNIT_SETS, digits};
use super::step::Technique;

/// Places every single of the easiest kind available: full houses, else
/// hidden singles in boxes, else hidden singles in lines. Returns that kind,
/// or `None` when there is none (naked singles are left to the step engine,
/// as direct techniques rate below them).
pub fn place_singles(c: &mut Candidates) -> Option<Technique> {
    if place_full_houses(c) {
        return Some(Technique::FullHouse);
    }
    if place_hidden_singles(c, BOX..27) {
        return Some(Technique::HiddenSingleBox);
    }
    if place_hidden_singles(c, 0..BOX) {
        return Some(Technique::HiddenSingleLine);
    }
    None
}

/// Places every naked single; true if there was one. Call only where the
/// step engine has found that the easiest step is a naked single.
pub fn place_naked_singles(c: &mut Candidates) -> bool {
    let mut placed = false;
    for cell in c.empty_cells() {
        let mask = c.mask(cell);
        if mask.count_ones() == 1 {
            c.place(cell, mask.trailing_zeros() as u8);
            placed = true;
        }
    }
    placed
}

fn place_full_houses(c: &mut Candidates) -> bool {
    let mut placed = false;
    for unit in UNIT_SETS {
        let left = c.empty_cells() & unit;
        if left.len() == 1 {
            let cell = left.first().expect("one cell");
            let mask = c.mask(cell);
            if mask.count_ones() == 1 {
                c.place(cell, mask.trailing_zeros() as u8);
                placed = true;
            }
        }
    }
    placed
}

fn place_hidden_singles(c: &mut Candidates, units: std::ops::Range<usize>) -> bool {
    let mut placed = false;
    for unit in units {
        let cells = &UNIT_CELLS[unit];
        // The digits with one place in the unit: seen once, not twice.
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in cells {
            let mask = c.mask(cell.into());
            twice |= once & mask;
            once |= mask;
        }
        for digit in digits(once & !twice) {
            // Still a candidate there (a placement before may have taken it).
            if let Some(&cell) = cells.iter().find(|&&cell| c.has(cell.into(), digit)) {
                c.place(cell.into(), digit);
                placed = true;
            }
        }
    }
    placed
}
