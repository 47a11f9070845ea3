//! `sudokuflow shuffle`: equivalent disguises of each puzzle.

use std::time::Instant;

use sudokuflow::pipeline::{Mode, Options};

use super::{open_tables, random_seed, run_opened, threads};
use crate::app::columnar::Rewrite;
use crate::app::report;
use crate::cli::args::ShuffleArgs;

/// `sudokuflow shuffle`: 0 when every puzzle was shuffled, 1 when some got markers.
pub fn shuffle(args: &ShuffleArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let seed = args.seed.unwrap_or_else(random_seed);
    let table = args.output.format.table(args.output.output.as_deref());
    let opened = open_tables(
        &args.input.inputs,
        args.input.column.as_ref(),
        table.is_some(),
    )?;
    let mut options = Options::new(Mode::Shuffle {
        seed,
        variants: args.variants,
    });
    options.input_format = args.input.input_format.into();
    options.output_format = args.output.format.into();
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
        report::print_shuffle_stats(seed, args.variants, &summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}
