//! Reading inputs (files and standard input) as a sequence of chunks of
//! whole lines, with memory bounded whatever the input holds.
//!
//! A non-empty regular file opened with [`Input::map_file`] (the caller's
//! choice, see its safety contract) is memory-mapped and cut into slices of
//! the map, so reading costs no copy. Anything else (a file opened with
//! [`Input::open`], a pipe, a terminal, an empty or `/proc` file) is read in
//! bounded pieces, cut after the last newline, with
//! the partial line carried over. A line longer than 64 KiB is cut
//! short and the rest skipped up to its newline; the pipeline reports it as too
//! long either way, so both ways of reading give the same output.
//!
//! A gzip or zstd input (a file or a stream starting with their magic
//! numbers) is decompressed as it is read, as a stream.

use std::fs::File;
use std::io::{self, Read, Seek};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use memmap2::Mmap;

use crate::format::{MAX_LINE_LEN, printable};
use crate::stream::compressed::{Compression, Sniffed};

/// Bytes per chunk of a mapped input: enough puzzles (about 1,600 lines) to
/// amortize the per-chunk cost, few enough to keep progress and latency smooth.
pub(crate) const CHUNK_LEN: usize = 128 * 1024;

/// Bytes asked for per read of a stream. A pipe holds 64 KiB by default, so a
/// busy pipe fills a chunk in one read.
const READ_LEN: usize = 128 * 1024;

pub use crate::stream::table::Column;

/// One input: its name for messages, where its bytes come from, and for a
/// table (CSV or TSV) the column its puzzles are in.
pub struct Input {
    name: String,
    source: Source,
    column: Option<Column>,
    solution_column: Option<Column>,
}

enum Source {
    Mapped { map: Arc<Mmap>, start: usize },
    Stream(Box<dyn Read + Send>),
}

impl Input {
    /// Opens the file at `path` to be read as a stream (decompressed if it
    /// is gzip or zstd), named as given in messages. [`Input::map_file`]
    /// reads a large file faster.
    ///
    /// # Errors
    /// When the file cannot be opened or is a directory.
    pub fn open(path: &Path) -> io::Result<Input> {
        let file = File::open(path)?;
        if file.metadata()?.is_dir() {
            return Err(io::ErrorKind::IsADirectory.into());
        }
        Ok(Input::from_reader(name_of(path), Box::new(file)))
    }

    /// Maps the file at `path` into memory and reads it from there, named as
    /// given in messages: no copy, and pages are released as they are
    /// answered. A file that is empty, compressed, not a regular file or
    /// that cannot be mapped is read as [`Input::open`] reads it.
    ///
    /// # Safety
    /// The file must not be truncated or written to while this input is
    /// read. If another process truncates it, reading past its new end raises
    /// SIGBUS, which ends the process unless the caller handles that signal
    /// (the `sudokuflow` program does: temporary outputs removed, a message,
    /// status 2).
    ///
    /// # Errors
    /// When the file cannot be opened, is a directory, or its size cannot
    /// be had.
    pub unsafe fn map_file(path: &Path) -> io::Result<Input> {
        let file = File::open(path)?;
        // SAFETY: the caller's promise.
        unsafe { Input::map(name_of(path), file) }
    }

    /// Standard input as a stream, named `<stdin>` in messages.
    pub fn stdin() -> Input {
        Input::from_reader("<stdin>".to_string(), Box::new(io::stdin()))
    }

