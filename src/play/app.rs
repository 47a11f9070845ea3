//! The game state and its rules: board, cursor, entries, pencil marks, undo
//! and redo over a full history of named moves, hints, check and conflicts,
//! the play time (on a clock the game is given), the lock once solved, and
//! which overlay is open. No drawing, no terminal and no files here: front
//! ends feed [`Key`]s or call the methods, read the state back, and act on
//! the [`Outcome`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use sudokuflow::Grid;
use sudokuflow::logic::{ALL_DIGITS, Level, Step};

use super::board::{Board, Move, cell_name, peers};
use super::clock::{self, SharedClock, Timer};
use super::hint::{self, Finding, Hint, Offer, Rung};
use super::keys::{self, Command};
use super::rating::{self, Rated};
use super::settings::{Setting, Settings};
use super::stats::{AwaitingLevel, Recorded};

/// A key as the game understands it, independent of the terminal library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    Backspace,
    Delete,
    Enter,
    Esc,
    CtrlR,
}

/// What the front end should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Continue,
    /// `s`: save the game.
    Save,
    /// End the program, saving the game first or not.
    Quit {
        save: bool,
    },
    /// Save this game and start a new one of the level.
    NewGame(Level),
    /// Save this game and show the start screen.
    Menu,
    /// The settings changed: keep them.
    Settings,
}

/// Which front end the game is played in: messages name its keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    Screen,
    Plain,
}

/// A question the game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// `q` with moves not saved: save and quit, quit, or go back.
    Quit,
    /// `N`: which level.
    NewGame,
    /// `R`: back to the givens?
    Restart,
}

/// What is drawn over the board and takes the keys first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    /// The history list, this state selected (and previewed on the board).
    History {
        selected: usize,
    },
    Settings {
        selected: usize,
    },
    /// The solved dialog, until dismissed.
    Solved,
    Ask(Question),
}

/// One state of the history and the move that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Board,
    pub by: Move,
}

/// The auto-solve animation: one hint applied per tick.
pub struct AutoSolve {
    /// Time between steps.
    pub delay: Duration,
}

/// A game in progress.
pub struct App {
    pub puzzle: Grid,
    /// The unique solution, when the puzzle has one.
    pub solution: Option<Grid>,
    /// The puzzle's rating and level, when it has one solution, worked out
    /// in the background.
    pub rating: Rated,
    /// Every state since the start; `at` is the one played on.
    pub history: Vec<State>,
    pub at: usize,
    pub cursor: usize,
    pub pencil: bool,
    /// A hint being shown, not applied yet.
    pub hint: Option<Hint>,
    /// Cells marked wrong by the last check or hint.
    pub wrong: Vec<usize>,
    pub hints_used: u32,
    pub mistakes: u32,
    /// A message for the status line.
    pub message: String,
    /// Where the puzzle came from, e.g. `sudoku1.txt #3` or `new hard game`.
    pub source: String,
    /// The file and puzzle number (from 1), for a puzzle from a file.
    pub file: Option<(PathBuf, usize)>,
    pub timer: Timer,
    /// Space: the timer stops and the board is hidden.
    pub paused: bool,
    /// The terminal is too small for the board: the timer stops.
    pub hidden: bool,
    pub overlay: Option<Overlay>,
    /// `a`: the auto-solve animation in progress.
    pub autosolve: Option<AutoSolve>,
    pub settings: Settings,
    /// `v`: at 80x24, the small board with the notes of the cursor's box in
    /// the panel, in place of the board with notes in its cells.
    pub notes_in_panel: bool,
    /// Changed since it was last saved (or loaded).
    pub dirty: bool,
    /// The save file it was resumed from, if any.
    pub loaded_from: Option<PathBuf>,
    pub front: Front,
    /// The game's one count in the statistics is taken (once solved):
    /// written, or waiting in `awaiting_level`; a game counts once. Kept
    /// in its save as `counted`.
    pub count_taken: bool,
    /// What counting it did, for the solved screen: cleared when undone.
    pub count_news: Option<Recorded>,
    /// Solved before its level was known: how it ended, to be counted
    /// once the level is known.
    pub awaiting_level: Option<AwaitingLevel>,
    /// What counting it did when the level came while the game was
    /// undone: for the solved screen when it is solved again.
    pub counted_while_undone: Option<Recorded>,
}

impl App {
    /// A new game on `puzzle`, cursor on the first empty cell, its time
    /// counted on `clock`.
    pub fn new(puzzle: Grid, clock: SharedClock) -> App {
        App::with_rating(puzzle, clock, None)
    }

    /// [`App::new`], with the puzzle's rating when it is known or under way
    /// (a list rated it), else rated now.
    pub fn with_rating(puzzle: Grid, clock: SharedClock, rated: Option<Rated>) -> App {
        let solution = match sudokuflow::count_solutions(&puzzle, 2) {
            Ok(count) if count.solutions == 1 => sudokuflow::solve(&puzzle).ok().map(|s| s.grid),
            _ => None,
        };
        // With the default budget, the rating `rate` gives: seconds on the
        // hardest puzzles, so the game starts meanwhile.
        let rating = rated.unwrap_or_else(|| Rated::start(puzzle, solution.is_some()));
        let board = Board {
            cells: *puzzle.cells(),
            notes: [0; 81],
        };
        let cursor = puzzle.cells().iter().position(|&v| v == 0).unwrap_or(0);
        let mut app = App {
            puzzle,
            solution,
            rating,
            history: vec![State {
                board,
                by: Move::Start,
            }],
            at: 0,
            cursor,
            pencil: false,
            hint: None,
            wrong: Vec::new(),
            hints_used: 0,
            mistakes: 0,
            message: String::new(),
            source: String::new(),
            file: None,
            timer: Timer::new(clock, Duration::ZERO),
            paused: false,
            hidden: false,
            overlay: None,
            autosolve: None,
            settings: Settings::default(),
            notes_in_panel: false,
            dirty: false,
            loaded_from: None,
            front: Front::Screen,
            count_taken: false,
            count_news: None,
            awaiting_level: None,
            counted_while_undone: None,
        };
        app.after_change();
        app.dirty = false;
        app
    }

    /// Notes that the puzzle is the `number`-th of `file`.
    pub fn set_file(&mut self, file: &Path, number: usize) {
        self.source = format!("{} #{number}", file.display());
        self.file = Some((file.to_path_buf(), number));
    }

    /// Time played so far.
    pub fn elapsed(&self) -> Duration {
        self.timer.elapsed()
    }

    /// The level and rating in words (`easy, 1.2`), or why there is none.
    pub fn level_text(&self) -> String {
        match self.rating.get() {
            Some(Some(rating)) => rating::words(rating),
            Some(None) => "unrated (not one solution)".into(),
            None => "being rated...".into(),
        }
    }

    /// The key or command for `command` in this front end.
    pub fn key_name(&self, command: Command) -> String {
        keys::name(self.front, command)
    }

