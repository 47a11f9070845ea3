//! The human-technique step engine: from a grid of candidates, the easiest
//! next deduction a person can make, rated on the Sudoku Explainer (SE)
//! scale; and, step after step, the rating of a whole puzzle (ER/EP/ED and a
//! level) and its explanation.
//!
//! Techniques are tried in order of their SE rating. Most have one rating;
//! unique rectangles and chains get harder with size, so a family's easiest
//! instance is kept, and families are tried until the next one's simplest
//! form would already be harder than the best step found: the step taken is
//! always the easiest one the engine knows.
//!
//! ```
//! use sudokuflow::Grid;
//! use sudokuflow::logic::{self, Level};
//!
//! let puzzle: Grid =
//!     "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9."
//!         .parse()
//!         .unwrap();
//! let rating = logic::rate(&puzzle, &logic::Options::default()).unwrap();
//! assert_eq!(rating.triple(), "2.6/1.2/1.2");
//! assert_eq!(rating.level, Level::Hard);
//! assert_eq!(rating.hardest.name(), "Pointing");
//!
//! // The explanation's steps lead from the givens to the solution.
//! let explanation = logic::explain(&puzzle, &logic::Options::default()).unwrap();
//! let mut candidates = logic::Candidates::from_grid(&puzzle).unwrap();
//! for step in &explanation.steps {
//!     step.apply(&mut candidates);
//! }
//! assert_eq!(candidates.grid(), explanation.solution);
//! ```

// Cells and units are numbers that index several tables at once.
#![allow(clippy::needless_range_loop)]

mod candidates;
pub(crate) mod cells;
mod chains;
mod enumerate;
mod exclusion;
mod explain;
mod fish;
mod intersections;
mod memo;
mod rating;
mod singles;
mod step;
mod subsets;
mod sweep;
mod uniqueness;
mod wings;

pub use candidates::{ALL_DIGITS, Candidates, CandidatesError};
pub use enumerate::all_steps;
pub use explain::{Explanation, Order, RateError, Stepper, explain, is_level, next_step, rate};
pub use rating::{Level, Options, ParseLevelError, Rating};
use step::Words;
pub use step::{
    Candidate, ChainNode, Difficulty, House, HouseKind, Step, Technique, chain_sections,
};

use chains::Chainer;
use memo::{NoneByCell, NoneByDigit, NoneByUnit};
use std::ops::Range;
use std::sync::LazyLock;

/// What a run of the step engine keeps from one search to the next: the
/// chains' scratch space and work budget, each digit's intersections, and for
/// the techniques searched by digit or by unit, the grid on which each last
/// found nothing.
struct Searches {
    /// Whether the steps found are described for people.
    words: Words,
    chainer: Chainer,
    /// Pointing and claiming, plain and direct.
    intersections: intersections::Intersections,
    /// X-Wing, Swordfish, Jellyfish.
    fish: [NoneByDigit; 3],
    /// Direct hidden pair and triplet.
    direct_hidden: [NoneByUnit; 2],
    /// Naked pair, triplet and quad.
    naked: [NoneByUnit; 3],
    /// Hidden pair, triplet and quad.
    hidden: [NoneByUnit; 3],
    /// Aligned triplet exclusion.
    triple_exclusion: NoneByCell,
}

impl Searches {
    /// Searches whose chains may follow `budget` nodes in all (see
    /// [`Options::budget`]).
    fn new(budget: Option<u64>, words: Words) -> Searches {
        Searches {
            words,
            chainer: Chainer::new(budget),
            intersections: Default::default(),
            fish: Default::default(),
            direct_hidden: Default::default(),
            naked: Default::default(),
            hidden: Default::default(),
            triple_exclusion: Default::default(),
        }
    }
}

/// A technique finder: the technique's step on this grid, if it has one.
type Finder = fn(&Candidates, &mut Searches) -> Option<Step>;

