//! Statistics: for each level (and puzzles without one, "unrated"), games
//! won, wins with hints, the best time, the average time of wins, the
//! current and best streak, and games the computer finished; kept in
//! `statistics.json` beside the saves, written atomically by
//! [`save::write_file`].
//!
//! The rules, as the guide (docs/playing.md) gives them: a game is won when
//! the player fills the last cell; one finished by auto-solve or `solve`
//! (or that used either since its last restart) is not a win and ends the
//! level's streak. Wins with hints count and keep the streak, but only
//! wins without a hint set the best time; the average is over every win.
//! Each game is counted once, when it is first solved ([`App::count_taken`],
//! kept in its save): undoing and solving again, or reopening it, does not
//! count again. Times are the game's own clock. A game left unfinished
//! (saved, or quit) does not end a streak: it waits in its save.
//!
//! A statistics file that is corrupt is kept aside under a name of its own
//! and the statistics start again; one from another version, or that
//! can't be read, is left as it is and the game is not counted. Either way
//! a message names the file, and the field at fault.

use std::fs;
use std::io::ErrorKind;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::bail;
use serde_json::{Map, Value, json};
use sudokuflow::format::printable;
use sudokuflow::logic::Level;

use super::app::App;
use super::clock;
use super::rating::Rated;
use super::save;

/// Bumped whenever a field changes meaning.
const VERSION: u64 = 1;

/// The file's name in [`save::folder`].
pub const FILE_NAME: &str = "statistics.json";

/// Where games are counted: the levels, easiest first, then puzzles
/// without a level (several solutions).
pub const LEVELS: [&str; 6] = ["easy", "medium", "hard", "expert", "hell", "unrated"];

/// One level's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub won: u64,
    /// Of the wins, those with hints.
    pub won_with_hints: u64,
    /// The fastest win without hints, in seconds.
    pub best_seconds: Option<u64>,
    /// The time of every win, in seconds, for the average.
    pub total_seconds: u64,
    /// Wins in a row.
    pub streak: u64,
    pub best_streak: u64,
    /// Games auto-solve or `solve` finished.
    pub by_computer: u64,
}

impl Record {
    /// The average time of the wins.
    pub fn average_seconds(&self) -> Option<u64> {
        self.total_seconds.checked_div(self.won)
    }
}

/// Every level's statistics, in the order of [`LEVELS`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub levels: [Record; 6],
    /// Fields of the file this version does not know, at the top, in
    /// each level's object, and whole levels (a newer version's, of the
    /// same format): written back as they were, so that playing an older
    /// version loses none.
    pub unknown: Map<String, Value>,
    pub unknown_in_level: [Map<String, Value>; 6],
    pub unknown_levels: Map<String, Value>,
}

/// The top-level fields this version writes.
const FIELDS: [&str; 2] = ["version", "levels"];

/// A level's fields this version writes.
const RECORD_FIELDS: [&str; 7] = [
    "won",
    "won_with_hints",
    "best_seconds",
    "total_seconds",
    "streak",
    "best_streak",
    "by_computer",
];

/// The fields of `fields` not named in `known`.
fn unknown_fields(fields: &Map<String, Value>, known: &[&str]) -> Map<String, Value> {
    fields
        .iter()
        .filter(|(name, _)| !known.contains(&name.as_str()))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won { hints: bool },
    ByComputer,
}

/// What counting a game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub level: &'static str,
    pub outcome: Outcome,
    /// The level's statistics with this game; `None` when they could not be
    /// kept.
    pub record: Option<Record>,
    /// This win set the level's best time.
    pub new_best: bool,
    /// What went wrong with the file, in words (control characters
    /// escaped).
    pub problem: Option<String>,
}

impl Recorded {
    /// A few short lines (at most 29 characters) for the solved dialog.
    pub fn lines(&self) -> Vec<String> {
        let Some(record) = &self.record else {
            return vec!["statistics not kept".into()];
        };
        let mut lines = Vec::new();
        match self.outcome {
            Outcome::Won { .. } if self.new_best => {
                lines.push(format!("New best time for {}!", self.level));
            }
            Outcome::Won { hints: true } => lines.push("hints: no best time".into()),
            Outcome::Won { hints: false } => {}
            Outcome::ByComputer => lines.push("not a win: streak ended".into()),
        }
        lines.push(format!(
            "streak {}  best {}",
            record.streak, record.best_streak
        ));
        lines
    }

    /// One line for plain mode; none when the statistics were not kept,
    /// as the status line's message ([`App::message`]) already says why.
    pub fn summary(&self) -> Option<String> {
        let record = self.record.as_ref()?;
        Some(format!(
            "statistics ({}): {} won, streak {}, best streak {}{}",
            self.level,
            record.won,
            record.streak,
            record.best_streak,
            match self.outcome {
                Outcome::Won { .. } if self.new_best => "; a new best time!",
                Outcome::Won { hints: true } => "; with hints: not a best time",
                Outcome::Won { hints: false } => "",
                Outcome::ByComputer => "; solved by the computer: not a win, streak ended",
            }
        ))
    }
}

