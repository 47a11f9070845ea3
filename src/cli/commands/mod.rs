//! The subcommands, one module each: each turns parsed arguments into a run
//! of the library and returns the process exit status. What they share (opening
//! inputs, running the pipeline into an output, thread counts, seeds) is here.

mod augment;
mod canon;
mod classes;
mod dedupe;
mod explain;
mod generate;
mod generated_docs;
mod label;
mod leakage;
mod play;
mod print;
mod rate;
mod shuffle;
mod solve;
mod split;

pub use augment::augment;
pub use canon::canon;
pub use dedupe::dedupe;
pub use explain::explain;
pub use generate::generate;
pub use generated_docs::{completions, man};
pub use label::label;
pub use leakage::leakage;
pub use play::play;
pub use print::print;
pub use rate::rate;
pub use shuffle::shuffle;
pub use solve::solve;
pub use split::split;

use std::hash::{BuildHasher, RandomState};
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::thread;
use std::time::SystemTime;

use std::sync::Arc;
use std::sync::mpsc;

use anyhow::Context;
use arrow_schema::SchemaRef;
use sudokuflow::format::{OutputFormat, printable};
use sudokuflow::input::{Column, Input};
use sudokuflow::pipeline::{self, Options, Summary};

use crate::app::columnar::{self, InputRows, Kind, Rewrite, Table, TableConsumer, TableFormat};
use crate::app::output::Output;
use crate::app::progress::Progress;
use crate::app::report::{self, Reporter};
use crate::cli::args::{InputArgs, RunArgs};

/// Runs the pipeline over `inputs` into standard output or the file `output`,
/// with warnings and progress on stderr.
fn run_inputs(
    inputs: Vec<Input>,
    options: &Options,
    output: Option<&Path>,
    run: &RunArgs,
) -> anyhow::Result<Summary> {
    run_inputs_framed(inputs, options, output, run, (&[], &[]))
}

/// [`run_inputs`], the output between a head and a foot (an HTML page's).
fn run_inputs_framed(
    inputs: Vec<Input>,
    options: &Options,
    output: Option<&Path>,
    run: &RunArgs,
    (head, foot): (&[u8], &[u8]),
) -> anyhow::Result<Summary> {
    let tables = inputs.iter().any(|input| input.column().is_some());
    let mut output = Output::create(output)?;
    let total_bytes = inputs.iter().map(Input::known_len).sum::<Option<u64>>();
    let mut reporter = Reporter::new(Progress::new(total_bytes, run.quiet), run.quiet);
    let result = output
        .write_all(head)
        .map_err(pipeline::Error::Write)
        .and_then(|()| pipeline::run(inputs, options, &mut output, &mut reporter))
        .and_then(|summary| {
            output.write_all(foot).map_err(pipeline::Error::Write)?;
            Ok(summary)
        });
    finish_run(result, output, options.strict, &reporter, tables)
}

/// Runs the pipeline over the inputs of `opened` into `output`, as a table
/// when `table` says so (CSV rows from text inputs are the pipeline's own),
/// a columnar input's rows rewritten as `rewrite` says.
fn run_opened(
    opened: Opened,
    table: Option<TableFormat>,
    rewrite: Rewrite,
    options: &Options,
    output: Option<&Path>,
    run: &RunArgs,
) -> anyhow::Result<Summary> {
    let rows = opened.rows;
    let table = match table {
        Some(TableFormat::Csv) if rows.is_none() => None,
        other => other,
    };
    let Some(format) = table else {
        return run_inputs(opened.inputs, options, output, run);
    };
    let mut options = *options;
    options.output_format = OutputFormat::Csv;
    let mut output = Output::create(output)?;
    let mut reporter = Reporter::new(Progress::new(None, run.quiet), run.quiet);
    let mut consumer = TableConsumer::new(format, rows, rewrite, &mut output);
    if options.skip_bad {
        // The table leaves the bad rows out, once their input rows passed.
        options.skip_bad = false;
        consumer = consumer.leaving_out_bad_rows();
    }
    let result = pipeline::run_into(opened.inputs, &options, &mut consumer, &mut reporter);
    let result = result.and_then(|summary| {
        consumer.finish().map_err(pipeline::Error::Write)?;
        Ok(summary)
    });
    finish_run(result, output, options.strict, &reporter, true)
}