/// The finders in order of their simplest form's rating, with whether they
/// rely on the puzzle having one solution.
const FINDERS: &[(Technique, bool, Finder)] = &[
    (Technique::FullHouse, false, |c, _| singles::full_house(c)),
    (Technique::HiddenSingleBox, false, |c, _| {
        singles::hidden_single_box(c)
    }),
    (Technique::HiddenSingleLine, false, |c, _| {
        singles::hidden_single_line(c)
    }),
    (Technique::DirectPointing, false, |c, s| {
        intersections::direct_pointing(c, &mut s.intersections, s.words)
    }),
    (Technique::DirectClaiming, false, |c, s| {
        intersections::direct_claiming(c, &mut s.intersections, s.words)
    }),
    (Technique::DirectHiddenPair, false, |c, s| {
        subsets::direct_hidden::<2>(c, &mut s.direct_hidden[0], s.words)
    }),
    (Technique::NakedSingle, false, |c, s| {
        singles::naked_single(c, s.words)
    }),
    (Technique::DirectHiddenTriple, false, |c, s| {
        subsets::direct_hidden::<3>(c, &mut s.direct_hidden[1], s.words)
    }),
    (Technique::Pointing, false, |c, s| {
        intersections::pointing(c, &mut s.intersections, s.words)
    }),
    (Technique::Claiming, false, |c, s| {
        intersections::claiming(c, &mut s.intersections, s.words)
    }),
    (Technique::NakedPair, false, |c, s| {
        subsets::naked(c, 2, &mut s.naked[0], s.words)
    }),
    (Technique::XWing, false, |c, s| {
        fish::fish(c, 2, &mut s.fish[0])
    }),
    (Technique::HiddenPair, false, |c, s| {
        subsets::hidden::<2>(c, &mut s.hidden[0], s.words)
    }),
    (Technique::NakedTriple, false, |c, s| {
        subsets::naked(c, 3, &mut s.naked[1], s.words)
    }),
    (Technique::Swordfish, false, |c, s| {
        fish::fish(c, 3, &mut s.fish[1])
    }),
    (Technique::HiddenTriple, false, |c, s| {
        subsets::hidden::<3>(c, &mut s.hidden[1], s.words)
    }),
    (Technique::XyWing, false, |c, _| wings::xy_wing(c)),
    (Technique::XyzWing, false, |c, _| wings::xyz_wing(c)),
    (Technique::UniqueRectangle, true, |c, _| {
        uniqueness::unique_rectangle(c)
    }),
    (Technique::NakedQuad, false, |c, s| {
        subsets::naked(c, 4, &mut s.naked[2], s.words)
    }),
    (Technique::Jellyfish, false, |c, s| {
        fish::fish(c, 4, &mut s.fish[2])
    }),
    (Technique::HiddenQuad, false, |c, s| {
        subsets::hidden::<4>(c, &mut s.hidden[2], s.words)
    }),
    (Technique::Bug, true, |c, _| uniqueness::bug(c)),
    (Technique::AlignedPairExclusion, false, |c, _| {
        exclusion::aligned_pair_exclusion(c)
    }),
    (Technique::XCycle, false, |c, s| {
        s.chainer.static_chains(c, s.words)
    }),
    (Technique::AlignedTripleExclusion, false, |c, s| {
        exclusion::aligned_triple_exclusion(c, &mut s.triple_exclusion)
    }),
    (Technique::Nishio, false, |c, s| {
        s.chainer.nishio(c, s.words)
    }),
    (Technique::CellForcingChains, false, |c, s| {
        s.chainer.multiple_chains(c, s.words)
    }),
    (Technique::DynamicForcingChains, false, |c, s| {
        s.chainer.se_chains(c, 0, s.words)
    }),
    (Technique::DynamicForcingChainsPlus, false, |c, s| {
        s.chainer.se_chains(c, 1, s.words)
    }),
    (Technique::NestedForcingChains, false, |c, s| {
        s.chainer.se_chains(c, 2, s.words)
    }),
    (Technique::NestedMultipleForcingChains, false, |c, s| {
        s.chainer.se_chains(c, 3, s.words)
    }),
    (Technique::NestedDynamicForcingChains, false, |c, s| {
        s.chainer.se_chains(c, 4, s.words)
    }),
    (Technique::NestedDynamicForcingChainsPlus, false, |c, s| {
        s.chainer.se_chains(c, 5, s.words)
    }),
];

