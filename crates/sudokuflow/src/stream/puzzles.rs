//! One input's puzzles one by one, in order, read as the pipeline reads
//! them (the same chunks, line kinds, line and grid formats, `end` line and
//! 64 KiB line limit, and tables by their `--column`), for a consumer that
//! wants the puzzles themselves rather than answers: the game's file list.

use std::io;

use crate::format::{self, GridAssembler, InputFormat, LineKind, Problem};
use crate::grid::Grid;
use crate::input::{Chunks, Input};
use crate::pipeline::Detected;
use crate::stream::table::{self, TablePiece, TableReader};

/// A puzzle of the input, or why it could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadPuzzle {
    /// The line it is reported at, from 1: a grid block's first row.
    pub line: u64,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Grid, Problem>,
    /// The solution written after it (`puzzle,solution`), unchecked.
    pub solution: Option<Grid>,
}

/// The puzzles of one input, in order; an `Err` (reading failed) ends them.
/// Memory stays bounded whatever the input holds: a stream is read in
/// pieces, and a line over 64 KiB is a [`Problem::LineTooLong`] whose rest
/// is skipped.
pub struct Puzzles {
    source: Source,
    ready: std::vec::IntoIter<ReadPuzzle>,
    done: bool,
}

/// How the input is read.
enum Source {
    /// Lines and grids.
    Text {
        chunks: Detected<Chunks>,
        assembler: GridAssembler,
    },
    /// A table: a puzzle per data row. `ended` once its reader was told.
    Table {
        chunks: Chunks,
        // Boxed: its CSV parser is large, and most inputs are text.
        reader: Box<TableReader>,
        ended: bool,
    },
}

/// Reads the puzzles of `input` in `format` (or the one it looks like,
/// for [`InputFormat::Auto`]); a table ([`Input::with_column`]) has one
/// per data row, and a header without its column is an error.
pub fn puzzles(input: Input, format: InputFormat) -> Puzzles {
    let source = match input.column().cloned() {
        Some(column) => Source::Table {
            chunks: input.chunks(),
            reader: Box::new(TableReader::new(column)),
            ended: false,
        },
        None => Source::Text {
            chunks: Detected::new(input.chunks(), format),
            assembler: GridAssembler::default(),
        },
    };
    Puzzles {
        source,
        ready: Vec::new().into_iter(),
        done: false,
    }
}

impl Puzzles {
    /// Reads the next chunk into `ready`; false at the end of the input.
    fn read_chunk(&mut self) -> io::Result<bool> {
        let (chunks, assembler) = match &mut self.source {
            Source::Text { chunks, assembler } => (chunks, assembler),
            Source::Table {
                chunks,
                reader,
                ended,
            } => {
                if *ended {
                    return Ok(false);
                }
                let mut pieces = Vec::new();
                match chunks.next() {
                    Some(chunk) => reader.feed(chunk?, &mut pieces),
                    None => {
                        *ended = true;
                        reader.finish(&mut pieces)
                    }
                }
                .map_err(|message| io::Error::new(io::ErrorKind::InvalidData, message))?;
                self.ready = table_rows(pieces).into_iter();
                return Ok(true);
            }
        };
        let Some((chunk, format)) = chunks.next() else {
            return Ok(false);
        };
        let chunk = chunk?;
        let mut ready = Vec::new();
        for (line, text) in chunk.lines() {
            let kind = format::classify(text);
            if kind == LineKind::End {
                self.done = true;
                break;
            }
            if format == InputFormat::Grid {
                ready.extend(assembler.feed(line, kind).map(|r| ReadPuzzle {
                    line: r.line,
                    puzzle: r.puzzle,
                    solution: None,
                }));
                continue;
            }
            let read = match kind {
                LineKind::Blank | LineKind::Comment | LineKind::End => continue,
                LineKind::TooLong => Err(Problem::LineTooLong),
                LineKind::Content(text) => format::parse_puzzle_line(text),
            };
            ready.push(match read {
                Ok((puzzle, solution)) => ReadPuzzle {
                    line,
                    puzzle: Ok(puzzle),
                    solution,
                },
                Err(problem) => ReadPuzzle {
                    line,
                    puzzle: Err(problem),
                    solution: None,
                },
            });
        }
        self.ready = ready.into_iter();
        Ok(true)
    }
}

impl Iterator for Puzzles {
    type Item = io::Result<ReadPuzzle>;

    fn next(&mut self) -> Option<io::Result<ReadPuzzle>> {
        loop {
            if let Some(read) = self.ready.next() {
                return Some(Ok(read));
            }
            let more = !self.done
                && match self.read_chunk() {
                    Ok(more) => more,
                    Err(e) => {
                        self.done = true;
                        return Some(Err(e));
                    }
                };
            if !more {
                self.done = true;
                // A grid block cut short by the end.
                let Source::Text { assembler, .. } = &mut self.source else {
                    return None;
                };
                let last = assembler.finish()?;
                return Some(Ok(ReadPuzzle {
                    line: last.line,
                    puzzle: last.puzzle,
                    solution: None,
                }));
            }
        }
    }
}

