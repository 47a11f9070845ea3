//! The batch pipeline: solve, count or shuffle every puzzle of a list of
//! inputs ([`run`]), or generate a numbered stream of puzzles ([`generate`]),
//! in parallel, writing the output in order.
//!
//! A producer thread cuts the work into jobs: for [`run`] it cuts the inputs
//! into chunks (and assembles grid blocks, which is sequential work), and a
//! puzzle's many shuffled variants into ranges; for [`generate`] it cuts the
//! puzzle numbers into ranges. Rayon workers turn each job into a batch of
//! answers ([`crate::answer::Batch`]: text, or typed answers for a consumer that
//! wants them); the calling thread is the ordered writer, which hands a
//! job's batch to the [`crate::answer::Consumer`] as soon as it and every job before
//! it are done. A job holds its slot from being cut until it is consumed,
//! and there are a fixed number of slots, so memory stays flat however large
//! the input, the count or the variants per puzzle.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::io::{self, Write};
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError};
use std::thread;

use rayon::ThreadPool;

use crate::answer::{Answer, Answered, Batch, Consumer, Flush, Outcome, RowText, Text, TextOutput};
use crate::dataset::{self, Blank, Labels, RowPlan};
use crate::format::{self, GridAssembler, InputFormat, LineKind, OutputFormat, Problem, Record};
use crate::generate::{self as generator, GenerateConfig, GenerateError};
use crate::grid::Grid;
use crate::input::{CHUNK_LEN, Chunk, ChunkData, Column, Input};
use crate::logic;
use crate::render;
use crate::solver;
use crate::stream::table::{self, Layout, TablePiece, TableReader};

/// Chunks in flight per worker thread: enough to keep every worker busy
/// while the writer waits for the oldest one.
const SLOTS_PER_THREAD: usize = 4;

/// Puzzles per job when the producer assembles grid blocks itself.
const RECORDS_PER_JOB: usize = 1024;

/// Most puzzles per job of a [`generate`] run (fewer for small counts, so
/// that every worker gets some): a fraction of a second of work.
const GENERATED_PER_JOB: u64 = 256;

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mode {
    /// The first solution.
    Solve,
    /// The number of solutions, counting up to `limit`.
    Count {
        /// Stop counting here.
        limit: u32,
    },
    /// `variants` equivalent puzzles, each under the transform
    /// [`crate::generate::shuffle`] draws from `seed`, [`shuffle_index`] and the variant
    /// number. Puzzles are not solved: a puzzle with no or many solutions
    /// gives puzzles with as many. An unreadable puzzle gets `variants`
    /// marker lines, so that the output has `variants` entries per puzzle.
    Shuffle {
        /// The run's seed.
        seed: u64,
        /// Variants per puzzle.
        variants: u32,
    },
    /// The rating: `<puzzle> <ER>/<EP>/<ED> <level> <hardest technique>`
    /// (the fields as [`crate::logic::Rating`] displays them). A puzzle without
    /// exactly one solution gets a marker.
    Rate {
        /// Budget and ceiling of the rating.
        options: logic::Options,
    },
    /// The explanation, step by step: in words, as JSON Lines or as
    /// sections of an HTML page (see [`render::Format`]).
    Explain {
        /// Budget, ceiling and order of the steps.
        options: logic::Options,
        /// How it is written.
        format: render::Format,
    },
    /// The minlex canonical form ([`Grid::canonical`]). Puzzles are not
    /// solved: only conflicting givens get a marker.
    Canon {
        /// `0` instead of `.` for empty cells, in text.
        zeros: bool,
    },
    /// Equivalent variants of each puzzle with one solution, each with its
    /// solution transformed alike (`dataset::variant`): the original
    /// first if `with_original`, then variant `v` under the transform
    /// [`crate::generate::shuffle`] draws from `seed`, [`shuffle_index`] and
    /// `v` (`shuffle`'s variants). A puzzle without exactly one solution
    /// gets one marker (none with [`Options::skip_bad`]).
    Augment {
        /// The run's seed.
        seed: u64,
        /// Shuffled variants per puzzle.
        variants: u32,
        /// The original before its variants.
        with_original: bool,
        /// The empty cell's character.
        blank: Blank,
    },
    /// The `columns` of [`dataset::label`] for each puzzle; a puzzle without
    /// exactly one solution gets those that apply, and its marker.
    Label {
        /// The columns.
        columns: Labels,
        /// Budget and ceiling of the rating.
        options: logic::Options,
        /// The empty cell's character.
        blank: Blank,
    },
    /// The minlex canonical form of the puzzle's solution grid: the same
    /// for puzzles whose solution grids are equivalent, whatever their
    /// clues. A puzzle without exactly one solution gets a marker.
    SolutionCanon,
}

/// The puzzle number [`Mode::Shuffle`] passes to [`crate::generate::shuffle`] for the
/// puzzle at 1-based line `line` of the input at 0-based position `input`:
/// the line number itself for the first input, so a file and the same file
/// on standard input shuffle alike, and distinct numbers for later inputs
/// (up to 2^40 lines per input).
pub fn shuffle_index(input: usize, line: u64) -> u64 {
    ((input as u64) << 40) ^ line
}

/// How a run reads, answers and writes: [`Options::new`], then the fields
/// that differ from its defaults. More fields may come, so it is not built
/// by a struct expression outside this crate.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Options {
    /// What to write for each puzzle.
    pub mode: Mode,
    /// How the inputs are laid out.
    pub input_format: InputFormat,
    /// The layout of solutions; counts are one line each whatever this is.
    pub output_format: OutputFormat,
    /// Stop after the first bad puzzle (its marker is still written).
    pub strict: bool,
    /// Worker threads.
    pub threads: usize,
    /// Leave out bad puzzles (they are still reported and counted) instead
    /// of writing a marker: [`Mode::Augment`] and [`Mode::Label`].
    pub skip_bad: bool,
}

/// One worker per core, the default of a run.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

impl Options {
    /// A run in `mode` reading any puzzle layout ([`InputFormat::Auto`]),
    /// writing one line per answer ([`OutputFormat::Line`]), not strict,
    /// with one worker thread per core.
    pub fn new(mode: Mode) -> Options {
        Options {
            mode,
            input_format: InputFormat::Auto,
            output_format: OutputFormat::Line,
            strict: false,
            threads: default_threads(),
            skip_bad: false,
        }
    }

