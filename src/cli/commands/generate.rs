//! `sudokuflow generate`: a numbered, reproducible stream of new puzzles.

use std::time::Instant;

use sudokuflow::generate::GenerateConfig;
use sudokuflow::pipeline::{self, GenerateOptions};

use super::{finish_output, random_seed, threads};
use crate::app::output::Output;
use crate::app::progress::Progress;
use crate::app::report::{self, Reporter};
use crate::cli::args::GenerateArgs;

/// `sudokuflow generate`: 0 when every puzzle was made, 1 when a clue or
/// level target was given up on (the puzzles before it are written to
/// stdout; a file is not replaced; the message gives the seed).
pub fn generate(args: &GenerateArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let config = GenerateConfig::default()
        .with_symmetry(args.symmetry)
        .with_clues(args.clues)
        .with_level(args.level);
    // An unreachable target is a usage error, found before any output.
    config.validate()?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut options = GenerateOptions::new(config, args.puzzles);
    options.seed = seed;
    options.output_format = args.output.format.into();
    options.with_solution = args.solution;
    options.threads = threads(&args.run);
    let mut output = Output::create(args.output.output.as_deref())?;
    let mut reporter = Reporter::new(
        Progress::for_puzzles(args.puzzles, args.run.quiet),
        args.run.quiet,
    );
    let result = match pipeline::generate(&options, &mut output, &mut reporter) {
        Err(gave_up @ pipeline::Error::Generate { .. }) => {
            // Show the puzzles made so far; a file is left as it was.
            let flushed = output.abandon();
            reporter.finish(false);
            flushed?;
            // The seed, so that the run can be repeated (or resumed with -n).
            report::message(format_args!("{gave_up} (seed {seed})"));
            return Ok(1);
        }
        result => finish_output(result, output, false),
    };
    reporter.finish(result.is_ok());
    let summary = result?;
    if args.stats {
        report::print_generate_stats(seed, &summary, started.elapsed());
    }
    Ok(0)
}
