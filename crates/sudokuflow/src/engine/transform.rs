//! Validity-preserving grid transformations.
//!
//! A [`Transform`] combines what maps every Sudoku grid to an equivalent one:
//! relabeling the digits, permuting the rows inside a band and the bands
//! themselves, permuting the columns inside a stack and the stacks, and
//! transposing. It maps a valid grid to a valid grid, a puzzle with `n`
//! solutions to a puzzle with `n` solutions, and the solutions of a puzzle to
//! the solutions of the transformed puzzle (apply the same transform to both).
//!
//! Internally a transform is a cell map (each output cell names the input cell
//! it copies) and a digit map, so [`Transform::apply`], [`Transform::then`]
//! and [`Transform::inverse`] are simple table operations. The only
//! constructors are the generators above, so every transform is valid.
//!
//! ```
//! use sudokuflow::rng::Rng;
//! use sudokuflow::transform::Transform;
//! use sudokuflow::Grid;
//!
//! let puzzle: Grid =
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
//!         .parse()
//!         .unwrap();
//! let t = Transform::random(&mut Rng::new(7));
//! let shuffled = t.apply(&puzzle);
//! assert_eq!(shuffled.clue_count(), puzzle.clue_count());
//! assert_eq!(t.inverse().apply(&shuffled), puzzle);
//! ```

use crate::grid::Grid;
use crate::rng::Rng;

/// A digit relabeling combined with a validity-preserving cell permutation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Output cell `i` takes the value of input cell `cells[i]`.
    cells: [u8; 81],
    /// Digit `d` becomes `digits[d]`; `digits[0] == 0` keeps empty cells empty.
    digits: [u8; 10],
}

impl std::fmt::Debug for Transform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transform")
            .field("cells", &&self.cells[..])
            .field("digits", &self.digits)
            .finish()
    }
}

const IDENTITY_CELLS: [u8; 81] = {
    let mut c = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        c[i] = i as u8;
        i += 1;
    }
    c
};

impl Default for Transform {
    fn default() -> Transform {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        cells: IDENTITY_CELLS,
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// Relabels digit `d` as `perm[d - 1]`. `None` unless `perm` holds each of
    /// 1 to 9 once.
    pub fn relabel(perm: [u8; 9]) -> Option<Transform> {
        if !is_permutation(&perm, 1) {
            return None;
        }
        let mut t = Transform::IDENTITY;
        t.digits[1..].copy_from_slice(&perm);
        Some(t)
    }

    /// Permutes rows: output band `b` is input band `bands[b]`, and its row
    /// `i` is row `rows_in_band[b][i]` of that input band (all 0-based).
    /// `None` unless `bands` and each `rows_in_band[b]` are permutations of 0..3.
    pub fn permute_rows(bands: [u8; 3], rows_in_band: [[u8; 3]; 3]) -> Option<Transform> {
        let rows = line_order(bands, rows_in_band)?;
        let mut t = Transform::IDENTITY;
        for (i, cell) in t.cells.iter_mut().enumerate() {
            *cell = rows[i / 9] * 9 + (i % 9) as u8;
        }
        Some(t)
    }

    /// Permutes columns: output stack `s` is input stack `stacks[s]`, and its
    /// column `j` is column `cols_in_stack[s][j]` of that input stack.
    /// `None` unless `stacks` and each `cols_in_stack[s]` are permutations of 0..3.
    pub fn permute_cols(stacks: [u8; 3], cols_in_stack: [[u8; 3]; 3]) -> Option<Transform> {
        let cols = line_order(stacks, cols_in_stack)?;
        let mut t = Transform::IDENTITY;
        for (i, cell) in t.cells.iter_mut().enumerate() {
            *cell = (i / 9) as u8 * 9 + cols[i % 9];
        }
        Some(t)
    }

    /// Transposition: row `r`, column `c` of the output is row `c`, column `r`
    /// of the input.
    pub fn transpose() -> Transform {
        let mut t = Transform::IDENTITY;
        for (i, cell) in t.cells.iter_mut().enumerate() {
            *cell = ((i % 9) * 9 + i / 9) as u8;
        }
        t
    }

    /// A uniformly random element of the group of transforms (9! relabelings
    /// times 2 x 6^8 cell permutations), drawn from `rng` in a fixed order.
    pub fn random(rng: &mut Rng) -> Transform {
        let mut perm = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut perm);
        let draw_lines = |rng: &mut Rng| {
            let mut outer = [0, 1, 2];
            rng.shuffle(&mut outer);
            let mut inner = [[0, 1, 2]; 3];
            for order in &mut inner {
                rng.shuffle(order);
            }
            (outer, inner)
        };
        let (bands, rows) = draw_lines(rng);
        let (stacks, cols) = draw_lines(rng);
        let transposed = rng.coin();
        // The transposition, then the rows, the columns and the digits, as
        // one table: output cell (r, c) takes input row rows[r], column
        // cols[c] (swapped when transposed). Built at once, not by `then`,
        // as `shuffle` makes one transform per variant.
        let rows = line_order(bands, rows).expect("shuffled permutations");
        let cols = line_order(stacks, cols).expect("shuffled permutations");
        let mut t = Transform::relabel(perm).expect("shuffled permutation");
        for (i, cell) in t.cells.iter_mut().enumerate() {
            let (r, c) = (rows[i / 9], cols[i % 9]);
            *cell = if transposed { c * 9 + r } else { r * 9 + c };
        }
        t
    }

