//! Tables: CSV and TSV inputs whose puzzles are in one column (`--column`),
//! under a header row, quoted as RFC 4180 says (read through the `csv`
//! crate), and rows written back with answers added (`--format csv`).
//!
//! A table is cut into jobs at record boundaries, not line ends, since a
//! quoted field may hold a newline. A chunk without a quote (most data sets)
//! ends at a record as it is, and its rows are split with `memchr` alone;
//! other chunks are scanned with the parser the `csv` crate is built on and a
//! partial record at their end is carried over. A record longer than 64 KiB
//! (an unclosed quote, say) is a bad row, skipped up to the end of the line
//! its 64 KiB end in, so that memory stays bounded and a mapped file and a
//! stream are read alike.

use std::fmt;
use std::sync::Arc;

use crate::format::{MAX_LINE_LEN, Problem, printable};
use crate::grid::Grid;
use crate::input::Chunk;

/// Which column of a table holds the puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// The column with this name in the header (surrounding spaces ignored;
    /// letter case too, when no name matches exactly).
    Name(String),
    /// The column at this position, from 1.
    Number(usize),
}

impl Column {
    /// A position for a whole number from 1, else a name.
    pub fn parse(text: &str) -> Column {
        match text.trim().parse::<usize>() {
            Ok(number) if number > 0 => Column::Number(number),
            _ => Column::Name(text.to_string()),
        }
    }

    /// The column as messages name it: `column 'puzzle'`, `column 2`.
    pub(crate) fn label(&self) -> String {
        format!("column {self}")
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Column::Name(name) => write!(f, "'{}'", printable(name.as_bytes())),
            Column::Number(number) => write!(f, "{number}"),
        }
    }
}

/// A table's layout, from its header row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// The field delimiter: `,`, tab, `;` or `|`.
    pub delimiter: u8,
    /// The puzzles' column, from 0.
    pub column: usize,
    /// Fields in the header, and so in every row.
    pub fields: usize,
    /// The header row as read, without its line end.
    pub header: Vec<u8>,
    /// The header's names, trimmed.
    pub names: Vec<Vec<u8>>,
}

/// The index of `column` among a header's `names`: by position, or by name
/// (letter case ignored when no name matches exactly; the first if several do).
pub(crate) fn find_column(names: &[Vec<u8>], column: &Column) -> Option<usize> {
    match column {
        Column::Number(number) => (1..=names.len()).contains(number).then(|| number - 1),
        Column::Name(name) => {
            let name = name.trim().as_bytes();
            names
                .iter()
                .position(|n| n == name)
                .or_else(|| names.iter().position(|n| n.eq_ignore_ascii_case(name)))
        }
    }
}

/// The delimiter of a table whose first line is `line`: the most frequent of
/// `,`, tab, `;` and `|` outside quotes, a comma when none is there.
pub(crate) fn detect_delimiter(line: &[u8]) -> u8 {
    const CANDIDATES: [u8; 4] = [b',', b'\t', b';', b'|'];
    let mut counts = [0usize; 4];
    let mut quoted = false;
    for &byte in line {
        if byte == b'"' {
            quoted = !quoted;
        } else if let Some(i) = CANDIDATES
            .iter()
            .position(|&c| c == byte)
            .filter(|_| !quoted)
        {
            counts[i] += 1;
        }
    }
    // The first of the most frequent: a comma on ties.
    let best = (0..4)
        .rev()
        .max_by_key(|&i| counts[i])
        .expect("four candidates");
    CANDIDATES[best]
}

/// One data row of a table.
pub(crate) struct Row<'a> {
    /// The line it starts on, from 1.
    pub line: u64,
    /// The row as read, without its line end.
    pub raw: &'a [u8],
    /// The puzzle column's field, or why the row has none.
    pub puzzle: Result<&'a [u8], Problem>,
}

impl Row<'_> {
    /// The row's puzzle, or why it has none.
    pub fn grid(&self) -> Result<Grid, Problem> {
        self.puzzle
            .and_then(|field| Grid::parse_line(field).map_err(Problem::from))
    }
}