/// The statistics file.
pub fn path() -> anyhow::Result<PathBuf> {
    Ok(save::folder()?.join(FILE_NAME))
}

/// The statistics kept (none yet when there is no file), or why they
/// can't be read, control characters escaped.
pub fn load() -> Result<Stats, String> {
    let path = path().map_err(|e| printable(format!("{e:#}").as_bytes()).into_owned())?;
    match read(&path) {
        Ok(stats) => Ok(stats),
        Err(Unreadable::Missing) => Ok(Stats::default()),
        Err(Unreadable::Corrupt(why) | Unreadable::Other(why)) => Err(why),
    }
}

/// A game solved before its level was known (the rating still being
/// worked out): how it ended, kept to be counted when the level comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AwaitingLevel {
    pub outcome: Outcome,
    pub seconds: u64,
}

/// Counts the game once it is solved, the first time only: its result
/// goes in [`App::count_news`] for the solved screen, and a problem with the
/// file on the status line. The front ends call it after every move and
/// on every wake-up of the full screen's loop. Never waits: a game solved
/// before its rating is known (a hell puzzle, solved within seconds) waits
/// in [`App::awaiting_level`], as it ended, and is counted at the first call
/// after the rating came.
pub fn count(app: &mut App) {
    if !app.is_solved() {
        // Undone: the news was the first solve's, and a game counts once.
        app.count_news = None;
    } else if !app.count_taken {
        // Counted from now on, though the file is written once the level
        // comes: a save made meanwhile, or the game left for another, must
        // not count it again when solved anew.
        app.count_taken = true;
        app.awaiting_level = Some(AwaitingLevel {
            outcome: outcome(app),
            seconds: app.elapsed().as_secs(),
        });
    } else if let Some(recorded) = app.counted_while_undone.take() {
        // Its news was never shown: the game was undone when counted.
        app.count_news = Some(recorded);
    }
    let Some(awaiting_level) = app.awaiting_level else {
        return;
    };
    let Some(recorded) = count_when_rated(&app.rating, awaiting_level) else {
        return;
    };
    app.awaiting_level = None;
    if let Some(problem) = &recorded.problem {
        app.message = problem.clone();
    }
    // Undone meanwhile: counted all the same, the news kept for the
    // solved screen when it is solved again.
    if app.is_solved() {
        app.count_news = Some(recorded);
    } else {
        app.counted_while_undone = Some(recorded);
    }
}

/// Counts a game that waited for its level, if `rating` is known by now;
/// `None` while it is being worked out.
pub fn count_when_rated(rating: &Rated, awaiting_level: AwaitingLevel) -> Option<Recorded> {
    let level = rating
        .get()?
        .and_then(|rating| Level::ALL.iter().position(|&l| l == rating.level))
        .map_or("unrated", |index| LEVELS[index]);
    let AwaitingLevel { outcome, seconds } = awaiting_level;
    Some(match path() {
        Ok(path) => record_in(&path, level, outcome, seconds),
        Err(e) => not_kept(level, outcome, format!("{e:#}")),
    })
}

/// A won game, or one the computer finished: auto-solve or `solve` used
/// since the last restart (or the start).
fn outcome(app: &App) -> Outcome {
    let played = &app.history[..=app.at];
    let since = played
        .iter()
        .rposition(|s| s.by == super::board::Move::Restart)
        .unwrap_or(0);
    if played[since..].iter().any(|s| s.by.by_computer()) {
        Outcome::ByComputer
    } else {
        Outcome::Won {
            hints: app.hints_used > 0,
        }
    }
}

fn not_kept(level: &'static str, outcome: Outcome, why: String) -> Recorded {
    Recorded {
        level,
        outcome,
        record: None,
        new_best: false,
        problem: Some(printable(why.as_bytes()).into_owned()),
    }
}

/// Adds a game to the statistics in the file at `path`; a file the
/// player made read-only is left as it is, the game not counted.
fn record_in(path: &Path, level: &'static str, outcome: Outcome, seconds: u64) -> Recorded {
    if read_only(path) {
        let why = format!(
            "statistics are not saved: the file {} is read-only (this game was not counted)",
            path.display()
        );
        return not_kept(level, outcome, why);
    }
    let (mut stats, mut problem) = match read(path) {
        Ok(stats) => (stats, None),
        Err(Unreadable::Missing) => (Stats::default(), None),
        Err(Unreadable::Corrupt(why)) => match keep_aside(path) {
            Ok(aside) => (
                Stats::default(),
                Some(format!(
                    "{why}; it was kept as {} and the statistics start again",
                    aside.display()
                )),
            ),
            Err(e) => {
                let why =
                    format!("{why}; it could not be kept aside ({e:#}): this game was not counted");
                return not_kept(level, outcome, why);
            }
        },
        Err(Unreadable::Other(why)) => {
            let why = format!("{why}; it was left as it is: this game was not counted");
            return not_kept(level, outcome, why);
        }
    };
    let index = LEVELS.iter().position(|&l| l == level).unwrap_or(5);
    let new_best = add(&mut stats.levels[index], outcome, seconds);
    if let Err(e) = save::write_file(path, encode(&stats).as_bytes()) {
        let why = format!("could not write the statistics: {e:#}");
        let why = match problem {
            Some(before) => format!("{before}; {why}"),
            None => why,
        };
        return not_kept(level, outcome, why);
    }
    problem = problem.map(|p| printable(p.as_bytes()).into_owned());
    Recorded {
        level,
        outcome,
        record: Some(stats.levels[index]),
        new_best,
        problem,
    }
}

