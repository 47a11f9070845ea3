//! `sudokuflow leakage A B`: the puzzles of B equivalent to a puzzle of A.
//!
//! A is read first into a set of its classes' packed canonical forms, each
//! with the line of its first puzzle (whole forms, so a match is never a
//! hash collision); then B streams through the pipeline and each of its
//! classes is looked up, in B's order.
//!
//! An A of more than [`IN_MEMORY_CLASSES`] classes is spilled to disk as a
//! hash join does: A's and B's classes are written to [`PARTITIONS`]
//! temporary files by their hash, each partition of A is held in memory in
//! turn while its part of B is looked up, and the matches, each
//! partition's in B's order, are merged back into B's order. Memory stays
//! that of one partition, whatever A's size.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fs::File;
use std::hash::BuildHasher;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
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

    let mut index = Index::new(a_first, IN_MEMORY_CLASSES);
    let a_summary = run_reporting(a, &options, &mut index, args.run.quiet).map_err(spill_error)?;

    let mut output = Output::create(args.output.as_deref())?;
    let mut lookup = Lookup::new(&mut index, &mut output, b_first).map_err(spill_error)?;
    let result = run_reporting(b, &options, &mut lookup, args.run.quiet);
    let result = result.and_then(|summary| {
        lookup.finish().map_err(pipeline::Error::Write)?;
        Ok(summary)
    });
    let (leaks, classes) = (lookup.leaks, lookup.classes);
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
        print_stats(classes, &a_summary, &b_summary, leaks, started);
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

