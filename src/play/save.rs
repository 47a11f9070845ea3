//! Saving and resuming a game: JSON with a version field in
//! `$XDG_DATA_HOME/sudokuflow/game.json` (or `~/.local/share/sudokuflow`),
//! written atomically (temporary file, then rename). A file this version
//! cannot read is never overwritten without asking: saving refuses, the
//! front ends ask, and a panic or a signal saves beside it.

use std::fs;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use serde::{Deserialize, Serialize};
#[cfg(unix)]
use signal_hook::iterator::Signals;
use sudokuflow::Grid;

use super::app::{App, Board};
use crate::cli::output::AtomicFile;
#[cfg(unix)]
use crate::cli::signals;

/// Bumped whenever the layout below changes.
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    puzzle: String,
    /// Each state: 81 digits ('0' empty) and 81 note masks.
    history: Vec<SavedBoard>,
    at: usize,
    cursor: usize,
    hints_used: u32,
    mistakes: u32,
    seconds_played: u64,
    source: String,
    /// The file and puzzle number (from 1) of a puzzle from a file.
    #[serde(default)]
    file: Option<PathBuf>,
    #[serde(default)]
    puzzle_number: Option<usize>,
}

#[derive(Serialize, Deserialize)]
struct SavedBoard {
    cells: String,
    notes: Vec<u16>,
}

/// The folder holding the save file.
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

pub fn path() -> anyhow::Result<PathBuf> {
    Ok(folder()?.join("game.json"))
}