    /// The layout of answers and markers in text: counts take one line
    /// whatever the output format.
    pub(crate) fn answer_format(&self) -> OutputFormat {
        match self.mode {
            Mode::Solve | Mode::Shuffle { .. } => self.output_format,
            Mode::Count { .. }
            | Mode::Rate { .. }
            | Mode::Explain { .. }
            | Mode::Canon { .. }
            | Mode::Augment { .. }
            | Mode::Label { .. }
            | Mode::SolutionCanon => OutputFormat::Line,
        }
    }

    /// How many times a plain solve one puzzle takes, roughly, as far as the
    /// size of a job goes: rating takes a few solves' time on the puzzles
    /// most files hold (about 8 µs up to ER 4.4) and much more on hard ones,
    /// so its jobs are cut smaller to keep every worker busy to the end, but
    /// not so small that handing jobs over costs more than the work: at 64,
    /// `rate -j2` ran only 1.55 times as fast as `-j1` on puzzles up to 4.4,
    /// at 8, 1.87 times.
    fn cost_per_puzzle(&self) -> usize {
        match self.mode {
            // A page of boards per puzzle: jobs of a few puzzles, so that
            // the pages waiting to be written stay small.
            Mode::Explain {
                format: render::Format::Html,
                ..
            } => 64,
            Mode::Rate { .. } | Mode::Explain { .. } => 8,
            Mode::Label { columns, .. } if columns.needs_rating() => 8,
            _ => 1,
        }
    }

    /// True when rows are written: CSV output, for a mode whose answer fits
    /// in a field or two (not explain's).
    pub(crate) fn writes_rows(&self) -> bool {
        self.output_format == OutputFormat::Csv && !matches!(self.mode, Mode::Explain { .. })
    }

    /// The columns CSV output adds to each row.
    pub(crate) fn added_columns(&self) -> &'static [&'static str] {
        match self.mode {
            Mode::Solve => &["solution"],
            Mode::Count { .. } => &["count"],
            Mode::Rate { .. } => &["rating", "level"],
            Mode::Canon { .. } => &["canonical"],
            Mode::SolutionCanon => &["solution_canonical"],
            Mode::Shuffle { .. } => &["shuffled"],
            // Their header is their RowPlan's.
            Mode::Explain { .. } | Mode::Augment { .. } | Mode::Label { .. } => &[],
        }
    }

    /// Answers (or markers) per input puzzle.
    pub(crate) fn answers_per_puzzle(&self) -> usize {
        match self.mode {
            Mode::Shuffle { variants, .. } => variants as usize,
            Mode::Augment {
                variants,
                with_original,
                ..
            } => variants as usize + usize::from(with_original),
            _ => 1,
        }
    }
}

impl OutputFormat {
    /// Variants of one puzzle per job: about a chunk's worth of output, so
    /// that a puzzle's millions of variants stream in flat memory.
    pub(crate) fn variants_per_job(self) -> usize {
        (CHUNK_LEN / self.bytes_per_grid()).max(1)
    }
}

/// How a [`generate`] run makes and writes puzzles: [`GenerateOptions::new`],
/// then the fields that differ from its defaults. More fields may come, so
/// it is not built by a struct expression outside this crate.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// What puzzles to make.
    pub config: GenerateConfig,
    /// Puzzle `i` is [`crate::generate::generate`]`(config, seed, i)`.
    pub seed: u64,
    /// Puzzles to make, numbered from 0.
    pub count: u64,
    /// How to lay out each puzzle.
    pub output_format: OutputFormat,
    /// Write each puzzle's solution with it (see [`OutputFormat::write_with_solution`]).
    pub with_solution: bool,
    /// Worker threads.
    pub threads: usize,
}

impl GenerateOptions {
    /// `count` puzzles of `config` from seed 0, one line each
    /// ([`OutputFormat::Line`]) without their solutions, with one worker
    /// thread per core.
    pub fn new(config: GenerateConfig, count: u64) -> GenerateOptions {
        GenerateOptions {
            config,
            seed: 0,
            count,
            output_format: OutputFormat::Line,
            with_solution: false,
            threads: default_threads(),
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
    /// Clues over all generated puzzles ([`generate`] only).
    pub clues: u64,
    /// Rated puzzles per level, easiest first ([`Mode::Rate`] and [`Mode::Explain`]).
    pub levels: [u64; 5],
    /// Rated puzzles whose rating is a lower bound (budget or engine exhausted).
    pub lower_bounds: u64,
    /// Work over all rated puzzles, in chain nodes followed (the unit of
    /// the budget).
    pub work: u64,
    /// The most work one puzzle took.
    pub most_work: u64,
    /// Canonicalised puzzles by automorphism count: entry `k` counts those
    /// with 2^k to 2^(k+1) - 1 automorphisms, the last entry 128 or more
    /// ([`Mode::Canon`]; the solution grids, for [`Mode::SolutionCanon`]).
    pub automorphisms: [u64; 8],
}

impl std::ops::AddAssign for Summary {
    fn add_assign(&mut self, other: Summary) {
        self.puzzles += other.puzzles;
        self.failed += other.failed;
        self.guesses += other.guesses;
        self.clues += other.clues;
        for (level, more) in self.levels.iter_mut().zip(other.levels) {
            *level += more;
        }
        self.lower_bounds += other.lower_bounds;
        self.work += other.work;
        self.most_work = self.most_work.max(other.most_work);
        for (count, more) in self.automorphisms.iter_mut().zip(other.automorphisms) {
            *count += more;
        }
    }
}

/// Receives what a run finds, in input order, on the calling thread.
pub trait Observer {
    /// The puzzle at `line` (1-based) of the input named `input` got a
    /// marker (or, for [`Problem::WrongSolution`], a reported answer).
    /// `output`, the consumer, holds the answers before it, perhaps not yet
    /// flushed: flush it first to keep a message after them on a terminal.
    ///
    /// # Errors
    /// An error flushing `output` stops the run as a write error.
    fn bad_puzzle(
        &mut self,
        output: &mut dyn Flush,
        input: &str,
        line: u64,
        problem: Problem,
    ) -> io::Result<()>;
    /// The puzzle in the column named `column` (as a message names it) of
    /// the table row at `line` got a marker: [`Observer::bad_puzzle`] unless
    /// overridden. Problems with the row as a whole go to `bad_puzzle`.
    ///
    /// # Errors
    /// As [`Observer::bad_puzzle`].
    fn bad_field(
        &mut self,
        output: &mut dyn Flush,
        input: &str,
        line: u64,
        column: &str,
        problem: Problem,
    ) -> io::Result<()> {
        let _ = column;
        self.bad_puzzle(output, input, line, problem)
    }
    /// The output of `input_bytes` more bytes of input, holding `puzzles`
    /// more puzzles, was written (for [`generate`]: `puzzles` more puzzles,
    /// and no input).
    fn progress(&mut self, input_bytes: u64, puzzles: u64);
}

/// Why a run stopped before the end of its inputs.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Reading the named input failed.
    Read {
        /// The input's name.
        input: String,
        /// What went wrong.
        source: io::Error,
    },
    /// Writing the output (or the consumer) failed; stop quietly if it is a
    /// broken pipe.
    Write(io::Error),
    /// The worker or reader threads could not be started.
    Threads(String),
    /// A worker panicked: a bug.
    WorkerPanicked,
    /// Generating puzzle `index` (0-based) failed: its clue target was not
    /// met. The puzzles before it were written.
    Generate {
        /// The puzzle's number, from 0.
        index: u64,
        /// Why it was not made.
        source: GenerateError,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { input, source } => write!(f, "error reading {input}: {source}"),
            Error::Write(source) => write!(f, "error writing output: {source}"),
            Error::Threads(reason) => write!(f, "cannot start threads: {reason}"),
            Error::WorkerPanicked => f.write_str("internal error: a worker thread panicked"),
            Error::Generate { index, source } => write!(f, "puzzle {}: {source}", index + 1),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // A read error's message already holds its source's.
            Error::Read { .. } => None,
            Error::Write(source) => Some(source),
            Error::Generate { source, .. } => Some(source),
            Error::Threads(_) | Error::WorkerPanicked => None,
        }
    }
}

