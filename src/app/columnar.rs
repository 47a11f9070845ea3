//! Parquet and Arrow IPC tables: found by their magic bytes, their puzzle
//! column fed to the library's pipeline as a table of text, and tables
//! written back (CSV or Parquet) with the answers' columns added.
//!
//! The pipeline reads bytes, so a reader thread decodes the file one record
//! batch at a time (a Parquet row group is read in batches) and writes the
//! puzzle column into a pipe as a two-column CSV table, `row,puzzle`: a null
//! is an empty field, read as CSV reads an empty cell. When the output is a
//! table, the same thread hands each batch to [`TableConsumer`] before its
//! rows' text, which joins the batch with the answers in order. Memory stays
//! that of the batches in flight.

use std::io::{self, BufWriter, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

use anyhow::{Context, bail};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray, UInt32Array};
use arrow_cast::can_cast_types;
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use arrow_select::take::take_record_batch;
use parquet::arrow::ArrowWriter;
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use sudokuflow::answer::{Consumer, Text};
use sudokuflow::format::{MAX_LINE_LEN, printable};
use sudokuflow::input::{Column, Input};

/// Rows per record batch read from a Parquet file.
const READ_BATCH_ROWS: usize = 8192;

/// Rows per row group of Parquet output: a few MB of puzzles, so that the
/// group being written stays small, and the same groups whatever `-j`.
pub const ROW_GROUP_ROWS: usize = 65_536;

/// A columnar file format, known by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Parquet,
    ArrowFile,
    ArrowStream,
}

impl Kind {
    /// The format of a file that starts with `head`, if columnar.
    pub fn of(head: &[u8]) -> Option<Kind> {
        if head.starts_with(b"PAR1") {
            Some(Kind::Parquet)
        } else if head.starts_with(b"ARROW1") {
            Some(Kind::ArrowFile)
        } else if head.starts_with(&[0xff; 4]) {
            Some(Kind::ArrowStream)
        } else {
            None
        }
    }

    /// The format of the file at `path`, if columnar (`None` too when it
    /// cannot be read: opening it as text says why).
    pub fn of_file(path: &Path) -> Option<Kind> {
        let mut head = [0; 8];
        let mut file = std::fs::File::open(path).ok()?;
        if !file.metadata().ok()?.is_file() {
            return None;
        }
        let mut filled = 0;
        while filled < head.len() {
            match file.read(&mut head[filled..]) {
                Ok(0) | Err(_) => break,
                Ok(n) => filled += n,
            }
        }
        Kind::of(&head[..filled])
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Parquet => "Parquet",
            Kind::ArrowFile => "Arrow IPC",
            Kind::ArrowStream => "Arrow IPC stream",
        }
    }
}

type Batches = Box<dyn Iterator<Item = Result<RecordBatch, ArrowError>> + Send>;

/// A columnar input, opened and its puzzle column found.
pub struct Table {
    /// The path as messages show it.
    pub name: String,
    /// The input's columns (all of them, whatever is read).
    pub schema: SchemaRef,
    /// The puzzle column as messages name it: `column 'quizzes'`.
    pub label: String,
    /// The puzzle column's position in the batches read.
    column: usize,
    batches: Batches,
}

impl Table {
    /// Opens `path`, a file of `kind`, and finds `column` in it; reads every
    /// column if `all_columns`, else only the puzzles'.
    pub fn open(
        path: &Path,
        kind: Kind,
        column: &Column,
        all_columns: bool,
    ) -> anyhow::Result<Table> {
        let name = printable(path.as_os_str().as_encoded_bytes()).into_owned();
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read input {name}"))?;
        let damaged = |e: &dyn std::fmt::Display| {
            anyhow::anyhow!(
                "cannot read {name} as {}: {}",
                kind.name(),
                printable(e.to_string().as_bytes())
            )
        };
        // A damaged file may make the decoder panic: that is a damaged file too.
        let opened = catch_unwind(AssertUnwindSafe(|| -> Result<_, anyhow::Error> {
            Ok(match kind {
                Kind::Parquet => {
                    let builder =
                        ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| damaged(&e))?;
                    let schema = Arc::clone(builder.schema());
                    let index = find_column(&name, &schema, column)?;
                    let mut builder = builder.with_batch_size(READ_BATCH_ROWS);
                    if !all_columns {
                        let mask = ProjectionMask::roots(builder.parquet_schema(), [index]);
                        builder = builder.with_projection(mask);
                    }
                    let reader = builder.build().map_err(|e| damaged(&e))?;
                    let batches: Batches = Box::new(reader);
                    (schema, index, batches)
                }
                Kind::ArrowFile => {
                    let reader = arrow_ipc::reader::FileReader::try_new_buffered(file, None)
                        .map_err(|e| damaged(&e))?;
                    let schema = reader.schema();
                    let index = find_column(&name, &schema, column)?;
                    let batches: Batches = Box::new(reader);
                    (schema, index, batches)
                }
                Kind::ArrowStream => {
                    let reader = arrow_ipc::reader::StreamReader::try_new_buffered(file, None)
                        .map_err(|e| damaged(&e))?;
                    let schema = reader.schema();
                    let index = find_column(&name, &schema, column)?;
                    let batches: Batches = Box::new(reader);
                    (schema, index, batches)
                }
            })
        }));
        let (schema, index, batches) = match opened {
            Ok(result) => result?,
            Err(_) => return Err(damaged(&"the file is damaged")),
        };
        let field = schema.field(index);
        if !is_text(field.data_type()) {
            bail!(
                "{name}: {} holds {}, not text: --column reads puzzles from a string column",
                column_label(field.name()),
                field.data_type()
            );
        }
        let read_index = if all_columns || kind != Kind::Parquet {
            index
        } else {
            0
        };
        Ok(Table {
            label: column_label(field.name()),
            name,
            schema,
            column: read_index,
            batches,
        })
    }
}