    /// This transform followed by `next`: `a.then(&b).apply(g) == b.apply(&a.apply(g))`.
    pub fn then(&self, next: &Transform) -> Transform {
        let mut t = Transform::IDENTITY;
        for (out, &src) in t.cells.iter_mut().zip(&next.cells) {
            *out = self.cells[src as usize];
        }
        for (out, &mid) in t.digits.iter_mut().zip(&self.digits) {
            *out = next.digits[mid as usize];
        }
        t
    }

    /// The transform that undoes this one.
    pub fn inverse(&self) -> Transform {
        let mut t = Transform::IDENTITY;
        for (i, &src) in self.cells.iter().enumerate() {
            t.cells[src as usize] = i as u8;
        }
        for (d, &to) in self.digits.iter().enumerate() {
            t.digits[to as usize] = d as u8;
        }
        t
    }

    /// The transformed grid (empty cells stay empty).
    pub fn apply(&self, grid: &Grid) -> Grid {
        let input = grid.cells();
        let mut cells = [0u8; 81];
        for (out, &src) in cells.iter_mut().zip(&self.cells) {
            *out = self.digits[input[src as usize] as usize];
        }
        Grid::from_cells(cells).expect("digit map keeps values in 0..=9")
    }
}

/// True when `values` holds `first`, `first + 1`, ... once each.
fn is_permutation(values: &[u8], first: u8) -> bool {
    let mut seen = 0u32;
    for &v in values {
        let Some(k) = v
            .checked_sub(first)
            .filter(|&k| (k as usize) < values.len())
        else {
            return false;
        };
        seen |= 1 << k;
    }
    seen.count_ones() as usize == values.len()
}

