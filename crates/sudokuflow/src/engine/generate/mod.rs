//! Puzzle generation: random solution grids, symmetric minimal puzzles, clue
//! targets, shuffled equivalents of existing puzzles, and new hard puzzles
//! near known ones ([`vicinity`]).
//!
//! # Reproducibility
//! Every puzzle draws its numbers from its own [`Rng`] stream derived from
//! `(seed, index)` ([`generate`]) or `(seed, puzzle_index, variant)`
//! ([`shuffle`]), never from shared state, so a batch is byte-identical
//! whatever the number of threads or the order they run in. The puzzles also
//! depend on [`solve`]'s choice of first solution (used to complete random
//! grids), so a solver whose search order changes changes the puzzles a seed
//! gives; the RNG itself is frozen (see [`crate::rng`]).
//!
//! # Minimal puzzles
//! [`generate`] draws a random solution grid ([`random_solution`]), then
//! visits the clue groups of the chosen [`Symmetry`] (single cells, pairs of
//! cells, or the 4-cell orbits of 90° rotation) in random order (the order in
//! which a shuffled list of the 81 cells first reaches each group) and
//! removes each group if the puzzle keeps a unique solution. One pass gives a minimal
//! puzzle: removing a group that failed earlier fails for ever after, since a
//! puzzle with fewer clues has at least the solutions of one with more.
//!
//! A removal can only add solutions that differ from the known solution in a
//! removed cell. The uniqueness check first tries to show that every removed
//! cell is forced by the remaining clues alone (a naked or hidden single from
//! the givens, cheap bit masks), which settles most early removals with no
//! search; then whether a small unavoidable set of the solution (found by
//! swapping two digits, or two rows or columns of a band or stack) has lost
//! its last clue, which rejects about half the failing removals with no
//! search; only then does it ask the solver (see `Digger::stays_unique`).
//!
//! # Clue targets
//! With [`GenerateConfig::clues`] set to `K`, removal stops at exactly `K`
//! clues (skipping groups that would overshoot it). A grid whose removals end
//! above `K` is dropped and a new grid drawn, up to
//! [`GenerateConfig::max_attempts`] grids; then [`GenerateError::AttemptsExhausted`].
//! Targets that no puzzle can meet (under 17, over 81, or a count the
//! symmetry's group sizes cannot add up to) are refused at once by
//! [`GenerateConfig::validate`].

mod dig;
mod symmetry;
pub mod vicinity;

use std::fmt;

use crate::grid::Grid;
use crate::logic::{self, Level};
use crate::rng::Rng;
use crate::solver::solve;
use crate::transform::Transform;
use dig::remove_clues;
use symmetry::Groups;
pub use symmetry::{ParseSymmetryError, Symmetry};

/// Stream tags keeping the generate, shuffle and vicinity streams of one
/// seed apart.
const STREAM_GENERATE: u64 = 1;
const STREAM_SHUFFLE: u64 = 2;
const STREAM_VICINITY: u64 = 3;

/// How [`generate`] makes puzzles: `GenerateConfig::default()`, changed
/// with the `with_` methods or by setting fields (more may come, so other
/// crates cannot write it as a struct literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateConfig {
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// `None` for minimal puzzles; `Some(k)` to stop removing at exactly `k` clues.
    pub clues: Option<u8>,
    /// `Some(level)` to keep only puzzles of that level (see [`logic::is_level`]).
    pub level: Option<Level>,
    /// How many solution grids to try per puzzle before giving up on `clues`
    /// or `level`.
    pub max_attempts: u32,
}

impl GenerateConfig {
    /// The default budget of grids per puzzle for a clue target. Minimal
    /// puzzles average about 24.4 clues without symmetry (27.6 with 180°
    /// rotation); about 1 grid in 300 digs down to 21 clues without symmetry,
    /// and far fewer to 20. A grid that cannot reach the target is dropped as
    /// soon as that shows, so the whole budget runs out in about a second.
    pub const DEFAULT_MAX_ATTEMPTS: u32 = 10_000;

    /// The same configuration with this symmetry.
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> GenerateConfig {
        self.symmetry = symmetry;
        self
    }

    /// The same configuration with this clue target (`None`: minimal).
    pub fn with_clues(mut self, clues: Option<u8>) -> GenerateConfig {
        self.clues = clues;
        self
    }

    /// The same configuration keeping only puzzles of this level.
    pub fn with_level(mut self, level: Option<Level>) -> GenerateConfig {
        self.level = level;
        self
    }

    /// The same configuration with this many grids to try per puzzle.
    pub fn with_max_attempts(mut self, max_attempts: u32) -> GenerateConfig {
        self.max_attempts = max_attempts;
        self
    }