impl Table {
    /// The puzzle column's position in the batches read.
    pub fn column(&self) -> usize {
        self.column
    }
}

fn column_label(name: &str) -> String {
    format!("column '{}'", printable(name.as_bytes()))
}

/// True for the types a puzzle column may have: strings or bytes, in any
/// layout or behind a dictionary.
fn is_text(data_type: &DataType) -> bool {
    match data_type {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView => true,
        DataType::Dictionary(_, values) => is_text(values),
        _ => false,
    }
}

/// The position of `column` in `schema`: a number from 1, or a name (its
/// spaces trimmed, the case ignored if no column has it as given).
fn column_position(schema: &Schema, column: &Column) -> Option<usize> {
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    match column {
        Column::Number(number) => (*number >= 1 && *number <= names.len()).then(|| number - 1),
        Column::Name(wanted) => {
            let wanted = wanted.trim();
            names.iter().position(|n| n.trim() == wanted).or_else(|| {
                names
                    .iter()
                    .position(|n| n.trim().eq_ignore_ascii_case(wanted))
            })
        }
    }
}

/// Checks that `schema` has `column`, given to `--solution-column`.
pub fn check_solution_column(schema: &Schema, column: &Column) -> anyhow::Result<()> {
    if column_position(schema, column).is_none() {
        let names: Vec<_> = schema
            .fields()
            .iter()
            .map(|f| printable(f.name().as_bytes()).into_owned())
            .collect();
        bail!(
            "--solution-column {column}: no such column in the table; its columns are {}",
            names.join(", ")
        );
    }
    Ok(())
}

/// The position of `column` in `schema`, or the message that lists its columns.
fn find_column(name: &str, schema: &Schema, column: &Column) -> anyhow::Result<usize> {
    if let Some(index) = column_position(schema, column) {
        return Ok(index);
    }
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    let listed = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} '{}'", i + 1, printable(n.as_bytes())))
        .collect::<Vec<_>>()
        .join(", ");
    let what = match column {
        Column::Name(_) => format!("no column named {column}"),
        Column::Number(_) => format!("no column {column}"),
    };
    bail!("{name}: {what}; its columns are {listed}; give --column a name or number from these")
}

/// The text of the puzzle column's rows, as a two-column CSV table's rows
/// (`row,puzzle`), appended to `out`; `Err` when a dictionary's values
/// cannot be had.
fn write_rows(
    batch: &RecordBatch,
    column: usize,
    first_row: u64,
    out: &mut Vec<u8>,
) -> Result<(), ArrowError> {
    let mut array = Arc::clone(batch.column(column));
    // A dictionary's keys, looked up.
    let values = values_type(array.data_type()).clone();
    if &values != array.data_type() {
        array = arrow_cast::cast(&array, &values)?;
    }
    let mut each = |row: usize, value: Option<&[u8]>| {
        let start = out.len();
        let _ = write!(out, "{},", first_row + row as u64);
        if let Some(mut value) = value {
            // A line too long for the pipeline would lose its row number
            // with the rest: the cell is cut to fit and read as a bad
            // puzzle (one that long is none).
            let room = MAX_LINE_LEN - (out.len() - start) - 2;
            // Quoting at most doubles a cell: only a long one is counted.
            if value.len() > room / 2 {
                let quotes = value.iter().filter(|&&b| b == b'"').count();
                if value.len() + quotes > room {
                    value = &value[..room / 2];
                }
            }
            if value
                .iter()
                .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
            {
                out.push(b'"');
                for &byte in value {
                    if byte == b'"' {
                        out.push(b'"');
                    }
                    out.push(byte);
                }
                out.push(b'"');
            } else {
                out.extend_from_slice(value);
            }
        }
        out.push(b'\n');
    };
    match array.data_type() {
        DataType::Utf8 => array
            .as_string::<i32>()
            .iter()
            .enumerate()
            .for_each(|(i, v)| each(i, v.map(str::as_bytes))),
        DataType::LargeUtf8 => array
            .as_string::<i64>()
            .iter()
            .enumerate()
            .for_each(|(i, v)| each(i, v.map(str::as_bytes))),
        DataType::Utf8View => array
            .as_string_view()
            .iter()
            .enumerate()
            .for_each(|(i, v)| each(i, v.map(str::as_bytes))),
        DataType::Binary => array
            .as_binary::<i32>()
            .iter()
            .enumerate()
            .for_each(|(i, v)| each(i, v)),
        DataType::LargeBinary => array
            .as_binary::<i64>()
            .iter()
            .enumerate()
            .for_each(|(i, v)| each(i, v)),
        DataType::BinaryView => array
            .as_binary_view()
            .iter()
            .enumerate()
            .for_each(|(i, v)| each(i, v)),
        other => {
            return Err(ArrowError::CastError(format!("{other} is not text")));
        }
    }
    Ok(())
}

