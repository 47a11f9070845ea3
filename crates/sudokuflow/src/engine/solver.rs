//! The solver: first solution, and solution counting up to a limit.
//!
//! # Representation
//!
//! The grid is cut into three bands of three rows. For every digit and band
//! one `u32` holds the 27 cells of the band where the digit is still possible
//! (bit `9 * row + column`, row 0-2 within the band): 27 words in all, stored
//! band-major so a band's nine digits are adjacent, plus one word per band of
//! the cells not yet placed. A state is 124 bytes, cheap to copy when the
//! search branches. Eliminations are word-wide `and`s instead of loops over
//! cells, and the tables they use fit in a few kilobytes of L1.
//!
//! # Propagation
//!
//! Within a band a digit takes one cell in each of the three rows and in each
//! of the three boxes, so the rows-by-boxes pattern of its candidates must hold
//! a 3x3 permutation matrix. One update of a word looks up which boxes each row
//! can use, then a 512-entry table keeps only the row-box pairs that lie on a
//! permutation inside that pattern. This one step does locked candidates
//! (pointing and claiming) and box hidden singles, which then show up as rows
//! with a single candidate. A row with a single candidate is a placement: the
//! cell is removed from the other digits, and its column from the digit's other
//! two bands. Columns need no work inside a band: distinct boxes there are
//! distinct columns.
//!
//! Words that change are marked dirty and updated until none is. Then naked
//! singles (cells in exactly one digit's word, found with once/twice
//! accumulation over the nine words of a band) become row singles and the loop
//! goes on. If there are none, the same permutation rule is applied across
//! bands: in each stack a digit's bands-by-columns pattern must hold a
//! permutation matrix, which finds column hidden singles and column-box
//! locked candidates.
//!
//! Last, before a guess, the triad rule: every minirow (a row's three cells
//! in one box) and every minicolumn holds exactly three digits. A digit needs
//! a minirow when its row of the band has no other box left, and a
//! minicolumn when its box has no other column left; a minirow or minicolumn
//! three digits need loses every other digit. Counting is bit-sliced: two-bit
//! counts summed as a tree over the nine words of a band. It runs while 30
//! or more cells are unsolved: below that it saves no guesses on the hardest
//! puzzles and costs easy ones 9% of their instructions.
//!
//! # Search
//!
//! The search branches on where a digit goes in a band or a stack: one of the
//! six permutations of its rows-by-boxes (or bands-by-columns) pattern, as
//! tdoku does. It picks the band or stack with the fewest ways left to place
//! its digits (the product of their permutation counts, where tdoku takes
//! their sum), then in it the undecided digit with the fewest permutations,
//! and tries one permutation of the digit first (in a band the first, in a
//! stack the last), pushing the others on a fixed stack. Each branch
//! decides one digit of one band or stack for the rest of its path, so 54
//! levels of at most five frames suffice and nothing is allocated. On
//! forum_hardest_11plus this needed 33.5 guesses per puzzle (60.3 counting to
//! two) where branching on a cell with two candidates needed 49.5 (93.2):
//! these branches alone gave 44.5, and the triad rule most of the rest (with
//! cell branching it alone gave 46.7).
//!
//! The search also learns where the puzzle is hard, as conflict-driven SAT
//! and constraint solvers do with their variable weights: each contradiction
//! found while propagating one digit's constraints counts against that
//! digit, and every 16 such contradictions each digit's count loses a
//! quarter (as SAT solvers decay their activities), so recent ones weigh
//! most. Each failure of an undecided digit takes a quarter of a halving
//! off the product of its band or stack, and among the digits with the
//! fewest permutations the one with the most failures is taken. Branching
//! first where contradictions come from finds the next ones sooner: 31.3
//! guesses per puzzle on forum_hardest_11plus (55.1 counting to two), and
//! on the held-out forum_hardest_1106 46.5 (91.9) against 55.8 (109.7)
//! without learning, with 14% fewer instructions in all when counting. The
//! weights cost nothing where the scores are summed: each digit reads its
//! own copy of the placement table, which its failures lower.
//!
//! # Builds
//!
//! The solver is made of bit counts, bit scans, `and not`s and variable
//! shifts, which the baseline x86-64 instruction set lacks or spells with
//! several instructions. On x86-64 it is compiled twice, with and without
//! `popcnt`, BMI1, BMI2, `lzcnt` and AVX2 (for its three-operand encodings),
//! and each call takes the first build when the processor has them. That
//! build also tests a band's nine words against a placement with one AVX2
//! compare (`holding`). Where `pext` and `pdep` are fast (Intel, AMD from
//! Zen 3), a third build gathers minirows and stack columns with them
//! instead of tables and shifts. All search identically (see
//! `builds_agree`).

use crate::grid::Grid;
use std::mem::MaybeUninit;

/// Why a puzzle has no solution to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// A digit appears twice among the givens of one row, column or box.
    ConflictingGivens,
    /// The givens are consistent but no grid completes them.
    NoSolution,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SolveError::ConflictingGivens => {
                "conflicting givens (a digit repeats in a row, column or box)"
            }
            SolveError::NoSolution => "no solution",
        })
    }
}

impl std::error::Error for SolveError {}

/// A puzzle's first solution and how many guesses the search made to find it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The solved grid.
    pub grid: Grid,
    /// Guesses the search made.
    pub guesses: u64,
}

/// How many solutions a puzzle has, up to the limit asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The number of solutions found; equal to the limit means "limit or more".
    pub solutions: u32,
    /// Guesses the search made.
    pub guesses: u64,
}

/// Solves `puzzle` to its first solution.
///
/// # Errors
/// [`SolveError::ConflictingGivens`] when a digit repeats in a unit,
/// [`SolveError::NoSolution`] when no grid completes the givens.
///
/// ```
/// use sudokuflow::{Grid, solve};
///
/// let puzzle: Grid =
///     "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3."
///         .parse()
///         .unwrap();
/// let solution = solve(&puzzle).unwrap();
/// assert!(solution.grid.is_solution_of(&puzzle));
/// ```
pub fn solve(puzzle: &Grid) -> Result<Solution, SolveError> {
    let found = run(puzzle, 1)?;
    let Some(first) = found.first else {
        return Err(SolveError::NoSolution);
    };
    let mut cells = [0u8; 81];
    first.write_cells(&mut cells);
    let grid = Grid::from_cells(cells).ok_or(SolveError::NoSolution)?;
    Ok(Solution {
        grid,
        guesses: found.guesses,
    })
}

/// Counts the solutions of `puzzle`, stopping at `limit` (a limit of 2 is the
/// uniqueness check); a puzzle without solution counts 0.
///
/// # Errors
/// Only [`SolveError::ConflictingGivens`], when a digit repeats in a unit.
///
/// ```
/// use sudokuflow::{Grid, count_solutions};
///
/// // Nothing given: at least two solutions (the count stops at the limit).
/// assert_eq!(count_solutions(&Grid::EMPTY, 2).unwrap().solutions, 2);
/// ```
pub fn count_solutions(puzzle: &Grid, limit: u32) -> Result<Count, SolveError> {
    let found = run(puzzle, limit)?;
    Ok(Count {
        solutions: found.solutions,
        guesses: found.guesses,
    })
}

/// A puzzle's solution count up to a limit, its first solution and the
/// guesses to it, from one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of solutions found; equal to the limit means "limit or more".
    pub solutions: u32,
    /// Guesses the whole search made.
    pub guesses: u64,
    /// The first solution, with the guesses made until it was found (what
    /// [`solve`] gives); `None` when there is none.
    pub first: Option<Solution>,
}

/// Counts the solutions of `puzzle` up to `limit` as [`count_solutions`]
/// does, keeping the first solution [`solve`] would give: one search where
/// a uniqueness check and a solution would otherwise take two.
///
/// # Errors
/// Only [`SolveError::ConflictingGivens`], when a digit repeats in a unit.
///
/// ```
/// use sudokuflow::Grid;
/// use sudokuflow::solver::{solve, solve_and_count};
///
/// let puzzle: Grid =
///     "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3."
///         .parse()
///         .unwrap();
/// let counted = solve_and_count(&puzzle, 2).unwrap();
/// assert_eq!(counted.solutions, 1);
/// assert_eq!(counted.first, Some(solve(&puzzle).unwrap()));
/// ```
pub fn solve_and_count(puzzle: &Grid, limit: u32) -> Result<Counted, SolveError> {
    let found = run(puzzle, limit)?;
    let first = found.first.map(|state| {
        let mut cells = [0u8; 81];
        state.write_cells(&mut cells);
        Solution {
            grid: Grid::from_cells(cells).expect("a solved state holds digits"),
            guesses: found.guesses_to_first,
        }
    });
    Ok(Counted {
        solutions: found.solutions,
        guesses: found.guesses,
        first,
    })
}

