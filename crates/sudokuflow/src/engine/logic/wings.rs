//! Wings: a pivot cell and two pincers that see it. XY-Wing: pivot {x,y},
//! pincers {x,z} and {y,z}; whichever the pivot holds, a pincer is z, so z
//! goes from every cell that sees both pincers. XYZ-Wing: pivot {x,y,z},
//! and the cells must see the pivot too.

use super::Candidates;
use super::cells::{CellName, CellSet, PEERS, cannot_be, digit_list, digits, digits_or, units_of};
use super::step::{Candidate, Step, Technique, Words};

pub fn xy_wing(c: &Candidates) -> Option<Step> {
    wing(c, 2)
}

pub fn xyz_wing(c: &Candidates) -> Option<Step> {
    wing(c, 3)
}

/// A wing whose pivot has `pivot_size` candidates.
fn wing(c: &Candidates, pivot_size: u32) -> Option<Step> {
    let mut first = None;
    each_wing(c, pivot_size, |step| {
        first = Some(step);
        false
    });
    first
}

/// Every wing whose pivot has `pivot_size` candidates, in turn, until
/// `found` returns false.
pub fn each_wing(c: &Candidates, pivot_size: u32, mut found: impl FnMut(Step) -> bool) {
    let (mut bivalue, mut pivots) = (CellSet::EMPTY, CellSet::EMPTY);
    for cell in c.empty_cells() {
        let count = c.mask(cell).count_ones();
        if count == 2 {
            bivalue.insert(cell);
        }
        if count == pivot_size {
            pivots.insert(cell);
        }
    }
    for pivot in pivots {
        let pm = c.mask(pivot);
        let mut pincers = CellSet::EMPTY;
        for p in bivalue & PEERS[pivot] {
            let shared = c.mask(p) & pm;
            // One digit shared with an XY pivot; both with an XYZ pivot.
            let fits = if pivot_size == 2 {
                shared.count_ones() == 1
            } else {
                shared == c.mask(p)
            };
            if fits {
                pincers.insert(p);
            }
        }
        for a in pincers {
            // The pincers after `a`.
            for b in CellSet(pincers.0 & !((2u128 << a) - 1)) {
                let (am, bm) = (c.mask(a), c.mask(b));
                let z = if pivot_size == 2 {
                    // {x,z} and {y,z}: z is the common digit outside the pivot.
                    let common = am & bm;
                    if common.count_ones() != 1 || common & pm != 0 || (am | bm) & pm != pm {
                        continue;
                    }
                    common
                } else {
                    // {x,z} and {y,z} within {x,y,z}, different from each other.
                    let common = am & bm;
                    if am == bm || common.count_ones() != 1 {
                        continue;
                    }
                    common
                };
                let digit = z.trailing_zeros() as u8;
                let mut seers = PEERS[a] & PEERS[b];
                if pivot_size == 3 {
                    seers &= PEERS[pivot];
                }
                let removed = (c.cells_of(digit) & seers) - CellSet::single(pivot);
                if removed.is_empty() {
                    continue;
                }
                let technique = if pivot_size == 2 {
                    Technique::XyWing
                } else {
                    Technique::XyzWing
                };
                let eliminations: Vec<Candidate> = removed
                    .iter()
                    .map(|cell| Candidate::new(cell, digit))
                    .collect();
                let mut step = Step::new(
                    technique,
                    wing_text(c, technique, pivot, [a, b], digit, &eliminations),
                );
                step.digit = Some(digit);
                for cell in [pivot, a, b] {
                    step.focus.extend(
                        super::cells::digits(c.mask(cell)).map(|d| Candidate::new(cell, d)),
                    );
                }
                let houses: Vec<usize> = [a, b]
                    .into_iter()
                    .filter_map(|p| shared_house(pivot, p))
                    .collect();
                step.set_pattern(Words::Described, [pivot, a, b], houses);
                step.eliminations = eliminations;
                if !found(step) {
                    return;
                }
            }
        }
    }
}

/// The first house (row, column, box) two peers share.
fn shared_house(a: usize, b: usize) -> Option<usize> {
    let theirs = units_of(b);
    units_of(a).into_iter().find(|u| theirs.contains(u))
}

/// Why a wing eliminates: whatever the pivot holds, a pincer (or, for an
/// XYZ-Wing, the pivot itself) is `digit`.
fn wing_text(
    c: &Candidates,
    technique: Technique,
    pivot: usize,
    pincers: [usize; 2],
    digit: u8,
    eliminations: &[Candidate],
) -> String {
    let pm = c.mask(pivot);
    let mut cases: Vec<String> = Vec::new();
    for x in digits(pm & !(1 << digit)) {
        let pincer = pincers
            .into_iter()
            .find(|&p| c.mask(p) & 1 << x != 0)
            .expect("each of the pivot's digits but z is a pincer's");
        cases.push(format!(
            "if it is {x}, {} ({}) is {digit}",
            CellName(pincer),
            digit_list(c.mask(pincer))
        ));
    }
    if pm & 1 << digit != 0 {
        cases.push(format!("if it is {digit}, it is {digit} itself"));
    }
    let (who, see) = if technique == Technique::XyWing {
        (
            format!("{} or {}", CellName(pincers[0]), CellName(pincers[1])),
            "both",
        )
    } else {
        (
            format!(
                "one of {}, {} and {}",
                CellName(pivot),
                CellName(pincers[0]),
                CellName(pincers[1])
            ),
            "all three",
        )
    };
    format!(
        "{}: {} is {}; {}. Either way {who} is {digit}, so no cell that sees {see} can be \
         {digit}: {}",
        technique.name(),
        CellName(pivot),
        digits_or(pm),
        cases.join("; "),
        cannot_be(eliminations)
    )
}
