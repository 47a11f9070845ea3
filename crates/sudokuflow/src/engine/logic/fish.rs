//! Basic fish: a digit whose places in n rows lie in n columns (or the other
//! way round) is removed from the rest of those columns: X-Wing (2),
//! Swordfish (3), Jellyfish (4).

use super::Candidates;
use super::cells::{COL, CellSet, ROW, UNIT_SETS, cannot_be, cells_and, digits, joined};
use super::memo::NoneByDigit;
use super::step::{Candidate, Step, Technique, Words};

/// The first fish of size `n`, looked for in the digits changed since
/// `memo`'s grid, where there was none.
pub fn fish(c: &Candidates, n: u32, memo: &mut NoneByDigit) -> Option<Step> {
    memo.search(c, |changed| {
        let mut first = None;
        each_fish(c, n, changed, |step| {
            first = Some(step);
            false
        });
        first
    })
}

/// Every fish of size `n` of the digits of `of` (bit `d` for digit `d`), in
/// turn, until `found` returns false.
pub fn each_fish(c: &Candidates, n: u32, of: u16, mut found: impl FnMut(Step) -> bool) {
    for digit in digits(of) {
        let cells = c.cells_of(digit);
        for (base_kind, cover_kind) in [(ROW, COL), (COL, ROW)] {
            // Each base line's places, as a 9-bit mask of cover-line
            // indices: a row's cells are in column order, a column's in
            // row order.
            let lines: [u16; 9] = std::array::from_fn(|i| cells.in_unit(base_kind + i));
            let usable: u16 = (0..9)
                .filter(|&i| lines[i] & lines[i].wrapping_sub(1) != 0 && lines[i].count_ones() <= n)
                .fold(0, |m, i| m | 1 << i);
            if usable.count_ones() < n {
                continue;
            }
            for base in super::cells::subsets_of_size(usable, n) {
                let cover = digits(base).fold(0u16, |m, i| m | lines[usize::from(i)]);
                if cover.count_ones() != n {
                    continue;
                }
                let base_cells = unit_union(base_kind, base);
                let cover_cells = unit_union(cover_kind, cover);
                let removed = (cells & cover_cells) - base_cells;
                if removed.is_empty() {
                    continue;
                }
                let step = fish_step(
                    n,
                    digit,
                    base_kind,
                    base,
                    cover_kind,
                    cover,
                    cells & base_cells,
                    removed,
                );
                if !found(step) {
                    return;
                }
            }
        }
    }
}

fn unit_union(kind: usize, indices: u16) -> CellSet {
    (0..9)
        .filter(|i| indices >> i & 1 != 0)
        .fold(CellSet::EMPTY, |s, i| s | UNIT_SETS[kind + i])
}

#[allow(clippy::too_many_arguments)]
fn fish_step(
    n: u32,
    digit: u8,
    base_kind: usize,
    base: u16,
    cover_kind: usize,
    cover: u16,
    corners: CellSet,
    removed: CellSet,
) -> Step {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][n as usize - 2];
    let lines = |kind: usize, set: u16| {
        let word = if kind == ROW { "rows" } else { "columns" };
        let numbers: Vec<String> = (0..9)
            .filter(|i| set >> i & 1 != 0)
            .map(|i| (i + 1).to_string())
            .collect();
        format!("{word} {}", joined(&numbers, "and"))
    };
    let eliminations: Vec<Candidate> = removed
        .iter()
        .map(|cell| Candidate::new(cell, digit))
        .collect();
    let base_lines = lines(base_kind, base);
    let cover_word = if cover_kind == ROW { "rows" } else { "columns" };
    let mut step = Step::new(
        technique,
        format!(
            "{} on {digit}: in {base_lines}, {digit} can only go in {} ({}). {}{} each need \
             {} {digit}, in different {cover_word}, so between them they hold the {digit} of \
             {}; no other cell there can be {digit}: {}",
            technique.name(),
            lines(cover_kind, cover),
            cells_and(corners.iter()),
            base_lines[..1].to_uppercase(),
            &base_lines[1..],
            // "an 8", "a 1".
            if digit == 8 { "an" } else { "a" },
            lines(cover_kind, cover),
            cannot_be(&eliminations)
        ),
    );
    step.focus = corners
        .iter()
        .map(|cell| Candidate::new(cell, digit))
        .collect();
    step.digit = Some(digit);
    let units = |kind: usize, set: u16| {
        (0..9)
            .filter(move |i| set >> i & 1 != 0)
            .map(move |i| kind + i)
    };
    step.set_pattern(
        Words::Described,
        corners.iter(),
        units(base_kind, base).chain(units(cover_kind, cover)),
    );
    step.eliminations = eliminations;
    step
}
