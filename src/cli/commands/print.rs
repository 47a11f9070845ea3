//! `sudokuflow print`: puzzles rated on the pipeline and kept on disk as they
//! come ([`crate::print::spill`]), then laid out a page at a time and written
//! as PDF, one SVG file per page, or HTML.

mod svg_pages;

use std::io::IsTerminal;
use std::path::Path;

use anyhow::Context;
use sudokuflow::answer::{Answer, Answered, Batch, Consumer, Outcome};
use sudokuflow::grid::Grid;
use sudokuflow::logic;
use sudokuflow::pipeline::{self, Mode, Options};

use super::{open_input_args, threads};
use crate::app::output::{self, Output};
use crate::app::progress::Progress;
use crate::app::report::{self, Reporter};
use crate::cli::args::{PrintArgs, PrintFormat};
use crate::print::font::{self, Fonts};
use crate::print::layout::{Contents, Entry, Layout, Sheet, USUAL_RULES};
use crate::print::levels::LevelNames;
use crate::print::paper::Paper;
use crate::print::spill::{self, SpillWriter};
use crate::print::strings::{Lang, Strings};
use crate::print::{html, pdf};

/// `sudokuflow print`: 0 when every puzzle was printed, 1 when some were left out.
pub fn print(args: &PrintArgs) -> anyhow::Result<u8> {
    if let Some(path) = args.output.as_deref().filter(|path| !is_stdout(Some(path))) {
        // Before the long part: SVG pages would go beside a folder.
        output::refuse_folder(path)?;
    }
    let format = format_of(args)?;
    if format == PrintFormat::Pdf && args.output.is_none() && std::io::stdout().is_terminal() {
        anyhow::bail!(
            "a PDF is not for the terminal; give -o FILE.pdf, or redirect standard output"
        );
    }
    if format == PrintFormat::Svg && is_stdout(args.output.as_deref()) {
        anyhow::bail!(
            "SVG is written one file per page; give -o NAME.svg for NAME-01.svg, NAME-02.svg, ..."
        );
    }
    let strings = read_strings(args)?;
    let rules = match args.rules.as_deref() {
        // --rules without a text: the usual rules, in the sheet's language.
        Some(USUAL_RULES) => Some(strings.rules()),
        rules => rules.map(str::to_string),
    };
    let sheet = Sheet {
        paper: args.paper.unwrap_or_else(Paper::from_locale),
        per_page: args.per_page,
        title: args.title.clone(),
        rules,
        contents: match (args.solutions, args.solutions_only) {
            (_, true) => Contents::Solutions,
            (true, false) => Contents::PuzzlesAndSolutions,
            (false, false) => Contents::Puzzles,
        },
        strings,
    };
    let level_names = args.level_names.clone().unwrap_or_default();
    // Before the long part: a text no font can print is an error at once.
    let fonts = match format {
        PrintFormat::Pdf => Fonts::covering(&own_texts(&sheet, args, &level_names))?,
        PrintFormat::Svg | PrintFormat::Html => Fonts::bundled(),
    };
    let (entries, failed) = read_entries(args, &level_names, &sheet.strings)?;
    if entries.is_empty() {
        report::message(format_args!("no puzzle to print"));
        return Ok(1);
    }
    let mut entries = entries.finish()?;
    let layout = Layout::new(&sheet, entries.len(), &fonts);
    for warning in layout.warnings() {
        report::message(format_args!("warning: {warning}"));
    }
    let pages = spill::pages(&layout, &mut entries);
    let title = args.title.as_deref();
    match format {
        PrintFormat::Pdf => write_file(args.output.as_deref(), |out| {
            pdf::write(pages, &fonts, title, out)
        })?,
        PrintFormat::Html => write_file(args.output.as_deref(), |out| {
            let title = title.map_or_else(|| sheet.strings.document_title(), str::to_string);
            html::write(pages, sheet.paper, &title, lang_tag(args.lang), out)
        })?,
        PrintFormat::Svg => {
            let target = args.output.as_deref().expect("checked above");
            svg_pages::write(target, layout.page_count(), sheet.paper, pages)?;
        }
    }
    Ok(u8::from(failed))
}

