//! Intersections: a digit confined to one line within a box (pointing) or to
//! one box within a line (claiming) is removed from the rest of that line or
//! box; and their direct forms, which leave a hidden single at once.

use super::Candidates;
use super::cells::{BOX, COL, ROW, UnitName, cell_list, shared_unit};
use super::singles::make_direct;
use super::step::{Candidate, Step, Technique};

pub fn pointing(c: &Candidates) -> Option<Step> {
    pointings(c).next()
}

pub fn claiming(c: &Candidates) -> Option<Step> {
    claimings(c).next()
}

pub fn direct_pointing(c: &Candidates) -> Option<Step> {
    pointings(c).find_map(|s| make_direct(c, s, Technique::DirectPointing))
}

pub fn direct_claiming(c: &Candidates) -> Option<Step> {
    claimings(c).find_map(|s| make_direct(c, s, Technique::DirectClaiming))
}

/// Every pointing: a box's places for a digit on one line, which has other places.
fn pointings(c: &Candidates) -> impl Iterator<Item = Step> + '_ {
    (BOX..27).flat_map(move |b| {
        (1..=9).filter_map(move |digit| {
            let places = c.places(b, digit);
            if places.len() < 2 {
                return None;
            }
            [ROW, COL].into_iter().find_map(|kind| {
                let line = shared_unit(places, kind)?;
                intersection_step(c, Technique::Pointing, digit, b, line)
            })
        })
    })
}

/// Every claiming: a line's places for a digit in one box, which has other places.
fn claimings(c: &Candidates) -> impl Iterator<Item = Step> + '_ {
    (0..BOX).flat_map(move |line| {
        (1..=9).filter_map(move |digit| {
            let places = c.places(line, digit);
            if places.len() < 2 {
                return None;
            }
            let b = shared_unit(places, BOX)?;
            intersection_step(c, Technique::Claiming, digit, line, b)
        })
    })
}

/// The step removing `digit` from `target` outside `source`, if it removes any.
fn intersection_step(
    c: &Candidates,
    technique: Technique,
    digit: u8,
    source: usize,
    target: usize,
) -> Option<Step> {
    let places = c.places(source, digit);
    let removed = c.places(target, digit) - places;
    if removed.is_empty() {
        return None;
    }
    let word = if technique == Technique::Pointing {
        "pointing"
    } else {
        "claiming"
    };
    let verb = if target >= BOX { "lies in" } else { "lies on" };
    let mut step = Step::new(
        technique,
        format!(
            "{word}: {digit} in {} {verb} {}, so {} <> {digit}",
            UnitName(source),
            UnitName(target),
            cell_list(removed.iter())
        ),
    );
    step.focus = places
        .iter()
        .map(|cell| Candidate::new(cell, digit))
        .collect();
    step.eliminations = removed
        .iter()
        .map(|cell| Candidate::new(cell, digit))
        .collect();
    Some(step)
}
