//! The progress bar on stderr: input bytes done, rate and ETA, and puzzles
//! done; or, for a run with no input (generate), puzzles done out of the
//! total, rate and ETA. It appears only when stderr is a terminal and the run has lasted a
//! second, so short runs and redirected stderr never see it; it has no colors
//! when `NO_COLOR` is set.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before the bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);

pub struct Progress {
    /// `None` when the bar is off.
    bar: Option<ProgressBar>,
    /// What the bar counts.
    unit: Unit,
    started: Instant,
    visible: bool,
    puzzles: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Bytes,
    Puzzles,
}

impl Progress {
    /// A bar for `total_bytes` of input (if known), off when `quiet` or when
    /// stderr is not a terminal.
    pub fn new(total_bytes: Option<u64>, quiet: bool) -> Progress {
        Progress::with_unit(Unit::Bytes, total_bytes, quiet)
    }

    /// A bar for a run making `total` puzzles from no input, off when
    /// `quiet` or when stderr is not a terminal.
    pub fn for_puzzles(total: u64, quiet: bool) -> Progress {
        Progress::with_unit(Unit::Puzzles, Some(total), quiet)
    }

    fn with_unit(unit: Unit, total: Option<u64>, quiet: bool) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
            bar.set_style(style(unit, total.is_some(), colors_wanted()));
            bar
        });
        Progress {
            bar,
            unit,
            started: Instant::now(),
            visible: false,
            puzzles: 0,
        }
    }

    /// Counts `bytes` more input and `puzzles` more puzzles as done.
    pub fn advance(&mut self, bytes: u64, puzzles: u64) {
        let Some(bar) = &self.bar else { return };
        match self.unit {
            Unit::Bytes => {
                self.puzzles += puzzles;
                bar.inc(bytes);
                bar.set_message(format!("{} puzzles", self.puzzles));
            }
            Unit::Puzzles => bar.inc(puzzles),
        }
        if !self.visible && self.started.elapsed() >= SHOW_AFTER {
            self.visible = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(200));
        }
    }

    /// Runs `f` (which prints to stderr) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Colors unless `NO_COLOR` is set to something (see no-color.org).
fn colors_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn style(unit: Unit, known_total: bool, colors: bool) -> ProgressStyle {
    let template = match (unit, known_total, colors) {
        (Unit::Puzzles, _, true) => {
            "{spinner:.green} {elapsed_precise} [{bar:30.cyan/blue}] {human_pos}/{human_len} \
             puzzles {per_sec} ETA {eta}"
        }
        (Unit::Puzzles, _, false) => {
            "{spinner} {elapsed_precise} [{bar:30}] {human_pos}/{human_len} \
             puzzles {per_sec} ETA {eta}"
        }
        (Unit::Bytes, true, true) => {
            "{spinner:.green} {elapsed_precise} [{bar:30.cyan/blue}] {bytes}/{total_bytes} \
             {binary_bytes_per_sec} ETA {eta} {msg}"
        }
        (Unit::Bytes, true, false) => {
            "{spinner} {elapsed_precise} [{bar:30}] {bytes}/{total_bytes} \
             {binary_bytes_per_sec} ETA {eta} {msg}"
        }
        (Unit::Bytes, false, true) => {
            "{spinner:.green} {elapsed_precise} {bytes} {binary_bytes_per_sec} {msg}"
        }
        (Unit::Bytes, false, false) => {
            "{spinner} {elapsed_precise} {bytes} {binary_bytes_per_sec} {msg}"
        }
    };
    ProgressStyle::with_template(template)
        .expect("progress templates are valid")
        .progress_chars("=> ")
}
