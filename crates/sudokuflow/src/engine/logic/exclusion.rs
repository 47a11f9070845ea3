//! Aligned pair exclusion: two empty cells that share a unit cannot take any
//! pair of values that would leave a cell seeing both of them with nothing:
//! a cell whose candidates are within the pair. A candidate of one cell that
//! combines with no allowed value of the other goes.

use super::Candidates;
use super::cells::{
    CellName, CellSet, PEERS, UNIT_SETS, cannot_be, cells_and, digit_list, digits, is_two_digits,
    joined,
};
use super::memo::NoneByCell;
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

/// The values of three cells (candidates `masks`) that take part in an
/// allowed combination: no two equal where the cells see each other
/// (`sees`: the first and second, first and third, second and third), and
/// no excluder's candidates all taken. Each pair of values of the first two
/// cells leaves a set of values for the third, worked out a set at a time.
fn allowed_values(masks: [u16; 3], sees: [bool; 3], excluders: &[u16]) -> [u16; 3] {
    // An excluder of two digits keeps them apart; one of three, the third
    // from the other two together.
    let mut apart = [0u16; 10];
    for &m in excluders {
        if is_two_digits(m) {
            let (p, q) = (m.trailing_zeros(), 15 - m.leading_zeros());
            apart[p as usize] |= 1 << q;
            apart[q as usize] |= 1 << p;
        }
    }
    let mut allowed = [0u16; 3];
    for x in digits(masks[0]) {
        let mut ys = masks[1] & !apart[usize::from(x)];
        if sees[0] {
            ys &= !(1 << x);
        }
        for y in digits(ys) {
            let mut zs = masks[2] & !apart[usize::from(x)] & !apart[usize::from(y)];
            if sees[1] {
                zs &= !(1 << x);
            }
            if sees[2] {
                zs &= !(1 << y);
            }
            let xy = 1u16 << x | 1 << y;
            if x != y {
                for &m in excluders {
                    if m & xy == xy {
                        zs &= !(m & !xy);
                    }
                }
            }
            if zs != 0 {
                allowed[0] |= 1 << x;
                allowed[1] |= 1 << y;
                allowed[2] |= zs;
            }
        }
        // Every value takes part: nothing to exclude (most triples).
        if allowed == masks {
            break;
        }
    }
    allowed
}

/// Aligned triplet exclusion: as the pair form, for three empty cells with
/// cells that see all three (7.5). A combination of values is excluded when
/// two cells that see each other would share a value, or when a cell seeing
/// all three would be left without candidates.
pub fn aligned_triple_exclusion(c: &Candidates, memo: &mut NoneByCell) -> Option<Step> {
    memo.search(c, |changed| triple_exclusion(c, changed))
}

