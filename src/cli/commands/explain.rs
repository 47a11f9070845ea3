//! `sudokuflow explain`: each puzzle solved step by step, in words or JSON.

use std::io::Cursor;
use std::path::Path;

use sudokuflow::grid::Grid;
use sudokuflow::input::Input;
use sudokuflow::logic;
use sudokuflow::pipeline::{Mode, Options};

use super::{open_inputs, run_inputs, threads, with_column};
use crate::cli::args::{ExplainArgs, ExplainFormat};

/// `sudokuflow explain`: 0 when every puzzle was explained, 1 when some got a marker.
pub fn explain(args: &ExplainArgs) -> anyhow::Result<u8> {
    let mut inputs = Vec::new();
    for (position, arg) in args.puzzles.iter().enumerate() {
        inputs.push(puzzle_or_file(arg, position + 1, args.column.as_deref())?);
    }
    if inputs.is_empty() {
        inputs = with_column(open_inputs(&["-"])?, args.column.as_deref());
    }

    let options = Options {
        mode: Mode::Explain {
            options: logic::Options {
                budget: args.budget.0,
                ceiling: None,
            },
            json: args.format == ExplainFormat::Json,
        },
        input_format: args.input_format.into(),
        output_format: sudokuflow::format::OutputFormat::Line,
        strict: false,
        threads: threads(&args.run),
    };
    let summary = run_inputs(inputs, &options, args.output.as_deref(), &args.run)?;
    Ok(u8::from(summary.failed > 0))
}

/// An argument as an input: standard input for `-`, the file if one has this
/// name (a table when `column` is given), else the argument itself if it
/// reads as a puzzle line.
fn puzzle_or_file(arg: &str, position: usize, column: Option<&str>) -> anyhow::Result<Input> {
    if arg == "-" || Path::new(arg).exists() {
        return Ok(with_column(open_inputs(&[arg])?, column).remove(0));
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
