//! Running the step engine over a whole puzzle: the steps in order
//! ([`Stepper`], [`explain`]) and the rating they give ([`rate`]).

use std::fmt;

use super::memo::NoneByUnit;
use super::rating::{Level, Options, Rating};
use super::step::{Difficulty, Step, Technique, Words};
use super::{
    AFTER_HIDDEN_SINGLES, Candidates, CandidatesError, Searches, Stuck, easiest_step,
    order_free_up_to, singles, step_up_to, sweep,
};
use crate::grid::Grid;
use crate::solver::{self, SolveError};

/// Why a puzzle cannot be rated or explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RateError {
    /// A digit repeats in a row, column or box.
    ConflictingGivens,
    /// No grid completes the givens.
    NoSolution,
    /// More than one grid completes the givens: logic alone cannot decide.
    MultipleSolutions,
}

impl fmt::Display for RateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RateError::ConflictingGivens => "a digit repeats in a row, column or box",
            RateError::NoSolution => "the puzzle has no solution",
            RateError::MultipleSolutions => "the puzzle has more than one solution",
        })
    }
}

impl std::error::Error for RateError {}

/// The order in which steps are taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Order {
    /// Sudoku Explainer's, which ratings follow: the step with the lowest
    /// rating every time, so a direct hidden pair (2.0) comes before a
    /// naked single (2.3).
    #[default]
    Rating,
    /// The order a person finds steps in, singles first and the easiest
    /// single first, as Sudoku Explainer's ladder rates them: a full house
    /// (1.0), a hidden single in a box (1.2), then in a row or column (1.5),
    /// then a naked single (2.3); only when no single is left, the rest in
    /// rating order.
    Simple,
}

/// The steps from a grid of candidates, one by one, each applied before the
/// next is looked for. Ends when the grid is solved or no step is found
/// (within the budget and ceiling of its [`Options`]).
pub struct Stepper {
    candidates: Candidates,
    searches: Searches,
    uniqueness: bool,
    ceiling: Option<Difficulty>,
    order: Order,
    stuck: Option<Stuck>,
}

impl Stepper {
    /// Steps from `candidates` (a fresh puzzle's, or a player's with notes).
    /// `unique` says the puzzle has one solution, which allows the
    /// uniqueness techniques.
    pub fn new(candidates: Candidates, unique: bool, options: &Options) -> Stepper {
        Stepper {
            candidates,
            searches: Searches::new(options.budget, Words::Described),
            uniqueness: unique,
            ceiling: options.ceiling,
            order: options.order,
            stuck: None,
        }
    }

    /// The first single in the simple order (see [`Order::Simple`]) within
    /// the ceiling, if any. Looked for from the easiest up, so the first
    /// found is within the ceiling if any is.
    fn simple_single(&self) -> Option<Step> {
        let c = &self.candidates;
        singles::full_house(c)
            .or_else(|| singles::hidden_single_box(c))
            .or_else(|| singles::hidden_single_line(c))
            .or_else(|| singles::naked_single(c, Words::Described))
            .filter(|step| self.ceiling.is_none_or(|ceiling| step.rating <= ceiling))
    }

    /// The grid as the steps so far have left it.
    pub fn candidates(&self) -> &Candidates {
        &self.candidates
    }

    /// True once every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.candidates.is_solved()
    }
}

impl Iterator for Stepper {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.stuck.is_some() || self.candidates.is_solved() {
            return None;
        }
        if self.order == Order::Simple
            && let Some(step) = self.simple_single()
        {
            step.apply(&mut self.candidates);
            return Some(step);
        }
        match easiest_step(
            &self.candidates,
            &mut self.searches,
            self.uniqueness,
            self.ceiling,
            0,
            Difficulty(0),
        ) {
            Ok(step) => {
                step.apply(&mut self.candidates);
                Some(step)
            }
            Err(stuck) => {
                self.stuck = Some(stuck);
                None
            }
        }
    }
}

/// The next step from a grid of candidates, e.g. a player's: the hint. With
/// `unique`, uniqueness techniques may be used.
pub fn next_step(candidates: &Candidates, unique: bool, options: &Options) -> Option<Step> {
    Stepper::new(candidates.clone(), unique, options).next()
}

/// True when `puzzle`, which must have one solution, is of `level`: the
/// level [`rate`] gives it. Rated only as far as needed (a hell puzzle need
/// only be shown harder than expert), so no chain is ever searched and the
/// budget is never reached.
pub fn is_level(puzzle: &Grid, level: Level) -> bool {
    let Ok(candidates) = Candidates::from_grid(puzzle) else {
        return false;
    };
    let ceiling = level.ceiling().or(Level::Expert.ceiling());
    let options = Options {
        ceiling,
        ..Options::default()
    };
    let Ok(rating) = rate_candidates(candidates, &options, None) else {
        unreachable!("a rating without a check cannot fail");
    };
    match level {
        Level::Hell => !rating.complete,
        _ => rating.complete && rating.level == level,
    }
}

/// A puzzle explained: every step from the givens to the solution (or as far
/// as the engine got), and the rating they give.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The puzzle explained.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The rating the steps give.
    pub rating: Rating,
}