fn digits(cells: &[u8; 81]) -> String {
    cells.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// Writes the game; refuses to replace a save file this version can't read.
pub fn save(app: &App) -> anyhow::Result<PathBuf> {
    write(&encode(app)?)
}

/// The game as the JSON the save file holds.
pub fn encode(app: &App) -> anyhow::Result<String> {
    let saved = Saved {
        version: VERSION,
        puzzle: digits(app.puzzle.cells()),
        history: app
            .history
            .iter()
            .map(|b| SavedBoard {
                cells: digits(&b.cells),
                notes: b.notes.to_vec(),
            })
            .collect(),
        at: app.at,
        cursor: app.cursor,
        hints_used: app.hints_used,
        mistakes: app.mistakes,
        seconds_played: app.elapsed().as_secs(),
        source: app.source.clone(),
        file: app.file.as_ref().map(|(file, _)| file.clone()),
        puzzle_number: app.file.as_ref().map(|&(_, number)| number),
    };
    Ok(serde_json::to_string(&saved)?)
}

/// Why the save file there can't be replaced without asking: it exists and
/// this version can't read it (corrupt, or from another version).
pub fn unreadable() -> Option<String> {
    let path = path().ok()?;
    if !path.exists() {
        return None;
    }
    load().err().map(|e| format!("{e:#}"))
}

/// Writes `json` (from [`encode`]) as the save file, atomically; refuses to
/// replace a save file this version can't read.
pub fn write(json: &str) -> anyhow::Result<PathBuf> {
    if let Some(why) = unreadable() {
        bail!("{why}; it was not overwritten: move it away to save this game");
    }
    let path = path()?;
    write_to(json, &path)?;
    Ok(path)
}

/// Saves the game over whatever save file is there: the player said yes.
pub fn save_over(app: &App) -> anyhow::Result<PathBuf> {
    let path = path()?;
    write_to(&encode(app)?, &path)?;
    Ok(path)
}

/// Writes `json` as the save file, or, where that holds a file this version
/// can't read, beside it as `game-recovered-SECONDS.json`: for a panic or a
/// signal, when there is no one to ask.
pub fn write_somewhere(json: &str) -> anyhow::Result<PathBuf> {
    if unreadable().is_none() {
        return write(json);
    }
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = folder()?.join(format!("game-recovered-{seconds}.json"));
    write_to(json, &path)?;
    Ok(path)
}

fn write_to(json: &str, path: &Path) -> anyhow::Result<()> {
    let dir = path.parent().expect("the save path has a folder");
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut file = AtomicFile::create(path)?;
    file.write_all(json.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.commit()
}

/// Runs `body` on `state`; if it panics, `on_panic` gets the state (to
/// restore the terminal and save the game) before the panic goes on.
pub fn guard<S, R>(
    state: &mut S,
    body: impl FnOnce(&mut S) -> R,
    on_panic: impl FnOnce(&mut S),
) -> R {
    match std::panic::catch_unwind(AssertUnwindSafe(|| body(state))) {
        Ok(result) => result,
        Err(panic) => {
            on_panic(state);
            std::panic::resume_unwind(panic)
        }
    }
}

/// Saves the game when no one can be asked (after a panic, a signal or a
/// terminal error), saying where on stderr.
pub fn save_unattended(app: &App) {
    match encode(app).and_then(|json| write_somewhere(&json)) {
        Ok(path) => eprintln!("sudokuflow: the game was saved to {}", path.display()),
        Err(e) => eprintln!("sudokuflow: could not save the game: {e:#}"),
    }
}

/// The game as of the last move, for the signal thread to save.
static SNAPSHOT: Mutex<Option<String>> = Mutex::new(None);

/// Keeps `json` (from [`encode`]; `None` once solved) for the signal thread.
pub fn set_snapshot(json: Option<String>) {
    *SNAPSHOT.lock().unwrap_or_else(|p| p.into_inner()) = json;
}

/// Starts the thread that, on SIGINT, SIGTERM or SIGHUP (the terminal
/// closed), calls `restore` (the terminal), saves the last snapshot where no
/// one is asked, and ends the process with 128 + the signal. It writes to
/// stderr: a front end may hold the stdout lock.
#[cfg(unix)]
pub fn save_on_signals(restore: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    // Those ignored at start stay ignored, as for every command.
    let mut signals = Signals::new(signals::termination_signals())?;
    std::thread::Builder::new()
        .name("sudokuflow-play-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                restore();
                let json = SNAPSHOT.lock().unwrap_or_else(|p| p.into_inner()).take();
                if let Some(json) = json {
                    match write_somewhere(&json) {
                        Ok(path) => eprintln!("\ninterrupted: game saved to {}", path.display()),
                        Err(e) => eprintln!("\ninterrupted: could not save the game: {e:#}"),
                    }
                }
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// Elsewhere there are no such signals to catch (Ctrl-C reaches the game as
/// a key): nothing to start.
#[cfg(not(unix))]
pub fn save_on_signals(_restore: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    Ok(())
}

/// Reads the saved game, with a plain message when the file is missing,
/// corrupt or from another version.
pub fn load() -> anyhow::Result<App> {
    let path = path()?;
    let text = fs::read_to_string(&path)
        .with_context(|| format!("no saved game at {}", path.display()))?;
    let corrupt = |why: String| anyhow!("the save file {} is corrupt ({why})", path.display());
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => bail!(
            "the save file {} is from another version of sudokuflow (format {v}, this one reads {VERSION})",
            path.display()
        ),
        None => return Err(corrupt("no version field".into())),
    }
    let saved: Saved = serde_json::from_value(value).map_err(|e| corrupt(e.to_string()))?;
    let grid = |s: &str| Grid::parse_line(s.as_bytes()).ok();
    let puzzle = grid(&saved.puzzle).ok_or_else(|| corrupt("bad puzzle".into()))?;
    let mut history = Vec::new();
    for b in &saved.history {
        let cells = grid(&b.cells).ok_or_else(|| corrupt("bad board".into()))?;
        let notes: [u16; 81] = b
            .notes
            .clone()
            .try_into()
            .map_err(|_| corrupt("notes need 81 entries".into()))?;
        history.push(Board {
            cells: *cells.cells(),
            notes,
        });
    }
    if saved.at >= history.len() || saved.cursor >= 81 {
        return Err(corrupt("position out of range".into()));
    }
    let mut app = App::new(puzzle);
    app.history = history;
    app.at = saved.at;
    app.cursor = saved.cursor;
    app.hints_used = saved.hints_used;
    app.mistakes = saved.mistakes;
    app.played_before = Duration::from_secs(saved.seconds_played);
    app.session_start = Instant::now();
    app.source = saved.source;
    app.file = saved.file.zip(saved.puzzle_number);
    Ok(app)
}

/// Deletes the save once its game is solved.
pub fn remove() {
    if let Ok(path) = path() {
        let _ = fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &[u8] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    // One test touches the environment, so the cases run in order inside it.
    #[test]
    fn round_trip_corrupt_and_other_version() {
        let dir = tempfile::tempdir().unwrap();
        // SAFETY: the only test in this binary that reads or writes XDG_DATA_HOME.
        unsafe { std::env::set_var("XDG_DATA_HOME", dir.path()) };
        let mut app = App::new(Grid::parse_line(PUZZLE).unwrap());
        app.place(2, 4);
        app.toggle_note(3, 2);
        app.undo();
        app.set_file(Path::new("sudoku1.txt"), 3);
        let path = save(&app).unwrap();
        let back = load().unwrap();
        assert_eq!(back.history, app.history);
        assert_eq!((back.at, back.cursor), (1, 2));
        assert_eq!(back.source, "sudoku1.txt #3");
        assert_eq!(back.file, Some((PathBuf::from("sudoku1.txt"), 3)));

        // A panic in the middle of a game saves it and goes on panicking.
        let panicked = std::panic::catch_unwind(AssertUnwindSafe(|| {
            guard(
                &mut app,
                |app| {
                    app.place(40, 5);
                    panic!("a bug");
                },
                |app| save_unattended(app),
            )
        }));
        assert!(panicked.is_err());
        assert_eq!(load().unwrap().board().cells[40], 5);
        app.undo();

        fs::write(&path, "{not json").unwrap();
        let err = load().err().unwrap().to_string();
        assert!(err.contains("corrupt"), "{err}");
        let err = save(&app).unwrap_err().to_string();
        assert!(err.contains("not overwritten"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "{not json");

        // With no one to ask, the game goes beside it.
        let recovered = write_somewhere(&encode(&app).unwrap()).unwrap();
        let name = recovered.file_name().unwrap().to_str().unwrap();
        assert!(name.starts_with("game-recovered-") && name.ends_with(".json"));
        assert_eq!(fs::read_to_string(&path).unwrap(), "{not json");
        let history = |text: &str| {
            serde_json::from_str::<serde_json::Value>(text).unwrap()["history"].clone()
        };
        let text = fs::read_to_string(&recovered).unwrap();
        assert_eq!(history(&text), history(&encode(&app).unwrap()));

        fs::write(&path, r#"{"version": 99}"#).unwrap();
        let err = load().err().unwrap().to_string();
        assert!(err.contains("another version"), "{err}");
        assert!(unreadable().unwrap().contains("another version"));
        assert!(save(&app).is_err());
        // The player said yes.
        save_over(&app).unwrap();
        assert_eq!(load().unwrap().history, app.history);
        assert!(unreadable().is_none());
    }
}
