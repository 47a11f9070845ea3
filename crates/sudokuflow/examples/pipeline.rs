//! Runs the batch pipeline over any reader: here a string of puzzles, with a
//! bad line, answered in parallel and written in order.
//!
//! `cargo run --example pipeline`

use std::io::{self, Cursor};

use sudokuflow::answer::Flush;
use sudokuflow::format::Problem;
use sudokuflow::input::Input;
use sudokuflow::pipeline::{self, Mode, Observer, Options};

/// Collects what the run reports.
struct Messages;

impl Observer for Messages {
    fn bad_puzzle(
        &mut self,
        _output: &mut dyn Flush,
        input: &str,
        line: u64,
        problem: Problem,
    ) -> io::Result<()> {
        eprintln!("{input}:{line}: {problem}");
        Ok(())
    }

    fn progress(&mut self, _input_bytes: u64, _puzzles: u64) {}
}

fn main() {
    let text = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
not a puzzle
..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9
";
    let input = Input::from_reader("example".into(), Box::new(Cursor::new(text)));
    // Lines in, lines out, bad lines marked: the defaults; two workers.
    let mut options = Options::new(Mode::Solve);
    options.threads = 2;
    let mut out = Vec::new();
    let summary = pipeline::run(vec![input], &options, &mut out, &mut Messages)
        .expect("reading a string cannot fail");
    print!("{}", String::from_utf8(out).expect("ASCII"));
    println!("{} puzzles, {} bad", summary.puzzles, summary.failed);
}