/// True when the file at `path` exists and has no write permission for
/// us, or none at all (which binds even a superuser, who could write it).
/// The file is replaced by a rename, which its permissions do not stop.
fn read_only(path: &Path) -> bool {
    let Ok(metadata) = fs::metadata(path) else {
        return false;
    };
    if metadata.permissions().readonly() {
        return true;
    }
    let Ok(name) = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()) else {
        return false;
    };
    // SAFETY: `name` is a valid C string that outlives the call.
    unsafe { libc::access(name.as_ptr(), libc::W_OK) != 0 }
}

/// Adds a game to a level's statistics; true when it is the level's new
/// best time.
pub fn add(record: &mut Record, outcome: Outcome, seconds: u64) -> bool {
    match outcome {
        Outcome::Won { hints } => {
            record.won = record.won.saturating_add(1);
            record.total_seconds = record.total_seconds.saturating_add(seconds);
            record.streak = record.streak.saturating_add(1);
            record.best_streak = record.best_streak.max(record.streak);
            if hints {
                record.won_with_hints = record.won_with_hints.saturating_add(1);
                false
            } else if record.best_seconds.is_none_or(|best| seconds < best) {
                record.best_seconds = Some(seconds);
                true
            } else {
                false
            }
        }
        Outcome::ByComputer => {
            record.by_computer = record.by_computer.saturating_add(1);
            record.streak = 0;
            false
        }
    }
}

/// Moves the damaged file at `path` to a free name beside it; a name
/// another game takes meanwhile is skipped, never replaced.
fn keep_aside(path: &Path) -> anyhow::Result<PathBuf> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    for n in 0..100 {
        let aside = path.with_file_name(format!("statistics-damaged-{seconds}-{n}.json"));
        match move_without_replacing(path, &aside) {
            Ok(()) => return Ok(aside),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => bail!("cannot move {} to {}: {e}", path.display(), aside.display()),
        }
    }
    bail!("no free name beside {}", path.display())
}

/// Moves `from` to `to`, failing with `AlreadyExists` if `to` exists: a
/// hard link is made only under a free name (a rename would replace a
/// file another game put there between a check and the move). Where the
/// file system has no hard links, a copy into a file created only if
/// there is none.
fn move_without_replacing(from: &Path, to: &Path) -> std::io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::AlreadyExists => return Err(e),
        Err(_) => copy_without_replacing(from, to)?,
    }
    fs::remove_file(from)
}

/// Copies `from` into a new file `to`, whatever its size; `AlreadyExists`
/// if there is one. A copy left half written is removed: it is ours.
fn copy_without_replacing(from: &Path, to: &Path) -> std::io::Result<()> {
    // Opening a FIFO put in its place meanwhile must not wait for a writer.
    let mut source = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(from)?;
    if !source.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut copy = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(to)?;
    let written = std::io::copy(&mut source, &mut copy).and_then(|_| copy.sync_all());
    if written.is_err() {
        let _ = fs::remove_file(to);
    }
    written
}

/// The statistics as the JSON their file holds, the fields and levels this
/// version does not know among them.
fn encode(stats: &Stats) -> String {
    let mut levels: Map<String, Value> = LEVELS
        .iter()
        .zip(&stats.levels)
        .zip(&stats.unknown_in_level)
        .map(|((&name, r), unknown)| {
            let mut fields = unknown.clone();
            let known = [
                json!(r.won),
                json!(r.won_with_hints),
                json!(r.best_seconds),
                json!(r.total_seconds),
                json!(r.streak),
                json!(r.best_streak),
                json!(r.by_computer),
            ];
            for (field, value) in RECORD_FIELDS.iter().zip(known) {
                fields.insert(field.to_string(), value);
            }
            (name.to_string(), Value::Object(fields))
        })
        .collect();
    for (name, value) in &stats.unknown_levels {
        levels.entry(name).or_insert_with(|| value.clone());
    }
    let mut file = stats.unknown.clone();
    file.insert("version".into(), json!(VERSION));
    file.insert("levels".into(), Value::Object(levels));
    serde_json::to_string_pretty(&Value::Object(file)).expect("statistics encode as JSON")
}

/// Why the statistics file can't be read.
enum Unreadable {
    /// There is none yet.
    Missing,
    /// Its content is damaged: it may be put aside.
    Corrupt(String),
    /// Another version's, or the file can't be read: it is left alone.
    Other(String),
}

