//! `sudokuflow solve`: the first solution, or the solution count, of each puzzle.

use std::time::Instant;

use sudokuflow::pipeline::{Mode, Options};

use super::{open_tables, run_opened, threads};
use crate::app::columnar::Rewrite;
use crate::app::report;
use crate::cli::args::SolveArgs;

/// `sudokuflow solve`: 0 when every puzzle was answered, 1 when some got a marker.
pub fn solve(args: &SolveArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let table = args.output.format.table(args.output.output.as_deref());
    let opened = open_tables(
        &args.input.inputs,
        args.input.column.as_ref(),
        table.is_some(),
    )?;
    let mut options = Options::new(if args.count {
        Mode::Count { limit: args.limit }
    } else {
        Mode::Solve
    });
    options.input_format = args.input.input_format.into();
    options.output_format = args.output.format.into();
    options.strict = args.strict;
    options.threads = threads(&args.run);
    let summary = run_opened(
        opened,
        table,
        Rewrite::default(),
        &options,
        args.output.output.as_deref(),
        &args.run,
    )?;
    if args.stats {
        report::print_stats(&summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}
