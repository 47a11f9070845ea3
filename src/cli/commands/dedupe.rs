//! `sudokuflow dedupe`: the first puzzle of each equivalence class, in input order.
//!
//! The pipeline finds each puzzle's canonical form; [`Classes`] takes them,
//! in input order, and writes a puzzle only when its form is new. A class is
//! remembered by a 128-bit hash of its canonical form (16 bytes): with n
//! classes the chance that two share a hash is about n^2 / 2^129, under
//! 10^-20 for a billion classes.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, DefaultHasher, Hasher};
use std::io::{self, Write};

use sudokuflow::Grid;
use sudokuflow::answer::{Answer, Answered, Batch, Consumer, Outcome};
use sudokuflow::format;
use sudokuflow::pipeline::{self, Mode, Options};

use super::{finish_output, open_input_args, threads};
use crate::app::output::Output;
use crate::app::progress::Progress;
use crate::app::report::Reporter;
use crate::cli::args::DedupeArgs;

/// `sudokuflow dedupe`: 0 when every line was a puzzle, 1 when some were bad.
pub fn dedupe(args: &DedupeArgs) -> anyhow::Result<u8> {
    let inputs = open_input_args(&args.input)?;
    let mut options = Options::new(Mode::Canon { zeros: args.zeros });
    options.input_format = args.input.input_format.into();
    options.threads = threads(&args.run);
    let total_bytes = inputs.iter().map(|i| i.known_len()).sum::<Option<u64>>();
    let mut output = Output::create(args.output.as_deref())?;
    let mut reporter = Reporter::new(Progress::new(total_bytes, args.run.quiet), args.run.quiet);
    let mut classes = Classes {
        out: &mut output,
        seen: HashSet::default(),
        write: match (args.count, args.canonical) {
            (true, _) => Keep::Nothing,
            (false, true) => Keep::Canonical,
            (false, false) => Keep::FirstPuzzle,
        },
        zeros: args.zeros,
        line: Vec::with_capacity(82),
    };
    let result = pipeline::run_into(inputs, &options, &mut classes, &mut reporter);
    let count = classes.seen.len();
    let result = result.and_then(|summary| {
        if args.count {
            writeln!(output, "{count}").map_err(pipeline::Error::Write)?;
        }
        Ok(summary)
    });
    let result = finish_output(result, output, false);
    reporter.finish(result.is_ok());
    Ok(u8::from(result?.failed > 0))
}

/// What [`Classes`] writes for a new class.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    FirstPuzzle,
    Canonical,
    Nothing,
}

/// The canonical forms of a job's puzzles, each with the puzzle; bad
/// puzzles are left out (the reporter names them).
struct Forms(Vec<(Grid, Grid)>);

impl Batch for Forms {
    fn new(_options: &Options, input_len: usize) -> Forms {
        Forms(Vec::with_capacity(input_len / 82 + 1))
    }

    fn push(&mut self, _options: &Options, answered: Answered<'_>) {
        if let Outcome::Answered {
            puzzle,
            answer: Answer::Canonical { form, .. },
        } = answered.outcome
        {
            self.0.push((form, *puzzle));
        }
    }
}

/// Writes each puzzle (or form) whose canonical form is new.
struct Classes<'a> {
    out: &'a mut Output,
    seen: HashSet<u128, BuildHasherDefault<KeyHasher>>,
    write: Keep,
    zeros: bool,
    /// A line being written (reused).
    line: Vec<u8>,
}

impl Consumer for Classes<'_> {
    type Batch = Forms;

    fn consume(&mut self, forms: Forms) -> io::Result<()> {
        for (form, puzzle) in forms.0 {
            if !self.seen.insert(class_key(&form)) {
                continue;
            }
            let grid = match self.write {
                Keep::FirstPuzzle => puzzle,
                Keep::Canonical => form,
                Keep::Nothing => continue,
            };
            self.line.clear();
            format::write_canon_line(&grid, self.zeros, &mut self.line);
            self.out.write_all(&self.line)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// 128 bits of SipHash over the canonical form: two hashes, told apart by
/// a first byte.
fn class_key(canonical: &Grid) -> u128 {
    let half = |tag: u8| {
        let mut h = DefaultHasher::new();
        h.write_u8(tag);
        h.write(canonical.cells());
        h.finish()
    };
    u128::from(half(0)) << 64 | u128::from(half(1))
}

/// The set's hasher: keys are already uniform hashes, so their low bits do.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u128(&mut self, key: u128) {
        self.0 = key as u64;
    }
}