    /// The key or command that clears `cell`.
    fn clear_key(&self, cell: usize) -> String {
        match self.front {
            Front::Screen => self.key_name(Command::Clear),
            Front::Plain => format!("{} 0", cell_name(cell)),
        }
    }

    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.run_clock();
    }

    /// The front end says whether the board can be seen: not on a terminal
    /// too small for it, where the clock stops.
    pub fn set_hidden(&mut self, hidden: bool) {
        if self.hidden != hidden {
            self.hidden = hidden;
            self.run_clock();
        }
    }

    /// Runs the clock while the board is played: not while paused, hidden,
    /// under the help or the settings, or once solved.
    fn run_clock(&mut self) {
        let covered = matches!(self.overlay, Some(Overlay::Help | Overlay::Settings { .. }));
        if self.paused || self.hidden || covered || self.is_solved() {
            self.timer.stop();
        } else {
            self.timer.start();
        }
    }

    /// The state played on.
    pub fn board(&self) -> &Board {
        &self.history[self.at].board
    }

    /// The state to draw: the one selected in the history list, else the
    /// one played on.
    pub fn shown(&self) -> &Board {
        match self.overlay {
            Some(Overlay::History { selected }) => &self.history[selected].board,
            _ => self.board(),
        }
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.puzzle.get(cell) != 0
    }

    /// True when every cell is filled and no unit repeats a digit.
    pub fn is_solved(&self) -> bool {
        let grid = Grid::from_cells(self.board().cells).expect("digits 0..=9");
        grid.is_full() && grid.is_consistent()
    }

    /// True when the last move, which solved the board, was the computer's.
    pub fn solved_by_computer(&self) -> bool {
        self.is_solved() && self.history[self.at].by.by_computer()
    }

    /// Cells whose digit also appears elsewhere in one of their units.
    pub fn conflicts(&self) -> Vec<usize> {
        let cells = &self.shown().cells;
        (0..81)
            .filter(|&i| cells[i] != 0 && peers(i).any(|j| cells[j] == cells[i]))
            .collect()
    }

    /// How many of each digit, 1 to 9, the board shown still lacks (none
    /// once nine are placed, right or wrong).
    pub fn digits_left(&self) -> [u8; 9] {
        let mut left = [9u8; 9];
        for &digit in self.shown().cells.iter().filter(|&&d| d != 0) {
            let count = &mut left[usize::from(digit) - 1];
            *count = count.saturating_sub(1);
        }
        left
    }

    /// The cells drawn as wrong: those the last check or hint marked, and,
    /// with the setting on, every digit the solution disagrees with.
    pub fn wrong_cells(&self) -> Vec<usize> {
        let mut cells = self.wrong.clone();
        if self.settings.mark_wrong
            && let Some(solution) = &self.solution
        {
            let board = self.shown();
            cells.extend((0..81).filter(|&i| {
                !self.is_given(i) && board.cells[i] != 0 && board.cells[i] != solution.get(i)
            }));
            cells.sort_unstable();
            cells.dedup();
        }
        cells
    }

    /// True once a move was made: a game without one is not worth a save
    /// (it would only pile up beside the others).
    pub fn has_moves(&self) -> bool {
        self.history.len() > 1
    }

    /// The front end saved the game.
    pub fn saved(&mut self) {
        self.dirty = false;
    }

    /// Handles one key; the clock stops or runs again as the help or the
    /// settings open and close.
    pub fn key(&mut self, key: Key) -> Outcome {
        let outcome = self.dispatch(key);
        self.run_clock();
        outcome
    }

    fn dispatch(&mut self, key: Key) -> Outcome {
        if self.paused {
            self.toggle_pause();
            return Outcome::Continue;
        }
        if let Some(overlay) = self.overlay {
            return self.overlay_key(overlay, key);
        }
        if let Some(auto) = &mut self.autosolve {
            match key {
                Key::Char('+') => auto.delay = (auto.delay / 2).max(Duration::from_millis(10)),
                Key::Char('-') => auto.delay = (auto.delay * 2).min(Duration::from_secs(5)),
                _ => {
                    self.autosolve = None;
                    self.message = "auto-solve stopped".into();
                }
            }
            return Outcome::Continue;
        }
        self.game_key(key)
    }

    fn overlay_key(&mut self, overlay: Overlay, key: Key) -> Outcome {
        match overlay {
            Overlay::Help => self.overlay = None,
            Overlay::History { selected } => {
                let last = self.history.len() - 1;
                let page = 10;
                let to = match key {
                    Key::Up | Key::Char('k') => selected.saturating_sub(1),
                    Key::Down | Key::Char('j') => (selected + 1).min(last),
                    Key::PageUp => selected.saturating_sub(page),
                    Key::PageDown => (selected + page).min(last),
                    Key::Home => 0,
                    Key::End => last,
                    Key::Enter => {
                        self.overlay = None;
                        self.go_to(selected);
                        return Outcome::Continue;
                    }
                    Key::Esc | Key::Char('t' | 'q') => {
                        self.overlay = None;
                        return Outcome::Continue;
                    }
                    _ => selected,
                };
                self.overlay = Some(Overlay::History { selected: to });
            }
            Overlay::Settings { selected } => {
                let last = Setting::ALL.len() - 1;
                match key {
                    Key::Up | Key::Char('k') => {
                        self.overlay = Some(Overlay::Settings {
                            selected: selected.saturating_sub(1),
                        });
                    }
                    Key::Down | Key::Char('j') => {
                        self.overlay = Some(Overlay::Settings {
                            selected: (selected + 1).min(last),
                        });
                    }
                    Key::Enter | Key::Char(' ') => {
                        let setting = Setting::ALL[selected];
                        let on = !self.settings.get(setting);
                        self.settings.set(setting, on);
                        return Outcome::Settings;
                    }
                    Key::Esc | Key::Char('o' | 'q') => self.overlay = None,
                    _ => {}
                }
            }
            Overlay::Solved => {
                self.overlay = None;
                // Esc and Enter only close it; other keys go on to the game.
                if !matches!(key, Key::Esc | Key::Enter) {
                    return self.game_key(key);
                }
            }
            Overlay::Ask(question) => return self.answer(question, key),
        }
        Outcome::Continue
    }

    fn answer(&mut self, question: Question, key: Key) -> Outcome {
        let close = |app: &mut App| {
            app.overlay = None;
            app.message.clear();
        };
        match (question, key) {
            (_, Key::Esc) => close(self),
            (Question::Quit, Key::Char('y' | 'Y') | Key::Enter) => {
                return Outcome::Quit { save: true };
            }
            (Question::Quit, Key::Char('n' | 'N')) => return Outcome::Quit { save: false },
            (Question::NewGame, Key::Char(c @ '1'..='5')) => {
                close(self);
                let level = Level::ALL[usize::from(c as u8 - b'1')];
                return Outcome::NewGame(level);
            }
            (Question::Restart, Key::Char('y' | 'Y') | Key::Enter) => {
                close(self);
                self.restart();
            }
            (Question::Restart, Key::Char('n' | 'N')) => close(self),
            _ => {}
        }
        Outcome::Continue
    }

    /// Asks `question`, with its text on the status line.
    pub fn ask(&mut self, question: Question) {
        self.overlay = Some(Overlay::Ask(question));
        self.message = match question {
            Question::Quit => {
                "Quit? y saves the game and quits, n quits without saving, Esc goes back".into()
            }
            Question::NewGame => {
                "New game: 1 easy, 2 medium, 3 hard, 4 expert, 5 hell (this one is saved); Esc goes back"
                    .into()
            }
            Question::Restart => format!(
                "Restart from the givens? y restarts ({} brings the moves back), n or Esc goes back",
                self.key_name(Command::Undo)
            ),
        };
    }

    /// A key with no overlay open: its command in the key table.
    fn game_key(&mut self, key: Key) -> Outcome {
        let Some(command) = keys::command(key) else {
            return Outcome::Continue;
        };
        if command.refused_when_solved() && self.is_solved() {
            self.refuse_when_solved();
            return Outcome::Continue;
        }
        match command {
            Command::Close => {
                // Closes what is shown, and nothing else.
                self.hint = None;
                self.wrong.clear();
                self.message.clear();
            }
            Command::History => self.overlay = Some(Overlay::History { selected: self.at }),
            Command::Help => self.overlay = Some(Overlay::Help),
            Command::Settings => self.overlay = Some(Overlay::Settings { selected: 0 }),
            Command::NotesView => self.notes_in_panel = !self.notes_in_panel,
            Command::Move { rows, cols } => self.move_cursor(rows, cols),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Pencil => {
                self.pencil = !self.pencil;
                self.message = format!("pencil marks {}", if self.pencil { "on" } else { "off" });
            }
            Command::Save => return Outcome::Save,
            Command::Quit => {
                if self.dirty && !self.is_solved() {
                    self.ask(Question::Quit);
                } else {
                    return Outcome::Quit { save: true };
                }
            }
            Command::QuitNow => return Outcome::Quit { save: true },
            Command::Menu => return Outcome::Menu,
            Command::NewGame => self.ask(Question::NewGame),
            Command::AutoSolve => self.start_autosolve(),
            Command::Pause => self.toggle_pause(),
            Command::Place => {
                if let Key::Char(c @ '1'..='9') = key {
                    let digit = c as u8 - b'0';
                    if self.pencil {
                        self.toggle_note(self.cursor, digit);
                    } else {
                        self.place(self.cursor, digit);
                    }
                }
            }
            Command::Clear => self.clear(self.cursor),
            Command::FillNotes => self.fill_notes(),
            Command::Hint => self.hint(),
            Command::Check => self.check(),
            Command::Restart => self.ask(Question::Restart),
            // Plain mode's own: no key runs them.
            Command::Note
            | Command::Stats
            | Command::Solve
            | Command::Set
            | Command::SaveOver
            | Command::Abandon => {}
        }
        Outcome::Continue
    }

    /// Says why a solved board refuses a move.
    fn refuse_when_solved(&mut self) {
        self.message = format!(
            "The puzzle is solved: {} undoes the last move, {} starts a new game, {} quits",
            self.key_name(Command::Undo),
            self.key_name(Command::NewGame),
            self.key_name(Command::Quit)
        );
    }

    /// Moves the cursor, wrapping at the edges.
    pub fn move_cursor(&mut self, rows: i32, cols: i32) {
        let row = (self.cursor / 9) as i32;
        let col = (self.cursor % 9) as i32;
        self.cursor = ((row + rows).rem_euclid(9) * 9 + (col + cols).rem_euclid(9)) as usize;
    }

    /// Refuses a move on a solved board, saying so; true if refused.
    fn locked(&mut self) -> bool {
        let solved = self.is_solved();
        if solved {
            self.refuse_when_solved();
        }
        solved
    }

    /// Puts `digit` in `cell`; placing removes that digit from the notes
    /// of the cell's row, column and box. Givens stay locked.
    pub fn place(&mut self, cell: usize, digit: u8) {
        if digit == 0 {
            return self.clear(cell);
        }
        if self.locked() {
            return;
        }
        if self.is_given(cell) {
            self.message = format!("{} is a given", cell_name(cell));
            return;
        }
        let mut board = self.board().clone();
        if board.cells[cell] == digit {
            return;
        }
        board.cells[cell] = digit;
        board.notes[cell] = 0;
        for peer in peers(cell) {
            board.notes[peer] &= !(1 << digit);
        }
        if self.solution.is_some_and(|s| s.get(cell) != digit) {
            self.mistakes = self.mistakes.saturating_add(1);
        }
        self.message.clear();
        self.push(
            board,
            Move::Place {
                cell: cell as u8,
                digit,
            },
        );
    }

    /// Clears `cell`'s digit, or, when it has none, its notes.
    pub fn clear(&mut self, cell: usize) {
        if self.locked() {
            return;
        }
        if self.is_given(cell) {
            self.message = format!("{} is a given", cell_name(cell));
            return;
        }
        let mut board = self.board().clone();
        let by = if board.cells[cell] != 0 {
            self.give_back_notes(&mut board, cell);
            board.cells[cell] = 0;
            Move::Clear { cell: cell as u8 }
        } else if board.notes[cell] != 0 {
            board.notes[cell] = 0;
            Move::ClearNotes { cell: cell as u8 }
        } else {
            return;
        };
        self.message.clear();
        self.push(board, by);
    }

    /// Puts back on `board` the notes that placing `cell`'s digit (and any
    /// digit it replaced) took away, as undoing it would: the cell's notes
    /// when it was last empty, and each digit placed there since in the
    /// notes of the peers that are still empty and see no other copy of
    /// it. Notes the player changed since are left as they are.
    fn give_back_notes(&self, board: &mut Board, cell: usize) {
        let states = &self.history[..=self.at];
        let Some(empty) = states.iter().rposition(|s| s.board.cells[cell] == 0) else {
            return;
        };
        board.notes[cell] = states[empty].board.notes[cell];
        for pair in states[empty..].windows(2) {
            let (before, after) = (&pair[0].board, &pair[1].board);
            let digit = after.cells[cell];
            if digit == 0 || digit == before.cells[cell] {
                continue;
            }
            let bit = 1 << digit;
            for peer in peers(cell) {
                let removed = before.notes[peer] & bit != 0 && after.notes[peer] & bit == 0;
                let free = board.cells[peer] == 0
                    && peers(peer).all(|p| p == cell || board.cells[p] != digit);
                if removed && free {
                    board.notes[peer] |= bit;
                }
            }
        }
    }

    /// Adds or takes away the note `digit` of an empty cell; says why on a
    /// given or a filled cell.
    pub fn toggle_note(&mut self, cell: usize, digit: u8) {
        if self.locked() {
            return;
        }
        let filled = self.board().cells[cell];
        if self.is_given(cell) {
            self.message = format!("{} is a given: no notes there", cell_name(cell));
            return;
        }
        if filled != 0 {
            self.message = format!(
                "{} holds a {filled}: clear it ({}) to note there",
                cell_name(cell),
                self.clear_key(cell)
            );
            return;
        }
        let mut board = self.board().clone();
        board.notes[cell] ^= 1 << digit;
        let on = board.notes[cell] & (1 << digit) != 0;
        self.message.clear();
        self.push(
            board,
            Move::Note {
                cell: cell as u8,
                digit,
                on,
            },
        );
    }

    /// Notes every candidate of every empty cell.
    pub fn fill_notes(&mut self) {
        if self.locked() {
            return;
        }
        let mut board = self.board().clone();
        for cell in 0..81 {
            if board.cells[cell] == 0 {
                let taken = peers(cell).fold(0u16, |m, p| m | 1 << board.cells[p]);
                board.notes[cell] = ALL_DIGITS & !taken;
            }
        }
        self.push(board, Move::FillNotes);
    }

    /// Back to the givens, as a move: undo brings the game back.
    pub fn restart(&mut self) {
        let board = Board {
            cells: *self.puzzle.cells(),
            notes: [0; 81],
        };
        self.autosolve = None;
        self.push(board, Move::Restart);
        self.message = format!(
            "restarted from the givens ({} brings the moves back)",
            self.key_name(Command::Undo)
        );
    }

    /// Makes `board` the new current state, dropping any redo states; the
    /// message of the state before goes.
    fn push(&mut self, board: Board, by: Move) {
        self.message.clear();
        self.history.truncate(self.at + 1);
        self.history.push(State { board, by });
        self.at += 1;
        self.after_change();
    }

    /// After the board changed: the hint and marks go; the clock stops at
    /// the move that solves the board and runs again when a move (an undo)
    /// reopens it.
    fn after_change(&mut self) {
        self.hint = None;
        self.wrong.clear();
        self.dirty = true;
        if self.is_solved() {
            self.autosolve = None;
            self.overlay = Some(Overlay::Solved);
            self.message.clear();
        } else if self.overlay == Some(Overlay::Solved) {
            self.overlay = None;
        }
        self.run_clock();
    }

    pub fn undo(&mut self) {
        self.go_to(self.at.saturating_sub(1));
    }

    pub fn redo(&mut self) {
        self.go_to((self.at + 1).min(self.history.len() - 1));
    }

    /// Returns to any state in the history; later states stay for redo.
    pub fn go_to(&mut self, index: usize) {
        if index < self.history.len() && index != self.at {
            self.at = index;
            self.message.clear();
            self.after_change();
        }
    }

    /// Climbs the hint's ladder: the first press looks at the position
    /// (pointing out a mistake first, see [`hint::find`]) and says where to
    /// look, the second shows what the step finds, and the third applies
    /// it.
    pub fn hint(&mut self) {
        if self.locked() {
            return;
        }
        let again = self.key_name(Command::Hint);
        if let Some(hint) = &mut self.hint {
            match hint.next_rung() {
                Some(rung) => {
                    hint.rung = rung;
                    self.message = hint.message(&again);
                }
                None => {
                    let offer = hint.offer.clone();
                    self.apply_offer(&offer, false);
                    // The end of the game says it all.
                    if !self.is_solved() {
                        self.message = match offer {
                            Offer::Step(step) => format!("applied: {}", step.text),
                            Offer::Reveal { cell, digit } => {
                                format!("revealed from the solution: {} = {digit}", cell_name(cell))
                            }
                        };
                    }
                }
            }
            return;
        }
        match hint::find(self.board(), self.solution.as_ref(), self.cursor) {
            Finding::Wrong(cell) => {
                // The cursor goes to it, so the key named clears this cell.
                self.wrong = vec![cell];
                self.cursor = cell;
                self.message = format!(
                    "{} is not right: the solution disagrees ({} clears it, {} undoes)",
                    cell_name(cell),
                    self.clear_key(cell),
                    self.key_name(Command::Undo)
                );
            }
            Finding::NotesMiss(cell) => {
                self.wrong = vec![cell];
                self.message = format!(
                    "the notes of {} leave out the digit the solution has there",
                    cell_name(cell)
                );
            }
            Finding::Conflict => {
                self.message = "hint: first fix the conflicting digits".into();
            }
            Finding::Offer(offer) => {
                self.hints_used = self.hints_used.saturating_add(1);
                let hint = Hint {
                    offer,
                    rung: Rung::FIRST,
                };
                self.message = hint.message(&again);
                self.hint = Some(hint);
            }
            Finding::Nothing if self.solution.is_none() => {
                self.message = "hint: this puzzle has no unique solution".into();
            }
            Finding::Nothing => self.message = "hint: no logical step found from here".into(),
        }
    }

    /// Applies a hint's step (its placements and eliminations) or revealed
    /// cell as one move.
    fn apply_offer(&mut self, offer: &Offer, auto: bool) {
        let technique = offer.summary();
        let by = match (offer, auto) {
            (_, true) => Move::Auto { technique },
            (Offer::Step(_), false) => Move::Hint { technique },
            (&Offer::Reveal { cell, digit }, false) => Move::Reveal {
                cell: cell as u8,
                digit,
            },
        };
        match offer {
            Offer::Step(step) => self.apply(step, by),
            &Offer::Reveal { cell, digit } => {
                let mut board = self.board().clone();
                place_on(&mut board, cell, digit);
                self.push(board, by);
            }
        }
    }

    /// Applies a step's placements and eliminations as one move.
    fn apply(&mut self, step: &Step, by: Move) {
        let mut board = self.board().clone();
        let candidates = hint::candidates(&board);
        for p in &step.placements {
            place_on(&mut board, p.cell.into(), p.digit);
        }
        for e in &step.eliminations {
            let cell = usize::from(e.cell);
            // Cells without notes stand for all their candidates: write
            // them out before taking one away.
            if board.notes[cell] == 0 {
                board.notes[cell] = candidates.as_ref().map_or(ALL_DIGITS, |c| c.mask(cell));
            }
            board.notes[cell] &= !(1 << e.digit);
        }
        self.push(board, by);
    }

    /// Starts the animation from the player's digits. Each tick applies the
    /// next hint, so a key is answered at once whatever the puzzle.
    pub fn start_autosolve(&mut self) {
        if self.locked() {
            return;
        }
        let Some(solution) = self.solution else {
            self.message = "auto-solve: this puzzle has no unique solution".into();
            return;
        };
        let cells = self.board().cells;
        let wrong: Vec<usize> = (0..81)
            .filter(|&i| cells[i] != 0 && cells[i] != solution.get(i))
            .collect();
        if !wrong.is_empty() {
            self.message = format!(
                "auto-solve: first fix {} wrong digit{} ({} marks them)",
                wrong.len(),
                if wrong.len() == 1 { "" } else { "s" },
                self.key_name(Command::Check)
            );
            return;
        }
        // Notes would hide the engine's eliminations: start clean.
        let mut board = self.board().clone();
        board.notes = [0; 81];
        self.push(board, Move::AutoStart);
        self.autosolve = Some(AutoSolve {
            delay: Duration::from_millis(300),
        });
    }

    /// One animation step; the animation ends with the solved grid.
    pub fn tick(&mut self) {
        if self.autosolve.is_none() {
            return;
        }
        match hint::find(self.board(), self.solution.as_ref(), self.cursor) {
            Finding::Offer(offer) => {
                self.apply_offer(&offer, true);
                if !self.is_solved() {
                    self.message = format!("auto-solve: {}", offer.told());
                }
            }
            _ => self.autosolve = None,
        }
    }

    /// Marks entries that differ from the solution, and notes that leave
    /// out a cell's digit.
    pub fn check(&mut self) {
        if self.locked() {
            return;
        }
        let Some(solution) = self.solution else {
            self.message = "check: this puzzle has no unique solution".into();
            return;
        };
        let board = self.board();
        let wrong: Vec<usize> = (0..81)
            .filter(|&i| board.cells[i] != 0 && board.cells[i] != solution.get(i))
            .collect();
        let missed: Vec<usize> = (0..81)
            .filter(|&i| {
                board.cells[i] == 0
                    && board.notes[i] != 0
                    && board.notes[i] & (1 << solution.get(i)) == 0
            })
            .collect();
        let named: Vec<String> = missed
            .iter()
            .map(|&i| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
            .collect();
        self.message = match (wrong.len(), missed.len()) {
            (0, 0) => "check: no mistakes so far".into(),
            (n, 0) => format!("check: {n} wrong"),
            (n, 1) => format!(
                "check: {n} wrong; the notes of {} leave out its digit",
                named[0]
            ),
            (n, m) => format!(
                "check: {n} wrong; the notes of {m} cells leave out their digit: {}",
                named.join(" ")
            ),
        };
        self.wrong = wrong.into_iter().chain(missed).collect();
    }

    /// Fills the solution in as one move, the computer's.
    pub fn solve(&mut self) {
        if self.locked() {
            return;
        }
        let Some(solution) = self.solution else {
            self.message = "solve: this puzzle has no unique solution".into();
            return;
        };
        self.push(
            Board {
                cells: *solution.cells(),
                notes: [0; 81],
            },
            Move::Solve,
        );
    }

    /// What the end of the game says: time, and who solved it.
    pub fn end_message(&self) -> String {
        let time = clock::format(self.elapsed());
        if self.solved_by_computer() {
            format!("Solved by the computer after {time} of play.")
        } else {
            format!("Solved in {time}!")
        }
    }
}

