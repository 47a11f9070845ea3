//! The batch pipeline: solve (or count) every puzzle of a list of inputs, in
//! parallel, writing the answers in input order.
//!
//! A producer thread cuts the inputs into chunks (and assembles grid blocks,
//! which is sequential work); rayon workers turn each chunk into its output
//! bytes; the calling thread is the ordered writer, which emits a chunk's
//! output as soon as it and every chunk before it are done. A chunk holds its
//! slot from being cut until it is written, and there are a fixed number of
//! slots, so memory stays flat however large the input.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError};
use std::thread;

use rayon::ThreadPool;

use crate::format::{self, GridAssembler, InputFormat, LineKind, OutputFormat, Problem, Record};
use crate::grid::Grid;
use crate::input::{CHUNK_LEN, Chunk, ChunkData, Input};
use crate::solver;

/// Chunks in flight per worker thread: enough to keep every worker busy
/// while the writer waits for the oldest one.
const SLOTS_PER_THREAD: usize = 4;

/// Puzzles per job when the producer assembles grid blocks itself.
const RECORDS_PER_JOB: usize = 1024;

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution.
    Solve,
    /// The number of solutions, counting up to `limit`.
    Count { limit: u32 },
}

/// How a run reads, answers and writes.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub mode: Mode,
    pub input_format: InputFormat,
    /// The layout of solutions; counts are one line each whatever this is.
    pub output_format: OutputFormat,
    /// Stop after the first bad puzzle (its marker is still written).
    pub strict: bool,
    /// Worker threads.
    pub threads: usize,
}

impl Options {
    /// The layout of answers and markers: counts take one line whatever the
    /// output format.
    fn answer_format(&self) -> OutputFormat {
        match self.mode {
            Mode::Solve => self.output_format,
            Mode::Count { .. } => OutputFormat::Line,
        }
    }
}

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Puzzles read, good or bad.
    pub puzzles: u64,
    /// Puzzles that got a marker line instead of an answer.
    pub failed: u64,
    /// Guesses the solver made, over all puzzles.
    pub guesses: u64,
}

impl std::ops::AddAssign for Summary {
    fn add_assign(&mut self, other: Summary) {
        self.puzzles += other.puzzles;
        self.failed += other.failed;
        self.guesses += other.guesses;
    }
}

/// Receives what a run finds, in input order, on the calling thread.
pub trait Observer {
    /// The puzzle at `line` (1-based) of the input named `input` got a marker.
    fn bad_puzzle(&mut self, input: &str, line: u64, problem: Problem);
    /// The output of `input_bytes` more bytes of input, holding `puzzles`
    /// more puzzles, was written.
    fn progress(&mut self, input_bytes: u64, puzzles: u64);
}

/// Why a run stopped before the end of its inputs.
#[derive(Debug)]
pub enum Error {
    /// Reading the named input failed.
    Read { input: String, source: io::Error },
    /// Writing the output failed; stop quietly if it is a broken pipe.
    Write(io::Error),
    /// The worker or reader threads could not be started.
    Threads(String),
    /// A worker panicked: a bug.
    WorkerPanicked,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { input, source } => write!(f, "error reading {input}: {source}"),
            Error::Write(source) => write!(f, "error writing output: {source}"),
            Error::Threads(reason) => write!(f, "cannot start threads: {reason}"),
            Error::WorkerPanicked => f.write_str("internal error: a worker thread panicked"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Read { source, .. } | Error::Write(source) => Some(source),
            Error::Threads(_) | Error::WorkerPanicked => None,
        }
    }
}

/// Answers every puzzle of `inputs`, in order, writing to `out` and telling
/// `observer` about bad puzzles and progress. Bad puzzles do not make the run
/// fail: they are counted in the summary.
pub fn run(
    inputs: Vec<Input>,
    options: &Options,
    out: &mut dyn Write,
    observer: &mut dyn Observer,
) -> Result<Summary, Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .thread_name(|i| format!("sudokuflow-worker-{i}"))
        .build()
        .map_err(|e| Error::Threads(e.to_string()))?;
    let names: Vec<String> = inputs
        .iter()
        .map(|input| input.name().to_string())
        .collect();
    let (results, results_rx) = mpsc::channel();
    let (slots, slots_rx) = mpsc::sync_channel(SLOTS_PER_THREAD * options.threads.max(1));
    let producer = Producer {
        pool,
        options: *options,
        results,
        slots,
        next_seq: 0,
    };
    // Not joined: when the writer stops early the producer may be blocked
    // reading a terminal or pipe; it ends at its next chunk, or with the process.
    thread::Builder::new()
        .name("sudokuflow-reader".into())
        .spawn(move || producer.run(inputs))
        .map_err(|e| Error::Threads(e.to_string()))?;
    let writer = OrderedWriter {
        out,
        observer,
        names,
        waiting: BTreeMap::new(),
        next_seq: 0,
        summary: Summary::default(),
    };
    writer.run(results_rx, slots_rx)
}

