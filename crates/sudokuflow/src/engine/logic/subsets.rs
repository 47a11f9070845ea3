//! Subsets: n cells of a unit holding only n digits (naked pair, triplet,
//! quad), or n digits of a unit confined to n cells (hidden pair, triplet,
//! quad); and the direct hidden pair and triplet, which leave a hidden single.

use super::Candidates;
use super::cells::{
    CellSet, UNIT_CELLS, UNIT_SETS, UnitName, cannot_be, cells_and, digits, digits_and, digits_or,
    subsets_of_size, units_in,
};
use super::memo::NoneByUnit;
use super::singles::{SingleIn, make_direct};
use super::step::{Candidate, Step, Technique, Words};

/// The first naked subset of size `n`, looked for in the units changed
/// since `memo`'s grid, where there was none.
pub fn naked(c: &Candidates, n: u32, memo: &mut NoneByUnit, words: Words) -> Option<Step> {
    memo.search(c, |changed| naked_subsets(c, n, changed, words).next())
}

/// The first hidden subset of size `N`, looked for in the units changed
/// since `memo`'s grid, where there was none.
pub fn hidden<const N: u32>(c: &Candidates, memo: &mut NoneByUnit, words: Words) -> Option<Step> {
    memo.search(c, |changed| {
        hidden_subsets_of::<N>(c, changed, words).next()
    })
}

/// The first hidden subset of size `N` (2 or 3) whose eliminations leave a
/// hidden single in its unit, looked for in the units changed since
/// `memo`'s grid, where there was none: the search the step engine repeats
/// most.
pub fn direct_hidden<const N: u32>(
    c: &Candidates,
    memo: &mut NoneByUnit,
    words: Words,
) -> Option<Step> {
    let technique = [Technique::DirectHiddenPair, Technique::DirectHiddenTriple][N as usize - 2];
    let (unit, chosen, cells) = memo.search(c, |changed| {
        units_in(changed).find_map(|unit| {
            let (chosen, cells) = hidden_sets_in::<N>(c, unit)?.find(|&(chosen, cells)| {
                // A digit other than the subset's, in one of its cells, left
                // with one place in the unit.
                let others = cells_mask(c, unit, cells) & !chosen;
                digits(others).any(|d| (c.cells_of(d).in_unit(unit) & !cells).count_ones() == 1)
            })?;
            Some((unit, chosen, CellSet::of_unit(unit, cells)))
        })
    })?;
    let step = hidden_step(c, N, unit, chosen, cells, words)?;
    make_direct(c, step, technique, SingleIn::Unit(unit), words)
}

/// The digits of the cells of `unit` at the positions `cells`.
fn cells_mask(c: &Candidates, unit: usize, cells: u16) -> u16 {
    let mut mask = 0;
    let mut rest = cells;
    while rest != 0 {
        mask |= c.mask(UNIT_CELLS[unit][rest.trailing_zeros() as usize].into());
        rest &= rest - 1;
    }
    mask
}

/// The hidden subsets of size `N` in `unit`: their digits and cells (as
/// positions in the unit, see [`CellSet::in_unit`]), in the order of
/// [`subsets_of_size`]; `None` when the unit has fewer than `N` digits
/// with 2 to `N` places, as most units have at each step.
#[inline]
fn hidden_sets_in<const N: u32>(
    c: &Candidates,
    unit: usize,
) -> Option<impl Iterator<Item = (u16, u16)> + '_> {
    // `seen[k]` holds the digits seen in more than k of the unit's cells.
    let mut seen = [0u16; 5];
    for &cell in &UNIT_CELLS[unit] {
        let mask = c.mask(cell.into());
        for k in (1..=N as usize).rev() {
            seen[k] |= seen[k - 1] & mask;
        }
        seen[0] |= mask;
    }
    let usable = seen[1] & !seen[N as usize];
    if usable.count_ones() < N {
        return None;
    }
    let mut places = [0u16; 10];
    for d in digits(usable) {
        places[usize::from(d)] = c.cells_of(d).in_unit(unit);
    }
    // A pair needs two digits on the same two cells: most units with two
    // digits of two places have none.
    let shares_cells = |d: u8| {
        digits(usable & ((1 << d) - 1)).any(|e| places[usize::from(e)] == places[usize::from(d)])
    };
    if N == 2 && !digits(usable).any(shares_cells) {
        return None;
    }
    Some(subsets_of_size(usable, N).filter_map(move |chosen| {
        let cells = digits(chosen).fold(0, |m, d| m | places[usize::from(d)]);
        (cells.count_ones() == N).then_some((chosen, cells))
    }))
}