/// The texts of the sheet that come from the command line, as printed.
fn own_texts<'a>(
    sheet: &'a Sheet,
    args: &'a PrintArgs,
    level_names: &'a LevelNames,
) -> Vec<font::SheetText<'a>> {
    let mut texts: Vec<font::SheetText<'a>> = sheet
        .strings
        .own()
        .map(|(text, origin)| font::SheetText {
            text,
            bold: false,
            origin,
        })
        .collect();
    if let Some(title) = &args.title {
        texts.push(font::SheetText {
            text: title,
            bold: true,
            origin: "--title",
        });
    }
    if let Some(rules) = &sheet.rules {
        texts.push(font::SheetText {
            text: rules,
            bold: false,
            origin: "--rules",
        });
    }
    if !args.no_rating {
        texts.extend(level_names.given().map(|name| font::SheetText {
            text: name,
            bold: false,
            origin: "--level-names",
        }));
    }
    texts
}

/// The HTML language tag of a sheet in `lang`.
fn lang_tag(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::De => "de",
        Lang::Es => "es",
        Lang::Fr => "fr",
        Lang::Pl => "pl",
        Lang::Zh => "zh-Hans",
    }
}

/// The sheet's fixed words: `--lang`'s, with `--strings` over them.
fn read_strings(args: &PrintArgs) -> anyhow::Result<Strings> {
    let mut strings = Strings::built_in(args.lang);
    if let Some(path) = &args.strings {
        let name = path.display().to_string().escape_debug().to_string();
        let contents = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
        let contents =
            String::from_utf8(contents).map_err(|_| anyhow::anyhow!("{name}: not UTF-8 text"))?;
        strings
            .read(&contents)
            .map_err(|error| anyhow::anyhow!("{name}: {error}"))?;
    }
    Ok(strings)
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

/// The puzzles to print, in input order, rated on the pipeline and written
/// to disk as they come, and whether any line was left out (each reported
/// on stderr as it was read).
fn read_entries(
    args: &PrintArgs,
    level_names: &LevelNames,
    strings: &Strings,
) -> anyhow::Result<(SpillWriter, bool)> {
    let inputs = open_input_args(&args.input)?;
    let total_bytes = inputs.iter().map(|input| input.known_len()).sum();
    let budget = if args.no_rating {
        // Still checks that the puzzle has one solution, but follows no chain.
        Some(0)
    } else {
        args.budget.0
    };
    let mut options = Options::new(Mode::Rate {
        options: logic::Options::default().with_budget(budget),
    });
    options.input_format = args.input.input_format.into();
    options.threads = threads(&args.run);
    let mut entries = Entries {
        numbered: 0,
        entries: SpillWriter::new()?,
        level_names: (!args.no_rating).then_some(level_names),
        strings,
    };
    let mut reporter = Reporter::new(Progress::new(total_bytes, args.run.quiet), args.run.quiet);
    let result = pipeline::run_into(inputs, &options, &mut entries, &mut reporter);
    reporter.finish(result.is_ok());
    let summary = result?;
    Ok((entries.entries, summary.failed > 0))
}

/// The answers of a job, in input order: a puzzle and its rating, or `None`
/// for a bad puzzle (the reporter names it), which keeps its number.
struct Rated(Vec<Option<(Grid, logic::Rating)>>);

impl Batch for Rated {
    fn new(_options: &Options, input_len: usize) -> Rated {
        Rated(Vec::with_capacity(input_len / 82 + 1))
    }

    fn push(&mut self, _options: &Options, answered: Answered<'_>) {
        self.0.push(match answered.outcome {
            Outcome::Answered {
                puzzle,
                answer: Answer::Rating(rating),
            } => Some((*puzzle, rating)),
            _ => None,
        });
    }
}

/// The entries to print, in input order.
struct Entries<'a> {
    /// Puzzles so far, bad ones counted: `solve` answers each with a line.
    numbered: u64,
    entries: SpillWriter,
    /// What to call the levels (else as `strings` do), or `None` to print
    /// no rating.
    level_names: Option<&'a LevelNames>,
    strings: &'a Strings,
}

impl Consumer for Entries<'_> {
    type Batch = Rated;

    fn consume(&mut self, rated: Rated) -> std::io::Result<()> {
        for answer in rated.0 {
            self.numbered += 1;
            let Some((puzzle, rating)) = answer else {
                continue;
            };
            let note = match self.level_names {
                Some(names) => {
                    let bound = if rating.complete { "" } else { ">" };
                    let level = rating.level.name();
                    let level = names.name(level).unwrap_or(self.strings.level(level));
                    let er = self.strings.decimal(&rating.er.to_string());
                    format!("{level} \u{b7} {bound}{er}")
                }
                None => String::new(),
            };
            self.entries.push(&Entry {
                puzzle,
                number: self.numbered,
                note,
            })?;
        }
        Ok(())
    }
}