/// Answers every puzzle of `inputs`, in order, writing the text answers to
/// `out` and telling `observer` about bad puzzles and progress. Bad puzzles
/// do not make the run fail: they are counted in the summary.
///
/// # Errors
/// When an input cannot be read, the output cannot be written, the threads
/// cannot be started, or a worker panics (a bug); the output written up to
/// then stays written.
pub fn run(
    inputs: Vec<Input>,
    options: &Options,
    out: &mut dyn Write,
    observer: &mut dyn Observer,
) -> Result<Summary, Error> {
    run_into(inputs, options, &mut TextOutput(out), observer)
}

/// [`run`], handing the answers to `consumer` in input order, in the batches
/// it gathers them into.
///
/// # Errors
/// As [`run`]; an error from the consumer is [`Error::Write`].
pub fn run_into<C: Consumer>(
    inputs: Vec<Input>,
    options: &Options,
    consumer: &mut C,
    observer: &mut dyn Observer,
) -> Result<Summary, Error> {
    let names: Vec<String> = inputs
        .iter()
        .map(|input| input.name().to_string())
        .collect();
    let options = *options;
    execute(
        options.threads,
        names,
        consumer,
        observer,
        move |dispatcher| {
            Producer {
                dispatcher,
                options,
                header_sent: false,
                plan: None,
                solution_column: None,
            }
            .run(inputs);
        },
    )
}

/// Generates puzzles `0..options.count` in parallel, writing them in order to
/// `out` and telling `observer` about progress. The output is the same
/// whatever the number of threads. Stops at the first puzzle whose clue
/// target is not met, after writing those before it.
///
/// # Errors
/// [`Error::Generate`] for a target not met; as [`run`] for the output and
/// threads.
pub fn generate(
    options: &GenerateOptions,
    out: &mut dyn Write,
    observer: &mut dyn Observer,
) -> Result<Summary, Error> {
    let options = *options;
    let slots = (options.threads.max(1) * SLOTS_PER_THREAD) as u64;
    let per_job = (options.count / slots).clamp(1, GENERATED_PER_JOB);
    execute(
        options.threads,
        Vec::new(),
        &mut TextOutput(out),
        observer,
        move |mut dispatcher| {
            if options.output_format == OutputFormat::Csv {
                let header: &[u8] = match options.with_solution {
                    true => b"puzzle,solution\n",
                    false => b"puzzle\n",
                };
                let header = move || Done::new(0, 0, Text(header.to_vec()));
                if !dispatcher.dispatch(header) {
                    return;
                }
            }
            let mut start = 0;
            while start < options.count {
                let end = options.count.min(start + per_job);
                if !dispatcher.dispatch(move || generate_range(start..end, &options)) {
                    return;
                }
                start = end;
            }
        },
    )
}

/// The parallel, ordered core of every run: starts `threads` workers, runs
/// `produce` on its own thread to hand them jobs through a [`Dispatcher`],
/// and hands the finished jobs in order to `consumer` on the calling thread.
/// `names` are the inputs' names for messages.
fn execute<C: Consumer>(
    threads: usize,
    names: Vec<String>,
    consumer: &mut C,
    observer: &mut dyn Observer,
    produce: impl FnOnce(Dispatcher<C::Batch>) + Send + 'static,
) -> Result<Summary, Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("sudokuflow-worker-{i}"))
        .build()
        .map_err(|e| Error::Threads(e.to_string()))?;
    let (results, results_rx) = mpsc::channel();
    let (slots, slots_rx) = mpsc::sync_channel(SLOTS_PER_THREAD * threads.max(1));
    let dispatcher = Dispatcher {
        pool,
        results,
        slots,
        next_seq: 0,
    };
    let producer = thread::Builder::new()
        .name("sudokuflow-producer".into())
        .spawn(move || produce(dispatcher))
        .map_err(|e| Error::Threads(e.to_string()))?;
    let writer = OrderedWriter {
        consumer,
        observer,
        names,
        waiting: BTreeMap::new(),
        next_seq: 0,
        summary: Summary::default(),
    };
    let (result, all_written) = writer.run(results_rx, slots_rx);
    // A run that wrote everything has a finished producer: join it, so no
    // thread outlives the call. One that stopped early may have left the
    // producer blocked reading a terminal or pipe; it ends at its next job,
    // or with the process.
    if all_written && producer.join().is_err() {
        return Err(Error::WorkerPanicked);
    }
    result
}

/// A piece of work for a worker.
struct Job {
    input: usize,
    input_bytes: u64,
    work: Work,
    /// The variants to make of each puzzle ([`Mode::Shuffle`]); a puzzle's
    /// first job (from variant 0) also counts and reports it.
    variants: Range<u32>,
}

/// True for the modes whose rows a [`RowPlan`] lays out.
fn is_dataset(mode: Mode) -> bool {
    matches!(mode, Mode::Augment { .. } | Mode::Label { .. })
}