    /// Standard input, named `<stdin>` in messages, mapped from its current
    /// position as [`Input::map_file`] maps a file when it is redirected from
    /// a regular file, else read as a stream.
    ///
    /// # Safety
    /// As for [`Input::map_file`], of the file standard input is redirected
    /// from.
    ///
    /// # Errors
    /// When standard input is a file whose size cannot be had.
    pub unsafe fn map_stdin() -> io::Result<Input> {
        let name = "<stdin>".to_string();
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let file = File::from(io::stdin().as_fd().try_clone_to_owned()?);
            // SAFETY: the caller's promise.
            unsafe { Input::map(name, file) }
        }
        #[cfg(not(unix))]
        Ok(Input::from_reader(name, Box::new(io::stdin())))
    }

    /// An input read from `reader` as a stream, decompressed if it is gzip
    /// or zstd.
    pub fn from_reader(name: String, reader: Box<dyn Read + Send>) -> Input {
        Input {
            name,
            source: Source::Stream(Box::new(Sniffed::new(reader))),
            column: None,
            solution_column: None,
        }
    }

    /// `file` mapped where it can be (see [`Input::map_file`]).
    ///
    /// # Safety
    /// As for [`Input::map_file`].
    unsafe fn map(name: String, mut file: File) -> io::Result<Input> {
        let metadata = file.metadata()?;
        if metadata.is_dir() {
            return Err(io::ErrorKind::IsADirectory.into());
        }
        // An empty file cannot be mapped, and files such as those in /proc
        // report a length of 0 yet have content: read those as streams.
        if metadata.is_file() && metadata.len() > 0 {
            let start = file.stream_position()?;
            // SAFETY: the map is only read, and the caller promised the file
            // stays as it is while it is.
            if let (Ok(map), Ok(start)) = (unsafe { Mmap::map(&file) }, usize::try_from(start)) {
                let start = start.min(map.len());
                if let Some(compression) = Compression::of(&map[start..]) {
                    // Read through the file, not the map: mapped pages
                    // would stay in memory as the file is read.
                    return Ok(Input {
                        name,
                        source: Source::Stream(compression.decoder(file)),
                        column: None,
                        solution_column: None,
                    });
                }
                // Leave the file position where reading would have: a shared
                // standard input is then consumed, as it is when streamed.
                file.seek(io::SeekFrom::End(0))?;
                return Ok(Input {
                    name,
                    source: Source::Mapped {
                        map: Arc::new(map),
                        start,
                    },
                    column: None,
                    solution_column: None,
                });
            }
        }
        Ok(Input::from_reader(name, Box::new(file)))
    }

    /// This input read as a table: CSV or TSV (the delimiter found in its
    /// first line: `,`, tab, `;` or `|`), a header row, and the puzzles in
    /// `column`. Each data row gets one answer.
    pub fn with_column(mut self, column: Column) -> Input {
        self.column = Some(column);
        self
    }

    /// The column of a table input ([`Input::with_column`]).
    pub fn column(&self) -> Option<&Column> {
        self.column.as_ref()
    }

    /// This table's column that holds the puzzles' solutions: where
    /// [`Mode::Augment`](crate::pipeline::Mode::Augment) and
    /// [`Mode::Label`](crate::pipeline::Mode::Label) write theirs (in place
    /// of a column named `solution`, or one added).
    pub fn with_solution_column(mut self, column: Column) -> Input {
        self.solution_column = Some(column);
        self
    }

    /// The solutions' column of a table input ([`Input::with_solution_column`]).
    pub fn solution_column(&self) -> Option<&Column> {
        self.solution_column.as_ref()
    }

    /// The name to use in messages: the path as given (its control
    /// characters escaped), or `<stdin>`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of bytes to read, when known in advance.
    pub fn known_len(&self) -> Option<u64> {
        match &self.source {
            Source::Mapped { map, start } => Some((map.len() - start) as u64),
            Source::Stream(_) => None,
        }
    }

    /// The input's chunks, in order; an `Err` ends them.
    pub(crate) fn chunks(self) -> Chunks {
        let state = match self.source {
            Source::Mapped { map, start } => ChunkState::Mapped { map, pos: start },
            Source::Stream(reader) => ChunkState::Stream {
                reader,
                carry: Vec::new(),
                scratch: vec![0; READ_LEN],
                skipping: false,
                eof: false,
                unreported: 0,
            },
        };
        Chunks {
            state,
            next_line: 1,
        }
    }
}

/// The name of the file at `path` in messages: the path as given, its
/// control characters escaped (a file name can hold them, and reach the
/// terminal in every message about its lines).
fn name_of(path: &Path) -> String {
    printable(path.as_os_str().as_encoded_bytes()).into_owned()
}

/// A run of whole lines of one input. A clone (for the variants of one
/// line) shares a mapped chunk's pages and copies a read one's bytes.
#[derive(Clone)]
pub(crate) struct Chunk {
    /// The chunk's bytes.
    pub data: ChunkData,
    /// The 1-based number of the chunk's first line in its input.
    pub first_line: u64,
    /// How many input bytes this chunk stands for (more than the data when the
    /// tail of a long line was skipped), for progress.
    pub input_bytes: u64,
}