/// The inputs [`feed`] made, by name, with their puzzle column's label:
/// messages about their rows name the row and the column, not the line of
/// the text they were fed as.
static FED: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// The label of the puzzle column of the fed input named `input`, if it is one.
pub fn fed_column(input: &str) -> Option<String> {
    let fed = FED.lock().unwrap_or_else(|e| e.into_inner());
    fed.iter()
        .find(|(name, _)| name == input)
        .map(|(_, label)| label.clone())
}

/// The pipeline's inputs for `tables`: each its puzzle column as a table of
/// text, `row,puzzle`, written by one reader thread in order. With `batches`,
/// each record batch is sent there before its rows' text.
pub fn feed(
    tables: Vec<Table>,
    batches: Option<Sender<RecordBatch>>,
) -> anyhow::Result<Vec<Input>> {
    let mut inputs = Vec::new();
    let mut feeds = Vec::new();
    for table in tables {
        let (reader, writer) = io::pipe().context("cannot make a pipe")?;
        let error = Arc::new(Mutex::new(None));
        let read = FedReader {
            pipe: reader,
            error: Arc::clone(&error),
        };
        inputs.push(
            Input::from_reader(table.name.clone(), Box::new(read)).with_column(Column::Number(2)),
        );
        FED.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((table.name.clone(), table.label.clone()));
        feeds.push((table, writer, error));
    }
    std::thread::Builder::new()
        .name("sudokuflow-columnar".to_string())
        .spawn(move || feed_all(feeds, batches.as_ref()))
        .context("cannot start the reader thread")?;
    Ok(inputs)
}

/// A table, the pipe its text goes into, and where its reader finds the
/// error that cut it short.
type Feed = (Table, io::PipeWriter, Arc<Mutex<Option<String>>>);

/// Feeds the tables in order, until one fails.
fn feed_all(feeds: Vec<Feed>, batches: Option<&Sender<RecordBatch>>) {
    // Rows are numbered on through the tables, as their batches are sent:
    // a row's number finds its batch whichever table it is in.
    let mut row = 1;
    for (table, writer, error) in feeds {
        let mut pipe = BufWriter::with_capacity(128 * 1024, writer);
        if let Err(message) = feed_one(table, &mut pipe, batches, &mut row) {
            // The message goes first: closing the pipe ends the input, and
            // its reader must then see the error, not the clean end of a
            // table cut short.
            *error.lock().unwrap_or_else(|e| e.into_inner()) = message;
            drop(pipe);
            return;
        }
    }
}

/// Writes one table's rows into `pipe` (left open: the caller closes it),
/// numbered from `row` on; `Err` with the message for its reader (`None`
/// when the pipeline stopped reading: nothing to say).
fn feed_one(
    mut table: Table,
    pipe: &mut BufWriter<io::PipeWriter>,
    batches: Option<&Sender<RecordBatch>>,
    row: &mut u64,
) -> Result<(), Option<String>> {
    pipe.write_all(b"row,puzzle\n").map_err(|_| None)?;
    let mut text = Vec::new();
    loop {
        let next = catch_unwind(AssertUnwindSafe(|| table.batches.next()));
        let batch = match next {
            Ok(None) => break,
            Ok(Some(Ok(batch))) => batch,
            Ok(Some(Err(e))) => {
                return Err(Some(format!(
                    "the file is damaged: {}",
                    printable(e.to_string().as_bytes())
                )));
            }
            Err(_) => return Err(Some("the file is damaged".to_string())),
        };
        if let Some(batches) = batches {
            batches.send(batch.clone()).map_err(|_| None)?;
        }
        text.clear();
        write_rows(&batch, table.column, *row, &mut text).map_err(|e| {
            Some(format!(
                "cannot read its puzzles: {}",
                printable(e.to_string().as_bytes())
            ))
        })?;
        *row += batch.num_rows() as u64;
        pipe.write_all(&text).map_err(|_| None)?;
    }
    pipe.flush().map_err(|_| None)
}