#[derive(Clone)]
enum Work {
    /// Raw lines in the line format.
    Lines(Chunk),
    /// Puzzles the producer read from grid blocks.
    Records(Vec<Record>),
    /// Whole rows of a table (`quoted` if a quote is among them).
    Table {
        chunk: Chunk,
        quoted: bool,
        layout: Arc<Layout>,
    },
}

impl Work {
    /// True when the work is one puzzle: a record, or a chunk of one line
    /// that is not blank, a comment or `end` (a table's, unquoted).
    fn is_one_puzzle(&self) -> bool {
        let chunk = match self {
            Work::Records(records) => return records.len() == 1,
            Work::Lines(chunk) => chunk,
            Work::Table { chunk, quoted, .. } => {
                if *quoted {
                    return false;
                }
                chunk
            }
        };
        let mut lines = chunk.lines();
        let one = lines.next().map(|(_, line)| format::classify(line));
        lines.next().is_none() && matches!(one, Some(LineKind::Content(_) | LineKind::TooLong))
    }
}

/// A finished job.
struct Done<B> {
    input: usize,
    input_bytes: u64,
    answers: B,
    bad: Vec<(u64, Problem)>,
    summary: Summary,
    /// A bad puzzle in strict mode: the run stops after this job.
    strict_stop: bool,
    /// The job could not finish: the run fails after writing its output.
    error: Option<Error>,
    /// A table's puzzle column, as messages name it.
    column: Option<Arc<str>>,
    /// How rows are laid out ([`Mode::Augment`], [`Mode::Label`]).
    plan: Option<Arc<RowPlan>>,
}

impl<B> Done<B> {
    fn new(input: usize, input_bytes: u64, answers: B) -> Done<B> {
        Done {
            input,
            input_bytes,
            answers,
            bad: Vec::new(),
            summary: Summary::default(),
            strict_stop: false,
            error: None,
            column: None,
            plan: None,
        }
    }
}

/// What reaches the writer, numbered in input order.
enum Item<B> {
    // Boxed: a `Done` is far larger than the other variants.
    Done(Box<Done<B>>),
    ReadError { input: usize, error: io::Error },
    Panicked,
}

/// Numbers items in order and hands them to the workers, or straight to the
/// writer, each taking a slot.
struct Dispatcher<B> {
    pool: ThreadPool,
    results: Sender<(u64, Item<B>)>,
    /// Holds one token per item in flight; blocks when all slots are taken,
    /// and fails once the writer has stopped.
    slots: SyncSender<()>,
    next_seq: u64,
}