/// Reads and checks the statistics file at `path`, naming the bad field.
fn read(path: &Path) -> Result<Stats, Unreadable> {
    let corrupt = |why: String| {
        let text = format!("the statistics file {} is corrupt: {why}", path.display());
        Unreadable::Corrupt(printable(text.as_bytes()).into_owned())
    };
    let bytes = match save::read_own_file(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == ErrorKind::NotFound => return Err(Unreadable::Missing),
        // Far larger than statistics grow: put aside like any damage.
        Err(e) if e.kind() == ErrorKind::InvalidData => return Err(corrupt(e.to_string())),
        Err(e) => {
            let why = format!("cannot read the statistics file {}: {e}", path.display());
            return Err(Unreadable::Other(printable(why.as_bytes()).into_owned()));
        }
    };
    let fields = match save::json_fields(&bytes, VERSION) {
        Ok(fields) => fields,
        Err(save::NotFields::Corrupt(why)) => return Err(corrupt(why)),
        Err(save::NotFields::OtherVersion(n)) => {
            let why = format!(
                "the statistics file {} is from another version of sudokuflow (format {n}, this one reads {VERSION})",
                path.display()
            );
            return Err(Unreadable::Other(printable(why.as_bytes()).into_owned()));
        }
    };
    check(&fields).map_err(corrupt)
}

fn check(fields: &Map<String, Value>) -> Result<Stats, String> {
    let levels = match fields.get("levels") {
        Some(Value::Object(levels)) => levels,
        Some(_) => return Err("field \"levels\": not a JSON object".into()),
        None => return Err("field \"levels\" is missing".into()),
    };
    let mut stats = Stats {
        unknown: unknown_fields(fields, &FIELDS),
        ..Stats::default()
    };
    for (name, value) in levels {
        let Some(index) = LEVELS.iter().position(|l| l == name) else {
            // A newer version's level: kept unread, whatever it holds.
            stats.unknown_levels.insert(name.clone(), value.clone());
            continue;
        };
        stats.levels[index] = check_record(value, &format!("field \"levels\".{name}"))?;
        if let Value::Object(fields) = value {
            stats.unknown_in_level[index] = unknown_fields(fields, &RECORD_FIELDS);
        }
    }
    Ok(stats)
}

/// One level's record, `at` naming it in messages.
fn check_record(value: &Value, at: &str) -> Result<Record, String> {
    let Value::Object(fields) = value else {
        return Err(format!("{at}: not a JSON object"));
    };
    let number = |name: &str| -> Result<u64, String> {
        match fields.get(name) {
            None => Err(format!("{at}.{name} is missing")),
            Some(v) => v
                .as_u64()
                .ok_or_else(|| format!("{at}.{name}: not a whole number")),
        }
    };
    let best_seconds = match fields.get("best_seconds") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .ok_or_else(|| format!("{at}.best_seconds: not a whole number"))?,
        ),
    };
    let record = Record {
        won: number("won")?,
        won_with_hints: number("won_with_hints")?,
        best_seconds,
        total_seconds: number("total_seconds")?,
        streak: number("streak")?,
        best_streak: number("best_streak")?,
        by_computer: number("by_computer")?,
    };
    let over = |name: &str, n: u64, limit: &str, max: u64| {
        Err(format!("{at}.{name}: {n} is over {limit} ({max})"))
    };
    if record.won_with_hints > record.won {
        return over("won_with_hints", record.won_with_hints, "won", record.won);
    }
    if record.best_streak > record.won {
        return over("best_streak", record.best_streak, "won", record.won);
    }
    if record.streak > record.best_streak {
        let best = record.best_streak;
        return over("streak", record.streak, "best_streak", best);
    }
    if let Some(best) = record.best_seconds {
        if record.won == record.won_with_hints {
            return Err(format!(
                "{at}.best_seconds: set without a win without hints"
            ));
        }
        if best > record.total_seconds {
            let total = record.total_seconds;
            return over("best_seconds", best, "total_seconds", total);
        }
    }
    Ok(record)
}

/// `m:ss` (or `h:mm:ss`) for `seconds`; a dash for none.
fn time(seconds: Option<u64>) -> String {
    seconds.map_or("-".into(), |s| clock::format(Duration::from_secs(s)))
}

/// The statistics as a table, a line for each level: 52 characters wide
/// (wider only with numbers past a thousand games), for the start screen's
/// box at its smallest. Columns are parted by a space at least, so that
/// long numbers never run together.
pub fn table(stats: &Stats) -> Vec<String> {
    let mut lines = vec![format!(
        "{:<7} {:>3} {:>5} {:>7} {:>7} {:>6} {:>5} {:>5}",
        "level", "won", "hints", "best", "average", "streak", "most", "auto"
    )];
    for (name, r) in LEVELS.iter().zip(&stats.levels) {
        lines.push(format!(
            "{name:<7} {:>3} {:>5} {:>7} {:>7} {:>6} {:>5} {:>5}",
            r.won,
            r.won_with_hints,
            time(r.best_seconds),
            time(r.average_seconds()),
            r.streak,
            r.best_streak,
            r.by_computer
        ));
    }
    lines
}