/// Puts `digit` in `cell` of `board`, and takes it out of its peers' notes.
fn place_on(board: &mut Board, cell: usize, digit: u8) {
    board.cells[cell] = digit;
    board.notes[cell] = 0;
    for peer in peers(cell) {
        board.notes[peer] &= !(1 << digit);
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::play::board::sees;
    use crate::play::clock::ManualClock;
    use std::sync::Arc;

    pub const PUZZLE: &[u8] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// A game on `puzzle` whose clock moves only when the test says.
    pub fn app_on(puzzle: &[u8]) -> (App, Arc<ManualClock>) {
        let clock = ManualClock::new();
        let app = App::new(Grid::parse_line(puzzle).unwrap(), clock.clone());
        (app, clock)
    }

    fn app() -> App {
        app_on(PUZZLE).0
    }

    /// Types each key of `keys`.
    pub fn keys(app: &mut App, keys: &str) {
        for c in keys.chars() {
            app.key(Key::Char(c));
        }
    }

    #[test]
    fn opens_on_first_empty_cell_and_wraps() {
        let mut app = app();
        assert_eq!(app.cursor, 2);
        app.key(Key::Up);
        assert_eq!(app.cursor, 72 + 2);
        app.key(Key::Char('l'));
        app.key(Key::Right);
        app.key(Key::Right);
        app.key(Key::Right);
        assert_eq!(app.cursor, 72 + 6);
        for _ in 0..3 {
            app.key(Key::Right);
        }
        assert_eq!(app.cursor, 72);
    }

    #[test]
    fn givens_are_locked_and_conflicts_mark_both_cells() {
        let mut app = app();
        app.place(0, 9);
        assert_eq!(app.board().cells[0], 5);
        app.key(Key::Char('5')); // r1c3: 5 already in r1c1
        assert_eq!(app.conflicts(), vec![0, 2]);
        assert_eq!(app.mistakes, 1);
        app.key(Key::Delete);
        assert!(app.conflicts().is_empty());
    }

    /// Item 12 of issue 34: clearing a digit gives back the notes placing
    /// it took away, as undo does, but not notes changed since.
    #[test]
    fn clearing_a_digit_gives_back_the_notes_it_removed() {
        let mut app = app();
        keys(&mut app, "F");
        let filled = app.board().clone();
        keys(&mut app, "n1n"); // r1c3's notes 1 2 4 lose the 1 ...
        keys(&mut app, "1"); // ... and r1c3 = 1, wrong (it is 4)
        let placed = app.board().clone();
        let had_one = |board: &Board| {
            peers(2)
                .filter(|&p| board.notes[p] & (1 << 1) != 0)
                .collect::<Vec<_>>()
        };
        assert!(!had_one(&filled).is_empty() && had_one(&placed).is_empty());
        // A peer filled meanwhile gets no note back.
        let solution = app.solution.unwrap();
        let kept_off = had_one(&filled)
            .into_iter()
            .find(|&p| solution.get(p) != 1)
            .expect("a peer whose digit is not 1");
        app.place(kept_off, solution.get(kept_off));
        app.cursor = 2;
        keys(&mut app, "0");
        let mut expected: Vec<usize> = had_one(&filled);
        expected.retain(|&p| p != kept_off);
        assert_eq!(had_one(app.board()), expected);
        assert_eq!(app.board().notes[2], filled.notes[2] & !(1 << 1));
        assert_eq!(app.history[app.at].by, Move::Clear { cell: 2 });
        // A digit placed over another, then cleared: the cell's notes from
        // when it was empty, and both digits' notes in its peers, return.
        keys(&mut app, "u");
        keys(&mut app, "2");
        assert_eq!(app.board().cells[2], 2);
        keys(&mut app, "0");
        assert_eq!(app.board().notes[2], filled.notes[2] & !(1 << 1));
        assert_eq!(had_one(app.board()), expected);
        // Once a 1 stands in a peer's unit, that peer gets no 1 back.
        let mut app = super::tests::app();
        keys(&mut app, "F1");
        let with_one = app.board().clone();
        let peer = peers(2)
            .find(|&p| with_one.cells[p] == 0 && p / 9 == 1)
            .expect("an empty peer in row 2");
        let other = (9..18)
            .find(|&c| c != peer && with_one.cells[c] == 0 && !sees(c, 2))
            .expect("a cell of row 2 not seeing r1c3");
        app.place(other, 1);
        app.cursor = 2;
        keys(&mut app, "0");
        assert_eq!(app.board().notes[peer] & (1 << 1), 0);
    }

    #[test]
    fn undo_redo_and_history_jump() {
        let mut app = app();
        app.key(Key::Char('4'));
        app.key(Key::Right);
        app.key(Key::Char('2'));
        app.key(Key::Char('u'));
        assert_eq!(app.board().cells[3], 0);
        app.key(Key::CtrlR);
        assert_eq!(app.board().cells[3], 2);
        app.go_to(0);
        assert_eq!(app.board().cells[2], 0);
        app.key(Key::Char('U'));
        app.key(Key::Char('U'));
        assert_eq!((app.board().cells[2], app.board().cells[3]), (4, 2));
        app.go_to(1);
        app.place(40, 5); // a new move drops the redo states
        assert_eq!(app.history.len(), 3);
        assert_eq!(app.board().cells[3], 0);
    }

    #[test]
    fn notes_toggle_fill_clear_and_say_why_they_are_refused() {
        let mut app = app();
        keys(&mut app, "n141");
        assert_eq!(app.board().notes[2], 1 << 4);
        app.key(Key::Char('F'));
        // r1c3 sees 5,3,7,6,9,8: candidates 1,2,4.
        assert_eq!(app.board().notes[2], 0b10110);
        let had_four = peers(2)
            .filter(|&p| app.board().notes[p] & (1 << 4) != 0)
            .count();
        assert!(had_four > 0);
        // 0, Delete and Backspace clear an empty cell's notes.
        for clear in [Key::Char('0'), Key::Delete, Key::Backspace] {
            app.key(Key::Char('F'));
            app.key(clear);
            assert_eq!(app.board().notes[2], 0, "{clear:?}");
            assert_eq!(app.history[app.at].by, Move::ClearNotes { cell: 2 });
        }
        app.key(Key::Char('F'));
        keys(&mut app, "n4");
        assert_eq!(app.board().notes[2], 0);
        assert!(peers(2).all(|p| app.board().notes[p] & (1 << 4) == 0));
        assert_ne!(app.board().notes[18] & (1 << 2), 0, "r3c1 keeps its 2");
        // Notes on a given or a filled cell are refused, saying why.
        keys(&mut app, "n");
        let before = app.history.len();
        keys(&mut app, "1");
        assert_eq!(app.message, "r1c3 holds a 4: clear it (0) to note there");
        app.key(Key::Left);
        keys(&mut app, "1");
        assert_eq!(app.message, "r1c2 is a given: no notes there");
        assert_eq!(app.history.len(), before);
    }

    #[test]
    fn hint_says_where_then_shows_then_applies_and_check_marks_wrong_entries() {
        let mut app = app();
        let before = app.history.len();
        app.key(Key::Char('H'));
        let Some(Hint {
            offer: Offer::Step(step),
            rung: Rung::Clue,
        }) = app.hint.clone()
        else {
            panic!("a step from the engine: {:?}", app.hint);
        };
        // First where to look (technique, digit, house), lit with the
        // cells the clue names.
        assert_eq!(
            app.message,
            format!("hint: {} (H again shows more)", step.clue())
        );
        assert!(step.clue().contains(step.technique.name()));
        assert_eq!(app.hint.as_ref().unwrap().cells(), step.clue_cells());
        // Then what it finds and why, its cells lit.
        app.key(Key::Char('H'));
        assert_eq!(app.hint.as_ref().unwrap().rung, Rung::Shown);
        assert_eq!(
            app.message,
            format!("hint: {} (H again to apply)", step.headline())
        );
        let lit = app.hint.as_ref().unwrap().cells();
        assert!(step.placements.iter().all(|p| lit.contains(&p.cell.into())));
        assert_eq!(app.history.len(), before, "nothing applied yet");
        // Then applied.
        app.key(Key::Char('H'));
        assert_eq!(app.history.len(), before + 1);
        for p in &step.placements {
            assert_eq!(app.board().cells[usize::from(p.cell)], p.digit);
        }
        let p = &step.placements[0];
        assert_eq!(
            app.history[app.at].by.describe(),
            format!(
                "hint: {}: {} = {}",
                step.technique.name(),
                cell_name(p.cell.into()),
                p.digit
            )
        );
        assert_eq!(app.hints_used, 1);
        app.place(2, 1); // r1c3 is 4
        app.check();
        assert_eq!(app.wrong, vec![2]);
    }

    #[test]
    fn esc_dismisses_a_hint_and_never_quits() {
        let mut app = app();
        app.key(Key::Char('H'));
        assert!(app.hint.is_some());
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        assert!(app.hint.is_none() && app.message.is_empty());
        app.key(Key::Char('?'));
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        assert_eq!(app.overlay, None);
        app.key(Key::Char('t'));
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        assert_eq!(app.overlay, None);
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        app.solve();
        assert_eq!(app.overlay, Some(Overlay::Solved));
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        assert_eq!(app.overlay, None);
    }

    #[test]
    fn q_asks_when_the_game_is_unsaved_and_capital_q_quits_at_once() {
        let mut app = app();
        assert_eq!(app.key(Key::Char('q')), Outcome::Quit { save: true });
        keys(&mut app, "4");
        assert_eq!(app.key(Key::Char('q')), Outcome::Continue);
        assert_eq!(app.overlay, Some(Overlay::Ask(Question::Quit)));
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        assert_eq!(app.overlay, None);
        assert_eq!(app.board().cells[2], 4, "the game goes on");
        app.key(Key::Char('q'));
        assert_eq!(app.key(Key::Char('n')), Outcome::Quit { save: false });
        app.key(Key::Esc);
        app.key(Key::Char('q'));
        assert_eq!(app.key(Key::Char('y')), Outcome::Quit { save: true });
        app.key(Key::Esc);
        assert_eq!(app.key(Key::Char('Q')), Outcome::Quit { save: true });
        app.saved();
        assert_eq!(app.key(Key::Char('q')), Outcome::Quit { save: true });
    }

    /// Item 4 of issue 28: after a wrong digit, `H` `H` `H` never places a
    /// second one: the hint names the wrong cell first.
    #[test]
    fn hints_never_build_on_a_wrong_digit() {
        let mut app = app();
        app.place(2, 1); // r1c3 is 4; 1 conflicts with nothing
        assert!(app.conflicts().is_empty());
        let before = app.board().clone();
        keys(&mut app, "HHH");
        assert_eq!(app.board(), &before, "nothing applied");
        assert_eq!(app.wrong, vec![2]);
        assert!(
            app.message
                .starts_with("r1c3 is not right: the solution disagrees"),
            "{}",
            app.message
        );
        assert_eq!(app.hints_used, 0);
        app.clear(2);
        keys(&mut app, "HHH");
        assert_eq!(app.hints_used, 1);
        let solution = app.solution.unwrap();
        let board = app.board();
        assert!((0..81).all(|c| board.cells[c] == 0 || board.cells[c] == solution.get(c)));
    }

    /// Items 5 and 7 of issue 34: the mistake hint takes the cursor to the
    /// wrong cell, so the key it names clears that one; on a puzzle with
    /// several solutions a hint says so.
    #[test]
    fn mistake_hint_moves_the_cursor_and_several_solutions_are_named() {
        let mut app = app();
        app.place(2, 1);
        app.cursor = 80;
        keys(&mut app, "H");
        assert_eq!(app.cursor, 2);
        keys(&mut app, "0");
        assert_eq!(app.board().cells[2], 0);
        let several = Grid::parse_line(&[b'.'; 81]).unwrap();
        let mut open = App::new(several, ManualClock::new());
        keys(&mut open, "H");
        assert_eq!(open.message, "hint: this puzzle has no unique solution");
    }

    /// Over many random wrong digits on an expert puzzle, a hint's three
    /// presses never place a digit the solution disagrees with.
    #[test]
    fn hints_after_a_mistake_never_add_one_on_an_expert_puzzle() {
        let puzzle = crate::play::source::new_game(Level::Expert, 5).unwrap();
        let solution = sudokuflow::solve(&puzzle).unwrap().grid;
        let mut tries = 0;
        for cell in (0..81).filter(|&c| puzzle.get(c) == 0) {
            for digit in 1..=9 {
                let mut app = App::new(puzzle, ManualClock::new());
                if digit == solution.get(cell) {
                    continue;
                }
                app.place(cell, digit);
                if !app.conflicts().is_empty() {
                    continue;
                }
                tries += 1;
                keys(&mut app, "HHH");
                let wrong = (0..81)
                    .filter(|&c| {
                        app.board().cells[c] != 0 && app.board().cells[c] != solution.get(c)
                    })
                    .count();
                assert_eq!(wrong, 1, "r{}c{} = {digit}", cell / 9 + 1, cell % 9 + 1);
                assert_eq!(app.wrong, vec![cell]);
            }
            if tries >= 25 {
                break;
            }
        }
        assert!(tries >= 25, "{tries} tries");
    }

    #[test]
    fn notes_that_leave_out_the_digit_are_pointed_out_first() {
        let mut app = app();
        keys(&mut app, "n12"); // r1c3's notes 1 2; it is 4
        keys(&mut app, "n");
        keys(&mut app, "H");
        assert_eq!(app.wrong, vec![2]);
        assert!(
            app.message.contains("notes of r1c3 leave out"),
            "{}",
            app.message
        );
        assert!(app.hint.is_none());
    }

    /// The first puzzle of `forum_hardest_11plus.txt` (ER 11+): past its
    /// singles it needs nested chains, which take the engine far longer
    /// than a hint's budget.
    const NESTED: &[u8] =
        b"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2";

    #[test]
    fn hint_reveals_a_cell_where_the_engine_finds_no_step() {
        let (mut app, _) = app_on(NESTED);
        let solution = app.solution.expect("one solution");
        // Up to the first position the engine can't crack, hints are steps;
        // then a cell from the solution, named as such, and never a failure.
        let mut revealed = false;
        for _ in 0..200 {
            if app.is_solved() {
                break;
            }
            app.key(Key::Char('H'));
            let hint = app.hint.clone().expect("a hint on every unsolved position");
            if let Offer::Reveal { cell, digit } = hint.offer {
                revealed = true;
                assert_eq!(digit, solution.get(cell));
                assert!(app.message.contains("from the solution"), "{}", app.message);
                assert_eq!(hint.cells(), vec![cell]);
            }
            // Up the ladder until it is applied: two more presses at most.
            for _ in 0..2 {
                if app.hint.is_some() {
                    app.key(Key::Char('H'));
                }
            }
            assert!(app.hint.is_none(), "applied");
            let board = app.board();
            assert!(
                (0..81).all(|c| board.cells[c] == 0 || board.cells[c] == solution.get(c)),
                "every step applied agrees with the solution"
            );
        }
        assert!(revealed, "this puzzle needs a revealed cell");
        assert!(app.is_solved());
        assert!(!app.solved_by_computer(), "the player's, with hints");
        assert_eq!(app.board().cells, *solution.cells());
    }

    #[test]
    fn autosolve_finishes_a_puzzle_beyond_the_engine() {
        let (mut app, _) = app_on(NESTED);
        app.key(Key::Char('a'));
        for _ in 0..400 {
            app.tick();
        }
        assert!(app.is_solved() && app.autosolve.is_none());
        assert!(app.solved_by_computer());
        assert!(app.end_message().starts_with("Solved by the computer"));
    }

    #[test]
    fn autosolve_refuses_wrong_digits() {
        let mut app = app();
        app.place(2, 1); // r1c3 is 4
        app.key(Key::Char('a'));
        assert!(app.autosolve.is_none());
        assert!(app.message.contains("1 wrong digit "), "{}", app.message);
    }

    /// The CPU time this thread has used: unlike the wall clock, it does
    /// not count the time other processes of a busy machine take.
    fn thread_cpu_time() -> Duration {
        // SAFETY: clock_gettime writes into the timespec we own.
        let mut ts: libc::timespec = unsafe { std::mem::zeroed() };
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }

    /// Plays each of `puzzles` to the end by `H` alone, drawing the screen
    /// and taking the snapshot for signals after each key as the full
    /// screen does, and prints the CPU time a key took: mean and worst.
    fn measure_keys(name: &str, puzzles: Vec<Grid>) {
        let (mut keys, mut total, mut worst) = (0u32, Duration::ZERO, Duration::ZERO);
        for puzzle in puzzles {
            let mut app = App::new(puzzle, ManualClock::new());
            let backend = ratatui::backend::TestBackend::new(120, 40);
            let mut terminal = ratatui::Terminal::new(backend).unwrap();
            // Hell games take about 220 keys: far more means H is stuck.
            for _ in 0..5000 {
                if app.is_solved() {
                    break;
                }
                let start = thread_cpu_time();
                app.key(Key::Char('H'));
                terminal
                    .draw(|f| crate::play::ui::draw(f, &app, true))
                    .unwrap();
                // The full screen keeps a snapshot for signals.
                crate::play::save::encode(&app);
                let took = thread_cpu_time() - start;
                (keys, total, worst) = (keys + 1, total + took, worst.max(took));
                if took > Duration::from_millis(16) {
                    println!("  over 16 ms: {took:.2?} {}", app.message);
                }
            }
            assert!(app.is_solved(), "{name}: H alone does not finish {puzzle}");
        }
        let mean = total / keys.max(1);
        println!("{name:<22} {keys:5} H keys  CPU mean {mean:>10.2?}  worst {worst:>10.2?}");
    }

    /// Measures, asserts nothing about time: how much CPU time `H`, drawing
    /// the screen and the snapshot for signals take (hint named, then
    /// applied) over whole games on the first 20 puzzles of
    /// `forum_hardest_11plus.txt` and on new games of each level. Run with
    /// `SUDOKUFLOW_DATA=... cargo test -p sudokuflow-cli --lib key_latency -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, run by hand (minutes of CPU)"]
    fn key_latency() {
        let data = std::env::var("SUDOKUFLOW_DATA").expect("SUDOKUFLOW_DATA");
        let text = std::fs::read_to_string(format!("{data}/forum_hardest_11plus.txt")).unwrap();
        for level in Level::ALL {
            let games = (0..5)
                .map(|seed| crate::play::source::new_game(level, seed).unwrap())
                .collect();
            measure_keys(&format!("new {level} games x5"), games);
        }
        let hardest = text.lines().take(20);
        let hardest = hardest.map(|l| Grid::parse_line(l.as_bytes()).unwrap());
        measure_keys("forum hardest x20", hardest.collect());
    }

    /// `key_latency`'s measurement, which is too long for every run, on one
    /// new game of each level: it must keep working.
    #[test]
    fn key_latency_measures_one_game_a_level() {
        for level in Level::ALL {
            let game = crate::play::source::new_game(level, 0).unwrap();
            measure_keys(&format!("new {level} game"), vec![game]);
        }
    }

    #[test]
    fn pause_stops_the_timer_and_any_key_resumes() {
        let (mut app, clock) = app_on(PUZZLE);
        clock.advance(Duration::from_secs(3));
        app.key(Key::Char(' '));
        assert!(app.paused);
        clock.advance(Duration::from_secs(60));
        assert_eq!(app.elapsed(), Duration::from_secs(3));
        app.key(Key::Char('5'));
        assert!(!app.paused);
        assert_eq!(app.board().cells[2], 0, "the resuming key does not play");
        clock.advance(Duration::from_secs(1));
        assert_eq!(app.elapsed(), Duration::from_secs(4));
    }

    /// Item 15 of issue 34: the clock stops under the help and the
    /// settings, and while the terminal is too small for the board.
    #[test]
    fn the_clock_stops_under_help_settings_and_a_small_terminal() {
        let (mut app, clock) = app_on(PUZZLE);
        clock.advance(Duration::from_secs(10));
        for open in ['?', 'o'] {
            app.key(Key::Char(open));
            clock.advance(Duration::from_secs(60));
            assert_eq!(app.elapsed(), Duration::from_secs(10), "{open}");
            app.key(Key::Esc);
            assert_eq!(app.overlay, None);
        }
        clock.advance(Duration::from_secs(1));
        assert_eq!(app.elapsed(), Duration::from_secs(11));
        app.set_hidden(true);
        clock.advance(Duration::from_secs(60));
        assert_eq!(app.elapsed(), Duration::from_secs(11));
        app.set_hidden(false);
        clock.advance(Duration::from_secs(1));
        assert_eq!(app.elapsed(), Duration::from_secs(12));
        // The history leaves it running: the game is still on the board.
        app.key(Key::Char('t'));
        clock.advance(Duration::from_secs(1));
        assert_eq!(app.elapsed(), Duration::from_secs(13));
    }

    /// Item 15 of issue 34: `v` chooses where notes are drawn, and Esc,
    /// which closes what is shown, keeps that choice; the level is in
    /// words; auto-solve tells each step's cell, digit and reason.
    #[test]
    fn esc_keeps_where_notes_are_drawn_and_autosolve_tells_its_steps() {
        let mut app = app();
        keys(&mut app, "v");
        assert!(app.notes_in_panel);
        app.key(Key::Esc);
        assert!(app.notes_in_panel);
        keys(&mut app, "v");
        assert!(!app.notes_in_panel);
        app.rating.wait();
        assert_eq!(app.level_text(), "easy, 1.2");
        app.key(Key::Char('a'));
        app.tick();
        let Move::Auto { .. } = app.history[app.at].by else {
            panic!("an auto-solve step: {:?}", app.history[app.at].by);
        };
        let placed = (0..81)
            .find(|&c| app.board().cells[c] != app.history[app.at - 1].board.cells[c])
            .expect("a digit placed");
        let told = format!("{} = {}", cell_name(placed), app.board().cells[placed]);
        assert!(app.message.starts_with("auto-solve: "), "{}", app.message);
        assert!(app.message.contains(&told), "{told}: {}", app.message);
        // The reason follows: "the only place for 8 in box 2", say.
        assert!(
            app.message.contains(&format!("{told}, the only ")),
            "the reason: {}",
            app.message
        );
    }

    /// Item 2 of issue 28: the time stops at the move that solves the
    /// board, and runs again if an undo reopens it.
    #[test]
    fn the_clock_stops_at_the_solving_move() {
        let (mut app, clock) = app_on(PUZZLE);
        clock.advance(Duration::from_secs(125));
        app.solve();
        clock.advance(Duration::from_secs(5));
        assert_eq!(app.elapsed(), Duration::from_secs(125));
        assert_eq!(
            app.end_message(),
            "Solved by the computer after 2:05 of play."
        );
        app.undo();
        clock.advance(Duration::from_secs(5));
        assert_eq!(app.elapsed(), Duration::from_secs(130));
        // The player's own last digit.
        let solution = app.solution.unwrap();
        for cell in 0..81 {
            if app.board().cells[cell] == 0 {
                app.place(cell, solution.get(cell));
            }
        }
        clock.advance(Duration::from_secs(5));
        assert_eq!(app.end_message(), "Solved in 2:10!");
    }

    /// Item 3 of issue 28: once solved, digits, clears and notes do
    /// nothing; undo reopens the game.
    #[test]
    fn a_solved_board_is_locked() {
        let mut app = app();
        app.solve();
        let solved = app.history.len();
        app.key(Key::Esc); // the dialog
        for key in [
            Key::Char('1'),
            Key::Char('0'),
            Key::Delete,
            Key::Char('F'),
            Key::Char('H'),
        ] {
            assert_eq!(app.key(key), Outcome::Continue);
            assert_eq!(app.history.len(), solved, "{key:?}");
            assert!(app.message.starts_with("The puzzle is solved"), "{key:?}");
        }
        keys(&mut app, "n1");
        assert_eq!((app.history.len(), app.mistakes), (solved, 0));
        // A digit key with the dialog open closes it and does nothing else.
        app.undo();
        app.redo();
        assert_eq!(app.overlay, Some(Overlay::Solved));
        keys(&mut app, "7");
        assert_eq!((app.history.len(), app.overlay), (solved, None));
        app.key(Key::Char('u'));
        assert!(!app.is_solved(), "undo reopens the game");
        app.key(Key::Char('t'));
        assert!(matches!(app.overlay, Some(Overlay::History { .. })));
    }

    #[test]
    fn autosolve_steps_to_the_solution_and_any_key_stops_it() {
        let mut app = app();
        app.key(Key::Char('a'));
        app.key(Key::Char('+'));
        assert_eq!(
            app.autosolve.as_ref().unwrap().delay,
            Duration::from_millis(150)
        );
        app.tick();
        assert!(app.message.starts_with("auto-solve: "));
        app.key(Key::Char('x'));
        assert!(app.autosolve.is_none() && !app.is_solved());
        app.key(Key::Char('a'));
        for _ in 0..200 {
            app.tick();
        }
        assert!(app.is_solved() && app.autosolve.is_none());
    }

    /// Item 10 of issue 28: the history names each move, previews the
    /// selected state, and pages with Home, End, PgUp and PgDn.
    #[test]
    fn history_names_moves_previews_and_pages() {
        let mut app = app();
        keys(&mut app, "4");
        keys(&mut app, "ln26n");
        keys(&mut app, "HHH");
        let named: Vec<String> = app.history.iter().map(|s| s.by.describe()).collect();
        assert_eq!(
            named[..4],
            ["start", "r1c3 = 4", "note r1c4 2", "note r1c4 6"]
        );
        assert!(named[4].starts_with("hint: "), "{named:?}");
        app.key(Key::Char('t'));
        assert_eq!(app.overlay, Some(Overlay::History { selected: 4 }));
        app.key(Key::Home);
        assert_eq!(app.shown().cells[2], 0, "the preview shows the start");
        assert_eq!(app.board().cells[2], 4, "the game is where it was");
        app.key(Key::End);
        assert_eq!(app.overlay, Some(Overlay::History { selected: 4 }));
        app.key(Key::PageUp);
        assert_eq!(app.overlay, Some(Overlay::History { selected: 0 }));
        app.key(Key::PageDown);
        assert_eq!(app.overlay, Some(Overlay::History { selected: 4 }));
        app.key(Key::Up);
        app.key(Key::Up);
        app.key(Key::Enter);
        assert_eq!((app.at, app.overlay), (2, None));
        app.key(Key::Char('U'));
        assert_eq!(app.board().notes[3], 1 << 2 | 1 << 6);
    }

    #[test]
    fn restart_is_a_move_undo_takes_back() {
        let mut app = app();
        keys(&mut app, "4R");
        assert_eq!(app.overlay, Some(Overlay::Ask(Question::Restart)));
        keys(&mut app, "y");
        assert_eq!(app.board().cells, *app.puzzle.cells());
        assert_eq!(app.history[app.at].by, Move::Restart);
        keys(&mut app, "u");
        assert_eq!(app.board().cells[2], 4);
    }

    #[test]
    fn new_game_asks_the_level() {
        let mut app = app();
        keys(&mut app, "N");
        assert!(app.message.starts_with("New game: 1 easy"));
        assert_eq!(app.key(Key::Char('4')), Outcome::NewGame(Level::Expert));
        keys(&mut app, "N");
        assert_eq!(app.key(Key::Esc), Outcome::Continue);
        assert_eq!(app.overlay, None);
        assert_eq!(app.key(Key::Char('m')), Outcome::Menu);
    }

    #[test]
    fn settings_toggle() {
        let mut app = app();
        keys(&mut app, "o");
        assert_eq!(app.key(Key::Enter), Outcome::Settings);
        assert!(!app.settings.show_mistakes);
        app.key(Key::Down);
        app.key(Key::Char(' '));
        assert!(!app.settings.highlight_same);
        app.key(Key::Esc);
        assert_eq!(app.overlay, None);
    }

    #[test]
    fn plain_messages_name_plain_commands() {
        let mut app = app();
        app.front = Front::Plain;
        app.hint();
        assert!(
            app.message.contains("(hint again shows more)"),
            "{}",
            app.message
        );
        app.hint();
        assert!(
            app.message.contains("(hint again to apply)"),
            "{}",
            app.message
        );
    }
}