/// The step `technique` finds on `candidates`, if any: for a technique
/// with one rating, the first instance in reading order; for a family whose
/// rating grows with size (unique rectangles, chains), its easiest instance.
/// Chain families are searched without a work limit. The step engine's
/// [`Stepper`] picks among these; this is for looking at one technique.
pub fn find_step(candidates: &Candidates, technique: Technique) -> Option<Step> {
    let mut searches = Searches::new(None, Words::Described);
    let chainer = &mut searches.chainer;
    let family = match technique {
        // One rule in FINDERS, which the three kinds of static chain share.
        Technique::XCycle | Technique::ForcingXChain => {
            return chainer.x_chains(candidates, Words::Described);
        }
        Technique::YCycle => return chainer.y_cycles(candidates, Words::Described),
        Technique::BidirectionalCycle | Technique::ForcingChain => {
            return chainer.forcing_chains(candidates, Words::Described);
        }
        Technique::UniqueLoop => Technique::UniqueRectangle,
        Technique::RegionForcingChains => Technique::CellForcingChains,
        other => other,
    };
    FINDERS
        .iter()
        .find(|(t, _, _)| *t == family)
        .and_then(|(_, _, find)| find(candidates, &mut searches))
}

/// The index in [`FINDERS`] of the first technique after the hidden singles.
const AFTER_HIDDEN_SINGLES: usize = 3;

/// True when the steps rated at most `er` may be taken in any order without
/// changing ER: no direct technique is within `er` while its plain form is
/// above it. A direct step only places its single, as Sudoku Explainer's
/// do; its eliminations need its plain form. Where that is above `er`,
/// which steps come first decides whether those eliminations are ever
/// needed, so only taking the easiest step every time, as SE does, gives
/// SE's ER.
fn order_free_up_to(er: Difficulty) -> bool {
    !ORDER_DEPENDENT.iter().any(|ers| ers.contains(&er))
}

/// The ERs where [`order_free_up_to`] fails: from each direct technique's
/// rating to below its plain form's. Worked out once, as rating asks
/// whenever ER changes.
static ORDER_DEPENDENT: LazyLock<Vec<Range<Difficulty>>> = LazyLock::new(|| {
    FINDERS
        .iter()
        .filter_map(|(technique, _, _)| {
            let plain = technique.plain_form()?;
            Some(technique.base_rating()..plain.base_rating())
        })
        .collect()
});

/// A step rated at most `limit` by a technique other than singles, rated
/// below the chains, where [`order_free_up_to`] holds for `limit`: the
/// first found in rating order. Direct techniques are left out, as those
/// within `limit` have their plain form within it too, which with the
/// single after it does as much and more, in an order that is free.
fn step_up_to(c: &Candidates, searches: &mut Searches, limit: Difficulty) -> Option<Step> {
    FINDERS[AFTER_HIDDEN_SINGLES..]
        .iter()
        .filter(|(t, _, _)| {
            t.base_rating() <= limit
                && *t < Technique::XCycle
                && t.plain_form().is_none()
                && *t != Technique::NakedSingle
        })
        .find_map(|(_, _, find)| find(c, searches).filter(|step| step.rating <= limit))
}

/// True when [`step_up_to`] finding nothing up to a limit, just after
/// [`sweep::place_singles_up_to`] placed every single up to it, shows that
/// `technique`, if within the limit, has no step at all: it is rated below
/// the chains with one rating (unique rectangles and BUG grow with size).
/// A direct technique within the limit has its plain form within it too.
fn ruled_out_by_step_up_to(technique: Technique) -> bool {
    technique < Technique::XCycle
        && !matches!(technique, Technique::UniqueRectangle | Technique::Bug)
}

/// Why no step was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stuck {
    /// Every technique was tried: the engine knows no step here.
    NoStep,
    /// The work budget ran out while the family of `Technique` was searched.
    OutOfWork(Technique),
    /// The next step would be harder than the ceiling asked for.
    AboveCeiling,
}

/// The easiest step on `c`, trying techniques up to `ceiling` (inclusive),
/// from the technique `FINDERS[first]` on, and skipping those up to `tried`
/// that [`step_up_to`] has just found nothing for; where there is a step
/// no harder than `tried`, the first such found (rating's order-free ER).
fn easiest_step(
    c: &Candidates,
    searches: &mut Searches,
    uniqueness: bool,
    ceiling: Option<Difficulty>,
    first: usize,
    tried: Difficulty,
) -> Result<Step, Stuck> {
    // Steps up to `tried` may be taken in any order (see `step_up_to`): the
    // first found will do. So level 2 may wait while level 3 gives the
    // steps (see `Chainer::waits`): where nothing else finds one, the
    // search goes through every family in order.
    searches.chainer.stop_at(tried);
    if tried > Difficulty(0) && searches.chainer.waits(2) {
        match families(c, searches, uniqueness, ceiling, first, tried, true) {
            Ok(step) if step.rating <= tried => return Ok(step),
            Err(stuck @ Stuck::OutOfWork(_)) => return Err(stuck),
            _ => {}
        }
    }
    families(c, searches, uniqueness, ceiling, first, tried, false)
}

