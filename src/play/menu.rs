//! The start screen's state: the saved games (newest first, each resumed
//! with Enter), a new game of each level, open a file (its `sudoku*.txt`
//! files under one heading, its other `.txt` files under another), choose a
//! puzzle inside it (checked and rated, problems listed with line numbers),
//! quit. Takes [`Key`]s like the [`App`]; `ui` draws it.

use std::path::{Path, PathBuf};

use sudokuflow::format::printable;
use sudokuflow::input::Column;
use sudokuflow::logic::Level;

use super::app::{App, Front, Key};
use super::clock::{self, SharedClock};
use super::rating::{self, Rated};
use super::save::{self, Listed};
use super::source::{self, Entry, Files};
use super::stats::{self, Stats};

/// Which list the start screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Main,
    Files,
    Puzzles,
    Statistics,
}

/// An item of the main list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The saved game of that index in [`Menu::saves`].
    Resume(usize),
    New(Level),
    Statistics,
    OpenFile,
    Quit,
}

/// A row of a list: a heading, or an item the cursor can select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Heading(String),
    /// Its text, and whether it can be opened (else it is drawn dim).
    Item(String, bool),
    /// Text to read, not to select.
    Text(String),
}

/// What the front end should do after a key.
pub enum MenuOutcome {
    Continue,
    Start(Box<App>),
    Quit,
}

pub struct Menu {
    pub page: Page,
    /// The selected item of the page shown (headings not counted).
    pub selected: usize,
    /// Where the cursor was on the main list and the file list, for coming
    /// back to them.
    main_selected: usize,
    files_selected: usize,
    /// The saved games, newest first.
    pub saves: Vec<Listed>,
    /// The folder's puzzle files (the Files page).
    pub files: Files,
    /// The file opened (the Puzzles page), its puzzles, and their ratings
    /// (rated as they come into view).
    pub file: Option<PathBuf>,
    pub entries: Vec<Entry>,
    pub ratings: Vec<Option<Rated>>,
    /// A message under the list, e.g. why a puzzle can't be played.
    pub message: String,
    /// The saved game (its index in `saves`) the player asked to delete,
    /// waiting for a yes.
    pub deleting: Option<usize>,
    /// The statistics as read when their page was opened, or why they
    /// can't be read.
    pub statistics: Option<Result<Stats, String>>,
    folder: PathBuf,
    /// The seed of a new game.
    seed: u64,
    clock: SharedClock,
}

impl Menu {
    /// The start screen on the main list (on the newest saved game, if
    /// any, of `saves`: see [`save::list`]); files come from `folder`.
    pub fn new(folder: &Path, seed: u64, clock: SharedClock, saves: Vec<Listed>) -> Menu {
        Menu {
            page: Page::Main,
            selected: 0,
            main_selected: 0,
            files_selected: 0,
            saves,
            files: Files::default(),
            file: None,
            entries: Vec::new(),
            ratings: Vec::new(),
            message: String::new(),
            deleting: None,
            statistics: None,
            folder: folder.to_path_buf(),
            seed,
            clock,
        }
    }

    /// The start screen on the puzzle list of `path` (`play FILE`), a
    /// table's if `column` is given.
    pub fn with_file(
        path: &Path,
        column: Option<&Column>,
        seed: u64,
        clock: SharedClock,
        saves: Vec<Listed>,
    ) -> anyhow::Result<Menu> {
        let folder = path.parent().unwrap_or(Path::new("."));
        let mut menu = Menu::new(folder, seed, clock, saves);
        menu.open(path, column)?;
        Ok(menu)
    }

    /// The main list's items, in order.
    pub fn choices(&self) -> Vec<Choice> {
        let resume = (0..self.saves.len()).map(Choice::Resume);
        let new = Level::ALL.into_iter().map(Choice::New);
        resume
            .chain(new)
            .chain([Choice::Statistics, Choice::OpenFile, Choice::Quit])
            .collect()
    }

