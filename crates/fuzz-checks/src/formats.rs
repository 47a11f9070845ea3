//! The input formats read the obvious way, line by line, as docs/formats.md
//! and `--help` describe them: the oracle the pipeline's chunked, threaded
//! reading is checked against (by the program's tests through the binary,
//! and by the `pipeline` fuzz target).

use sudokuflow::{Grid, ParseError};

/// Longest line read as such (the library's `MAX_LINE_LEN`).
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// One puzzle line: 81 cells of `1`-`9`, `.` or `0`, then maybe spaces,
/// tabs and carriage returns. A bad byte among the first 81 is reported
/// before a wrong length.
pub fn parse_simply(line: &[u8]) -> Result<[u8; 81], ParseError> {
    let mut end = line.len();
    while end > 0 && matches!(line[end - 1], b' ' | b'\t' | b'\r') {
        end -= 1;
    }
    let line = &line[..end];
    let mut cells = [0u8; 81];
    for (column, &byte) in line.iter().enumerate().take(81) {
        cells[column] = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            _ => return Err(ParseError::BadCharacter { column, byte }),
        };
    }
    if line.len() != 81 {
        return Err(ParseError::WrongLength(line.len()));
    }
    Ok(cells)
}

/// A puzzle as the oracle reads it: its line, and the puzzle with the
/// solution written after it, or the marker of what is wrong.
pub struct Record {
    pub line: u64,
    pub puzzle: Result<(Grid, Option<Grid>), &'static str>,
}

/// What a line is, read the obvious way.
enum Kind<'a> {
    Blank,
    Comment,
    End,
    TooLong,
    Content(&'a [u8]),
}

fn kind(line: &[u8]) -> Kind<'_> {
    if line.len() > MAX_LINE_LEN {
        return Kind::TooLong;
    }
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c');
    let start = line.iter().position(|b| !blank(b)).unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !blank(b))
        .map_or(start, |i| i + 1);
    match &line[start..end] {
        b"" => Kind::Blank,
        b"end" => Kind::End,
        [b'#', ..] => Kind::Comment,
        _ => Kind::Content(line),
    }
}

/// The lines of `text`, numbered from 1 (a last line may lack its `\n`).
fn lines(text: &[u8]) -> impl Iterator<Item = (u64, &[u8])> {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let empty = text.is_empty();
    text.split(|&b| b == b'\n')
        .filter(move |_| !empty)
        .zip(1..)
        .map(|(line, n)| (n, line))
}

fn marker(error: ParseError) -> &'static str {
    match error {
        ParseError::WrongLength(_) => "!bad-length",
        _ => "!bad-character",
    }
}

/// The line format: a puzzle per line, maybe with `,solution` after it.
pub fn line_records(text: &[u8]) -> Vec<Record> {
    let mut records = Vec::new();
    for (line, content) in lines(text) {
        let puzzle = match kind(content) {
            Kind::Blank | Kind::Comment => continue,
            Kind::End => break,
            Kind::TooLong => Err("!line-too-long"),
            Kind::Content(content) => {
                let (puzzle, solution) = match content.iter().position(|&b| b == b',') {
                    Some(comma) => (&content[..comma], Some(&content[comma + 1..])),
                    None => (content, None),
                };
                let grid = |cells: &[u8]| {
                    parse_simply(cells)
                        .map(|cells| Grid::from_cells(cells).expect("digits"))
                        .map_err(marker)
                };
                grid(puzzle).and_then(|puzzle| Ok((puzzle, solution.map(grid).transpose()?)))
            }
        };
        records.push(Record { line, puzzle });
    }
    records
}

/// One row of a board: `Ok(None)` for a separator line.
fn row(line: &[u8]) -> Result<Option<Vec<u8>>, &'static str> {
    let mut cells = Vec::new();
    for &byte in line {
        match byte {
            b' ' | b'\t' | b'\r' | b'|' | b'-' | b'+' => {}
            b'1'..=b'9' => cells.push(byte - b'0'),
            b'.' | b'0' => cells.push(0),
            _ => return Err("!bad-character"),
        }
    }
    match cells.len() {
        0 => Ok(None),
        9 => Ok(Some(cells)),
        _ => Err("!bad-length"),
    }
}

/// The grid format: boards of 9 rows; separator lines and comments are
/// skipped, a blank line ends a board early, a board's first bad row is
/// what is wrong with it.
pub fn grid_records(text: &[u8]) -> Vec<Record> {
    struct Board {
        first: u64,
        cells: Vec<u8>,
        rows: usize,
        problem: Option<(u64, &'static str)>,
    }
    fn finish(board: &mut Option<Board>, records: &mut Vec<Record>) {
        if let Some(board) = board.take() {
            records.push(match board.problem {
                Some((line, problem)) => Record {
                    line,
                    puzzle: Err(problem),
                },
                None if board.rows < 9 => Record {
                    line: board.first,
                    puzzle: Err("!bad-length"),
                },
                None => Record {
                    line: board.first,
                    puzzle: Ok((
                        Grid::from_cells(board.cells.try_into().expect("81 cells"))
                            .expect("digits"),
                        None,
                    )),
                },
            });
        }
    }
    let mut records = Vec::new();
    let mut board: Option<Board> = None;
    for (line, content) in lines(text) {
        let row = match kind(content) {
            Kind::Comment => continue,
            Kind::End => break,
            Kind::Blank => {
                finish(&mut board, &mut records);
                continue;
            }
            Kind::TooLong => Err("!line-too-long"),
            Kind::Content(content) => match row(content) {
                Ok(None) => continue,
                Ok(Some(cells)) => Ok(cells),
                Err(problem) => Err(problem),
            },
        };
        let current = board.get_or_insert_with(|| Board {
            first: line,
            cells: Vec::new(),
            rows: 0,
            problem: None,
        });
        match row {
            Ok(cells) => current.cells.extend(cells),
            Err(problem) => {
                current.problem.get_or_insert((line, problem));
                current.cells.extend([0; 9]);
            }
        }
        current.rows += 1;
        if current.rows == 9 {
            finish(&mut board, &mut records);
        }
    }
    finish(&mut board, &mut records);
    records
}
