//! `sudokuflow dedupe`: the first puzzle of each equivalence class, in input order.
//!
//! The pipeline writes `<canonical form> <puzzle>` for each puzzle, in order;
//! [`ClassFilter`] sits between it and the output and keeps a line only when
//! its canonical form is new. A class is remembered by a 128-bit hash of its
//! canonical form (16 bytes): with n classes the chance that two share a
//! hash is about n^2 / 2^129, under 10^-20 for a billion classes.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, DefaultHasher, Hasher};
use std::io::{self, Write};

use sudokuflow::format::OutputFormat;
use sudokuflow::pipeline::{self, Mode, Options};

use super::{finish_output, open_input_args, threads};
use crate::cli::args::DedupeArgs;
use crate::cli::output::Output;
use crate::cli::progress::Progress;
use crate::cli::report::Reporter;

/// `sudokuflow dedupe`: 0 when every line was a puzzle, 1 when some were bad.
pub fn dedupe(args: &DedupeArgs) -> anyhow::Result<u8> {
    let inputs = open_input_args(&args.input)?;
    let options = Options {
        mode: Mode::Canon {
            zeros: args.zeros,
            with_input: true,
        },
        input_format: args.input.input_format.into(),
        output_format: OutputFormat::Line,
        strict: false,
        threads: threads(&args.run),
    };
    let total_bytes = inputs.iter().map(|i| i.known_len()).sum::<Option<u64>>();
    let mut output = Output::create(args.output.as_deref())?;
    let mut reporter = Reporter::new(Progress::new(total_bytes, args.run.quiet), args.run.quiet);
    let mut filter = ClassFilter {
        out: &mut output,
        seen: HashSet::default(),
        pending: Vec::new(),
        write: match (args.count, args.canonical) {
            (true, _) => Keep::Nothing,
            (false, true) => Keep::Canonical,
            (false, false) => Keep::FirstPuzzle,
        },
    };
    let result = pipeline::run(inputs, &options, &mut filter, &mut reporter);
    let classes = filter.seen.len();
    let result = result.and_then(|summary| {
        if args.count {
            writeln!(output, "{classes}").map_err(pipeline::Error::Write)?;
        }
        Ok(summary)
    });
    let result = finish_output(result, output, false);
    reporter.finish(result.is_ok());
    Ok(u8::from(result?.failed > 0))
}

/// What [`ClassFilter`] writes for a new class.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    FirstPuzzle,
    Canonical,
    Nothing,
}

/// Keeps the lines `<canonical> <puzzle>` whose canonical form is new, as
/// the puzzle or the form; drops marker lines (the reporter names them).
struct ClassFilter<'a> {
    out: &'a mut Output,
    seen: HashSet<u128, BuildHasherDefault<KeyHasher>>,
    /// The start of a line whose end has not arrived yet.
    pending: Vec<u8>,
    write: Keep,
}

impl ClassFilter<'_> {
    fn line(&mut self, line: &[u8]) -> io::Result<()> {
        if line.first() == Some(&b'!') {
            return Ok(());
        }
        let (canonical, puzzle) = line.split_at(line.len().min(81));
        if !self.seen.insert(class_key(canonical)) {
            return Ok(());
        }
        match self.write {
            Keep::FirstPuzzle => self.out.write_all(puzzle.get(1..).unwrap_or_default())?,
            Keep::Canonical => self.out.write_all(canonical)?,
            Keep::Nothing => return Ok(()),
        }
        self.out.write_all(b"\n")
    }
}

impl Write for ClassFilter<'_> {
    fn write(&mut self, mut buf: &[u8]) -> io::Result<usize> {
        let len = buf.len();
        if !self.pending.is_empty() {
            let Some(end) = memchr::memchr(b'\n', buf) else {
                self.pending.extend_from_slice(buf);
                return Ok(len);
            };
            let mut line = std::mem::take(&mut self.pending);
            line.extend_from_slice(&buf[..end]);
            self.line(&line)?;
            buf = &buf[end + 1..];
        }
        while let Some(end) = memchr::memchr(b'\n', buf) {
            self.line(&buf[..end])?;
            buf = &buf[end + 1..];
        }
        self.pending.extend_from_slice(buf);
        Ok(len)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// 128 bits of SipHash over the canonical form: two hashes, told apart by
/// a first byte.
fn class_key(canonical: &[u8]) -> u128 {
    let half = |tag: u8| {
        let mut h = DefaultHasher::new();
        h.write_u8(tag);
        h.write(canonical);
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