    /// The rows of the page shown, headings included.
    pub fn rows(&self) -> Vec<Row> {
        match self.page {
            Page::Main => {
                let mut rows = Vec::new();
                for choice in self.choices() {
                    match choice {
                        Choice::Resume(0) => {
                            rows.push(Row::Heading(format!("Saved games ({})", self.saves.len())))
                        }
                        Choice::New(Level::Easy) => rows.push(Row::Heading("New game".into())),
                        Choice::Statistics => rows.push(Row::Heading(String::new())),
                        _ => {}
                    }
                    rows.push(self.choice_row(choice));
                }
                rows
            }
            Page::Files => {
                let mut rows = Vec::new();
                let name = |p: &PathBuf| {
                    let name = p.file_name().unwrap_or_default().as_encoded_bytes();
                    Row::Item(printable(name).into_owned(), true)
                };
                if !self.files.sudoku.is_empty() {
                    rows.push(Row::Heading("sudoku*.txt".into()));
                    rows.extend(self.files.sudoku.iter().map(name));
                }
                if !self.files.other.is_empty() {
                    rows.push(Row::Heading("other .txt files".into()));
                    rows.extend(self.files.other.iter().map(name));
                }
                rows
            }
            Page::Puzzles => {
                // Games in progress are marked in a column of their own.
                let marks = self.entries.iter().any(|e| e.in_progress);
                self.entries
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let rating = match self.ratings[i].as_ref().map(Rated::get) {
                            Some(Some(Some(rated))) => rating::words(rated),
                            Some(None) => "being rated...".into(),
                            Some(Some(None)) | None => String::new(),
                        };
                        let problem = e.problem.as_deref().unwrap_or("");
                        let detail: Vec<&str> = [rating.as_str(), problem]
                            .into_iter()
                            .filter(|t| !t.is_empty())
                            .collect();
                        let progress = e.progress_mark(marks);
                        let (number, line) = (i + 1, e.line);
                        let text =
                            format!("{number:4}. line {line:<5} {progress}{}", detail.join("  "));
                        Row::Item(text, e.playable)
                    })
                    .collect()
            }
            Page::Statistics => match &self.statistics {
                Some(Ok(kept)) => {
                    let mut rows = vec![Row::Heading("Games by level".into())];
                    rows.extend(stats::table(kept).into_iter().map(Row::Text));
                    rows.push(Row::Text(String::new()));
                    rows.extend(stats::RULES.iter().map(|l| Row::Text(l.to_string())));
                    rows
                }
                Some(Err(_)) | None => Vec::new(),
            },
        }
    }

    /// How many rows at the end of the page stay on the screen however far
    /// the list above them scrolls: on the main list, new games,
    /// "Statistics", "Open a file" and "Quit", below the saved games.
    pub fn pinned_rows(&self) -> usize {
        match self.page {
            Page::Main => Level::ALL.len() + 5,
            Page::Files | Page::Puzzles | Page::Statistics => 0,
        }
    }

    /// True when the selected item is a saved game (which `d` deletes).
    pub fn on_save(&self) -> bool {
        self.page == Page::Main
            && matches!(self.choices().get(self.selected), Some(Choice::Resume(_)))
    }

    fn choice_row(&self, choice: Choice) -> Row {
        match choice {
            Choice::Resume(i) => {
                let listed = &self.saves[i];
                let date = save::local_date(listed.saved_at.as_secs());
                match &listed.game {
                    Ok(game) => {
                        let level = game.level.as_deref().unwrap_or("unrated");
                        let time =
                            clock::format(std::time::Duration::from_secs(game.seconds_played));
                        Row::Item(
                            format!(
                                "Resume  {level:<12} {:>2}/81  {time:>7}  {date}  {}",
                                game.filled, game.source
                            ),
                            true,
                        )
                    }
                    Err(_) => Row::Item(
                        format!("a save that can't be read (Enter says why)  {date}"),
                        false,
                    ),
                }
            }
            Choice::New(level) => Row::Item(format!("New {level} game"), true),
            Choice::Statistics => Row::Item("Statistics: wins, times and streaks".into(), true),
            Choice::OpenFile => Row::Item("Open a file".into(), true),
            Choice::Quit => Row::Item("Quit".into(), true),
        }
    }

    fn open(&mut self, path: &Path, column: Option<&Column>) -> anyhow::Result<()> {
        self.entries = source::open_file(path, column)?;
        self.ratings = vec![None; self.entries.len()];
        self.file = Some(path.to_path_buf());
        self.page = Page::Puzzles;
        self.selected = 0;
        let problems = self.entries.iter().filter(|e| !e.playable).count();
        self.message = match (self.entries.len(), problems) {
            (0, _) => format!("no puzzles in {}", path.display()),
            (n, 0) => format!("{n} puzzles, all playable"),
            (n, p) => format!("{n} puzzles; {p} can't be played (see their lines)"),
        };
        Ok(())
    }

    /// Items on the page shown.
    pub fn len(&self) -> usize {
        match self.page {
            Page::Main => self.choices().len(),
            Page::Files => self.files.len(),
            Page::Puzzles => self.entries.len(),
            Page::Statistics => 0,
        }
    }

    /// Starts rating the puzzles not rated yet on the page of `rows` lines
    /// that shows the selection: the front end calls it before drawing.
    pub fn rate_around(&mut self, rows: usize) {
        if self.page != Page::Puzzles {
            return;
        }
        let first = self.selected.saturating_sub(rows.saturating_sub(1));
        let last = (first + rows).min(self.entries.len());
        for i in first..last {
            if self.ratings[i].is_none() {
                let (puzzle, playable) = (self.entries[i].puzzle, self.entries[i].playable);
                let playable = puzzle.filter(|_| playable);
                self.ratings[i] = Some(Rated::start_in_pool(playable));
            }
        }
    }

    /// True while some rating shown is being worked out.
    pub fn rating(&self) -> bool {
        self.page == Page::Puzzles
            && self
                .ratings
                .iter()
                .flatten()
                .any(|rated| rated.get().is_none())
    }

    pub fn key(&mut self, key: Key) -> MenuOutcome {
        if let Some(index) = self.deleting.take() {
            self.confirm_delete(index, key);
            return MenuOutcome::Continue;
        }
        let len = self.len();
        let last = len.saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') if len > 0 => self.selected = (self.selected + last) % len,
            Key::Down | Key::Char('j') if len > 0 => self.selected = (self.selected + 1) % len,
            Key::PageUp => self.selected = self.selected.saturating_sub(10),
            Key::PageDown => self.selected = (self.selected + 10).min(last),
            Key::Home => self.selected = 0,
            Key::End => self.selected = last,
            Key::Enter => return self.enter(),
            Key::Char('d') | Key::Delete if self.page == Page::Main => {
                if let Some(&Choice::Resume(index)) = self.choices().get(self.selected) {
                    self.deleting = Some(index);
                    self.message = format!(
                        "Delete this saved game ({})? y deletes it, any other key keeps it",
                        self.save_name(index)
                    );
                }
            }
            Key::Esc | Key::Char('q') | Key::Backspace => match self.page {
                Page::Main => return MenuOutcome::Quit,
                Page::Files => {
                    // Opened again, the list has the cursor where it was.
                    self.files_selected = self.selected;
                    self.go_main();
                }
                Page::Puzzles => self.go_files(),
                Page::Statistics => self.go_main(),
            },
            _ => {}
        }
        MenuOutcome::Continue
    }

    /// The saved game at `index` in a few words: its source, or its file.
    fn save_name(&self, index: usize) -> String {
        let listed = &self.saves[index];
        match &listed.game {
            Ok(game) => game.source.clone(),
            Err(_) => printable(listed.path.as_os_str().as_encoded_bytes()).into_owned(),
        }
    }

    /// The answer to "delete this saved game?": `y` deletes its file.
    fn confirm_delete(&mut self, index: usize, key: Key) {
        if !matches!(key, Key::Char('y' | 'Y')) {
            self.message = "the saved game was kept".into();
            return;
        }
        let name = self.save_name(index);
        match save::delete(&self.saves[index].path) {
            Ok(()) => {
                self.saves.remove(index);
                self.selected = self.selected.min(self.len().saturating_sub(1));
                self.message = format!("deleted the saved game ({name})");
            }
            Err(e) => self.message = format!("{e:#}"),
        }
    }

    fn go_main(&mut self) {
        self.page = Page::Main;
        self.selected = self.main_selected;
        self.message.clear();
    }

    /// The statistics page, on `kept` (read from their file), the file
    /// named under it.
    pub fn show_statistics(&mut self, kept: Result<Stats, String>) {
        self.page = Page::Statistics;
        self.selected = 0;
        self.message = match (&kept, stats::path()) {
            (Err(why), _) => why.clone(),
            (Ok(_), Ok(path)) => {
                let path = printable(path.as_os_str().as_encoded_bytes()).into_owned();
                format!("kept in {path}")
            }
            (Ok(_), Err(_)) => String::new(),
        };
        self.statistics = Some(kept);
    }

    fn go_files(&mut self) {
        self.files = source::puzzle_files(&self.folder);
        self.page = Page::Files;
        self.selected = self.files_selected.min(self.files.len().saturating_sub(1));
        self.message = if self.files.is_empty() {
            format!("no .txt files in {}", self.folder.display())
        } else {
            String::new()
        };
    }

    /// A new game of `level`, its source named.
    pub fn new_game(level: Level, seed: u64, clock: SharedClock) -> anyhow::Result<App> {
        let mut app = App::new(source::new_game(level, seed)?, clock);
        app.source = format!("new {level} game, seed {seed}");
        Ok(app)
    }

    fn enter(&mut self) -> MenuOutcome {
        match self.page {
            Page::Main => {
                self.main_selected = self.selected;
                let Some(&choice) = self.choices().get(self.selected) else {
                    return MenuOutcome::Continue;
                };
                match choice {
                    Choice::Resume(i) => match &self.saves[i].game {
                        Ok(_) => match save::load(&self.saves[i].path, self.clock.clone()) {
                            Ok(app) => return MenuOutcome::Start(Box::new(app)),
                            Err(e) => self.message = format!("{e:#}"),
                        },
                        Err(why) => self.message = why.clone(),
                    },
                    Choice::New(level) => {
                        match Menu::new_game(level, self.seed, self.clock.clone()) {
                            Ok(app) => return MenuOutcome::Start(Box::new(app)),
                            Err(e) => self.message = format!("new game: {e:#}"),
                        }
                    }
                    Choice::Statistics => self.show_statistics(stats::load()),
                    Choice::OpenFile => self.go_files(),
                    Choice::Quit => return MenuOutcome::Quit,
                }
            }
            Page::Statistics => {}
            Page::Files => {
                self.files_selected = self.selected;
                if let Some(path) = self.files.get(self.selected).cloned()
                    && let Err(e) = self.open(&path, None)
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
                        let clock = self.clock.clone();
                        // The list's rating, done or under way, is the game's.
                        let rated = self.ratings[self.selected].clone();
                        let mut app = save::resume_or_new(puzzle, clock, Front::Screen, rated);
                        let file = self.file.as_deref().unwrap_or(Path::new(""));
                        app.set_file(file, self.selected + 1);
                        if entry.problem.is_some() && app.loaded_from.is_none() {
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
    use crate::play::clock::ManualClock;
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

    /// A menu on `dir` that lists no saved games.
    fn menu(dir: &Path, seed: u64) -> Menu {
        Menu::new(dir, seed, ManualClock::new(), Vec::new())
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
        let mut menu = menu(dir.path(), 1);
        assert!(
            !menu
                .rows()
                .iter()
                .any(|r| *r == Row::Heading("Saved games".into()))
        );
        menu.key(Key::Up);
        assert_eq!(menu.choices()[menu.selected], Choice::Quit);
        assert!(matches!(menu.key(Key::Enter), MenuOutcome::Quit));
        menu.key(Key::Down);
        assert_eq!(menu.selected, 0);
        assert!(matches!(menu.key(Key::Esc), MenuOutcome::Quit));
    }

    #[test]
    fn new_game_of_a_level() {
        let dir = folder();
        let mut menu = menu(dir.path(), 3);
        menu.key(Key::Down);
        let app = started(menu.key(Key::Enter));
        assert_eq!(app.source, "new medium game, seed 3");
        assert_eq!(app.rating.wait().map(|r| r.level), Some(Level::Medium));
    }

    #[test]
    fn open_a_file_lists_problems_by_line_and_starts_a_puzzle() {
        let dir = folder();
        let mut menu = menu(dir.path(), 0);
        let open = menu
            .choices()
            .iter()
            .position(|&c| c == Choice::OpenFile)
            .unwrap();
        for _ in 0..open {
            menu.key(Key::Char('j'));
        }
        menu.key(Key::Enter);
        assert_eq!(menu.page, Page::Files);
        assert_eq!(
            menu.rows(),
            [
                Row::Heading("sudoku*.txt".into()),
                Row::Item("sudoku1.txt".into(), true),
                Row::Heading("other .txt files".into()),
                Row::Item("a.txt".into(), true),
            ]
        );
        menu.key(Key::Enter);
        assert_eq!(menu.page, Page::Puzzles);
        let lines: Vec<u64> = menu.entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 3, 4, 5]);
        assert!(
            menu.message.contains("2 can't be played"),
            "{}",
            menu.message
        );
        menu.rate_around(10);
        let rated = |i: usize| menu.ratings[i].as_ref().unwrap().wait().map(rating::words);
        assert_eq!(rated(0).as_deref(), Some("easy, 1.2"));
        assert_eq!(rated(1), None);

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
            "line 4: conflicting givens: two 5s in row 1: r1c1, r1c2; it can't be played"
        );
        // Several solutions: played with a warning.
        menu.key(Key::Down);
        let app = started(menu.key(Key::Enter));
        assert!(app.message.starts_with("warning: several solutions"));
        assert!(app.source.ends_with("sudoku1.txt #4"), "{}", app.source);
        assert_eq!(app.file, Some((dir.path().join("sudoku1.txt"), 4)));

        // Back to the files, the cursor where it was; then the other file,
        // back, and back to the main list, on "Open a file".
        menu.key(Key::Esc);
        assert_eq!((menu.page, menu.selected), (Page::Files, 0));
        menu.key(Key::Down);
        menu.key(Key::Enter);
        assert_eq!(menu.file, Some(dir.path().join("a.txt")));
        menu.key(Key::Esc);
        assert_eq!((menu.page, menu.selected), (Page::Files, 1));
        menu.key(Key::Esc);
        assert_eq!(menu.page, Page::Main);
        assert_eq!(menu.choices()[menu.selected], Choice::OpenFile);
        menu.key(Key::Enter);
        assert_eq!((menu.page, menu.selected), (Page::Files, 1));
        menu.key(Key::Home);
        menu.key(Key::Enter);
        menu.rate_around(10);
        let app = started(menu.key(Key::Enter));
        let good = sudokuflow::Grid::parse_line(GOOD.as_bytes()).unwrap();
        assert_eq!(app.puzzle.cells(), good.cells());
        // Item 15 of issue 34: the game has the list's rating, not one of
        // its own to wait for.
        let listed = menu.ratings[0].as_ref().expect("rated in the list");
        assert!(app.rating.is_shared_with(listed));
        listed.wait();
        assert_eq!(app.level_text(), "easy, 1.2");
    }

    /// Item 13 of issue 34: `d` on a saved game asks, `y` deletes its
    /// file, any other key keeps it; `d` elsewhere does nothing.
    #[test]
    fn a_saved_game_is_deleted_after_a_yes() {
        use crate::play::save::{Listed, Summary};
        let dir = folder();
        let listed = |name: &str| {
            let path = dir.path().join(name);
            fs::write(&path, "{}").unwrap();
            Listed {
                path,
                saved_at: std::time::Duration::ZERO,
                game: Ok(Summary {
                    level: None,
                    source: format!("from {name}"),
                    filled: 30,
                    seconds_played: 1,
                }),
            }
        };
        let saves = vec![listed("game-a.json"), listed("game-b.json")];
        let mut menu = Menu::new(dir.path(), 0, ManualClock::new(), saves);
        menu.key(Key::Char('d'));
        assert_eq!(menu.deleting, Some(0));
        assert!(
            menu.message
                .starts_with("Delete this saved game (from game-a.json)? y deletes")
        );
        menu.key(Key::Char('n'));
        assert_eq!(menu.message, "the saved game was kept");
        assert!(dir.path().join("game-a.json").exists());
        menu.key(Key::Down);
        menu.key(Key::Delete);
        menu.key(Key::Char('y'));
        assert!(!dir.path().join("game-b.json").exists());
        assert!(dir.path().join("game-a.json").exists());
        assert_eq!(menu.saves.len(), 1);
        assert_eq!(menu.message, "deleted the saved game (from game-b.json)");
        // The cursor is on the item after it: the first new game.
        assert_eq!(menu.choices()[menu.selected], Choice::New(Level::Easy));
        menu.key(Key::Char('d'));
        assert_eq!(menu.deleting, None);
        assert!(matches!(menu.key(Key::Char('y')), MenuOutcome::Continue));
        assert_eq!(menu.saves.len(), 1);
    }

    #[test]
    fn play_file_opens_its_list() {
        let dir = folder();
        let menu = Menu::with_file(
            &dir.path().join("a.txt"),
            None,
            0,
            ManualClock::new(),
            Vec::new(),
        )
        .unwrap();
        assert_eq!((menu.page, menu.len()), (Page::Puzzles, 1));
        assert!(
            Menu::with_file(
                &dir.path().join("missing.txt"),
                None,
                0,
                ManualClock::new(),
                Vec::new()
            )
            .is_err()
        );
        let empty = dir.path().join("empty.txt");
        fs::write(&empty, "").unwrap();
        let menu = Menu::with_file(&empty, None, 0, ManualClock::new(), Vec::new()).unwrap();
        assert_eq!(menu.message, format!("no puzzles in {}", empty.display()));
    }
}
