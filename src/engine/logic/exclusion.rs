//! Aligned pair exclusion: two empty cells that share a unit cannot take any
//! pair of values that would leave a cell seeing both of them with nothing:
//! a cell whose candidates are within the pair. A candidate of one cell that
//! combines with no allowed value of the other goes.

use super::Candidates;
use super::cells::{CellName, PEERS, UNIT_SETS, cell_list, digits};
use super::step::{Candidate, Step, Technique, elimination_list};

pub fn aligned_pair_exclusion(c: &Candidates) -> Option<Step> {
    for unit in 0..27 {
        let empty: Vec<usize> = UNIT_SETS[unit]
            .iter()
            .filter(|&cell| c.value(cell) == 0)
            .collect();
        for (i, &a) in empty.iter().enumerate() {
            for &b in &empty[i + 1..] {
                // Each unit pair is met once: in the first unit holding both.
                if super::cells::units_of(a)
                    .into_iter()
                    .find(|u| UNIT_SETS[*u].contains(b))
                    != Some(unit)
                {
                    continue;
                }
                if let Some(step) = exclude(c, a, b) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn exclude(c: &Candidates, a: usize, b: usize) -> Option<Step> {
    // The cells that see both, with two candidates: each rules out its pair.
    let excluders: Vec<usize> = (PEERS[a] & PEERS[b])
        .iter()
        .filter(|&cell| c.mask(cell).count_ones() == 2)
        .collect();
    let forbidden =
        |x: u8, y: u8| x == y || excluders.iter().any(|&e| c.mask(e) == (1 << x | 1 << y));
    let mut eliminations = Vec::new();
    for (cell, other) in [(a, b), (b, a)] {
        for x in digits(c.mask(cell)) {
            if digits(c.mask(other)).all(|y| forbidden(x, y)) {
                eliminations.push(Candidate::new(cell, x));
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let used: Vec<usize> = excluders
        .iter()
        .copied()
        .filter(|&e| {
            let m = c.mask(e);
            m & c.mask(a) != 0 && m & c.mask(b) != 0
        })
        .collect();
    let mut step = Step::new(
        Technique::AlignedPairExclusion,
        format!(
            "aligned pair exclusion: {} and {} cannot take values that empty {}, so {}",
            CellName(a),
            CellName(b),
            if used.is_empty() {
                "each other".to_string()
            } else {
                cell_list(used.iter().copied())
            },
            elimination_list(&eliminations)
        ),
    );
    for cell in [a, b].into_iter().chain(used) {
        step.focus
            .extend(digits(c.mask(cell)).map(|d| Candidate::new(cell, d)));
    }
    step.eliminations = eliminations;
    Some(step)
}

/// Aligned triplet exclusion: as the pair form, for three empty cells with
/// cells that see all three (7.5). A combination of values is excluded when
/// two cells that see each other would share a value, or when a cell seeing
/// all three would be left without candidates.
pub fn aligned_triple_exclusion(c: &Candidates) -> Option<Step> {
    let empty: Vec<usize> = c.empty_cells().iter().collect();
    for (i, &a) in empty.iter().enumerate() {
        for (j, &b) in empty.iter().enumerate().skip(i + 1) {
            let ab = PEERS[a] & PEERS[b];
            for &t in &empty[j + 1..] {
                let seers = ab & PEERS[t];
                let excluders: Vec<u16> = seers
                    .iter()
                    .map(|cell| c.mask(cell))
                    .filter(|m| (2..=3).contains(&m.count_ones()))
                    .collect();
                if excluders.is_empty() {
                    continue;
                }
                if let Some(step) = exclude_triple(c, [a, b, t], &excluders, seers) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn exclude_triple(
    c: &Candidates,
    cells: [usize; 3],
    excluders: &[u16],
    seers: super::cells::CellSet,
) -> Option<Step> {
    let sees = |i: usize, j: usize| PEERS[cells[i]].contains(cells[j]);
    let pairs = [(0, 1), (0, 2), (1, 2)];
    // allowed[k] = the values of cell k that take part in an allowed combination.
    let mut allowed = [0u16; 3];
    for x in digits(c.mask(cells[0])) {
        for y in digits(c.mask(cells[1])) {
            for z in digits(c.mask(cells[2])) {
                let values = [x, y, z];
                if pairs
                    .iter()
                    .any(|&(i, j)| values[i] == values[j] && sees(i, j))
                {
                    continue;
                }
                let taken = 1u16 << x | 1 << y | 1 << z;
                if excluders.iter().any(|&m| m & !taken == 0) {
                    continue;
                }
                for k in 0..3 {
                    allowed[k] |= 1 << values[k];
                }
            }
        }
    }
    let eliminations: Vec<Candidate> = (0..3)
        .flat_map(|k| {
            digits(c.mask(cells[k]) & !allowed[k]).map(move |d| Candidate::new(cells[k], d))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(
        Technique::AlignedTripleExclusion,
        format!(
            "aligned triplet exclusion: {} cannot take values that repeat where they see each other or empty {}, so {}",
            cell_list(cells),
            cell_list(
                seers
                    .iter()
                    .filter(|&s| (2..=3).contains(&c.mask(s).count_ones()))
            ),
            elimination_list(&eliminations)
        ),
    );
    for cell in cells {
        step.focus
            .extend(digits(c.mask(cell)).map(|d| Candidate::new(cell, d)));
    }
    step.eliminations = eliminations;
    Some(step)
}
