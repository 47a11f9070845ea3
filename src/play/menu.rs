//! The start screen's state: new game by level, open a file (its `.txt`
//! files, `sudoku*.txt` first), choose a puzzle inside it (checked and
//! rated, problems listed with line numbers), resume the saved game, quit.
//! Takes [`Key`]s like the [`App`]; `ui` draws it.

use std::path::{Path, PathBuf};

use sudokuflow::logic::Level;

use super::app::{App, Key};
use super::save;
use super::source::{self, Entry};

/// Which list the start screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Main,
    Files,
    Puzzles,
}

/// An item of the main list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    New(Level),
    OpenFile,
    Resume,
    Quit,
}

/// The main list, in order.
pub const CHOICES: [Choice; 8] = [
    Choice::New(Level::Easy),
    Choice::New(Level::Medium),
    Choice::New(Level::Hard),
    Choice::New(Level::Expert),
    Choice::New(Level::Hell),
    Choice::OpenFile,
    Choice::Resume,
    Choice::Quit,
];

impl Choice {
    pub fn label(self) -> String {
        match self {
            Choice::New(level) => format!("New {level} game"),
            Choice::OpenFile => "Open a file".into(),
            Choice::Resume => "Resume the saved game".into(),
            Choice::Quit => "Quit".into(),
        }
    }
}

/// What the front end should do after a key.
pub enum MenuOutcome {
    Continue,
    Start(Box<App>),
    Quit,
}

pub struct Menu {
    pub page: Page,
    /// The selected row of the page shown.
    pub selected: usize,
    /// The folder's puzzle files (the Files page).
    pub files: Vec<PathBuf>,
    /// The file opened (the Puzzles page), its puzzles, and their ratings
    /// (rated as they come into view).
    pub file: Option<PathBuf>,
    pub entries: Vec<Entry>,
    pub ratings: Vec<Option<String>>,
    /// A one-line message, e.g. why a puzzle can't be played.
    pub message: String,
    folder: PathBuf,
    /// The seed of a new game.
    seed: u64,
}

impl Menu {
    /// The start screen on the main list; files come from `folder`.
    pub fn new(folder: &Path, seed: u64) -> Menu {
        Menu {
            page: Page::Main,
            selected: 0,
            files: Vec::new(),
            file: None,
            entries: Vec::new(),
            ratings: Vec::new(),
            message: String::new(),
            folder: folder.to_path_buf(),
            seed,
        }
    }

    /// The start screen on the puzzle list of `path` (`play FILE`).
    pub fn with_file(path: &Path, seed: u64) -> anyhow::Result<Menu> {
        let folder = path.parent().unwrap_or(Path::new("."));
        let mut menu = Menu::new(folder, seed);
        menu.open(path)?;
        Ok(menu)
    }

    fn open(&mut self, path: &Path) -> anyhow::Result<()> {
        self.entries = source::open_file(path)?;
        self.ratings = vec![None; self.entries.len()];
        self.file = Some(path.to_path_buf());
        self.page = Page::Puzzles;
        self.selected = 0;
        let problems = self.entries.iter().filter(|e| !e.playable).count();
        self.message = match (self.entries.len(), problems) {
            (0, _) => "no puzzles in this file".into(),
            (n, 0) => format!("{n} puzzles, all playable"),
            (n, p) => format!("{n} puzzles; {p} can't be played (see their lines)"),
        };
        Ok(())
    }

    /// Rows on the page shown.
    pub fn len(&self) -> usize {
        match self.page {
            Page::Main => CHOICES.len(),
            Page::Files => self.files.len(),
            Page::Puzzles => self.entries.len(),
        }
    }

    /// Rates the puzzles not rated yet on the page of `rows` lines that
    /// shows the selection: the front end calls it before drawing.
    pub fn rate_around(&mut self, rows: usize) {
        if self.page != Page::Puzzles {
            return;
        }
        let first = self.selected.saturating_sub(rows.saturating_sub(1));
        let last = (first + rows).min(self.entries.len());
        for i in first..last {
            if self.ratings[i].is_none() {
                self.ratings[i] = Some(source::rating_text(&self.entries[i]));
            }
        }
    }

    pub fn key(&mut self, key: Key) -> MenuOutcome {
        let len = self.len();
        match key {
            Key::Up | Key::Char('k') if len > 0 => self.selected = (self.selected + len - 1) % len,
            Key::Down | Key::Char('j') if len > 0 => self.selected = (self.selected + 1) % len,
            Key::Enter => return self.enter(),
            Key::Esc | Key::Char('q') | Key::Backspace => match self.page {
                Page::Main => return MenuOutcome::Quit,
                Page::Files => self.go_main(),
                Page::Puzzles => self.go_files(),
            },
            _ => {}
        }
        MenuOutcome::Continue
    }

    fn go_main(&mut self) {
        self.page = Page::Main;
        self.selected = 0;
        self.message.clear();
    }

    fn go_files(&mut self) {
        self.files = source::puzzle_files(&self.folder);
        self.page = Page::Files;
        self.selected = 0;
        self.message = if self.files.is_empty() {
            format!("no .txt files in {}", self.folder.display())
        } else {
            String::new()
        };
    }