/// The 9 input lines (rows or columns) in output order.
fn line_order(outer: [u8; 3], inner: [[u8; 3]; 3]) -> Option<[u8; 9]> {
    if !is_permutation(&outer, 0) || !inner.iter().all(|p| is_permutation(p, 0)) {
        return None;
    }
    let mut lines = [0u8; 9];
    for (k, line) in lines.iter_mut().enumerate() {
        *line = outer[k / 3] * 3 + inner[k / 3][k % 3];
    }
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::{count_solutions, solve};
    use proptest::prelude::*;
    use sudokuflow_test::property::check;

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    fn puzzle() -> Grid {
        PUZZLE.parse().unwrap()
    }

    #[test]
    fn generators_do_what_they_say() {
        let g = puzzle();
        let t = Transform::transpose();
        assert_eq!(t.apply(&g).get(9), g.get(1));
        let r = Transform::permute_rows([2, 0, 1], [[0, 1, 2], [0, 1, 2], [1, 0, 2]]).unwrap();
        // Output row 0 is input row 6; output row 6 is input row 3 + 1 = 4.
        assert_eq!(r.apply(&g).get(0), g.get(54));
        assert_eq!(r.apply(&g).get(54 + 3), g.get(36 + 3));
        let c = Transform::permute_cols([1, 2, 0], [[2, 1, 0], [0, 1, 2], [0, 1, 2]]).unwrap();
        assert_eq!(c.apply(&g).get(0), g.get(5));
        let d = Transform::relabel([2, 3, 4, 5, 6, 7, 8, 9, 1]).unwrap();
        assert_eq!(d.apply(&g).get(1), 3);
        assert_eq!(d.apply(&g).get(0), 0);
    }

    #[test]
    fn rejects_non_permutations() {
        assert!(Transform::relabel([1, 1, 3, 4, 5, 6, 7, 8, 9]).is_none());
        assert!(Transform::relabel([0, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
        assert!(Transform::permute_rows([0, 1, 1], [[0, 1, 2]; 3]).is_none());
        assert!(Transform::permute_cols([0, 1, 2], [[0, 1, 3]; 3]).is_none());
    }

    #[test]
    fn keeps_solution_counts_of_a_many_solution_puzzle() {
        // A full grid with its top band cleared has several completions.
        let mut p = solve(&puzzle()).unwrap().grid;
        for i in 0..27 {
            p.set(i, 0);
        }
        let n = count_solutions(&p, 1000).unwrap().solutions;
        assert!((2..1000).contains(&n), "{n}");
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            let t = Transform::random(&mut rng);
            assert_eq!(count_solutions(&t.apply(&p), 1000).unwrap().solutions, n);
        }
    }

    fn any_transform() -> impl Strategy<Value = Transform> {
        any::<u64>().prop_map(|seed| Transform::random(&mut Rng::new(seed)))
    }

    /// `random` builds in one table what the generators compose, from the
    /// same draws.
    #[test]
    fn random_is_the_composition_of_its_draws() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let mut perm = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut perm);
            let mut draw_lines = || {
                let mut outer = [0, 1, 2];
                rng.shuffle(&mut outer);
                let mut inner = [[0, 1, 2]; 3];
                for order in &mut inner {
                    rng.shuffle(order);
                }
                (outer, inner)
            };
            let (bands, rows) = draw_lines();
            let (stacks, cols) = draw_lines();
            let start = match rng.coin() {
                true => Transform::transpose(),
                false => Transform::IDENTITY,
            };
            let composed = start
                .then(&Transform::permute_rows(bands, rows).unwrap())
                .then(&Transform::permute_cols(stacks, cols).unwrap())
                .then(&Transform::relabel(perm).unwrap());
            assert_eq!(
                Transform::random(&mut Rng::new(seed)),
                composed,
                "seed {seed}"
            );
        }
    }

    proptest! {
        #[test]
        fn maps_solutions_to_solutions_and_keeps_counts(t in any_transform()) {
            let p = puzzle();
            let s = solve(&p).unwrap().grid;
            let (tp, ts) = (t.apply(&p), t.apply(&s));
            prop_assert!(tp.is_consistent());
            prop_assert_eq!(tp.clue_count(), p.clue_count());
            prop_assert!(ts.is_solution_of(&tp));
            prop_assert_eq!(count_solutions(&tp, 2).unwrap().solutions, 1);
            prop_assert_eq!(solve(&tp).unwrap().grid, ts);
        }

        #[test]
        fn composes_and_inverts(a in any_transform(), b in any_transform()) {
            let g = solve(&puzzle()).unwrap().grid;
            prop_assert_eq!(a.then(&b).apply(&g), b.apply(&a.apply(&g)));
            prop_assert_eq!(a.inverse().apply(&a.apply(&g)), g);
            prop_assert_eq!(a.then(&a.inverse()), Transform::IDENTITY);
            prop_assert_eq!(Transform::IDENTITY.then(&a), a);
        }
    }

    /// A solved grid with cells blanked is consistent; a digit written over
    /// a cell of it may or may not be: both are common, and a transform
    /// keeps either.
    #[test]
    fn keeps_consistency_and_inconsistency() {
        let cases = (
            any_transform(),
            prop::collection::vec(0usize..81, 0..70),
            prop::option::weighted(0.7, (0usize..81, 1u8..=9)),
        );
        let shares = check(256, cases, |(t, blanks, overwrite), shares| {
            let mut g = solve(&puzzle()).unwrap().grid;
            for &i in &blanks {
                g.set(i, 0);
            }
            if let Some((i, d)) = overwrite {
                g.set(i, d);
            }
            let consistent = g.is_consistent();
            shares.saw(if consistent {
                "consistent"
            } else {
                "inconsistent"
            });
            prop_assert!(consistent || overwrite.is_some());
            prop_assert_eq!(t.apply(&g).is_consistent(), consistent);
            Ok(())
        });
        shares.assert_at_least("consistent", 20);
        shares.assert_at_least("inconsistent", 20);
    }
}
