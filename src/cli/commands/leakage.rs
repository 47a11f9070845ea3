//! `sudokuflow leakage A B`: the puzzles of B equivalent to a puzzle of A.
//!
//! A is read first into a set of its classes' packed canonical forms, each
//! with the line of its first puzzle (whole forms, so a match is never a
//! hash collision); then B streams through the pipeline and each of its
//! classes is looked up, in B's order.

use std::collections::HashMap;
use std::io::{self, Write};
use std::time::Instant;

use sudokuflow::answer::{Answered, Batch, Consumer};
use sudokuflow::dataset::{PackedForm, PackedFormHash};
use sudokuflow::format::{self, printable};
use sudokuflow::input::Input;
use sudokuflow::pipeline::{self, Options, Summary};

use super::{Opened, classes, finish_output, open_tables, threads};
use crate::app::output::Output;
use crate::app::progress::Progress;
use crate::app::report::Reporter;
use crate::cli::args::{ByArg, LeakageArgs};

/// `sudokuflow leakage`: 1 when some puzzle of B leaks, 0 when none does.
pub fn leakage(args: &LeakageArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let open = |path| open_tables(&[path], args.column.as_ref(), false);
    let (a, b) = (open(&args.a)?, open(&args.b)?);
    // A Parquet or Arrow file's puzzles are named by row: its rows come as a
    // table's lines after a header.
    let first_row = |opened: &Opened| if opened.fed.is_some() { 2 } else { 1 };
    let (a_first, b_first) = (first_row(&a), first_row(&b));
    let (a, b) = (one_input(a), one_input(b));
    let (a_name, b_name) = (a.name().to_string(), b.name().to_string());
    let mut options = Options::new(classes::mode(args.by));
    options.input_format = args.input_format.into();
    options.threads = threads(&args.run);

    let mut index = Index {
        first_line: HashMap::default(),
        first: a_first,
    };
    let a_summary = run_reporting(a, &options, &mut index, args.run.quiet)?;

    let mut output = Output::create(args.output.as_deref())?;
    let mut lookup = Lookup {
        index: &index,
        out: &mut output,
        leaks: 0,
        first: b_first,
        line: Vec::with_capacity(128),
    };
    let result = run_reporting(b, &options, &mut lookup, args.run.quiet);
    let leaks = lookup.leaks;
    let result = result.and_then(|summary| {
        let shares = match args.by {
            ByArg::Puzzle => "are equivalent to a puzzle of",
            ByArg::Grid => "share a solution grid (up to equivalence) with a puzzle of",
        };
        writeln!(
            output,
            "{leaks} of {} puzzles of {} {shares} {}",
            summary.puzzles,
            printable(b_name.as_bytes()),
            printable(a_name.as_bytes()),
        )
        .map_err(pipeline::Error::Write)?;
        Ok(summary)
    });
    let b_summary = finish_output(result, output, false)?;
    if args.stats {
        print_stats(&index, &a_summary, &b_summary, leaks, started);
    }
    Ok(u8::from(leaks > 0))
}

/// The one input `opened` holds.
fn one_input(opened: Opened) -> Input {
    opened.inputs.into_iter().next().expect("one input")
}

/// Runs the pipeline over one input into `consumer`, with progress and
/// bad rows named on stderr.
fn run_reporting<C: Consumer>(
    input: Input,
    options: &Options,
    consumer: &mut C,
    quiet: bool,
) -> Result<Summary, pipeline::Error> {
    let mut reporter = Reporter::new(Progress::new(input.known_len(), quiet), quiet);
    let result = pipeline::run_into(vec![input], options, consumer, &mut reporter);
    reporter.finish(result.is_ok());
    result
}

fn print_stats(index: &Index, a: &Summary, b: &Summary, leaks: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    let puzzles = a.puzzles + b.puzzles;
    let _ = write!(
        io::stderr().lock(),
        "A puzzles:    {}\n\
         A bad:        {}\n\
         A classes:    {}\n\
         B puzzles:    {}\n\
         B bad:        {}\n\
         B leaking:    {leaks}\n\
         wall time:    {seconds:.3} s\n\
         puzzles/s:    {:.0}\n",
        a.puzzles,
        a.failed,
        index.first_line.len(),
        b.puzzles,
        b.failed,
        if seconds > 0.0 {
            puzzles as f64 / seconds
        } else {
            0.0
        },
    );
}

/// A job's classes, each with its puzzle's line; bad rows are left out
/// (the reporter names them).
struct Classes(Vec<(u64, PackedForm)>);

impl Batch for Classes {
    fn new(_options: &Options, input_len: usize) -> Classes {
        Classes(Vec::with_capacity(input_len / 82 + 1))
    }

    fn push(&mut self, _options: &Options, answered: Answered<'_>) {
        if let Some(form) = PackedForm::of(&answered.outcome) {
            self.0.push((answered.line, form));
        }
    }
}

/// A's classes, each with the line (or row) of its first puzzle.
struct Index {
    first_line: HashMap<PackedForm, u64, PackedFormHash>,
    /// The line numbered 1: 2 for a table fed row by row, whose rows are named.
    first: u64,
}

impl Consumer for Index {
    type Batch = Classes;

    fn consume(&mut self, classes: Classes) -> io::Result<()> {
        for (line, form) in classes.0 {
            self.first_line.entry(form).or_insert(line + 1 - self.first);
        }
        Ok(())
    }
}

/// Writes a line for each puzzle of B whose class is among A's.
struct Lookup<'a> {
    index: &'a Index,
    out: &'a mut Output,
    leaks: u64,
    /// B's line numbered 1 (as [`Index::first`]).
    first: u64,
    /// A line being written (reused).
    line: Vec<u8>,
}

impl Consumer for Lookup<'_> {
    type Batch = Classes;

    fn consume(&mut self, classes: Classes) -> io::Result<()> {
        for (b_line, form) in classes.0 {
            let Some(a_line) = self.index.first_line.get(&form) else {
                continue;
            };
            self.leaks += 1;
            self.line.clear();
            write!(self.line, "{} {a_line} ", b_line + 1 - self.first)?;
            format::write_canon_line(&form.unpack(), false, &mut self.line);
            self.out.write_all(&self.line)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
