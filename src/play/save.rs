//! Saved games: one JSON file per puzzle (its slot,
//! `game-PUZZLE.json`) in `$XDG_DATA_HOME/sudokuflow` (default
//! `~/.local/share/sudokuflow`), written atomically by [`write_file`].
//! Every field is checked on load and a bad one is reported by name; a file
//! this version cannot read is never overwritten without asking: saving
//! refuses, the front ends ask, and with no one to ask (a panic, a signal)
//! the game goes beside it in a recovery file of its own.

use std::collections::HashSet;
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, anyhow, bail};
use serde::Serialize;
use serde_json::{Map, Value};
use sudokuflow::Grid;
use sudokuflow::format::printable;

use super::app::{App, Front, State};
use super::board::{Board, Move, first_repeat};
use super::clock::{SharedClock, Timer};
use super::keys::Command;
use super::rating::Rated;
use crate::app::output::AtomicFile;

/// Bumped whenever a field changes meaning. Fields added since (the moves,
/// `saved_at`, `saved_at_nanos`, `level`, `counted`) are optional, so older saves still
/// load.
const VERSION: u64 = 1;

/// The longest time a save may record: a century (of 365.25 days). More is a
/// damaged file; a game left open longer is saved with this time.
const MAX_SECONDS_PLAYED: u64 = 3_155_760_000;

#[derive(Serialize)]
struct Saved<'a> {
    version: u64,
    puzzle: String,
    /// Each state: 81 digits ('0' empty), 81 note masks, and its move.
    history: Vec<SavedState<'a>>,
    at: usize,
    cursor: usize,
    hints_used: u32,
    mistakes: u32,
    seconds_played: u64,
    source: &'a str,
    /// The file and puzzle number (from 1) of a puzzle from a file.
    file: Option<&'a Path>,
    puzzle_number: Option<usize>,
    /// When it was saved, in seconds since 1970.
    saved_at: u64,
    /// And the nanoseconds past that second: two games saved within one
    /// second are still listed the newest first.
    saved_at_nanos: u32,
    /// The level and rating, for the list of saved games.
    level: Option<String>,
    /// Counted in the statistics: solved once already.
    counted: bool,
}

#[derive(Serialize)]
struct SavedState<'a> {
    cells: String,
    notes: &'a [u16],
    #[serde(rename = "move")]
    by: &'a Move,
}

/// The folder holding the saved games.
pub fn folder() -> anyhow::Result<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            let home = std::env::var_os("HOME")
                .ok_or_else(|| anyhow!("neither XDG_DATA_HOME nor HOME is set"))?;
            PathBuf::from(home).join(".local/share")
        }
    };
    Ok(base.join("sudokuflow"))
}

fn digits(cells: &[u8; 81]) -> String {
    cells.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The slot of `puzzle`: where its game is saved.
pub fn slot(puzzle: &Grid) -> anyhow::Result<PathBuf> {
    Ok(folder()?.join(format!("game-{}.json", digits(puzzle.cells()))))
}

/// The puzzles that have a save file (the names of the slots), for lists
/// to mark the games in progress.
pub fn saved_puzzles() -> HashSet<Grid> {
    let Ok(dir) = folder() else {
        return HashSet::new();
    };
    fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name();
            let digits = name
                .to_str()?
                .strip_prefix("game-")?
                .strip_suffix(".json")?;
            Grid::parse_line(digits.as_bytes()).ok()
        })
        .collect()
}

/// The time since 1970.
fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// The game as the JSON its save file holds.
pub fn encode(app: &App) -> String {
    let saved_at = now();
    let saved = Saved {
        version: VERSION,
        puzzle: digits(app.puzzle.cells()),
        history: app
            .history
            .iter()
            .map(|s| SavedState {
                cells: digits(&s.board.cells),
                notes: &s.board.notes,
                by: &s.by,
            })
            .collect(),
        at: app.at,
        cursor: app.cursor,
        hints_used: app.hints_used,
        mistakes: app.mistakes,
        seconds_played: app.elapsed().as_secs().min(MAX_SECONDS_PLAYED),
        source: &app.source,
        file: app.file.as_ref().map(|(file, _)| file.as_path()),
        puzzle_number: app.file.as_ref().map(|&(_, number)| number),
        saved_at: saved_at.as_secs(),
        saved_at_nanos: saved_at.subsec_nanos(),
        level: app.rating.get().flatten().map(super::rating::words),
        counted: app.count_taken,
    };
    serde_json::to_string(&saved).expect("a game encodes as JSON")
}

