//! New hard puzzles near known ones (`generate --from FILE --min-er X`).
//!
//! Random generation almost never reaches the top of the Sudoku Explainer
//! scale (1 in 300 of the minimal puzzles rated hell, 6.5 and up, rates 9
//! or more), but hard puzzles cluster: of the unique puzzles a clue or two
//! away from one of the forum's hardest (rated 11 or more), about a fifth
//! rate 10 or more (100 of 533 rated, in the search docs/generating.md
//! measures). So
//! a candidate is a pool puzzle with one or two clues taken away and as
//! many others added from its solution, kept when it still has one
//! solution, is not equivalent to a seed or an earlier find, and meets the
//! thresholds: its solver's guesses first (cheap), then its rating, taken
//! only as far as the threshold needs (a rating ceiling just below it).
//! Each find joins the pool, so the search walks on from it.
//!
//! # Reproducibility
//! Candidate `i` comes from its own stream `(seed, i)` and the pool as it
//! stood when its batch began. A batch holds a fixed number of candidates,
//! is judged in parallel and accepted in candidate order, so the finds are
//! the same at any thread count.

use std::collections::HashSet;

use rayon::prelude::*;

use crate::grid::Grid;
use crate::logic::{self, Difficulty, Options, Rating};
use crate::rng::Rng;
use crate::solver::solve_and_count;

use super::STREAM_VICINITY;

/// Candidates per batch. Near the forum's hardest about 1 candidate in 80
/// has one solution and is rated, so a batch holds a few ratings per
/// thread: with 64 candidates two threads were busy 59% of the time, as a
/// batch waits for its slowest rating.
pub const CANDIDATES_PER_BATCH: u64 = 512;

/// What a find must meet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Thresholds {
    /// The least rating (ER): the puzzle must need a step rated this or
    /// more. `None`: not rated.
    pub min_er: Option<Difficulty>,
    /// The least number of guesses the solver makes to the solution (as
    /// [`crate::solve`] counts them, `label`'s `guesses`).
    pub min_guesses: Option<u64>,
    /// The rating's work budget (see [`Options::budget`]).
    pub budget: Option<u64>,
}

impl Thresholds {
    /// No thresholds: any unique puzzle new up to equivalence is a find.
    pub fn new() -> Thresholds {
        Thresholds::default()
    }

    /// The same thresholds with this least rating.
    pub fn with_min_er(mut self, min_er: Option<Difficulty>) -> Thresholds {
        self.min_er = min_er;
        self
    }

    /// The same thresholds with this least number of guesses.
    pub fn with_min_guesses(mut self, min_guesses: Option<u64>) -> Thresholds {
        self.min_guesses = min_guesses;
        self
    }

    /// The same thresholds with this rating budget.
    pub fn with_budget(mut self, budget: Option<u64>) -> Thresholds {
        self.budget = budget;
        self
    }
}

/// A new puzzle the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The solver's guesses to the solution.
    pub guesses: u64,
    /// With a least rating: the rating as far as it was taken, its ER a
    /// lower bound that meets the threshold.
    pub rating: Option<Rating>,
}

/// What the search has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VicinityStats {
    /// Candidates made.
    pub tried: u64,
    /// Candidates with one solution.
    pub unique: u64,
    /// Candidates equivalent to a seed or an earlier candidate.
    pub repeated: u64,
    /// Candidates rated (new, unique and with enough guesses).
    pub rated: u64,
    /// Candidates kept.
    pub found: u64,
    /// Work over all ratings, in chain nodes.
    pub work: u64,
}

/// Why a search cannot start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VicinityError {
    /// No seed has one solution.
    NoSeeds,
}

impl std::fmt::Display for VicinityError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VicinityError::NoSeeds => f.write_str("no seed puzzle has one solution"),
        }
    }
}

impl std::error::Error for VicinityError {}

/// A search of the puzzles near a pool of seeds; each
/// [`VicinitySearch::next_batch`] judges the next batch of candidates.
pub struct VicinitySearch {
    /// Seeds and finds, with their solutions.
    pool: Vec<(Grid, Grid)>,
    /// The canonical forms of the pool, and of candidates found equivalent.
    seen: HashSet<Grid>,
    thresholds: Thresholds,
    seed: u64,
    next: u64,
    stats: VicinityStats,
}