impl<B: Send + 'static> Dispatcher<B> {
    /// Takes a slot and has a worker run `work`; false when the writer has stopped.
    fn dispatch(&mut self, work: impl FnOnce() -> Done<B> + Send + 'static) -> bool {
        if self.slots.send(()).is_err() {
            return false;
        }
        let seq = self.take_seq();
        let results = self.results.clone();
        self.pool.spawn(move || {
            let item = panic::catch_unwind(AssertUnwindSafe(work))
                .map_or(Item::Panicked, |done| Item::Done(Box::new(done)));
            // An error means the writer has stopped and wants nothing more.
            let _ = results.send((seq, item));
        });
        true
    }

    /// Sends `item` straight to the writer, in its turn.
    fn send(&mut self, item: Item<B>) {
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

/// Cuts inputs into jobs for [`run`].
struct Producer<B> {
    dispatcher: Dispatcher<B>,
    options: Options,
    /// CSV output's header row has been sent.
    header_sent: bool,
    /// The current input's row layout ([`Mode::Augment`], [`Mode::Label`]).
    plan: Option<Arc<RowPlan>>,
    /// The current input's solution column, if it names one.
    solution_column: Option<Column>,
}

impl<B: Batch> Producer<B> {
    fn run(mut self, inputs: Vec<Input>) {
        for (index, input) in inputs.into_iter().enumerate() {
            self.solution_column = input.solution_column().cloned();
            if is_dataset(self.options.mode) {
                let plan = RowPlan::new(&self.options, None, None).expect("lines have no columns");
                self.plan = Some(Arc::new(plan));
            }
            let read = match input.column().cloned() {
                Some(column) => self.read_table(index, input, &column),
                None => self.send_header(index, b"puzzle", b',') && self.read_input(index, input),
            };
            if !read {
                return;
            }
        }
    }

    /// Sends CSV output's header row, `first` and the added columns, unless
    /// it was sent or the output is not CSV; false when the writer has stopped.
    fn send_header(&mut self, index: usize, first: &[u8], delimiter: u8) -> bool {
        if !self.options.writes_rows() || self.header_sent {
            return true;
        }
        self.header_sent = true;
        let row = match &self.plan {
            Some(plan) => plan.header().to_vec(),
            None => {
                let mut row = first.to_vec();
                for name in self.options.added_columns() {
                    row.push(delimiter);
                    row.extend_from_slice(name.as_bytes());
                }
                row.push(b'\n');
                row
            }
        };
        let options = self.options;
        self.dispatcher.dispatch(move || {
            let mut answers = B::new(&options, 0);
            answers.push_header(&options, &row);
            Done::new(index, 0, answers)
        })
    }

    /// Hands a table input's header row to the batch (see
    /// [`Batch::push_table_header`]); false when the writer has stopped.
    fn send_table_header(&mut self, index: usize, layout: &Layout) -> bool {
        let options = self.options;
        let (header, delimiter) = (layout.header.clone(), layout.delimiter);
        self.dispatcher.dispatch(move || {
            let mut answers = B::new(&options, 0);
            answers.push_table_header(&options, &header, delimiter);
            Done::new(index, 0, answers)
        })
    }

    /// Sends the jobs of a table input, its header read first; false when
    /// the run is to stop.
    fn read_table(&mut self, index: usize, input: Input, column: &Column) -> bool {
        let label: Arc<str> = column.label().into();
        let mut reader = TableReader::new(column.clone());
        let mut pieces = Vec::new();
        let mut chunks = input.chunks();
        loop {
            let (read, last) = match chunks.next() {
                Some(Ok(chunk)) => (reader.feed(chunk, &mut pieces), false),
                Some(Err(error)) => {
                    self.dispatcher.send(Item::ReadError {
                        input: index,
                        error,
                    });
                    return false;
                }
                None => (reader.finish(&mut pieces), true),
            };
            // The pieces before an error are answered, then the error shown.
            for piece in pieces.drain(..) {
                if !self.table_piece(index, piece, &label) {
                    return false;
                }
            }
            match read {
                Err(message) => {
                    self.dispatcher.send(Item::ReadError {
                        input: index,
                        error: io::Error::new(io::ErrorKind::InvalidData, message),
                    });
                    return false;
                }
                Ok(()) if last => return true,
                Ok(()) => {}
            }
        }
    }

    /// Sends the jobs of one piece of a table; false when the writer has
    /// stopped.
    fn table_piece(&mut self, index: usize, piece: TablePiece, label: &Arc<str>) -> bool {
        let (chunk, quoted, layout) = match piece {
            TablePiece::Header(layout) => {
                if is_dataset(self.options.mode) {
                    let solution = self.solution_column.as_ref();
                    match RowPlan::new(&self.options, Some(&layout), solution) {
                        Ok(plan) => self.plan = Some(Arc::new(plan)),
                        Err(message) => {
                            let error = io::Error::new(io::ErrorKind::InvalidInput, message);
                            let input = index;
                            self.dispatcher.send(Item::ReadError { input, error });
                            return false;
                        }
                    }
                }
                return self.send_table_header(index, &layout)
                    && self.send_header(index, &layout.header, layout.delimiter);
            }
            TablePiece::TooLong { line, input_bytes } => {
                let record = Record {
                    line,
                    puzzle: Err(Problem::LineTooLong),
                };
                return self.dispatch(Job {
                    input: index,
                    input_bytes,
                    work: Work::Records(vec![record]),
                    variants: self.all_variants(),
                });
            }
            // Blank lines before the header: progress only.
            TablePiece::Skipped { input_bytes } => {
                return self.dispatch(Job {
                    input: index,
                    input_bytes,
                    work: Work::Records(Vec::new()),
                    variants: self.all_variants(),
                });
            }
            TablePiece::Rows {
                chunk,
                quoted,
                layout,
            } => (chunk, quoted, layout),
        };
        let pieces = if quoted {
            vec![chunk]
        } else {
            self.cut_for_workers(chunk)
        };
        for chunk in pieces {
            let job = Job {
                input: index,
                input_bytes: chunk.input_bytes,
                work: Work::Table {
                    chunk,
                    quoted,
                    layout: Arc::clone(&layout),
                },
                variants: self.all_variants(),
            };
            if !self.dispatch_labelled(job, Some(label)) {
                return false;
            }
        }
        true
    }

    /// Cuts a chunk of whole lines into jobs of about the same work:
    /// smaller pieces when each puzzle gives several answers or takes long to
    /// answer. A mapped chunk shorter than CHUNK_LEN ends its file (it is all
    /// of a small one): it is cut so that every worker has several parts of
    /// it, as many more as a puzzle costs, so that a few slow puzzles (the
    /// hardest take seconds to rate) do not leave one worker finishing alone.
    /// (A stream's chunks are as short as its reads, 64 KiB from a pipe: cut,
    /// they would make jobs too small all along.)
    fn cut_for_workers(&self, chunk: Chunk) -> Vec<Chunk> {
        let share = self.options.answers_per_puzzle() * self.options.cost_per_puzzle();
        let len = chunk.data.bytes().len();
        let threads = self.options.threads;
        let file_end = matches!(chunk.data, ChunkData::Mapped(..)) && len < CHUNK_LEN;
        if file_end && threads > 1 {
            let part = len.div_ceil(threads * SLOTS_PER_THREAD * share);
            chunk.split(part.min(CHUNK_LEN / share))
        } else if share > 1 {
            chunk.split(CHUNK_LEN / share)
        } else {
            vec![chunk]
        }
    }

    /// Sends the jobs of one input; false when the run is to stop.
    fn read_input(&mut self, index: usize, input: Input) -> bool {
        let mut grid = GridReader::default();
        // Jobs of about the same output size whatever the answers per puzzle.
        let answers = self.options.answers_per_puzzle();
        let records_per_job = (RECORDS_PER_JOB / (answers * self.options.cost_per_puzzle())).max(1);
        let chunks = Detected::new(input.chunks(), self.options.input_format);
        'chunks: for (chunk, format) in chunks {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(error) => {
                    self.dispatcher.send(Item::ReadError {
                        input: index,
                        error,
                    });
                    return false;
                }
            };
            if format == InputFormat::Grid {
                if grid.read(&chunk) {
                    break;
                }
                if grid.records.len() >= records_per_job
                    && !self.dispatch(grid.take_job(index, self.all_variants()))
                {
                    return false;
                }
                continue;
            }
            for mut chunk in self.cut_for_workers(chunk) {
                // The one place that acts on `end`: the chunk is cut before
                // it, so workers never see it, and reading stops at once,
                // even on a pipe kept open after it.
                let end = cut_at_end(&mut chunk);
                let job = Job {
                    input: index,
                    input_bytes: chunk.input_bytes,
                    work: Work::Lines(chunk),
                    variants: self.all_variants(),
                };
                if !self.dispatch(job) {
                    return false;
                }
                if end {
                    break 'chunks;
                }
            }
        }
        grid.records.extend(grid.assembler.finish());
        grid.is_empty() || self.dispatch(grid.take_job(index, self.all_variants()))
    }

    /// Every variant of a puzzle, as one range (`0..1` outside [`Mode::Shuffle`]).
    fn all_variants(&self) -> Range<u32> {
        0..self.options.answers_per_puzzle() as u32
    }

    /// Takes a slot and hands `job` to a worker; false when the writer has stopped.
    fn dispatch(&mut self, job: Job) -> bool {
        self.dispatch_labelled(job, None)
    }

    /// As [`Producer::dispatch`], for a job of a table whose puzzle column
    /// messages name `label`. A job of one puzzle with more variants than a
    /// job makes goes as a job per range of them, in order.
    fn dispatch_labelled(&mut self, job: Job, label: Option<&Arc<str>>) -> bool {
        let per_job = self.options.output_format.variants_per_job() as u32;
        if job.variants.len() <= per_job as usize || !job.work.is_one_puzzle() {
            return self.send_job(job, label);
        }
        let mut start = job.variants.start;
        while start < job.variants.end {
            let end = job.variants.end.min(start.saturating_add(per_job));
            let part = Job {
                input: job.input,
                // Counted once the last part is written.
                input_bytes: if end == job.variants.end {
                    job.input_bytes
                } else {
                    0
                },
                work: job.work.clone(),
                variants: start..end,
            };
            if !self.send_job(part, label) {
                return false;
            }
            start = end;
        }
        true
    }

    /// Takes a slot and hands `job` to a worker; false when the writer has stopped.
    fn send_job(&mut self, job: Job, label: Option<&Arc<str>>) -> bool {
        let options = self.options;
        let label = label.cloned();
        let plan = self.plan.clone();
        self.dispatcher.dispatch(move || {
            let mut done = process(job, &options, plan);
            done.column = label;
            done
        })
    }
}

