//! `sudokuflow explain`: each puzzle solved step by step, in words or JSON.

use std::io::Cursor;
use std::path::Path;

use sudokuflow::grid::Grid;
use sudokuflow::input::{Column, Input};
use sudokuflow::logic;
use sudokuflow::pipeline::{Mode, Options};
use sudokuflow::render::{self, html};

use super::{open_inputs, open_tables, run_inputs_framed, threads, with_column};
use crate::cli::args::{ExplainArgs, ExplainFormat, ExplainOrder};

/// `sudokuflow explain`: 0 when every puzzle was explained, 1 when some got a marker.
pub fn explain(args: &ExplainArgs) -> anyhow::Result<u8> {
    let mut inputs = Vec::new();
    for (position, arg) in args.puzzles.iter().enumerate() {
        inputs.push(puzzle_or_file(arg, position + 1, args.column.as_ref())?);
    }
    if inputs.is_empty() {
        inputs = with_column(open_inputs(&["-"])?, args.column.as_ref());
    }
    let format = match args.format.or_else(|| format_of(args.output.as_deref()?)) {
        None | Some(ExplainFormat::Text) => render::Format::Text,
        Some(ExplainFormat::Json) => render::Format::Json,
        Some(ExplainFormat::Html) => render::Format::Html,
    };
    let mut options = Options::new(Mode::Explain {
        options: logic::Options::default()
            .with_budget(args.budget.0)
            .with_order(match args.order {
                ExplainOrder::Rating => logic::Order::Rating,
                ExplainOrder::Simple => logic::Order::Simple,
            }),
        format,
    });
    options.input_format = args.input_format.into();
    options.threads = threads(&args.run);
    // An HTML page is streamed between its head and foot.
    let (head, foot) = match format {
        render::Format::Html => (
            html::page_head("Sudoku, step by step").into_bytes(),
            html::PAGE_FOOT.as_bytes(),
        ),
        _ => (Vec::new(), &[][..]),
    };
    let summary = run_inputs_framed(
        inputs,
        &options,
        args.output.as_deref(),
        &args.run,
        (&head, foot),
    )?;
    Ok(u8::from(summary.failed > 0))
}

/// The format the extension of `path` names, if it names one.
fn format_of(path: &Path) -> Option<ExplainFormat> {
    match path.extension()?.to_str()? {
        "html" | "htm" => Some(ExplainFormat::Html),
        "json" | "jsonl" => Some(ExplainFormat::Json),
        _ => None,
    }
}

/// An argument as an input: standard input for `-`, the file if one has this
/// name (a table when `column` is given), else the argument itself if it
/// reads as a puzzle line.
fn puzzle_or_file(arg: &str, position: usize, column: Option<&Column>) -> anyhow::Result<Input> {
    if arg == "-" || Path::new(arg).exists() {
        return Ok(open_tables(&[arg], column, false)?.inputs.remove(0));
    }
    match Grid::parse_line(arg.as_bytes()) {
        Ok(_) => Ok(Input::from_reader(
            format!("argument {position}"),
            Box::new(Cursor::new(format!("{arg}\n").into_bytes())),
        )),
        Err(e) => anyhow::bail!(
            "'{arg}' is neither a file nor a puzzle ({e}); give a puzzle as 81 cells \
             on one line (1-9, and '.' or '0' for empty), or the path of a file of puzzles"
        ),
    }
}