/// The `row` field of a fed table's row text (`row,puzzle`), and the rest.
pub fn fed_row(text: &[u8]) -> Option<(u64, &[u8])> {
    let end = text.iter().position(|&b| b == b',')?;
    let row = std::str::from_utf8(&text[..end]).ok()?.parse().ok()?;
    Some((row, &text[end + 1..]))
}

/// The pipe a table's text comes through: its end is an error if the
/// reader thread failed.
struct FedReader {
    pipe: io::PipeReader,
    error: Arc<Mutex<Option<String>>>,
}

impl Read for FedReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.pipe.read(buf)?;
        if n == 0 && !buf.is_empty() {
            let error = self.error.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(message) = error {
                return Err(io::Error::other(message));
            }
        }
        Ok(n)
    }
}

/// How tables are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    Csv,
    Parquet,
    /// An Arrow IPC file (split's parts of an Arrow input).
    Arrow,
}

impl TableFormat {
    /// The table format of output to `output`: `csv` or `parquet` asked
    /// for, or an `output` file ending in `.parquet` when the layout is the
    /// default `line`.
    pub fn of(csv: bool, parquet: bool, line: bool, output: Option<&Path>) -> Option<TableFormat> {
        let parquet_file = output
            .and_then(Path::extension)
            .is_some_and(|e| e.eq_ignore_ascii_case("parquet"));
        if parquet || (line && parquet_file) {
            Some(TableFormat::Parquet)
        } else if csv {
            Some(TableFormat::Csv)
        } else {
            None
        }
    }
}

/// Writes record batches as CSV (a header row first), Parquet (row groups
/// of [`ROW_GROUP_ROWS`]) or an Arrow IPC file (batches of as many) to `out`.
pub struct TableWriter<W: Write> {
    out: W,
    schema: SchemaRef,
    sink: Sink,
    /// Batches not yet written (Parquet and Arrow), and their rows.
    pending: Vec<RecordBatch>,
    pending_rows: usize,
}

enum Sink {
    Csv,
    Parquet(Box<ArrowWriter<Vec<u8>>>),
    /// With the schema written, dictionaries as their values: a file holds
    /// one dictionary a column, and the input's batches may each have theirs.
    Arrow(Box<arrow_ipc::writer::FileWriter<Vec<u8>>>, SchemaRef),
}

/// The type of a column's values: a dictionary's values' type (a
/// dictionary's of a dictionary too), else the column's own.
fn values_type(data_type: &DataType) -> &DataType {
    match data_type {
        DataType::Dictionary(_, values) => values_type(values),
        other => other,
    }
}

impl<W: Write> TableWriter<W> {
    pub fn new(format: TableFormat, schema: SchemaRef, mut out: W) -> io::Result<TableWriter<W>> {
        let sink = match format {
            TableFormat::Csv => {
                let mut header = csv_writer(Vec::new());
                header
                    .write_record(schema.fields().iter().map(|f| f.name().as_bytes()))
                    .map_err(io::Error::other)?;
                out.write_all(&header.into_inner().map_err(io::Error::other)?)?;
                Sink::Csv
            }
            TableFormat::Parquet => {
                let properties = WriterProperties::builder()
                    .set_compression(Compression::ZSTD(ZstdLevel::default()))
                    .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
                    .build();
                let writer =
                    ArrowWriter::try_new(Vec::new(), Arc::clone(&schema), Some(properties))
                        .map_err(io::Error::other)?;
                Sink::Parquet(Box::new(writer))
            }
            TableFormat::Arrow => {
                let fields: Vec<Field> = schema
                    .fields()
                    .iter()
                    .map(|f| {
                        f.as_ref()
                            .clone()
                            .with_data_type(values_type(f.data_type()).clone())
                    })
                    .collect();
                let written =
                    Arc::new(Schema::new_with_metadata(fields, schema.metadata().clone()));
                let writer = arrow_ipc::writer::FileWriter::try_new(Vec::new(), &written)
                    .map_err(io::Error::other)?;
                Sink::Arrow(Box::new(writer), written)
            }
        };
        Ok(TableWriter {
            out,
            schema,
            sink,
            pending: Vec::new(),
            pending_rows: 0,
        })
    }

