//! Hints: what the player's position offers next. A hint never builds on
//! the player's mistakes: a digit the solution disagrees with, or notes
//! that leave out a cell's digit, is pointed out first, and a step is only
//! looked for on a board consistent with the solution. A hint is shown in
//! rungs, one per `H` (where to look, then what it finds, on the board);
//! the press after the last rung applies it. Steps are taken in the order a
//! person finds them ([`Order::Simple`]: singles first).

use sudokuflow::Grid;
use sudokuflow::logic::{ALL_DIGITS, Candidates, Options, Order, Step, Stepper, Technique};

use super::board::{Board, cell_name, sees};

/// What a hint offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offer {
    /// The explain engine's next step from the player's grid.
    Step(Step),
    /// The engine found no step within its budget (the position needs slow
    /// techniques, such as nested chains, or ones beyond it): one cell from
    /// the solution.
    Reveal { cell: usize, digit: u8 },
}

/// How much of a hint is shown. Each `H` climbs one rung; the press after
/// the last applies the hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rung {
    /// Where to look and what for: the technique, the digits and the house
    /// ([`Step::clue`]), lit with the cells it names; a revealed cell is
    /// named.
    Clue,
    /// What the step finds and why ([`Step::headline`]), its cells lit.
    Shown,
}

impl Rung {
    pub const FIRST: Rung = Rung::Clue;
}

/// A hint being shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub offer: Offer,
    pub rung: Rung,
}

impl Offer {
    /// The cells to highlight once the step is shown: the pattern's and
    /// those it places a digit in or takes notes from.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Offer::Step(step) => {
                let mut cells: Vec<usize> = step
                    .cells
                    .iter()
                    .map(|&c| usize::from(c))
                    .chain(step.focus.iter().map(|c| usize::from(c.cell)))
                    .chain(step.placements.iter().map(|c| usize::from(c.cell)))
                    .chain(step.eliminations.iter().map(|c| usize::from(c.cell)))
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                cells
            }
            Offer::Reveal { cell, .. } => vec![*cell],
        }
    }

    /// What the hint is, in a few words.
    pub fn name(&self) -> String {
        match self {
            Offer::Step(step) => step.technique.name().to_string(),
            Offer::Reveal { cell, .. } => format!("{} from the solution", cell_name(*cell)),
        }
    }

    /// What the step does and why, for auto-solve to tell: the step's
    /// headline (its cells, digits and reason), or the cell revealed.
    pub fn told(&self) -> String {
        match self {
            Offer::Step(step) => step.headline().to_string(),
            Offer::Reveal { cell, digit } => format!(
                "{} = {digit}, from the solution (no step found within the hint's budget)",
                cell_name(*cell)
            ),
        }
    }

    /// The technique and what it does, for the history: `Hidden Single:
    /// r9c6 = 4`, `Pointing: 2 notes removed`.
    pub fn summary(&self) -> String {
        let Offer::Step(step) = self else {
            return self.name();
        };
        let placed: Vec<String> = step
            .placements
            .iter()
            .map(|p| format!("{} = {}", cell_name(p.cell.into()), p.digit))
            .collect();
        let removed = match step.eliminations.len() {
            0 => String::new(),
            1 => "1 note removed".into(),
            n => format!("{n} notes removed"),
        };
        let what: Vec<String> = placed
            .into_iter()
            .chain([removed])
            .filter(|t| !t.is_empty())
            .collect();
        format!("{}: {}", step.technique.name(), what.join(", "))
    }
}

impl Hint {
    /// The next rung up, or `None` when the next press applies the hint (a
    /// revealed cell has one rung).
    pub fn next_rung(&self) -> Option<Rung> {
        match (&self.offer, self.rung) {
            (Offer::Step(_), Rung::Clue) => Some(Rung::Shown),
            _ => None,
        }
    }

    /// The cells lit on the board at this rung: at the clue, those it
    /// names (a naked single's cell, a wing's pivot), so they stand out in
    /// their lit houses.
    pub fn cells(&self) -> Vec<usize> {
        match (&self.offer, self.rung) {
            (Offer::Step(step), Rung::Clue) => step.clue_cells(),
            (offer, _) => offer.cells(),
        }
    }