/// What [`TableReader`] makes of a table, in input order.
pub(crate) enum TablePiece {
    /// The header row, just read.
    Header(Arc<Layout>),
    /// Data rows: whole records, `quoted` if a quote is among them.
    Rows {
        chunk: Chunk,
        quoted: bool,
        layout: Arc<Layout>,
    },
    /// A record longer than 64 KiB from this line (a bad row), standing for
    /// these input bytes.
    TooLong { line: u64, input_bytes: u64 },
    /// Blank lines before the header, standing for these input bytes.
    Skipped { input_bytes: u64 },
}

/// Reads a table input chunk by chunk: cut into whole records, the header
/// read first and the puzzle column found in it. The one reading of tables,
/// for the pipeline (which answers the rows on workers) and the puzzle
/// reader (which hands them out one by one).
pub(crate) struct TableReader {
    column: Column,
    /// The cutter, and the delimiter found in the first line.
    cutter: Option<(Cutter, u8)>,
    layout: Option<Arc<Layout>>,
}

impl TableReader {
    pub fn new(column: Column) -> TableReader {
        TableReader {
            column,
            cutter: None,
            layout: None,
        }
    }

    /// Reads the input's next chunk (whole lines), adding the pieces it
    /// completes to `pieces`; `Err` says why the table can't be read (a
    /// header without the column, or too long).
    pub fn feed(&mut self, chunk: Chunk, pieces: &mut Vec<TablePiece>) -> Result<(), String> {
        let (cutter, delimiter) = self.cutter.get_or_insert_with(|| {
            let first_line = chunk
                .lines()
                .map(|(_, line)| line)
                .find(|line| !line.trim_ascii().is_empty());
            let delimiter = detect_delimiter(first_line.unwrap_or_default());
            (Cutter::new(delimiter), delimiter)
        });
        let delimiter = *delimiter;
        let mut cut = Vec::new();
        cutter.feed(chunk, &mut cut);
        cut.into_iter()
            .try_for_each(|piece| self.piece(piece, delimiter, pieces))
    }

    /// Ends the input: a record still open ends with it, and a table
    /// without a header is an error.
    pub fn finish(&mut self, pieces: &mut Vec<TablePiece>) -> Result<(), String> {
        let mut cut = Vec::new();
        let delimiter = match &mut self.cutter {
            Some((cutter, delimiter)) => {
                cutter.finish(&mut cut);
                *delimiter
            }
            None => b',',
        };
        cut.into_iter()
            .try_for_each(|piece| self.piece(piece, delimiter, pieces))?;
        if self.layout.is_none() {
            return Err(format!(
                "no header row to find {} in: the input is empty",
                self.column.label()
            ));
        }
        Ok(())
    }

    /// One piece of records; the first row found is the header.
    fn piece(
        &mut self,
        piece: Piece,
        delimiter: u8,
        pieces: &mut Vec<TablePiece>,
    ) -> Result<(), String> {
        let (mut chunk, quoted) = match piece {
            Piece::Records { chunk, quoted } => (chunk, quoted),
            Piece::TooLong { line, input_bytes } => {
                if self.layout.is_none() {
                    return Err(format!("line {line}: the header row is longer than 64 KiB"));
                }
                pieces.push(TablePiece::TooLong { line, input_bytes });
                return Ok(());
            }
        };
        if self.layout.is_none()
            && let Some((found, header_len)) = read_header(&chunk, delimiter, &self.column)?
        {
            let rest = chunk.split_off(header_len);
            let header_bytes = chunk.input_bytes;
            chunk = rest;
            chunk.input_bytes += header_bytes;
            let layout = Arc::new(found);
            self.layout = Some(Arc::clone(&layout));
            pieces.push(TablePiece::Header(layout));
        }
        pieces.push(match &self.layout {
            Some(layout) => TablePiece::Rows {
                chunk,
                quoted,
                layout: Arc::clone(layout),
            },
            None => TablePiece::Skipped {
                input_bytes: chunk.input_bytes,
            },
        });
        Ok(())
    }
}