/// Every naked subset of size `n` that eliminates something in the units of
/// the mask `units` (bit per unit), unit by unit.
pub(super) fn naked_subsets(
    c: &Candidates,
    n: u32,
    mask: u32,
    words: Words,
) -> impl Iterator<Item = Step> + '_ {
    units_in(mask).flat_map(move |unit| {
        let masks: [u16; 9] = std::array::from_fn(|i| c.mask(UNIT_CELLS[unit][i].into()));
        // Positions (0-8) of the unit's empty cells with 2 to n candidates.
        let usable: u16 = (0..9)
            .filter(|&i| masks[i] & masks[i].wrapping_sub(1) != 0 && masks[i].count_ones() <= n)
            .fold(0, |m, i| m | 1 << i);
        subsets_of_size(usable, n).filter_map(move |chosen| {
            let union = digits(chosen).fold(0u16, |u, i| u | masks[usize::from(i)]);
            if union.count_ones() != n {
                return None;
            }
            naked_step(c, n, unit, CellSet::of_unit(unit, chosen), union, words)
        })
    })
}

fn naked_step(
    c: &Candidates,
    n: u32,
    unit: usize,
    chosen: CellSet,
    union: u16,
    words: Words,
) -> Option<Step> {
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
        words.text(|| {
            let count = ["two", "three", "four"][n as usize - 2];
            format!(
                "{}: {} can only be {}; {count} cells, {count} digits, so between them \
                 they take the {} of {}, and {}",
                technique.name(),
                cells_and(chosen.iter()),
                digits_or(union),
                digits_and(union),
                UnitName(unit),
                cannot_be(&eliminations)
            )
        }),
    );
    step.focus = words.focus(|| {
        chosen
            .iter()
            .flat_map(|cell| digits(c.mask(cell)).map(move |d| Candidate::new(cell, d)))
            .collect()
    });
    step.set_pattern(words, chosen.iter(), [unit]);
    step.eliminations = eliminations;
    Some(step)
}

/// Every hidden subset of size `n` that eliminates something in the units
/// of the mask `units`, unit by unit.
pub(super) fn hidden_subsets(
    c: &Candidates,
    n: u32,
    units: u32,
    words: Words,
) -> Box<dyn Iterator<Item = Step> + '_> {
    match n {
        2 => Box::new(hidden_subsets_of::<2>(c, units, words)),
        3 => Box::new(hidden_subsets_of::<3>(c, units, words)),
        _ => Box::new(hidden_subsets_of::<4>(c, units, words)),
    }
}

/// [`hidden_subsets`] of size `N`.
fn hidden_subsets_of<const N: u32>(
    c: &Candidates,
    mask: u32,
    words: Words,
) -> impl Iterator<Item = Step> + '_ {
    units_in(mask)
        .filter_map(move |unit| Some((unit, hidden_sets_in::<N>(c, unit)?)))
        .flat_map(move |(unit, sets)| {
            sets.filter_map(move |(chosen, cells)| {
                hidden_step(c, N, unit, chosen, CellSet::of_unit(unit, cells), words)
            })
        })
}

fn hidden_step(
    c: &Candidates,
    n: u32,
    unit: usize,
    chosen: u16,
    cells: CellSet,
    words: Words,
) -> Option<Step> {
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
        words.text(|| {
            let count = ["two", "three", "four"][n as usize - 2];
            format!(
                "{}: in {}, {} can only go in {}; {count} digits, {count} cells, so those \
                 cells hold {} and nothing else: {}",
                technique.name(),
                UnitName(unit),
                digits_and(chosen),
                cells_and(cells.iter()),
                digits_and(chosen),
                cannot_be(&eliminations)
            )
        }),
    );
    step.focus = words.focus(|| {
        cells
            .iter()
            .flat_map(|cell| digits(c.mask(cell) & chosen).map(move |d| Candidate::new(cell, d)))
            .collect()
    });
    step.set_pattern(words, cells.iter(), [unit]);
    step.eliminations = eliminations;
    Some(step)
}