/// `puzzle`'s solution when it has exactly one; `Ok(None)` when it has
/// several: [`solve_and_count`] to 2.
///
/// # Errors
/// As [`solve`].
pub(crate) fn solve_unique(puzzle: &Grid) -> Result<Option<Solution>, SolveError> {
    let counted = solve_and_count(puzzle, 2)?;
    match (counted.solutions, counted.first) {
        (_, None) => Err(SolveError::NoSolution),
        // The guesses of the whole search, as a count to 2 reports them.
        (1, Some(first)) => Ok(Some(Solution {
            guesses: counted.guesses,
            ..first
        })),
        _ => Ok(None),
    }
}

/// What a search found.
struct Found {
    solutions: u32,
    guesses: u64,
    /// Guesses made when the first solution was found.
    guesses_to_first: u64,
    /// The first solution, if any.
    first: Option<State>,
}

/// Loads `puzzle` and searches it for up to `limit` solutions, with the
/// fastest build of the solver this processor runs.
fn run(puzzle: &Grid, limit: u32) -> Result<Found, SolveError> {
    #[cfg(target_arch = "x86_64")]
    if let Some(bits) = BitInstructions::detect() {
        return if has_fast_pext() {
            run_fast_pext(FastPext::from(bits), puzzle, limit)
        } else {
            run_bit_instructions(bits, puzzle, limit)
        };
    }
    run_portable(puzzle, limit)
}

/// What a build of the solver may use beyond the baseline instruction set.
///
/// The search takes a value of its `Isa` and passes it down to the few safe
/// functions that run AVX2 or BMI2 instructions when its constants say so: a
/// value is the proof that the processor has those features, as the types
/// that claim any ([`BitInstructions`], [`FastPext`]) are made only by
/// [`BitInstructions::detect`], from a processor found to have them.
trait Isa: Copy {
    /// The processor runs AVX2 (and the build is compiled for it).
    const AVX2: bool;
    /// The processor runs BMI2's `pext` and `pdep` (and the build is
    /// compiled for them), in a few cycles.
    const PEXT: bool;
}

/// The baseline instruction set.
#[derive(Clone, Copy)]
struct Portable;

impl Isa for Portable {
    const AVX2: bool = false;
    const PEXT: bool = false;
}

#[cfg(target_arch = "x86_64")]
use features::{BitInstructions, FastPext};

/// The instruction sets beyond the baseline, in a module of their own so
/// that their private fields keep anything else from making one without
/// the processor's say-so.
#[cfg(target_arch = "x86_64")]
mod features {
    use super::{Isa, has_bit_instructions};

    /// `popcnt`, BMI1, BMI2, `lzcnt` and AVX2, which this processor has.
    #[derive(Clone, Copy)]
    pub(super) struct BitInstructions(());

    /// [`BitInstructions`] with `pext` and `pdep` for the solver's bit
    /// gathers.
    #[derive(Clone, Copy)]
    pub(super) struct FastPext(());

    impl BitInstructions {
        /// The proof that this processor has the features, if it has.
        pub(super) fn detect() -> Option<BitInstructions> {
            has_bit_instructions().then_some(BitInstructions(()))
        }
    }

    /// `pext` needs only BMI2: it gives the same answers anywhere the
    /// features are, only slowly where it is microcode (see `has_fast_pext`).
    impl From<BitInstructions> for FastPext {
        fn from(_: BitInstructions) -> FastPext {
            FastPext(())
        }
    }

    impl Isa for BitInstructions {
        const AVX2: bool = true;
        const PEXT: bool = false;
    }

    impl Isa for FastPext {
        const AVX2: bool = true;
        const PEXT: bool = true;
    }
}

/// Whether the processor has `popcnt`, `tzcnt`/`andn`/`blsr` (BMI1),
/// `shlx`/`shrx` (BMI2), `lzcnt` and AVX2 (whose three-operand encodings
/// spare register copies). The standard library caches the
/// detection, so this is a few loads.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("avx2")
}

/// Whether `pext` and `pdep` take a few cycles here: on every Intel
/// processor with BMI2 and on AMD's from Zen 3 (family 19h) on. Zen 1 and 2
/// (and Hygon's) run them in microcode, tens to hundreds of cycles. Asked of
/// `cpuid` once (a trap to the hypervisor in a virtual machine), then cached.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_fast_pext() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    // 0: not asked yet, 1: slow, 2: fast.
    static FAST: AtomicU8 = AtomicU8::new(0);
    match FAST.load(Ordering::Relaxed) {
        0 => {
            let fast = cpuid_says_fast_pext();
            FAST.store(1 + u8::from(fast), Ordering::Relaxed);
            fast
        }
        known => known == 2,
    }
}

#[cfg(target_arch = "x86_64")]
#[cold]
fn cpuid_says_fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let name: Vec<u8> = [vendor.ebx, vendor.edx, vendor.ecx]
        .iter()
        .flat_map(|r| r.to_le_bytes())
        .collect();
    let signature = __cpuid(1).eax;
    let base_family = signature >> 8 & 0xf;
    let family = if base_family == 0xf {
        base_family + (signature >> 20 & 0xff)
    } else {
        base_family
    };
    match &name[..] {
        b"GenuineIntel" => true,
        b"AuthenticAMD" => family >= 0x19,
        _ => false,
    }
}

/// The solver for the baseline instruction set.
#[inline(never)]
fn run_portable(puzzle: &Grid, limit: u32) -> Result<Found, SolveError> {
    run_inline(Portable, puzzle, limit)
}

/// The same solver compiled with bit-manipulation instructions: the counts,
/// bit scans, `and not`s and variable shifts it is made of each become one
/// instruction, and the AVX encodings need fewer register copies.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn run_bit_instructions(
    isa: BitInstructions,
    puzzle: &Grid,
    limit: u32,
) -> Result<Found, SolveError> {
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    fn compiled(isa: BitInstructions, puzzle: &Grid, limit: u32) -> Result<Found, SolveError> {
        run_inline(isa, puzzle, limit)
    }
    // SAFETY: `isa` proves the processor has the features.
    unsafe { compiled(isa, puzzle, limit) }
}

/// [`run_bit_instructions`] gathering a band word's minirows and a stack's
/// columns with `pext` (and spreading them back with `pdep`) instead of
/// table lookups and shifts: 11% less time on the hardest puzzles on an
/// Intel Xeon. It gives the same answers anywhere BMI2 runs, only slowly
/// where `pext` is microcode.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn run_fast_pext(isa: FastPext, puzzle: &Grid, limit: u32) -> Result<Found, SolveError> {
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    fn compiled(isa: FastPext, puzzle: &Grid, limit: u32) -> Result<Found, SolveError> {
        run_inline(isa, puzzle, limit)
    }
    // SAFETY: `isa` proves the processor has the features.
    unsafe { compiled(isa, puzzle, limit) }
}

/// The solver, in the build `I`.
#[inline(always)]
fn run_inline<I: Isa>(isa: I, puzzle: &Grid, limit: u32) -> Result<Found, SolveError> {
    let start = State::from_puzzle(puzzle)?;
    if limit == 0 {
        return Ok(Found {
            solutions: 0,
            guesses: 0,
            guesses_to_first: 0,
            first: None,
        });
    }
    Ok(search(isa, start, limit))
}

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The first cell of each row of a band: subtracting it works on the three
/// 9-bit rows at once.
const ROW_LSB: u32 = 1 | 1 << 9 | 1 << 18;
/// The triad rule runs while at least this many cells are unsolved.
const TRIADS_FROM_UNSOLVED: u32 = 30;

/// The first stack's columns in each 9-bit row of a digit's columns by band.
const STACK_COLUMNS: u32 = 0o7_007_007;
/// The first cell of each minirow of a band (a row's three cells in one box).
const MINIROWS: u32 = 0o111 * ROW_LSB;
/// The rows of a band.
const ROWS: [u32; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];

