//! What the pipeline hands on: each puzzle's typed answer (or the problem in
//! its place), in input order, to a [`Consumer`].
//!
//! Workers gather the answers of one job into the consumer's [`Batch`] (in
//! parallel, so that formatting costs no time on the ordered writer); the
//! writer hands the batches to the consumer in order. [`Text`] and
//! [`TextOutput`] make the program's text output; a consumer that wants the
//! answers themselves (a sheet's entries, a set of classes, a Python list)
//! keeps them in a batch of its own and never parses text back.

use std::io::{self, Write};

use crate::dataset::{self, Labelled, RowPlan};
use crate::format::{self, OutputFormat, Problem};
use crate::grid::Grid;
use crate::logic;
use crate::pipeline::{Mode, Options};
use crate::render;
use crate::stream::rating_format;
use crate::stream::table;

/// A puzzle's answer, by [`Mode`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Answer {
    /// The first solution ([`Mode::Solve`]).
    Solution(Grid),
    /// The number of solutions, up to the limit ([`Mode::Count`]).
    Count(u32),
    /// One equivalent puzzle ([`Mode::Shuffle`]: one answer per variant).
    Variant(Grid),
    /// The rating ([`Mode::Rate`]).
    Rating(logic::Rating),
    /// The explanation ([`Mode::Explain`]).
    Explanation(Box<logic::Explanation>),
    /// The minlex canonical form ([`Mode::Canon`]), of the solution grid
    /// for [`Mode::SolutionCanon`].
    Canonical {
        /// The form.
        form: Grid,
        /// Layouts mapping the puzzle onto itself (up to relabelling), 1 or more.
        automorphisms: u64,
    },
    /// One variant of a puzzle and its solution ([`Mode::Augment`]).
    Augmented {
        /// The variant.
        puzzle: Grid,
        /// Its solution.
        solution: Grid,
        /// The byte of an empty cell when written.
        blank: u8,
    },
    /// The labels of a puzzle ([`Mode::Label`]); a puzzle without one
    /// solution gets those that apply, with its problem.
    Labelled(Box<Labelled>),
}

/// One answer, with where its puzzle was read.
#[derive(Clone, Debug)]
pub struct Answered<'a> {
    /// The input's position in the run's list, from 0.
    pub input: usize,
    /// The puzzle's line in its input (the first row of a grid block), from 1.
    pub line: u64,
    /// The text the puzzle was read from.
    pub row: RowText<'a>,
    /// The answer, or why there is none.
    pub outcome: Outcome<'a>,
    /// How a row of [`Mode::Augment`] or [`Mode::Label`] is laid out.
    pub plan: Option<&'a RowPlan>,
}

/// The text a puzzle was read from, for output that repeats it (CSV rows).
#[derive(Clone, Copy, Debug)]
pub enum RowText<'a> {
    /// A table's row as read, and its delimiter.
    Table(&'a [u8], u8),
    /// A line of the line format as read.
    Line(&'a [u8]),
    /// A grid block.
    Block,
}

/// What became of a puzzle. The puzzle is lent: a batch copies what it keeps.
#[derive(Clone, Debug)]
pub enum Outcome<'a> {
    /// It was read and answered.
    Answered {
        /// The puzzle as read.
        puzzle: &'a Grid,
        /// Its answer.
        answer: Answer,
    },
    /// It got a marker instead of an answer.
    Failed {
        /// The puzzle as read; `None` when the line could not be read.
        puzzle: Option<&'a Grid>,
        /// Why (the marker's reason).
        problem: Problem,
    },
}

