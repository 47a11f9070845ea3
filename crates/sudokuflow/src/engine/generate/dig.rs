//! Digging a solution grid down to a puzzle: removing clue groups while the
//! solution stays unique, with cheap proofs of uniqueness tried before the
//! solver (see the module documentation of `generate`).

use super::symmetry::Groups;
use crate::engine::geometry::{PEER_CELLS, UNIT_CELLS, units_of};
use crate::grid::Grid;
use crate::rng::Rng;
use crate::solver::{count_solutions, solve};

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
        for u in units_of(cell) {
            self.units[u] ^= 1 << d;
        }
    }

    /// The digits a given in the row, column or box of `cell` already holds.
    fn seen(&self, cell: usize) -> u16 {
        let [r, c, b] = units_of(cell);
        self.units[r] | self.units[c] | self.units[b]
    }
}

/// One pass of removals over `groups` in random order, from the full
/// `solution`, stopping at `target` clues if given. Returns the puzzle and its
/// clue count. Without a target the puzzle is minimal; with one it may stop
/// above the target, and gives up early once the target is out of reach.
pub(super) fn remove_clues(
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
                b_in_box[units_of(cell)[2] - 18] = r as u8;
            }
            let mut adj = [0u32; 18];
            for (r, &cell) in ca.iter().enumerate() {
                let cell = cell as usize;
                for rb in [
                    r as u8,
                    b_in_col[cell % 9],
                    b_in_box[units_of(cell)[2] - 18],
                ] {
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
    for &peer in &PEER_CELLS[cell] {
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

/// Whether the givens alone force digit `d` into the empty `cell`.
fn is_forced(grid: &Grid, givens: &Givens, cell: usize, d: u8) -> bool {
    let bit = 1 << d;
    if givens.seen(cell) | bit == ALL {
        return true;
    }
    units_of(cell).into_iter().any(|u| {
        UNIT_CELLS[u].iter().all(|&other| {
            let other = other as usize;
            other == cell || grid.get(other) != 0 || givens.seen(other) & bit != 0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::random_solution;
    use super::super::symmetry::Symmetry;
    use super::*;

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

    /// From minimal puzzles with a few clues put back, so that taking one
    /// or two out leaves one solution about as often as not.
    #[test]
    fn stays_unique_agrees_with_counting() {
        let mut rng = Rng::new(11);
        let (mut unique, mut several) = (0, 0);
        for _ in 0..40 {
            let solution = random_solution(&mut rng);
            let (minimal, _) =
                remove_clues(&solution, &Groups::new(Symmetry::None), None, &mut rng);
            let mut dig = Digger::new(&solution);
            for i in 0..81u8 {
                if minimal.get(i.into()) == 0 {
                    dig.toggle(&[i]);
                }
            }
            assert_eq!(dig.puzzle, minimal);
            // Six of the removed clues back.
            for _ in 0..6 {
                let cell = rng.below(81) as u8;
                if dig.puzzle.get(cell.into()) == 0 {
                    dig.toggle(&[cell]);
                }
            }
            let puzzle = dig.puzzle;
            for _ in 0..30 {
                let mut group: Vec<u8> = (0..2).map(|_| rng.below(81) as u8).collect();
                group.dedup();
                group.retain(|&c| puzzle.get(c.into()) != 0);
                if group.is_empty() {
                    continue;
                }
                dig.toggle(&group);
                let count = count_solutions(&dig.puzzle, 2).unwrap().solutions;
                assert_eq!(dig.stays_unique(&group), count == 1, "{puzzle} {group:?}");
                if count == 1 {
                    unique += 1;
                } else {
                    several += 1;
                }
                dig.toggle(&group);
            }
            // From the full grid, removals keep uniqueness.
            let mut dig = Digger::new(&solution);
            dig.toggle(&[3, 77]);
            assert!(dig.stays_unique(&[3, 77]));
        }
        // Both answers are common.
        let all = unique + several;
        assert!(
            unique * 5 >= all && several * 5 >= all,
            "{unique} unique, {several} not"
        );
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
}
