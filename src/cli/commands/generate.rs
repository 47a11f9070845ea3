//! `sudokuflow generate`: a numbered, reproducible stream of new puzzles.

use std::io;
use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use rayon::prelude::*;
use sudokuflow::Grid;
use sudokuflow::answer::Flush;
use sudokuflow::format::{InputFormat, OutputFormat, Problem, printable};
use sudokuflow::generate::GenerateConfig;
use sudokuflow::generate::vicinity::{Thresholds, VicinitySearch};
use sudokuflow::input::Input;
use sudokuflow::pipeline::{self, GenerateOptions, Observer};
use sudokuflow::puzzles::puzzles;
use sudokuflow::solver::solve_and_count;

use super::{finish_output, random_seed, threads};
use crate::app::columnar::{CsvToTable, TableFormat};
use crate::app::output::Output;
use crate::app::progress::Progress;
use crate::app::report::{self, Reporter};
use crate::cli::args::GenerateArgs;

/// `sudokuflow generate`: 0 when every puzzle was made, 1 when a clue or
/// level target was given up on (the puzzles before it are written to
/// stdout; a file is not replaced; the message gives the seed).
pub fn generate(args: &GenerateArgs) -> anyhow::Result<u8> {
    // `-o FILE.parquet` asks for Parquet as `-f parquet` does.
    let parquet =
        args.output.format.table(args.output.output.as_deref()) == Some(TableFormat::Parquet);
    // Parquet is made of the CSV rows.
    let format = match parquet {
        true => OutputFormat::Csv,
        false => args.output.format.into(),
    };
    if let Some(from) = &args.from {
        return generate_near(args, from, format, parquet);
    }
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
    options.output_format = format;
    options.with_solution = args.solution;
    options.threads = threads(&args.run);
    let mut output = Output::create(args.output.output.as_deref())?;
    let mut reporter = Reporter::new(
        Progress::for_puzzles(args.puzzles, args.run.quiet),
        args.run.quiet,
    );
    let generated = match parquet {
        true => {
            let mut table = CsvToTable::new(TableFormat::Parquet, &mut output);
            pipeline::generate(&options, &mut table, &mut reporter).and_then(|summary| {
                table.finish().map_err(pipeline::Error::Write)?;
                Ok(summary)
            })
        }
        false => pipeline::generate(&options, &mut output, &mut reporter),
    };
    let result = match generated {
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

/// Candidates in a row without a find after which `--from` gives up.
const CANDIDATES_WITHOUT_A_FIND: u64 = 100_000;

/// `sudokuflow generate --from FILE`: new puzzles near those of FILE (see
/// [`sudokuflow::generate::vicinity`]). Exit statuses as [`generate`]'s.
fn generate_near(
    args: &GenerateArgs,
    from: &Path,
    format: OutputFormat,
    parquet: bool,
) -> anyhow::Result<u8> {
    let started = Instant::now();
    let seed = args.seed.unwrap_or_else(random_seed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(&args.run))
        .build()
        .context("cannot start the worker threads")?;
    let mut reporter = Reporter::new(
        Progress::for_puzzles(args.puzzles, args.run.quiet),
        args.run.quiet,
    );
    let seeds = pool.install(|| read_seeds(from, &mut reporter))?;
    let thresholds = Thresholds::new()
        .with_min_er(args.min_er)
        .with_min_guesses(args.min_guesses)
        .with_budget(args.budget.0);
    let mut search = VicinitySearch::new(seeds, thresholds, seed)
        .with_context(|| format!("cannot search near the puzzles of {}", shown(from)))?;
    let mut output = Output::create(args.output.output.as_deref())?;
    let mut table = None;
    let writer: &mut dyn io::Write = match parquet {
        true => table.insert(CsvToTable::new(TableFormat::Parquet, &mut output)),
        false => &mut output,
    };
    let mut text = Vec::new();
    if format == OutputFormat::Csv {
        text.extend_from_slice(match args.solution {
            true => b"puzzle,solution\n",
            false => b"puzzle\n",
        });
    }
    // The header now: with -n 0 it is all there is.
    let mut wrote = writer.write_all(&text);
    text.clear();
    let (mut written, mut clues, mut last_find) = (0, 0, 0);
    let mut gave_up = false;
    while written < args.puzzles && wrote.is_ok() {
        let finds = pool.install(|| search.next_batch());
        let stats = search.stats();
        if !finds.is_empty() {
            last_find = stats.tried;
        } else if stats.tried - last_find >= CANDIDATES_WITHOUT_A_FIND {
            gave_up = true;
            break;
        }
        let wanted = (args.puzzles - written) as usize;
        for found in finds.iter().take(wanted) {
            match args.solution {
                true => format.write_with_solution(&found.puzzle, &found.solution, &mut text),
                false => format.write_grid(&found.puzzle, &mut text),
            }
            clues += found.puzzle.clue_count() as u64;
        }
        let made = finds.len().min(wanted) as u64;
        written += made;
        wrote = writer.write_all(&text);
        text.clear();
        reporter.progress(0, made);
    }
    let stats = search.stats();
    // A table is ended only when the run is: cut short, it is left
    // unfinished, and a file as it was.
    if let Some(table) = table
        && wrote.is_ok()
        && !gave_up
    {
        wrote = table.finish().map(drop);
    }
    if let Err(e) = wrote {
        reporter.finish(false);
        let name = output.name();
        return Err(e).with_context(|| format!("error writing to {name}"));
    }
    if gave_up {
        // As for the other targets: what was found is shown on stdout, a
        // file is left as it was.
        let flushed = output.abandon();
        reporter.finish(false);
        flushed?;
        report::message(format_args!(
            "gave up after {CANDIDATES_WITHOUT_A_FIND} candidates in a row without a find, \
             {written} of {} puzzles made (seed {seed}); try a lower --min-er or --min-guesses, \
             or harder puzzles in {}",
            args.puzzles,
            shown(from)
        ));
        return Ok(1);
    }
    let finished = output.finish();
    reporter.finish(finished.is_ok());
    finished?;
    if args.stats {
        report::print_near_stats(seed, written, clues, &stats, started.elapsed());
    }
    Ok(0)
}

/// The puzzles of `from` with one solution, with their solutions; each
/// other line named on stderr. Checked on every core of the current pool.
fn read_seeds(from: &Path, reporter: &mut Reporter) -> anyhow::Result<Vec<(Grid, Grid)>> {
    let cannot = || format!("cannot read --from {}", shown(from));
    let input = match from == Path::new("-") {
        true => Input::stdin(),
        false => Input::open(from).with_context(cannot)?,
    };
    let name = input.name().to_string();
    let read: Vec<_> = puzzles(input, InputFormat::Auto)
        .collect::<io::Result<_>>()
        .with_context(cannot)?;
    let checked: Vec<_> = read
        .into_par_iter()
        .map(|read| {
            (
                read.line,
                read.puzzle.and_then(|p| one_solution(&p).map(|s| (p, s))),
            )
        })
        .collect();
    let mut seeds = Vec::with_capacity(checked.len());
    for (line, seed) in checked {
        match seed {
            Ok(seed) => seeds.push(seed),
            Err(problem) => reporter
                .bad_puzzle(&mut NothingWritten, &name, line, problem)
                .with_context(cannot)?,
        }
    }
    Ok(seeds)
}

/// `path` as a message shows it: its control characters and bytes that are
/// not UTF-8 escaped, so that a name cannot drive the terminal.
fn shown(path: &Path) -> std::borrow::Cow<'_, str> {
    printable(path.as_os_str().as_encoded_bytes())
}

/// `puzzle`'s solution when it has exactly one.
fn one_solution(puzzle: &Grid) -> Result<Grid, Problem> {
    let counted = solve_and_count(puzzle, 2).map_err(|_| Problem::ConflictingGivens)?;
    match (counted.solutions, counted.first) {
        (1, Some(first)) => Ok(first.grid),
        (0, _) | (_, None) => Err(Problem::NoSolution),
        _ => Err(Problem::MultipleSolutions),
    }
}

/// The output while the seeds are read: nothing in it yet to flush.
struct NothingWritten;

impl Flush for NothingWritten {
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