impl Chunk {
    /// The chunk's lines without their `\n`, each with its 1-based number.
    pub fn lines(&self) -> impl Iterator<Item = (u64, &[u8])> {
        let data = self.data.bytes();
        // Split alone would find an empty line after the last `\n`, and one in
        // an empty chunk.
        let mut rest = (!data.is_empty()).then(|| data.strip_suffix(b"\n").unwrap_or(data));
        let lines = std::iter::from_fn(move || {
            let text = rest?;
            // memchr: a vectorised search, as this runs over every input byte.
            Some(match memchr::memchr(b'\n', text) {
                Some(end) => {
                    rest = Some(&text[end + 1..]);
                    &text[..end]
                }
                None => {
                    rest = None;
                    text
                }
            })
        });
        (self.first_line..).zip(lines)
    }

    /// Keeps only the first `len` bytes (a line boundary).
    pub fn truncate(&mut self, len: usize) {
        match &mut self.data {
            ChunkData::Mapped(_, range) => range.end = range.start + len.min(range.len()),
            ChunkData::Owned(buffer) => buffer.truncate(len),
        }
    }

    /// Splits off the bytes from `at` on as a chunk of their own, numbered
    /// from the line they start on, standing for as many input bytes as they
    /// hold (this chunk keeps the rest of its count).
    pub fn split_off(&mut self, at: usize) -> Chunk {
        let data = match &mut self.data {
            ChunkData::Mapped(map, range) => {
                let at = range.start + at.min(range.len());
                let rest = at..range.end;
                range.end = at;
                ChunkData::Mapped(Arc::clone(map), rest)
            }
            ChunkData::Owned(buffer) => ChunkData::Owned(buffer.split_off(at.min(buffer.len()))),
        };
        let len = data.bytes().len() as u64;
        self.input_bytes -= len.min(self.input_bytes);
        Chunk {
            first_line: self.first_line + newlines(self.data.bytes()),
            data,
            input_bytes: len,
        }
    }

    /// This chunk followed by `next`, which starts where it ends: one range
    /// of a mapped file, else one buffer.
    pub fn join(mut self, mut next: Chunk) -> Chunk {
        let data = match (&mut self.data, &mut next.data) {
            (ChunkData::Mapped(map, range), ChunkData::Mapped(_, next_range))
                if range.end == next_range.start =>
            {
                // Taken out, so that dropping the parts keeps their pages.
                let joined = range.start..next_range.end;
                (*range, *next_range) = (0..0, 0..0);
                ChunkData::Mapped(Arc::clone(map), joined)
            }
            _ => ChunkData::Owned([self.data.bytes(), next.data.bytes()].concat()),
        };
        Chunk {
            data,
            first_line: self.first_line,
            input_bytes: self.input_bytes + next.input_bytes,
        }
    }

    /// Cuts the chunk into chunks of whole lines of at most `max_len` bytes
    /// (a longer line makes a chunk of its own), in order, for work whose
    /// output is much larger than its input. Their `input_bytes` add up to
    /// this chunk's.
    pub fn split(mut self, max_len: usize) -> Vec<Chunk> {
        // Taken out (leaving an empty range or buffer), so that dropping
        // `self` neither frees the pages the pieces still need nor copies.
        let (whole, map) = match &mut self.data {
            ChunkData::Mapped(map, range) => (std::mem::take(range), Some(Arc::clone(map))),
            ChunkData::Owned(buffer) => (0..buffer.len(), None),
        };
        let owned = match &mut self.data {
            ChunkData::Owned(buffer) => std::mem::take(buffer),
            ChunkData::Mapped(..) => Vec::new(),
        };
        let bytes = match &map {
            Some(map) => &map[whole.clone()],
            None => &owned[..],
        };
        let mut pieces = Vec::new();
        // A stream's chunk may hold more bytes than it stands for (the start of
        // a line read, and counted, with the chunk before): pieces count what
        // is left of its count, so that they add up to it.
        let (mut start, mut first_line, mut uncounted) = (0, self.first_line, self.input_bytes);
        while start < bytes.len() {
            // The end of the last line that fits, or of the first line.
            let limit = bytes.len().min(start + max_len.max(1));
            let end = match bytes[start..limit].iter().rposition(|&b| b == b'\n') {
                Some(i) if limit < bytes.len() => start + i + 1,
                _ if limit == bytes.len() => limit,
                _ => bytes[limit..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |i| limit + i + 1),
            };
            let data = match &map {
                Some(map) => {
                    ChunkData::Mapped(Arc::clone(map), whole.start + start..whole.start + end)
                }
                None => ChunkData::Owned(bytes[start..end].to_vec()),
            };
            let input_bytes = ((end - start) as u64).min(uncounted);
            uncounted -= input_bytes;
            pieces.push(Chunk {
                data,
                first_line,
                input_bytes,
            });
            first_line += newlines(&bytes[start..end]);
            start = end;
        }
        // Bytes the chunk stands for beyond its data (a skipped long line's tail).
        match pieces.last_mut() {
            Some(last) => last.input_bytes += uncounted,
            None => pieces.push(Chunk {
                data: ChunkData::Owned(Vec::new()),
                first_line: self.first_line,
                input_bytes: self.input_bytes,
            }),
        }
        pieces
    }
}