/// A job's answers, in the form a consumer wants them, gathered on a worker.
pub trait Batch: Send + 'static {
    /// An empty batch for a job of about `input_len` bytes of input.
    fn new(options: &Options, input_len: usize) -> Self;
    /// Adds the next answer.
    fn push(&mut self, options: &Options, answered: Answered<'_>);
    /// Adds CSV output's header row (the input table's header, or `puzzle`,
    /// then the columns the answers add), as text; ignored but by text.
    fn push_header(&mut self, options: &Options, row: &[u8]) {
        let _ = (options, row);
    }
    /// Adds a table input's header row as read, without its line end, and
    /// its delimiter, whatever the output format: for a consumer that
    /// writes the input's rows as they are. Ignored unless overridden.
    fn push_table_header(&mut self, options: &Options, header: &[u8], delimiter: u8) {
        let _ = (options, header, delimiter);
    }
}

/// Takes the batches of a run, in input order, on the thread that called
/// the run.
pub trait Consumer {
    /// What the workers gather answers into.
    type Batch: Batch;
    /// Takes the next batch.
    ///
    /// # Errors
    /// An error stops the run (as a write error).
    fn consume(&mut self, batch: Self::Batch) -> io::Result<()>;
    /// Passes on what is held, when the run waits for work (so that a
    /// reader sees answers as they come) and before a message about a bad
    /// puzzle.
    ///
    /// # Errors
    /// An error stops the run (as a write error).
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What an [`Observer`](crate::pipeline::Observer) may flush: the consumer.
pub trait Flush {
    /// See [`Consumer::flush`].
    ///
    /// # Errors
    /// As [`Consumer::flush`].
    fn flush(&mut self) -> io::Result<()>;
}

impl<C: Consumer> Flush for C {
    fn flush(&mut self) -> io::Result<()> {
        Consumer::flush(self)
    }
}

/// The text output of the program for a job's answers: one line per
/// answer (a grid block in the grid layouts), a marker line for a problem.
#[derive(Debug, Default)]
pub struct Text(pub Vec<u8>);

impl Batch for Text {
    fn new(options: &Options, input_len: usize) -> Text {
        Text(Vec::with_capacity(output_len_estimate(options, input_len)))
    }

    #[inline(always)]
    fn push(&mut self, options: &Options, answered: Answered<'_>) {
        if matches!(options.mode, Mode::Augment { .. } | Mode::Label { .. }) {
            return dataset::write(options, answered.plan, &answered, &mut self.0);
        }
        if options.writes_rows() {
            return self.push_row(options, &answered);
        }
        // Matched by reference: copying grids out costs a tenth of writing them.
        let (line, out) = (answered.line, &mut self.0);
        match (&answered.outcome, options.mode) {
            (Outcome::Answered { puzzle, answer }, _) => {
                write_answer(
                    options,
                    options.output_format,
                    &answered,
                    puzzle,
                    answer,
                    out,
                );
            }
            // Explanations in JSON and HTML say why there is none in kind.
            (Outcome::Failed { problem, .. }, Mode::Explain { format, .. }) => match format {
                render::Format::Json => render::json::write_error_json(line, *problem, out),
                render::Format::Html => {
                    let id = html_id(answered.input, line);
                    render::html::write_error(&id, line, *problem, out);
                }
                render::Format::Text => options.answer_format().write_marker(*problem, out),
            },
            (Outcome::Failed { problem, .. }, _) => {
                options.answer_format().write_marker(*problem, out);
            }
        }
    }