/// Calls `each` with the rows of `chunk` (whole records, `quoted` if it holds
/// a quote), in order, until it returns false. Blank rows are skipped.
pub(crate) fn for_each_row(
    chunk: &Chunk,
    quoted: bool,
    delimiter: u8,
    column: usize,
    fields: usize,
    mut each: impl FnMut(Row<'_>) -> bool,
) {
    let bytes = chunk.data.bytes();
    if !quoted {
        // No quote: a record is a line and a field what lies between delimiters.
        for (line, text) in chunk.lines() {
            let row = unquoted_row(line, text, delimiter, column, fields);
            if let Some(row) = row
                && !each(row)
            {
                return;
            }
        }
        return;
    }
    let mut reader = reader(delimiter).from_reader(bytes);
    let mut record = csv::ByteRecord::new();
    loop {
        let start = reader.position().clone();
        match reader.read_byte_record(&mut record) {
            Ok(true) => {}
            // Reading a slice fails only on bad UTF-8, which byte records allow.
            Ok(false) | Err(_) => return,
        }
        let end = reader.position().byte() as usize;
        let mut raw = &bytes[start.byte() as usize..end];
        // The parser skips empty lines before a record.
        let blank_lines = raw.iter().take_while(|&&b| b == b'\n').count();
        raw = without_line_end(&raw[blank_lines..]);
        let line = chunk.first_line + start.line() - 1 + blank_lines as u64;
        let puzzle = if raw.len() > MAX_LINE_LEN {
            Err(Problem::LineTooLong)
        } else if record.len() == 1 && record[0].trim_ascii().is_empty() {
            continue;
        } else if record.len() != fields {
            Err(Problem::RaggedRow {
                expected: fields,
                found: record.len(),
            })
        } else {
            Ok(&record[column])
        };
        if !each(Row { line, raw, puzzle }) {
            return;
        }
    }
}

/// A line of a table without quotes as a row; `None` for a blank one.
fn unquoted_row(
    line: u64,
    text: &[u8],
    delimiter: u8,
    column: usize,
    fields: usize,
) -> Option<Row<'_>> {
    let raw = without_line_end(text);
    if raw.len() > MAX_LINE_LEN {
        return Some(Row {
            line,
            raw,
            puzzle: Err(Problem::LineTooLong),
        });
    }
    let mut found = None;
    let mut count = 0;
    let mut start = 0;
    for end in memchr::memchr_iter(delimiter, raw).chain([raw.len()]) {
        if count == column {
            found = Some(&raw[start..end]);
        }
        count += 1;
        start = end + 1;
    }
    if count == 1 && raw.trim_ascii().is_empty() {
        return None;
    }
    let puzzle = match found {
        Some(field) if count == fields => Ok(field),
        _ => Err(Problem::RaggedRow {
            expected: fields,
            found: count,
        }),
    };
    Some(Row { line, raw, puzzle })
}

/// `text` without a trailing `\n` or `\r\n`.
fn without_line_end(text: &[u8]) -> &[u8] {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    text.strip_suffix(b"\r").unwrap_or(text)
}

/// The parser of every table: RFC 4180 quoting, records ended by `\n` (a
/// `\r` before it is trimmed with the field), rows of any length (checked
/// against the header by the caller).
fn reader(delimiter: u8) -> csv::ReaderBuilder {
    let mut builder = csv::ReaderBuilder::new();
    builder
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .terminator(csv::Terminator::Any(b'\n'));
    builder
}

