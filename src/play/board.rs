//! One moment of a game ([`Board`]: digits and pencil marks) and the move
//! that led to it ([`Move`]), as the history keeps them and a save file
//! stores them.

use serde::{Deserialize, Serialize};

/// One moment of the game: every cell's digit (givens included) and notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub cells: [u8; 81],
    /// Bit d set: the player noted digit d in that cell.
    pub notes: [u16; 81],
}

/// What made a state of the history from the one before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Move {
    /// The puzzle as given (the first state).
    Start,
    Place {
        cell: u8,
        digit: u8,
    },
    Clear {
        cell: u8,
    },
    /// A pencil mark added (`on`) or taken away.
    Note {
        cell: u8,
        digit: u8,
        on: bool,
    },
    ClearNotes {
        cell: u8,
    },
    FillNotes,
    /// A hint's step applied, by its technique.
    Hint {
        technique: String,
    },
    /// A cell from the solution, where the engine found no step.
    Reveal {
        cell: u8,
        digit: u8,
    },
    /// A step of the auto-solve animation.
    Auto {
        technique: String,
    },
    /// The notes cleared for auto-solve.
    AutoStart,
    /// The solution filled in at once (plain mode's `solve`).
    Solve,
    /// Back to the givens; the states before stay in the history.
    Restart,
}

/// `r3c5` for cell 22.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

impl Move {
    /// The move in a few words, for the history list: `r3c5 = 7`.
    pub fn describe(&self) -> String {
        let cell = |c: &u8| cell_name(usize::from(*c));
        match self {
            Move::Start => "start".into(),
            Move::Place { cell: c, digit } => format!("{} = {digit}", cell(c)),
            Move::Clear { cell: c } => format!("{} cleared", cell(c)),
            Move::Note {
                cell: c,
                digit,
                on: true,
            } => format!("note {} {digit}", cell(c)),
            Move::Note {
                cell: c,
                digit,
                on: false,
            } => format!("note {} {digit} removed", cell(c)),
            Move::ClearNotes { cell: c } => format!("notes of {} cleared", cell(c)),
            Move::FillNotes => "all notes filled".into(),
            Move::Hint { technique } => format!("hint: {technique}"),
            Move::Reveal { cell: c, digit } => format!("hint: {} = {digit} revealed", cell(c)),
            Move::Auto { technique } => format!("auto-solve: {technique}"),
            Move::AutoStart => "auto-solve started (notes cleared)".into(),
            Move::Solve => "solved by the computer".into(),
            Move::Restart => "restart".into(),
        }
    }

    /// True for a move the computer made without being asked step by step:
    /// a game it ends was solved by the computer.
    pub fn by_computer(&self) -> bool {
        matches!(self, Move::Auto { .. } | Move::AutoStart | Move::Solve)
    }
}

/// The 20 cells sharing a row, column or box with `cell`.
pub fn peers(cell: usize) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&j| j != cell && sees(cell, j))
}

/// True when `a` and `b` share a row, column or box (or are the same cell).
pub fn sees(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
}

/// The first repeated digit of `cells`, in words naming its cells: `two 5s
/// in row 1: r1c1, r1c2`; `None` when no row, column or box repeats one.
pub fn first_repeat(cells: &[u8; 81]) -> Option<String> {
    let houses = (0..27).map(|house| -> (String, Vec<usize>) {
        match house {
            0..9 => (
                format!("row {}", house + 1),
                (0..9).map(|c| house * 9 + c).collect(),
            ),
            9..18 => (
                format!("column {}", house - 8),
                (0..9).map(|r| r * 9 + house - 9).collect(),
            ),
            _ => {
                let b = house - 18;
                let first = b / 3 * 27 + b % 3 * 3;
                (
                    format!("box {}", b + 1),
                    (0..9).map(|i| first + i / 3 * 9 + i % 3).collect(),
                )
            }
        }
    });
    for (name, members) in houses {
        for digit in 1..=9 {
            let at: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&c| cells[c] == digit)
                .collect();
            if at.len() > 1 {
                let count = [
                    "", "", "two", "three", "four", "five", "six", "seven", "eight",
                ];
                let names: Vec<String> = at.iter().map(|&c| cell_name(c)).collect();
                let many = count.get(at.len()).copied().unwrap_or("nine");
                return Some(format!("{many} {digit}s in {name}: {}", names.join(", ")));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_say_what_they_did() {
        let cases = [
            (Move::Place { cell: 22, digit: 7 }, "r3c5 = 7"),
            (
                Move::Note {
                    cell: 22,
                    digit: 7,
                    on: true,
                },
                "note r3c5 7",
            ),
            (
                Move::Hint {
                    technique: "Pointing".into(),
                },
                "hint: Pointing",
            ),
            (Move::Clear { cell: 0 }, "r1c1 cleared"),
        ];
        for (m, text) in cases {
            assert_eq!(m.describe(), text);
        }
    }

    #[test]
    fn repeats_name_their_cells() {
        let mut cells = [0; 81];
        assert_eq!(first_repeat(&cells), None);
        cells[0] = 5;
        cells[1] = 5;
        assert_eq!(
            first_repeat(&cells).as_deref(),
            Some("two 5s in row 1: r1c1, r1c2")
        );
        let mut cells = [0; 81];
        cells[4] = 3;
        cells[40] = 3;
        assert_eq!(
            first_repeat(&cells).as_deref(),
            Some("two 3s in column 5: r1c5, r5c5")
        );
        let mut cells = [0; 81];
        cells[60] = 9;
        cells[70] = 9;
        assert_eq!(
            first_repeat(&cells).as_deref(),
            Some("two 9s in box 9: r7c7, r8c8")
        );
        assert_eq!(peers(40).count(), 20);
    }
}