/// One candidate's verdict.
enum Judged {
    /// Not a find (no single solution, or below a threshold).
    Dropped,
    /// Equivalent to a puzzle seen before the batch.
    Repeated,
    /// Meets every threshold; `canonical` decides whether it repeats one
    /// of the batch.
    Kept { found: Box<Found>, canonical: Grid },
}

/// A candidate's verdict and what judging it cost.
struct Verdict {
    judged: Judged,
    unique: bool,
    rated: bool,
    work: u64,
}

impl VicinitySearch {
    /// A search from `seeds` (pairs of a puzzle with one solution and that
    /// solution) under `seed`.
    ///
    /// # Errors
    /// [`VicinityError::NoSeeds`] when `seeds` is empty.
    pub fn new(
        seeds: Vec<(Grid, Grid)>,
        thresholds: Thresholds,
        seed: u64,
    ) -> Result<VicinitySearch, VicinityError> {
        if seeds.is_empty() {
            return Err(VicinityError::NoSeeds);
        }
        let seen = seeds
            .par_iter()
            .map(|(puzzle, _)| puzzle.canonical().0)
            .collect();
        Ok(VicinitySearch {
            pool: seeds,
            seen,
            thresholds,
            seed,
            next: 0,
            stats: VicinityStats::default(),
        })
    }

    /// What the search has done so far.
    pub fn stats(&self) -> VicinityStats {
        self.stats
    }

    /// Judges the next [`CANDIDATES_PER_BATCH`] candidates on the current
    /// rayon pool, and returns the finds among them, in candidate order.
    pub fn next_batch(&mut self) -> Vec<Found> {
        let first = self.next;
        self.next += CANDIDATES_PER_BATCH;
        let verdicts: Vec<Verdict> = (first..self.next)
            .into_par_iter()
            .map(|index| self.judge(self.candidate(index)))
            .collect();
        let mut finds = Vec::new();
        for verdict in verdicts {
            self.stats.tried += 1;
            self.stats.unique += u64::from(verdict.unique);
            self.stats.rated += u64::from(verdict.rated);
            self.stats.work += verdict.work;
            match verdict.judged {
                Judged::Dropped => {}
                Judged::Repeated => self.stats.repeated += 1,
                Judged::Kept { found, canonical } => {
                    if self.seen.insert(canonical) {
                        self.stats.found += 1;
                        self.pool.push((found.puzzle, found.solution));
                        finds.push(*found);
                    } else {
                        self.stats.repeated += 1;
                    }
                }
            }
        }
        finds
    }

    /// Candidate `index`: a pool puzzle with one or two clues taken away
    /// and as many added from its solution, in cells that were empty.
    fn candidate(&self, index: u64) -> (Grid, Grid) {
        let mut rng = Rng::for_stream(self.seed, &[STREAM_VICINITY, index]);
        let (mut puzzle, solution) = self.pool[rng.below(self.pool.len() as u32) as usize];
        let moves = 1 + rng.below(2) as usize;
        let mut clues: Vec<usize> = (0..81).filter(|&i| puzzle.get(i) != 0).collect();
        let mut empty: Vec<usize> = (0..81).filter(|&i| puzzle.get(i) == 0).collect();
        rng.shuffle(&mut clues);
        rng.shuffle(&mut empty);
        for &cell in clues.iter().take(moves) {
            puzzle.set(cell, 0);
        }
        for &cell in empty.iter().take(moves) {
            puzzle.set(cell, solution.get(cell));
        }
        (puzzle, solution)
    }