/// Cuts `chunk` before its `end` line, if it has one; true if it had. The
/// substring search skips the line scan for almost every chunk.
fn cut_at_end(chunk: &mut Chunk) -> bool {
    let bytes = chunk.data.bytes();
    if memchr::memmem::find(bytes, b"end").is_none() {
        return false;
    }
    let start = bytes.as_ptr() as usize;
    let at = chunk
        .lines()
        .find(|(_, line)| format::classify(line) == LineKind::End)
        .map(|(_, line)| line.as_ptr() as usize - start);
    match at {
        Some(at) => {
            chunk.truncate(at);
            true
        }
        None => false,
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
    fn take_job(&mut self, input: usize, variants: Range<u32>) -> Job {
        Job {
            variants,
            input,
            input_bytes: std::mem::take(&mut self.input_bytes),
            work: Work::Records(std::mem::take(&mut self.records)),
        }
    }
}

/// An input's chunks, each with the format to read it in: for
/// [`InputFormat::Auto`], what [`format::FormatDetector`] finds in the first
/// lines ([`InputFormat::Auto`], read as lines, if they have no significant
/// line). A stream's chunk ends where a read did, maybe inside the first
/// board, so chunks are held back until the format is known, up to
/// [`CHUNK_LEN`] bytes (as much as a file's first chunk).
pub(crate) struct Detected<I> {
    chunks: I,
    format: InputFormat,
    decided: bool,
    detector: format::FormatDetector,
    held: VecDeque<Chunk>,
}

impl<I> Detected<I> {
    /// `chunks` in `format`, or in the one they look like for
    /// [`InputFormat::Auto`].
    pub(crate) fn new(chunks: I, format: InputFormat) -> Self {
        Detected {
            chunks,
            format,
            decided: format != InputFormat::Auto,
            detector: format::FormatDetector::default(),
            held: VecDeque::new(),
        }
    }
}

impl<I: Iterator<Item = io::Result<Chunk>>> Iterator for Detected<I> {
    type Item = (io::Result<Chunk>, InputFormat);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.decided {
            let Some(chunk) = self.chunks.next() else {
                self.format = self.detector.at_end();
                self.decided = true;
                break;
            };
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(error) => return Some((Err(error), self.format)),
            };
            let found = chunk
                .lines()
                .find_map(|(_, line)| self.detector.feed(format::classify(line)));
            self.held.push_back(chunk);
            let held: usize = self.held.iter().map(|c| c.data.bytes().len()).sum();
            if let Some(format) = found.or((held >= CHUNK_LEN).then(|| self.detector.at_end())) {
                self.format = format;
                self.decided = true;
            }
        }
        if let Some(chunk) = self.held.pop_front() {
            return Some((Ok(chunk), self.format));
        }
        self.chunks.next().map(|chunk| (chunk, self.format))
    }
}

/// A worker's job: the answer or problem of every puzzle, into one batch,
/// rows laid out by `plan`.
fn process<B: Batch>(job: Job, options: &Options, plan: Option<Arc<RowPlan>>) -> Done<B> {
    let input_len = match &job.work {
        Work::Lines(chunk) | Work::Table { chunk, .. } => chunk.data.bytes().len(),
        Work::Records(records) => records.len() * 82,
    };
    let answers = B::new(options, input_len);
    let mut done = Done::new(job.input, job.input_bytes, answers);
    done.plan = plan;
    let variants = &job.variants;
    match job.work {
        Work::Lines(chunk) => {
            for (number, line) in chunk.lines() {
                let puzzle = match format::classify(line) {
                    LineKind::Blank | LineKind::Comment => continue,
                    // Cut off by the producer (see `cut_at_end`).
                    LineKind::End => unreachable!("chunks end before their `end` line"),
                    LineKind::TooLong => Err(Problem::LineTooLong),
                    LineKind::Content(line) => format::parse_puzzle_line(line),
                };
                let (puzzle, claimed) = match puzzle {
                    Ok((grid, claimed)) => (Ok(grid), claimed),
                    Err(problem) => (Err(problem), None),
                };
                let row = RowText::Line(line);
                if !done.answer(number, puzzle, claimed, variants, options, (row, line)) {
                    break;
                }
            }
        }
        Work::Records(records) => {
            for record in records {
                let row = (RowText::Block, &b""[..]);
                if !done.answer(record.line, record.puzzle, None, variants, options, row) {
                    break;
                }
            }
        }
        Work::Table {
            chunk,
            quoted,
            layout,
        } => {
            let delimiter = layout.delimiter;
            table::for_each_row(
                &chunk,
                quoted,
                delimiter,
                layout.column,
                layout.fields,
                |row| {
                    let puzzle = row.grid();
                    let text = (
                        RowText::Table(row.raw, delimiter),
                        row.puzzle.unwrap_or(b""),
                    );
                    done.answer(row.line, puzzle, None, variants, options, text)
                },
            );
        }
    }
    done
}

/// A generate job: puzzles `range`, into one buffer.
fn generate_range(range: Range<u64>, options: &GenerateOptions) -> Done<Text> {
    let grids = if options.with_solution { 2 } else { 1 };
    let per_puzzle = options.output_format.bytes_per_grid() * grids;
    let output = Vec::with_capacity(per_puzzle * (range.end - range.start) as usize);
    let mut done = Done::new(0, 0, Text(output));
    for index in range {
        match generator::generate(&options.config, options.seed, index) {
            Ok(generated) => {
                done.summary.puzzles += 1;
                done.summary.clues += generated.puzzle.clue_count() as u64;
                if options.with_solution {
                    options.output_format.write_with_solution(
                        &generated.puzzle,
                        &generated.solution,
                        &mut done.answers.0,
                    );
                } else {
                    options
                        .output_format
                        .write_grid(&generated.puzzle, &mut done.answers.0);
                }
            }
            Err(source) => {
                done.error = Some(Error::Generate { index, source });
                break;
            }
        }
    }
    done
}

