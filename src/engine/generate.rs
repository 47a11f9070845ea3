//! Puzzle generation: random solution grids, symmetric minimal puzzles, clue
//! targets, and shuffled equivalents of existing puzzles.
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

use std::fmt;
use std::str::FromStr;

use crate::grid::Grid;
use crate::logic::{self, Level};
use crate::rng::Rng;
use crate::solver::{count_solutions, solve};
use crate::transform::Transform;

/// Stream tags keeping the generate and shuffle streams of one seed apart.
const STREAM_GENERATE: u64 = 1;
const STREAM_SHUFFLE: u64 = 2;

/// The symmetry a generated puzzle's clue pattern keeps: a cell holds a clue
/// exactly when its images do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint: clues are removed one at a time.
    None,
    /// 180° rotation about the centre: row `r`, column `c` pairs with `8-r`, `8-c`.
    Rotate180,
    /// 90° rotation: the four rotations of a cell go together.
    Rotate90,
    /// Left-right mirror about the middle column: `c` pairs with `8-c`.
    Mirror,
    /// Top-bottom flip about the middle row: `r` pairs with `8-r`.
    Flip,
    /// Reflection in the main diagonal: `(r, c)` pairs with `(c, r)`.
    Diagonal,
    /// One of the others, drawn for each puzzle from its seed and index
    /// (with a clue target, among those whose group sizes can total it).
    Random,
}

