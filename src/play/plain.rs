//! Plain line mode (`play --plain`): the board printed as text after each
//! command, commands read line by line. For pipes, screen readers, terminals
//! without full-screen support, and scripted tests. Same [`App`] underneath.
//! Ctrl-C (and SIGTERM, SIGHUP) saves the game before the process ends.

use std::io::{self, BufRead, Write};

use super::app::App;
use super::save;

const HELP: &str = "\
commands: r3c5 7 (place 7 in row 3, column 5)   r3c5 0 (clear)
          note r3c5 7 (toggle a pencil mark)   notes (fill all candidates)
          undo  redo  history  history N (return to state N)
          hint (name the next step; again to apply it)  check  solve
          save  save! (over a save file this version can't read)
          quit  quit! (without saving)  help
board: givens plain, your digits in (parentheses), conflicts !between!,
       wrong after check ?between?";

/// The board as text, 37 columns wide.
pub fn board_text(app: &App) -> String {
    let board = app.board();
    let conflicts = app.conflicts();
    let mut out = String::new();
    let rule = "  +---------+---------+---------+\n";
    out.push_str("    1  2  3   4  5  6   7  8  9\n");
    for row in 0..9 {
        if row % 3 == 0 {
            out.push_str(rule);
        }
        out.push_str(&format!("{} |", row + 1));
        for col in 0..9 {
            let cell = row * 9 + col;
            let digit = board.cells[cell];
            let text = match digit {
                0 => " . ".to_string(),
                d if app.is_given(cell) => format!(" {d} "),
                d if conflicts.contains(&cell) => format!("!{d}!"),
                d if app.wrong.contains(&cell) => format!("?{d}?"),
                d => format!("({d})"),
            };
            out.push_str(&text);
            if col % 3 == 2 {
                out.push('|');
            }
        }
        out.push('\n');
    }
    out.push_str(rule);
    out
}

/// A status line: moves, hints, mistakes, the last message.
fn status(app: &App) -> String {
    format!(
        "state {}/{}  hints {}  mistakes {}  {}",
        app.at,
        app.history.len() - 1,
        app.hints_used,
        app.mistakes,
        app.message
    )
}

/// Parses `r3c5` into a cell index.
fn parse_cell(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    match b {
        [b'r' | b'R', r @ b'1'..=b'9', b'c' | b'C', c @ b'1'..=b'9'] => {
            Some(usize::from(r - b'1') * 9 + usize::from(c - b'1'))
        }
        _ => None,
    }
}

fn parse_digit(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [d @ b'0'..=b'9'] => Some(d - b'0'),
        [b'.'] => Some(0),
        _ => None,
    }
}

/// Runs one command; `false` when the game should end.
pub fn command(app: &mut App, line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    app.message.clear();
    match words.as_slice() {
        [] => {}
        ["quit" | "q" | "exit"] => return false,
        ["help" | "?"] => app.message = HELP.into(),
        ["undo" | "u"] => app.undo(),
        ["redo"] => app.redo(),
        ["history"] => {
            let lines: Vec<String> = app
                .history
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let filled = b.cells.iter().filter(|&&v| v != 0).count();
                    let mark = if i == app.at { " <- now" } else { "" };
                    format!("  {i}: {filled} cells filled{mark}")
                })
                .collect();
            app.message = format!("history:\n{}", lines.join("\n"));
        }
        ["history", n] => match n.parse::<usize>() {
            Ok(i) if i < app.history.len() => app.go_to(i),
            _ => app.message = format!("history: no state {n}"),
        },
        ["hint"] => {
            app.hint();
            if let Some(hint) = &app.hint {
                let cells: Vec<String> = hint
                    .cells()
                    .iter()
                    .map(|c| format!("r{}c{}", c / 9 + 1, c % 9 + 1))
                    .collect();
                app.message = format!("{}; look at {}", app.message, cells.join(" "));
            }
        }
        ["check"] => app.check(),
        ["solve"] => app.solve(),
        ["notes"] => app.fill_notes(),
        ["save"] => match save::unreadable() {
            Some(why) => app.message = format!("{why}; 'save!' overwrites it with this game"),
            None => match save::save(app) {
                Ok(path) => app.message = format!("saved to {}", path.display()),
                Err(e) => app.message = format!("save failed: {e:#}"),
            },
        },
        ["save!"] => match save::save_over(app) {
            Ok(path) => app.message = format!("saved to {}", path.display()),
            Err(e) => app.message = format!("save failed: {e:#}"),
        },
        ["note", cell, digit] => match (parse_cell(cell), parse_digit(digit)) {
            (Some(cell), Some(d @ 1..=9)) => app.toggle_note(cell, d),
            _ => app.message = format!("not understood: {line} (try: note r3c5 7)"),
        },
        [cell, digit] => match (parse_cell(cell), parse_digit(digit)) {
            (Some(cell), Some(d)) => {
                app.cursor = cell;
                app.place(cell, d);
            }
            _ => app.message = format!("not understood: {line} (try: r3c5 7, or help)"),
        },
        _ => app.message = format!("not understood: {line} (type help)"),
    }
    true
}

