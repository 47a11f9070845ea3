//! `sudokuflow print`: puzzles rated on the pipeline, then laid out on pages
//! and written as PDF, one SVG file per page, or HTML.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use sudokuflow::answer::{Answer, Answered, Batch, Consumer, Outcome};
use sudokuflow::grid::Grid;
use sudokuflow::logic;
use sudokuflow::pipeline::{self, Mode, Options};

use super::{open_input_args, threads};
use crate::cli::args::{PrintArgs, PrintFormat};
use crate::cli::output::Output;
use crate::cli::progress::Progress;
use crate::cli::report::{self, Reporter};
use crate::print::layout::{Contents, Entry, Layout, Sheet};
use crate::print::paper::Paper;
use crate::print::{html, pdf, svg};

/// `sudokuflow print`: 0 when every puzzle was printed, 1 when some were left out.
pub fn print(args: &PrintArgs) -> anyhow::Result<u8> {
    let format = format_of(args)?;
    if format == PrintFormat::Pdf && args.output.is_none() && std::io::stdout().is_terminal() {
        anyhow::bail!(
            "a PDF is not for the terminal; give -o FILE.pdf, or redirect standard output"
        );
    }
    if format == PrintFormat::Svg && is_stdout(args.output.as_deref()) {
        anyhow::bail!(
            "SVG is written one file per page; give -o NAME.svg for NAME-1.svg, NAME-2.svg, ..."
        );
    }
    let (entries, failed) = read_entries(args)?;
    if entries.is_empty() {
        report::message(format_args!("no puzzle to print"));
        return Ok(1);
    }
    let sheet = Sheet {
        paper: args.paper.unwrap_or_else(Paper::from_locale),
        per_page: args.per_page,
        title: args.title.clone(),
        contents: match (args.solutions, args.solutions_only) {
            (_, true) => Contents::Solutions,
            (true, false) => Contents::PuzzlesAndSolutions,
            (false, false) => Contents::Puzzles,
        },
    };
    let layout = Layout::new(&sheet, &entries);
    let title = args.title.as_deref();
    match format {
        PrintFormat::Pdf => write_file(args.output.as_deref(), |out| {
            pdf::write(&layout, title, out)
        })?,
        PrintFormat::Html => write_file(args.output.as_deref(), |out| {
            html::write(&layout, sheet.paper, title, out)
        })?,
        PrintFormat::Svg => {
            let target = args.output.as_deref().expect("checked above");
            let count = layout.page_count();
            for index in 0..count {
                let path = if count == 1 {
                    target.to_path_buf()
                } else {
                    numbered(target, index + 1)
                };
                let mut page = String::new();
                svg::write_document(&layout.page(index), sheet.paper, &mut page);
                write_file(Some(&path), |out| out.write_all(page.as_bytes()))?;
            }
        }
    }
    Ok(u8::from(failed))
}

/// `--format`, else the format the extension of `-o` names.
fn format_of(args: &PrintArgs) -> anyhow::Result<PrintFormat> {
    if let Some(format) = args.format {
        return Ok(format);
    }
    let extension = args
        .output
        .as_deref()
        .filter(|path| !is_stdout(Some(path)))
        .and_then(Path::extension)
        .map(|extension| extension.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("pdf") => Ok(PrintFormat::Pdf),
        Some("svg") => Ok(PrintFormat::Svg),
        Some("html" | "htm") => Ok(PrintFormat::Html),
        _ => anyhow::bail!(
            "which format? give --format pdf, svg or html, or an -o file ending in .pdf, .svg or .html"
        ),
    }
}

fn is_stdout(output: Option<&Path>) -> bool {
    output.is_none_or(|path| path == Path::new("-"))
}

/// `name-N.ext` beside `path` (`name.ext`).
fn numbered(path: &Path, number: usize) -> PathBuf {
    let mut name = OsString::from(path.file_stem().unwrap_or_default());
    name.push(format!("-{number}"));
    if let Some(extension) = path.extension() {
        name.push(".");
        name.push(extension);
    }
    path.with_file_name(name)
}

/// Writes one output with `write`, replacing a file only once it is complete.
fn write_file(
    path: Option<&Path>,
    write: impl FnOnce(&mut Output) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let mut output = Output::create(path)?;
    let name = output.name();
    write(&mut output).with_context(|| format!("error writing to {name}"))?;
    output.finish()
}

/// The puzzles to print, in input order, rated on the pipeline, and whether
/// any line was left out (each reported on stderr as it was read).
fn read_entries(args: &PrintArgs) -> anyhow::Result<(Vec<Entry>, bool)> {
    let inputs = open_input_args(&args.input)?;
    let total_bytes = inputs.iter().map(|input| input.known_len()).sum();
    let budget = if args.no_rating {
        // Still checks that the puzzle has one solution, but follows no chain.
        Some(0)
    } else {
        args.budget.0
    };
    let options = Options {
        mode: Mode::Rate {
            options: logic::Options {
                budget,
                ceiling: None,
            },
        },
        input_format: args.input.input_format.into(),
        output_format: sudokuflow::format::OutputFormat::Line,
        strict: false,
        threads: threads(&args.run),
    };
    let mut entries = Entries {
        entries: Vec::new(),
        with_rating: !args.no_rating,
    };
    let mut reporter = Reporter::new(Progress::new(total_bytes, args.run.quiet), args.run.quiet);
    let result = pipeline::run_into(inputs, &options, &mut entries, &mut reporter);
    reporter.finish(result.is_ok());
    let summary = result?;
    Ok((entries.entries, summary.failed > 0))
}

/// The rated puzzles of a job; bad ones are left out (the reporter names them).
struct Rated(Vec<(Grid, logic::Rating)>);

impl Batch for Rated {
    fn new(_options: &Options, input_len: usize) -> Rated {
        Rated(Vec::with_capacity(input_len / 82 + 1))
    }

    fn push(&mut self, _options: &Options, answered: Answered<'_>) {
        if let Outcome::Answered {
            puzzle,
            answer: Answer::Rating(rating),
        } = answered.outcome
        {
            self.0.push((*puzzle, rating));
        }
    }
}

/// The entries to print, in input order.
struct Entries {
    entries: Vec<Entry>,
    with_rating: bool,
}

impl Consumer for Entries {
    type Batch = Rated;

    fn consume(&mut self, rated: Rated) -> std::io::Result<()> {
        for (puzzle, rating) in rated.0 {
            let note = if self.with_rating {
                let bound = if rating.complete { "" } else { ">" };
                format!("{} \u{b7} {bound}{}", rating.level, rating.er)
            } else {
                String::new()
            };
            self.entries.push(Entry { puzzle, note });
        }
        Ok(())
    }
}