/// Ends a run: the output completed (see [`finish_output`]), the progress
/// bar removed, and a word when a table had no rows.
fn finish_run(
    result: Result<Summary, pipeline::Error>,
    output: Output,
    strict: bool,
    reporter: &Reporter,
    tables: bool,
) -> anyhow::Result<Summary> {
    let result = finish_output(result, output, strict);
    reporter.finish(result.is_ok());
    if tables && matches!(result, Ok(Summary { puzzles: 0, .. })) {
        report::message(format_args!(
            "no data rows: the input has a header row and nothing after it"
        ));
    }
    result
}

/// Completes `output` after a run that ended with `result`: flushed, and a
/// file moved into place, only if the run succeeded, and under `strict`
/// only if it had no bad puzzle (it stopped at the first, so a file would
/// be cut short: it is left as it was).
fn finish_output(
    result: Result<Summary, pipeline::Error>,
    output: Output,
    strict: bool,
) -> anyhow::Result<Summary> {
    let output_name = output.name();
    match result {
        Ok(summary) if strict && summary.failed > 0 => output.abandon().map(|()| summary),
        Ok(summary) => output.finish().map(|()| summary),
        Err(pipeline::Error::Write(e)) => {
            Err(e).with_context(|| format!("error writing to {output_name}"))
        }
        Err(e) => {
            // Whatever a stream was already shown stays; its error comes first.
            let _ = output.abandon();
            Err(e.into())
        }
    }
}

/// The worker count: `-j`, or every core.
/// The worker threads of a run: `-j`, at most the cores available (more
/// would only take turns on them while each holds jobs in flight: `-j1024`
/// took 28 times the time and 12 times the memory of `-j2` on two cores).
/// The output is the same bytes whatever the number.
fn threads(run: &RunArgs) -> usize {
    let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    run.threads
        .map_or(cores, |threads| (threads as usize).min(cores))
}

/// A seed for a run without `--seed`: different for every run.
fn random_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // RandomState's keys are random per process; the time and process id
    // make two states of one process differ too.
    RandomState::new().hash_one((now, std::process::id()))
}

/// Opens the inputs `input` names, as tables if it gives a `--column`.
fn open_input_args(input: &InputArgs) -> anyhow::Result<Vec<Input>> {
    Ok(open_tables(&input.inputs, input.column.as_ref(), false)?.inputs)
}

/// Inputs opened, and for Parquet and Arrow inputs whose rows are written
/// back, their record batches and columns.
struct Opened {
    inputs: Vec<Input>,
    rows: Option<InputRows>,
    /// The kind of the inputs when they are Parquet or Arrow files (their
    /// puzzles fed to the pipeline as text).
    fed: Option<Kind>,
    /// Their columns, each file's.
    schemas: Vec<SchemaRef>,
}