/// Writes `bytes` as the file at `path`, atomically (the program's one
/// atomic writer: a temporary file in its folder, synced, then renamed over
/// it): the one place the game writes a file.
pub fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().expect("a file path has a folder");
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.commit()
}

/// Why the file at `path` can't be replaced without asking: it exists and
/// this version can't read it (corrupt, or from another version).
pub fn unreadable(path: &Path) -> Option<String> {
    if !path.exists() {
        return None;
    }
    read(path).err().map(|e| format!("{e:#}"))
}

/// Saves the game in its slot; refuses to replace a file there this
/// version can't read. A game resumed from another file (a recovery file,
/// or the single save of older versions) leaves it once saved in its slot.
pub fn save(app: &App) -> anyhow::Result<PathBuf> {
    let path = slot(&app.puzzle)?;
    if let Some(why) = unreadable(&path) {
        bail!("{why}; it was not overwritten: move it away to save this game");
    }
    save_over(app)
}

/// Saves the game in its slot over whatever is there: the player said yes.
pub fn save_over(app: &App) -> anyhow::Result<PathBuf> {
    let path = slot(&app.puzzle)?;
    write_file(&path, encode(app).as_bytes())?;
    forget_origin(app, &path);
    Ok(path)
}

/// Removes the file a game was resumed from once it is kept elsewhere.
fn forget_origin(app: &App, kept: &Path) {
    if let Some(origin) = &app.loaded_from
        && origin != kept
    {
        let _ = fs::remove_file(origin);
    }
}

/// Recovery files made by this process, so two in one second differ.
static RECOVERED: AtomicU64 = AtomicU64::new(0);

/// Writes `json` (from [`encode`]) in `slot`, or, where that holds a file
/// this version can't read, beside it in a recovery file named by the time,
/// the process and a count (no two alike): for a panic or a signal, when
/// there is no one to ask.
pub fn write_somewhere(json: &str, slot: &Path) -> anyhow::Result<PathBuf> {
    let path = if unreadable(slot).is_none() {
        slot.to_path_buf()
    } else {
        let n = RECOVERED.fetch_add(1, Ordering::Relaxed);
        let name = format!(
            "game-recovered-{}-{}-{n}.json",
            now().as_secs(),
            std::process::id()
        );
        slot.with_file_name(name)
    };
    write_file(&path, json.as_bytes())?;
    Ok(path)
}

/// A saved game as the start screen lists it.
pub struct Listed {
    pub path: PathBuf,
    /// When it was saved, since 1970 (the file's time for older saves).
    pub saved_at: Duration,
    /// What it is, or why it can't be read.
    pub game: Result<Summary, String>,
}

pub struct Summary {
    pub level: Option<String>,
    pub source: String,
    /// Cells filled, givens included.
    pub filled: usize,
    pub seconds_played: u64,
}

/// Every saved game of the folder, the newest first (files that can't be
/// read too, with why).
pub fn list() -> Vec<Listed> {
    let Ok(dir) = folder() else {
        return Vec::new();
    };
    let mut games: Vec<Listed> = fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("game") && name.ends_with(".json") && p.is_file()
        })
        .map(|path| {
            let modified = fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .unwrap_or_default();
            match read(&path) {
                Ok(saved) => Listed {
                    saved_at: saved.saved_at.unwrap_or(modified),
                    game: Ok(Summary {
                        level: saved.level.clone(),
                        source: saved.source.clone(),
                        filled: saved.history[saved.at]
                            .board
                            .cells
                            .iter()
                            .filter(|&&d| d != 0)
                            .count(),
                        seconds_played: saved.seconds_played,
                    }),
                    path,
                },
                Err(e) => Listed {
                    saved_at: modified,
                    game: Err(format!("{e:#}")),
                    path,
                },
            }
        })
        .collect();
    games.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.path.cmp(&b.path)));
    games
}

/// The newest saved game this version can read.
pub fn load_newest(clock: SharedClock) -> anyhow::Result<App> {
    let games = list();
    match games.iter().find(|g| g.game.is_ok()) {
        Some(newest) => load(&newest.path, clock),
        None => match games.first() {
            Some(Listed { game: Err(why), .. }) => {
                bail!("no saved game this version can read: {why}")
            }
            _ => bail!("no saved game in {}", folder()?.display()),
        },
    }
}

