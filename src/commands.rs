//! The subcommands: each turns parsed arguments into a run of the library and
//! returns the process exit status.

use std::hash::{BuildHasher, RandomState};
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::thread;
use std::time::{Instant, SystemTime};

use anyhow::Context;
use sudokuflow::generate::GenerateConfig;
use sudokuflow::input::Input;
use sudokuflow::pipeline::{self, GenerateOptions, Mode, Options, Summary};

use crate::cli::{GenerateArgs, RunArgs, ShuffleArgs, SolveArgs};
use crate::output::Output;
use crate::progress::Progress;
use crate::report::{self, Reporter};

/// `sudokuflow solve`: 0 when every puzzle was answered, 1 when some got a marker.
pub fn solve(args: &SolveArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let inputs = open_inputs(&args.input.inputs)?;
    let options = Options {
        mode: if args.count {
            Mode::Count { limit: args.limit }
        } else {
            Mode::Solve
        },
        input_format: args.input.input_format.into(),
        output_format: args.output.format.into(),
        strict: args.strict,
        threads: threads(&args.run),
    };
    let summary = run_inputs(inputs, &options, args.output.output.as_deref(), &args.run)?;
    if args.stats {
        report::print_stats(&summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}

/// `sudokuflow shuffle`: 0 when every puzzle was shuffled, 1 when some got markers.
pub fn shuffle(args: &ShuffleArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let seed = args.seed.unwrap_or_else(random_seed);
    let inputs = open_inputs(&args.input.inputs)?;
    let options = Options {
        mode: Mode::Shuffle {
            seed,
            variants: args.variants,
        },
        input_format: args.input.input_format.into(),
        output_format: args.output.format.into(),
        strict: false,
        threads: threads(&args.run),
    };
    let summary = run_inputs(inputs, &options, args.output.output.as_deref(), &args.run)?;
    if args.stats {
        report::print_shuffle_stats(seed, args.variants, &summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}

/// `sudokuflow generate`: 0 when every puzzle was made, 1 when a clue target
/// was given up on (the puzzles before it are written to stdout; a file is
/// not replaced).
pub fn generate(args: &GenerateArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let config = GenerateConfig {
        symmetry: args.symmetry,
        clues: args.clues,
        ..GenerateConfig::default()
    };
    // An unreachable target is a usage error, found before any output.
    config.validate()?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let options = GenerateOptions {
        config,
        seed,
        count: args.puzzles,
        output_format: args.output.format.into(),
        with_solution: args.solution,
        threads: threads(&args.run),
    };
    let mut output = Output::create(args.output.output.as_deref())?;
    let mut reporter = Reporter::new(
        Progress::for_puzzles(args.puzzles, args.run.quiet),
        args.run.quiet,
    );
    let result = match pipeline::generate(&options, &mut output, &mut reporter) {
        Err(gave_up @ pipeline::Error::Generate { .. }) => {
            // Show the puzzles made so far (a temporary file is just dropped).
            let flushed = output.flush();
            reporter.finish(false);
            flushed.with_context(|| format!("error writing to {}", output.name()))?;
            report::message(format_args!("{gave_up}"));
            return Ok(1);
        }
        result => finish_output(result, output),
    };
    reporter.finish(result.is_ok());
    let summary = result?;
    if args.stats {
        report::print_generate_stats(seed, &summary, started.elapsed());
    }
    Ok(0)
}

/// Runs the pipeline over `inputs` into standard output or the file `output`,
/// with warnings and progress on stderr.
fn run_inputs(
    inputs: Vec<Input>,
    options: &Options,
    output: Option<&Path>,
    run: &RunArgs,
) -> anyhow::Result<Summary> {
    let total_bytes = inputs.iter().map(Input::known_len).sum::<Option<u64>>();
    let mut output = Output::create(output)?;
    let mut reporter = Reporter::new(Progress::new(total_bytes, run.quiet), run.quiet);
    let result = pipeline::run(inputs, options, &mut output, &mut reporter);
    let result = finish_output(result, output);
    reporter.finish(result.is_ok());
    result
}

/// Completes `output` after a run that ended with `result`: flushed, and a
/// file moved into place, only if the run succeeded.
fn finish_output(
    result: Result<Summary, pipeline::Error>,
    output: Output,
) -> anyhow::Result<Summary> {
    let output_name = output.name();
    match result {
        Ok(summary) => output.finish().map(|()| summary),
        Err(pipeline::Error::Write(e)) => {
            Err(e).with_context(|| format!("error writing to {output_name}"))
        }
        Err(e) => Err(e.into()),
    }
}

/// The worker count: `-j`, or every core.
fn threads(run: &RunArgs) -> usize {
    run.threads
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
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
            Input::open(path).map_err(|e| {
                anyhow::anyhow!(
                    "cannot read input {}: {e}; check the path, or use '-' for standard input",
                    path.display()
                )
            })
        })
        .collect()
}

fn open_stdin() -> anyhow::Result<Input> {
    Input::stdin().context("cannot read standard input")
}

/// True when `error` comes from writing to a closed pipe, a quiet way to stop.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