/// For a 9-bit row of a band word, which of the three boxes it touches.
static ROW_BOXES: [u8; 512] = row_boxes();

/// For a rows-by-boxes pattern (bit `3 * row + box`), the cells of the band in
/// the row-box pairs that lie on some permutation inside the pattern; 0 if
/// there is none.
static PERM_MASK: [u32; 512] = perm_mask();

/// For a 3x3 pattern (bit `3 * row + column`), bit `k` for each permutation
/// `PERMS[k]` inside it.
static CONFIGS: [u8; 512] = configs();

const fn configs() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut p = 0;
    while p < 512 {
        let mut k = 0;
        while k < 6 {
            let perm = PERMS[k];
            let pattern = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if p & pattern == pattern {
                t[p] |= 1 << k;
            }
            k += 1;
        }
        p += 1;
    }
    t
}

/// For a 3x3 pattern (bit `3 * row + column`), the pairs that lie on some
/// permutation matrix inside it; 0 if there is none.
static PERM_9: [u16; 512] = perm_9();

const fn perm_9() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        let cells = PERM_MASK[p];
        let mut r = 0;
        while r < 3 {
            let mut b = 0;
            while b < 3 {
                if cells & (1 << (9 * r + 3 * b)) != 0 {
                    t[p] |= 1 << (3 * r + b);
                }
                b += 1;
            }
            r += 1;
        }
        p += 1;
    }
    t
}

/// For each cell of a band, the cells of its row and box, and of its column.
static ROW_BOX_COLUMN: [(u32, u32); 27] = row_box_column();

const fn row_box_column() -> [(u32, u32); 27] {
    let mut t = [(0, 0); 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, column) = (cell / 9, cell % 9);
        let box_cells = (7 << (column / 3 * 3)) * ROW_LSB;
        t[cell] = (ROWS[row] | box_cells, (1 << column) * ROW_LSB);
        cell += 1;
    }
    t
}

const fn row_boxes() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut b = 0;
        while b < 3 {
            if x & (7 << (3 * b)) != 0 {
                t[x] |= 1 << b;
            }
            b += 1;
        }
        x += 1;
    }
    t
}

/// For a digit's pattern of n cells in a band or stack, every cell on one of
/// its placements (as the band and stack constraints leave it), 16 log2 of
/// its placements, rounded: n fixes their number (3 cells hold one
/// placement, 5 or 6 two, 7 three, 8 four, 9 six; 4 cannot occur). Summed
/// over a band's digits, it ranks bands by the product of their placement
/// counts. Four placements weigh 31, not 32, the best of 27 to 34 over
/// forum_hardest_11plus, top1465 and serg (guesses to a first solution and
/// counting to two: 33.52/60.27, 5.86/9.08 and 6.38/7.16 against
/// 33.71/60.54, 5.85/9.11 and 6.39/7.16).
const LOG_PLACEMENTS: [u32; 10] = [0, 0, 0, 0, 0, 16, 16, 25, 31, 41];

/// How many contradictions each digit's constraints found lately in a
/// search, and what the digit adds to a band's or stack's score for that.
struct Failures {
    /// Per digit, `FAILURE_WEIGHT` per failure, three quarters of it kept
    /// every `DECAY_EVERY` blamed contradictions: at most four times
    /// `DECAY_EVERY * FAILURE_WEIGHT`.
    penalty: [i32; 9],
    /// `weights[d][n]`, for digit `d` with a pattern of `n` cells in a band
    /// or stack: 0 if it is placed there (`n` is 3 or less), else 256 times
    /// `LOG_PLACEMENTS[n]` less the digit's penalty, plus 1. Summed over a
    /// band's or stack's digits, the low byte counts its open digits and the
    /// rest is its score.
    weights: [[i32; 10]; 9],
    /// Blamed contradictions until the next decay.
    until_decay: u32,
}

/// What one failure of an open digit takes off its band's or stack's score,
/// 256 per `LOG_PLACEMENTS` unit (16 of which halve the placements).
const FAILURE_WEIGHT: i32 = 4 << 8;

/// Every this many contradictions blamed on a digit, each digit's
/// penalty loses a quarter, so that the search follows where contradictions
/// come from now rather than where they came from at the start. Over
/// forum_hardest_11plus and top1465 (guesses to a first solution and
/// counting to two), with failures weighing 2 and no decay 31.55/55.84 and
/// 5.73/8.66; weighing 4 and a quarter lost every 16 31.30/55.13 and
/// 5.70/8.58 (held out, forum_hardest_1106: 46.53/91.88 against
/// 48.30/96.48, and 3.6% fewer instructions counting). A half lost every
/// 32, 48 or 64 contradictions (weights 2.5 to 4), or when a digit reaches
/// 8 to 16 failures, did no better.
const DECAY_EVERY: u32 = 16;

impl Failures {
    fn new() -> Failures {
        let mut weights = [0; 10];
        for (n, w) in weights.iter_mut().enumerate().skip(4) {
            *w = (LOG_PLACEMENTS[n] as i32) << 8 | 1;
        }
        Failures {
            penalty: [0; 9],
            weights: [weights; 9],
            until_decay: DECAY_EVERY,
        }
    }

    /// Counts a contradiction of `digit` (`ANY_DIGIT`: none).
    #[inline(always)]
    fn add(&mut self, digit: usize) {
        if digit < 9 {
            self.penalty[digit] += FAILURE_WEIGHT;
            for w in &mut self.weights[digit][4..] {
                *w -= FAILURE_WEIGHT;
            }
            self.until_decay -= 1;
            if self.until_decay == 0 {
                self.decay();
            }
        }
    }

    /// Takes a quarter off every digit's penalty.
    #[cold]
    fn decay(&mut self) {
        self.until_decay = DECAY_EVERY;
        for d in 0..9 {
            // Whole multiples of 256, so that the low byte of a weight
            // still counts open digits.
            let lost = (self.penalty[d] >> 2) & !255;
            self.penalty[d] -= lost;
            for w in &mut self.weights[d][4..] {
                *w += lost;
            }
        }
    }
}

/// The six orderings of three things.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn perm_mask() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let mut cells = 0;
        let mut k = 0;
        while k < 6 {
            let perm = PERMS[k];
            let mut pattern = 0;
            let mut row_cells = 0;
            let mut r = 0;
            while r < 3 {
                pattern |= 1 << (3 * r + perm[r]);
                row_cells |= 7u32 << (9 * r + 3 * perm[r]);
                r += 1;
            }
            if p & pattern == pattern {
                cells |= row_cells;
            }
            k += 1;
        }
        t[p] = cells;
        p += 1;
    }
    t
}

/// The low eight cells of each row of a band.
const ROW_LOW8: u32 = 0xff * ROW_LSB;
/// The last cell of each row of a band.
const ROW_MSB: u32 = ROW_LSB << 8;

/// The cells of every row of `a` that holds exactly one of them. Every row of
/// `a` must be non-empty.
#[inline(always)]
fn single_rows(a: u32) -> u32 {
    // Clearing each row's lowest bit leaves the rows that held two or more.
    let multi = a & a.wrapping_sub(ROW_LSB);
    // A row's low eight bits plus 0xff reach its ninth bit, without
    // carrying into the next row, exactly when one of them is set.
    let busy = (((multi & ROW_LOW8) + ROW_LOW8) | multi) & ROW_MSB;
    // Each single row's last bit, moved to its first and spread over the row.
    a & (((!busy & ROW_MSB) >> 8) * 0x1ff)
}

/// Bit `d` for each of a band's nine words that holds a cell of `cells`.
#[inline(always)]
fn holding<I: Isa>(_isa: I, words: &[u32; 9], cells: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if I::AVX2 {
        // SAFETY: a value of an `Isa` claiming AVX2 proves the processor
        // has it.
        return unsafe { holding_avx2(words, cells) };
    }
    // The first eight words apart from the ninth: LLVM vectorises the
    // eight, but then takes their mask apart bit by bit.
    let (eight, ninth) = words.split_at(8);
    let mut untouched = u32::from(ninth[0] & cells == 0) << 8;
    for (d, word) in eight.iter().enumerate() {
        untouched |= u32::from(*word & cells == 0) << d;
    }
    !untouched & 0x1ff
}

