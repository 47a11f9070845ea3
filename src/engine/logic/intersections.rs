//! Intersections: a digit confined to one line within a box (pointing) or to
//! one box within a line (claiming) is removed from the rest of that line or
//! box; and their direct forms, which leave a hidden single at once.

use super::Candidates;
use super::cells::{BOX, COL, CellSet, ROW, UnitName, cell_list, digits, shared_unit};
use super::memo::NoneByDigit;
use super::singles::{SingleIn, leaves_hidden_single, make_direct};
use super::step::{Candidate, Step, Technique, Words};

pub fn pointing(c: &Candidates, memo: &mut NoneByDigit, words: Words) -> Option<Step> {
    memo.search(c, |changed| pointings(c, changed).next())
        .map(|i| i.step(c, words))
}

pub fn claiming(c: &Candidates, memo: &mut NoneByDigit, words: Words) -> Option<Step> {
    memo.search(c, |changed| claimings(c, changed).next())
        .map(|i| i.step(c, words))
}

pub fn direct_pointing(c: &Candidates, memo: &mut NoneByDigit, words: Words) -> Option<Step> {
    memo.search(c, |changed| {
        pointings(c, changed).find(|i| leaves_hidden_single(c, i.digit, i.removed, SingleIn::Boxes))
    })
    .and_then(|i| {
        let step = i.step(c, words);
        make_direct(c, step, Technique::DirectPointing, SingleIn::Boxes, words)
    })
}

pub fn direct_claiming(c: &Candidates, memo: &mut NoneByDigit, words: Words) -> Option<Step> {
    memo.search(c, |changed| {
        claimings(c, changed)
            .find(|i| leaves_hidden_single(c, i.digit, i.removed, SingleIn::Lines(i.source < COL)))
    })
    .and_then(|i| {
        let within = SingleIn::Lines(i.source < COL);
        make_direct(
            c,
            i.step(c, words),
            Technique::DirectClaiming,
            within,
            words,
        )
    })
}

/// A digit whose places in `source` all lie in `target`, which has others:
/// those (`removed`) go.
pub(super) struct Intersection {
    technique: Technique,
    digit: u8,
    source: usize,
    target: usize,
    removed: CellSet,
}

/// Every pointing of the digits of `of` (bit `d` for digit `d`): a box's
/// places for a digit on one line, which has other places.
pub(super) fn pointings(c: &Candidates, of: u16) -> impl Iterator<Item = Intersection> + '_ {
    (BOX..27).flat_map(move |b| {
        digits(of).filter_map(move |digit| {
            let places = c.places(b, digit);
            if places.len() < 2 {
                return None;
            }
            [ROW, COL].into_iter().find_map(|kind| {
                let line = shared_unit(places, kind)?;
                intersection(c, Technique::Pointing, digit, b, line)
            })
        })
    })
}

/// Every claiming of the digits of `of`: a line's places for a digit in
/// one box, which has other places.
pub(super) fn claimings(c: &Candidates, of: u16) -> impl Iterator<Item = Intersection> + '_ {
    (0..BOX).flat_map(move |line| {
        digits(of).filter_map(move |digit| {
            let places = c.places(line, digit);
            if places.len() < 2 {
                return None;
            }
            let b = shared_unit(places, BOX)?;
            intersection(c, Technique::Claiming, digit, line, b)
        })
    })
}

/// The intersection of `digit` from `source` into `target`, if it removes anything.
fn intersection(
    c: &Candidates,
    technique: Technique,
    digit: u8,
    source: usize,
    target: usize,
) -> Option<Intersection> {
    let removed = c.places(target, digit) - c.places(source, digit);
    (!removed.is_empty()).then_some(Intersection {
        technique,
        digit,
        source,
        target,
        removed,
    })
}

impl Intersection {
    pub(super) fn step(&self, c: &Candidates, words: Words) -> Step {
        let Intersection {
            technique,
            digit,
            source,
            target,
            removed,
        } = *self;
        let word = if technique == Technique::Pointing {
            "pointing"
        } else {
            "claiming"
        };
        let verb = if target >= BOX { "lies in" } else { "lies on" };
        let mut step = Step::new(
            technique,
            words.text(|| {
                format!(
                    "{word}: {digit} in {} {verb} {}, so {} <> {digit}",
                    UnitName(source),
                    UnitName(target),
                    cell_list(removed.iter())
                )
            }),
        );
        step.focus = words.focus(|| {
            c.places(source, digit)
                .iter()
                .map(|cell| Candidate::new(cell, digit))
                .collect()
        });
        step.eliminations = removed
            .iter()
            .map(|cell| Candidate::new(cell, digit))
            .collect();
        step
    }
}
