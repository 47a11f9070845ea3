//! Messages to stderr: warnings about bad puzzles (in input order, at most
//! [`MAX_WARNINGS`], then only their count), progress, and the `--stats`
//! summary. Writing to stderr never fails a run: a closed stderr is ignored.

use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use sudokuflow::answer::Flush;
use sudokuflow::format::Problem;
use sudokuflow::generate::vicinity::VicinityStats;
use sudokuflow::logic::Level;
use sudokuflow::pipeline::{Observer, Summary};

use crate::app::columnar;
use crate::app::progress::Progress;

/// Per-puzzle messages shown before only counting the rest.
pub const MAX_WARNINGS: u64 = 20;

/// Prints `sudokuflow: <message>` to stderr.
pub fn message(args: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "sudokuflow: {args}");
}

/// The [`Observer`] of every command: warnings and the progress bar.
pub struct Reporter {
    progress: Progress,
    quiet: bool,
    shown: u64,
    hidden: u64,
}

impl Reporter {
    pub fn new(progress: Progress, quiet: bool) -> Reporter {
        Reporter {
            progress,
            quiet,
            shown: 0,
            hidden: 0,
        }
    }

    /// Removes the progress bar and, if the run `completed`, says how many
    /// warnings were not shown (a run stopped by an error or a closed pipe
    /// says nothing more).
    pub fn finish(&self, completed: bool) {
        self.progress.finish();
        if completed && self.hidden > 0 {
            message(format_args!("{} more bad puzzles not shown", self.hidden));
        }
    }
}

impl Reporter {
    /// Shows a warning about a puzzle, unless quiet or past the first
    /// [`MAX_WARNINGS`].
    fn warn(&mut self, output: &mut dyn Flush, text: fmt::Arguments<'_>) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        if self.shown == MAX_WARNINGS {
            self.hidden += 1;
            return Ok(());
        }
        self.shown += 1;
        // The answers before the message first, so that on a terminal a
        // message follows the lines it is about.
        output.flush()?;
        self.progress.suspend(|| message(text));
        Ok(())
    }
}

impl Reporter {
    /// A bad row of a Parquet or Arrow input, fed as text whose `line` 1
    /// is a header: its row, from 1, and the puzzle column.
    fn bad_row(
        &mut self,
        output: &mut dyn Flush,
        input: &str,
        line: u64,
        column: &str,
        problem: Problem,
    ) -> io::Result<()> {
        let row = line.saturating_sub(1);
        self.warn(
            output,
            format_args!("{input}: row {row}: {column}: {problem}"),
        )
    }
}

impl Observer for Reporter {
    fn bad_puzzle(
        &mut self,
        output: &mut dyn Flush,
        input: &str,
        line: u64,
        problem: Problem,
    ) -> io::Result<()> {
        if let Some(column) = columnar::fed_column(input) {
            return self.bad_row(output, input, line, &column, problem);
        }
        self.warn(output, format_args!("{input}:{line}: {problem}"))
    }

    fn bad_field(
        &mut self,
        output: &mut dyn Flush,
        input: &str,
        line: u64,
        column: &str,
        problem: Problem,
    ) -> io::Result<()> {
        if let Some(column) = columnar::fed_column(input) {
            return self.bad_row(output, input, line, &column, problem);
        }
        self.warn(output, format_args!("{input}:{line}: {column}: {problem}"))
    }

    fn progress(&mut self, input_bytes: u64, puzzles: u64) {
        self.progress.advance(input_bytes, puzzles);
    }
}

/// `total / count`, or 0 for no count.
fn average(total: f64, count: f64) -> f64 {
    if count > 0.0 { total / count } else { 0.0 }
}

/// Prints the `--stats` summary.
pub fn print_stats(summary: &Summary, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let per_second = average(summary.puzzles as f64, seconds);
    let guesses = average(summary.guesses as f64, summary.puzzles as f64);
    let _ = write!(
        io::stderr().lock(),
        "puzzles:      {}\n\
         solved:       {}\n\
         failed:       {}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {per_second:.0}\n\
         avg guesses:  {guesses:.2}\n",
        summary.puzzles,
        summary.puzzles - summary.failed,
        summary.failed,
    );
}