/// Reads the header, the first row of `chunk` (whole records), and finds
/// `column` in it: the layout and the length of the header's bytes, `None`
/// if the chunk has no row, or the message for a header without the column,
/// with two columns of its name, or with a puzzle in its place.
fn read_header(
    chunk: &Chunk,
    delimiter: u8,
    column: &Column,
) -> Result<Option<(Layout, usize)>, String> {
    let bytes = chunk.data.bytes();
    let mut reader = reader(delimiter).from_reader(bytes);
    let mut record = csv::ByteRecord::new();
    let (start, end) = loop {
        let start = reader.position().clone();
        match reader.read_byte_record(&mut record) {
            Ok(true) => {}
            Ok(false) | Err(_) => return Ok(None),
        }
        if record.len() == 1 && record[0].trim_ascii().is_empty() {
            continue;
        }
        break (start, reader.position().byte() as usize);
    };
    let raw = &bytes[start.byte() as usize..end];
    let blank_lines = raw.iter().take_while(|&&b| b == b'\n').count();
    let line = chunk.first_line + start.line() - 1 + blank_lines as u64;
    let raw = without_line_end(&raw[blank_lines..]);
    if raw.len() > MAX_LINE_LEN {
        return Err(format!(
            "line {line}: the header row is longer than {MAX_LINE_LEN} bytes"
        ));
    }
    // A byte order mark before the first name is no part of it.
    let names: Vec<&[u8]> = record
        .iter()
        .enumerate()
        .map(|(i, name)| match (i, name.strip_prefix(b"\xef\xbb\xbf")) {
            (0, Some(rest)) => rest.trim_ascii(),
            _ => name.trim_ascii(),
        })
        .collect();
    let listed = |columns: &[usize]| {
        columns
            .iter()
            .map(|&i| format!("{} '{}'", i + 1, printable(names[i])))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let index = match column {
        Column::Number(0) => return Err("there is no column 0: columns count from 1".to_string()),
        Column::Number(number) => (*number <= names.len()).then(|| number - 1),
        Column::Name(name) => {
            let name = name.trim().as_bytes();
            let mut found: Vec<usize> = (0..names.len()).filter(|&i| names[i] == name).collect();
            if found.is_empty() {
                found = (0..names.len())
                    .filter(|&i| names[i].eq_ignore_ascii_case(name))
                    .collect();
            }
            match found[..] {
                [] => None,
                [index] => Some(index),
                _ => {
                    return Err(format!(
                        "line {line}: --column {column} names more than one column: {}; \
                         give --column the number of the one to read",
                        listed(&found)
                    ));
                }
            }
        }
    };
    let Some(index) = index else {
        let what = match column {
            Column::Name(_) => format!("no column named {column}"),
            Column::Number(number) => format!("no column {number}"),
        };
        let delimiter = match delimiter {
            b'\t' => "tab".to_string(),
            other => format!("'{}'", other as char),
        };
        return Err(format!(
            "line {line}: {what} in the header; its columns (split at {delimiter}) are {}; \
             give --column a name or number from these",
            listed(&(0..names.len()).collect::<Vec<_>>())
        ));
    };
    // A puzzle where a name should be: plain puzzles read with --column,
    // whose first would be taken for the header and never answered.
    if Grid::parse_line(names[index]).is_ok() {
        return Err(format!(
            "line {line}: column {} of the header row is a puzzle, not a name: --column reads \
             tables with a header row; add one, or leave out --column to read a puzzle a line",
            index + 1
        ));
    }
    let layout = Layout {
        delimiter,
        column: index,
        fields: names.len(),
        header: raw.to_vec(),
        names: names.iter().map(|name| name.to_vec()).collect(),
    };
    Ok(Some((layout, end)))
}

/// What [`Cutter`] makes of an input: runs of whole records, and records
/// too long to read.
pub(crate) enum Piece {
    /// Whole records; `quoted` when a quote is among them (the rows are then
    /// read with the `csv` crate, and the chunk is not cut at line ends).
    Records { chunk: Chunk, quoted: bool },
    /// A record longer than 64 KiB from this line, standing for these bytes.
    TooLong { line: u64, input_bytes: u64 },
}

/// Cuts an input's chunks (whole lines) into [`Piece`]s of whole records.
pub(crate) struct Cutter {
    parser: csv_core::Reader,
    /// The start of a record that goes on in the next chunk.
    pending: Option<Chunk>,
    output: Vec<u8>,
    ends: Vec<usize>,
}

/// Where the scan of a chunk stopped.
enum Scan {
    /// Every record in it is whole.
    Whole,
    /// The record from this offset goes on past the end.
    Partial(usize),
    /// The record from `start` is too long; it is skipped up to `end`.
    TooLong { start: usize, end: usize },
}

impl Cutter {
    pub fn new(delimiter: u8) -> Cutter {
        Cutter {
            parser: csv_core::ReaderBuilder::new()
                .delimiter(delimiter)
                .terminator(csv_core::Terminator::Any(b'\n'))
                .build(),
            pending: None,
            output: vec![0; 4096],
            ends: vec![0; 64],
        }
    }

    /// Cuts the input's next chunk, adding the pieces it completes to `pieces`.
    pub fn feed(&mut self, chunk: Chunk, pieces: &mut Vec<Piece>) {
        let mut chunk = match self.pending.take() {
            Some(pending) => pending.join(chunk),
            None => chunk,
        };
        loop {
            if memchr::memchr(b'"', chunk.data.bytes()).is_none() {
                pieces.push(Piece::Records {
                    chunk,
                    quoted: false,
                });
                return;
            }
            match self.scan(chunk.data.bytes()) {
                Scan::Whole => {
                    pieces.push(Piece::Records {
                        chunk,
                        quoted: true,
                    });
                    return;
                }
                Scan::Partial(start) => {
                    let rest = chunk.split_off(start);
                    self.pending = Some(push_records(chunk, rest, pieces));
                    return;
                }
                Scan::TooLong { start, end } => {
                    let rest = chunk.split_off(end);
                    let long = chunk.split_off(start);
                    let mut long = push_records(chunk, long, pieces);
                    let blank_lines = long.data.bytes().iter().take_while(|&&b| b == b'\n');
                    pieces.push(Piece::TooLong {
                        line: long.first_line + blank_lines.count() as u64,
                        input_bytes: std::mem::take(&mut long.input_bytes),
                    });
                    chunk = rest;
                    if chunk.data.bytes().is_empty() {
                        if chunk.input_bytes > 0 {
                            pieces.push(Piece::Records {
                                chunk,
                                quoted: false,
                            });
                        }
                        return;
                    }
                }
            }
        }
    }

    /// Ends the input: a record still open (a quote never closed, within
    /// 64 KiB of the end) ends with it.
    pub fn finish(&mut self, pieces: &mut Vec<Piece>) {
        if let Some(chunk) = self.pending.take() {
            pieces.push(Piece::Records {
                chunk,
                quoted: true,
            });
        }
    }

    /// Finds where the whole records of `bytes` end.
    fn scan(&mut self, bytes: &[u8]) -> Scan {
        use csv_core::ReadRecordResult;
        self.parser.reset();
        let mut pos = 0;
        loop {
            let start = pos + bytes[pos..].iter().take_while(|&&b| b == b'\n').count();
            if start == bytes.len() {
                return Scan::Whole;
            }
            let limit = bytes.len().min(start + MAX_LINE_LEN + 1);
            let mut at = start;
            loop {
                if at == limit {
                    if limit == start + MAX_LINE_LEN + 1 {
                        // Too long: skipped to the end of the line it reaches.
                        let end = memchr::memchr(b'\n', &bytes[limit - 1..])
                            .map_or(bytes.len(), |i| limit + i);
                        self.parser.reset();
                        return Scan::TooLong { start: pos, end };
                    }
                    return Scan::Partial(pos);
                }
                let (result, read, _, _) =
                    self.parser
                        .read_record(&bytes[at..limit], &mut self.output, &mut self.ends);
                at += read;
                match result {
                    ReadRecordResult::Record => break,
                    // Field bytes are not kept: the buffers are scratch.
                    ReadRecordResult::InputEmpty
                    | ReadRecordResult::OutputFull
                    | ReadRecordResult::OutputEndsFull => {}
                    ReadRecordResult::End => return Scan::Whole,
                }
            }
            pos = at;
        }
    }
}

/// Pushes `head` (whole records) as a piece unless it is empty, and returns
/// `rest` counting the input bytes an empty head stood for.
fn push_records(head: Chunk, mut rest: Chunk, pieces: &mut Vec<Piece>) -> Chunk {
    if head.data.bytes().is_empty() {
        rest.input_bytes += head.input_bytes;
    } else {
        pieces.push(Piece::Records {
            chunk: head,
            quoted: true,
        });
    }
    rest
}

/// Appends `field` as a CSV field: as it is, or quoted (quotes doubled)
/// when it holds the delimiter, a quote or a line end.
pub(crate) fn write_field(field: &[u8], delimiter: u8, out: &mut Vec<u8>) {
    let mut writer = csv_core::WriterBuilder::new().delimiter(delimiter).build();
    let start = out.len();
    out.resize(start + 2 * field.len() + 2, 0);
    let (_, _, written) = writer.field(field, &mut out[start..]);
    let (_, closed) = writer.finish(&mut out[start + written..]);
    out.truncate(start + written + closed);
}