/// A chunk's bytes: a slice of a mapped file, or a buffer read from a stream.
#[derive(Clone)]
pub(crate) enum ChunkData {
    /// A range of a memory-mapped file.
    Mapped(Arc<Mmap>, Range<usize>),
    /// Bytes read from a pipe or reader.
    Owned(Vec<u8>),
}

impl ChunkData {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        match self {
            ChunkData::Mapped(map, range) => &map[range.clone()],
            ChunkData::Owned(buffer) => buffer,
        }
    }
}

#[cfg(unix)]
impl Drop for ChunkData {
    /// Gives a mapped chunk's pages back once it is done with, so that the
    /// process's memory stays flat over a large file instead of growing to
    /// its size.
    fn drop(&mut self) {
        if let ChunkData::Mapped(map, range) = self {
            release(map, range.clone());
        }
    }
}

/// How far before a chunk its release reaches. A page fault on a file map
/// also maps cached pages around the one faulted (Linux's fault-around, and
/// whole large folios of the page cache, up to 2 MiB), so the first read of
/// a chunk maps the tail of the chunk before it again after that one was
/// released: without this, about a fifth of a large file stayed resident.
/// Pages of a chunk still being read that this drops fault back in cheaply.
#[cfg(unix)]
const FAULT_AROUND: usize = 2 << 20;

/// Gives the pages of `range` of a map (and the fault-around reach before
/// it) back to the system: memory as users measure it (resident pages,
/// mapped ones included) then stays flat over a large file instead of
/// growing with its size.
#[cfg(unix)]
fn release(map: &Mmap, range: Range<usize>) {
    let start = range.start.saturating_sub(FAULT_AROUND);
    // SAFETY: MADV_DONTNEED on a shared, read-only file mapping only drops
    // pages from this process; any later read (of this range, or of a
    // neighbouring range sharing a page) faults them back in from the file
    // with the same bytes. A failure only means less is freed.
    let _ = unsafe {
        map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, range.end - start)
    };
}

#[cfg(not(unix))]
fn release(_map: &Mmap, _range: Range<usize>) {}

/// The iterator returned by [`Input::chunks`].
pub(crate) struct Chunks {
    state: ChunkState,
    next_line: u64,
}

enum ChunkState {
    Mapped {
        map: Arc<Mmap>,
        pos: usize,
    },
    Stream {
        reader: Box<dyn Read + Send>,
        /// Bytes read but not yet passed on: the start of a line.
        carry: Vec<u8>,
        /// Where each read lands, zeroed once: a pipe fed slowly gives a
        /// few bytes per read.
        scratch: Vec<u8>,
        /// Dropping the rest of a too-long line, up to its newline.
        skipping: bool,
        eof: bool,
        /// Bytes read since the last chunk was passed on.
        unreported: u64,
    },
}

impl Iterator for Chunks {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        let (data, input_bytes) = match &mut self.state {
            ChunkState::Mapped { map, pos } => {
                let range = next_mapped_range(map, *pos)?;
                if range.is_empty() {
                    // A line too long to read: enough of it to report it as
                    // such, with the newline its skipped tail ends with.
                    let mut line = map[*pos..][..MAX_LINE_LEN + 1].to_vec();
                    line.push(b'\n');
                    let end = skip_line(map, *pos);
                    let len = (end - *pos) as u64;
                    *pos = end;
                    (ChunkData::Owned(line), len)
                } else {
                    *pos = range.end;
                    let len = range.len() as u64;
                    (ChunkData::Mapped(Arc::clone(map), range), len)
                }
            }
            ChunkState::Stream {
                reader,
                carry,
                scratch,
                skipping,
                eof,
                unreported,
            } => match next_stream_buffer(reader, carry, scratch, skipping, eof, unreported) {
                Ok(Some(buffer)) => (ChunkData::Owned(buffer), std::mem::take(unreported)),
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            },
        };
        let first_line = self.next_line;
        self.next_line += newlines(data.bytes());
        Some(Ok(Chunk {
            data,
            first_line,
            input_bytes,
        }))
    }
}