    /// Checks the clue target before any work.
    ///
    /// # Errors
    /// [`GenerateError::ClueTargetUnreachable`] when no puzzle can have that
    /// many clues with this symmetry (or the attempt budget is 0).
    pub fn validate(&self) -> Result<(), GenerateError> {
        let Some(clues) = self.clues else {
            return Ok(());
        };
        let refuse = |reason| {
            Err(GenerateError::ClueTargetUnreachable {
                clues,
                symmetry: self.symmetry,
                reason,
            })
        };
        if clues < 17 {
            return refuse("no Sudoku puzzle with fewer than 17 clues has a unique solution");
        }
        if clues > 81 {
            return refuse("a grid has 81 cells");
        }
        if self.symmetry != Symmetry::Random && !self.symmetry.can_total(clues.into()) {
            return refuse("with rotate90 symmetry the clue count is a multiple of 4, or one more");
        }
        if self.max_attempts == 0 {
            return refuse("the attempt budget is 0");
        }
        Ok(())
    }
}

impl Default for GenerateConfig {
    /// Minimal puzzles without symmetry.
    fn default() -> GenerateConfig {
        GenerateConfig {
            symmetry: Symmetry::None,
            clues: None,
            level: None,
            max_attempts: GenerateConfig::DEFAULT_MAX_ATTEMPTS,
        }
    }
}

/// A generated puzzle and its unique solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle, `0` for empty cells.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The symmetry used: the configured one, or the one drawn for `Random`.
    pub symmetry: Symmetry,
    /// How many solution grids were tried (1 unless a clue target was missed).
    pub attempts: u32,
}