    fn push_header(&mut self, _options: &Options, row: &[u8]) {
        self.0.extend_from_slice(row);
    }
}

impl Text {
    /// A row of CSV output: the row as read (or the puzzle), then the
    /// answer's fields, or the marker and an empty field for each further
    /// column.
    #[cold]
    fn push_row(&mut self, options: &Options, answered: &Answered<'_>) {
        let out = &mut self.0;
        let delimiter = match answered.row {
            RowText::Table(_, delimiter) => delimiter,
            RowText::Line(_) | RowText::Block => b',',
        };
        let puzzle = match &answered.outcome {
            Outcome::Answered { puzzle, .. } => Some(*puzzle),
            Outcome::Failed { puzzle, .. } => *puzzle,
        };
        match (answered.row, puzzle) {
            (RowText::Table(raw, _), _) => out.extend_from_slice(raw),
            (RowText::Line(_) | RowText::Block, Some(grid)) => grid.write_line(out),
            (RowText::Line(raw), None) => table::write_field(raw.trim_ascii(), delimiter, out),
            (RowText::Block, None) => {}
        }
        out.push(delimiter);
        match &answered.outcome {
            Outcome::Answered {
                answer: Answer::Rating(rating),
                ..
            } => rating_format::write_rating_fields(rating, delimiter, out),
            // The one field of the other answers is their line.
            Outcome::Answered { puzzle, answer } => {
                write_answer(options, OutputFormat::Line, answered, puzzle, answer, out);
            }
            Outcome::Failed { problem, .. } => {
                out.extend_from_slice(problem.marker().as_bytes());
                for _ in 1..options.added_columns().len() {
                    out.push(delimiter);
                }
                out.push(b'\n');
            }
        }
    }
}

/// Appends the text of `puzzle`'s answer, grids in `layout`.
#[inline(always)]
fn write_answer(
    options: &Options,
    layout: OutputFormat,
    answered: &Answered<'_>,
    puzzle: &Grid,
    answer: &Answer,
    out: &mut Vec<u8>,
) {
    match answer {
        Answer::Solution(grid) | Answer::Variant(grid) => layout.write_grid(grid, out),
        // Written by `dataset::write`, the one place that lays out their rows.
        Answer::Augmented { .. } | Answer::Labelled(_) => {}
        Answer::Count(count) => format::write_count(*count, out),
        Answer::Rating(rating) => rating_format::write_rating_line(puzzle, rating, out),
        Answer::Explanation(explanation) => match options.mode {
            Mode::Explain {
                format: render::Format::Json,
                ..
            } => render::json::write_explanation_json(explanation, out),
            Mode::Explain {
                format: render::Format::Html,
                ..
            } => {
                let id = html_id(answered.input, answered.line);
                render::html::write_puzzle(explanation, &id, answered.line, out);
            }
            _ => render::text::write_explanation_text(explanation, out),
        },
        Answer::Canonical { form, .. } => {
            let zeros = matches!(options.mode, Mode::Canon { zeros: true });
            format::write_canon_line(form, zeros, out);
        }
    }
}

/// The anchor of the puzzle at `line` of the input at position `input` in
/// an HTML explanation: unique on the page.
fn html_id(input: usize, line: u64) -> String {
    format!("p{}-{line}", input + 1)
}

/// Output bytes for about `input_len` bytes of line-format input, so that a
/// batch is allocated once.
fn output_len_estimate(options: &Options, input_len: usize) -> usize {
    // Capped: a mapped chunk can hold one huge line.
    let puzzles = input_len.min(2 * crate::input::CHUNK_LEN) / 82 + 1;
    let per_answer = match options.mode {
        Mode::Count { .. } => 4,
        Mode::Rate { .. } => 128,
        Mode::Explain {
            format: render::Format::Html,
            ..
        } => 64 * 1024,
        Mode::Explain { .. } => 4096,
        Mode::Canon { .. } | Mode::SolutionCanon => 82,
        Mode::Solve => options.output_format.bytes_per_grid(),
        Mode::Augment { .. } => {
            let per_job = options.output_format.variants_per_job();
            (2 * 82 + 24) * options.answers_per_puzzle().min(per_job)
        }
        Mode::Label { .. } => 256,
        Mode::Shuffle { variants, .. } => {
            let per_job = options.output_format.variants_per_job();
            options.output_format.bytes_per_grid() * (variants as usize).min(per_job)
        }
    };
    puzzles * per_answer
}

/// Writes [`Text`] batches to a writer: the program's output.
pub struct TextOutput<'a, W: Write + ?Sized>(pub &'a mut W);

impl<W: Write + ?Sized> Consumer for TextOutput<'_, W> {
    type Batch = Text;

    fn consume(&mut self, batch: Text) -> io::Result<()> {
        self.0.write_all(&batch.0)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