impl<B: Batch> Done<B> {
    fn count_rating(&mut self, rating: &logic::Rating) {
        self.summary.levels[rating.level as usize] += 1;
        self.summary.lower_bounds += u64::from(!rating.complete);
        self.summary.work += rating.work;
        self.summary.most_work = self.summary.most_work.max(rating.work);
    }

    /// Answers one puzzle (with `variants` of it for [`Mode::Shuffle`]), or
    /// gives its problem in place of each answer; false to stop the job.
    /// `claimed` is the solution the input gave after the puzzle, if any;
    /// `row` the text it was read from, and the puzzle's own text.
    #[inline]
    fn answer(
        &mut self,
        line: u64,
        puzzle: Result<Grid, Problem>,
        claimed: Option<Grid>,
        variants: &Range<u32>,
        options: &Options,
        (row, text): (RowText<'_>, &[u8]),
    ) -> bool {
        // A puzzle cut into ranges of variants counts in its first range.
        let first = variants.start == 0;
        self.summary.puzzles += u64::from(first);
        let (read, problem) = match (puzzle, options.mode) {
            (
                Ok(puzzle),
                Mode::Augment {
                    seed,
                    with_original,
                    blank,
                    ..
                },
            ) => match dataset::unique_solution(&puzzle) {
                Ok(solution) => {
                    let key = (seed, shuffle_index(self.input, line));
                    let blank = blank.byte(text);
                    for v in variants.clone() {
                        let (puzzle, solution) =
                            dataset::variant(&puzzle, &solution, key, with_original, v);
                        let answer = Answer::Augmented {
                            puzzle,
                            solution,
                            blank,
                        };
                        let outcome = Outcome::Answered {
                            puzzle: &puzzle,
                            answer,
                        };
                        self.give(line, row, outcome, options);
                    }
                    return true;
                }
                Err(problem) => (Some(puzzle), problem),
            },
            (
                Ok(puzzle),
                Mode::Label {
                    columns,
                    options: rating,
                    blank,
                },
            ) => {
                let labelled = dataset::label(&puzzle, columns, &rating, blank.byte(text));
                self.summary.guesses += labelled.guesses.unwrap_or(0);
                if let Some(rating) = &labelled.rating {
                    self.count_rating(rating);
                }
                let problem = labelled.problem;
                if problem.is_none() || !options.skip_bad {
                    let answer = Answer::Labelled(Box::new(labelled));
                    let puzzle = &puzzle;
                    self.give(line, row, Outcome::Answered { puzzle, answer }, options);
                }
                let Some(problem) = problem else {
                    return true;
                };
                self.summary.failed += 1;
                self.bad.push((line, problem));
                self.strict_stop = options.strict;
                return !options.strict;
            }
            (Ok(puzzle), Mode::Shuffle { seed, .. }) => {
                let index = shuffle_index(self.input, line);
                for variant in variants.clone() {
                    let answer =
                        Answer::Variant(generator::shuffle(&puzzle, seed, index, variant.into()));
                    let puzzle = &puzzle;
                    self.give(line, row, Outcome::Answered { puzzle, answer }, options);
                }
                return true;
            }
            (Ok(puzzle), _) => match self.answer_one(line, &puzzle, claimed, options) {
                Ok(answer) => {
                    let puzzle = &puzzle;
                    self.give(line, row, Outcome::Answered { puzzle, answer }, options);
                    return true;
                }
                Err(problem) => (Some(puzzle), problem),
            },
            (Err(problem), _) => (None, problem),
        };
        // A dataset row stands once for its puzzle, or not at all.
        let copies = match is_dataset(options.mode) {
            true => usize::from(first && !options.skip_bad),
            false => variants.len(),
        };
        for _ in 0..copies {
            let puzzle = read.as_ref();
            self.give(line, row, Outcome::Failed { puzzle, problem }, options);
        }
        if first {
            self.summary.failed += 1;
            self.bad.push((line, problem));
        }
        self.strict_stop = options.strict;
        !options.strict
    }

    /// The answer to a puzzle that was read, but in [`Mode::Shuffle`].
    #[inline]
    fn answer_one(
        &mut self,
        line: u64,
        grid: &Grid,
        claimed: Option<Grid>,
        options: &Options,
    ) -> Result<Answer, Problem> {
        match options.mode {
            Mode::Solve => {
                let solution = solver::solve(grid)?;
                self.summary.guesses += solution.guesses;
                if claimed.is_some_and(|claimed| claimed != solution.grid) {
                    // The answer is given; the line is still reported.
                    self.summary.failed += 1;
                    self.bad.push((line, Problem::WrongSolution));
                }
                Ok(Answer::Solution(solution.grid))
            }
            Mode::Count { limit } => {
                let count = solver::count_solutions(grid, limit)?;
                self.summary.guesses += count.guesses;
                Ok(Answer::Count(count.solutions))
            }
            Mode::Rate { options } => {
                let rating = logic::rate(grid, &options)?;
                self.count_rating(&rating);
                Ok(Answer::Rating(rating))
            }
            Mode::Explain { options, .. } => {
                let explanation = logic::explain(grid, &options)?;
                self.count_rating(&explanation.rating);
                Ok(Answer::Explanation(Box::new(explanation)))
            }
            Mode::Canon { .. } => {
                if !grid.is_consistent() {
                    return Err(Problem::ConflictingGivens);
                }
                let found = crate::canon::search_consistent(grid);
                let bucket = (found.automorphisms.ilog2() as usize).min(7);
                self.summary.automorphisms[bucket] += 1;
                Ok(Answer::Canonical {
                    form: found.grid,
                    automorphisms: found.automorphisms,
                })
            }
            Mode::SolutionCanon => {
                let solution = solver::solve_unique(grid)?.ok_or(Problem::MultipleSolutions)?;
                self.summary.guesses += solution.guesses;
                let found = crate::canon::search_consistent(&solution.grid);
                let bucket = (found.automorphisms.ilog2() as usize).min(7);
                self.summary.automorphisms[bucket] += 1;
                Ok(Answer::Canonical {
                    form: found.grid,
                    automorphisms: found.automorphisms,
                })
            }
            Mode::Shuffle { .. } | Mode::Augment { .. } | Mode::Label { .. } => {
                unreachable!("answered in `answer`")
            }
        }
    }

    /// Hands one outcome to the batch.
    #[inline(always)]
    fn give(&mut self, line: u64, row: RowText<'_>, outcome: Outcome<'_>, options: &Options) {
        let answered = Answered {
            input: self.input,
            line,
            row,
            outcome,
            plan: self.plan.as_deref(),
        };
        self.answers.push(options, answered);
    }
}

/// Writes finished jobs in input order.
struct OrderedWriter<'a, C: Consumer> {
    consumer: &'a mut C,
    observer: &'a mut dyn Observer,
    names: Vec<String>,
    /// Items that arrived before an earlier one.
    waiting: BTreeMap<u64, Item<C::Batch>>,
    next_seq: u64,
    summary: Summary,
}