/// A game on `puzzle` played in `front`: the saved game of the puzzle when
/// there is one this version can read (reopening a puzzle resumes it, and
/// restarting is a move that undo brings back), else a new one. A save that
/// can't be read is left for saving to ask about.
pub fn resume_or_new(puzzle: Grid, clock: SharedClock, front: Front, rated: Option<Rated>) -> App {
    let saved = slot(&puzzle).ok().filter(|path| path.is_file());
    let loaded = saved.and_then(|path| load_rated(&path, clock.clone(), rated.clone()).ok());
    if let Some(mut app) = loaded {
        app.front = front;
        app.message = format!(
            "resumed your saved game of this puzzle (move {}); {} starts it again",
            app.at,
            app.key_name(Command::Restart)
        );
        return app;
    }
    let mut app = App::with_rating(puzzle, clock, rated);
    app.front = front;
    app
}

/// Resumes the game saved at `path`, its time counted on `clock`.
pub fn load(path: &Path, clock: SharedClock) -> anyhow::Result<App> {
    load_rated(path, clock, None)
}

/// [`load`], with the puzzle's rating when it is known or under way.
fn load_rated(path: &Path, clock: SharedClock, rated: Option<Rated>) -> anyhow::Result<App> {
    let saved = read(path)?;
    let mut app = App::with_rating(saved.puzzle, clock.clone(), rated);
    app.history = saved.history;
    app.at = saved.at;
    app.cursor = saved.cursor;
    app.hints_used = saved.hints_used;
    app.mistakes = saved.mistakes;
    app.timer = Timer::new(clock, Duration::from_secs(saved.seconds_played));
    app.source = saved.source;
    app.file = saved.file;
    app.loaded_from = Some(path.to_path_buf());
    app.overlay = None;
    // A solved game reopened is not counted again.
    app.count_taken = saved.counted || app.is_solved();
    if !app.is_solved() {
        app.timer.start();
    }
    app.saved();
    Ok(app)
}

/// Deletes the saved game at `path`, as the player asked on the start
/// screen.
pub fn delete(path: &Path) -> anyhow::Result<()> {
    fs::remove_file(path).with_context(|| format!("cannot delete {}", path.display()))
}

/// Removes a solved game's save: its slot, and the file it was resumed from.
pub fn remove(app: &App) {
    if let Ok(path) = slot(&app.puzzle) {
        let _ = fs::remove_file(&path);
        forget_origin(app, &path);
    }
}

/// A save file's fields, checked.
struct Checked {
    puzzle: Grid,
    history: Vec<State>,
    at: usize,
    cursor: usize,
    hints_used: u32,
    mistakes: u32,
    seconds_played: u64,
    source: String,
    file: Option<(PathBuf, usize)>,
    saved_at: Option<Duration>,
    level: Option<String>,
    counted: bool,
}

/// Reads and checks the save file at `path`, naming the bad field.
/// The largest save or statistics file read: far more than any game needs.
const MAX_FILE_BYTES: u64 = 4 << 20;

/// The bytes of the game's file at `path`, if it is a regular file of at
/// most 4 MiB (`InvalidData` if larger): a FIFO or a device in its place
/// must neither block the game nor fill its memory.
pub fn read_own_file(path: &Path) -> io::Result<Vec<u8>> {
    // Opening a FIFO without O_NONBLOCK waits for a writer.
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} MiB", MAX_FILE_BYTES >> 20),
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Why the bytes of one of the game's JSON files gave no fields.
pub enum NotFields {
    /// Damaged: why, for "… is corrupt: why".
    Corrupt(String),
    /// Written by another version: the format it names.
    OtherVersion(serde_json::Number),
}

/// The fields of the JSON object in `bytes`, if its `version` is `version`.
pub fn json_fields(bytes: &[u8], version: u64) -> Result<Map<String, Value>, NotFields> {
    let corrupt = |why: &str| NotFields::Corrupt(why.into());
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        if std::str::from_utf8(bytes).is_err() {
            corrupt("it is not text (UTF-8)")
        } else {
            NotFields::Corrupt(format!("not JSON ({e})"))
        }
    })?;
    let Value::Object(fields) = value else {
        return Err(corrupt("not a JSON object"));
    };
    match fields.get("version") {
        Some(Value::Number(n)) if n.as_u64() == Some(version) => Ok(fields),
        Some(Value::Number(n)) => Err(NotFields::OtherVersion(n.clone())),
        Some(_) => Err(corrupt("field \"version\": not a number")),
        None => Err(corrupt("field \"version\" is missing")),
    }
}

