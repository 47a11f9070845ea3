//! `sudokuflow split`: a dataset into parts by ratios, every class in one part.
//!
//! A row's part is drawn from the seed and its class's canonical form alone
//! ([`PackedForm::draw`] against the cumulative ratios), so equivalent puzzles land
//! together without any puzzle being remembered: the run streams in flat
//! memory, in input order, the same at any thread count. Workers gather each
//! job's rows with their classes ([`Rows`]); the writer draws their parts and
//! appends them to the part files ([`Parts`]).

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use arrow_array::UInt32Array;
use arrow_select::take::take_record_batch;

use sudokuflow::answer::{Answered, Batch, Consumer, Outcome, RowText};
use sudokuflow::dataset::{PackedForm, Split};
use sudokuflow::format::{OutputFormat, printable};
use sudokuflow::pipeline::{self, Options};

use super::{classes, open_tables, threads};
use crate::app::columnar::{self, InputRows, Kind, TableFormat, TableWriter};
use crate::app::output::{AtomicFile, Prepared};
use crate::app::progress::Progress;
use crate::app::report::Reporter;
use crate::cli::args::SplitArgs;

/// `sudokuflow split`: 0 when every row held a puzzle, 1 when some were bad.
pub fn split(args: &SplitArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let opened = open_tables(&args.input.inputs, args.input.column.as_ref(), true)?;
    let format = match (opened.fed, table_extension(&args.output)) {
        (Some(_), Some(format)) => Some(format),
        (Some(Kind::Parquet), None) => Some(TableFormat::Parquet),
        (Some(_), None) => Some(TableFormat::Arrow),
        (None, Some(TableFormat::Csv) | None) => None,
        (None, Some(_)) => anyhow::bail!(
            "-o {}: split writes a text input's parts as text, its rows as they were read; \
             give -o a name that does not end in .parquet or .arrow",
            printable(args.output.as_os_str().as_encoded_bytes())
        ),
    };
    let inputs = opened.inputs;
    let mut options = Options::new(classes::mode(args.by));
    options.input_format = args.input.input_format.into();
    options.threads = threads(&args.run);
    let total_bytes = inputs.iter().map(|i| i.known_len()).sum::<Option<u64>>();
    let sink = match (opened.rows, format) {
        (Some(rows), Some(format)) => Sink::Table(rows, format),
        _ => Sink::Text,
    };
    let mut parts = Parts::create(&args.parts, &args.output, sink, args.seed, args.skip_bad)?;
    let mut reporter = Reporter::new(Progress::new(total_bytes, args.run.quiet), args.run.quiet);
    let result = pipeline::run_into(inputs, &options, &mut parts, &mut reporter);
    reporter.finish(result.is_ok());
    let summary = match result {
        Ok(summary) => summary,
        Err(pipeline::Error::Write(e)) => {
            return Err(anyhow::Error::new(e).context("error writing the parts"));
        }
        Err(e) => return Err(e.into()),
    };
    let counts: Vec<u64> = parts.files.iter().map(|file| file.rows).collect();
    let prepared = parts
        .files
        .into_iter()
        .map(PartFile::prepare)
        .collect::<anyhow::Result<Vec<Prepared>>>()?;
    Prepared::commit_all(prepared)?;
    if args.stats {
        let names: Vec<&str> = args.parts.names().iter().map(String::as_str).collect();
        print_stats(&names, &counts, summary.failed, args.skip_bad, started);
    }
    Ok(u8::from(summary.failed > 0))
}

/// The table format `output`'s extension names, if any: a table's parts
/// are written in it (else in the input's).
fn table_extension(output: &Path) -> Option<TableFormat> {
    let extension = output.extension()?.to_str()?.to_ascii_lowercase();
    match extension.as_str() {
        "csv" => Some(TableFormat::Csv),
        "parquet" => Some(TableFormat::Parquet),
        "arrow" | "feather" | "ipc" => Some(TableFormat::Arrow),
        _ => None,
    }
}

/// `OUT.NAME.EXT` for `-o OUT.EXT` (`OUT.NAME` without an extension).
fn part_path(output: &Path, name: &str) -> PathBuf {
    let file_name = output.file_name().unwrap_or_default();
    let mut named = OsString::new();
    match (output.file_stem(), output.extension()) {
        (Some(stem), Some(ext)) => {
            named.push(stem);
            named.push(format!(".{name}."));
            named.push(ext);
        }
        _ => {
            named.push(file_name);
            named.push(format!(".{name}"));
        }
    }
    output.with_file_name(named)
}

