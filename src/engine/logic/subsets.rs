//! Subsets: n cells of a unit holding only n digits (naked pair, triplet,
//! quad), or n digits of a unit confined to n cells (hidden pair, triplet,
//! quad); and the direct hidden pair and triplet, which leave a hidden single.

use super::Candidates;
use super::cells::{
    CellSet, UNIT_CELLS, UNIT_SETS, UNITS_OF_CELL, UnitName, cell_list, digit_list, digits,
    subsets_of_size,
};
use super::singles::{SingleIn, make_direct};
use super::step::{Candidate, Step, Technique};

pub fn naked_pair(c: &Candidates) -> Option<Step> {
    naked_subsets(c, 2).next()
}

pub fn naked_triple(c: &Candidates) -> Option<Step> {
    naked_subsets(c, 3).next()
}

pub fn naked_quad(c: &Candidates) -> Option<Step> {
    naked_subsets(c, 4).next()
}

pub fn hidden_pair(c: &Candidates) -> Option<Step> {
    hidden_subsets(c, 2).next()
}

pub fn hidden_triple(c: &Candidates) -> Option<Step> {
    hidden_subsets(c, 3).next()
}

pub fn hidden_quad(c: &Candidates) -> Option<Step> {
    hidden_subsets(c, 4).next()
}

pub fn direct_hidden_pair(c: &Candidates, memo: &mut DirectHiddenMemo) -> Option<Step> {
    direct_hidden(c, 2, Technique::DirectHiddenPair, memo)
}

pub fn direct_hidden_triple(c: &Candidates, memo: &mut DirectHiddenMemo) -> Option<Step> {
    direct_hidden(c, 3, Technique::DirectHiddenTriple, memo)
}

/// The candidates of the last grid on which no unit had a direct hidden
/// pair (index 0) or triplet (index 1) to offer. Whether a unit has one
/// depends on its nine cells alone, so on a later grid only the units with
/// a changed cell need looking at: the search the step engine repeats most.
#[derive(Default)]
pub struct DirectHiddenMemo {
    none_on: [Option<[u16; 81]>; 2],
}

/// The first hidden subset of size `n` whose eliminations leave a hidden single.
fn direct_hidden(
    c: &Candidates,
    n: u32,
    technique: Technique,
    memo: &mut DirectHiddenMemo,
) -> Option<Step> {
    let none_on = &mut memo.none_on[n as usize - 2];
    let units = match none_on {
        Some(masks) => (0..81)
            .filter(|&cell| masks[cell] != c.mask(cell))
            .fold(0, |units, cell| units | UNITS_OF_CELL[cell]),
        None => (1 << 27) - 1,
    };
    let Some((unit, chosen, cells)) = hidden_sets(c, n, units).find(|&(unit, chosen, cells)| {
        // A digit other than the subset's left with one place in the unit.
        let others = cells.iter().fold(0, |m, cell| m | c.mask(cell)) & !chosen;
        digits(others).any(|d| {
            let places = c.places(unit, d);
            let outside = places - cells;
            !places.len_at_most(1) && !outside.is_empty() && outside.len_at_most(1)
        })
    }) else {
        *none_on = Some(std::array::from_fn(|cell| c.mask(cell)));
        return None;
    };
    let step = hidden_step(c, n, unit, chosen, cells)?;
    make_direct(c, step, technique, SingleIn::Unit(unit))
}

/// Every naked subset of size `n` that eliminates something, unit by unit.
pub(super) fn naked_subsets(c: &Candidates, n: u32) -> impl Iterator<Item = Step> + '_ {
    (0..27).flat_map(move |unit| {
        let cells = &UNIT_CELLS[unit];
        // Positions (0-8) of the unit's empty cells with 2 to n candidates.
        let usable: u16 = (0..9)
            .filter(|&i| {
                let k = c.mask(cells[i].into()).count_ones();
                (2..=n).contains(&k)
            })
            .fold(0, |m, i| m | 1 << i);
        subsets_of_size(usable, n).filter_map(move |m| {
            let chosen: CellSet = (0..9)
                .filter(|i| m >> i & 1 != 0)
                .map(|i| CellSet::single(cells[i].into()))
                .fold(CellSet::EMPTY, |a, b| a | b);
            let union = chosen.iter().fold(0u16, |u, cell| u | c.mask(cell));
            if union.count_ones() != n {
                return None;
            }
            naked_step(c, n, unit, chosen, union)
        })
    })
}

