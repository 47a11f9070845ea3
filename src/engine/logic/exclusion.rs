//! Aligned pair exclusion: two empty cells that share a unit cannot take any
//! pair of values that would leave a cell seeing both of them with nothing:
//! a cell whose candidates are within the pair. A candidate of one cell that
//! combines with no allowed value of the other goes.

use super::Candidates;
use super::cells::{CellName, PEERS, UNIT_SETS, cell_list, digits};
use super::step::{Candidate, Step, Technique};

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
            eliminations
                .iter()
                .map(|e| format!("{} <> {}", CellName(e.cell.into()), e.digit))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    for cell in [a, b].into_iter().chain(used) {
        step.focus
            .extend(digits(c.mask(cell)).map(|d| Candidate::new(cell, d)));
    }
    step.eliminations = eliminations;
    Some(step)
}
