//! Ratings worked out in the background. A puzzle is rated with the default
//! budget, so the game shows the rating `rate` gives; on the hardest
//! puzzles that takes seconds, and the game and the start screen's lists
//! must answer keys meanwhile.

use std::sync::{Arc, OnceLock};

use sudokuflow::Grid;
use sudokuflow::logic::{self, Rating};

/// A rating being worked out: `None` once done means the puzzle has none
/// (not one solution).
#[derive(Clone)]
pub struct Rated(Arc<OnceLock<Option<Rating>>>);

impl Rated {
    /// Rates `puzzle` on a thread of its own, if `rate` (it has one
    /// solution).
    pub fn start(puzzle: Grid, rate: bool) -> Rated {
        let cell = Arc::new(OnceLock::new());
        if rate {
            let done = Arc::clone(&cell);
            let spawned = std::thread::Builder::new()
                .name("sudokuflow-rating".into())
                .spawn(move || {
                    let _ = done.set(logic::rate(&puzzle, &logic::Options::default()).ok());
                });
            if spawned.is_err() {
                // No thread to be had: rate here.
                let _ = cell.set(logic::rate(&puzzle, &logic::Options::default()).ok());
            }
        } else {
            let _ = cell.set(None);
        }
        Rated(cell)
    }

    /// The rating once worked out (`Some(None)`: the puzzle has none);
    /// `None` while it is being worked out.
    pub fn get(&self) -> Option<Option<&Rating>> {
        self.0.get().map(Option::as_ref)
    }

    /// The rating, waiting for it if need be.
    pub fn wait(&self) -> Option<&Rating> {
        self.0.wait().as_ref()
    }
}

/// A line of text worked out in the background (a list's rating column).
#[derive(Clone, Default)]
pub struct Pending(Arc<OnceLock<String>>);

impl Pending {
    /// Starts `work` on rayon's pool; its text is there once done.
    pub fn start(work: impl FnOnce() -> String + Send + 'static) -> Pending {
        let cell = Arc::new(OnceLock::new());
        let done = Arc::clone(&cell);
        rayon::spawn(move || {
            let _ = done.set(work());
        });
        Pending(cell)
    }

    pub fn get(&self) -> Option<&str> {
        self.0.get().map(String::as_str)
    }

    /// The text, waiting for it if need be.
    #[cfg(test)]
    pub fn wait(&self) -> &str {
        self.0.wait()
    }
}