/// [`holding`] with one vector compare for the first eight words, whose lane
/// mask is the answer's low byte.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn holding_avx2(words: &[u32; 9], cells: u32) -> u32 {
    use std::arch::x86_64::{
        _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
        _mm256_movemask_ps, _mm256_set1_epi32, _mm256_setzero_si256,
    };
    // SAFETY: the first eight words are 32 readable bytes.
    let eight = unsafe { _mm256_loadu_si256(words.as_ptr().cast()) };
    let hits = _mm256_and_si256(eight, _mm256_set1_epi32(cells as i32));
    let empty = _mm256_cmpeq_epi32(hits, _mm256_setzero_si256());
    let untouched = _mm256_movemask_ps(_mm256_castsi256_ps(empty)) as u32;
    (!untouched & 0xff) | u32::from(words[8] & cells != 0) << 8
}

/// The minirows of band word `a` that hold a cell of it, as the 9-bit
/// pattern `3 * row + box`.
#[inline(always)]
fn minirow_pattern<I: Isa>(_isa: I, a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if I::PEXT {
        // SAFETY: a value of an `Isa` claiming `pext` proves the processor
        // has BMI2.
        return unsafe { pext(minirows_of(a), MINIROWS) } as usize;
    }
    ROW_BOXES[(a & 511) as usize] as usize
        | (ROW_BOXES[(a >> 9 & 511) as usize] as usize) << 3
        | (ROW_BOXES[(a >> 18 & 511) as usize] as usize) << 6
}

/// The columns of each band (`cols`: three 9-bit rows) in stack `stack`,
/// as the 9-bit pattern `3 * band + column`.
#[inline(always)]
fn stack_pattern<I: Isa>(_isa: I, cols: u32, stack: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    if I::PEXT {
        // SAFETY: as in `minirow_pattern`.
        return unsafe { pext(cols, STACK_COLUMNS << (3 * stack)) } as usize;
    }
    let part = cols >> (3 * stack);
    ((part & 7) | (part >> 6 & 0x38) | (part >> 12 & 0x1c0)) as usize & 511
}