impl Symmetry {
    /// Every value, in the order of the command-line names.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Random,
    ];

    /// The symmetries [`Symmetry::Random`] picks from.
    pub const CONCRETE: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
    ];

    /// The command-line names, in the order of [`Symmetry::ALL`].
    pub const NAMES: [&'static str; 7] = [
        "none",
        "rotate180",
        "rotate90",
        "mirror",
        "flip",
        "diagonal",
        "random",
    ];

    /// The command-line name (`"rotate180"`, ...), also used by `Display`/`FromStr`.
    pub fn name(self) -> &'static str {
        Symmetry::NAMES[self as usize]
    }

    /// The cell that `cell` (0 to 80) maps to. For [`Symmetry::Rotate90`] the
    /// rotation is clockwise; for `None` and `Random` every cell maps to itself.
    pub fn image(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        let (r, c) = match self {
            Symmetry::None | Symmetry::Random => (r, c),
            Symmetry::Rotate180 => (8 - r, 8 - c),
            Symmetry::Rotate90 => (c, 8 - r),
            Symmetry::Mirror => (r, 8 - c),
            Symmetry::Flip => (8 - r, c),
            Symmetry::Diagonal => (c, r),
        };
        r * 9 + c
    }

    /// The groups of cells the symmetry ties together (orbits), each listed
    /// once, in order of their lowest cell: 81 singletons for `None`.
    ///
    /// # Panics
    /// For [`Symmetry::Random`], which stands for no fixed symmetry.
    pub fn groups(self) -> Vec<Vec<usize>> {
        assert!(self != Symmetry::Random, "Symmetry::Random has no groups");
        let mut seen = [false; 81];
        let mut groups = Vec::new();
        for start in 0..81 {
            let mut group = Vec::new();
            let mut cell = start;
            while !seen[cell] {
                seen[cell] = true;
                group.push(cell);
                cell = self.image(cell);
            }
            if !group.is_empty() {
                groups.push(group);
            }
        }
        groups
    }

    /// True when the clue pattern of `grid` has this symmetry (for `Random`:
    /// any of the concrete ones).
    pub fn holds_for(self, grid: &Grid) -> bool {
        match self {
            Symmetry::Random => Symmetry::CONCRETE.iter().any(|s| s.holds_for(grid)),
            _ => (0..81).all(|i| (grid.get(i) != 0) == (grid.get(self.image(i)) != 0)),
        }
    }

    /// Whether some clue count of `clues` is a sum of whole groups' sizes.
    fn can_total(self, clues: usize) -> bool {
        match self {
            // 20 groups of four and the centre.
            Symmetry::Rotate90 => clues % 4 <= 1,
            // Every other symmetry has at least one single-cell group and a
            // mix that reaches every count.
            _ => true,
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A symmetry name that is not one of [`Symmetry::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSymmetryError(pub String);

impl fmt::Display for ParseSymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown symmetry '{}'; expected one of: {}",
            self.0,
            Symmetry::NAMES.join(", ")
        )
    }
}

impl std::error::Error for ParseSymmetryError {}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseSymmetryError(s.to_owned()))
    }
}

/// How [`generate`] makes puzzles. Further filters (e.g. difficulty) belong here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    /// Checks the clue target before any work: `Err` when no puzzle can have
    /// that many clues with this symmetry.
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
/// The result depends only on `(config, seed, index)`. Errors come from the
/// clue target: see [`GenerateConfig::validate`] and
/// [`GenerateError::AttemptsExhausted`].
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
pub fn shuffle(puzzle: &Grid, seed: u64, puzzle_index: u64, variant: u64) -> Grid {
    shuffle_transform(seed, puzzle_index, variant).apply(puzzle)
}

/// A symmetry's clue groups in a flat table.
struct Groups {
    cells: [[u8; 4]; 81],
    lens: [u8; 81],
    count: usize,
    /// The group of each cell.
    of: [u8; 81],
}

impl Groups {
    /// The groups of [`Symmetry::groups`], without allocating.
    fn new(symmetry: Symmetry) -> Groups {
        let mut g = Groups {
            cells: [[0; 4]; 81],
            lens: [0; 81],
            count: 0,
            of: [0; 81],
        };
        let mut seen = 0u128;
        for start in 0..81 {
            let mut cell = start;
            while seen & (1 << cell) == 0 {
                seen |= 1 << cell;
                g.of[cell] = g.count as u8;
                g.cells[g.count][g.lens[g.count] as usize] = cell as u8;
                g.lens[g.count] += 1;
                cell = symmetry.image(cell);
            }
            if g.lens[g.count] > 0 {
                g.count += 1;
            }
        }
        g
    }

    fn get(&self, k: usize) -> &[u8] {
        &self.cells[k][..self.lens[k] as usize]
    }
}

const ALL: u16 = 0x3fe;

/// The digits present among the givens of each unit: rows 0-8, columns
/// 9-17, boxes 18-26.
#[derive(Clone, Copy)]
struct Givens {
    units: [u16; 27],
}

impl Givens {
    fn of(grid: &Grid) -> Givens {
        let mut g = Givens { units: [0; 27] };
        for i in 0..81 {
            if grid.get(i) != 0 {
                g.toggle(i, grid.get(i));
            }
        }
        g
    }

    /// Adds or removes digit `d` at `cell` (the digit must be absent or present).
    fn toggle(&mut self, cell: usize, d: u8) {
        for u in units(cell) {
            self.units[u] ^= 1 << d;
        }
    }

    /// The digits a given in the row, column or box of `cell` already holds.
    fn seen(&self, cell: usize) -> u16 {
        let [r, c, b] = units(cell);
        self.units[r] | self.units[c] | self.units[b]
    }
}

fn units(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + (r / 3) * 3 + c / 3]
}

/// The cells of each unit, indexed like [`Givens::units`].
static UNIT_CELLS: [[u8; 9]; 27] = {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (i * 9 + j) as u8;
            u[9 + i][j] = (j * 9 + i) as u8;
            u[18 + i][j] = (((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
};

/// One pass of removals over `groups` in random order, from the full
/// `solution`, stopping at `target` clues if given. Returns the puzzle and its
/// clue count. Without a target the puzzle is minimal; with one it may stop
/// above the target, and gives up early once the target is out of reach.
fn remove_clues(
    solution: &Grid,
    groups: &Groups,
    target: Option<usize>,
    rng: &mut Rng,
) -> (Grid, usize) {
    // Groups in the order their first cell comes in a random cell order, so
    // a group's chance to come early grows with its size.
    let mut cells: [u8; 81] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut cells);
    let mut order = Vec::with_capacity(groups.count);
    let mut listed = 0u128;
    for cell in cells {
        let k = groups.of[cell as usize];
        if listed & (1 << k) == 0 {
            listed |= 1 << k;
            order.push(k);
        }
    }
    let mut dig = Digger::new(solution);
    let mut clues = 81;
    let mut untried = 81; // cells in groups not yet visited
    for &k in &order {
        let group = groups.get(k.into());
        if let Some(t) = target {
            if clues == t || clues - untried > t {
                break;
            }
            untried -= group.len();
            if clues - group.len() < t {
                continue;
            }
        }
        dig.toggle(group);
        if dig.stays_unique(group) {
            clues -= group.len();
        } else {
            dig.toggle(group);
        }
    }
    (dig.puzzle, clues)
}

/// A puzzle being dug out of its solution, with what makes the uniqueness
/// check cheap.
struct Digger<'a> {
    solution: &'a Grid,
    puzzle: Grid,
    givens: Givens,
    /// Bit `i` set when cell `i` holds a clue.
    clue_mask: u128,
    /// Unavoidable sets of `solution`: a puzzle with no clue in one of them
    /// has a second solution.
    unavoidable: Vec<u128>,
}

impl<'a> Digger<'a> {
    fn new(solution: &'a Grid) -> Digger<'a> {
        Digger {
            solution,
            puzzle: *solution,
            givens: Givens::of(solution),
            clue_mask: (1 << 81) - 1,
            unavoidable: unavoidable_sets(solution),
        }
    }

    /// Empties the cells of `group`, or puts their clues back.
    fn toggle(&mut self, group: &[u8]) {
        for &cell in group {
            let cell = cell as usize;
            let d = self.solution.get(cell);
            self.puzzle
                .set(cell, if self.puzzle.get(cell) == 0 { d } else { 0 });
            self.givens.toggle(cell, d);
            self.clue_mask ^= 1 << cell;
        }
    }

    /// Whether the puzzle, uniquely solved by the solution before the cells
    /// of `removed` were emptied, still has only that solution.
    ///
    /// Any second solution differs from the solution in a removed cell. First
    /// each removed cell that the givens force (naked single: the givens it
    /// sees hold the 8 other digits; hidden single: no other empty cell of
    /// one of its units can take its digit) is put back, repeatedly; if all
    /// are forced, the solution is unique with no search. Then, if a known
    /// unavoidable set lost its last clues, it is not. Otherwise the
    /// alternatives are counted: the digits other than its solution digit
    /// that a still open cell could take (not seen among the givens, not the
    /// only candidate of an empty peer). With at most one in all, one
    /// [`solve`] with that digit in place decides (none: unique at once);
    /// with more, one `count_solutions(.., 2)` does. (A solver entry point
    /// that excludes candidates, or looks for a solution other than a known
    /// one, would replace both with a single search that skips the known
    /// solution's subtree.)
    fn stays_unique(&self, removed: &[u8]) -> bool {
        let solution = self.solution;
        let mut grid = self.puzzle;
        let mut givens = self.givens;
        let mut open = [0u8; 4];
        let mut n = removed.len();
        open[..n].copy_from_slice(removed);
        loop {
            let before = n;
            let mut k = 0;
            while k < n {
                let cell = open[k] as usize;
                let d = solution.get(cell);
                if is_forced(&grid, &givens, cell, d) {
                    grid.set(cell, d);
                    givens.toggle(cell, d);
                    n -= 1;
                    open.swap(k, n);
                } else {
                    k += 1;
                }
            }
            if n == 0 {
                return true;
            }
            if n == before {
                break;
            }
        }
        if self
            .unavoidable
            .iter()
            .any(|&set| set & self.clue_mask == 0)
        {
            return false;
        }
        // One alternative digit at most: one search with it. More: one
        // count, which covers them all (and the known solution) at once.
        let alternatives_left: u32 = open[..n]
            .iter()
            .map(|&c| alternatives(&grid, &givens, c.into(), solution.get(c.into())).count_ones())
            .sum();
        if alternatives_left > 1 {
            return count_solutions(&grid, 2).is_ok_and(|c| c.solutions == 1);
        }
        for &cell in &open[..n] {
            let cell = cell as usize;
            let d = solution.get(cell);
            let mut others = alternatives(&grid, &givens, cell, d);
            while others != 0 {
                let other = others.trailing_zeros() as u8;
                others &= others - 1;
                let mut trial = grid;
                trial.set(cell, other);
                if solve(&trial).is_ok() {
                    return false;
                }
            }
            grid.set(cell, d);
            givens.toggle(cell, d);
        }
        true
    }
}

/// Small unavoidable sets of a solution grid: [`digit_swap_sets`] and
/// [`line_swap_sets`].
fn unavoidable_sets(solution: &Grid) -> Vec<u128> {
    // A few sets come out twice (4-cell rectangles); harmless.
    let mut sets = digit_swap_sets(solution);
    sets.extend(line_swap_sets(solution));
    sets
}

/// The unavoidable sets of a solution grid made by swapping two rows (or two
/// columns) of one band (stack) on some columns (rows).
///
/// Swapping rows `r1` and `r2` of one band on a set of columns keeps every
/// column and box valid; the rows stay valid when the digits moved each way
/// are the same set. The minimal such column sets are the cycles of the
/// permutation taking a column to the one where `r2` holds the digit `r1`
/// holds in it.
fn line_swap_sets(solution: &Grid) -> Vec<u128> {
    let mut sets = Vec::with_capacity(48);
    for transposed in [false, true] {
        let at = |line: usize, k: usize| {
            if transposed {
                k * 9 + line
            } else {
                line * 9 + k
            }
        };
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (l1, l2) = (band * 3 + i, band * 3 + j);
                // pos2[d]: where line l2 holds digit d.
                let mut pos2 = [0usize; 10];
                for k in 0..9 {
                    pos2[solution.get(at(l2, k)) as usize] = k;
                }
                let mut done = 0u16;
                for start in 0..9 {
                    let mut set = 0u128;
                    let mut k = start;
                    while done & (1 << k) == 0 {
                        done |= 1 << k;
                        set |= (1 << at(l1, k)) | (1 << at(l2, k));
                        k = pos2[solution.get(at(l1, k)) as usize];
                    }
                    if set != 0 {
                        sets.push(set);
                    }
                }
            }
        }
    }
    sets
}

/// The unavoidable sets of a solution grid made by swapping two digits.
///
/// For digits `a` and `b`, link the cell holding `a` and the one holding `b`
/// in every row, column and box. Swapping `a` and `b` in a connected part of
/// these 18 cells gives another valid grid, so a puzzle with no clue in that
/// part has two solutions. Most grids have some of 4 or 6 cells.
fn digit_swap_sets(solution: &Grid) -> Vec<u128> {
    // cell_of[d][r]: the cell of row r holding d.
    let mut cell_of = [[0u8; 9]; 10];
    for i in 0..81 {
        cell_of[solution.get(i) as usize][i / 9] = i as u8;
    }
    let mut sets = Vec::with_capacity(64);
    for a in 1..=9 {
        for b in a + 1..=9 {
            // Nodes 0-8: the `a` of row r; nodes 9-17: the `b` of row r.
            let (ca, cb) = (&cell_of[a], &cell_of[b]);
            let (mut b_in_col, mut b_in_box) = ([0u8; 9], [0u8; 9]);
            for (r, &cell) in cb.iter().enumerate() {
                let cell = cell as usize;
                b_in_col[cell % 9] = r as u8;
                b_in_box[units(cell)[2] - 18] = r as u8;
            }
            let mut adj = [0u32; 18];
            for (r, &cell) in ca.iter().enumerate() {
                let cell = cell as usize;
                for rb in [r as u8, b_in_col[cell % 9], b_in_box[units(cell)[2] - 18]] {
                    adj[r] |= 1 << (9 + rb);
                    adj[9 + rb as usize] |= 1 << r;
                }
            }
            let mut unvisited: u32 = (1 << 18) - 1;
            while unvisited != 0 {
                let mut part = unvisited & unvisited.wrapping_neg();
                loop {
                    let mut grown = part;
                    let mut rest = part;
                    while rest != 0 {
                        grown |= adj[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                    }
                    if grown == part {
                        break;
                    }
                    part = grown;
                }
                unvisited &= !part;
                let mut set = 0u128;
                let mut rest = part;
                while rest != 0 {
                    let node = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let cell = if node < 9 { ca[node] } else { cb[node - 9] };
                    set |= 1 << cell;
                }
                sets.push(set);
            }
        }
    }
    sets
}

/// The digits other than `d` that the empty `cell` could hold: not seen
/// among the givens, and not the only candidate of an empty peer.
fn alternatives(grid: &Grid, givens: &Givens, cell: usize, d: u8) -> u16 {
    let mut alts = ALL & !givens.seen(cell) & !(1 << d);
    for &peer in &PEERS[cell] {
        let peer = peer as usize;
        if alts == 0 {
            break;
        }
        if grid.get(peer) == 0 {
            let cand = ALL & !givens.seen(peer);
            if cand.is_power_of_two() {
                alts &= !cand;
            }
        }
    }
    alts
}

/// The 20 peers of every cell (same row, column or box).
static PEERS: [[u8; 20]; 81] = {
    let mut p = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_col = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && (i % 9) / 3 == (j % 9) / 3;
            if i != j && (same_row || same_col || same_box) {
                p[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    p
};

/// Whether the givens alone force digit `d` into the empty `cell`.
fn is_forced(grid: &Grid, givens: &Givens, cell: usize, d: u8) -> bool {
    let bit = 1 << d;
    if givens.seen(cell) | bit == ALL {
        return true;
    }
    units(cell).into_iter().any(|u| {
        UNIT_CELLS[u].iter().all(|&other| {
            let other = other as usize;
            other == cell || grid.get(other) != 0 || givens.seen(other) & bit != 0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count_solutions;

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
    fn forced_cells_are_detected() {
        let mut rng = Rng::new(4);
        let solution = random_solution(&mut rng);
        let mut dig = Digger::new(&solution);
        dig.toggle(&[40]);
        assert_eq!(dig.puzzle.get(40), 0);
        assert!(is_forced(&dig.puzzle, &dig.givens, 40, solution.get(40)));
        assert!(dig.stays_unique(&[40]));
        // A cell of an empty grid is not forced.
        let givens = Givens::of(&Grid::EMPTY);
        assert!(!is_forced(&Grid::EMPTY, &givens, 40, 5));
    }

    #[test]
    fn stays_unique_agrees_with_counting() {
        let mut rng = Rng::new(11);
        for _ in 0..40 {
            let solution = random_solution(&mut rng);
            let (puzzle, _) = remove_clues(&solution, &Groups::new(Symmetry::None), None, &mut rng);
            let mut dig = Digger::new(&solution);
            for i in 0..81u8 {
                if puzzle.get(i.into()) == 0 {
                    dig.toggle(&[i]);
                }
            }
            assert_eq!(dig.puzzle, puzzle);
            // Remove one or two more clues from the minimal puzzle.
            for _ in 0..30 {
                let mut group: Vec<u8> = (0..2).map(|_| rng.below(81) as u8).collect();
                group.dedup();
                group.retain(|&c| puzzle.get(c.into()) != 0);
                if group.is_empty() {
                    continue;
                }
                dig.toggle(&group);
                let unique = count_solutions(&dig.puzzle, 2).unwrap().solutions == 1;
                assert_eq!(dig.stays_unique(&group), unique, "{puzzle} {group:?}");
                dig.toggle(&group);
            }
            // From the full grid, removals keep uniqueness.
            let mut dig = Digger::new(&solution);
            dig.toggle(&[3, 77]);
            assert!(dig.stays_unique(&[3, 77]));
        }
    }

    #[test]
    fn unavoidable_sets_are_unavoidable() {
        let mut rng = Rng::new(12);
        for _ in 0..20 {
            let solution = random_solution(&mut rng);
            let sets = unavoidable_sets(&solution);
            assert!(sets.iter().any(|s| s.count_ones() <= 6), "no small set");
            for set in sets {
                // Emptying the set leaves a puzzle with another solution.
                let mut p = solution;
                for i in 0..81 {
                    if set & (1 << i) != 0 {
                        p.set(i, 0);
                    }
                }
                assert_eq!(count_solutions(&p, 2).unwrap().solutions, 2);
            }
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