/// Opens the files `paths` (standard input if none), as tables whose
/// puzzles are in `column` if there is one. Parquet and Arrow IPC files
/// (found by their first bytes) are read with all their columns when
/// `keep_rows`, for output that writes them back.
fn open_tables(
    paths: &[impl AsRef<Path>],
    column: Option<&Column>,
    keep_rows: bool,
) -> anyhow::Result<Opened> {
    let kinds: Vec<Option<Kind>> = paths
        .iter()
        .map(|path| Kind::of_file(path.as_ref()))
        .collect();
    let Some(found) = kinds.iter().position(Option::is_some) else {
        return Ok(Opened {
            inputs: with_column(open_inputs(paths)?, column),
            rows: None,
            fed: None,
            schemas: Vec::new(),
        });
    };
    let name = |i: usize| printable(paths[i].as_ref().as_os_str().as_encoded_bytes()).into_owned();
    let kind = kinds[found].expect("found");
    if let Some(text) = kinds.iter().position(Option::is_none) {
        anyhow::bail!(
            "{} is a {} file and {} is not: give inputs of one kind",
            name(found),
            kind.name(),
            if paths.is_empty() {
                "-".to_string()
            } else {
                name(text)
            }
        );
    }
    let Some(column) = column else {
        anyhow::bail!(
            "{} is a {} file: give --column the name or number (from 1) of the column that \
             holds the puzzles",
            name(found),
            kind.name()
        );
    };
    let tables = paths
        .iter()
        .zip(&kinds)
        .map(|(path, kind)| {
            Table::open(
                path.as_ref(),
                kind.expect("all columnar"),
                column,
                keep_rows,
            )
        })
        .collect::<anyhow::Result<Vec<Table>>>()?;
    let schema = Arc::clone(&tables[0].schema);
    if keep_rows && let Some(other) = tables.iter().find(|t| t.schema.fields() != schema.fields()) {
        anyhow::bail!(
            "{} and {} have different columns: their rows cannot make one table; \
             write lines (-f line), or give one input at a time",
            tables[0].name,
            other.name
        );
    }
    // Their columns are the same, and so is the puzzles'.
    let puzzle = tables[0].column();
    let (sender, rows) = if keep_rows {
        let (sender, batches) = mpsc::channel();
        let rows = InputRows::new(batches, schema, puzzle);
        (Some(sender), Some(rows))
    } else {
        (None, None)
    };
    let schemas = tables.iter().map(|t| Arc::clone(&t.schema)).collect();
    Ok(Opened {
        inputs: columnar::feed(tables, sender)?,
        rows,
        fed: Some(kind),
        schemas,
    })
}

/// Opens augment's and label's inputs: their solutions in `column` if
/// there is one, and how their answers go into a columnar input's rows
/// (`puzzle` when the answers replace the puzzle).
fn open_dataset_inputs(
    input: &InputArgs,
    table: Option<TableFormat>,
    solution: Option<&Column>,
    puzzle: bool,
) -> anyhow::Result<(Opened, Rewrite)> {
    let mut opened = open_tables(&input.inputs, input.column.as_ref(), table.is_some())?;
    let rewrite = Rewrite {
        puzzle,
        in_place: true,
        solution: solution.cloned(),
        integers: &["group", "clues", "solutions", "guesses"],
    };
    if opened.fed.is_some() {
        // The pipeline reads a columnar input's puzzles alone: its solution
        // column is found among its columns when its rows are written, and
        // must be there in any case, as a CSV table's must.
        if let Some(column) = solution {
            for schema in &opened.schemas {
                columnar::check_solution_column(schema, column)?;
            }
        }
    } else if let Some(column) = solution {
        opened.inputs = opened
            .inputs
            .into_iter()
            .map(|input| input.with_solution_column(column.clone()))
            .collect();
    }
    Ok((opened, rewrite))
}

/// `inputs`, read as tables whose puzzles are in `column` if there is one.
fn with_column(inputs: Vec<Input>, column: Option<&Column>) -> Vec<Input> {
    match column {
        Some(column) => inputs
            .into_iter()
            .map(|input| input.with_column(column.clone()))
            .collect(),
        None => inputs,
    }
}

/// Opens every input up front, so a wrong path fails the run before any output.
fn open_inputs(paths: &[impl AsRef<Path>]) -> anyhow::Result<Vec<Input>> {
    if paths.is_empty() {
        return Ok(vec![open_stdin()?]);
    }
    paths
        .iter()
        .map(|path| {
            let path = path.as_ref();
            if path == Path::new("-") {
                return open_stdin();
            }
            // SAFETY: a file truncated while mapped raises SIGBUS, which
            // app::signals handles: temporary outputs removed, a message,
            // status 2.
            unsafe { Input::map_file(path) }.map_err(|e| {
                anyhow::anyhow!(
                    "cannot read input {}: {e}; check the path, or use '-' for standard input",
                    path.display()
                )
            })
        })
        .collect()
}

fn open_stdin() -> anyhow::Result<Input> {
    // A run started without a file waits for a terminal's input: say so.
    if io::stdin().is_terminal() {
        report::message(format_args!(
            "reading puzzles from standard input (a terminal): type or paste them, one a \
             line, then Ctrl-D; or give a file"
        ));
    }
    // SAFETY: as for the files in open_input_args.
    unsafe { Input::map_stdin() }.context("cannot read standard input")
}

/// True when `error` comes from writing to a closed pipe, a quiet way to stop.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