/// Why [`generate`] made no puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Refused up front: no puzzle can have `clues` clues with `symmetry`.
    ClueTargetUnreachable {
        /// The clue count asked for.
        clues: u8,
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// Why no puzzle can have it.
        reason: &'static str,
    },
    /// `attempts` grids were tried and none came down to `clues` clues.
    AttemptsExhausted {
        /// The clue count asked for.
        clues: u8,
        /// The symmetry used.
        symmetry: Symmetry,
        /// The grids tried.
        attempts: u32,
        /// The fewest clues any attempt reached.
        fewest: u8,
    },
    /// `attempts` grids were tried and none gave a puzzle of `level` (with
    /// the clue target, if any).
    LevelNotReached {
        /// The level asked for.
        level: Level,
        /// The grids tried.
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenerateError::ClueTargetUnreachable {
                clues,
                symmetry,
                reason,
            } => write!(
                f,
                "cannot generate puzzles with {clues} clues {}: {reason}",
                symmetry_phrase(symmetry)
            ),
            GenerateError::AttemptsExhausted {
                clues,
                symmetry,
                attempts,
                fewest,
            } => write!(
                f,
                "gave up after {attempts} grids: none gave a puzzle with one solution and \
                 {clues} clues {} (the fewest reached: {fewest}); ask for more clues",
                symmetry_phrase(symmetry)
            ),
            GenerateError::LevelNotReached { level, attempts } => write!(
                f,
                "gave up after {attempts} grids: none gave a {level} puzzle with these options; \
                 try without --clues or with another symmetry"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// `without symmetry`, or `with rotate180 symmetry`, for messages.
fn symmetry_phrase(symmetry: Symmetry) -> String {
    match symmetry {
        Symmetry::None => "without symmetry".to_string(),
        s => format!("with {s} symmetry"),
    }
}

/// A random complete solution grid.
///
/// Fills the three diagonal boxes (which constrain each other in no way) with
/// random permutations of 1 to 9, completes them with [`solve`], and applies a
/// random [`Transform`] (digit relabeling, row, column, band and stack
/// permutations, transposition), so neither the solver's search order nor the
/// diagonal boxes leave a visible pattern.
pub fn random_solution(rng: &mut Rng) -> Grid {
    let mut grid = Grid::EMPTY;
    for corner in [0, 30, 60] {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, d) in digits.into_iter().enumerate() {
            grid.set(corner + (k / 3) * 9 + k % 3, d);
        }
    }
    // Every filling of the diagonal boxes has completions: a failure here is
    // a solver bug, and must not pass unnoticed.
    let solved = solve(&grid).expect("diagonal boxes always complete to a grid");
    Transform::random(rng).apply(&solved.grid)
}

/// Puzzle number `index` of the batch generated from `seed` under `config`.
///
/// The result depends only on `(config, seed, index)`.
///
/// # Errors
/// From the clue or level target: see [`GenerateConfig::validate`],
/// [`GenerateError::AttemptsExhausted`] and [`GenerateError::LevelNotReached`].
///
/// ```
/// use sudokuflow::count_solutions;
/// use sudokuflow::generate::{GenerateConfig, Symmetry, generate};
///
/// let config = GenerateConfig::default().with_symmetry(Symmetry::Rotate180);
/// let made = generate(&config, 7, 0).unwrap();
/// assert_eq!(count_solutions(&made.puzzle, 2).unwrap().solutions, 1);
/// assert_eq!(generate(&config, 7, 0).unwrap(), made);
/// ```
pub fn generate(
    config: &GenerateConfig,
    seed: u64,
    index: u64,
) -> Result<Generated, GenerateError> {
    config.validate()?;
    let mut rng = Rng::for_stream(seed, &[STREAM_GENERATE, index]);
    let symmetry = match config.symmetry {
        Symmetry::Random => {
            let fits = |s: &&Symmetry| config.clues.is_none_or(|k| s.can_total(k.into()));
            let choices: Vec<Symmetry> = Symmetry::CONCRETE.iter().filter(fits).copied().collect();
            choices[rng.below(choices.len() as u32) as usize]
        }
        s => s,
    };
    let groups = Groups::new(symmetry);
    let target = config.clues.map(usize::from);
    let mut fewest = 81;
    for attempt in 1..=config.max_attempts {
        let solution = random_solution(&mut rng);
        let (puzzle, clues) = remove_clues(&solution, &groups, target, &mut rng);
        if target.is_none_or(|k| clues == k)
            && config
                .level
                .is_none_or(|level| logic::is_level(&puzzle, level))
        {
            return Ok(Generated {
                puzzle,
                solution,
                symmetry,
                attempts: attempt,
            });
        }
        fewest = fewest.min(clues);
    }
    if let Some(level) = config.level {
        return Err(GenerateError::LevelNotReached {
            level,
            attempts: config.max_attempts,
        });
    }
    Err(GenerateError::AttemptsExhausted {
        clues: config.clues.expect("only a clue or level target can fail"),
        symmetry,
        attempts: config.max_attempts,
        fewest: fewest as u8,
    })
}

/// The transform [`shuffle`] applies for variant `variant` of input puzzle
/// number `puzzle_index` under `seed`: apply it to a solution too to get the
/// shuffled puzzle's solution.
pub fn shuffle_transform(seed: u64, puzzle_index: u64, variant: u64) -> Transform {
    let mut rng = Rng::for_stream(seed, &[STREAM_SHUFFLE, puzzle_index, variant]);
    Transform::random(&mut rng)
}

/// An equivalent of `puzzle` (same number of solutions, same clue count)
/// under a random [`Transform`] drawn from `(seed, puzzle_index, variant)`.
// Inlined into a loop over variants, the stream's key for the seed and the
// puzzle is worked out once (0.4% of `shuffle`'s instructions).
#[inline]
pub fn shuffle(puzzle: &Grid, seed: u64, puzzle_index: u64, variant: u64) -> Grid {
    shuffle_transform(seed, puzzle_index, variant).apply(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetry_names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.to_string().parse::<Symmetry>(), Ok(s));
        }
        assert_eq!("Rotate180".parse(), Ok(Symmetry::Rotate180));
        assert!("rot180".parse::<Symmetry>().is_err());
    }

    #[test]
    fn groups_partition_the_grid() {
        for s in Symmetry::CONCRETE {
            let groups = s.groups();
            let mut cells: Vec<usize> = groups.iter().flatten().copied().collect();
            cells.sort();
            assert_eq!(cells, (0..81).collect::<Vec<_>>(), "{s}");
            let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
            let expect = match s {
                Symmetry::None => 81,
                Symmetry::Rotate180 => 41,
                Symmetry::Rotate90 => 21,
                _ => 45,
            };
            assert_eq!(groups.len(), expect, "{s} {sizes:?}");
            let table = Groups::new(s);
            let flat: Vec<Vec<usize>> = (0..table.count)
                .map(|k| table.get(k).iter().map(|&c| c.into()).collect())
                .collect();
            assert_eq!(flat, groups, "{s}");
        }
    }

    #[test]
    fn random_solutions_are_valid_and_varied() {
        let mut rng = Rng::new(9);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..300 {
            let g = random_solution(&mut rng);
            assert!(g.is_full() && g.is_consistent());
            // Relabel so the first row reads 123456789: equal results would
            // be one grid up to relabeling.
            let mut label = [0u8; 10];
            for c in 0..9 {
                label[g.get(c) as usize] = c as u8 + 1;
            }
            let cells = g.cells().map(|v| label[v as usize]);
            assert!(seen.insert(cells), "repeated grid up to relabeling");
        }
    }

    #[test]
    fn validate_refuses_impossible_targets() {
        let with = |symmetry, clues| GenerateConfig {
            symmetry,
            clues: Some(clues),
            ..GenerateConfig::default()
        };
        assert!(with(Symmetry::None, 16).validate().is_err());
        assert!(with(Symmetry::None, 82).validate().is_err());
        assert!(with(Symmetry::Rotate90, 30).validate().is_err());
        assert!(with(Symmetry::Rotate90, 29).validate().is_ok());
        assert!(with(Symmetry::Random, 30).validate().is_ok());
        assert!(with(Symmetry::None, 17).validate().is_ok());
    }
}
