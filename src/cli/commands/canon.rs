//! `sudokuflow canon`: each puzzle's minlex canonical form.

use std::time::Instant;

use sudokuflow::pipeline::{Mode, Options};

use super::{open_tables, run_opened, threads};
use crate::app::columnar::Rewrite;
use crate::app::report;
use crate::cli::args::CanonArgs;

/// `sudokuflow canon`: 0 when every puzzle was canonicalised, 1 when some got a marker.
pub fn canon(args: &CanonArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let table = args.format.table(args.output.as_deref());
    let opened = open_tables(
        &args.input.inputs,
        args.input.column.as_ref(),
        table.is_some(),
    )?;
    let mut options = Options::new(Mode::Canon { zeros: args.zeros });
    options.input_format = args.input.input_format.into();
    options.output_format = args.format.into();
    options.strict = args.strict;
    options.threads = threads(&args.run);
    let summary = run_opened(
        opened,
        table,
        Rewrite::default(),
        &options,
        args.output.as_deref(),
        &args.run,
    )?;
    if args.stats {
        report::print_canon_stats(&summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}