/// A piece of work for a worker.
struct Job {
    input: usize,
    input_bytes: u64,
    work: Work,
}

enum Work {
    /// Raw lines in the line format.
    Lines(Chunk),
    /// Puzzles the producer read from grid blocks.
    Records(Vec<Record>),
}

/// A finished job.
struct Done {
    input: usize,
    input_bytes: u64,
    output: Vec<u8>,
    bad: Vec<(u64, Problem)>,
    summary: Summary,
    /// A bad puzzle in strict mode: the run stops after this job.
    strict_stop: bool,
}

/// What reaches the writer, numbered in input order.
enum Item {
    Done(Done),
    ReadError { input: usize, error: io::Error },
    Panicked,
}

struct Producer {
    pool: ThreadPool,
    options: Options,
    results: Sender<(u64, Item)>,
    /// Holds one token per item in flight; blocks when all slots are taken,
    /// and fails once the writer has stopped.
    slots: SyncSender<()>,
    next_seq: u64,
}

impl Producer {
    fn run(mut self, inputs: Vec<Input>) {
        for (index, input) in inputs.into_iter().enumerate() {
            if !self.read_input(index, input) {
                return;
            }
        }
    }

    /// Sends the jobs of one input; false when the run is to stop.
    fn read_input(&mut self, index: usize, input: Input) -> bool {
        let mut format = self.options.input_format;
        let mut grid = GridReader::default();
        for chunk in input.chunks() {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(error) => {
                    self.send(Item::ReadError {
                        input: index,
                        error,
                    });
                    return false;
                }
            };
            if format == InputFormat::Auto {
                format = detect_format(&chunk);
            }
            if format == InputFormat::Grid {
                if grid.read(&chunk) {
                    break;
                }
                if grid.records.len() >= RECORDS_PER_JOB && !self.dispatch(grid.take_job(index)) {
                    return false;
                }
                continue;
            }
            // Found here rather than by the worker so that reading stops at
            // once, even on a pipe that is kept open after the `end`.
            let end = chunk
                .lines()
                .any(|(_, line)| format::classify(line) == LineKind::End);
            let job = Job {
                input: index,
                input_bytes: chunk.input_bytes,
                work: Work::Lines(chunk),
            };
            if !self.dispatch(job) {
                return false;
            }
            if end {
                break;
            }
        }
        grid.records.extend(grid.assembler.finish());
        grid.is_empty() || self.dispatch(grid.take_job(index))
    }

    /// Takes a slot and hands `job` to a worker; false when the writer has stopped.
    fn dispatch(&mut self, job: Job) -> bool {
        if self.slots.send(()).is_err() {
            return false;
        }
        let seq = self.take_seq();
        let results = self.results.clone();
        let options = self.options;
        self.pool.spawn(move || {
            let item = panic::catch_unwind(AssertUnwindSafe(|| process(job, &options)))
                .map_or(Item::Panicked, Item::Done);
            // An error means the writer has stopped and wants nothing more.
            let _ = results.send((seq, item));
        });
        true
    }

    /// Sends `item` straight to the writer, in its turn.
    fn send(&mut self, item: Item) {
        if self.slots.send(()).is_ok() {
            let seq = self.take_seq();
            // An error means the writer has stopped and wants nothing more.
            let _ = self.results.send((seq, item));
        }
    }

    fn take_seq(&mut self) -> u64 {
        self.next_seq += 1;
        self.next_seq - 1
    }
}

/// Grid blocks being assembled from an input's chunks, and the puzzles read
/// from them but not yet sent to a worker.
#[derive(Default)]
struct GridReader {
    assembler: GridAssembler,
    records: Vec<Record>,
    input_bytes: u64,
}

impl GridReader {
    /// Reads the lines of `chunk`; true when one is `end`.
    fn read(&mut self, chunk: &Chunk) -> bool {
        self.input_bytes += chunk.input_bytes;
        for (number, line) in chunk.lines() {
            let kind = format::classify(line);
            self.records.extend(self.assembler.feed(number, kind));
            if kind == LineKind::End {
                return true;
            }
        }
        false
    }

    fn is_empty(&self) -> bool {
        self.records.is_empty() && self.input_bytes == 0
    }

    /// A job for the puzzles read so far.
    fn take_job(&mut self, input: usize) -> Job {
        Job {
            input,
            input_bytes: std::mem::take(&mut self.input_bytes),
            work: Work::Records(std::mem::take(&mut self.records)),
        }
    }
}

/// The format of an input whose first chunk is `chunk`, from its first
/// significant line; [`InputFormat::Auto`] if the chunk has none (its lines
/// then mean the same in either format).
fn detect_format(chunk: &Chunk) -> InputFormat {
    for (_, line) in chunk.lines() {
        match format::classify(line) {
            LineKind::Blank | LineKind::Comment => {}
            LineKind::End => break,
            kind => return format::detect(kind),
        }
    }
    InputFormat::Auto
}