    pub fn write(&mut self, batch: RecordBatch) -> io::Result<()> {
        match &mut self.sink {
            Sink::Csv => {
                let mut text = csv_writer(Vec::new());
                let formatters = batch
                    .columns()
                    .iter()
                    .map(|column| {
                        arrow_cast::display::ArrayFormatter::try_new(
                            column.as_ref(),
                            &arrow_cast::display::FormatOptions::default(),
                        )
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(io::Error::other)?;
                let mut fields = Vec::with_capacity(formatters.len());
                for row in 0..batch.num_rows() {
                    fields.clear();
                    for (formatter, column) in formatters.iter().zip(batch.columns()) {
                        fields.push(if column.is_null(row) {
                            String::new()
                        } else {
                            formatter.value(row).to_string()
                        });
                    }
                    text.write_record(&fields).map_err(io::Error::other)?;
                }
                self.out
                    .write_all(&text.into_inner().map_err(io::Error::other)?)
            }
            Sink::Parquet(_) | Sink::Arrow(..) => {
                self.pending_rows += batch.num_rows();
                self.pending.push(batch);
                if self.pending_rows >= ROW_GROUP_ROWS {
                    self.write_groups(false)?;
                }
                Ok(())
            }
        }
    }

    /// Writes the pending rows' whole row groups or batches (and the rest,
    /// at the `end`).
    fn write_groups(&mut self, end: bool) -> io::Result<()> {
        if matches!(self.sink, Sink::Csv) {
            return Ok(());
        }
        let all = arrow_select::concat::concat_batches(&self.schema, self.pending.iter())
            .map_err(io::Error::other)?;
        self.pending.clear();
        let mut start = 0;
        while all.num_rows() - start >= ROW_GROUP_ROWS || (end && start < all.num_rows()) {
            let rows = ROW_GROUP_ROWS.min(all.num_rows() - start);
            let group = all.slice(start, rows);
            start += rows;
            let bytes = match &mut self.sink {
                Sink::Csv => unreachable!("CSV is written as it comes"),
                Sink::Parquet(writer) => {
                    writer.write(&group).map_err(io::Error::other)?;
                    writer.flush().map_err(io::Error::other)?;
                    std::mem::take(writer.inner_mut())
                }
                Sink::Arrow(writer, schema) => {
                    let columns = group
                        .columns()
                        .iter()
                        .zip(schema.fields())
                        .map(|(column, field)| arrow_cast::cast(column, field.data_type()))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(io::Error::other)?;
                    let group = RecordBatch::try_new(Arc::clone(schema), columns)
                        .map_err(io::Error::other)?;
                    writer.write(&group).map_err(io::Error::other)?;
                    std::mem::take(writer.get_mut())
                }
            };
            self.out.write_all(&bytes)?;
        }
        self.pending_rows = all.num_rows() - start;
        if self.pending_rows > 0 {
            self.pending.push(all.slice(start, self.pending_rows));
        }
        Ok(())
    }

    /// Writes what is left, and a Parquet or Arrow file's footer; gives
    /// back the output.
    pub fn finish(mut self) -> io::Result<W> {
        self.write_groups(true)?;
        match self.sink {
            Sink::Csv => {}
            Sink::Parquet(writer) => {
                let bytes = writer.into_inner().map_err(io::Error::other)?;
                self.out.write_all(&bytes)?;
            }
            Sink::Arrow(mut writer, _) => {
                writer.finish().map_err(io::Error::other)?;
                self.out.write_all(writer.get_mut())?;
            }
        }
        Ok(self.out)
    }
}

fn csv_writer(out: Vec<u8>) -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(out)
}

/// A columnar input's rows, for output that writes them back: its record
/// batches in order, its columns, and where its puzzles are.
pub struct InputRows {
    batches: Receiver<RecordBatch>,
    pub schema: SchemaRef,
    /// The puzzle column's position.
    pub puzzle: usize,
    /// The batch last looked up, and the number of its first row.
    front: Option<(u64, RecordBatch)>,
    /// The number of the first row of the next batch.
    next_row: u64,
}

impl InputRows {
    pub fn new(batches: Receiver<RecordBatch>, schema: SchemaRef, puzzle: usize) -> InputRows {
        InputRows {
            batches,
            schema,
            puzzle,
            front: None,
            next_row: 1,
        }
    }

    /// The batch that holds row `row` (numbered from 1 on through the run's
    /// tables, as the `row` field of their text), and the number of its
    /// first row. Rows are looked up in order: earlier batches are let go.
    pub fn batch_of(&mut self, row: u64) -> io::Result<(u64, &RecordBatch)> {
        loop {
            if let Some((first, batch)) = &self.front
                && row < first + batch.num_rows() as u64
            {
                if row < *first {
                    return Err(io::Error::other("the rows came out of order"));
                }
                break;
            }
            // A row is here only once its batch was sent: this never waits long.
            let batch = self
                .batches
                .recv()
                .map_err(|_| io::Error::other("a row past the input's end"))?;
            let first = self.next_row;
            self.next_row += batch.num_rows() as u64;
            self.front = Some((first, batch));
        }
        let (first, batch) = self.front.as_ref().expect("found");
        Ok((*first, batch))
    }