fn print_stats(classes: u64, a: &Summary, b: &Summary, leaks: u64, started: Instant) {
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
        classes,
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

/// A's classes held in memory before A spills to disk: 26 to 50 MB of them
/// (100 to 190 bytes each, as the table doubles).
const IN_MEMORY_CLASSES: usize = 1 << 18;

/// The partitions a spilled A and B are cut into: a partition of an A of
/// up to 64 times [`IN_MEMORY_CLASSES`] classes (16.7 million) is no larger
/// than A held whole before it spilled.
const PARTITIONS: usize = 64;

/// The error of a run that could not write A's classes to disk.
fn spill_error(error: pipeline::Error) -> anyhow::Error {
    match error {
        pipeline::Error::Write(e) => anyhow::Error::new(e),
        e => e.into(),
    }
}

/// An error of the temporary files, saying so.
fn temporary(e: io::Error) -> io::Error {
    io::Error::new(
        e.kind(),
        format!("cannot write leakage's temporary files (A is spilled to disk): {e}"),
    )
}

/// A's classes, each with the line (or row) of its first puzzle: in memory,
/// or on disk once more than `limit` came.
struct Index {
    first_line: HashMap<PackedForm, u64, PackedFormHash>,
    /// The line numbered 1: 2 for a table fed row by row, whose rows are named.
    first: u64,
    limit: usize,
    spilled: Option<Partitions>,
}

impl Index {
    fn new(first: u64, limit: usize) -> Index {
        Index {
            first_line: HashMap::default(),
            first,
            limit,
            spilled: None,
        }
    }
}

impl Consumer for Index {
    type Batch = Classes;

    fn consume(&mut self, classes: Classes) -> io::Result<()> {
        for (line, form) in classes.0 {
            let line = line + 1 - self.first;
            if let Some(partitions) = &mut self.spilled {
                partitions.push(&form, line, 0)?;
                continue;
            }
            self.first_line.entry(form).or_insert(line);
            if self.first_line.len() > self.limit {
                let mut partitions = Partitions::create()?;
                for (form, line) in std::mem::take(&mut self.first_line) {
                    partitions.push(&form, line, 0)?;
                }
                self.spilled = Some(partitions);
            }
        }
        Ok(())
    }
}

/// Temporary files of classes, one per partition of their hash: records of
/// a form and two numbers (a line and another, or 0), in the order pushed.
struct Partitions(Vec<BufWriter<File>>);

/// A partition's record: the form's 6 words and two numbers.
const RECORD_BYTES: usize = 64;

impl Partitions {
    fn create() -> io::Result<Partitions> {
        (0..PARTITIONS)
            .map(|_| {
                let file = tempfile::tempfile().map_err(temporary)?;
                Ok(BufWriter::with_capacity(64 * 1024, file))
            })
            .collect::<io::Result<_>>()
            .map(Partitions)
    }

    fn of(form: &PackedForm) -> usize {
        // Bits the table of a partition does not use: it indexes by the low
        // ones and tags entries with the top seven.
        (PackedFormHash::default().hash_one(form) >> 51) as usize % PARTITIONS
    }

    fn push(&mut self, form: &PackedForm, line: u64, other: u64) -> io::Result<()> {
        write_record(&mut self.0[Partitions::of(form)], form, line, other).map_err(temporary)
    }

    /// The files, written, to be read from their start.
    fn into_readers(self) -> io::Result<Vec<BufReader<File>>> {
        self.0
            .into_iter()
            .map(|writer| {
                let mut file = writer.into_inner().map_err(|e| temporary(e.into_error()))?;
                file.rewind().map_err(temporary)?;
                Ok(BufReader::with_capacity(64 * 1024, file))
            })
            .collect()
    }
}

fn write_record(out: &mut impl Write, form: &PackedForm, line: u64, other: u64) -> io::Result<()> {
    let mut record = [0u8; RECORD_BYTES];
    let words = form.to_words().into_iter().chain([line, other]);
    for (bytes, word) in record.chunks_exact_mut(8).zip(words) {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    out.write_all(&record)
}

/// The next record of `input`, `None` at its end.
fn read_record(input: &mut impl Read) -> io::Result<Option<(PackedForm, u64, u64)>> {
    let mut record = [0u8; RECORD_BYTES];
    match input.read_exact(&mut record) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let mut words = record
        .chunks_exact(8)
        .map(|bytes| u64::from_le_bytes(bytes.try_into().expect("8 bytes")));
    let form = PackedForm::from_words(std::array::from_fn(|_| words.next().expect("6 words")));
    let (line, other) = (
        words.next().expect("a line"),
        words.next().expect("a number"),
    );
    Ok(Some((form, line, other)))
}

/// Writes a line for each puzzle of B whose class is among A's: as B
/// streams, or with a spilled A once B has been read.
struct Lookup<'a, W: Write> {
    /// A's classes held in memory.
    first_line: &'a HashMap<PackedForm, u64, PackedFormHash>,
    /// A's classes, when spilled.
    a_spilled: Option<Partitions>,
    out: &'a mut W,
    leaks: u64,
    /// A's classes (known once looked up, for a spilled A).
    classes: u64,
    /// B's line numbered 1 (as [`Index::first`]).
    first: u64,
    /// B's classes, for a spilled A.
    spilled: Option<Partitions>,
    /// A line being written (reused).
    line: Vec<u8>,
}

impl<'a, W: Write> Lookup<'a, W> {
    fn new(index: &'a mut Index, out: &'a mut W, first: u64) -> Result<Self, pipeline::Error> {
        let a_spilled = index.spilled.take();
        let spilled = match a_spilled {
            Some(_) => Some(Partitions::create().map_err(pipeline::Error::Write)?),
            None => None,
        };
        Ok(Lookup {
            first_line: &index.first_line,
            a_spilled,
            out,
            leaks: 0,
            classes: index.first_line.len() as u64,
            first,
            spilled,
            line: Vec::with_capacity(128),
        })
    }

    fn write_leak(&mut self, b_line: u64, a_line: u64, form: &PackedForm) -> io::Result<()> {
        self.leaks += 1;
        self.line.clear();
        write!(self.line, "{b_line} {a_line} ")?;
        format::write_canon_line(&form.unpack(), false, &mut self.line);
        self.out.write_all(&self.line)
    }

    /// With a spilled A, looks B's classes up, a partition at a time, and
    /// writes the leaks in B's order.
    fn finish(&mut self) -> io::Result<()> {
        let (Some(a), Some(b)) = (self.a_spilled.take(), self.spilled.take()) else {
            return Ok(());
        };
        let a = a.into_readers()?;
        let mut matches = Vec::with_capacity(PARTITIONS);
        self.classes = 0;
        for (mut a, mut b) in a.into_iter().zip(b.into_readers()?) {
            let mut first_line: HashMap<PackedForm, u64, PackedFormHash> = HashMap::default();
            while let Some((form, line, _)) = read_record(&mut a)? {
                let first = first_line.entry(form).or_insert(line);
                *first = (*first).min(line);
            }
            self.classes += first_line.len() as u64;
            let found = tempfile::tempfile().map_err(temporary)?;
            let mut found = BufWriter::with_capacity(64 * 1024, found);
            while let Some((form, b_line, _)) = read_record(&mut b)? {
                if let Some(&a_line) = first_line.get(&form) {
                    write_record(&mut found, &form, b_line, a_line).map_err(temporary)?;
                }
            }
            let mut found = found.into_inner().map_err(|e| temporary(e.into_error()))?;
            found.rewind().map_err(temporary)?;
            matches.push(BufReader::with_capacity(64 * 1024, found));
        }
        // Each partition's matches are in B's order: merged, so are all.
        let mut heads = BinaryHeap::new();
        let mut records = Vec::with_capacity(PARTITIONS);
        for (i, reader) in matches.iter_mut().enumerate() {
            let record = read_record(reader)?;
            if let Some((_, b_line, _)) = &record {
                heads.push(Reverse((*b_line, i)));
            }
            records.push(record);
        }
        while let Some(Reverse((_, i))) = heads.pop() {
            let (form, b_line, a_line) = records[i].take().expect("a head has its record");
            self.write_leak(b_line, a_line, &form)?;
            records[i] = read_record(&mut matches[i])?;
            if let Some((_, next, _)) = &records[i] {
                heads.push(Reverse((*next, i)));
            }
        }
        Ok(())
    }
}

impl<W: Write> Consumer for Lookup<'_, W> {
    type Batch = Classes;

    fn consume(&mut self, classes: Classes) -> io::Result<()> {
        for (b_line, form) in classes.0 {
            let b_line = b_line + 1 - self.first;
            if let Some(partitions) = &mut self.spilled {
                partitions.push(&form, b_line, 0)?;
                continue;
            }
            if let Some(&a_line) = self.first_line.get(&form) {
                self.write_leak(b_line, a_line, &form)?;
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokuflow::rng::Rng;

    /// `count` records of forms drawn from the first `forms` forms (cells
    /// 0 to 9, form `i` made from `i` alone), lines 1 up, in jobs of 37.
    fn jobs(draws: u64, forms: u64, count: u64) -> Vec<Classes> {
        let form = |i: u64| {
            let mut rng = Rng::for_stream(0, &[i]);
            PackedForm::from_words(std::array::from_fn(|_| {
                (0..16).fold(0, |word, k| word | ((rng.next_u64() % 10) << (4 * k)))
            }))
        };
        let mut rng = Rng::for_stream(draws, &[u64::MAX]);
        let records: Vec<(u64, PackedForm)> = (0..count)
            .map(|line| (line + 1, form(rng.next_u64() % forms)))
            .collect();
        records
            .chunks(37)
            .map(|job| Classes(job.to_vec()))
            .collect()
    }

    /// The lines `leakage` writes for A and B with `limit` classes in memory,
    /// its leak count and A's class count.
    fn leaks(a: Vec<Classes>, b: Vec<Classes>, limit: usize) -> (String, u64, u64) {
        let mut index = Index::new(1, limit);
        for job in a {
            index.consume(job).unwrap();
        }
        assert_eq!(index.spilled.is_some(), limit < 300);
        let mut out = Vec::new();
        let mut lookup = Lookup::new(&mut index, &mut out, 1).unwrap();
        for job in b {
            lookup.consume(job).unwrap();
        }
        lookup.finish().unwrap();
        let (leaks, classes) = (lookup.leaks, lookup.classes);
        (String::from_utf8(out).unwrap(), leaks, classes)
    }

    /// A spilled to disk gives the lines A held in memory gives, and both
    /// are what a plain scan of A for each of B's puzzles finds.
    #[test]
    fn a_spilled_to_disk_finds_what_a_held_in_memory_does() {
        // A of forms 0..300 (some repeated), B of forms 0..600: half of
        // B's puzzles leak.
        let (a, b) = (|| jobs(1, 300, 1000), || jobs(2, 600, 700));
        let mut expected = String::new();
        let a_records: Vec<(u64, PackedForm)> = a().into_iter().flat_map(|j| j.0).collect();
        for (b_line, form) in b().into_iter().flat_map(|j| j.0) {
            if let Some((a_line, _)) = a_records.iter().find(|(_, f)| *f == form) {
                expected += &format!("{b_line} {a_line} ");
                let mut canon = Vec::new();
                format::write_canon_line(&form.unpack(), false, &mut canon);
                expected += std::str::from_utf8(&canon).unwrap();
            }
        }
        let in_memory = leaks(a(), b(), 1 << 20);
        let spilled = leaks(a(), b(), 10);
        assert_eq!(in_memory.0, expected);
        assert!(in_memory.1 > 100 && in_memory.1 < 700, "{}", in_memory.1);
        assert_eq!(spilled, in_memory);
    }
}
