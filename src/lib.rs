//! The `sudokuflow` program, for its binary (`src/main.rs`): [`run`], and
//! the game's saves for the save fuzz target. Not an API for other
//! programs (they use the `sudokuflow` library crate).
//!
//! Dependencies run one way: `cli` (the commands) uses `play` (the game)
//! and `print` (sheets); all three use `app` (what they share) and the
//! `sudokuflow` library; `app` uses only the library.

mod app;
mod cli;
mod play;
mod print;

/// The game's saves and clock, which the save fuzz target reads saves with.
pub use play::{clock, save};

use std::io::{self, Write};

use clap::Parser;

use crate::app::report;
use crate::cli::args::{Cli, Command};
use crate::cli::commands;

/// Runs the program and returns its exit status: 0 success, 1 some puzzle
/// failed (or generate gave up on a clue target), 2 usage or I/O error.
pub fn run() -> u8 {
    let closed = app::std_streams::closed_at_start();
    app::signals::handle_bus_error();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors, on stderr with status 2.
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            return u8::try_from(e.exit_code()).unwrap_or(2);
        }
        // Help and version: output like any command's.
        Err(_) if closed.stdout => return stdout_closed(""),
        Err(e) => return show_on_stdout(&e),
    };
    if closed.stdout && cli.command.writes_stdout() {
        let or_file = if cli.command.has_output_option() {
            ", or write to a file with -o FILE"
        } else {
            ""
        };
        return stdout_closed(or_file);
    }
    // The game saves itself on these signals (see `play::guard`).
    if !matches!(cli.command, Command::Play(_))
        && let Err(e) = app::signals::handle_termination()
    {
        report::message(format_args!("cannot set up the signal handler: {e}"));
        return 2;
    }
    if closed.stdin && cli.command.reads_stdin() {
        report::message(format_args!(
            "standard input is closed; give an open one, or name the input files"
        ));
        return 2;
    }
    let result = match &cli.command {
        Command::Solve(args) => commands::solve(args),
        Command::Generate(args) => commands::generate(args),
        Command::Shuffle(args) => commands::shuffle(args),
        Command::Rate(args) => commands::rate(args),
        Command::Explain(args) => commands::explain(args),
        Command::Canon(args) => commands::canon(args),
        Command::Dedupe(args) => commands::dedupe(args),
        Command::Augment(args) => commands::augment(args),
        Command::Label(args) => commands::label(args),
        Command::Split(args) => commands::split(args),
        Command::Leakage(args) => commands::leakage(args),
        Command::Completions(args) => commands::completions(args),
        Command::Man(args) => commands::man(args),
        Command::Play(args) => commands::play(args),
        Command::Print(args) => commands::print(args),
    };
    // Interrupted as the run finished: the signal decides how it ends.
    if app::signals::terminating() {
        app::signals::wait_for_the_end();
    }
    match result {
        Ok(status) => status,
        // The reader went away (`sudokuflow solve big.txt | head`): stop quietly.
        Err(e) if commands::is_broken_pipe(&e) => 0,
        Err(e) => {
            report::message(format_args!("{e:#}"));
            2
        }
    }
}

/// Says that standard output was closed at start (`>&-`), `or_file` the
/// way around it if there is one; the status for it.
fn stdout_closed(or_file: &str) -> u8 {
    report::message(format_args!(
        "standard output is closed; give an open one{or_file}"
    ));
    2
}

/// Writes help or version, which clap hands over as an "error", to
/// standard output: status 0, or 2 with a message when it cannot be
/// written (a full disk), as for any command's output; a closed pipe
/// (`sudokuflow --help | head`) ends quietly.
fn show_on_stdout(shown: &clap::Error) -> u8 {
    match shown.print().and_then(|()| io::stdout().flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            report::message(format_args!("error writing to stdout: {e}"));
            2
        }
    }
}
