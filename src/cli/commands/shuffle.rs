//! `sudokuflow shuffle`: equivalent disguises of each puzzle.

use std::time::Instant;

use sudokuflow::pipeline::{Mode, Options};

use super::{open_input_args, random_seed, run_inputs, threads};
use crate::app::report;
use crate::cli::args::ShuffleArgs;

/// `sudokuflow shuffle`: 0 when every puzzle was shuffled, 1 when some got markers.
pub fn shuffle(args: &ShuffleArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let seed = args.seed.unwrap_or_else(random_seed);
    let inputs = open_input_args(&args.input)?;
    let mut options = Options::new(Mode::Shuffle {
        seed,
        variants: args.variants,
    });
    options.input_format = args.input.input_format.into();
    options.output_format = args.output.format.into();
    options.threads = threads(&args.run);
    let summary = run_inputs(inputs, &options, args.output.output.as_deref(), &args.run)?;
    if args.stats {
        report::print_shuffle_stats(seed, args.variants, &summary, started.elapsed());
    }
    Ok(u8::from(summary.failed > 0))
}
