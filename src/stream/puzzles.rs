//! One input's puzzles one by one, in order, read as the pipeline reads
//! them (the same chunks, line kinds, line and grid formats, `end` line and
//! 64 KiB line limit), for a consumer that wants the puzzles themselves
//! rather than answers: the game's file list.

use std::io;

use crate::format::{self, GridAssembler, InputFormat, LineKind, Problem};
use crate::grid::Grid;
use crate::input::{Chunks, Input};
use crate::pipeline::Detected;

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
    chunks: Detected<Chunks>,
    assembler: GridAssembler,
    ready: std::vec::IntoIter<ReadPuzzle>,
    done: bool,
}

/// Reads the puzzles of `input` in `format` (or the one it looks like,
/// for [`InputFormat::Auto`]).
pub fn puzzles(input: Input, format: InputFormat) -> Puzzles {
    Puzzles {
        chunks: Detected::new(input.chunks(), format),
        assembler: GridAssembler::default(),
        ready: Vec::new().into_iter(),
        done: false,
    }
}

impl Puzzles {
    /// Reads the next chunk into `ready`; false at the end of the input.
    fn read_chunk(&mut self) -> io::Result<bool> {
        let Some((chunk, format)) = self.chunks.next() else {
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
                ready.extend(self.assembler.feed(line, kind).map(|r| ReadPuzzle {
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
                let last = self.assembler.finish()?;
                return Some(Ok(ReadPuzzle {
                    line: last.line,
                    puzzle: last.puzzle,
                    solution: None,
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    fn read(text: &[u8]) -> Vec<(u64, Result<Grid, Problem>, Option<Grid>)> {
        let input = Input::from_reader("test".into(), Box::new(io::Cursor::new(text.to_vec())));
        puzzles(input, InputFormat::Auto)
            .map(|r| r.map(|r| (r.line, r.puzzle, r.solution)))
            .collect::<io::Result<_>>()
            .unwrap()
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
