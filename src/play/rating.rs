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

    /// A rating already worked out (`None`: the puzzle has none).
    pub fn known(rating: Option<Rating>) -> Rated {
        Rated(Arc::new(OnceLock::from(rating)))
    }

    /// Rates `puzzle` on rayon's pool, if there is one to rate (a puzzle
    /// that can be played): for lists, which rate many puzzles at once. A
    /// game started from the list shares it, so it is worked out once.
    pub fn start_in_pool(puzzle: Option<Grid>) -> Rated {
        let cell = Arc::new(OnceLock::new());
        if let Some(puzzle) = puzzle {
            let done = Arc::clone(&cell);
            rayon::spawn(move || {
                let _ = done.set(logic::rate(&puzzle, &logic::Options::default()).ok());
            });
        } else {
            let _ = cell.set(None);
        }
        Rated(cell)
    }

    /// A rating still being worked out, until [`Rated::finish`] gives it:
    /// for tests of what waits on it.
    #[cfg(test)]
    pub fn pending() -> Rated {
        Rated(Arc::new(OnceLock::new()))
    }

    /// Ends a [`Rated::pending`] with `rating`.
    #[cfg(test)]
    pub fn finish(&self, rating: Option<Rating>) {
        let _ = self.0.set(rating);
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

    /// True when both are one rating, worked out once.
    #[cfg(test)]
    pub fn is_shared_with(&self, other: &Rated) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A rating in words, as the game and its lists show it: the level and
/// ER (`hard, 3.4`), `>` before a lower bound.
pub fn words(rating: &Rating) -> String {
    let mark = if rating.complete { "" } else { ">" };
    format!("{}, {mark}{}", rating.level, rating.er)
}