    /// Lets go of the batches before row `row`'s, whose rows are all written
    /// or left out; rows before the batch looked up last are passed already.
    pub fn pass(&mut self, row: u64) -> io::Result<()> {
        match &self.front {
            Some((first, batch)) if row < first + batch.num_rows() as u64 => Ok(()),
            _ => self.batch_of(row).map(drop),
        }
    }
}

/// How the answers' columns go into a columnar input's rows.
#[derive(Clone, Debug, Default)]
pub struct Rewrite {
    /// The pipeline's puzzle field replaces the input's puzzle (augment's
    /// variants); else the input's puzzle is kept as it was.
    pub puzzle: bool,
    /// An answer column named as one of the input's is written in its place
    /// (augment's and label's rows, as their CSV rows do); else it is added.
    pub in_place: bool,
    /// The column the answers' `solution` goes into (`--solution-column`),
    /// with `in_place`.
    pub solution: Option<Column>,
    /// Answer columns added as 64-bit integers (the others are strings).
    pub integers: &'static [&'static str],
}

/// Where an answer column goes in the rows written.
#[derive(Clone, Copy)]
enum Target {
    /// In place of the input's column at this position.
    Replace(usize),
    /// After the input's columns.
    Append,
}

/// Takes the pipeline's CSV rows and writes tables: with `rows`, a columnar
/// input's rows, each with the answers' columns (the pipeline's rows read
/// `row,puzzle,answers...`, `row` the input's row number from 1, so that a
/// row may give several rows, as augment's variants, or none, as a bad row
/// skipped); without, the pipeline's rows themselves, every field a string
/// column. [`Rewrite`] says which answer columns go in place of the
/// input's, cast to their types.
pub struct TableConsumer<W: Write> {
    rows: Option<InputRows>,
    rewrite: Rewrite,
    format: Option<TableFormat>,
    out: Option<W>,
    writer: Option<TableWriter<W>>,
    /// The answers' columns (or all, without input rows), from the header.
    names: Vec<String>,
    /// Where each of them goes.
    targets: Vec<Target>,
    /// The input row of each pending row (with input rows).
    row_numbers: Vec<u64>,
    /// The pipeline's puzzle field of each pending row (with `rewrite.puzzle`).
    puzzles: Vec<Option<String>>,
    /// Fields read of each answer column, not yet written.
    fields: Vec<Vec<Option<String>>>,
    /// Which rows with a `problem` are left out.
    bad_rows: BadRows,
    /// The input row last left out, whose batch may pass.
    left_out: Option<u64>,
}

/// What a [`TableConsumer`] does with a bad row.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BadRows {
    Kept,
    /// Left out, once the answers' header says which column has a `problem`.
    LeftOut,
    /// Left out when this answer column (`problem`) is not empty.
    LeftOutBy(usize),
}

impl<W: Write> TableConsumer<W> {
    pub fn new(
        format: TableFormat,
        rows: Option<InputRows>,
        rewrite: Rewrite,
        out: W,
    ) -> TableConsumer<W> {
        TableConsumer {
            rows,
            rewrite,
            format: Some(format),
            out: Some(out),
            writer: None,
            names: Vec::new(),
            targets: Vec::new(),
            row_numbers: Vec::new(),
            puzzles: Vec::new(),
            fields: Vec::new(),
            bad_rows: BadRows::Kept,
            left_out: None,
        }
    }

    /// Leaves out the rows with a `problem` (bad puzzles, named by the
    /// pipeline all the same). The pipeline must write them: only then do
    /// their input rows' batches pass, and memory stays flat.
    pub fn leaving_out_bad_rows(mut self) -> TableConsumer<W> {
        self.bad_rows = BadRows::LeftOut;
        self
    }

    /// The columns before the answers' in the pipeline's rows.
    fn skipped(&self) -> usize {
        if self.rows.is_some() { 2 } else { 0 }
    }

    fn start(&mut self, header: &csv::ByteRecord) -> io::Result<()> {
        let skipped = self.skipped();
        self.names = header
            .iter()
            .skip(skipped)
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .collect();
        self.fields = vec![Vec::new(); self.names.len()];
        if self.bad_rows == BadRows::LeftOut {
            self.bad_rows = match self.names.iter().position(|name| name == "problem") {
                Some(column) => BadRows::LeftOutBy(column),
                None => BadRows::Kept,
            };
        }
        let string = |name: &str| Field::new(name, DataType::Utf8, true);
        let schema = match &self.rows {
            Some(rows) => {
                let mut fields: Vec<Field> = rows
                    .schema
                    .fields()
                    .iter()
                    .map(|f| f.as_ref().clone())
                    .collect();
                for name in &self.names {
                    let named = match (&self.rewrite.solution, name.as_str()) {
                        (Some(column), "solution") => column.clone(),
                        _ => Column::Name(name.clone()),
                    };
                    let target = column_position(&rows.schema, &named)
                        .filter(|&i| self.rewrite.in_place && i != rows.puzzle)
                        .map_or(Target::Append, Target::Replace);
                    match target {
                        // A bad row has no value for it: nullable.
                        Target::Replace(i) => {
                            fields[i] = if can_cast_types(&DataType::Utf8, fields[i].data_type()) {
                                fields[i].clone().with_nullable(true)
                            } else {
                                string(fields[i].name())
                            };
                        }
                        Target::Append if self.rewrite.integers.contains(&name.as_str()) => {
                            fields.push(Field::new(name, DataType::Int64, true));
                        }
                        Target::Append => fields.push(string(name)),
                    }
                    self.targets.push(target);
                }
                if self.rewrite.puzzle {
                    let field = &mut fields[rows.puzzle];
                    *field = if can_cast_types(&DataType::Utf8, field.data_type()) {
                        field.clone().with_nullable(true)
                    } else {
                        string(field.name())
                    };
                }
                Schema::new_with_metadata(fields, rows.schema.metadata().clone())
            }
            None => Schema::new(self.names.iter().map(|n| string(n)).collect::<Vec<_>>()),
        };
        let (Some(format), Some(out)) = (self.format.take(), self.out.take()) else {
            return Ok(());
        };
        self.writer = Some(TableWriter::new(format, Arc::new(schema), out)?);
        Ok(())
    }