fn read(path: &Path) -> anyhow::Result<Checked> {
    let bytes = read_own_file(path).with_context(|| format!("cannot read {}", path.display()))?;
    let corrupt = |why: String| anyhow!("the save file {} is corrupt: {why}", path.display());
    let fields = match json_fields(&bytes, VERSION) {
        Ok(fields) => fields,
        Err(NotFields::Corrupt(why)) => return Err(corrupt(why)),
        Err(NotFields::OtherVersion(n)) => bail!(
            "the save file {} is from another version of sudokuflow (format {n}, this one reads {VERSION})",
            path.display()
        ),
    };
    check(&fields).map_err(corrupt)
}

/// A field's value, or why it is missing.
fn field<'a>(fields: &'a Map<String, Value>, name: &str) -> Result<&'a Value, String> {
    fields
        .get(name)
        .ok_or_else(|| format!("field \"{name}\" is missing"))
}

/// A whole number field no larger than `max`.
fn number(fields: &Map<String, Value>, name: &str, max: u64) -> Result<u64, String> {
    match field(fields, name)?.as_u64() {
        Some(n) if n <= max => Ok(n),
        Some(n) => Err(format!("field \"{name}\": {n} is over {max}")),
        None => Err(format!("field \"{name}\": not a whole number")),
    }
}

/// An optional field: absent or null is `None`.
fn optional<'a>(fields: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|v| !v.is_null())
}

fn grid(text: &Value, name: &str) -> Result<Grid, String> {
    let text = text
        .as_str()
        .ok_or_else(|| format!("{name}: not a string"))?;
    Grid::parse_line(text.as_bytes()).map_err(|e| format!("{name}: {e}"))
}

fn check(fields: &Map<String, Value>) -> Result<Checked, String> {
    let puzzle = grid(field(fields, "puzzle")?, "field \"puzzle\"")?;
    if let Some(repeat) = first_repeat(puzzle.cells()) {
        return Err(format!("field \"puzzle\": conflicting givens ({repeat})"));
    }
    let Value::Array(states) = field(fields, "history")? else {
        return Err("field \"history\": not a list".into());
    };
    if states.is_empty() {
        return Err("field \"history\": empty".into());
    }
    let mut history = Vec::with_capacity(states.len());
    for (i, state) in states.iter().enumerate() {
        history.push(check_state(state, i, &puzzle, history.last())?);
    }
    let at = number(fields, "at", history.len() as u64 - 1)? as usize;
    let cursor = number(fields, "cursor", 80)? as usize;
    let hints_used = number(fields, "hints_used", u32::MAX.into())? as u32;
    let mistakes = number(fields, "mistakes", u32::MAX.into())? as u32;
    let seconds_played = number(fields, "seconds_played", MAX_SECONDS_PLAYED)?;
    // Text from a file reaches the screen: its control characters escaped.
    let source = field(fields, "source")?
        .as_str()
        .map(|text| printable(text.as_bytes()).into_owned())
        .ok_or("field \"source\": not a string")?;
    let file = match (optional(fields, "file"), optional(fields, "puzzle_number")) {
        (None, None) => None,
        (Some(file), Some(number)) => {
            let file = file.as_str().ok_or("field \"file\": not a string")?;
            let number = number
                .as_u64()
                .filter(|&n| n >= 1)
                .ok_or("field \"puzzle_number\": not a number from 1")?;
            Some((PathBuf::from(file), number as usize))
        }
        (Some(_), None) => {
            return Err("field \"puzzle_number\" is missing (\"file\" is set)".into());
        }
        (None, Some(_)) => {
            return Err("field \"file\" is missing (\"puzzle_number\" is set)".into());
        }
    };
    let nanos = match optional(fields, "saved_at_nanos") {
        None => 0,
        Some(_) => number(fields, "saved_at_nanos", 999_999_999)? as u32,
    };
    let saved_at = match optional(fields, "saved_at") {
        None => None,
        Some(_) => Some(Duration::new(number(fields, "saved_at", u64::MAX)?, nanos)),
    };
    let level = match optional(fields, "level") {
        None => None,
        Some(level) => Some(
            level
                .as_str()
                .map(|text| printable(text.as_bytes()).into_owned())
                .ok_or("field \"level\": not a string")?,
        ),
    };
    let counted = match optional(fields, "counted") {
        None => false,
        Some(counted) => counted
            .as_bool()
            .ok_or("field \"counted\": not true or false")?,
    };
    Ok(Checked {
        puzzle,
        history,
        at,
        cursor,
        hints_used,
        mistakes,
        seconds_played,
        source,
        file,
        saved_at,
        level,
        counted,
    })
}