impl<C: Consumer> OrderedWriter<'_, C> {
    /// Writes until every item is written or the run stops; true with the
    /// result when every item was written (the producer has finished).
    /// Dropping the receivers on return tells the producer and workers to stop.
    fn run(
        mut self,
        results: Receiver<(u64, Item<C::Batch>)>,
        slots: Receiver<()>,
    ) -> (Result<Summary, Error>, bool) {
        loop {
            let (seq, item) = match results.try_recv() {
                Ok(message) => message,
                Err(TryRecvError::Empty) => {
                    // Nothing ready: let the reader see what is done so far.
                    if let Err(e) = self.consumer.flush() {
                        return (Err(Error::Write(e)), false);
                    }
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
                match self.write(item) {
                    Ok(true) => {}
                    Ok(false) => return (Ok(self.summary), false),
                    Err(e) => return (Err(e), false),
                }
            }
        }
        (Ok(self.summary), true)
    }

    /// Writes one item; false when the run stops here.
    fn write(&mut self, item: Item<C::Batch>) -> Result<bool, Error> {
        let done = match item {
            Item::Done(done) => *done,
            Item::ReadError { input, error } => {
                return Err(Error::Read {
                    input: self.names[input].clone(),
                    source: error,
                });
            }
            Item::Panicked => return Err(Error::WorkerPanicked),
        };
        self.consumer.consume(done.answers).map_err(Error::Write)?;
        for &(line, problem) in &done.bad {
            let input = &self.names[done.input];
            match &done.column {
                Some(column) if !problem.is_row_problem() => {
                    self.observer
                        .bad_field(self.consumer, input, line, column, problem)
                }
                _ => self
                    .observer
                    .bad_puzzle(self.consumer, input, line, problem),
            }
            .map_err(Error::Write)?;
        }
        self.summary += done.summary;
        self.observer
            .progress(done.input_bytes, done.summary.puzzles);
        if let Some(error) = done.error {
            return Err(error);
        }
        Ok(!done.strict_stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every outcome, owned: (input, line, answer or problem).
    #[derive(Default)]
    struct Collect(Vec<(usize, u64, Result<Answer, Problem>)>);

    impl Batch for Collect {
        fn new(_: &Options, _: usize) -> Collect {
            Collect::default()
        }

        fn push(&mut self, _: &Options, answered: Answered<'_>) {
            let result = match answered.outcome {
                Outcome::Answered { answer, .. } => Ok(answer),
                Outcome::Failed { problem, .. } => Err(problem),
            };
            self.0.push((answered.input, answered.line, result));
        }
    }

    impl Consumer for Collect {
        type Batch = Collect;

        fn consume(&mut self, mut batch: Collect) -> io::Result<()> {
            self.0.append(&mut batch.0);
            Ok(())
        }
    }

    struct Quiet;

    impl Observer for Quiet {
        fn bad_puzzle(&mut self, _: &mut dyn Flush, _: &str, _: u64, _: Problem) -> io::Result<()> {
            Ok(())
        }

        fn progress(&mut self, _: u64, _: u64) {}
    }

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    fn input(name: &str, text: String) -> Input {
        Input::from_reader(name.into(), Box::new(io::Cursor::new(text)))
    }

    /// The solution grid's canonical form: one for puzzles of equivalent
    /// grids, a marker for a puzzle without exactly one solution.
    #[test]
    fn solution_canon_is_the_grids_form_or_a_marker() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = solver::solve(&puzzle).unwrap().grid;
        let shuffled = generator::shuffle(&puzzle, 1, 2, 3);
        let mut conflicting = puzzle;
        conflicting.set(0, 2);
        let text = format!("{puzzle}\n{shuffled}\n{}\n{conflicting}\n", Grid::EMPTY);
        let mut all = Collect::default();
        let options = Options::new(Mode::SolutionCanon);
        run_into(vec![input("a", text)], &options, &mut all, &mut Quiet).unwrap();
        let form = solution.canonical().0;
        let results: Vec<_> = all.0.into_iter().map(|(_, _, result)| result).collect();
        for result in &results[..2] {
            assert!(matches!(result, Ok(Answer::Canonical { form: f, .. }) if *f == form));
        }
        assert!(matches!(results[2], Err(Problem::MultipleSolutions)));
        assert!(matches!(results[3], Err(Problem::ConflictingGivens)));
    }

    /// A consumer gets every puzzle's typed outcome in input order, with its
    /// input and line, bad ones included, whatever the thread count.
    #[test]
    fn consumers_get_typed_outcomes_in_input_order() {
        let solution = solver::solve(&PUZZLE.parse().unwrap()).unwrap().grid;
        // Many jobs: 3,000 lines of which every seventh is bad.
        let text: String = (0..3000)
            .map(|i| {
                if i % 7 == 3 {
                    "bad\n".to_string()
                } else {
                    format!("{PUZZLE}\n")
                }
            })
            .collect();
        for threads in [1, 3] {
            let options = Options {
                mode: Mode::Solve,
                input_format: InputFormat::Auto,
                output_format: OutputFormat::Line,
                strict: false,
                threads,
                skip_bad: false,
            };
            let inputs = vec![input("a", text.clone()), input("b", "# c\n\nbad\n".into())];
            let mut all = Collect::default();
            let summary = run_into(inputs, &options, &mut all, &mut Quiet).unwrap();
            assert_eq!((summary.puzzles, summary.failed), (3001, 430));
            assert_eq!(all.0.len(), 3001);
            for (i, (input, line, result)) in all.0[..3000].iter().enumerate() {
                assert_eq!((*input, *line), (0, i as u64 + 1));
                match result {
                    Ok(Answer::Solution(grid)) => assert!(i % 7 != 3 && *grid == solution),
                    Err(Problem::BadCharacter { .. }) => assert!(i % 7 == 3),
                    other => panic!("line {}: {other:?}", i + 1),
                }
            }
            let (input, line, _) = &all.0[3000];
            assert_eq!((*input, *line), (1, 3));
        }
    }
}