fn naked_step(c: &Candidates, n: u32, unit: usize, chosen: CellSet, union: u16) -> Option<Step> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][n as usize - 2];
    let mut eliminations = Vec::new();
    for d in digits(union) {
        for cell in (c.cells_of(d) & UNIT_SETS[unit]) - chosen {
            eliminations.push(Candidate::new(cell, d));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(
        technique,
        format!(
            "{}: {} hold only {} in {}, so {} go from the rest of {}",
            technique.name().to_lowercase(),
            cell_list(chosen.iter()),
            digit_list(union),
            UnitName(unit),
            digit_list(union),
            UnitName(unit)
        ),
    );
    step.focus = chosen
        .iter()
        .flat_map(|cell| digits(c.mask(cell)).map(move |d| Candidate::new(cell, d)))
        .collect();
    step.eliminations = eliminations;
    Some(step)
}

/// Every hidden subset of size `n` that eliminates something, unit by unit.
pub(super) fn hidden_subsets(c: &Candidates, n: u32) -> impl Iterator<Item = Step> + '_ {
    hidden_sets(c, n, (1 << 27) - 1)
        .filter_map(move |(unit, chosen, cells)| hidden_step(c, n, unit, chosen, cells))
}

/// Every hidden subset of size `n` in the units of the mask `units` (bit
/// per unit): its unit, digits and cells.
fn hidden_sets(
    c: &Candidates,
    n: u32,
    units: u32,
) -> impl Iterator<Item = (usize, u16, CellSet)> + '_ {
    (0..27)
        .filter(move |unit| units >> unit & 1 != 0)
        .flat_map(move |unit| {
            // Digits with 2 to n places in the unit, from the unit's masks:
            // `seen[k]` holds the digits seen in more than k of its cells.
            let mut seen = [0u16; 5];
            for &cell in &UNIT_CELLS[unit] {
                let mask = c.mask(cell.into());
                for k in (1..5).rev() {
                    seen[k] |= seen[k - 1] & mask;
                }
                seen[0] |= mask;
            }
            let usable = seen[1] & !seen[n as usize];
            subsets_of_size(usable, n).filter_map(move |chosen| {
                let cells = digits(chosen).fold(CellSet::EMPTY, |s, d| s | c.places(unit, d));
                // Exactly n cells.
                (cells.len_at_most(n) && !cells.len_at_most(n - 1)).then_some((unit, chosen, cells))
            })
        })
}

fn hidden_step(c: &Candidates, n: u32, unit: usize, chosen: u16, cells: CellSet) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][n as usize - 2];
    let eliminations: Vec<Candidate> = cells
        .iter()
        .flat_map(|cell| digits(c.mask(cell) & !chosen).map(move |d| Candidate::new(cell, d)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(
        technique,
        format!(
            "{}: {} in {} lie only in {}, so those cells hold nothing else",
            technique.name().to_lowercase(),
            digit_list(chosen),
            UnitName(unit),
            cell_list(cells.iter())
        ),
    );
    step.focus = cells
        .iter()
        .flat_map(|cell| digits(c.mask(cell) & chosen).map(move |d| Candidate::new(cell, d)))
        .collect();
    step.eliminations = eliminations;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{Options, Stepper};

    #[test]
    fn direct_hidden_subsets_found_with_the_memo_are_those_found_without() {
        let options = Options {
            budget: None,
            ceiling: None,
        };
        let mut found = 0;
        for line in [
            "...2....82.96..13.....7..2.67...39....2....8..51......3.4.9........25.4..9......1",
            "...5...2.3...71..94............294.1..93..87...5.....363....1....7.....5.8.6.3...",
            "275......9.....4..41....6.......1..9....25.78..3.8....6..873.........71....4.2.8.",
            "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....",
        ] {
            let puzzle: Grid = line.parse().unwrap();
            let mut stepper = Stepper::new(Candidates::from_grid(&puzzle).unwrap(), true, &options);
            let mut memo = DirectHiddenMemo::default();
            loop {
                let c = stepper.candidates().clone();
                for (n, technique) in [
                    (2, Technique::DirectHiddenPair),
                    (3, Technique::DirectHiddenTriple),
                ] {
                    let with = direct_hidden(&c, n, technique, &mut memo);
                    let without = direct_hidden(&c, n, technique, &mut DirectHiddenMemo::default());
                    assert_eq!(with, without, "{line}: {c:?}");
                    found += usize::from(with.is_some());
                }
                if stepper.next().is_none() {
                    break;
                }
            }
        }
        // The puzzles need direct hidden subsets, so the memo is both used
        // and refreshed.
        assert!(found > 0);
    }
}