    /// Writes the rows whose answers are all here.
    fn write_ready(&mut self) -> io::Result<()> {
        let Some(writer) = self.writer.as_mut() else {
            return Ok(());
        };
        let Some(rows) = &mut self.rows else {
            let have = self.fields.first().map_or(0, Vec::len);
            if have > 0 {
                let columns = self
                    .fields
                    .iter_mut()
                    .map(|f| string_array(f, have))
                    .collect();
                let batch = RecordBatch::try_new(Arc::clone(&writer.schema), columns)
                    .map_err(io::Error::other)?;
                writer.write(batch)?;
            }
            return Ok(());
        };
        while let Some(&row) = self.row_numbers.first() {
            let (first, batch) = rows.batch_of(row)?;
            let after = first + batch.num_rows() as u64;
            let ready = self.row_numbers.partition_point(|&row| row < after);
            let indices: UInt32Array = self
                .row_numbers
                .drain(..ready)
                .map(|row| (row - first) as u32)
                .collect();
            let taken = take_record_batch(batch, &indices).map_err(io::Error::other)?;
            let mut columns = taken.columns().to_vec();
            let schema = Arc::clone(&writer.schema);
            if self.rewrite.puzzle {
                let puzzles = string_array(&mut self.puzzles, ready);
                columns[rows.puzzle] = cast_to(puzzles, schema.field(rows.puzzle).data_type())?;
            }
            for (target, fields) in self.targets.iter().zip(&mut self.fields) {
                let values = string_array(fields, ready);
                match *target {
                    Target::Replace(i) => {
                        columns[i] = cast_to(values, schema.field(i).data_type())?;
                    }
                    Target::Append => {
                        let i = columns.len();
                        columns.push(cast_to(values, schema.field(i).data_type())?);
                    }
                }
            }
            let batch = RecordBatch::try_new(schema, columns).map_err(io::Error::other)?;
            writer.write(batch)?;
        }
        if let Some(row) = self.left_out.take() {
            rows.pass(row)?;
        }
        Ok(())
    }

    /// Writes the rest and ends the table (an empty one, if no row came);
    /// gives back the output.
    pub fn finish(mut self) -> io::Result<W> {
        if self.writer.is_none() && self.rows.is_some() {
            // No header came: the table had no rows. Its columns still do.
            let header = csv::ByteRecord::new();
            self.start(&header)?;
        }
        self.write_ready()?;
        match (self.writer.take(), self.out.take()) {
            (Some(writer), _) => writer.finish(),
            (None, Some(out)) => Ok(out),
            (None, None) => unreachable!("the output is the writer's once it is made"),
        }
    }
}

/// CSV text in, a table of string columns out ([`TableConsumer`] without
/// input rows): for runs that write CSV text themselves, as `generate` does.
pub struct CsvToTable<W: Write> {
    consumer: TableConsumer<W>,
    /// Text after the last line end written.
    pending: Vec<u8>,
}

impl<W: Write> CsvToTable<W> {
    pub fn new(format: TableFormat, out: W) -> CsvToTable<W> {
        CsvToTable {
            consumer: TableConsumer::new(format, None, Rewrite::default(), out),
            pending: Vec::new(),
        }
    }

    /// Ends the table; gives back the output.
    pub fn finish(mut self) -> io::Result<W> {
        if !self.pending.is_empty() {
            self.pending.push(b'\n');
            self.consumer
                .consume(Text(std::mem::take(&mut self.pending)))?;
        }
        self.consumer.finish()
    }
}