/// The line feeds in `bytes`. Counted in byte-wide sums over blocks of 255
/// bytes, which the compiler turns into vector compares and subtractions; a
/// count per byte into a `usize` is a few times slower, and this runs over
/// every input byte.
fn newlines(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|block| u64::from(block.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>()))
        .sum()
}

/// The next chunk of a map from `pos`: about [`CHUNK_LEN`] bytes, extended to
/// the end of the line it stops in. When that line is too long to read
/// ([`MAX_LINE_LEN`]), the chunk stops before it; an empty range when the
/// chunk would start with it (see [`skip_line`]).
fn next_mapped_range(map: &[u8], pos: usize) -> Option<Range<usize>> {
    let rest = map.get(pos..).filter(|rest| !rest.is_empty())?;
    let Some(tail) = rest.get(CHUNK_LEN..) else {
        return Some(pos..map.len());
    };
    // Only a line's length is searched past the chunk, so that a huge line
    // is never read whole.
    let window = &tail[..tail.len().min(MAX_LINE_LEN + 1)];
    let len = match memchr::memchr(b'\n', window) {
        Some(i) => CHUNK_LEN + i + 1,
        None if window.len() == tail.len() => rest.len(),
        None => memchr::memrchr(b'\n', &rest[..CHUNK_LEN]).map_or(0, |i| i + 1),
    };
    Some(pos..pos + len)
}

/// The end of the line at `pos` (after its newline, or the map's end),
/// searched a block at a time, each block's pages given back once searched:
/// a line of a gigabyte never makes the process hold a gigabyte.
fn skip_line(map: &Mmap, pos: usize) -> usize {
    const BLOCK: usize = 1 << 20;
    let mut at = pos;
    while at < map.len() {
        let block = at..map.len().min(at + BLOCK);
        let newline = memchr::memchr(b'\n', &map[block.clone()]);
        release(map, block.clone());
        if let Some(i) = newline {
            return at + i + 1;
        }
        at = block.end;
    }
    map.len()
}

