//! The whole-process peer for `scripts/bench.sh`, and an independent checker:
//! reads a puzzle file the simplest fast way and, with the `sudoku` crate,
//! prints each first solution (or with `--count`, the number of solutions up
//! to 2), one line per puzzle. Its wall time stands beside `sudokuflow solve -j1`.

use std::io::{BufWriter, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (count, path) = match args.as_slice() {
        [flag, path] if flag == "--count" => (true, path),
        [path] => (false, path),
        _ => panic!("usage: peer_solve [--count] FILE"),
    };
    let input = std::fs::read(path).expect("readable puzzle file");
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    for line in input.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() < 81 || line[0] == b'#' {
            continue;
        }
        let cells: Vec<u8> = line[..81]
            .iter()
            .map(|&b| match b {
                b'1'..=b'9' => b - b'0',
                _ => 0,
            })
            .collect();
        let puzzle = sudoku::Sudoku::from_bytes_slice(&cells).ok();
        let written = if count {
            let n = puzzle.map_or(0, |p| p.solutions_count_up_to(2));
            writeln!(out, "{n}")
        } else {
            match puzzle.and_then(|p| p.some_solution()) {
                Some(s) => writeln!(out, "{}", s.to_str_line()),
                None => writeln!(out, "!no-solution"),
            }
        };
        written.expect("stdout writable");
    }
    out.flush().expect("stdout writable");
}
