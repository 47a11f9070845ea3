//! The whole-process peer for `scripts/bench.sh`: reads a puzzle file the
//! simplest fast way and prints each first solution with the `sudoku` crate,
//! one line per puzzle, so its wall time can stand beside `sudokuflow solve -j1`.

use std::io::{BufWriter, Write};

fn main() {
    let path = std::env::args().nth(1).expect("usage: peer_solve FILE");
    let input = std::fs::read(&path).expect("readable puzzle file");
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    for line in input.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() < 81 || line[0] == b'#' {
            continue;
        }
        let solved = sudoku::Sudoku::from_bytes_slice(
            &line[..81]
                .iter()
                .map(|&b| match b {
                    b'1'..=b'9' => b - b'0',
                    _ => 0,
                })
                .collect::<Vec<_>>(),
        )
        .ok()
        .and_then(|s| s.some_solution());
        match solved {
            Some(s) => out.write_all(s.to_str_line().as_bytes()),
            None => out.write_all(b"!no-solution"),
        }
        .and_then(|()| out.write_all(b"\n"))
        .expect("stdout writable");
    }
    out.flush().expect("stdout writable");
}