/// State `i` of the history: its digits keep the givens, its notes are 81
/// sets of digits 1-9 on empty cells, its move is one the game makes (the
/// first state is the puzzle itself).
fn check_state(
    state: &Value,
    i: usize,
    puzzle: &Grid,
    before: Option<&State>,
) -> Result<State, String> {
    let name = format!("field \"history\"[{i}]");
    let Value::Object(fields) = state else {
        return Err(format!("{name}: not a JSON object"));
    };
    let at = |field: &str| format!("{name}.{field}");
    let cells = *grid(
        fields
            .get("cells")
            .ok_or_else(|| format!("{} is missing", at("cells")))?,
        &at("cells"),
    )?
    .cells();
    let Some(Value::Array(notes)) = fields.get("notes") else {
        return Err(format!("{}: missing or not a list", at("notes")));
    };
    if notes.len() != 81 {
        return Err(format!(
            "{}: {} entries, expected 81",
            at("notes"),
            notes.len()
        ));
    }
    let mut masks = [0u16; 81];
    for (cell, (mask, note)) in masks.iter_mut().zip(notes).enumerate() {
        *mask = note
            .as_u64()
            .filter(|&m| m & !u64::from(sudokuflow::logic::ALL_DIGITS) == 0)
            .ok_or_else(|| format!("{}[{cell}]: not a set of digits 1-9", at("notes")))?
            as u16;
        if *mask != 0 && cells[cell] != 0 {
            return Err(format!("{}[{cell}]: notes on a filled cell", at("notes")));
        }
    }
    if let Some(cell) = (0..81).find(|&c| puzzle.get(c) != 0 && cells[c] != puzzle.get(c)) {
        return Err(format!(
            "{}: the given of {} is changed",
            at("cells"),
            super::board::cell_name(cell)
        ));
    }
    let board = Board {
        cells,
        notes: masks,
    };
    let by = match (fields.get("move"), before) {
        (Some(by), _) => serde_json::from_value(by.clone())
            .map_err(|e| format!("{}: not a move ({e})", at("move")))?,
        (None, None) => Move::Start,
        // Saved by a version that kept no moves.
        (None, Some(before)) => guess_move(&before.board, &board),
    };
    if i == 0 && (cells != *puzzle.cells() || masks != [0; 81] || by != Move::Start) {
        return Err(format!("{name}: the first state is not the puzzle"));
    }
    if i > 0 && by == Move::Start {
        return Err(format!("{}: only the first state is the start", at("move")));
    }
    Ok(State { board, by })
}

/// The move between two states of a save without moves: one digit placed
/// or cleared, or one note changed, is named; anything else is a hint.
fn guess_move(before: &Board, after: &Board) -> Move {
    let changed: Vec<usize> = (0..81)
        .filter(|&c| before.cells[c] != after.cells[c] || before.notes[c] != after.notes[c])
        .collect();
    match changed[..] {
        [c] if before.cells[c] != after.cells[c] && after.cells[c] != 0 => Move::Place {
            cell: c as u8,
            digit: after.cells[c],
        },
        [c] if before.cells[c] != after.cells[c] => Move::Clear { cell: c as u8 },
        [c] if (before.notes[c] ^ after.notes[c]).count_ones() == 1 => {
            let bit = before.notes[c] ^ after.notes[c];
            Move::Note {
                cell: c as u8,
                digit: bit.trailing_zeros() as u8,
                on: after.notes[c] & bit != 0,
            }
        }
        _ => Move::Hint {
            technique: "(an older save)".into(),
        },
    }
}