/// The search of [`easiest_step`], leaving out with `wait` the nesting
/// levels that [`Chainer::waits`] says may wait.
fn families(
    c: &Candidates,
    searches: &mut Searches,
    uniqueness: bool,
    ceiling: Option<Difficulty>,
    first: usize,
    tried: Difficulty,
    wait: bool,
) -> Result<Step, Stuck> {
    // Only for this search: the chainer is shared.
    searches.chainer.stop_at(tried);
    let mut best: Option<Step> = None;
    let mut cut = false;
    let mut out_of_work = None;
    for &(technique, needs_uniqueness, find) in &FINDERS[first..] {
        let base = technique.base_rating();
        if best
            .as_ref()
            .is_some_and(|b| b.rating <= base || b.rating <= tried)
        {
            break;
        }
        if ceiling.is_some_and(|ceiling| base > ceiling) {
            cut = true;
            break;
        }
        if needs_uniqueness && !uniqueness || base <= tried && ruled_out_by_step_up_to(technique) {
            continue;
        }
        if wait && chains::nesting_level(technique).is_some_and(|l| searches.chainer.waits(l)) {
            continue;
        }
        if let Some(step) = find(c, searches)
            && best.as_ref().is_none_or(|b| step.rating < b.rating)
        {
            best = Some(step);
        }
        if searches.chainer.out_of_work() {
            out_of_work = Some(technique);
            break;
        }
        // From the chains on, the first family that finds a step gives it,
        // however long its chain, as in Sudoku Explainer: a harder family is
        // searched only when the easier ones find nothing.
        if technique >= Technique::XCycle && best.is_some() {
            break;
        }
    }
    searches.chainer.stop_at(Difficulty(0));
    match best {
        // The budget stopped the search in the family of `technique`: it, or
        // a later family rated below the best step, may have had an easier
        // one. A step is sure only when no harder than `tried` or that
        // family's base (so that family found it, and finished).
        Some(step)
            if let Some(technique) = out_of_work
                && step.rating > tried
                && step.rating > technique.base_rating() =>
        {
            Err(Stuck::OutOfWork(technique))
        }
        Some(step) if out_of_work.is_some() => Ok(step),
        None if let Some(technique) = out_of_work => Err(Stuck::OutOfWork(technique)),
        Some(step) if ceiling.is_none_or(|ceiling| step.rating <= ceiling) => Ok(step),
        Some(_) => Err(Stuck::AboveCeiling),
        None if cut => Err(Stuck::AboveCeiling),
        None => Err(Stuck::NoStep),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn bare_steps_do_what_described_steps_do() {
        let options = Options::default().with_budget(None);
        let mut compared = 0;
        for line in [
            "...2....82.96..13.....7..2.67...39....2....8..51......3.4.9........25.4..9......1",
            "...5...2.3...71..94............294.1..93..87...5.....363....1....7.....5.8.6.3...",
            "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....",
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9.",
        ] {
            let puzzle: Grid = line.parse().unwrap();
            let mut stepper = Stepper::new(Candidates::from_grid(&puzzle).unwrap(), true, &options);
            loop {
                let c = stepper.candidates().clone();
                for (technique, _, find) in
                    FINDERS.iter().filter(|(t, _, _)| *t < Technique::XCycle)
                {
                    let described = find(&c, &mut Searches::new(None, Words::Described));
                    let bare = find(&c, &mut Searches::new(None, Words::Bare));
                    let Some(described) = described else {
                        assert!(bare.is_none(), "{technique:?} on {line}: {c:?}");
                        continue;
                    };
                    let bare = bare.expect("a bare step where there is a described one");
                    assert!(!described.text.is_empty() && !described.focus.is_empty());
                    let effect = |s: &Step| {
                        (
                            s.technique,
                            s.rating,
                            s.placements.clone(),
                            s.eliminations.clone(),
                        )
                    };
                    assert_eq!(
                        effect(&bare),
                        effect(&described),
                        "{technique:?} on {line}: {c:?}"
                    );
                    compared += 1;
                }
                if stepper.next().is_none() {
                    break;
                }
            }
        }
        assert!(compared > 100, "{compared}");
    }
}
