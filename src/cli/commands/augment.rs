//! `sudokuflow augment`: equivalent variants of each puzzle with their
//! solutions, for training sets.

use std::time::Instant;

use sudokuflow::pipeline::{Mode, Options};

use super::{open_dataset_inputs, random_seed, run_opened, threads};
use crate::app::report;
use crate::cli::args::AugmentArgs;

/// `sudokuflow augment`: 0 when every puzzle was augmented, 1 when some were bad.
pub fn augment(args: &AugmentArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let seed = args.seed.unwrap_or_else(random_seed);
    // `-o FILE.parquet` asks for Parquet as `-f parquet` does.
    let table = args.format.table(args.output.as_deref());
    let (opened, rewrite) =
        open_dataset_inputs(&args.input, table, args.solution_column.as_ref(), true)?;
    let mut options = Options::new(Mode::Augment {
        seed,
        variants: args.variants,
        with_original: args.with_original,
        blank: args.blank.unwrap_or_default(),
    });
    options.input_format = args.input.input_format.into();
    options.output_format = args.format.into();
    options.skip_bad = args.skip_bad;
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
        let per_puzzle = u64::from(args.variants) + u64::from(args.with_original);
        report::print_augment_stats(seed, per_puzzle, &summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}