/// Prints the `--stats` summary of `rate`: totals, puzzles per level,
/// lower bounds, work and speed.
pub fn print_rate_stats(summary: &Summary, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let mut text = format!(
        "puzzles:      {}\n\
         rated:        {}\n\
         failed:       {}\n",
        summary.puzzles,
        summary.puzzles - summary.failed,
        summary.failed
    );
    for (level, count) in Level::ALL.iter().zip(summary.levels) {
        text += &format!("{:<13} {count}\n", format!("{level}:"));
    }
    let rated = summary.puzzles - summary.failed;
    text += &format!(
        "lower bounds: {}\n\
         work:         {} chain nodes, {:.0} a puzzle, at most {}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {:.0}\n",
        summary.lower_bounds,
        summary.work,
        average(summary.work as f64, rated as f64),
        summary.most_work,
        average(summary.puzzles as f64, seconds)
    );
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Prints the `--stats` summary of `canon`: totals, speed and how many
/// puzzles have 1, 2-3, 4-7, ... automorphisms.
pub fn print_canon_stats(summary: &Summary, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let mut text = format!(
        "puzzles:      {}\n\
         canonical:    {}\n\
         failed:       {}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {:.0}\n\
         automorphisms (puzzles):\n",
        summary.puzzles,
        summary.puzzles - summary.failed,
        summary.failed,
        average(summary.puzzles as f64, seconds)
    );
    for (k, &count) in summary.automorphisms.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let range = match k {
            0 => "1".to_string(),
            7 => "128 or more".to_string(),
            _ => format!("{}-{}", 1u64 << k, (1u64 << (k + 1)) - 1),
        };
        text += &format!("  {range:<13} {count}\n");
    }
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Prints the `--stats` summary of `generate`, with the seed that repeats the run.
pub fn print_generate_stats(seed: u64, summary: &Summary, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let _ = write!(
        io::stderr().lock(),
        "seed:         {seed}\n\
         puzzles:      {}\n\
         avg clues:    {:.2}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {:.0}\n",
        summary.puzzles,
        average(summary.clues as f64, summary.puzzles as f64),
        average(summary.puzzles as f64, seconds),
    );
}

/// Prints `generate --from`'s `--stats`.
pub fn print_near_stats(
    seed: u64,
    written: u64,
    clues: u64,
    stats: &VicinityStats,
    wall: Duration,
) {
    let seconds = wall.as_secs_f64();
    let _ = write!(
        io::stderr().lock(),
        "seed:         {seed}\n\
         puzzles:      {written}\n\
         avg clues:    {:.2}\n\
         candidates:   {}\n\
         one solution: {}\n\
         repeats:      {}\n\
         rated:        {}\n\
         found:        {}\n\
         work:         {} chain nodes\n\
         wall time:    {seconds:.3} s\n",
        average(clues as f64, written as f64),
        stats.tried,
        stats.unique,
        stats.repeated,
        stats.rated,
        stats.found,
        stats.work,
    );
}

/// Prints the `--stats` summary of `augment`, with the seed that repeats the run.
pub fn print_augment_stats(seed: u64, per_puzzle: u64, summary: &Summary, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let written = (summary.puzzles - summary.failed) * per_puzzle;
    let _ = write!(
        io::stderr().lock(),
        "seed:         {seed}\n\
         puzzles:      {}\n\
         augmented:    {}\n\
         bad:          {}\n\
         rows written: {written}\n\
         wall time:    {seconds:.3} s\n\
         rows/s:       {:.0}\n",
        summary.puzzles,
        summary.puzzles - summary.failed,
        summary.failed,
        average(written as f64, seconds),
    );
}

/// Prints the `--stats` summary of `label`: totals, and puzzles per level
/// when it rated them.
pub fn print_label_stats(summary: &Summary, rated: bool, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let mut text = format!(
        "puzzles:      {}\n\
         labelled:     {}\n\
         bad:          {}\n",
        summary.puzzles,
        summary.puzzles - summary.failed,
        summary.failed
    );
    if rated {
        for (level, count) in Level::ALL.iter().zip(summary.levels) {
            text += &format!("{:<13} {count}\n", format!("{level}:"));
        }
        text += &format!("lower bounds: {}\n", summary.lower_bounds);
    }
    text += &format!(
        "avg guesses:  {:.2}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {:.0}\n",
        average(summary.guesses as f64, summary.puzzles as f64),
        average(summary.puzzles as f64, seconds)
    );
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Prints the `--stats` summary of `shuffle`, with the seed that repeats the run.
pub fn print_shuffle_stats(seed: u64, variants: u32, summary: &Summary, wall: Duration) {
    let seconds = wall.as_secs_f64();
    let _ = write!(
        io::stderr().lock(),
        "seed:         {seed}\n\
         puzzles:      {}\n\
         shuffled:     {}\n\
         failed:       {}\n\
         written:      {}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {:.0}\n",
        summary.puzzles,
        summary.puzzles - summary.failed,
        summary.failed,
        (summary.puzzles - summary.failed) * u64::from(variants),
        average(summary.puzzles as f64, seconds),
    );
}
