//! The save fuzz target's check, on arbitrary bytes as a save file: loading
//! never panics; a file it refuses is left as it was, and the message names
//! it; a game it loads saves to a file that loads as the same game. It
//! reads saves through the program's `play` module.

use std::fs;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use sudokuflow_cli::clock::{Clock, SharedClock};
use sudokuflow_cli::save;

/// A clock that never moves: the time played stays as saved.
struct Stopped;

impl Clock for Stopped {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

fn stopped() -> SharedClock {
    Arc::new(Stopped)
}

pub fn check(data: &[u8]) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("game.json");
    fs::write(&path, data).expect("writing a temporary file");
    match save::load(&path, stopped()) {
        Err(e) => {
            let why = format!("{e:#}");
            assert!(
                why.contains(&path.display().to_string()),
                "the message does not name the file: {why}"
            );
            assert_eq!(fs::read(&path).unwrap(), data, "a refused save changed");
        }
        Ok(game) => {
            let saved = save::encode(&game);
            let again = dir.path().join("again.json");
            fs::write(&again, &saved).expect("writing a temporary file");
            let resumed = save::load(&again, stopped())
                .unwrap_or_else(|e| panic!("a game saved does not load again: {e:#}\n{saved}"));
            assert_eq!(
                lasting(&save::encode(&resumed)),
                lasting(&saved),
                "a game saved and loaded again is another game"
            );
        }
    }
}

/// A save's fields but those that change on their own: when it was saved,
/// and the level, which a rating worked out in the background adds.
fn lasting(json: &str) -> Value {
    let mut value: Value = serde_json::from_str(json).expect("a save is JSON");
    let fields = value.as_object_mut().expect("a save is a JSON object");
    fields.remove("saved_at");
    fields.remove("saved_at_nanos");
    fields.remove("level");
    value
}