/// The rules and the columns in a few lines under the table, as narrow.
pub const RULES: [&str; 4] = [
    "Solved by you: a win (with hints: no best time).",
    "auto: finished by auto-solve or solve, no win;",
    "it ends the level's streak. most: longest streak.",
    "average: of all wins; times are the game's clock.",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::tests::{PUZZLE, app_on};
    use crate::play::save::tests::in_temp_folder;

    /// The files in `folder` other than the statistics file `path`: those
    /// a damaged one was put aside as.
    fn files_put_aside(folder: &Path, path: &Path) -> Vec<PathBuf> {
        fs::read_dir(folder)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p != path)
            .collect()
    }

    /// A game on `puzzle` whose clock moves only when the test says, its
    /// rating worked out.
    fn rated_app_on(puzzle: &[u8]) -> (App, std::sync::Arc<crate::play::clock::ManualClock>) {
        let (app, clock) = app_on(puzzle);
        app.rating.wait();
        (app, clock)
    }

    /// Fills every empty cell with the solution's digit, as a player would.
    fn solve_by_hand(app: &mut App) {
        let solution = app.solution.expect("one solution");
        for cell in 0..81 {
            if app.board().cells[cell] == 0 {
                app.place(cell, solution.get(cell));
            }
        }
        assert!(app.is_solved());
    }

    #[test]
    fn wins_set_best_times_averages_and_streaks() {
        let mut easy = Record::default();
        let won = Outcome::Won { hints: false };
        assert!(add(&mut easy, won, 100), "the first win is the best");
        assert!(!add(&mut easy, won, 120));
        // With hints: a win, never a best time, however fast.
        assert!(!add(&mut easy, Outcome::Won { hints: true }, 10));
        assert_eq!((easy.won, easy.won_with_hints), (3, 1));
        assert_eq!(easy.best_seconds, Some(100));
        assert_eq!((easy.streak, easy.best_streak), (3, 3));
        // The computer finishing ends the streak and is no win.
        assert!(!add(&mut easy, Outcome::ByComputer, 5));
        assert_eq!((easy.won, easy.by_computer), (3, 1));
        assert_eq!((easy.streak, easy.best_streak), (0, 3));
        assert!(add(&mut easy, won, 90));
        assert_eq!(easy.best_seconds, Some(90));
        assert_eq!((easy.streak, easy.best_streak), (1, 3));
        // Every win's time, hints or not: (100 + 120 + 10 + 90) / 4.
        assert_eq!(easy.average_seconds(), Some(80));
        assert_eq!(Record::default().average_seconds(), None);
    }

    /// A game counts once: not again after undo and solving again, nor
    /// when its save is reopened; the computer's solve is no win.
    #[test]
    fn a_game_counts_once_and_the_computers_solve_is_no_win() {
        in_temp_folder(|folder| {
            let (mut app, clock) = rated_app_on(PUZZLE);
            clock.advance(Duration::from_secs(75));
            count(&mut app);
            assert!(app.count_news.is_none(), "not solved yet");
            solve_by_hand(&mut app);
            count(&mut app);
            let recorded = app.count_news.clone().unwrap();
            assert_eq!(recorded.level, "easy");
            assert_eq!(recorded.outcome, Outcome::Won { hints: false });
            assert!(recorded.new_best);
            assert_eq!(
                recorded.lines(),
                ["New best time for easy!", "streak 1  best 1"]
            );
            let kept = load().unwrap();
            assert_eq!(kept.levels[0].won, 1);
            assert_eq!(kept.levels[0].best_seconds, Some(75));
            assert!(folder.join(FILE_NAME).is_file());
            // Undone, saved, reopened and solved again: still one, and the
            // solved screen has no news.
            app.undo();
            count(&mut app);
            assert!(app.count_news.is_none());
            let path = save::save(&app).unwrap();
            let mut back = save::load(&path, clock.clone()).unwrap();
            assert!(back.count_taken);
            solve_by_hand(&mut back);
            count(&mut back);
            assert!(back.count_news.is_none());
            app.redo();
            count(&mut app);
            assert!(app.count_news.is_none());
            assert_eq!(load().unwrap().levels[0].won, 1);

            // Auto-solve ends the game: not a win, the streak ended.
            let (mut auto, _) = rated_app_on(PUZZLE);
            auto.start_autosolve();
            while auto.autosolve.is_some() {
                auto.tick();
            }
            count(&mut auto);
            let recorded = auto.count_news.unwrap();
            assert_eq!(recorded.outcome, Outcome::ByComputer);
            assert_eq!(
                recorded.lines(),
                ["not a win: streak ended", "streak 0  best 1"]
            );
            // Auto-solve stopped after a step, the player placing the rest:
            // the computer played this game, no win.
            let (mut helped, _) = rated_app_on(PUZZLE);
            helped.start_autosolve();
            helped.tick();
            helped.autosolve = None;
            solve_by_hand(&mut helped);
            count(&mut helped);
            assert_eq!(helped.count_news.unwrap().outcome, Outcome::ByComputer);
            // After a restart it is the player's game again.
            let (mut again, slower) = rated_app_on(PUZZLE);
            slower.advance(Duration::from_secs(200));
            again.solve();
            again.undo();
            again.restart();
            solve_by_hand(&mut again);
            count(&mut again);
            assert_eq!(
                again.count_news.unwrap().outcome,
                Outcome::Won { hints: false }
            );
            // A hint makes a win with hints: the streak goes on.
            let (mut hinted, _) = rated_app_on(PUZZLE);
            hinted.hint();
            solve_by_hand(&mut hinted);
            count(&mut hinted);
            let recorded = hinted.count_news.unwrap();
            assert_eq!(recorded.outcome, Outcome::Won { hints: true });
            assert_eq!(
                recorded.lines(),
                ["hints: no best time", "streak 2  best 2"]
            );
            let easy = load().unwrap().levels[0];
            assert_eq!((easy.won, easy.won_with_hints, easy.by_computer), (3, 1, 2));
            assert_eq!((easy.streak, easy.best_streak), (2, 2));
            assert_eq!(easy.best_seconds, Some(75));
        });
    }

    /// Counting never waits for the rating: a game solved before its
    /// level is known is counted when the level comes, as it ended (its
    /// time, no hints), even if undone meanwhile, and once only.
    #[test]
    fn a_game_solved_before_its_level_is_known_is_counted_when_it_comes() {
        use crate::play::rating::Rated;
        in_temp_folder(|folder| {
            let puzzle = sudokuflow::Grid::parse_line(PUZZLE).unwrap();
            let rated = Rated::pending();
            let clock = crate::play::clock::ManualClock::new();
            let mut app = App::with_rating(puzzle, clock.clone(), Some(rated.clone()));
            clock.advance(Duration::from_secs(40));
            solve_by_hand(&mut app);
            count(&mut app);
            let won = Outcome::Won { hints: false };
            let awaiting_level = AwaitingLevel {
                outcome: won,
                seconds: 40,
            };
            assert_eq!(app.awaiting_level, Some(awaiting_level));
            // Already counted for a save made now: solved again after
            // it is resumed, the game does not count twice.
            assert!(app.count_news.is_none() && app.count_taken);
            assert!(!folder.join(FILE_NAME).exists());
            // Undone, and hints taken: the game ended as it was solved.
            app.undo();
            app.hint();
            clock.advance(Duration::from_secs(100));
            count(&mut app);
            assert_eq!(app.awaiting_level, Some(awaiting_level));
            let options = sudokuflow::logic::Options::default();
            rated.finish(sudokuflow::logic::rate(&puzzle, &options).ok());
            count(&mut app);
            assert!(app.count_taken && app.awaiting_level.is_none());
            assert!(app.count_news.is_none(), "undone: no news on the board");
            let easy = load().unwrap().levels[0];
            assert_eq!((easy.won, easy.won_with_hints), (1, 0));
            assert_eq!(easy.best_seconds, Some(40));
            // Solved again: not counted again, but the news, not seen
            // yet, is for the solved screen; once.
            app.redo();
            count(&mut app);
            assert!(app.awaiting_level.is_none() && app.counted_while_undone.is_none());
            let recorded = app.count_news.clone().unwrap();
            assert_eq!(recorded.outcome, won);
            assert_eq!(recorded.record, Some(easy));
            assert_eq!(load().unwrap().levels[0].won, 1);
            app.undo();
            count(&mut app);
            app.redo();
            count(&mut app);
            assert!(app.count_news.is_none());
            assert_eq!(load().unwrap().levels[0].won, 1);
        });
    }

    /// A corrupt file is kept aside (never overwritten nor removed) and
    /// named with its bad field; another version's file is left alone and
    /// the game not counted.
    #[test]
    fn a_damaged_statistics_file_is_kept_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let mut good = Stats::default();
        add(&mut good.levels[2], Outcome::Won { hints: false }, 300);
        let good: Value = serde_json::from_str(&encode(&good)).unwrap();
        type Edit = Box<dyn Fn(&mut Value)>;
        let cases: Vec<(&str, Edit)> = vec![
            (
                "field \"version\" is missing",
                Box::new(|v| {
                    v.as_object_mut().unwrap().remove("version");
                }),
            ),
            (
                "field \"levels\" is missing",
                Box::new(|v| {
                    v.as_object_mut().unwrap().remove("levels");
                }),
            ),
            (
                "field \"levels\".hard.won: not a whole number",
                Box::new(|v| {
                    v["levels"]["hard"]["won"] = "many".into();
                }),
            ),
            (
                "field \"levels\".easy.streak is missing",
                Box::new(|v| {
                    v["levels"]["easy"]
                        .as_object_mut()
                        .unwrap()
                        .remove("streak");
                }),
            ),
            (
                "field \"levels\".hard.won_with_hints: 2 is over won (1)",
                Box::new(|v| {
                    v["levels"]["hard"]["won_with_hints"] = 2.into();
                }),
            ),
            (
                "field \"levels\".hard.streak: 5 is over best_streak (1)",
                Box::new(|v| {
                    v["levels"]["hard"]["streak"] = 5.into();
                }),
            ),
            (
                "field \"levels\".hard.best_seconds: 301 is over total_seconds (300)",
                Box::new(|v| {
                    v["levels"]["hard"]["best_seconds"] = 301.into();
                }),
            ),
        ];
        for (why, edit) in &cases {
            let mut bad = good.clone();
            edit(&mut bad);
            let text = bad.to_string();
            fs::write(&path, &text).unwrap();
            let err = match read(&path) {
                Err(Unreadable::Corrupt(err)) => err,
                _ => panic!("{why}: not found corrupt"),
            };
            assert!(
                err.contains(&format!(
                    "statistics file {} is corrupt: {why}",
                    path.display()
                )),
                "expected {why:?}, got {err:?}"
            );
            assert!(!err.contains(char::is_control), "{err:?}");
            assert_eq!(fs::read_to_string(&path).unwrap(), text, "kept");
        }
        // Counting a game puts the corrupt file aside, untouched, and
        // starts again.
        fs::write(&path, "{\"version\": 1, \"levels\": [").unwrap();
        let won = Outcome::Won { hints: false };
        let recorded = record_in(&path, "medium", won, 40);
        let problem = recorded.problem.unwrap();
        assert!(problem.contains("is corrupt: not JSON"), "{problem}");
        let aside = files_put_aside(dir.path(), &path);
        assert_eq!(aside.len(), 1);
        assert!(
            problem.contains(&format!("kept as {}", aside[0].display())),
            "{problem}"
        );
        assert_eq!(
            fs::read_to_string(&aside[0]).unwrap(),
            "{\"version\": 1, \"levels\": ["
        );
        assert_eq!(recorded.record.unwrap().won, 1);
        assert!(read(&path).is_ok_and(|s| s.levels[1].won == 1));
        // Another version's file: not touched, the game not counted.
        fs::write(&path, "{\"version\": 2}").unwrap();
        let recorded = record_in(&path, "medium", won, 40);
        assert_eq!(recorded.record, None);
        let problem = recorded.problem.unwrap();
        assert!(
            problem.contains("from another version of sudokuflow (format 2"),
            "{problem}"
        );
        assert!(problem.contains("this game was not counted"), "{problem}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\"version\": 2}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    /// Keeping a damaged file aside never replaces a file already under
    /// the name chosen (another game's, kept aside in the same second):
    /// the move fails and the next name is taken.
    #[test]
    fn a_file_kept_aside_never_replaces_another() {
        let dir = tempfile::tempdir().unwrap();
        let (damaged, taken) = (dir.path().join(FILE_NAME), dir.path().join("taken.json"));
        for moving in [move_without_replacing, copy_without_replacing] {
            fs::write(&damaged, "mine").unwrap();
            fs::write(&taken, "another game's").unwrap();
            let err = moving(&damaged, &taken).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::AlreadyExists);
            assert_eq!(fs::read_to_string(&taken).unwrap(), "another game's");
            assert_eq!(fs::read_to_string(&damaged).unwrap(), "mine");
        }
        let free = dir.path().join("free.json");
        move_without_replacing(&damaged, &free).unwrap();
        assert_eq!(fs::read_to_string(&free).unwrap(), "mine");
        assert!(!damaged.exists());
        let copied = dir.path().join("copied.json");
        copy_without_replacing(&free, &copied).unwrap();
        assert_eq!(fs::read_to_string(&copied).unwrap(), "mine");
        // The first three names of this second and the next taken: the
        // damaged file goes under a free one, the others untouched.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        for seconds in [now, now + 1] {
            for n in 0..3 {
                let name = format!("statistics-damaged-{seconds}-{n}.json");
                fs::write(dir.path().join(name), format!("kept {n}")).unwrap();
            }
        }
        fs::write(&damaged, "{").unwrap();
        let aside = keep_aside(&damaged).unwrap();
        // The next number, or a later second's first if the clock moved on.
        let name = aside.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.ends_with("-3.json") || name.ends_with("-0.json"),
            "{name}"
        );
        assert_eq!(fs::read_to_string(&aside).unwrap(), "{");
        for seconds in [now, now + 1] {
            for n in 0..3 {
                let name = format!("statistics-damaged-{seconds}-{n}.json");
                let kept = fs::read_to_string(dir.path().join(name)).unwrap();
                assert_eq!(kept, format!("kept {n}"));
            }
        }
    }

    /// A statistics file too large to read (over 4 MiB) is damage: put
    /// aside whole, and the game counted; the copy made where a hard link
    /// can't be takes any size.
    #[test]
    fn a_statistics_file_over_4_mib_is_kept_aside_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let big: Vec<u8> = (0..5 << 20).map(|i: u32| b'a' + (i % 26) as u8).collect();
        fs::write(&path, &big).unwrap();
        let copied = dir.path().join("copied.json");
        copy_without_replacing(&path, &copied).unwrap();
        assert!(fs::read(&copied).unwrap() == big, "copied whole");
        fs::remove_file(&copied).unwrap();
        let recorded = record_in(&path, "easy", Outcome::Won { hints: false }, 30);
        let problem = recorded.problem.unwrap();
        assert!(
            problem.contains("is corrupt: larger than 4 MiB; it was kept as"),
            "{problem}"
        );
        assert_eq!(recorded.record.map(|r| r.won), Some(1));
        let aside = files_put_aside(dir.path(), &path);
        assert_eq!(aside.len(), 1);
        assert!(fs::read(&aside[0]).unwrap() == big, "kept aside whole");
    }

    /// A statistics file the player made read-only is neither replaced
    /// nor put aside, even corrupt; the message names it, escaped.
    #[test]
    fn a_read_only_statistics_file_is_left_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("odd\u{1b}[2Jname");
        fs::create_dir(&folder).unwrap();
        let path = folder.join(FILE_NAME);
        let mut stats = Stats::default();
        add(&mut stats.levels[0], Outcome::Won { hints: false }, 60);
        let won = Outcome::Won { hints: false };
        for text in [encode(&stats), "{ damaged".to_string()] {
            fs::write(&path, &text).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
            let recorded = record_in(&path, "easy", won, 30);
            assert_eq!(recorded.record, None);
            let problem = recorded.problem.unwrap();
            let shown = printable(path.display().to_string().as_bytes()).into_owned();
            assert_eq!(
                problem,
                format!(
                    "statistics are not saved: the file {shown} is read-only (this game was not counted)"
                )
            );
            assert!(!problem.contains(char::is_control), "{problem}");
            assert_eq!(fs::read_to_string(&path).unwrap(), text);
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o444);
            assert_eq!(
                fs::read_dir(&folder).unwrap().count(),
                1,
                "nothing put aside"
            );
            fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        }
        // Writable again: counted.
        fs::write(&path, encode(&stats)).unwrap();
        let recorded = record_in(&path, "easy", won, 30);
        assert_eq!(recorded.record.map(|r| r.won), Some(2));
    }

    /// Fields a newer version adds, at the top or in a level, survive a
    /// game counted by this one; the known ones are updated.
    #[test]
    fn unknown_fields_are_written_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let mut file: Value = serde_json::from_str(&encode(&Stats::default())).unwrap();
        file["theme"] = json!({"board": "blue", "sizes": [1, 2]});
        file["levels"]["easy"]["fewest_moves"] = json!(41);
        file["levels"]["hell"]["note"] = json!("x\u{1b}y");
        fs::write(&path, file.to_string()).unwrap();
        let recorded = record_in(&path, "easy", Outcome::Won { hints: false }, 50);
        assert_eq!(recorded.problem, None);
        let back: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        assert_eq!(back["theme"], json!({"board": "blue", "sizes": [1, 2]}));
        assert_eq!(back["levels"]["easy"]["fewest_moves"], json!(41));
        assert_eq!(back["levels"]["easy"]["won"], json!(1));
        assert_eq!(back["levels"]["hell"]["note"], json!("x\u{1b}y"));
        assert_eq!(back["version"], json!(VERSION));
        assert!(read(&path).is_ok_and(|stats| stats.levels[0].won == 1));
    }

    /// A level this version does not know (a newer version's), whatever
    /// it holds, is no damage: the file is read, the game counted, and the
    /// level written back as it was.
    #[test]
    fn unknown_levels_are_written_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let mut file: Value = serde_json::from_str(&encode(&Stats::default())).unwrap();
        let nightmare = json!({"won": 3, "streak": "long", "moves": [1, 2]});
        file["levels"]["nightmare"] = nightmare.clone();
        file["levels"]["x\u{1b}[2J"] = Value::Null;
        fs::write(&path, file.to_string()).unwrap();
        assert!(read(&path).is_ok_and(|stats| stats.levels == Stats::default().levels));
        let recorded = record_in(&path, "hard", Outcome::Won { hints: false }, 70);
        assert_eq!(recorded.problem, None);
        assert_eq!(recorded.record.map(|r| r.won), Some(1));
        let back: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        assert_eq!(back["levels"]["nightmare"], nightmare);
        assert_eq!(back["levels"]["x\u{1b}[2J"], Value::Null);
        assert_eq!(back["levels"]["hard"]["won"], json!(1));
        assert_eq!(back["levels"].as_object().unwrap().len(), LEVELS.len() + 2);
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "nothing put aside"
        );
    }

    /// The table fits the start screen at 80 columns.
    #[test]
    fn the_table_fits_the_smallest_start_screen_and_big_numbers_stay_apart() {
        let mut stats = Stats::default();
        add(
            &mut stats.levels[5],
            Outcome::Won { hints: false },
            3 * 3600 + 5,
        );
        let table = table(&stats);
        assert!(table.iter().all(|l| l.chars().count() == 52), "{table:#?}");
        assert!(table[6].starts_with("unrated   1"), "{}", table[6]);
        assert!(table[6].contains("3:00:05"), "{}", table[6]);
        assert!(RULES.iter().all(|l| l.chars().count() <= 52));
        stats.levels[0] = Record {
            won: u64::MAX,
            won_with_hints: u64::MAX,
            best_seconds: Some(u64::MAX / 2),
            total_seconds: u64::MAX,
            streak: u64::MAX,
            best_streak: u64::MAX,
            by_computer: u64::MAX,
        };
        let easy = &super::table(&stats)[1];
        assert_eq!(easy.split_whitespace().count(), 8, "{easy}");
    }
}
