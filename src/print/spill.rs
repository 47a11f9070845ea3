//! A sheet's entries kept on disk between the pipeline and the pages. The
//! pages need the number of entries before the first is drawn (each says
//! "page N / M", each puzzle page where its answers are), and the pipeline
//! knows it only at the end; so entries go to an unnamed temporary file as
//! the pipeline delivers them ([`SpillWriter`]), then are read back a page at
//! a time ([`pages`]): once for the puzzle pages, again for the answer pages.
//! Memory holds one page of entries however many there are; the file takes
//! 53 bytes an entry plus its note (about 15 bytes for `medium · 2.0`).

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::ops::Range;

use sudokuflow::grid::Grid;

use super::layout::{Entry, Layout, Page};

/// Entries being written to the temporary file, in order.
pub struct SpillWriter {
    file: BufWriter<File>,
    count: usize,
}

/// The entries written, read back in order from the start as often as needed.
pub struct Spill {
    file: BufReader<File>,
    count: usize,
    /// The place of the next entry [`Spill::read`] gives.
    next: usize,
}

impl SpillWriter {
    /// An empty spill, its file in the temporary folder (`TMPDIR`).
    ///
    /// # Errors
    /// When the file cannot be created there.
    pub fn new() -> io::Result<SpillWriter> {
        let file = tempfile::tempfile().map_err(|e| in_temp_folder("create", e))?;
        Ok(SpillWriter {
            file: BufWriter::new(file),
            count: 0,
        })
    }

    /// Appends `entry`: its number (8 bytes), its puzzle two cells a byte
    /// (41), its note's length (4) and its note.
    ///
    /// # Errors
    /// When the file cannot be written (a full disk).
    pub fn push(&mut self, entry: &Entry) -> io::Result<()> {
        let mut record = [0; 8 + 41 + 4];
        record[..8].copy_from_slice(&entry.number.to_le_bytes());
        for (pair, byte) in entry.puzzle.cells().chunks(2).zip(&mut record[8..49]) {
            *byte = pair[0] | pair.get(1).map_or(0, |cell| cell << 4);
        }
        let note_len = u32::try_from(entry.note.len()).expect("a note of a few words");
        record[49..].copy_from_slice(&note_len.to_le_bytes());
        self.file
            .write_all(&record)
            .and_then(|()| self.file.write_all(entry.note.as_bytes()))
            .map_err(|e| in_temp_folder("write", e))?;
        self.count += 1;
        Ok(())
    }

    /// Whether no entry is in.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The entries written, to read from the first.
    ///
    /// # Errors
    /// When the file cannot be written (a full disk) or read.
    pub fn finish(self) -> io::Result<Spill> {
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| in_temp_folder("write", e.into_error()))?;
        file.rewind().map_err(|e| in_temp_folder("read", e))?;
        Ok(Spill {
            file: BufReader::new(file),
            count: self.count,
            next: 0,
        })
    }
}

impl Spill {
    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Entries `range` into `entries` (cleared first): read on from the last
    /// read, or from the start again when `range` starts before it.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn read(&mut self, range: Range<usize>, entries: &mut Vec<Entry>) -> io::Result<()> {
        entries.clear();
        if range.start < self.next {
            self.file.rewind()?;
            self.next = 0;
        }
        while self.next < range.end {
            let entry = self.read_one()?;
            self.next += 1;
            if self.next > range.start {
                entries.push(entry);
            }
        }
        Ok(())
    }

    fn read_one(&mut self) -> io::Result<Entry> {
        let mut record = [0; 8 + 41 + 4];
        self.file.read_exact(&mut record)?;
        let number = u64::from_le_bytes(record[..8].try_into().expect("8 bytes"));
        let cells = std::array::from_fn(|index| {
            let byte = record[8 + index / 2];
            if index % 2 == 0 {
                byte & 0xf
            } else {
                byte >> 4
            }
        });
        let puzzle = Grid::from_cells(cells).expect("cells written from a grid");
        let note_len = u32::from_le_bytes(record[49..].try_into().expect("4 bytes"));
        let mut note = vec![0; note_len as usize];
        self.file.read_exact(&mut note)?;
        let note = String::from_utf8(note).expect("a note written from a string");
        Ok(Entry {
            puzzle,
            number,
            note,
        })
    }
}

/// The pages of `layout`, each made from its entries read from `spill`.
pub fn pages<'a>(
    layout: &'a Layout<'a>,
    spill: &'a mut Spill,
) -> impl Iterator<Item = io::Result<Page>> + 'a {
    let mut entries = Vec::new();
    (0..layout.page_count()).map(move |index| {
        spill
            .read(layout.entries_on(index), &mut entries)
            .map_err(|e| in_temp_folder("read", e))?;
        Ok(layout.page(index, &entries))
    })
}

/// `error`, saying it was with the temporary file of puzzles, and where.
fn in_temp_folder(doing: &str, error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!(
            "cannot {doing} the temporary file of puzzles in {}: {error}",
            std::env::temp_dir().display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(number: u64, note: &str) -> Entry {
        let mut puzzle = sudokuflow::solve(&Grid::EMPTY).unwrap().grid;
        for index in (0..81).step_by(3) {
            puzzle.set(index, 0);
        }
        Entry {
            puzzle,
            number,
            note: note.to_string(),
        }
    }

    #[test]
    fn entries_come_back_as_written_in_any_run_of_ranges() {
        let written: Vec<Entry> = (1..=7)
            .map(|number| {
                entry(
                    number * 3,
                    if number % 2 == 0 {
                        ""
                    } else {
                        "hard \u{b7} >9.1"
                    },
                )
            })
            .collect();
        let mut spill = SpillWriter::new().unwrap();
        for entry in &written {
            spill.push(entry).unwrap();
        }
        assert!(!spill.is_empty());
        let mut spill = spill.finish().unwrap();
        assert_eq!(spill.len(), 7);
        let mut read = Vec::new();
        for range in [0..4, 4..7, 0..7, 2..3, 5..7] {
            spill.read(range.clone(), &mut read).unwrap();
            assert_eq!(read, written[range]);
        }
    }
}