fn print_stats(names: &[&str], counts: &[u64], bad: u64, skip_bad: bool, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    let written: u64 = counts.iter().sum();
    let rows = written + if skip_bad { bad } else { 0 };
    let mut text = format!("rows:         {rows}\n");
    text += &format!(
        "bad:          {bad}{}\n",
        if skip_bad { " (skipped)" } else { "" }
    );
    for (name, &count) in names.iter().zip(counts) {
        let share = if written > 0 {
            100.0 * count as f64 / written as f64
        } else {
            0.0
        };
        text += &format!("{:<13} {count} ({share:.2}%)\n", format!("{name}:"));
    }
    text += &format!(
        "wall time:    {seconds:.3} s\nrows/s:       {:.0}\n",
        if seconds > 0.0 {
            rows as f64 / seconds
        } else {
            0.0
        }
    );
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// A job's rows as they will be written, each with what draws its part.
struct Rows {
    /// The rows' text, one after another, each with its line end.
    text: Vec<u8>,
    /// Each row's class (or `None` for a bad row) and where its text ends.
    rows: Vec<(Draw, usize)>,
    /// A table input's header row, with its line end.
    header: Option<Vec<u8>>,
}

/// What a row's part is drawn from.
enum Draw {
    Class(PackedForm),
    /// A bad row: its text stands for its class.
    Bad,
}

impl Batch for Rows {
    fn new(_options: &Options, input_len: usize) -> Rows {
        Rows {
            text: Vec::with_capacity(input_len + input_len / 64),
            rows: Vec::with_capacity(input_len / 82 + 1),
            header: None,
        }
    }

    fn push(&mut self, _options: &Options, answered: Answered<'_>) {
        let puzzle = match &answered.outcome {
            Outcome::Answered { puzzle, .. } => Some(*puzzle),
            Outcome::Failed { puzzle, .. } => *puzzle,
        };
        match answered.row {
            RowText::Table(raw, _) | RowText::Line(raw) => {
                self.text.extend_from_slice(raw);
                self.text.push(b'\n');
            }
            RowText::Block => match puzzle {
                Some(grid) => OutputFormat::Grid.write_grid(grid, &mut self.text),
                // A block too damaged to read: nothing to keep.
                None => return,
            },
        }
        let draw = match PackedForm::of(&answered.outcome) {
            Some(form) => Draw::Class(form),
            None => Draw::Bad,
        };
        self.rows.push((draw, self.text.len()));
    }

    fn push_table_header(&mut self, _options: &Options, header: &[u8], _delimiter: u8) {
        let mut row = header.to_vec();
        row.push(b'\n');
        self.header = Some(row);
    }
}

/// Where the parts' rows come from.
enum Sink {
    /// As the pipeline read them.
    Text,
    /// A Parquet or Arrow input's rows, written as a table of this format.
    Table(InputRows, TableFormat),
}

/// The part files being written, and how rows are dealt to them.
struct Parts {
    files: Vec<PartFile>,
    /// A Parquet or Arrow input's rows.
    input: Option<InputRows>,
    split: Split,
    seed: u64,
    skip_bad: bool,
    header_written: bool,
    /// Each part's rows of the batch being dealt (reused).
    buffers: Vec<Vec<u8>>,
    /// A table's rows being dealt, each row's number with its part, if
    /// not left out (reused).
    dealt: Vec<(u64, Option<usize>)>,
    /// Each part's rows of the input's batch being dealt (reused).
    indices: Vec<Vec<u32>>,
}

struct PartFile {
    out: PartOut,
    rows: u64,
}

enum PartOut {
    Text(AtomicFile),
    Table(TableWriter<AtomicFile>),
}

impl PartFile {
    /// A text part's file.
    fn text(&mut self) -> io::Result<&mut AtomicFile> {
        match &mut self.out {
            PartOut::Text(file) => Ok(file),
            PartOut::Table(_) => Err(io::Error::other("a table's part written as text")),
        }
    }

    /// The file written, ready to be committed.
    fn prepare(self) -> anyhow::Result<Prepared> {
        match self.out {
            PartOut::Text(out) => out.prepare(),
            PartOut::Table(writer) => writer
                .finish()
                .context("error writing the parts")?
                .prepare(),
        }
    }
}

impl Parts {
    fn create(
        split: &Split,
        output: &Path,
        sink: Sink,
        seed: u64,
        skip_bad: bool,
    ) -> anyhow::Result<Parts> {
        let files = split
            .names()
            .iter()
            .map(|name| {
                let file = AtomicFile::create(&part_path(output, name))?;
                let out = match &sink {
                    Sink::Text => PartOut::Text(file),
                    Sink::Table(input, format) => {
                        let schema = Arc::clone(&input.schema);
                        PartOut::Table(TableWriter::new(*format, schema, file)?)
                    }
                };
                Ok(PartFile { out, rows: 0 })
            })
            .collect::<anyhow::Result<Vec<PartFile>>>()?;
        let input = match sink {
            Sink::Text => None,
            Sink::Table(input, _) => Some(input),
        };
        Ok(Parts {
            buffers: vec![Vec::new(); files.len()],
            indices: vec![Vec::new(); files.len()],
            dealt: Vec::new(),
            input,
            files,
            split: split.clone(),
            seed,
            skip_bad,
            header_written: false,
        })
    }
}

impl Parts {
    /// The part of a row drawn as `draw`, whose text is `row`; `None` for a
    /// bad row left out (`--skip-bad`).
    fn part_of(&self, draw: &Draw, row: &[u8]) -> Option<usize> {
        match draw {
            Draw::Class(form) => Some(self.split.part_of(form, self.seed)),
            Draw::Bad if self.skip_bad => None,
            Draw::Bad => Some(self.split.part_of_bad_row(row, self.seed)),
        }
    }

    /// Writes a table's rows to their parts: each part the rows of each
    /// input batch it has, taken out of the batch.
    fn write_table_rows(&mut self) -> io::Result<()> {
        let Some(input) = &mut self.input else {
            return Ok(());
        };
        let mut dealt = &self.dealt[..];
        while let Some(&(row, _)) = dealt.first() {
            let (first, batch) = input.batch_of(row)?;
            let after = first + batch.num_rows() as u64;
            let ready = dealt.partition_point(|&(row, _)| row < after);
            for &(row, part) in &dealt[..ready] {
                if let Some(part) = part {
                    self.indices[part].push((row - first) as u32);
                }
            }
            dealt = &dealt[ready..];
            for (file, indices) in self.files.iter_mut().zip(&mut self.indices) {
                if indices.is_empty() {
                    continue;
                }
                let PartOut::Table(writer) = &mut file.out else {
                    unreachable!("a table's parts are tables");
                };
                let taken = take_record_batch(batch, &UInt32Array::from(std::mem::take(indices)))
                    .map_err(io::Error::other)?;
                writer.write(taken)?;
            }
        }
        self.dealt.clear();
        Ok(())
    }
}

impl Consumer for Parts {
    type Batch = Rows;

    fn consume(&mut self, batch: Rows) -> io::Result<()> {
        if self.input.is_some() {
            let mut start = 0;
            for (draw, end) in &batch.rows {
                let text = &batch.text[start..*end];
                start = *end;
                let (row, puzzle) = columnar::fed_row(text)
                    .ok_or_else(|| io::Error::other("a fed row without its number"))?;
                // A bad row is drawn from its puzzle, as in a text input, so
                // that its part does not depend on where it stands.
                // A row left out is dealt to no part: its batch must pass.
                let part = self.part_of(draw, puzzle);
                if let Some(part) = part {
                    self.files[part].rows += 1;
                }
                self.dealt.push((row, part));
            }
            return self.write_table_rows();
        }
        if let Some(header) = batch.header
            && !self.header_written
        {
            self.header_written = true;
            for file in &mut self.files {
                file.text()?.write_all(&header)?;
            }
        }
        let mut start = 0;
        for (draw, end) in &batch.rows {
            let row = &batch.text[start..*end];
            start = *end;
            let Some(part) = self.part_of(draw, row) else {
                continue;
            };
            self.buffers[part].extend_from_slice(row);
            self.files[part].rows += 1;
        }
        for (file, buffer) in self.files.iter_mut().zip(&mut self.buffers) {
            file.text()?.write_all(buffer)?;
            buffer.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_files_are_named_after_the_output() {
        let cases = [
            ("data.csv", "data.train.csv"),
            ("out/data.txt", "out/data.train.txt"),
            ("data", "data.train"),
            ("a.b.csv", "a.b.train.csv"),
            (".hidden", ".hidden.train"),
        ];
        for (output, path) in cases {
            assert_eq!(part_path(Path::new(output), "train"), Path::new(path));
        }
    }
}