/// Rates `puzzle` under `options` (`Options::default()`: the work budget
/// [`Options::DEFAULT_BUDGET`], no ceiling).
///
/// # Errors
/// When the puzzle has conflicting givens, no solution or several.
pub fn rate(puzzle: &Grid, options: &Options) -> Result<Rating, RateError> {
    let candidates = Candidates::from_grid(puzzle).map_err(|e| match e {
        CandidatesError::ConflictingValues => RateError::ConflictingGivens,
        CandidatesError::NoCandidates { .. } => RateError::NoSolution,
    })?;
    rate_candidates(candidates, options, Some(puzzle))
}

/// The rating from `candidates`. `unchecked` is the puzzle when it is not
/// yet known to have one solution: it is checked when the steps rated below
/// the uniqueness techniques do not solve it.
fn rate_candidates(
    mut candidates: Candidates,
    options: &Options,
    unchecked: Option<&Grid>,
) -> Result<Rating, RateError> {
    // Rating looks at what the steps do, never at their words.
    let mut searches = Searches::new(options.budget, Words::Bare);
    let mut tally = Tally::default();
    let mut no_singles = NoneByUnit::default();
    // Steps that do not assume one solution are sound: a puzzle they solve
    // has that one solution. So the count of solutions waits until a puzzle
    // needs a step rated as high as those that do assume it (unique
    // rectangles, 4.5) or the steps get stuck, which most puzzles up to
    // hard never do.
    let mut checked = unchecked.is_none();
    let below_uniqueness = Difficulty(Technique::UniqueRectangle.base_rating().0 - 1);
    let stuck = loop {
        if candidates.is_solved() {
            break None;
        }
        // Once a digit is placed, EP and ED are known and only ER is left:
        // a step no harder than ER so far cannot raise it. Where the order
        // of such steps does not matter, they are taken in bulk, the
        // cheapest to find first, before the easiest-first search for the
        // step that raises ER. Where it does (ER from 1.7 to 4.0), full
        // houses and hidden singles still go in bulk: rated below every
        // other step, they come first in the easiest-first order anyway.
        let order_free = tally.ep.is_some() && tally.order_free;
        // Before it, EP is ER at the first placement, and the steps up to ER
        // so far, where their order is free, reach a placement before any
        // harder step in any order. Rating still takes the easiest step
        // there, but a nested dynamic chain (levels 4 and 5) no harder than
        // ER so far may be the first found: a full search of level 4 at the
        // top of the scale is the costliest step there is (thousands of
        // hints for the easiest), and the forum's hardest need it step
        // after step before their first placement. The order of steps is
        // not free for Sudoku Explainer's chains in every case: letting
        // every chain family stop at its first such hint there changed 2 of
        // the 328 ERs of the sample in docs/rating.md away from SE's.
        let free_before_placement = tally.ep.is_none() && tally.ed.is_some() && tally.order_free;
        let nested_dynamic_enough = match free_before_placement {
            true => tally.er,
            false => Difficulty(0),
        };
        searches
            .chainer
            .stop_nested_dynamic_at(nested_dynamic_enough);
        let singles_up_to = tally.ep.is_some().then(|| match order_free {
            true => tally.er,
            false => Technique::HiddenSingleLine.base_rating(),
        });
        // The singles rated at most this are known to be absent.
        let mut absent = Difficulty(0);
        if let Some(limit) = singles_up_to {
            if sweep::place_singles_up_to(&mut candidates, limit, &mut no_singles) {
                continue;
            }
            absent = limit;
        }
        if let Some(technique) = sweep::place_singles(&mut candidates, absent, &mut no_singles) {
            tally.add(technique.base_rating(), technique, true);
            continue;
        }
        let mut tried = Difficulty(0);
        if order_free {
            if let Some(step) = step_up_to(&candidates, &mut searches, tally.er) {
                tally.add(step.rating, step.technique, !step.placements.is_empty());
                step.apply(&mut candidates);
                continue;
            }
            tried = tally.er;
        }
        // While the solutions are not counted, the search stops below the
        // uniqueness techniques (and the chains), and the count comes first.
        let ceiling = match options.ceiling {
            _ if checked => options.ceiling,
            Some(ceiling) => Some(ceiling.min(below_uniqueness)),
            None => Some(below_uniqueness),
        };
        match easiest_step(
            &candidates,
            &mut searches,
            checked,
            ceiling,
            AFTER_HIDDEN_SINGLES,
            tried,
        ) {
            Ok(step) if step.technique == Technique::NakedSingle => {
                // No easier step: every naked single can go in at once.
                sweep::place_naked_singles(&mut candidates);
                tally.add(step.rating, step.technique, true);
            }
            Ok(step) => {
                tally.add(step.rating, step.technique, !step.placements.is_empty());
                step.apply(&mut candidates);
            }
            Err(_) if !checked => {
                if let Some(puzzle) = unchecked {
                    check_unique(puzzle)?;
                }
                checked = true;
            }
            Err(stuck) => break Some(stuck),
        }
    };
    // Unchecked, the loop ends only on a solved grid.
    if let Some(puzzle) = unchecked.filter(|_| !checked)
        && !candidates.is_solved_consistently()
    {
        // Unreachable by sound steps; the count then names the problem.
        check_unique(puzzle)?;
    }
    Ok(tally.finish(stuck, options, searches.chainer.work()))
}

