//! The subcommands: each turns parsed arguments into a run of the library and
//! returns the process exit status.

use std::io;
use std::num::NonZeroUsize;
use std::path::Path;
use std::thread;
use std::time::Instant;

use anyhow::Context;
use sudokuflow::input::Input;
use sudokuflow::pipeline::{self, Mode, Options};

use crate::cli::SolveArgs;
use crate::output::Output;
use crate::progress::Progress;
use crate::report::{self, Reporter};

/// `sudokuflow solve`: 0 when every puzzle was answered, 1 when some got a marker.
pub fn solve(args: &SolveArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let inputs = open_inputs(&args.inputs)?;
    let total_bytes = inputs.iter().map(Input::known_len).sum::<Option<u64>>();
    let options = Options {
        mode: if args.count {
            Mode::Count { limit: args.limit }
        } else {
            Mode::Solve
        },
        input_format: args.input_format.into(),
        output_format: args.output.format.into(),
        strict: args.strict,
        threads: args
            .run
            .threads
            .or_else(|| thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get),
    };
    let mut output = Output::create(args.output.output.as_deref())?;
    let mut reporter = Reporter::new(Progress::new(total_bytes, args.run.quiet), args.run.quiet);
    let output_name = output.name();
    let result = match pipeline::run(inputs, &options, &mut output, &mut reporter) {
        Ok(summary) => output.finish().map(|()| summary),
        Err(pipeline::Error::Write(e)) => {
            Err(e).with_context(|| format!("error writing to {output_name}"))
        }
        Err(e) => Err(e.into()),
    };
    reporter.finish(result.is_ok());
    let summary = result?;
    if args.stats {
        report::print_stats(&summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
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
