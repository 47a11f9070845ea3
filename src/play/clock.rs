//! The game's time: a [`Clock`] the game is given (the system's when
//! played, one the tests set by hand, so no screen depends on the wall
//! clock), and the [`Timer`] that counts play time on it, stopped while
//! paused and from the move that solves the board.

use std::sync::Arc;
use std::time::{Duration, Instant};

/// A monotonic clock: the time since some fixed moment of its own.
pub trait Clock: Send + Sync {
    fn now(&self) -> Duration;
}

/// The system's monotonic clock.
pub struct SystemClock(Instant);

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// The clock a game is played on.
pub type SharedClock = Arc<dyn Clock>;

/// The system's clock, for a game played by a person.
pub fn system() -> SharedClock {
    Arc::new(SystemClock(Instant::now()))
}

/// A clock that moves only when told to: for tests.
#[cfg(test)]
#[derive(Default)]
pub struct ManualClock(std::sync::Mutex<Duration>);

#[cfg(test)]
impl ManualClock {
    pub fn new() -> Arc<ManualClock> {
        Arc::default()
    }

    pub fn advance(&self, by: Duration) {
        let mut now = self.0.lock().unwrap();
        *now += by;
    }
}

#[cfg(test)]
impl Clock for ManualClock {
    fn now(&self) -> Duration {
        *self.0.lock().unwrap()
    }
}

/// Play time: what was played before (a saved game's), plus the time since
/// it was last started, while it runs.
pub struct Timer {
    clock: SharedClock,
    before: Duration,
    /// When it was last started, on `clock`; `None` while stopped.
    since: Option<Duration>,
}

impl Timer {
    /// A stopped timer that has counted `before`.
    pub fn new(clock: SharedClock, before: Duration) -> Timer {
        Timer {
            clock,
            before,
            since: None,
        }
    }

    /// Time played. Saturating: a save file may hold any number of seconds.
    pub fn elapsed(&self) -> Duration {
        let running = self.since.map_or(Duration::ZERO, |since| {
            self.clock.now().saturating_sub(since)
        });
        self.before.saturating_add(running)
    }

    pub fn start(&mut self) {
        if self.since.is_none() {
            self.since = Some(self.clock.now());
        }
    }

    pub fn stop(&mut self) {
        self.before = self.elapsed();
        self.since = None;
    }
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn format(time: Duration) -> String {
    let secs = time.as_secs();
    let (hours, minutes, seconds) = (secs / 3600, secs / 60 % 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_running_and_saturates() {
        let clock = ManualClock::new();
        let mut timer = Timer::new(clock.clone(), Duration::from_secs(5));
        clock.advance(Duration::from_secs(100));
        assert_eq!(timer.elapsed(), Duration::from_secs(5), "stopped");
        timer.start();
        clock.advance(Duration::from_secs(60));
        assert_eq!(timer.elapsed(), Duration::from_secs(65));
        timer.stop();
        clock.advance(Duration::from_secs(60));
        assert_eq!(timer.elapsed(), Duration::from_secs(65));
        let mut huge = Timer::new(clock.clone(), Duration::from_secs(u64::MAX));
        huge.start();
        clock.advance(Duration::from_secs(10));
        assert_eq!(huge.elapsed(), Duration::MAX);
        huge.stop();
        assert_eq!(format(Duration::from_secs(125)), "2:05");
        assert_eq!(format(Duration::from_secs(3725)), "1:02:05");
        assert!(format(Duration::MAX).ends_with(":15"));
    }
}
