//! `sudokuflow label`: columns about each puzzle (solution, counts, guesses,
//! ratings, techniques, canonical form) in one pass.

use std::time::Instant;

use sudokuflow::logic;
use sudokuflow::pipeline::{Mode, Options};

use super::{open_dataset_inputs, run_opened, threads};
use crate::app::report;
use crate::cli::args::LabelArgs;

/// `sudokuflow label`: 0 when every puzzle was labelled, 1 when some were bad.
pub fn label(args: &LabelArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    // `-o FILE.parquet` asks for Parquet as `-f parquet` does.
    let table = args.format.table(args.output.as_deref());
    let (opened, rewrite) =
        open_dataset_inputs(&args.input, table, args.solution_column.as_ref(), false)?;
    let columns = args.columns.0;
    let mut options = Options::new(Mode::Label {
        columns,
        options: logic::Options::default().with_budget(args.budget.0),
        blank: args.blank.unwrap_or_default(),
    });
    options.input_format = args.input.input_format.into();
    options.output_format = args.format.into();
    options.skip_bad = args.skip_bad;
    options.strict = args.strict;
    options.threads = threads(&args.run);
    let summary = run_opened(
        opened,
        table,
        rewrite,
        &options,
        args.output.as_deref(),
        &args.run,
    )?;
    if args.stats {
        report::print_label_stats(&summary, columns.needs_rating(), started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}