/// Plays until `quit` or the end of input; saves on quit, on Ctrl-C, on an
/// input or output error and on a panic.
pub fn run(app: &mut App, input: impl BufRead, out: impl Write) -> io::Result<()> {
    save::save_on_signals(|| {})?;
    let result = save::guard(
        app,
        |app| play(app, input, out),
        |app| save::save_unattended(app),
    );
    // Input or output failed (a closed pipe, say): the game is kept all the same.
    if result.is_err() && !app.is_solved() {
        save::save_unattended(app);
    }
    result
}

fn play(app: &mut App, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    save::set_snapshot(save::encode(app).ok());
    writeln!(out, "{}{}", board_text(app), status(app))?;
    writeln!(out, "type help for the commands")?;
    for line in input.lines() {
        let line = line?;
        if line.trim() == "quit!" {
            save::set_snapshot(None);
            return writeln!(out, "quit without saving");
        }
        if !command(app, &line) {
            // Never over a save file this version can't read without asking.
            if let Some(why) = save::unreadable() {
                writeln!(
                    out,
                    "{why}.\n'save!' overwrites it with this game; 'quit!' quits without saving"
                )?;
                continue;
            }
            break;
        }
        // Before the board is shown: a signal after it finds this state.
        let solved = app.is_solved();
        save::set_snapshot(if solved { None } else { save::encode(app).ok() });
        writeln!(out, "{}{}", board_text(app), status(app))?;
        if solved {
            writeln!(
                out,
                "Solved! hints {}  mistakes {}",
                app.hints_used, app.mistakes
            )?;
            save::remove();
            return Ok(());
        }
    }
    // At the end of input no one can answer: an unreadable save file is
    // kept and the game goes beside it.
    match save::encode(app).and_then(|json| save::write_somewhere(&json)) {
        Ok(path) => writeln!(out, "game saved to {}", path.display()),
        Err(e) => writeln!(out, "could not save the game: {e:#}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokuflow::Grid;

    #[test]
    fn commands_place_clear_undo_and_report_bad_input() {
        let puzzle =
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let mut app = App::new(Grid::parse_line(puzzle).unwrap());
        assert!(command(&mut app, "r1c3 5"));
        assert!(board_text(&app).contains("| 5  3 !5!"));
        assert!(command(&mut app, "r1c3 4"));
        assert!(board_text(&app).contains("| 5  3 (4)"));
        command(&mut app, "r1c3 0");
        assert_eq!(app.board().cells[2], 0);
        command(&mut app, "undo");
        assert_eq!(app.board().cells[2], 4);
        command(&mut app, "r10c3 4");
        assert!(app.message.starts_with("not understood"));
        assert!(!command(&mut app, "quit"));
    }
}