/// [`aligned_triple_exclusion`] among the triples whose cells, or the cells
/// that see all three, are among `changed`: a triple's exclusions depend on
/// those cells' candidates alone.
fn triple_exclusion(c: &Candidates, changed: CellSet) -> Option<Step> {
    let empty_cells = c.empty_cells();
    let empty: Vec<usize> = empty_cells.iter().collect();
    // The cells that can exclude: those of two or three candidates. Most
    // triples have none among the cells that see them all, and are passed by.
    let mut small = CellSet::EMPTY;
    for &cell in &empty {
        if (2..=3).contains(&c.mask(cell).count_ones()) {
            small.insert(cell);
        }
    }
    let mut excluders = Vec::with_capacity(20);
    for (i, &a) in empty.iter().enumerate() {
        for &b in &empty[i + 1..] {
            let ab = PEERS[a] & PEERS[b];
            // The third cells, after `b`, that see one of those.
            let mut thirds = CellSet::EMPTY;
            for s in (ab & small).iter() {
                thirds |= PEERS[s];
            }
            thirds = thirds & empty_cells & CellSet::after(b);
            if !changed.contains(a) && !changed.contains(b) {
                // A changed third, or one that a changed cell seeing `a`
                // and `b` sees.
                let mut near = changed;
                for x in (changed & ab).iter() {
                    near |= PEERS[x];
                }
                thirds &= near;
            }
            for t in thirds.iter() {
                let seers = ab & PEERS[t];
                // Only an excluder whose candidates the three have can
                // have them all taken (with none, the three may still
                // exclude values by seeing each other).
                let all = c.mask(a) | c.mask(b) | c.mask(t);
                excluders.clear();
                excluders.extend(
                    (seers & small)
                        .iter()
                        .map(|cell| c.mask(cell))
                        .filter(|&m| m & !all == 0),
                );
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
    seers: CellSet,
) -> Option<Step> {
    let masks = cells.map(|cell| c.mask(cell));
    let sees = |i: usize, j: usize| PEERS[cells[i]].contains(cells[j]);
    let allowed = allowed_values(masks, [sees(0, 1), sees(0, 2), sees(1, 2)], excluders);
    if allowed == masks {
        return None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// [`allowed_values`] by trying every combination.
    fn allowed_by_trying(masks: [u16; 3], sees: [bool; 3], excluders: &[u16]) -> [u16; 3] {
        let mut allowed = [0u16; 3];
        for x in digits(masks[0]) {
            for y in digits(masks[1]) {
                for z in digits(masks[2]) {
                    let repeats = (sees[0] && x == y) || (sees[1] && x == z) || (sees[2] && y == z);
                    let taken = 1u16 << x | 1 << y | 1 << z;
                    if !repeats && !excluders.iter().any(|&m| m & !taken == 0) {
                        allowed[0] |= 1 << x;
                        allowed[1] |= 1 << y;
                        allowed[2] |= 1 << z;
                    }
                }
            }
        }
        allowed
    }

    #[test]
    fn a_search_that_remembers_finds_what_a_fresh_search_finds() {
        use super::super::{Options, Stepper};
        use crate::grid::Grid;
        let options = Options::default();
        let mut found = 0;
        // Puzzles with aligned triplet exclusions on their way.
        for line in [
            "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4",
            "98.7..6..7.5.......4..5....3..8..9......2..1......13.42...8..93.7....2....92...6.",
            "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
            "98.76.5..7..4..8....6..3...8...79.54...5....8......9..2.79..4...1..2...........2.",
        ] {
            let puzzle: Grid = line.parse().unwrap();
            let mut stepper = Stepper::new(Candidates::from_grid(&puzzle).unwrap(), true, &options);
            let mut memo = NoneByCell::default();
            for step in 0.. {
                // Some grids skipped, so that a memo is also used several
                // steps after it was made.
                if step % 3 != 1 {
                    let c = stepper.candidates();
                    let with = aligned_triple_exclusion(c, &mut memo);
                    let without = aligned_triple_exclusion(c, &mut NoneByCell::default());
                    assert_eq!(with, without, "{line}, step {step}: {c:?}");
                    found += usize::from(with.is_some());
                }
                if stepper.next().is_none() {
                    break;
                }
            }
        }
        assert!(found >= 100, "{found}");
    }

    #[test]
    fn a_search_that_remembers_sees_each_candidate_removed() {
        // One candidate at a time, of cells of three or more: most often
        // a cell that sees a triple changes, not the triple's own.
        use crate::grid::Grid;
        let mut rng = Rng::new(11);
        let mut found = 0;
        for line in [
            "98.7..6..7.5.......4..5....3..8..9......2..1......13.42...8..93.7....2....92...6.",
            "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
        ] {
            let puzzle: Grid = line.parse().unwrap();
            let mut c = Candidates::from_grid(&puzzle).unwrap();
            let mut memo = NoneByCell::default();
            loop {
                let wide: Vec<usize> = (0..81)
                    .filter(|&cell| c.mask(cell).count_ones() > 2)
                    .collect();
                let Some(&cell) = wide.get(rng.next_u64() as usize % wide.len().max(1)) else {
                    break;
                };
                let ds: Vec<u8> = digits(c.mask(cell)).collect();
                c.eliminate(cell, ds[rng.next_u64() as usize % ds.len()]);
                let with = aligned_triple_exclusion(&c, &mut memo);
                let without = aligned_triple_exclusion(&c, &mut NoneByCell::default());
                assert_eq!(with, without, "{line}: {c:?}");
                found += usize::from(with.is_some());
            }
        }
        assert!(found > 20, "{found}");
    }

    #[test]
    fn allowed_values_agree_with_trying_every_combination() {
        let mut rng = Rng::new(7);
        let mask = |rng: &mut Rng, most: u64| loop {
            let m = (rng.next_u64() & 0x3fe) as u16;
            if (1..=most as u32).contains(&m.count_ones()) {
                return m;
            }
        };
        let mut excluded = 0;
        for _ in 0..20_000 {
            let masks = [(); 3].map(|_| mask(&mut rng, 9));
            let sees = [(); 3].map(|_| rng.next_u64() & 1 == 1);
            let excluders: Vec<u16> = (0..rng.next_u64() % 6)
                .map(|_| {
                    loop {
                        let m = mask(&mut rng, 3);
                        if m.count_ones() >= 2 {
                            break m;
                        }
                    }
                })
                .collect();
            let allowed = allowed_values(masks, sees, &excluders);
            assert_eq!(allowed, allowed_by_trying(masks, sees, &excluders));
            excluded += usize::from(allowed != masks);
        }
        assert!(excluded > 100, "{excluded}");
    }
}
