//! The progress bar on stderr: input bytes done, rate and ETA, and puzzles
//! done. It appears only when stderr is a terminal and the run has lasted a
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
    started: Instant,
    visible: bool,
    puzzles: u64,
}

impl Progress {
    /// A bar for `total_bytes` of input (if known), off when `quiet` or when
    /// stderr is not a terminal.
    pub fn new(total_bytes: Option<u64>, quiet: bool) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(total_bytes, ProgressDrawTarget::hidden());
            bar.set_style(style(total_bytes.is_some(), colors_wanted()));
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            visible: false,
            puzzles: 0,
        }
    }

    /// Counts `bytes` more input and `puzzles` more puzzles as done.
    pub fn advance(&mut self, bytes: u64, puzzles: u64) {
        let Some(bar) = &self.bar else { return };
        self.puzzles += puzzles;
        bar.inc(bytes);
        bar.set_message(format!("{} puzzles", self.puzzles));
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

fn style(known_total: bool, colors: bool) -> ProgressStyle {
    let template = match (known_total, colors) {
        (true, true) => {
            "{spinner:.green} {elapsed_precise} [{bar:30.cyan/blue}] {bytes}/{total_bytes} \
             {binary_bytes_per_sec} ETA {eta} {msg}"
        }
        (true, false) => {
            "{spinner} {elapsed_precise} [{bar:30}] {bytes}/{total_bytes} \
             {binary_bytes_per_sec} ETA {eta} {msg}"
        }
        (false, true) => "{spinner:.green} {elapsed_precise} {bytes} {binary_bytes_per_sec} {msg}",
        (false, false) => "{spinner} {elapsed_precise} {bytes} {binary_bytes_per_sec} {msg}",
    };
    ProgressStyle::with_template(template)
        .expect("progress templates are valid")
        .progress_chars("=> ")
}
