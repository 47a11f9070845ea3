//! The subcommands, one module each: each turns parsed arguments into a run
//! of the library and returns the process exit status. What they share (opening
//! inputs, running the pipeline into an output, thread counts, seeds) is here.

mod canon;
mod classes;
mod dedupe;
mod explain;
mod generate;
mod generated_docs;
mod leakage;
mod play;
mod print;
mod rate;
mod shuffle;
mod solve;
mod split;

pub use canon::canon;
pub use dedupe::dedupe;
pub use explain::explain;
pub use generate::generate;
pub use generated_docs::{completions, man};
pub use leakage::leakage;
pub use play::play;
pub use print::print;
pub use rate::rate;
pub use shuffle::shuffle;
pub use solve::solve;
pub use split::split;

use std::hash::{BuildHasher, RandomState};
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::thread;
use std::time::SystemTime;

use anyhow::Context;
use sudokuflow::input::{Column, Input};
use sudokuflow::pipeline::{self, Options, Summary};

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
    let total_bytes = inputs.iter().map(Input::known_len).sum::<Option<u64>>();
    let tables = inputs.iter().any(|input| input.column().is_some());
    let mut output = Output::create(output)?;
    let mut reporter = Reporter::new(Progress::new(total_bytes, run.quiet), run.quiet);
    let result = output
        .write_all(head)
        .map_err(pipeline::Error::Write)
        .and_then(|()| pipeline::run(inputs, options, &mut output, &mut reporter))
        .and_then(|summary| {
            output.write_all(foot).map_err(pipeline::Error::Write)?;
            Ok(summary)
        });
    let result = finish_output(result, output, options.strict);
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
fn threads(run: &RunArgs) -> usize {
    match run.threads {
        Some(threads) => threads as usize,
        None => thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
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
    let inputs = open_inputs(&input.inputs)?;
    Ok(with_column(inputs, input.column.as_ref()))
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