/// The puzzles of a table's pieces, a data row each.
fn table_rows(pieces: Vec<TablePiece>) -> Vec<ReadPuzzle> {
    let mut ready = Vec::new();
    for piece in pieces {
        match piece {
            TablePiece::Rows {
                chunk,
                quoted,
                layout,
            } => table::for_each_row(
                &chunk,
                quoted,
                layout.delimiter,
                layout.column,
                layout.fields,
                |row| {
                    ready.push(ReadPuzzle {
                        line: row.line,
                        puzzle: row.grid(),
                        solution: None,
                    });
                    true
                },
            ),
            TablePiece::TooLong { line, .. } => ready.push(ReadPuzzle {
                line,
                puzzle: Err(Problem::LineTooLong),
                solution: None,
            }),
            TablePiece::Header(_) | TablePiece::Skipped { .. } => {}
        }
    }
    ready
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Column;

    const SOLUTION: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    fn input(text: &[u8]) -> Input {
        Input::from_reader("test".into(), Box::new(io::Cursor::new(text.to_vec())))
    }

    fn read(text: &[u8]) -> Vec<(u64, Result<Grid, Problem>, Option<Grid>)> {
        puzzles(input(text), InputFormat::Auto)
            .map(|r| r.map(|r| (r.line, r.puzzle, r.solution)))
            .collect::<io::Result<_>>()
            .unwrap()
    }

    /// The puzzles of the table `text` in `column`, or the first error.
    fn read_table(text: &[u8], column: &str) -> io::Result<Vec<(u64, Result<Grid, Problem>)>> {
        let input = input(text).with_column(Column::parse(column));
        puzzles(input, InputFormat::Auto)
            .map(|r| r.map(|r| (r.line, r.puzzle)))
            .collect()
    }

    #[test]
    fn a_table_has_a_puzzle_per_data_row() {
        let solution: Grid = SOLUTION.parse().unwrap();
        let text = format!(
            "id;puzzle;level\n\n7;{SOLUTION};easy\n8;\"{SOLUTION}\";\"two\nlines\"\n9;{SOLUTION}\n10;x;hard\n"
        );
        for column in ["puzzle", "PUZZLE", "2"] {
            let read = read_table(text.as_bytes(), column).unwrap();
            assert_eq!(
                read,
                [
                    (3, Ok(solution)),
                    (4, Ok(solution)),
                    (
                        6,
                        Err(Problem::RaggedRow {
                            expected: 3,
                            found: 2
                        })
                    ),
                    (
                        7,
                        Err(Problem::BadCharacter {
                            column: 0,
                            byte: b'x'
                        })
                    ),
                ],
                "{column}"
            );
        }
        let err = read_table(text.as_bytes(), "quizzes").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            err.to_string(),
            "line 1: no column named 'quizzes' in the header; its columns (split at ';') \
             are 1 'id', 2 'puzzle', 3 'level'; give --column a name or number from these"
        );
        let err = read_table(b"\n\n", "puzzle").unwrap_err();
        assert_eq!(
            err.to_string(),
            "no header row to find column 'puzzle' in: the input is empty"
        );
        // Column::parse never makes column 0; a caller who does is told
        // columns count from 1.
        let zero = input(b"a\n1\n").with_column(Column::Number(0));
        let err = puzzles(zero, InputFormat::Auto)
            .collect::<io::Result<Vec<_>>>()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "there is no column 0: columns count from 1"
        );
    }

    #[test]
    fn lines_with_solutions_comments_and_end() {
        let solution: Grid = SOLUTION.parse().unwrap();
        let mut puzzle = solution;
        puzzle.set(0, 0);
        let text = format!(
            "# a comment\n\n{},{SOLUTION}\nhello\nend\n{SOLUTION}\n",
            &format!(".{}", &SOLUTION[1..])
        );
        let read = read(text.as_bytes());
        assert_eq!(read.len(), 2);
        assert_eq!(read[0], (3, Ok(puzzle), Some(solution)));
        assert_eq!(
            read[1],
            (
                4,
                Err(Problem::BadCharacter {
                    column: 0,
                    byte: b'h'
                }),
                None
            )
        );
    }

    #[test]
    fn grid_blocks_and_a_block_cut_short() {
        let rows: Vec<&str> = (0..9).map(|r| &SOLUTION[r * 9..][..9]).collect();
        let text = format!("{}\n\n{}\n", rows.join("\n"), rows[..4].join("\n"));
        let read = read(text.as_bytes());
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].0, 1);
        assert!(read[0].1.is_ok());
        assert_eq!(
            (read[1].0, read[1].1),
            (11, Err(Problem::IncompleteGrid { rows: 4 }))
        );
    }

    #[test]
    fn a_huge_line_is_one_problem() {
        let mut text = vec![b'1'; 3 << 20];
        text.extend_from_slice(format!("\n{SOLUTION}\n").as_bytes());
        let read = read(&text);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].1, Err(Problem::LineTooLong));
        assert_eq!(read[1].0, 2);
        assert!(read[1].1.is_ok());
    }
}
