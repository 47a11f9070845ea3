//! A puzzle's rating on the Sudoku Explainer scale (ER, EP, ED), the five
//! levels people choose from, and the options of a rating run.

use std::fmt;
use std::str::FromStr;

use super::explain::Order;
use super::step::{Difficulty, Technique};

/// How hard a puzzle is, from the steps that solve it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step on the way to the solution.
    pub er: Difficulty,
    /// The hardest step up to the first placement.
    pub ep: Difficulty,
    /// The first step's rating (the hardest up to the first elimination or
    /// placement).
    pub ed: Difficulty,
    /// The technique of the hardest step.
    pub hardest: Technique,
    /// The level `er` falls in.
    pub level: Level,
    /// False when the engine stopped before the solution (its budget ran out,
    /// or the puzzle needs techniques beyond it): `er` is then a lower bound.
    pub complete: bool,
    /// The work done, in the unit of [`Options::budget`]: chain nodes
    /// followed.
    pub work: u64,
}

impl Rating {
    /// ER/EP/ED as SE prints them (`4.4/1.2/1.2`), with `>` before a lower bound.
    pub fn triple(&self) -> String {
        let mark = if self.complete { "" } else { ">" };
        format!("{mark}{}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// Five bands of ER, one per family of techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Full houses and hidden singles: ER up to 1.5.
    Easy,
    /// Naked singles, and pointing, claiming or a hidden pair that leave a
    /// hidden single at once: ER 1.6 to 2.4.
    Medium,
    /// Pointing and claiming, pairs, triplets, X-Wing, Swordfish, XY- and
    /// XYZ-Wing: ER 2.5 to 4.4.
    Hard,
    /// Unique rectangles and loops, quads, Jellyfish, BUG, aligned pair
    /// exclusion: ER 4.5 to 6.4.
    Expert,
    /// Chains of every kind: ER 6.5 and up.
    Hell,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Hell,
    ];

    /// The level of a puzzle rated `er`.
    pub fn of(er: Difficulty) -> Level {
        match er.0 {
            0..=15 => Level::Easy,
            16..=24 => Level::Medium,
            25..=44 => Level::Hard,
            45..=64 => Level::Expert,
            _ => Level::Hell,
        }
    }

    /// The highest ER of the level (`None` for hell, which has no top).
    pub fn ceiling(self) -> Option<Difficulty> {
        match self {
            Level::Easy => Some(Difficulty(15)),
            Level::Medium => Some(Difficulty(24)),
            Level::Hard => Some(Difficulty(44)),
            Level::Expert => Some(Difficulty(64)),
            Level::Hell => None,
        }
    }

    /// The level's name: `easy`, `medium`, `hard`, `expert` or `hell`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Hell => "hell",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}'; use easy, medium, hard, expert or hell",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == s)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// How a rating or explanation runs: `Options::default()`, changed with
/// the `with_` methods or by setting fields (more options may come, so
/// other crates cannot write it as a struct literal).
///
/// ```
/// use sudokuflow::logic::{Options, Order};
/// let options = Options::default().with_budget(Some(1_000_000)).with_order(Order::Simple);
/// assert_eq!(options.budget, Some(1_000_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Work allowed for one puzzle, counted in chain nodes followed (a
    /// candidate assumed true or false, or reached from such an assumption,
    /// at any level of nesting); `None` for no limit. When it runs out the
    /// rating so far is returned as a lower bound. A count, not a time, so
    /// a rating depends only on the puzzle, the budget and the version.
    pub budget: Option<u64>,
    /// Stop as soon as a step harder than this is needed (the rating is then
    /// a lower bound): for keeping only puzzles up to a level, fast.
    pub ceiling: Option<Difficulty>,
    /// The order in which an explanation, a [`Stepper`](super::Stepper) or
    /// a hint takes its steps. A rating is the same in either order: it
    /// always comes from the steps in rating order.
    pub order: Order,
}

impl Options {
    /// The default work budget per puzzle, shared by every command and the
    /// game, so that a puzzle has one rating everywhere. Puzzles up to SE
    /// 9.0 need under a million nodes; the forum's hardest 51 million on
    /// average, and at most 124 million on a sample of 100 (docs/rating.md).
    pub const DEFAULT_BUDGET: u64 = 200_000_000;

    /// A budget for a hint in an interactive game: small enough that the
    /// slowest positions (the forum's hardest) answer within a frame
    /// (16 ms), and a count, so a board always gets the same hint.
    pub const HINT_BUDGET: u64 = 40_000;

    /// The same options with this work budget (`None`: no limit).
    pub fn with_budget(mut self, budget: Option<u64>) -> Options {
        self.budget = budget;
        self
    }

    /// The same options with this ceiling (`None`: none).
    pub fn with_ceiling(mut self, ceiling: Option<Difficulty>) -> Options {
        self.ceiling = ceiling;
        self
    }

    /// The same options taking steps in this order.
    pub fn with_order(mut self, order: Order) -> Options {
        self.order = order;
        self
    }
}

impl Default for Options {
    /// The default budget, no ceiling, steps in rating order.
    fn default() -> Options {
        Options {
            budget: Some(Options::DEFAULT_BUDGET),
            ceiling: None,
            order: Order::Rating,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_cover_the_scale_in_order() {
        let mut last = Level::Easy;
        for tenths in 10..120 {
            let level = Level::of(Difficulty(tenths));
            assert!(level >= last);
            if let Some(ceiling) = level.ceiling() {
                assert!(Difficulty(tenths) <= ceiling);
            }
            last = level;
        }
        assert_eq!(Level::of(Difficulty(15)), Level::Easy);
        assert_eq!(Level::of(Difficulty(23)), Level::Medium);
        assert_eq!(Level::of(Difficulty(26)), Level::Hard);
        assert_eq!(Level::of(Difficulty(44)), Level::Hard);
        assert_eq!(Level::of(Difficulty(62)), Level::Expert);
        assert_eq!(Level::of(Difficulty(66)), Level::Hell);
        assert_eq!("expert".parse(), Ok(Level::Expert));
        assert!("insane".parse::<Level>().is_err());
    }
}
