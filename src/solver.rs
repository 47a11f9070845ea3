//! The solver: first solution, and solution counting up to a limit.
//!
//! Representation: one 9-bit candidate mask per cell. Propagation applies naked
//! singles (a cell with one candidate) and hidden singles (a digit with one
//! place in a unit) until nothing changes; search branches on the unsolved cell
//! with the fewest candidates, copying the whole state onto an explicit stack,
//! so depth is bounded by the number of empty cells and nothing is allocated.

use crate::grid::Grid;

/// Why a puzzle has no solution to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub grid: Grid,
    pub guesses: u32,
}

/// How many solutions a puzzle has, up to the limit asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The number of solutions found; equal to the limit means "limit or more".
    pub solutions: u32,
    pub guesses: u32,
}

/// Solves `puzzle` to its first solution.
pub fn solve(puzzle: &Grid) -> Result<Solution, SolveError> {
    let mut first = None;
    let guesses = search(puzzle, 1, |g| first = Some(*g))?;
    first
        .map(|grid| Solution { grid, guesses })
        .ok_or(SolveError::NoSolution)
}

/// Counts the solutions of `puzzle`, stopping at `limit` (a limit of 2 is the
/// uniqueness check). Only [`SolveError::ConflictingGivens`] is returned as an
/// error; a puzzle without solution counts 0.
pub fn count_solutions(puzzle: &Grid, limit: u32) -> Result<Count, SolveError> {
    let mut solutions = 0;
    let guesses = search(puzzle, limit, |_| solutions += 1)?;
    Ok(Count { solutions, guesses })
}

const ALL: u16 = 0x3fe; // bits 1..=9

/// The 20 peers of every cell (same row, column or box, not itself).
static PEERS: [[u8; 20]; 81] = peers();

/// The 9 cells of every unit: rows 0-8, columns 9-17, boxes 18-26.
static UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
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
}

const fn peers() -> [[u8; 20]; 81] {
    let mut p = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_col = i % 9 == j % 9;
            let same_box = (i / 27 == j / 27) && ((i % 9) / 3 == (j % 9) / 3);
            if i != j && (same_row || same_col || same_box) {
                p[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    p
}

#[derive(Clone, Copy)]
struct State {
    cand: [u16; 81],
    /// Cells whose digit has been placed and removed from their peers.
    placed: u128,
}

struct Contradiction;

impl State {
    fn place(&mut self, cell: usize, bit: u16) -> Result<(), Contradiction> {
        self.cand[cell] = bit;
        self.placed |= 1 << cell;
        for &p in &PEERS[cell] {
            let c = &mut self.cand[p as usize];
            if *c & bit != 0 {
                *c &= !bit;
                if *c == 0 {
                    return Err(Contradiction);
                }
            }
        }
        Ok(())
    }

    /// Naked and hidden singles to a fixed point.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            let mut changed = false;
            for cell in 0..81 {
                let c = self.cand[cell];
                if self.placed & (1 << cell) == 0 && c.is_power_of_two() {
                    self.place(cell, c)?;
                    changed = true;
                }
            }
            for unit in &UNITS {
                let (mut once, mut twice) = (0u16, 0u16);
                for &cell in unit {
                    let c = self.cand[cell as usize];
                    twice |= once & c;
                    once |= c;
                }
                if once != ALL {
                    return Err(Contradiction);
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    // Two hidden singles in one cell leave the second without a place.
                    let cell = unit
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| self.cand[c] & bit != 0)
                        .ok_or(Contradiction)?;
                    if self.placed & (1 << cell) == 0 {
                        self.place(cell, bit)?;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn to_grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (v, &c) in cells.iter_mut().zip(&self.cand) {
            *v = c.trailing_zeros() as u8;
        }
        Grid::from_cells(cells).expect("solved cells are digits")
    }
}

/// Depth-first search reporting each solution to `found` until `limit` are
/// found. Returns the number of guesses made.
fn search(puzzle: &Grid, limit: u32, mut found: impl FnMut(&Grid)) -> Result<u32, SolveError> {
    if !puzzle.is_consistent() {
        return Err(SolveError::ConflictingGivens);
    }
    let mut start = State {
        cand: [ALL; 81],
        placed: 0,
    };
    let mut guesses = 0;
    let mut solutions = 0;
    if limit == 0 {
        return Ok(0);
    }
    let placed_ok = (0..81).all(|i| {
        let v = puzzle.get(i);
        v == 0 || (start.cand[i] & (1 << v) != 0 && start.place(i, 1 << v).is_ok())
    });
    if !placed_ok {
        return Ok(0);
    }
    // Binary branching: try one digit, push the state without it. Every frame
    // below the top stands for one guessed cell, so 81 frames always suffice.
    let mut frames = [start; 81];
    let mut depth = 1;
    while depth > 0 {
        depth -= 1;
        let mut state = frames[depth];
        loop {
            if state.propagate().is_err() {
                break;
            }
            // Minimum remaining values: the unplaced cell with the fewest candidates.
            let mut best = None;
            let mut best_count = 10;
            for cell in 0..81 {
                if state.placed & (1 << cell) == 0 {
                    let n = state.cand[cell].count_ones();
                    if n < best_count {
                        best_count = n;
                        best = Some(cell);
                    }
                }
            }
            let Some(cell) = best else {
                found(&state.to_grid());
                solutions += 1;
                if solutions == limit {
                    return Ok(guesses);
                }
                break;
            };
            guesses += 1;
            let c = state.cand[cell];
            let bit = c & c.wrapping_neg();
            let mut without = state;
            without.cand[cell] &= !bit;
            frames[depth] = without;
            depth += 1;
            if state.place(cell, bit).is_err() {
                break;
            }
        }
    }
    Ok(guesses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_judge_sample() {
        let p: Grid =
            "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3."
                .parse()
                .unwrap();
        let s = solve(&p).unwrap();
        assert_eq!(
            s.grid.to_string(),
            "416837529982465371735129468571298643293746185864351297647913852359682714128574936"
        );
        assert_eq!(count_solutions(&p, 2).unwrap().solutions, 1);
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        assert_eq!(count_solutions(&Grid::EMPTY, 5).unwrap().solutions, 5);
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
        // Row 0 holds 1-8 and column 8 holds a 9 lower down: cell 8 has no candidate.
        let mut g = Grid::EMPTY;
        for d in 1..=8 {
            g.set(d as usize - 1, d);
        }
        g.set(9 * 4 + 8, 9);
        assert_eq!(solve(&g), Err(SolveError::NoSolution));
        assert_eq!(count_solutions(&g, 2).unwrap().solutions, 0);
    }
}