/// Reads until there are whole lines to pass on (or the end of the stream),
/// and returns them; a partial last line stays in `carry`. Each read costs
/// what it brings, whatever its size: a trickle of short reads is neither
/// zero-filled a buffer at a time nor looked through from the line's start
/// again each time.
fn next_stream_buffer(
    reader: &mut Box<dyn Read + Send>,
    carry: &mut Vec<u8>,
    scratch: &mut [u8],
    skipping: &mut bool,
    eof: &mut bool,
    unreported: &mut u64,
) -> io::Result<Option<Vec<u8>>> {
    loop {
        if *eof {
            // Even with no bytes left to pass on, bytes read (the skipped tail
            // of a long line) are passed on as done, for progress.
            let rest = !carry.is_empty() || *unreported > 0;
            return Ok(rest.then(|| std::mem::take(carry)));
        }
        let n = match reader.read(scratch) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        // The carry holds no newline (skipping, nothing at all): only the
        // bytes read now can.
        let start = carry.len();
        carry.extend_from_slice(&scratch[..n]);
        *unreported += n as u64;
        if n == 0 {
            *eof = true;
            continue;
        }
        if *skipping {
            // The carry held nothing else: the line's start was passed on.
            match carry.iter().position(|&b| b == b'\n') {
                None => {
                    carry.clear();
                    continue;
                }
                Some(i) => {
                    carry.drain(..=i);
                    *skipping = false;
                }
            }
        }
        if let Some(last) = carry[start..].iter().rposition(|&b| b == b'\n') {
            let last = start + last;
            let rest = carry[last + 1..].to_vec();
            let mut lines = std::mem::replace(carry, rest);
            lines.truncate(last + 1);
            return Ok(Some(lines));
        }
        if carry.len() > MAX_LINE_LEN {
            // Pass on enough of the line to report it as too long, with the
            // newline that its skipped tail will end with.
            let mut line = std::mem::take(carry);
            line.truncate(MAX_LINE_LEN + 1);
            line.push(b'\n');
            *skipping = true;
            return Ok(Some(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `newlines` against a plain count, on lengths around its 255-byte
    /// blocks and on runs of nothing but line feeds (a block's full count).
    #[test]
    fn newlines_counts_every_line_feed() {
        let mut seed = 7u64;
        for len in [0, 1, 254, 255, 256, 510, 511, 1000, 4096] {
            for density in [0, 1, 8, 64, 256] {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        if ((seed >> 33) % 256) < density {
                            b'\n'
                        } else {
                            (seed >> 41) as u8 | 1
                        }
                    })
                    .collect();
                let plain = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
                assert_eq!(newlines(&bytes), plain, "length {len}, density {density}");
            }
        }
    }

    #[test]
    fn split_chunks_keep_lines_numbers_and_bytes() {
        let text: Vec<u8> = (1..=50)
            .map(|i| format!("line {i}{}\n", "x".repeat(i % 7 * 5)))
            .collect::<String>()
            .into_bytes();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("in.txt");
        std::fs::write(&path, &text).unwrap();
        for input in [
            // SAFETY: the test's own file, left as it is.
            unsafe { Input::map_file(&path) }.unwrap(),
            Input::open(&path).unwrap(),
            Input::from_reader("test".into(), Box::new(io::Cursor::new(text.clone()))),
        ] {
            let chunks: Vec<Chunk> = input.chunks().map(Result::unwrap).collect();
            for max_len in [1, 10, 40, 1000] {
                let mut lines = Vec::new();
                let mut bytes = 0;
                for chunk in chunks.iter().map(|c| Chunk {
                    data: ChunkData::Owned(c.data.bytes().to_vec()),
                    first_line: c.first_line,
                    input_bytes: c.input_bytes,
                }) {
                    for piece in chunk.split(max_len) {
                        bytes += piece.input_bytes;
                        assert!(piece.data.bytes().len() <= max_len || piece.lines().count() == 1);
                        lines.extend(piece.lines().map(|(n, l)| (n, l.to_vec())));
                    }
                }
                let expected: Vec<(u64, Vec<u8>)> = (1..)
                    .zip(text.split(|&b| b == b'\n').map(<[u8]>::to_vec))
                    .take(50)
                    .collect();
                assert_eq!(lines, expected, "max_len {max_len}");
                assert_eq!(bytes, text.len() as u64);
            }
            // Mapped pieces too.
            let pieces: Vec<Chunk> = chunks.into_iter().flat_map(|c| c.split(64)).collect();
            let count: usize = pieces.iter().map(|p| p.lines().count()).sum();
            assert_eq!(count, 50);
        }
    }

    /// A reader that returns at most `step` bytes per read, like a slow pipe.
    struct Trickle {
        data: Vec<u8>,
        pos: usize,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.step).min(self.data.len() - self.pos);
            buf[..n].copy_from_slice(&self.data[self.pos..][..n]);
            self.pos += n;
            Ok(n)
        }
    }

    fn stream_lines(data: &[u8], step: usize) -> Vec<(u64, Vec<u8>)> {
        let reader = Trickle {
            data: data.to_vec(),
            pos: 0,
            step,
        };
        let input = Input::from_reader("test".into(), Box::new(reader));
        let mut lines = Vec::new();
        let mut bytes = 0;
        for chunk in input.chunks() {
            let chunk = chunk.unwrap();
            bytes += chunk.input_bytes;
            lines.extend(chunk.lines().map(|(n, l)| (n, l.to_vec())));
        }
        assert_eq!(bytes, data.len() as u64);
        lines
    }

    #[test]
    fn streams_keep_line_numbers_and_contents() {
        let data = b"first\n\nthird\r\nlast without newline";
        for step in [1, 3, 7, 1000] {
            let lines = stream_lines(data, step);
            let expected: Vec<(u64, Vec<u8>)> = (1..)
                .zip(data.split(|&b| b == b'\n').map(<[u8]>::to_vec))
                .collect();
            assert_eq!(lines, expected, "step {step}");
        }
    }

    /// The lines of `data` written to a file and read from its map, checked
    /// to stand for all its bytes.
    fn mapped_lines(data: &[u8]) -> Vec<(u64, Vec<u8>)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("in.txt");
        std::fs::write(&path, data).unwrap();
        // SAFETY: the test's own file, left as it is.
        let input = unsafe { Input::map_file(&path) }.unwrap();
        assert!(matches!(input.source, Source::Mapped { .. }));
        let mut lines = Vec::new();
        let mut bytes = 0;
        for chunk in input.chunks() {
            let chunk = chunk.unwrap();
            bytes += chunk.input_bytes;
            assert!(chunk.data.bytes().len() <= CHUNK_LEN + MAX_LINE_LEN + 1);
            lines.extend(chunk.lines().map(|(n, l)| (n, l.to_vec())));
        }
        assert_eq!(bytes, data.len() as u64);
        lines
    }

    #[test]
    fn huge_lines_are_cut_short_without_losing_line_numbers() {
        let mut data = b"a\n".to_vec();
        data.extend(std::iter::repeat_n(b'1', 3 * MAX_LINE_LEN));
        data.extend(b"\nb\n");
        // Whole lines up to the middle of a chunk, then a huge line across
        // its end: the chunk stops before it.
        while data.len() < CHUNK_LEN * 5 / 2 {
            data.extend(b"123456789\n");
        }
        data.extend(std::iter::repeat_n(b'2', 2 * CHUNK_LEN));
        data.extend(b"\nc\n");
        data.extend(std::iter::repeat_n(b'3', 2 * MAX_LINE_LEN));
        let rows = (data.len() - 3 * MAX_LINE_LEN - 4 * CHUNK_LEN) / 10;
        let mapped = mapped_lines(&data);
        // Huge lines are kept to different lengths; the rest is the same.
        let short = |lines: &[(u64, Vec<u8>)]| -> Vec<(u64, Option<Vec<u8>>)> {
            let short = |line: &Vec<u8>| (line.len() <= MAX_LINE_LEN).then(|| line.clone());
            lines.iter().map(|(n, line)| (*n, short(line))).collect()
        };
        for step in [4096, READ_LEN] {
            let lines = stream_lines(&data, step);
            assert!(short(&lines) == short(&mapped), "step {step}");
        }
        let numbers: Vec<u64> = mapped.iter().map(|(n, _)| *n).collect();
        let count = numbers.len();
        assert!(numbers.iter().copied().eq(1..=count as u64));
        assert!(count > rows, "{count} lines");
        let find = |text: &[u8]| mapped.iter().position(|(_, l)| l == text).unwrap();
        let (b, c) = (find(b"b"), find(b"c"));
        assert_eq!((find(b"a"), b, c, count), (0, 2, c, c + 2));
        for at in [1, c - 1, c + 1] {
            let huge = &mapped[at].1;
            assert!(huge.len() > MAX_LINE_LEN && huge.len() <= MAX_LINE_LEN + READ_LEN);
        }
    }

    #[test]
    fn huge_stream_lines_are_cut_short_without_losing_line_numbers() {
        let mut data = b"a\n".to_vec();
        data.extend(std::iter::repeat_n(b'1', 3 * MAX_LINE_LEN));
        data.extend(b"\nb\n");
        data.extend(std::iter::repeat_n(b'2', 2 * MAX_LINE_LEN));
        // A byte a read as well: each read costs what it brings.
        for step in [1, 7, 4096, READ_LEN] {
            let lines = stream_lines(&data, step);
            let numbers: Vec<u64> = lines.iter().map(|(n, _)| *n).collect();
            assert_eq!(numbers, [1, 2, 3, 4]);
            assert_eq!(
                (lines[0].1.as_slice(), lines[2].1.as_slice()),
                (&b"a"[..], &b"b"[..])
            );
            for (_, huge) in [&lines[1], &lines[3]] {
                // Long enough to be reported, short enough to bound memory.
                assert!(huge.len() > MAX_LINE_LEN && huge.len() <= MAX_LINE_LEN + READ_LEN);
            }
        }
    }

    #[test]
    fn mapped_ranges_end_at_line_ends() {
        let mut data = Vec::new();
        while data.len() < 3 * CHUNK_LEN {
            data.extend(b"123456789\n");
        }
        let mut pos = 0;
        while let Some(range) = next_mapped_range(&data, pos) {
            assert_eq!(data[range.end - 1], b'\n');
            pos = range.end;
        }
        assert_eq!(pos, data.len());
    }
}