/// `2024-05-01 14:02` in local time, for seconds since 1970.
pub fn local_date(seconds: u64) -> String {
    let time = libc::time_t::try_from(seconds).unwrap_or(libc::time_t::MAX);
    // SAFETY: localtime_r writes only into `tm`, which we own; an all-zero
    // tm is a valid value to start from.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let ok = !unsafe { libc::localtime_r(&time, &mut tm) }.is_null();
    if !ok {
        return "?".into();
    }
    format!(
        "{}-{:02}-{:02} {:02}:{:02}",
        i64::from(tm.tm_year) + 1900,
        tm.tm_mon + 1,
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min
    )
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::play::app::tests::{PUZZLE, app_on};
    use crate::play::clock::ManualClock;
    use std::sync::Mutex;

    /// Tests that point XDG_DATA_HOME somewhere take turns.
    static FOLDER: Mutex<()> = Mutex::new(());

    /// Runs `test` with XDG_DATA_HOME in a folder of its own; it gets the
    /// game's folder there.
    pub fn in_temp_folder(test: impl FnOnce(&Path)) {
        let _turn = FOLDER.lock().unwrap_or_else(|p| p.into_inner());
        let dir = tempfile::tempdir().unwrap();
        // SAFETY: only these tests, one at a time, touch XDG_DATA_HOME.
        unsafe { std::env::set_var("XDG_DATA_HOME", dir.path()) };
        test(&dir.path().join("sudokuflow"));
    }

    /// A FIFO, a device or a huge file in place of a save or the
    /// statistics is refused at once: it neither blocks the game (opening a
    /// FIFO waits for a writer) nor fills its memory.
    #[test]
    fn only_a_regular_file_of_sane_size_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("statistics.json");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid C string naming a path in our own folder.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let (done, result) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || done.send(read_own_file(&path).map_err(|e| e.to_string())));
        let read = result
            .recv_timeout(Duration::from_secs(60))
            .expect("reading a FIFO blocked");
        assert_eq!(read, Err("not a regular file".into()));
        assert_eq!(
            read_own_file(Path::new("/dev/zero")).map_err(|e| e.to_string()),
            Err("not a regular file".into())
        );
        let big = dir.path().join("big.json");
        fs::File::create(&big)
            .unwrap()
            .set_len(MAX_FILE_BYTES + 1)
            .unwrap();
        assert_eq!(
            read_own_file(&big).map_err(|e| e.to_string()),
            Err("larger than 4 MiB".into())
        );
        let small = dir.path().join("small.json");
        fs::write(&small, "{}").unwrap();
        assert_eq!(read_own_file(&small).unwrap(), b"{}");
    }

    #[test]
    fn round_trip_and_corrupt_slot() {
        in_temp_folder(|folder| {
            let (mut app, _) = app_on(PUZZLE);
            app.place(2, 4);
            app.toggle_note(3, 2);
            app.undo();
            app.set_file(Path::new("sudoku1.txt"), 3);
            let path = save(&app).unwrap();
            assert!(path.starts_with(folder));
            let back = load(&path, ManualClock::new()).unwrap();
            assert_eq!(back.history, app.history);
            assert_eq!((back.at, back.cursor), (1, 2));
            assert_eq!(back.source, "sudoku1.txt #3");
            assert_eq!(back.file, Some((PathBuf::from("sudoku1.txt"), 3)));
            assert!(!back.dirty);

            fs::write(&path, "{not json").unwrap();
            let err = format!("{:#}", load(&path, ManualClock::new()).err().unwrap());
            assert!(err.contains("corrupt"), "{err}");
            let err = save(&app).unwrap_err().to_string();
            assert!(err.contains("not overwritten"), "{err}");
            assert_eq!(fs::read_to_string(&path).unwrap(), "{not json");

            // With no one to ask, the game goes beside it, never twice in
            // one file.
            let first = write_somewhere(&encode(&app), &path).unwrap();
            let second = write_somewhere(&encode(&app), &path).unwrap();
            assert_ne!(first, second);
            let name = first.file_name().unwrap().to_str().unwrap();
            assert!(name.starts_with("game-recovered-") && name.ends_with(".json"));
            assert_eq!(fs::read_to_string(&path).unwrap(), "{not json");
            let recovered = load(&first, ManualClock::new()).unwrap();
            assert_eq!(recovered.history, app.history);

            fs::write(&path, r#"{"version": 99}"#).unwrap();
            let err = unreadable(&path).unwrap();
            assert!(err.contains("another version"), "{err}");
            assert!(save(&app).is_err());
            // The player said yes.
            save_over(&app).unwrap();
            assert_eq!(
                load(&path, ManualClock::new()).unwrap().history,
                app.history
            );

            // A game resumed from a recovery file leaves it once saved.
            let resumed = load(&second, ManualClock::new()).unwrap();
            save(&resumed).unwrap();
            assert!(!second.exists() && path.exists());
        });
    }

    /// Item 6 of issue 28: a new game never replaces another's save; the
    /// list has them all, the newest first, and --resume takes the newest.
    #[test]
    fn one_slot_per_puzzle_and_the_newest_resumes() {
        in_temp_folder(|_| {
            let (mut easy, _) = app_on(PUZZLE);
            easy.place(2, 4);
            save(&easy).unwrap();
            let other = crate::play::source::new_game(sudokuflow::logic::Level::Medium, 7).unwrap();
            let mut medium = App::new(other, ManualClock::new());
            medium.source = "new medium game, seed 7".into();
            medium.place(medium.cursor, 1);
            // Rated in the background: the save has the level once it is known.
            medium.rating.wait();
            // Most likely in the same second as the easy one: ordered by
            // the nanoseconds too.
            save(&medium).unwrap();
            let listed = list();
            assert_eq!(listed.len(), 2);
            let first = listed[0].game.as_ref().unwrap();
            assert_eq!(first.source, "new medium game, seed 7");
            assert!(first.level.as_deref().unwrap().starts_with("medium"));
            assert_eq!(listed[1].game.as_ref().unwrap().filled, 31);
            let newest = load_newest(ManualClock::new()).unwrap();
            assert_eq!(newest.puzzle, medium.puzzle);
            // Within one second, the later nanosecond is the newer save.
            let easy_path = slot(&easy.puzzle).unwrap();
            let mut json: Value =
                serde_json::from_str(&fs::read_to_string(&easy_path).unwrap()).unwrap();
            json["saved_at"] = listed[0].saved_at.as_secs().into();
            json["saved_at_nanos"] = 999_999_999.into();
            fs::write(&easy_path, json.to_string()).unwrap();
            assert_eq!(list()[0].path, easy_path);
            json["saved_at_nanos"] = 0.into();
            fs::write(&easy_path, json.to_string()).unwrap();
            assert_ne!(list()[0].path, easy_path);
            // Solving the easy one removes its save only.
            easy.solve();
            remove(&easy);
            assert_eq!(list().len(), 1);
        });
    }

    /// Item 7 of issue 28: every bad field of an otherwise good save is
    /// reported by name, and the file is kept.
    #[test]
    fn bad_save_files_are_reported_by_field() {
        in_temp_folder(|folder| {
            let (mut app, _) = app_on(PUZZLE);
            app.place(2, 4);
            let good: Value = serde_json::from_str(&encode(&app)).unwrap();
            let conflict = {
                let mut p = String::from_utf8(PUZZLE.to_vec()).unwrap();
                p.replace_range(1..2, "5");
                p
            };
            type Edit = Box<dyn Fn(&mut Value)>;
            let cases: Vec<(&str, Edit)> = vec![
                (
                    "field \"version\" is missing",
                    Box::new(|v| {
                        v.as_object_mut().unwrap().remove("version");
                    }),
                ),
                (
                    "field \"puzzle\": expected 81 cells, found 3",
                    Box::new(|v| v["puzzle"] = "123".into()),
                ),
                (
                    "field \"puzzle\": conflicting givens (two 5s in row 1: r1c1, r1c2)",
                    Box::new(move |v| v["puzzle"] = conflict.clone().into()),
                ),
                (
                    "field \"history\": empty",
                    Box::new(|v| v["history"] = Value::Array(vec![])),
                ),
                (
                    "field \"history\"[1].notes: 80 entries, expected 81",
                    Box::new(|v| {
                        v["history"][1]["notes"].as_array_mut().unwrap().pop();
                    }),
                ),
                (
                    "field \"history\"[1].notes[5]: not a set of digits 1-9",
                    Box::new(|v| {
                        v["history"][1]["notes"][5] = 1.into();
                    }),
                ),
                (
                    "field \"history\"[1].notes[2]: notes on a filled cell",
                    Box::new(|v| {
                        v["history"][1]["notes"][2] = 2.into();
                    }),
                ),
                (
                    "field \"history\"[1].cells: the given of r1c1 is changed",
                    Box::new(|v| {
                        let cells = v["history"][1]["cells"]
                            .as_str()
                            .unwrap()
                            .replacen('5', "6", 1);
                        v["history"][1]["cells"] = cells.into();
                    }),
                ),
                (
                    "field \"history\"[0]: the first state is not the puzzle",
                    Box::new(|v| {
                        v["history"][0] = v["history"][1].clone();
                    }),
                ),
                (
                    "field \"history\"[1].move: not a move",
                    Box::new(|v| {
                        v["history"][1]["move"] = "jump".into();
                    }),
                ),
                (
                    "field \"at\": 2 is over 1",
                    Box::new(|v| v["at"] = 2.into()),
                ),
                (
                    "field \"cursor\": 81 is over 80",
                    Box::new(|v| v["cursor"] = 81.into()),
                ),
                (
                    "field \"cursor\": not a whole number",
                    Box::new(|v| v["cursor"] = (-1).into()),
                ),
                (
                    "field \"mistakes\": 4294967296 is over 4294967295",
                    Box::new(|v| {
                        v["mistakes"] = (1u64 << 32).into();
                    }),
                ),
                (
                    "field \"seconds_played\": not a whole number",
                    Box::new(|v| {
                        v["seconds_played"] = "ten".into();
                    }),
                ),
                (
                    "field \"saved_at_nanos\": 1000000000 is over 999999999",
                    Box::new(|v| v["saved_at_nanos"] = 1_000_000_000.into()),
                ),
                (
                    "field \"source\": not a string",
                    Box::new(|v| v["source"] = 3.into()),
                ),
                (
                    "field \"puzzle_number\" is missing (\"file\" is set)",
                    Box::new(|v| {
                        v["file"] = "a.txt".into();
                    }),
                ),
            ];
            let path = folder.join("game-bad.json");
            fs::create_dir_all(folder).unwrap();
            for (why, edit) in &cases {
                let mut bad = good.clone();
                edit(&mut bad);
                fs::write(&path, bad.to_string()).unwrap();
                let err = format!("{:#}", load(&path, ManualClock::new()).err().unwrap());
                assert!(
                    err.contains(&format!("is corrupt: {why}")),
                    "expected {why:?}, got {err:?}"
                );
                assert_eq!(fs::read_to_string(&path).unwrap(), bad.to_string(), "kept");
            }
            fs::write(&path, b"\xff\xfe{}").unwrap();
            let err = format!("{:#}", load(&path, ManualClock::new()).err().unwrap());
            assert!(err.contains("is corrupt: it is not text (UTF-8)"), "{err}");
            // A time past a century is damage; a century loads and saves.
            let mut huge = good.clone();
            huge["seconds_played"] = u64::MAX.into();
            fs::write(&path, huge.to_string()).unwrap();
            let err = format!("{:#}", load(&path, ManualClock::new()).err().unwrap());
            assert!(
                err.contains("field \"seconds_played\": 18446744073709551615 is over 3155760000"),
                "{err}"
            );
            huge["seconds_played"] = MAX_SECONDS_PLAYED.into();
            fs::write(&path, huge.to_string()).unwrap();
            let app = load(&path, ManualClock::new()).unwrap();
            assert_eq!(app.elapsed().as_secs(), MAX_SECONDS_PLAYED);
            assert!(encode(&app).contains("\"seconds_played\":3155760000"));
        });
    }

    #[test]
    fn older_saves_without_moves_load() {
        in_temp_folder(|folder| {
            let (mut app, _) = app_on(PUZZLE);
            app.place(2, 4);
            app.toggle_note(3, 6);
            let mut json: Value = serde_json::from_str(&encode(&app)).unwrap();
            for state in json["history"].as_array_mut().unwrap() {
                state.as_object_mut().unwrap().remove("move");
            }
            json.as_object_mut().unwrap().remove("saved_at");
            fs::create_dir_all(folder).unwrap();
            let path = folder.join("game.json");
            fs::write(&path, json.to_string()).unwrap();
            let back = load(&path, ManualClock::new()).unwrap();
            assert_eq!(back.history, app.history);
        });
    }
}