    /// Whether `candidate` is a find, as far as the batch's start knows.
    fn judge(&self, (puzzle, solution): (Grid, Grid)) -> Verdict {
        let mut verdict = Verdict {
            judged: Judged::Dropped,
            unique: false,
            rated: false,
            work: 0,
        };
        // Built from a solution's digits: consistent, with that solution.
        let Ok(counted) = solve_and_count(&puzzle, 2) else {
            return verdict;
        };
        let Some(first) = counted.first.filter(|_| counted.solutions == 1) else {
            return verdict;
        };
        debug_assert_eq!(first.grid, solution);
        verdict.unique = true;
        if self
            .thresholds
            .min_guesses
            .is_some_and(|least| first.guesses < least)
        {
            return verdict;
        }
        let canonical = puzzle.canonical().0;
        if self.seen.contains(&canonical) {
            verdict.judged = Judged::Repeated;
            return verdict;
        }
        let mut rating = None;
        if let Some(least) = self.thresholds.min_er {
            // Rated up to just below the threshold: a puzzle that needs a
            // harder step stops there, its ER a lower bound of `least`.
            let options = Options {
                ceiling: Some(Difficulty(least.0.saturating_sub(1))),
                budget: self.thresholds.budget,
                ..Options::default()
            };
            verdict.rated = true;
            let Ok(rated) = logic::rate(&puzzle, &options) else {
                return verdict;
            };
            verdict.work = rated.work;
            if rated.er < least {
                return verdict;
            }
            rating = Some(rated);
        }
        verdict.judged = Judged::Kept {
            found: Box::new(Found {
                puzzle,
                solution,
                guesses: first.guesses,
                rating,
            }),
            canonical,
        };
        verdict
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hard puzzle (SE 10.5 or so) and its solution.
    fn hard_seed() -> (Grid, Grid) {
        let puzzle: Grid =
            "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"
                .parse()
                .unwrap();
        let solution = crate::solve(&puzzle).unwrap().grid;
        (puzzle, solution)
    }

    #[test]
    fn candidates_move_clues_and_keep_the_solution() {
        let search = VicinitySearch::new(vec![hard_seed()], Thresholds::new(), 3).unwrap();
        let (seed, solution) = hard_seed();
        for index in 0..200 {
            let (puzzle, of) = search.candidate(index);
            assert_eq!(of, solution);
            assert_eq!(puzzle.clue_count(), seed.clue_count());
            let changed = (0..81).filter(|&i| puzzle.get(i) != seed.get(i)).count();
            assert!(changed == 2 || changed == 4, "{changed}");
            assert!((0..81).all(|i| puzzle.get(i) == 0 || puzzle.get(i) == solution.get(i)));
        }
    }

    #[test]
    fn finds_are_unique_new_and_meet_the_thresholds() {
        let least = Difficulty(90);
        let thresholds = Thresholds::new()
            .with_min_er(Some(least))
            .with_min_guesses(Some(2));
        let mut search = VicinitySearch::new(vec![hard_seed()], thresholds, 5).unwrap();
        let mut finds = Vec::new();
        while finds.len() < 3 && search.stats().tried < 20_000 {
            finds.extend(search.next_batch());
        }
        assert!(finds.len() >= 3, "{:?}", search.stats());
        let mut canonical: HashSet<Grid> = HashSet::from([hard_seed().0.canonical().0]);
        for found in &finds {
            let counted = solve_and_count(&found.puzzle, 2).unwrap();
            assert_eq!(counted.solutions, 1);
            assert_eq!(counted.first.unwrap().grid, found.solution);
            assert!(found.guesses >= 2);
            assert!(canonical.insert(found.puzzle.canonical().0), "a repeat");
            let full = logic::rate(&found.puzzle, &Options::default()).unwrap();
            assert!(full.er >= least, "{}", full.triple());
        }
        let stats = search.stats();
        assert_eq!(stats.found, finds.len() as u64);
        assert!(stats.tried >= stats.unique && stats.unique >= stats.rated);
    }

    #[test]
    fn the_finds_are_the_same_at_any_thread_count() {
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let thresholds = Thresholds::new().with_min_guesses(Some(3));
                let mut search = VicinitySearch::new(vec![hard_seed()], thresholds, 9).unwrap();
                let finds: Vec<Found> = (0..4).flat_map(|_| search.next_batch()).collect();
                (finds, search.stats())
            })
        };
        let one = run(1);
        assert!(!one.0.is_empty());
        assert_eq!(one, run(3));
    }
}
