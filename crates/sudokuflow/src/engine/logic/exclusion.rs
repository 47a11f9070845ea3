//! Aligned pair exclusion: two empty cells that share a unit cannot take any
//! pair of values that would leave a cell seeing both of them with nothing:
//! a cell whose candidates are within the pair. A candidate of one cell that
//! combines with no allowed value of the other goes.

use super::Candidates;
use super::cells::{CellName, PEERS, UNIT_SETS, cannot_be, cells_and, digit_list, digits, joined};
use super::step::{Candidate, House, Step, Technique};

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
    // For each elimination, why each value of the other cell is ruled out.
    let cases: Vec<String> = eliminations
        .iter()
        .map(|e| {
            let (cell, x) = (usize::from(e.cell), e.digit);
            let other = if cell == a { b } else { a };
            let reasons: Vec<String> = digits(c.mask(other))
                .map(
                    |y| match used.iter().find(|&&u| c.mask(u) == (1 << x | 1 << y)) {
                        _ if x == y => format!("not {y} (they see each other)"),
                        Some(&u) => format!("not {y} ({} would be empty)", CellName(u)),
                        None => format!("not {y}"),
                    },
                )
                .collect();
            format!(
                "{} = {x} would leave {} nothing: {}",
                CellName(cell),
                CellName(other),
                joined(&reasons, "and")
            )
        })
        .collect();
    let seers: Vec<String> = used
        .iter()
        .map(|&u| format!("{} ({})", CellName(u), digit_list(c.mask(u))))
        .collect();
    let mut step = Step::new(
        Technique::AlignedPairExclusion,
        format!(
            "{}: {} and {} see each other, so they cannot be equal{}. {}. So {}",
            Technique::AlignedPairExclusion.name(),
            CellName(a),
            CellName(b),
            if seers.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} {} both, so they cannot take the two digits of {}",
                    joined(&seers, "and"),
                    if seers.len() == 1 { "sees" } else { "see" },
                    if seers.len() == 1 {
                        "it"
                    } else {
                        "one of those"
                    }
                )
            },
            cases.join("; "),
            cannot_be(&eliminations)
        ),
    );
    for cell in [a, b].into_iter().chain(used.iter().copied()) {
        step.focus
            .extend(digits(c.mask(cell)).map(|d| Candidate::new(cell, d)));
    }
    step.cells = [a, b]
        .into_iter()
        .chain(used)
        .map(|cell| cell as u8)
        .collect();
    step.houses = super::cells::units_of(a)
        .into_iter()
        .filter(|&u| UNIT_SETS[u].contains(b))
        .map(House::new)
        .collect();
    step.eliminations = eliminations;
    Some(step)
}

/// Aligned triplet exclusion: as the pair form, for three empty cells with
/// cells that see all three (7.5). A combination of values is excluded when
/// two cells that see each other would share a value, or when a cell seeing
/// all three would be left without candidates.
pub fn aligned_triple_exclusion(c: &Candidates) -> Option<Step> {
    let empty: Vec<usize> = c.empty_cells().iter().collect();
    // The cells that can exclude: those of two or three candidates. Most
    // triples have none among the cells that see them all, and are passed by.
    let mut small = super::cells::CellSet::EMPTY;
    for &cell in &empty {
        if (2..=3).contains(&c.mask(cell).count_ones()) {
            small.insert(cell);
        }
    }
    let mut excluders = Vec::with_capacity(20);
    for (i, &a) in empty.iter().enumerate() {
        for (j, &b) in empty.iter().enumerate().skip(i + 1) {
            let ab = PEERS[a] & PEERS[b];
            if (ab & small).is_empty() {
                continue;
            }
            for &t in &empty[j + 1..] {
                let seers = ab & PEERS[t];
                excluders.clear();
                excluders.extend((seers & small).iter().map(|cell| c.mask(cell)));
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
    let masks = cells.map(|cell| c.mask(cell));
    for x in digits(masks[0]) {
        for y in digits(masks[1]) {
            for z in digits(masks[2]) {
                let values = [x, y, z];
                // Values each known to take part already add nothing.
                if (0..3).all(|k| allowed[k] >> values[k] & 1 != 0) {
                    continue;
                }
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
                // Every value takes part: nothing to exclude (most triples).
                if allowed == masks {
                    return None;
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
    let excluding: Vec<usize> = seers
        .iter()
        .filter(|&s| (2..=3).contains(&c.mask(s).count_ones()))
        .collect();
    let named: Vec<String> = excluding
        .iter()
        .map(|&u| format!("{} ({})", CellName(u), digit_list(c.mask(u))))
        .collect();
    let mut step = Step::new(
        Technique::AlignedTripleExclusion,
        format!(
            "{}: {} cannot take values that repeat a digit where two of them see each other, \
             nor values that use up every candidate of {}, which see all three. Trying every \
             combination, no allowed one has {}: {}",
            Technique::AlignedTripleExclusion.name(),
            cells_and(cells),
            joined(&named, "or"),
            joined(
                &eliminations
                    .iter()
                    .map(|e| format!("{} = {}", CellName(e.cell.into()), e.digit))
                    .collect::<Vec<_>>(),
                "or"
            ),
            cannot_be(&eliminations)
        ),
    );
    for cell in cells {
        step.focus
            .extend(digits(c.mask(cell)).map(|d| Candidate::new(cell, d)));
    }
    step.cells = cells
        .into_iter()
        .chain(excluding)
        .map(|cell| cell as u8)
        .collect();
    step.eliminations = eliminations;
    Some(step)
}