    /// The cells of the houses the step looks at, lit from the first rung
    /// on: where to look.
    pub fn house_cells(&self) -> Vec<usize> {
        let Offer::Step(step) = &self.offer else {
            return Vec::new();
        };
        let mut cells: Vec<usize> = step
            .houses
            .iter()
            .flat_map(|h| h.cells())
            .map(usize::from)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Once a single is shown, the filled cells that make it: for a naked
    /// single a peer holding each other digit, for a hidden single a cell
    /// holding the digit that sees each other empty cell of the house
    /// (givens first). Empty for other steps.
    pub fn single_makers(&self, board: &Board) -> Vec<usize> {
        let (Offer::Step(step), Rung::Shown) = (&self.offer, self.rung) else {
            return Vec::new();
        };
        let Some(placed) = step.placements.first() else {
            return Vec::new();
        };
        let (cell, digit) = (usize::from(placed.cell), placed.digit);
        // Givens (and other filled cells) never change during a hint: the
        // first in reading order is as good as any.
        let holding = |d: u8, near: usize| {
            (0..81).find(|&p| board.cells[p] == d && sees(p, near) && p != near)
        };
        let mut cells: Vec<usize> = match step.technique {
            Technique::NakedSingle => (1..=9)
                .filter(|&d| d != digit)
                .filter_map(|d| holding(d, cell))
                .collect(),
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => step
                .houses
                .iter()
                .flat_map(|h| h.cells())
                .map(usize::from)
                .filter(|&x| x != cell && board.cells[x] == 0)
                .filter_map(|x| holding(digit, x))
                .collect(),
            _ => Vec::new(),
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The cells that only lose a candidate, once the step is shown: drawn
    /// apart from the pattern's cells and those given a digit.
    pub fn losing_cells(&self) -> Vec<usize> {
        let (Offer::Step(step), Rung::Shown) = (&self.offer, self.rung) else {
            return Vec::new();
        };
        let pattern = |cell: u8| {
            step.cells.contains(&cell)
                || step.focus.iter().any(|c| c.cell == cell)
                || step.placements.iter().any(|c| c.cell == cell)
        };
        let mut cells: Vec<usize> = step
            .eliminations
            .iter()
            .map(|e| e.cell)
            .filter(|&c| !pattern(c))
            .map(usize::from)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// What the status line says at the hint's rung; `again` names the key
    /// that climbs on (`H`, or `hint` in plain mode).
    pub fn message(&self, again: &str) -> String {
        match (&self.offer, self.rung) {
            (Offer::Step(step), Rung::Clue) => {
                format!("hint: {} ({again} again shows more)", step.clue())
            }
            (Offer::Step(step), Rung::Shown) => {
                format!("hint: {} ({again} again to apply)", step.headline())
            }
            (Offer::Reveal { cell, .. }, _) => format!(
                "hint: no step found within the hint's budget (it needs long or nested chains); {again} again reveals {} from the solution",
                cell_name(*cell)
            ),
        }
    }
}

/// What a hint finds on the player's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// This cell's digit is not the solution's.
    Wrong(usize),
    /// This cell's notes leave out the solution's digit.
    NotesMiss(usize),
    /// Two digits of a unit repeat (a puzzle without one solution).
    Conflict,
    Offer(Offer),
    /// Nothing to offer: solved, or no step on a puzzle without one solution.
    Nothing,
}

/// The hint's search: within [`Options::HINT_BUDGET`] (a key is answered
/// within a frame, and a board always gets the same hint), past which a
/// cell is revealed; steps in the order a person finds them.
fn options() -> Options {
    Options::default()
        .with_budget(Some(Options::HINT_BUDGET))
        .with_order(Order::Simple)
}

/// Looks at `board` as a hint does. With a solution, a wrong digit (the
/// cursor's first, else the first in reading order) or notes leaving out a
/// cell's digit come before any step; the step found is checked against
/// the solution, and where the engine finds none within its budget a cell
/// is revealed (the cursor's if empty, else the first empty one).
pub fn find(board: &Board, solution: Option<&Grid>, cursor: usize) -> Finding {
    if let Some(solution) = solution {
        let wrong = |cell: usize| board.cells[cell] != 0 && board.cells[cell] != solution.get(cell);
        let missed = |cell: usize| {
            board.cells[cell] == 0
                && board.notes[cell] != 0
                && board.notes[cell] & (1 << solution.get(cell)) == 0
        };
        let first = |bad: &dyn Fn(usize) -> bool| {
            std::iter::once(cursor).chain(0..81).find(|&cell| bad(cell))
        };
        if let Some(cell) = first(&wrong) {
            return Finding::Wrong(cell);
        }
        if let Some(cell) = first(&missed) {
            return Finding::NotesMiss(cell);
        }
    }
    let Some(candidates) = candidates(board) else {
        return Finding::Conflict;
    };
    if candidates.is_solved() {
        return Finding::Nothing;
    }
    // Uniqueness techniques only where the puzzle has one solution.
    let step = Stepper::new(candidates, solution.is_some(), &options()).next();
    match (step, solution) {
        (Some(step), Some(solution)) if agrees(&step, solution) => {
            Finding::Offer(Offer::Step(step))
        }
        (Some(step), None) => Finding::Offer(Offer::Step(step)),
        (_, Some(solution)) => {
            let cell = std::iter::once(cursor)
                .chain(0..81)
                .find(|&cell| board.cells[cell] == 0)
                .expect("an unsolved board has an empty cell");
            Finding::Offer(Offer::Reveal {
                cell,
                digit: solution.get(cell),
            })
        }
        (None, None) => Finding::Nothing,
    }
}

/// True when the step places only the solution's digits and takes away none
/// of them: on a board consistent with the solution every step does, and a
/// hint checks it all the same.
fn agrees(step: &Step, solution: &Grid) -> bool {
    step.placements
        .iter()
        .all(|p| solution.get(p.cell.into()) == p.digit)
        && step
            .eliminations
            .iter()
            .all(|e| solution.get(e.cell.into()) != e.digit)
}

/// The player's grid as the engine sees it: their digits, their notes as
/// the candidates of a cell, and every candidate of a cell without notes.
/// `None` when digits repeat in a unit.
pub fn candidates(board: &Board) -> Option<Candidates> {
    let grid = Grid::from_cells(board.cells)?;
    let marks = board.notes.map(|m| if m == 0 { ALL_DIGITS } else { m });
    Candidates::with_marks(&grid, &marks).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &[u8] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn start() -> (Board, Grid) {
        let puzzle = Grid::parse_line(PUZZLE).unwrap();
        let solution = sudokuflow::solve(&puzzle).unwrap().grid;
        let board = Board {
            cells: *puzzle.cells(),
            notes: [0; 81],
        };
        (board, solution)
    }

    #[test]
    fn mistakes_come_before_steps() {
        let (mut board, solution) = start();
        assert!(matches!(
            find(&board, Some(&solution), 2),
            Finding::Offer(Offer::Step(_))
        ));
        board.cells[2] = 1; // r1c3 is 4; 1 conflicts with nothing
        assert_eq!(find(&board, Some(&solution), 40), Finding::Wrong(2));
        board.cells[2] = 0;
        board.notes[2] = (1 << 1) | (1 << 2); // leaves out the 4
        assert_eq!(find(&board, Some(&solution), 40), Finding::NotesMiss(2));
        board.notes[2] |= 1 << 4;
        assert!(matches!(
            find(&board, Some(&solution), 2),
            Finding::Offer(Offer::Step(_))
        ));
        let solved = Board {
            cells: *solution.cells(),
            notes: [0; 81],
        };
        assert_eq!(find(&solved, Some(&solution), 0), Finding::Nothing);
    }

    #[test]
    fn the_cursors_mistake_is_named_first() {
        let (mut board, solution) = start();
        board.cells[2] = 1;
        board.cells[3] = 5; // r1c4 is 6
        assert_eq!(find(&board, Some(&solution), 3), Finding::Wrong(3));
        assert_eq!(find(&board, Some(&solution), 40), Finding::Wrong(2));
    }
}