/// A worker's job: the answer or marker of every puzzle, into one buffer.
fn process(job: Job, options: &Options) -> Done {
    let mut done = Done {
        input: job.input,
        input_bytes: job.input_bytes,
        output: Vec::new(),
        bad: Vec::new(),
        summary: Summary::default(),
        strict_stop: false,
    };
    match job.work {
        Work::Lines(chunk) => {
            done.output
                .reserve(output_len_estimate(&chunk.data, options));
            for (number, line) in chunk.lines() {
                let puzzle = match format::classify(line) {
                    LineKind::Blank | LineKind::Comment => continue,
                    LineKind::End => break,
                    LineKind::TooLong => Err(Problem::LineTooLong),
                    LineKind::Content(line) => Grid::parse_line(line).map_err(Problem::from),
                };
                if !done.answer(number, puzzle, options) {
                    break;
                }
            }
        }
        Work::Records(records) => {
            for record in records {
                if !done.answer(record.line, record.puzzle, options) {
                    break;
                }
            }
        }
    }
    done
}

/// Output bytes for a chunk of line-format input, so the buffer is allocated once.
fn output_len_estimate(data: &ChunkData, options: &Options) -> usize {
    // Capped: a mapped chunk can hold one huge line.
    let puzzles = data.bytes().len().min(2 * CHUNK_LEN) / 82 + 1;
    let per_puzzle = match (options.mode, options.output_format) {
        (Mode::Count { .. }, _) => 4,
        (Mode::Solve, OutputFormat::Line) => 82,
        (Mode::Solve, OutputFormat::Grid) => 91,
        (Mode::Solve, OutputFormat::Pretty) => 14 * 26,
    };
    puzzles * per_puzzle
}

impl Done {
    /// Writes the answer to one puzzle, or its marker; false to stop the job.
    fn answer(&mut self, line: u64, puzzle: Result<Grid, Problem>, options: &Options) -> bool {
        self.summary.puzzles += 1;
        let answer = puzzle.and_then(|grid| match options.mode {
            Mode::Solve => {
                let solution = solver::solve(&grid)?;
                self.summary.guesses += u64::from(solution.guesses);
                options
                    .output_format
                    .write_grid(&solution.grid, &mut self.output);
                Ok(())
            }
            Mode::Count { limit } => {
                let count = solver::count_solutions(&grid, limit)?;
                self.summary.guesses += u64::from(count.guesses);
                format::write_count(count.solutions, &mut self.output);
                Ok(())
            }
        });
        let Err(problem) = answer else {
            return true;
        };
        options
            .answer_format()
            .write_marker(problem, &mut self.output);
        self.summary.failed += 1;
        self.bad.push((line, problem));
        if options.strict {
            self.strict_stop = true;
        }
        !options.strict
    }
}

/// Writes finished jobs in input order.
struct OrderedWriter<'a> {
    out: &'a mut dyn Write,
    observer: &'a mut dyn Observer,
    names: Vec<String>,
    /// Items that arrived before an earlier one.
    waiting: BTreeMap<u64, Item>,
    next_seq: u64,
    summary: Summary,
}

impl OrderedWriter<'_> {
    /// Writes until every item is written or the run stops. Dropping the
    /// receivers on return tells the producer and workers to stop.
    fn run(
        mut self,
        results: Receiver<(u64, Item)>,
        slots: Receiver<()>,
    ) -> Result<Summary, Error> {
        loop {
            let (seq, item) = match results.try_recv() {
                Ok(message) => message,
                Err(TryRecvError::Empty) => {
                    // Nothing ready: let the reader see what is done so far.
                    self.out.flush().map_err(Error::Write)?;
                    match results.recv() {
                        Ok(message) => message,
                        Err(_) => break,
                    }
                }
                Err(TryRecvError::Disconnected) => break,
            };
            self.waiting.insert(seq, item);
            while let Some(item) = self.waiting.remove(&self.next_seq) {
                self.next_seq += 1;
                // Frees the item's slot; it was taken before the item was sent.
                let _ = slots.recv();
                if !self.write(item)? {
                    return Ok(self.summary);
                }
            }
        }
        Ok(self.summary)
    }

    /// Writes one item; false when the run stops here.
    fn write(&mut self, item: Item) -> Result<bool, Error> {
        let done = match item {
            Item::Done(done) => done,
            Item::ReadError { input, error } => {
                return Err(Error::Read {
                    input: self.names[input].clone(),
                    source: error,
                });
            }
            Item::Panicked => return Err(Error::WorkerPanicked),
        };
        self.out.write_all(&done.output).map_err(Error::Write)?;
        if !done.bad.is_empty() {
            // Keep messages after the output before them when both go to a terminal.
            self.out.flush().map_err(Error::Write)?;
        }
        for &(line, problem) in &done.bad {
            self.observer
                .bad_puzzle(&self.names[done.input], line, problem);
        }
        self.summary += done.summary;
        self.observer
            .progress(done.input_bytes, done.summary.puzzles);
        Ok(!done.strict_stop)
    }
}