/// Explains `puzzle` step by step under `options`, taking the steps in
/// `options.order`. The rating is the puzzle's, from steps in rating
/// order, whatever the order of the steps told.
///
/// # Errors
/// When the puzzle has conflicting givens, no solution or several.
pub fn explain(puzzle: &Grid, options: &Options) -> Result<Explanation, RateError> {
    let mut steps = Vec::new();
    let (rating, solution) = run(puzzle, options, |step| steps.push(step.clone()))?;
    Ok(Explanation {
        puzzle: *puzzle,
        solution,
        steps,
        rating,
    })
}

/// Checks that `puzzle` has exactly one solution.
fn check_unique(puzzle: &Grid) -> Result<(), RateError> {
    let count = solver::count_solutions(puzzle, 2).map_err(|e| match e {
        SolveError::ConflictingGivens => RateError::ConflictingGivens,
        SolveError::NoSolution => RateError::NoSolution,
    })?;
    match count.solutions {
        0 => return Err(RateError::NoSolution),
        1 => {}
        _ => return Err(RateError::MultipleSolutions),
    }
    Ok(())
}

/// Checks the puzzle, steps through it telling `each` about every step, and
/// returns its rating and solution.
fn run(
    puzzle: &Grid,
    options: &Options,
    mut each: impl FnMut(&Step),
) -> Result<(Rating, Grid), RateError> {
    check_unique(puzzle)?;
    let solution = solver::solve(puzzle)
        .map_err(|_| RateError::NoSolution)?
        .grid;
    let candidates = Candidates::from_grid(puzzle).map_err(|_| RateError::ConflictingGivens)?;
    let mut stepper = Stepper::new(candidates.clone(), true, options);
    let mut tally = Tally::default();
    for step in stepper.by_ref() {
        tally.add(step.rating, step.technique, !step.placements.is_empty());
        each(&step);
    }
    let rating = match options.order {
        Order::Rating => tally.finish(stepper.stuck, options, stepper.searches.chainer.work()),
        // Steps in another order can rate the puzzle otherwise: the rating
        // is rate's.
        Order::Simple => rate_candidates(candidates, options, None)?,
    };
    Ok((rating, solution))
}

/// ER, EP and ED as the steps come.
#[derive(Default)]
struct Tally {
    er: Difficulty,
    /// [`order_free_up_to`] ER, worked out when ER changes rather than
    /// on every turn of the rating loop.
    order_free: bool,
    hardest: Option<Technique>,
    ep: Option<Difficulty>,
    ed: Option<Difficulty>,
}

impl Tally {
    /// Counts a step of `rating` by `technique`, which `places` digits or not.
    fn add(&mut self, rating: Difficulty, technique: Technique, places: bool) {
        if rating > self.er || self.hardest.is_none() {
            self.er = self.er.max(rating);
            self.order_free = order_free_up_to(self.er);
            self.hardest = Some(technique);
        }
        self.ed.get_or_insert(rating);
        if self.ep.is_none() && places {
            self.ep = Some(self.er);
        }
    }

    /// The rating of a run that ended, solved (`stuck` is `None`) or
    /// stuck, after `work` nodes followed.
    fn finish(&self, stuck: Option<Stuck>, options: &Options, work: u64) -> Rating {
        let lower_bound = match stuck {
            None => None,
            Some(Stuck::AboveCeiling) => {
                let above = options
                    .ceiling
                    .map_or(Difficulty(0), |c| Difficulty(c.0 + 1));
                Some((above, self.hardest.unwrap_or(Technique::FullHouse)))
            }
            Some(Stuck::OutOfWork(technique)) => Some((technique.base_rating(), technique)),
            // Even SE's deepest nesting found nothing: the step needed is
            // beyond it, rated above its base.
            Some(Stuck::NoStep) => {
                let deepest = Technique::NestedDynamicForcingChainsPlus;
                Some((deepest.base_rating(), deepest))
            }
        };
        self.rating(lower_bound, work)
    }

    /// The rating; `lower_bound` is the least rating, and the technique, of
    /// the step the engine could not take, when it stopped before the solution.
    fn rating(&self, lower_bound: Option<(Difficulty, Technique)>, work: u64) -> Rating {
        let mut er = self.er;
        let mut hardest = self.hardest.unwrap_or(Technique::FullHouse);
        if let Some((bound, technique)) = lower_bound
            && bound > er
        {
            (er, hardest) = (bound, technique);
        }
        let lower_bound = lower_bound.map(|(bound, _)| bound);
        Rating {
            er,
            ep: self.ep.unwrap_or(er),
            ed: self.ed.unwrap_or(er),
            hardest,
            level: if lower_bound.is_some() && lower_bound.is_none_or(|b| b.0 >= 65) {
                Level::Hell
            } else {
                Level::of(er)
            },
            complete: lower_bound.is_none(),
            work,
        }
    }
}
