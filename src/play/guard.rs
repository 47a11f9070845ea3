//! Keeping the game when the program ends abruptly: on a panic, and on
//! SIGINT, SIGTERM and SIGHUP (the terminal closed), where a thread of its
//! own saves the last snapshot of the game and ends the process with 128 +
//! the signal, whatever the main thread is doing. Nothing here may panic
//! or wait on the terminal: stderr may be a terminal that is gone.

use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

#[cfg(unix)]
use signal_hook::iterator::Signals;

use super::app::App;
use super::save;
use crate::app::report::message as say;
#[cfg(unix)]
use crate::app::signals;

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
/// terminal error), in its slot or beside it, saying where on stderr; the
/// file's path, if it was written. A game without a move is not saved.
pub fn save_unattended(app: &App) -> Option<PathBuf> {
    if !app.has_moves() {
        return None;
    }
    let written =
        save::slot(&app.puzzle).and_then(|slot| save::write_somewhere(&save::encode(app), &slot));
    match written {
        Ok(path) => {
            say(format_args!("the game was saved to {}", path.display()));
            Some(path)
        }
        Err(e) => {
            say(format_args!("could not save the game: {e:#}"));
            None
        }
    }
}

/// The game as of the last move, for the signal thread: its slot and JSON.
static SNAPSHOT: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

/// Keeps `app` as of now for the signal thread; `None` when there is no
/// game to keep (none started, no move made, or solved).
pub fn set_snapshot(app: Option<&App>) {
    let snapshot = app
        .filter(|app| app.has_moves() && !app.is_solved())
        .and_then(|app| Some((save::slot(&app.puzzle).ok()?, save::encode(app))));
    *SNAPSHOT.lock().unwrap_or_else(|p| p.into_inner()) = snapshot;
}

/// Held by whoever ends the program: the signal thread, or the main thread
/// once it is on its way out (it keeps it, so a late signal waits for the
/// end instead of saving a second time).
static EXITING: Mutex<()> = Mutex::new(());

/// Takes the right to end the program, for good.
pub fn exiting() {
    std::mem::forget(EXITING.lock().unwrap_or_else(|p| p.into_inner()));
}

/// Starts the thread that, on SIGINT, SIGTERM or SIGHUP (unless ignored
/// when the program started), calls `restore`
/// (the terminal), saves the last snapshot where no one is asked, and ends
/// the process with 128 + the signal.
#[cfg(unix)]
pub fn save_on_signals(restore: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    // Those ignored at start stay ignored, as for every command.
    let mut signals = Signals::new(signals::termination_signals())?;
    std::thread::Builder::new()
        .name("sudokuflow-play-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let _exiting: MutexGuard<()> = EXITING.lock().unwrap_or_else(|p| p.into_inner());
                restore();
                let snapshot = SNAPSHOT.lock().unwrap_or_else(|p| p.into_inner()).take();
                if let Some((slot, json)) = snapshot {
                    match save::write_somewhere(&json, &slot) {
                        Ok(path) => say(format_args!(
                            "interrupted: game saved to {}",
                            path.display()
                        )),
                        Err(e) => say(format_args!("interrupted: could not save the game: {e:#}")),
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