    fn enter(&mut self) -> MenuOutcome {
        match self.page {
            Page::Main => match CHOICES[self.selected] {
                Choice::New(level) => {
                    let seed = self.seed;
                    match source::new_game(level, seed) {
                        Ok(puzzle) => {
                            let mut app = App::new(puzzle);
                            app.source = format!("new {level} game, seed {seed}");
                            return MenuOutcome::Start(Box::new(app));
                        }
                        Err(e) => self.message = format!("new game: {e:#}"),
                    }
                }
                Choice::OpenFile => self.go_files(),
                Choice::Resume => match save::load() {
                    Ok(app) => return MenuOutcome::Start(Box::new(app)),
                    Err(e) => self.message = format!("{e:#}"),
                },
                Choice::Quit => return MenuOutcome::Quit,
            },
            Page::Files => {
                if let Some(path) = self.files.get(self.selected).cloned()
                    && let Err(e) = self.open(&path)
                {
                    self.message = format!("{e:#}");
                }
            }
            Page::Puzzles => {
                let Some(entry) = self.entries.get(self.selected) else {
                    return MenuOutcome::Continue;
                };
                let problem = entry.problem.clone().unwrap_or_default();
                match entry.puzzle.filter(|_| entry.playable) {
                    Some(puzzle) => {
                        let mut app = App::new(puzzle);
                        let file = self.file.as_deref().unwrap_or(Path::new(""));
                        app.set_file(file, self.selected + 1);
                        if entry.problem.is_some() {
                            app.message = format!("warning: {problem}");
                        }
                        return MenuOutcome::Start(Box::new(app));
                    }
                    None => {
                        self.message =
                            format!("line {}: {problem}; it can't be played", entry.line);
                    }
                }
            }
        }
        MenuOutcome::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    const GOOD: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let conflict = GOOD.replacen("53", "55", 1);
        let several = ".".repeat(81);
        fs::write(
            dir.path().join("sudoku1.txt"),
            format!("# my puzzles\n{GOOD}\nnot a puzzle\n{conflict}\n{several}\n"),
        )
        .unwrap();
        fs::write(dir.path().join("a.txt"), format!("{GOOD}\n")).unwrap();
        fs::write(dir.path().join("b.md"), "").unwrap();
        dir
    }

    fn started(outcome: MenuOutcome) -> Box<App> {
        match outcome {
            MenuOutcome::Start(app) => app,
            _ => panic!("expected a game to start"),
        }
    }

    #[test]
    fn main_list_wraps_and_quits() {
        let dir = folder();
        let mut menu = Menu::new(dir.path(), 1);
        menu.key(Key::Up);
        assert_eq!(CHOICES[menu.selected], Choice::Quit);
        assert!(matches!(menu.key(Key::Enter), MenuOutcome::Quit));
        menu.key(Key::Down);
        assert_eq!(menu.selected, 0);
        assert!(matches!(menu.key(Key::Esc), MenuOutcome::Quit));
    }

    #[test]
    fn new_game_of_a_level() {
        let dir = folder();
        let mut menu = Menu::new(dir.path(), 3);
        menu.key(Key::Down);
        let app = started(menu.key(Key::Enter));
        assert_eq!(app.source, "new medium game, seed 3");
        assert_eq!(app.rating.as_ref().map(|r| r.level), Some(Level::Medium));
    }

    #[test]
    fn open_a_file_lists_problems_by_line_and_starts_a_puzzle() {
        let dir = folder();
        let mut menu = Menu::new(dir.path(), 0);
        let open = CHOICES.iter().position(|&c| c == Choice::OpenFile).unwrap();
        for _ in 0..open {
            menu.key(Key::Char('j'));
        }
        menu.key(Key::Enter);
        assert_eq!(menu.page, Page::Files);
        let names: Vec<_> = menu.files.iter().map(|p| p.file_name().unwrap()).collect();
        assert_eq!(names, ["sudoku1.txt", "a.txt"]);
        menu.key(Key::Enter);
        assert_eq!(menu.page, Page::Puzzles);
        let lines: Vec<usize> = menu.entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 3, 4, 5]);
        assert!(
            menu.message.contains("2 can't be played"),
            "{}",
            menu.message
        );
        menu.rate_around(10);
        assert_eq!(menu.ratings[0].as_deref(), Some("easy 1.2/1.2/1.2"));
        assert_eq!(menu.ratings[1].as_deref(), Some(""));

        // A bad line and conflicting givens can't be started.
        menu.key(Key::Down);
        assert!(matches!(menu.key(Key::Enter), MenuOutcome::Continue));
        assert!(
            menu.message.starts_with("line 3: bad line"),
            "{}",
            menu.message
        );
        menu.key(Key::Down);
        menu.key(Key::Enter);
        assert_eq!(
            menu.message,
            "line 4: conflicting givens; it can't be played"
        );
        // Several solutions: played with a warning.
        menu.key(Key::Down);
        let app = started(menu.key(Key::Enter));
        assert!(app.message.starts_with("warning: several solutions"));
        assert!(app.source.ends_with("sudoku1.txt #4"), "{}", app.source);
        assert_eq!(app.file, Some((dir.path().join("sudoku1.txt"), 4)));

        // Back to the files, then the first puzzle.
        menu.key(Key::Esc);
        assert_eq!(menu.page, Page::Files);
        menu.key(Key::Enter);
        let app = started(menu.key(Key::Enter));
        let good = sudokuflow::Grid::parse_line(GOOD.as_bytes()).unwrap();
        assert_eq!(app.puzzle.cells(), good.cells());
    }

    #[test]
    fn play_file_opens_its_list() {
        let dir = folder();
        let menu = Menu::with_file(&dir.path().join("a.txt"), 0).unwrap();
        assert_eq!((menu.page, menu.len()), (Page::Puzzles, 1));
        assert!(Menu::with_file(&dir.path().join("missing.txt"), 0).is_err());
    }
}