/// The inverse of [`stack_pattern`]: a stack's 9-bit pattern back in place.
#[inline(always)]
fn stack_spread<I: Isa>(_isa: I, pattern: u16, stack: usize) -> u32 {
    let p = u32::from(pattern);
    #[cfg(target_arch = "x86_64")]
    if I::PEXT {
        // SAFETY: as in `minirow_pattern`.
        return unsafe { pdep(p, STACK_COLUMNS << (3 * stack)) };
    }
    ((p & 7) | (p & 0x38) << 6 | (p & 0x1c0) << 12) << (3 * stack)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
fn pext(x: u32, mask: u32) -> u32 {
    std::arch::x86_64::_pext_u32(x, mask)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
fn pdep(x: u32, mask: u32) -> u32 {
    std::arch::x86_64::_pdep_u32(x, mask)
}

/// The 3-bit groups at bits 0, 9 and 18 of `x` as one 9-bit pattern.
#[inline(always)]
fn close_up(x: u32) -> usize {
    let q = x & 0o7_007_007;
    ((q | q >> 6 | q >> 12) & 511) as usize
}

/// The minirows of a band word that hold a cell of it, as lanes: bit
/// `9 * row + 3 * box`.
#[inline(always)]
fn minirows_of(a: u32) -> u32 {
    (a | a >> 1 | a >> 2) & MINIROWS
}

/// The columns (9 bits) of a band word that hold a cell of it.
#[inline(always)]
fn columns_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 511
}

/// For a word of minirow lanes (bit `9 * row + 3 * box`), every lane of
/// each row that holds exactly one of them.
#[inline(always)]
fn single_lanes(x: u32) -> u32 {
    let first = ROW_LSB;
    let (a, b, c) = (x & first, x >> 3 & first, x >> 6 & first);
    let one = (a ^ b ^ c) & !(a & b & c);
    one * 0o111
}

/// For a 9-bit set of columns, every column of each stack that holds
/// exactly one of them.
#[inline(always)]
fn single_in_stacks(v: u32) -> u32 {
    let (a, b, c) = (v & 0o111, v >> 1 & 0o111, v >> 2 & 0o111);
    let one = (a ^ b ^ c) & !(a & b & c);
    one * 7
}

/// The bits set in exactly three of nine words, and whether a bit is set in
/// four or more. Two-bit counts are summed as a tree (pairs, fours, eight,
/// then the ninth word) rather than word by word: fewer operations, and
/// independent ones.
#[inline(always)]
fn in_three(n: &[u64; 9]) -> (u64, bool) {
    // Pairs: counts 0-2 as (high, low) bits.
    let low: [u64; 4] = std::array::from_fn(|i| n[i] ^ n[i + 4]);
    let high: [u64; 4] = std::array::from_fn(|i| n[i] & n[i + 4]);
    // Fours: counts 0-3, and `over` for four. A pair's count is never three,
    // so the carry of the low bits (two ones) meets no high bit.
    let low4: [u64; 2] = std::array::from_fn(|i| low[i] ^ low[i + 2]);
    let high4: [u64; 2] = std::array::from_fn(|i| high[i] ^ high[i + 2] ^ (low[i] & low[i + 2]));
    let over4: [u64; 2] = std::array::from_fn(|i| high[i] & high[i + 2]);
    // Eight.
    let carry = low4[0] & low4[1];
    let high_sum = high4[0] ^ high4[1];
    let low = low4[0] ^ low4[1];
    let high = high_sum ^ carry;
    let over = over4[0] | over4[1] | (high4[0] & high4[1]) | (carry & high_sum);
    // The ninth.
    let carry = low & n[8];
    let (low, over) = (low ^ n[8], over | (high & carry));
    let high = high ^ carry;
    (high & low & !over, over != 0)
}

/// The rows of a band that hold a cell of `s`.
#[inline(always)]
fn rows_of(s: u32) -> u32 {
    let mut rows = 0;
    for row in ROWS {
        rows |= ((s & row != 0) as u32).wrapping_neg() & row;
    }
    rows
}

/// Where the word of `digit` (0-8) in `band` is: band-major, so that the
/// nine digits of a band are adjacent.
#[inline(always)]
fn idx(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// A contradiction, found while propagating a digit's constraints (its index,
/// 0-8) or not (9).
struct Contradiction(usize);

/// No digit in particular: an empty cell, a minirow or minicolumn that four
/// digits need, or an unsolved state with nothing to branch on (a bug).
const ANY_DIGIT: usize = 9;

enum Stuck {
    Solved,
    /// Branch on the placements (permutations) of a digit in a band
    /// (`vertical`: a stack), one child per bit of `configs`.
    Config {
        vertical: bool,
        band: usize,
        digit: usize,
        configs: u32,
    },
}

/// Where each digit can still go, by minirow and by column, per band
/// (`idx`): minirow lanes at bit `9 * row + 3 * box`, columns as 9 bits.
struct Shapes {
    minirows: [u32; 27],
    columns: [u32; 27],
}

#[derive(Clone, Copy)]
struct State {
    /// `cand[idx(digit, band)]`: the band's cells where the digit may go.
    cand: [u32; 27],
    /// The cells of each band not placed yet.
    unsolved: [u32; 3],
    /// Bit `idx(digit, band)`: the word changed since its last update.
    dirty: u32,
}

impl State {
    /// The state with the givens placed, or `ConflictingGivens`.
    ///
    /// Each given first removes its digit from its row, box and column, so a
    /// peer given with the same digit finds it gone: that is a conflict. The
    /// other digits leave the given cells at the end, all at once.
    #[inline(always)]
    fn from_puzzle(puzzle: &Grid) -> Result<State, SolveError> {
        let mut s = State {
            cand: [BAND; 27],
            unsolved: [BAND; 3],
            dirty: (1 << 27) - 1,
        };
        // The given cells of each digit and band.
        let mut own = [0; 27];
        for (band, values) in puzzle.cells().chunks_exact(27).enumerate() {
            let mut givens = 0u32;
            for (cell, &v) in values.iter().enumerate() {
                givens |= u32::from(v != 0) << cell;
            }
            s.unsolved[band] = BAND & !givens;
            while givens != 0 {
                let cell = givens.trailing_zeros() as usize;
                givens &= givens - 1;
                let digit = usize::from(values[cell]).clamp(1, 9) - 1;
                let w = idx(digit, band);
                if s.cand[w] & (1 << cell) == 0 {
                    return Err(SolveError::ConflictingGivens);
                }
                s.place(digit, band, cell);
                own[w] |= 1 << cell;
            }
        }
        for (w, c) in s.cand.iter_mut().enumerate() {
            *c &= s.unsolved[w / 9] | own[w];
        }
        Ok(s)
    }

    /// Places `digit` in band-local `cell` of `band` for the digit alone:
    /// removes it from the cell's row, box and column.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, cell: usize) {
        let (row_box, column) = ROW_BOX_COLUMN[cell];
        for b in 0..3 {
            self.cand[idx(digit, b)] &= !column;
        }
        let w = idx(digit, band);
        self.cand[w] = self.cand[w] & !row_box | 1 << cell;
    }

    /// Applies the band constraint to word `w` and places its row singles.
    #[inline(always)]
    fn update<I: Isa>(&mut self, isa: I, w: usize) -> Result<(), Contradiction> {
        let a = self.cand[w];
        let pattern = minirow_pattern(isa, a);
        let a = a & PERM_MASK[pattern & 511];
        let (digit, band) = (w % 9, w / 9);
        if a == 0 {
            return Err(Contradiction(digit));
        }
        let new = single_rows(a) & self.unsolved[band];
        if new != 0 {
            self.unsolved[band] &= !new;
            // The other digits leave the new cells; the digit leaves their
            // columns in the other bands.
            let words: &mut [u32; 9] = (&mut self.cand[9 * band..9 * band + 9]).try_into().unwrap();
            let changed = holding(isa, words, new);
            for word in words.iter_mut() {
                *word &= !new;
            }
            let columns = columns_of(new);
            let column_cells = columns * ROW_LSB;
            let mut column_changed = 0;
            for b in 0..3 {
                let o = idx(digit, b);
                column_changed |= ((self.cand[o] & column_cells != 0) as u32) << (9 * b);
                self.cand[o] &= !column_cells;
            }
            self.dirty |= changed << (9 * band) | column_changed << digit;
        }
        self.cand[w] = a;
        self.dirty &= !(1 << w);
        Ok(())
    }

    /// Propagates to a fixed point: the solution, or a placement to branch on.
    #[inline(always)]
    fn propagate<I: Isa>(&mut self, isa: I, failures: &Failures) -> Result<Stuck, Contradiction> {
        // Words changed since the stack constraint last ran, and bands
        // changed since the triad rule last ran on them.
        let mut touched = 0;
        let mut triads_due = 0;
        // The bands whose part of `shapes` the triad rule has filled.
        let mut shaped = 0;
        let mut shapes = Shapes {
            minirows: [0; 27],
            columns: [0; 27],
        };
        loop {
            while self.dirty != 0 {
                // A batch's updates do not wait on each other's dirty bits;
                // words they dirty again are taken by the next batch.
                let mut batch = self.dirty;
                touched |= batch;
                while batch != 0 {
                    let w = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    self.update(isa, w)?;
                }
            }
            if self.naked_singles()? {
                continue;
            }
            if self.unsolved == [0; 3] {
                return Ok(Stuck::Solved);
            }
            let digits = (touched | touched >> 9 | touched >> 18) & 511;
            for band in 0..3 {
                triads_due |= u32::from(touched >> (9 * band) & 511 != 0) << band;
            }
            touched = 0;
            if self.stack_constraint(isa, digits)? {
                continue;
            }
            // With fewer cells left the triad rule saves no guesses on the
            // hardest puzzles and costs easy ones 9% of their instructions.
            let left: u32 = self.unsolved.iter().map(|u| u.count_ones()).sum();
            if left >= TRIADS_FROM_UNSOLVED {
                shaped |= triads_due;
                let bands = std::mem::take(&mut triads_due);
                if self.triad_cardinality(bands, &mut shapes)? {
                    continue;
                }
            }
            self.fill_shapes((!shaped | triads_due) & 7, &mut shapes);
            // No open digit would mean one cell per digit and box, each a
            // row single and so placed: the solved state returned above.
            // Should a scoring bug ever find none, the state is given up
            // rather than called solved (tests run with debug assertions).
            let choice = State::choose_config(&shapes, failures);
            debug_assert!(choice.is_some(), "no digit to branch on, unsolved");
            return choice.ok_or(Contradiction(ANY_DIGIT));
        }
    }

    /// Fills the bands of `shapes` in the mask `bands` (bit per band).
    #[inline(always)]
    fn fill_shapes(&self, bands: u32, shapes: &mut Shapes) {
        for band in 0..3 {
            if bands >> band & 1 != 0 {
                for d in 0..9 {
                    let a = self.cand[idx(d, band)];
                    shapes.minirows[idx(d, band)] = minirows_of(a);
                    shapes.columns[idx(d, band)] = columns_of(a);
                }
            }
        }
    }

    /// Turns every naked single into a row single of its digit. Returns
    /// whether there was one.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut any = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let (mut once, mut twice) = (0, 0);
            for d in 0..9 {
                let c = self.cand[idx(d, band)];
                twice |= once & c;
                once |= c;
            }
            if unsolved & !once != 0 {
                return Err(Contradiction(ANY_DIGIT));
            }
            let singles = unsolved & !twice;
            if singles == 0 {
                continue;
            }
            any = true;
            // Every digit at once, without a branch per digit: which digits
            // have singles, and which have two in one row (they cannot both
            // hold).
            let words: &mut [u32; 9] = (&mut self.cand[9 * band..9 * band + 9]).try_into().unwrap();
            let (mut holding, mut clashing) = (0, 0);
            for (d, word) in words.iter_mut().enumerate() {
                let s = singles & *word;
                let mut clash = 0;
                for row in ROWS {
                    let r = s & row;
                    clash |= r & r.wrapping_sub(1);
                }
                holding |= u32::from(s != 0) << d;
                clashing |= u32::from(clash != 0) << d;
                *word &= !rows_of(s) | s;
            }
            if clashing != 0 {
                return Err(Contradiction(clashing.trailing_zeros() as usize));
            }
            self.dirty |= holding << (9 * band);
        }
        Ok(any)
    }

    /// Applies the stack constraint to each digit of the 9-bit mask `digits`:
    /// within a stack a digit takes one column in each band and each column
    /// once, so the bands-by-columns pattern must hold a permutation matrix.
    /// This finds hidden singles of columns and column-box locked
    /// candidates. Returns whether a word changed.
    #[inline(always)]
    fn stack_constraint<I: Isa>(&mut self, isa: I, mut digits: u32) -> Result<bool, Contradiction> {
        let mut any = false;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let bands = [0, 1, 2].map(|b| self.cand[idx(digit, b)]);
            // Columns each band can use, one 9-bit row per band.
            let mut cols = 0;
            for (i, a) in bands.into_iter().enumerate() {
                cols |= columns_of(a) << (9 * i);
            }
            let mut allowed = 0;
            for stack in 0..3 {
                let keep = PERM_9[stack_pattern(isa, cols, stack)];
                if keep == 0 {
                    return Err(Contradiction(digit));
                }
                allowed |= stack_spread(isa, keep, stack);
            }
            if allowed != cols {
                for (i, a) in bands.into_iter().enumerate() {
                    let w = idx(digit, i);
                    let kept = a & ((allowed >> (9 * i) & 511) * ROW_LSB);
                    if kept != a {
                        self.cand[w] = kept;
                        self.dirty |= 1 << w;
                        any = true;
                    }
                }
            }
        }
        Ok(any)
    }

    /// Where to branch: the band or stack with the fewest ways left to place
    /// its digits (the product of their placement counts, each lowered by
    /// the failures of its open digits, see `Failures`), and in it the open
    /// digit (two placements or more) with the fewest placements and of
    /// those the most failures. `None` when no digit is open, which a
    /// fixed point with unsolved cells never is: every digit would have one
    /// minirow and one minicolumn per box, so one cell, all placed.
    /// `shapes` holds the state's minirows and columns.
    #[inline(always)]
    fn choose_config(shapes: &Shapes, failures: &Failures) -> Option<Stuck> {
        // The columns of a digit in the three bands, 9 bits each.
        let columns = |d: usize| (0..3).fold(0, |c, b| c | shapes.columns[idx(d, b)] << (9 * b));
        let stack_cells = |stack: usize| 0o7_007_007 << (3 * stack);
        // Per group, 256 times its log placements less its open digits'
        // failures, plus its number of open digits.
        let mut open = [0i32; 6];
        for (d, weights) in failures.weights.iter().enumerate() {
            let c = columns(d);
            for (band, score) in open[..3].iter_mut().enumerate() {
                *score += weights[shapes.minirows[idx(d, band)].count_ones() as usize];
            }
            for (stack, score) in open[3..].iter_mut().enumerate() {
                *score += weights[(c & stack_cells(stack)).count_ones() as usize];
            }
        }
        let mut best = (i32::MAX, 6);
        for (group, &score) in open.iter().enumerate() {
            if score & 255 != 0 && score >> 8 < best.0 {
                best = (score >> 8, group);
            }
        }
        if best.1 == 6 {
            return None;
        }
        let group = best.1;
        let (vertical, band) = (group >= 3, group % 3);
        // The open digit with the fewest placements and of those the most
        // failures, and its pattern.
        let mut pick = (u64::MAX, 0, 0);
        for d in 0..9 {
            let (n, pattern) = if vertical {
                let c = columns(d);
                (
                    (c & stack_cells(band)).count_ones(),
                    close_up(c >> (3 * band)),
                )
            } else {
                // Lanes 9r, 9r+3 and 9r+6 land on 9r+4 to 9r+6 with no carries.
                let x = shapes.minirows[idx(d, band)];
                (x.count_ones(), close_up((x * 21) >> 4))
            };
            let key = u64::from(LOG_PLACEMENTS[n as usize]) << 32
                | u64::from(!(failures.penalty[d] as u32));
            if n > 3 && key < pick.0 {
                pick = (key, d, pattern);
            }
        }
        Some(Stuck::Config {
            vertical,
            band,
            digit: pick.1,
            configs: CONFIGS[pick.2] as u32,
        })
    }

    /// Keeps only placement `config` of `digit` in a band or stack.
    #[inline(always)]
    fn restrict(&mut self, vertical: bool, band: usize, digit: usize, config: usize) {
        let perm = PERMS[config];
        if vertical {
            let stack_cells = (7 << (3 * band)) * ROW_LSB;
            for (b, &col) in perm.iter().enumerate() {
                let w = idx(digit, b);
                let keep = !stack_cells | ((1 << (3 * band + col)) * ROW_LSB);
                self.cand[w] &= keep;
                self.dirty |= 1 << w;
            }
        } else {
            let mut keep = 0;
            for (r, &k) in perm.iter().enumerate() {
                keep |= 7 << (9 * r + 3 * k);
            }
            let w = idx(digit, band);
            self.cand[w] &= keep;
            self.dirty |= 1 << w;
        }
    }

    /// Each minirow (a row's three cells in one box) and each minicolumn
    /// holds exactly three digits. A digit needs a minirow when its row has
    /// no other in the band (after the band constraint, the same as its box
    /// having no other), and a minicolumn when its stack has no other column
    /// in the band. A minirow or minicolumn that three digits need keeps no
    /// other digit; four is a contradiction. Fills the bands' part of
    /// `shapes` and returns whether a word changed.
    #[inline(always)]
    fn triad_cardinality(
        &mut self,
        bands: u32,
        shapes: &mut Shapes,
    ) -> Result<bool, Contradiction> {
        let mut any = false;
        for band in 0..3 {
            if bands >> band & 1 == 0 {
                continue;
            }
            let words: &mut [u32; 9] = (&mut self.cand[9 * band..9 * band + 9]).try_into().unwrap();
            // Each digit's minirows and columns, and those it needs: written
            // as independent lanes so that the compiler can vectorise them.
            let mut minirows = [0u32; 9];
            let mut columns = [0u32; 9];
            let mut needed_minirows = [0u32; 9];
            let mut needed_columns = [0u32; 9];
            for d in 0..9 {
                let a = words[d];
                let x = minirows_of(a);
                let v = columns_of(a);
                minirows[d] = x;
                columns[d] = v;
                needed_minirows[d] = x & single_lanes(x);
                needed_columns[d] = v & single_in_stacks(v);
            }
            shapes.minirows[9 * band..9 * band + 9].copy_from_slice(&minirows);
            shapes.columns[9 * band..9 * band + 9].copy_from_slice(&columns);
            let needed: [u64; 9] = std::array::from_fn(|d| {
                u64::from(needed_minirows[d]) | u64::from(needed_columns[d]) << 32
            });
            let (thrice, more) = in_three(&needed);
            if more {
                return Err(Contradiction(ANY_DIGIT));
            }
            if thrice == 0 {
                continue;
            }
            let (full_minirows, full_columns) = (thrice as u32, (thrice >> 32) as u32);
            let mut changed = 0;
            for d in 0..9 {
                let elim = ((minirows[d] & full_minirows & !needed_minirows[d]) * 7)
                    | ((columns[d] & full_columns & !needed_columns[d]) * ROW_LSB);
                changed |= ((words[d] & elim != 0) as u32) << d;
                words[d] &= !elim;
            }
            if changed != 0 {
                self.dirty |= changed << (9 * band);
                any = true;
            }
        }
        Ok(any)
    }

    /// Writes the solved grid: digits 1-9, row-major.
    ///
    /// Branch-free: the digits' bits are regrouped into the four bit planes
    /// of the values, and each plane spreads 8 cells at a time over the bytes
    /// of a `u64`.
    fn write_cells(&self, cells: &mut [u8; 81]) {
        // The last 8-cell group of a band spills into the next band's first
        // bytes (rewritten next), and of the last band into the padding.
        let mut out = [0u8; 88];
        for band in 0..3 {
            let c = |d| self.cand[idx(d, band)];
            // Bit k of value d + 1 for each digit d.
            let planes = [
                c(0) | c(2) | c(4) | c(6) | c(8),
                c(1) | c(2) | c(5) | c(6),
                c(3) | c(4) | c(5) | c(6),
                c(7) | c(8),
            ];
            for group in 0..4 {
                let mut bytes = 0u64;
                for (k, plane) in planes.iter().enumerate() {
                    let bits = u64::from(plane >> (8 * group) & 0xff);
                    // Byte i keeps bit i of `bits`, then becomes 0 or 1 << k.
                    let spread = (bits * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
                    bytes |= ((spread + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080) >> (7 - k);
                }
                let at = 27 * band + 8 * group;
                out[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        cells.copy_from_slice(&out[..81]);
    }
}

/// The most frames the search stack can hold. A branch fixes the placement
/// of one digit in one band or stack (27 of each) for the rest of its path,
/// and leaves at most five alternatives on the stack.
const MAX_DEPTH: usize = 5 * 54;

/// Depth-first search from `start` until `limit` solutions are found
/// (`limit` at least 1).
#[inline(always)]
fn search<I: Isa>(isa: I, start: State, limit: u32) -> Found {
    let mut stack = [const { MaybeUninit::<State>::uninit() }; MAX_DEPTH];
    let mut failures = Failures::new();
    let mut depth = 0;
    let mut state = start;
    let mut found = Found {
        solutions: 0,
        guesses: 0,
        guesses_to_first: 0,
        first: None,
    };
    loop {
        match state.propagate(isa, &failures) {
            Ok(Stuck::Solved) => {
                if found.solutions == 0 {
                    found.first = Some(state);
                    found.guesses_to_first = found.guesses;
                }
                found.solutions += 1;
                if found.solutions >= limit {
                    return found;
                }
            }
            Ok(Stuck::Config {
                vertical,
                band,
                digit,
                mut configs,
            }) => {
                // One placement now, each other one later: a guess for
                // each alternative left on the stack (`depth` stays below
                // MAX_DEPTH; the index is checked). A band tries its first
                // permutation first, a stack its last: of the four ways to
                // pair the two ends, the one with the fewest guesses to a
                // first solution over forum_hardest_11plus, top1465 and
                // serg (see `PERMS`; the order is otherwise arbitrary).
                let first = if vertical {
                    31 - configs.leading_zeros()
                } else {
                    configs.trailing_zeros()
                } as usize;
                configs &= !(1 << first);
                while configs != 0 {
                    let c = configs.trailing_zeros() as usize;
                    configs &= configs - 1;
                    found.guesses += 1;
                    let mut other = state;
                    other.restrict(vertical, band, digit, c);
                    stack[depth].write(other);
                    depth += 1;
                }
                state.restrict(vertical, band, digit, first);
                continue;
            }
            Err(Contradiction(digit)) => {
                failures.add(digit);
            }
        }
        if depth == 0 {
            return found;
        }
        depth -= 1;
        // SAFETY: frames below `depth` were written before being counted.
        state = unsafe { stack[depth].assume_init_read() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use sudokuflow_test::property::check;
    use sudokuflow_test::{brute_count, brute_count_within};

    /// One build of the search.
    type Build = (&'static str, fn(&Grid, u32) -> Result<Found, SolveError>);

    /// Every build of the solver this machine can run: the portable one, and
    /// the one with bit instructions where the processor has them.
    fn builds() -> Vec<Build> {
        let mut builds: Vec<Build> = vec![("portable", run_portable)];
        #[cfg(target_arch = "x86_64")]
        if BitInstructions::detect().is_some() {
            builds.push(("bit instructions", |p, limit| {
                let bits = BitInstructions::detect().expect("detected above");
                run_bit_instructions(bits, p, limit)
            }));
            builds.push(("pext", |p, limit| {
                let bits = BitInstructions::detect().expect("detected above");
                run_fast_pext(FastPext::from(bits), p, limit)
            }));
        }
        builds
    }

    const SOLVED: &str =
        "416837529982465371735129468571298643293746185864351297647913852359682714128574936";

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn solves_judge_sample() {
        let p = grid(
            "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
        );
        let s = solve(&p).unwrap();
        assert_eq!(s.grid.to_string(), SOLVED);
        assert_eq!(count_solutions(&p, 2).unwrap().solutions, 1);
    }

    #[test]
    fn solves_hard_puzzles() {
        for p in [
            "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ] {
            let p = grid(p);
            let s = solve(&p).unwrap();
            assert!(s.grid.is_solution_of(&p));
            assert_eq!(count_solutions(&p, 2).unwrap().solutions, 1);
        }
    }

    /// A count to a huge limit, or a run over millions of puzzles, makes
    /// more guesses than 32 bits hold: far too many to make in a test, so
    /// the width is checked by type. This compiles only while every guess
    /// counter, from the search to a run's summary, is a `u64` (Rust never
    /// widens implicitly).
    const _: fn(&Found, &Count, &Solution, &crate::pipeline::Summary) -> [u64; 4] =
        |found, count, solution, summary| {
            [
                found.guesses,
                count.guesses,
                solution.guesses,
                summary.guesses,
            ]
        };

    /// Each solution after the first takes at least one guess.
    #[test]
    fn guesses_are_counted() {
        for limit in [1, 2, 1000] {
            let count = count_solutions(&Grid::EMPTY, limit).unwrap();
            assert_eq!(count.solutions, limit);
            assert!(count.guesses >= u64::from(limit - 1), "{count:?}");
        }
    }

    #[test]
    fn full_grid_and_limits() {
        let g = grid(SOLVED);
        assert_eq!(solve(&g).unwrap().grid, g);
        assert_eq!(solve(&g).unwrap().guesses, 0);
        assert_eq!(count_solutions(&g, 2).unwrap().solutions, 1);
        assert_eq!(count_solutions(&g, 0).unwrap().solutions, 0);
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        assert_eq!(count_solutions(&Grid::EMPTY, 5).unwrap().solutions, 5);
        assert_eq!(count_solutions(&Grid::EMPTY, 1000).unwrap().solutions, 1000);
        assert!(
            solve(&Grid::EMPTY)
                .unwrap()
                .grid
                .is_solution_of(&Grid::EMPTY)
        );
    }

    #[test]
    fn distinguishes_conflict_from_no_solution() {
        let mut g = Grid::EMPTY;
        g.set(0, 1);
        g.set(1, 1);
        assert_eq!(solve(&g), Err(SolveError::ConflictingGivens));
        assert_eq!(count_solutions(&g, 2), Err(SolveError::ConflictingGivens));
        // Row 0 holds 1-8 and column 8 holds a 9 lower down: cell 8 has no candidate.
        let mut g = Grid::EMPTY;
        for d in 1..=8 {
            g.set(d as usize - 1, d);
        }
        g.set(9 * 4 + 8, 9);
        assert_eq!(solve(&g), Err(SolveError::NoSolution));
        assert_eq!(count_solutions(&g, 2).unwrap().solutions, 0);
    }

    #[test]
    fn conflicts_in_columns_and_boxes() {
        let mut g = Grid::EMPTY;
        g.set(4, 7);
        g.set(76, 7); // same column
        assert_eq!(solve(&g), Err(SolveError::ConflictingGivens));
        let mut g = Grid::EMPTY;
        g.set(30, 3);
        g.set(50, 3); // same box (rows 3 and 5, columns 3 and 5)
        assert_eq!(solve(&g), Err(SolveError::ConflictingGivens));
    }

    /// A solved grid relabelled and with rows and columns permuted within
    /// bands and stacks, from a seed.
    fn solved_grid(seed: u64) -> [u8; 81] {
        let base = grid(SOLVED);
        let mut x = seed;
        let mut next = move |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % n) as usize
        };
        let mut labels: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            labels.swap(i, next(i as u64 + 1));
        }
        let perm3 = |k: usize| PERMS[k];
        let mut rows = [0; 9];
        let mut cols = [0; 9];
        let (bands, stacks) = (perm3(next(6)), perm3(next(6)));
        for k in 0..3 {
            let (r, c) = (perm3(next(6)), perm3(next(6)));
            for j in 0..3 {
                rows[3 * k + j] = 3 * bands[k] + r[j];
                cols[3 * k + j] = 3 * stacks[k] + c[j];
            }
        }
        let mut out = [0; 81];
        for r in 0..9 {
            for c in 0..9 {
                out[9 * r + c] = labels[base.get(9 * rows[r] + cols[c]) as usize - 1];
            }
        }
        out
    }

    /// A group's summed weights keep its open digits in the low byte and
    /// its score, log placements less the penalties, above it, through
    /// many failures and decays (a decay that left a penalty off a multiple
    /// of 256 would spill into the low byte).
    #[test]
    fn failure_weights_sum_to_open_digits_and_scores() {
        let mut failures = Failures::new();
        for k in 0..5_000u32 {
            // Digit 0 most often, then 4, the others now and then.
            failures.add([0, 0, 0, 4, 4, (k % 9) as usize, ANY_DIGIT][(k % 7) as usize]);
            for cells in [
                [9, 9, 9, 9, 9, 9, 9, 9, 9],
                [3, 5, 6, 7, 8, 9, 3, 3, 5],
                [3; 9],
            ] {
                let sum: i32 = (0..9).map(|d| failures.weights[d][cells[d]]).sum();
                let open = cells.iter().filter(|&&n| n > 3).count() as i32;
                let score: i32 = (0..9)
                    .filter(|&d| cells[d] > 3)
                    .map(|d| LOG_PLACEMENTS[cells[d]] as i32 * 256 - failures.penalty[d])
                    .sum();
                assert_eq!(sum & 255, open, "{cells:?} after {k}");
                assert_eq!(sum >> 8 << 8, score, "{cells:?} after {k}");
            }
        }
        assert!(failures.penalty[0] > failures.penalty[1]);
    }

    /// `single_rows` against a row-by-row count: every non-empty value of
    /// each row, beside rows of one, two and nine cells.
    #[test]
    fn single_rows_keeps_exactly_the_rows_of_one_cell() {
        let oracle = |a: u32| {
            ROWS.iter()
                .filter(|&&row| (a & row).count_ones() == 1)
                .fold(0, |kept, &row| kept | a & row)
        };
        for value in 1..512u32 {
            for other in [1, 0b11, 0x100, 0x1ff] {
                for at in 0..3 {
                    let mut a = 0;
                    for row in 0..3 {
                        a |= if row == at { value } else { other } << (9 * row);
                    }
                    assert_eq!(single_rows(a), oracle(a), "{a:#029b}");
                }
            }
        }
    }

    /// The three builds of the solver (portable, bit instructions, `pext`)
    /// find the same solutions with the same guesses, on puzzles from many
    /// givens down to a handful (many solutions, deep searches) and on
    /// unsolvable and conflicting ones.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn builds_agree() {
        let Some(bits) = BitInstructions::detect() else {
            sudokuflow_test::skip("builds_agree: no popcnt/BMI/AVX2 on this processor");
            return;
        };
        let outcome = |r: Result<Found, SolveError>| {
            r.map(|f| {
                let first = f.first.map(|s| {
                    let mut cells = [0; 81];
                    s.write_cells(&mut cells);
                    cells
                });
                (f.solutions, f.guesses, first)
            })
        };
        for seed in 0..6000u64 {
            let full = solved_grid(seed);
            let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let keep = 81 - seed % 66;
            let mut cells = [0; 81];
            for (i, cell) in cells.iter_mut().enumerate() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 81 < keep {
                    *cell = full[i];
                }
            }
            if seed % 7 == 0 {
                // A wrong given: mostly no solution, sometimes a conflict.
                cells[(x % 81) as usize] = (x / 81 % 9) as u8 + 1;
            }
            let p = Grid::from_cells(cells).unwrap();
            for limit in [1, 2, 3] {
                let portable = outcome(run_portable(&p, limit));
                // `pext` only needs BMI2, however slowly it runs.
                let with_bits = outcome(run_bit_instructions(bits, &p, limit));
                let pext = outcome(run_fast_pext(FastPext::from(bits), &p, limit));
                assert_eq!(portable, with_bits, "{p} limit {limit}");
                assert_eq!(portable, pext, "{p} limit {limit} (pext)");
            }
        }
    }

    /// The cells 0..81 in an order drawn from `seed`.
    fn cell_order(seed: u64) -> [usize; 81] {
        let mut order: [usize; 81] = std::array::from_fn(|i| i);
        let mut x = seed | 1;
        for i in (1..81).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            order.swap(i, (x % (i as u64 + 1)) as usize);
        }
        order
    }

    /// Solved grids with cells blanked: up to 27 blanks leave one solution
    /// almost always, 28 to 47 often several, so both are common.
    #[test]
    fn blanked_grids_agree_with_brute_force() {
        let blanks = prop_oneof![0usize..28, 28usize..48];
        let shares = check(
            2000,
            (any::<u64>(), any::<u64>(), blanks),
            |(seed, order, blanks), shares| {
                let full = solved_grid(seed);
                let mut cells = full;
                for &i in &cell_order(order)[..blanks] {
                    cells[i] = 0;
                }
                let p = Grid::from_cells(cells).unwrap();
                let expected = brute_count(&mut cells.clone(), 3);
                shares.saw(if expected == 1 {
                    "one solution"
                } else {
                    "several"
                });
                for (name, run) in builds() {
                    let first = run(&p, 1)
                        .unwrap()
                        .first
                        .expect("a blanked grid has a solution");
                    let mut solution = [0; 81];
                    first.write_cells(&mut solution);
                    prop_assert!(
                        Grid::from_cells(solution).unwrap().is_solution_of(&p),
                        "{}",
                        name
                    );
                    prop_assert_eq!(run(&p, 3).unwrap().solutions, expected, "{}", name);
                }
                Ok(())
            },
        );
        shares.assert_at_least("one solution", 40);
        shares.assert_at_least("several", 15);
    }

    /// Few givens from a solved grid (mostly many solutions), or enough of
    /// them (36 to 51) to leave one solution about as often as not.
    #[test]
    fn sparse_blanked_grids_solve() {
        let keep = prop_oneof![0usize..30, 36usize..52];
        let shares = check(
            2000,
            (any::<u64>(), any::<u64>(), keep),
            |(seed, order, keep), shares| {
                let full = solved_grid(seed);
                let mut cells = [0; 81];
                for &i in &cell_order(order)[..keep] {
                    cells[i] = full[i];
                }
                let p = Grid::from_cells(cells).unwrap();
                let s = solve(&p).unwrap();
                prop_assert!(s.grid.is_solution_of(&p));
                // The rare grid whose brute-force search is too long is left out.
                let Some(expected) = brute_count_within(&mut cells.clone(), 2, &mut 200_000) else {
                    shares.saw("too long for the oracle");
                    return Ok(());
                };
                shares.saw(if expected == 1 {
                    "one solution"
                } else {
                    "several"
                });
                for (name, run) in builds() {
                    prop_assert_eq!(run(&p, 2).unwrap().solutions, expected, "{}", name);
                }
                Ok(())
            },
        );
        shares.assert_at_least("one solution", 15);
        shares.assert_at_least("several", 40);
    }

    /// A solved grid's cells kept at `density` percent, with `wrong` of
    /// them given another digit that no given there sees: consistent
    /// givens, mostly without a solution.
    fn wrong_givens(seed: u64, density: u64, wrong: usize) -> [u8; 81] {
        let full = solved_grid(seed);
        let order = cell_order(seed.rotate_left(17));
        let mut cells = [0u8; 81];
        for (k, &i) in order.iter().enumerate() {
            if (k as u64 * 100) < density * 81 {
                cells[i] = full[i];
            }
        }
        for (n, &i) in order.iter().rev().take(wrong).enumerate() {
            let seen = |d: u8| {
                (0..81).any(|j| {
                    j != i
                        && cells[j] == d
                        && (j / 9 == i / 9
                            || j % 9 == i % 9
                            || (j / 27 == i / 27 && j % 9 / 3 == i % 9 / 3))
                })
            };
            let other = (1..=9u8)
                .cycle()
                .skip((seed as usize + n) % 9)
                .take(9)
                .find(|&d| d != full[i] && !seen(d));
            if let Some(d) = other {
                cells[i] = d;
            }
        }
        cells
    }

    /// Arbitrary givens (mostly conflicting), or a solved grid's with wrong
    /// digits written in (consistent, mostly without a solution).
    #[test]
    fn garbage_grids_agree_with_brute_force() {
        let arbitrary =
            proptest::collection::vec((0usize..81, 1u8..=9), 0..40).prop_map(|givens| {
                let mut cells = [0u8; 81];
                for (i, v) in givens {
                    cells[i] = v;
                }
                cells
            });
        let wrong = (any::<u64>(), 25u64..90, 1usize..3)
            .prop_map(|(seed, density, wrong)| wrong_givens(seed, density, wrong));
        let grids = prop_oneof![arbitrary, wrong];
        let shares = check(2000, grids, |cells, shares| {
            let p = Grid::from_cells(cells).unwrap();
            if !p.is_consistent() {
                shares.saw("conflicting");
                prop_assert_eq!(solve(&p), Err(SolveError::ConflictingGivens));
                prop_assert_eq!(count_solutions(&p, 2), Err(SolveError::ConflictingGivens));
                return Ok(());
            }
            match solve(&p) {
                Ok(s) => prop_assert!(s.grid.is_solution_of(&p)),
                Err(e) => prop_assert_eq!(e, SolveError::NoSolution),
            }
            let c = count_solutions(&p, 2).unwrap();
            prop_assert_eq!(c.solutions == 0, solve(&p).is_err());
            // The rare grid whose brute-force search is too long is left out.
            let Some(expected) = brute_count_within(&mut cells.clone(), 2, &mut 200_000) else {
                shares.saw("too long for the oracle");
                return Ok(());
            };
            shares.saw(if expected == 0 {
                "no solution"
            } else {
                "solvable"
            });
            for (name, run) in builds() {
                prop_assert_eq!(run(&p, 2).unwrap().solutions, expected, "{}", name);
            }
            Ok(())
        });
        shares.assert_at_least("conflicting", 15);
        shares.assert_at_least("no solution", 15);
        shares.assert_at_least("solvable", 15);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// `in_three` against a count of each bit over the nine words, thin
        /// enough that counts of three, four and fewer all occur.
        #[test]
        fn in_three_counts_each_bit(
            words in proptest::array::uniform9(any::<u64>()),
            thin in any::<[u64; 3]>(),
        ) {
            // Each bit in about three words of eight, or in one of eight.
            let words = words.map(|w| w & (thin[0] | thin[1]) & (thin[2] | !thin[1]));
            let count = |bit: u32| words.iter().filter(|w| *w >> bit & 1 == 1).count();
            let three = (0..64).filter(|&b| count(b) == 3).fold(0, |t, b| t | 1 << b);
            let four = (0..64).any(|b| count(b) >= 4);
            prop_assert_eq!(in_three(&words), (three, four));
            // Bit by bit, so that one bit's count of four is not hidden by
            // another's.
            for bit in 0..64 {
                let alone = words.map(|w| w & 1 << bit);
                let n = count(bit);
                prop_assert_eq!(in_three(&alone), (u64::from(n == 3) << bit, n >= 4));
            }
        }
    }
}