impl<W: Write> Write for CsvToTable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(end) = memchr::memrchr(b'\n', &self.pending) {
            let rest = self.pending.split_off(end + 1);
            let lines = std::mem::replace(&mut self.pending, rest);
            self.consumer.consume(Text(lines))?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `values`, strings, as a column of `data_type` (a value that does not
/// convert is null).
fn cast_to(values: ArrayRef, data_type: &DataType) -> io::Result<ArrayRef> {
    if values.data_type() == data_type {
        return Ok(values);
    }
    arrow_cast::cast(&values, data_type).map_err(io::Error::other)
}

/// The first `rows` of `fields` as a string column (taken out of it).
fn string_array(fields: &mut Vec<Option<String>>, rows: usize) -> ArrayRef {
    Arc::new(fields.drain(..rows).collect::<StringArray>())
}

impl<W: Write> Consumer for TableConsumer<W> {
    type Batch = Text;

    fn consume(&mut self, batch: Text) -> io::Result<()> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .terminator(csv::Terminator::Any(b'\n'))
            .from_reader(batch.0.as_slice());
        let mut record = csv::ByteRecord::new();
        while reader
            .read_byte_record(&mut record)
            .map_err(io::Error::other)?
        {
            if self.writer.is_none() && self.out.is_some() {
                self.start(&record)?;
                continue;
            }
            let text = |field: &[u8]| String::from_utf8_lossy(field).into_owned();
            let columns = self.fields.len();
            let skipped = self.skipped().min(record.len());
            // A marker's row may have other fields: the answers are the last.
            let first = record.len().saturating_sub(columns).max(skipped);
            let left_out = match self.bad_rows {
                BadRows::LeftOutBy(i) => record.get(first + i).is_some_and(|f| !f.is_empty()),
                _ => false,
            };
            if self.rows.is_some() {
                let row = std::str::from_utf8(&record[0])
                    .ok()
                    .and_then(|row| row.parse().ok())
                    .ok_or_else(|| io::Error::other("a row without its row number"))?;
                if left_out {
                    self.left_out = Some(row);
                    continue;
                }
                self.row_numbers.push(row);
                if self.rewrite.puzzle {
                    self.puzzles.push(record.get(1).map(text));
                }
            } else if left_out {
                continue;
            }
            for (i, column) in self.fields.iter_mut().enumerate() {
                let field = record.get(first + i).filter(|f| !f.is_empty());
                column.push(field.map(text));
            }
        }
        self.write_ready()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of one column `puzzle`: a batch of two rows, then an error.
    fn failing_table() -> Table {
        let schema = Arc::new(Schema::new(vec![Field::new(
            "puzzle",
            DataType::Utf8,
            true,
        )]));
        let rows: ArrayRef = Arc::new(StringArray::from(vec!["1", "2"]));
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![rows]).unwrap();
        let batches = vec![
            Ok(batch),
            Err(ArrowError::ParseError("a damaged page".into())),
        ];
        Table {
            name: "t.parquet".into(),
            schema,
            label: "column 'puzzle'".into(),
            column: 0,
            batches: Box::new(batches.into_iter()),
        }
    }

    /// A table cut short by a damaged page ends its pipe with the error,
    /// never with a clean end: the error is there before the pipe closes.
    #[test]
    fn a_table_cut_short_ends_with_its_error() {
        // Many times, as a wrong order showed only when the reader won a race.
        for _ in 0..200 {
            let (reader, writer) = io::pipe().unwrap();
            let error = Arc::new(Mutex::new(None));
            let mut fed = FedReader {
                pipe: reader,
                error: Arc::clone(&error),
            };
            let feeder = std::thread::spawn(move || {
                feed_all(vec![(failing_table(), writer, error)], None);
            });
            let mut text = Vec::new();
            let read = fed.read_to_end(&mut text);
            feeder.join().unwrap();
            assert_eq!(text, b"row,puzzle\n1,1\n2,2\n");
            let message = read.unwrap_err().to_string();
            assert!(message.starts_with("the file is damaged: "), "{message}");
        }
    }

    /// Rows left out still let their input batches go, or a run of bad rows
    /// would hold the whole input in memory.
    #[test]
    fn rows_left_out_let_their_batches_go() {
        let schema = Arc::new(Schema::new(vec![Field::new(
            "puzzle",
            DataType::Utf8,
            true,
        )]));
        let (sender, receiver) = std::sync::mpsc::channel();
        for pair in [["a", "b"], ["c", "d"], ["e", "f"]] {
            let rows: ArrayRef = Arc::new(StringArray::from(pair.to_vec()));
            let batch = RecordBatch::try_new(Arc::clone(&schema), vec![rows]).unwrap();
            sender.send(batch).unwrap();
        }
        let rows = InputRows::new(receiver, schema, 0);
        let mut consumer =
            TableConsumer::new(TableFormat::Csv, Some(rows), Rewrite::default(), Vec::new())
                .leaving_out_bad_rows();
        let text = "row,puzzle,solution,problem\n1,a,,!bad-length\n2,b,,!bad-length\n\
                    3,c,,!bad-length\n4,d,,!bad-length\n5,e,,!bad-length\n";
        consumer.consume(Text(text.as_bytes().to_vec())).unwrap();
        let front = consumer
            .rows
            .as_ref()
            .unwrap()
            .front
            .as_ref()
            .map(|(first, _)| *first);
        assert_eq!(front, Some(5));
        let out = consumer.finish().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "puzzle,solution,problem\n");
    }
}
