//! Plain line mode (`play --plain`): the board printed as text after each
//! command, with the pencil marks under it, and commands read line by line
//! (each at most [`MAX_COMMAND`] bytes, so memory stays bounded whatever
//! comes in). For pipes, screen readers, terminals without full-screen
//! support, and scripted tests. Same [`App`] underneath. Ctrl-C (and
//! SIGTERM, SIGHUP) saves the game before the process ends.

use std::io::{self, BufRead, Write};

use sudokuflow::format::printable;
use sudokuflow::logic::{self, Level};

use super::app::{App, Front};
use super::board::cell_name;
use super::clock;
use super::guard;
use super::hint::{Offer, Rung};
use super::keys::{self, Command};
use super::rating::{self, Rated};
use super::save;
use super::settings::{self, Setting};
use super::stats;

/// Longest command line read; a longer one is skipped and reported.
pub const MAX_COMMAND: usize = 4096;

/// A line of input, read with bounded memory.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    Line(String),
    /// A line over the limit, skipped to its end: its length.
    TooLong(usize),
    End,
}

/// Reads the next line of at most `max` bytes (a longer one is read to its
/// end but not kept).
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Read> {
    let mut line = Vec::new();
    // The line's length without its newline; `None` before any byte.
    let mut length: Option<usize> = None;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        let (take, newline) = match memchr::memchr(b'\n', available) {
            Some(end) => (end, true),
            None => (available.len(), false),
        };
        let so_far = length.unwrap_or(0);
        if so_far + take <= max {
            line.extend_from_slice(&available[..take]);
        }
        length = Some(so_far + take);
        input.consume(take + usize::from(newline));
        if newline {
            break;
        }
    }
    Ok(match length {
        None => Read::End,
        Some(length) if length > max => Read::TooLong(length),
        Some(_) => Read::Line(String::from_utf8_lossy(&line).into_owned()),
    })
}

/// The board as text, 37 columns wide, with a heading (where the puzzle
/// comes from and its level) and the notes under it.
pub fn board_text(app: &App) -> String {
    let board = app.board();
    let conflicts = app.conflicts();
    let wrong = app.wrong_cells();
    let mut out = String::new();
    out.push_str(&format!("{} · {}\n", app.source, app.level_text()));
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
                d if conflicts.contains(&cell) => format!("!{d}!"),
                d if app.is_given(cell) => format!(" {d} "),
                d if wrong.contains(&cell) => format!("?{d}?"),
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
    let rows: Vec<String> = (0..9)
        .filter_map(|row| {
            let cells: Vec<String> = (0..9)
                .map(|col| row * 9 + col)
                .filter(|&cell| board.cells[cell] == 0 && board.notes[cell] != 0)
                .map(|cell| {
                    let digits: String = (1..=9)
                        .filter(|d| board.notes[cell] & (1 << d) != 0)
                        .map(|d| char::from(b'0' + d))
                        .collect();
                    // Notes a check found leaving out their digit, marked
                    // as a wrong digit is.
                    match wrong.contains(&cell) {
                        true => format!("c{} ?{digits}?", cell % 9 + 1),
                        false => format!("c{} {digits}", cell % 9 + 1),
                    }
                })
                .collect();
            (!cells.is_empty()).then(|| format!("  row {}: {}\n", row + 1, cells.join("  ")))
        })
        .collect();
    if !rows.is_empty() {
        out.push_str("notes:\n");
        out.extend(rows);
    }
    out
}

/// A status line: moves, hints, mistakes, time, the last message.
fn status(app: &App) -> String {
    let mistakes = if app.settings.show_mistakes {
        format!("mistakes {}  ", app.mistakes)
    } else {
        String::new()
    };
    format!(
        "state {}/{}  hints {}  {mistakes}time {}  {}",
        app.at,
        app.history.len() - 1,
        app.hints_used,
        clock::format(app.elapsed()),
        app.message
    )
}

/// Parses `r3c5` into a cell index.
fn parse_cell(text: &str) -> Option<usize> {
    match text.as_bytes() {
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

/// What a command asks of the session beyond the game itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    Continue,
    /// Save, then end (`quit`) or go on to a new game or the start prompt.
    Leave(Leave),
    /// End without saving.
    Abandon,
    Save {
        over: bool,
    },
}

/// Where the player goes once the game is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Quit,
    NewGame(Level),
    Menu,
}

/// Runs one command on the game: its first word names it in the key
/// table, or it is `r3c5 7`.
pub fn command(app: &mut App, line: &str) -> Request {
    let words: Vec<&str> = line.split_whitespace().collect();
    app.message.clear();
    let Some((first, args)) = words.split_first() else {
        return Request::Continue;
    };
    match (keys::plain_command(first), args) {
        (Some(Command::Quit), []) => return Request::Leave(Leave::Quit),
        (Some(Command::Abandon), []) => return Request::Abandon,
        (Some(Command::Help), []) => app.message = keys::plain_help(),
        (Some(Command::Undo), []) => app.undo(),
        (Some(Command::Redo), []) => app.redo(),
        (Some(Command::History), []) => {
            let lines: Vec<String> = app
                .history
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let mark = if i == app.at { "  <- now" } else { "" };
                    format!("  {i}: {}{mark}", s.by.describe())
                })
                .collect();
            app.message = format!("history:\n{}", lines.join("\n"));
        }
        (Some(Command::History), [n]) => match n.parse::<usize>() {
            Ok(i) if i < app.history.len() => app.go_to(i),
            _ => app.message = format!("history: no state {}", printable(n.as_bytes())),
        },
        (Some(Command::Hint), []) => {
            app.hint();
            // No colours here: the cells a shown step lights are named.
            if let Some(hint) = &app.hint
                && hint.rung == Rung::Shown
                && let Offer::Step(_) = hint.offer
            {
                let cells: Vec<String> = hint.cells().into_iter().map(cell_name).collect();
                app.message = format!("{}; the cells: {}", app.message, cells.join(" "));
            }
        }
        (Some(Command::Check), []) => app.check(),
        (Some(Command::Stats), []) => app.message = stats_text(),
        (Some(Command::Solve), []) => app.solve(),
        (Some(Command::FillNotes), []) => app.fill_notes(),
        (Some(Command::Restart), []) => app.restart(),
        (Some(Command::NewGame), []) => {
            let level = app
                .rating
                .get()
                .flatten()
                .map_or(Level::Medium, |r| r.level);
            return Request::Leave(Leave::NewGame(level));
        }
        (Some(Command::NewGame), [level]) => match level.parse::<Level>() {
            Ok(level) => return Request::Leave(Leave::NewGame(level)),
            Err(_) => {
                app.message = format!(
                    "new: {} is not a level (easy, medium, hard, expert, hell)",
                    printable(level.as_bytes())
                );
            }
        },
        (Some(Command::Menu), []) => return Request::Leave(Leave::Menu),
        (Some(Command::Set), [name, value]) => {
            let setting = Setting::ALL.into_iter().find(|s| s.word() == *name);
            let on = match *value {
                "on" => Some(true),
                "off" => Some(false),
                _ => None,
            };
            match (setting, on) {
                (Some(setting), Some(on)) => {
                    app.settings.set(setting, on);
                    app.message = match settings::store(&app.settings) {
                        Ok(()) => format!("{} {value}", setting.word()),
                        Err(e) => format!("{} {value} for this game only: {e:#}", setting.word()),
                    };
                }
                _ => app.message = not_understood(line, "try: set mistakes off"),
            }
        }
        (Some(Command::Save), []) => return Request::Save { over: false },
        (Some(Command::SaveOver), []) => return Request::Save { over: true },
        (Some(Command::Note), [cell, digit]) => match (parse_cell(cell), parse_digit(digit)) {
            (Some(cell), Some(d @ 1..=9)) => {
                app.cursor = cell;
                app.toggle_note(cell, d);
            }
            _ => app.message = not_understood(line, "try: note r3c5 7"),
        },
        (_, [digit]) => match (parse_cell(first), parse_digit(digit)) {
            (Some(cell), Some(d)) => {
                app.cursor = cell;
                app.place(cell, d);
            }
            _ => app.message = not_understood(line, "try: r3c5 7, or help"),
        },
        _ => app.message = not_understood(line, "type help"),
    }
    Request::Continue
}

/// The statistics as plain mode shows them: the table and its rules, or
/// why the file can't be read.
pub fn stats_text() -> String {
    match stats::load() {
        Ok(kept) => {
            let mut lines = vec!["statistics:".to_string()];
            lines.extend(stats::table(&kept).into_iter().map(|l| format!("  {l}")));
            lines.extend(stats::RULES.iter().map(|l| format!("  {l}")));
            lines.join("\n")
        }
        Err(why) => why,
    }
}

/// The message for a command `line` that is not understood, echoed with
/// its control characters escaped, and what to try.
fn not_understood(line: &str, try_this: &str) -> String {
    format!(
        "not understood: {} ({try_this})",
        printable(line.as_bytes())
    )
}

/// How a plain game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The program ends with this status.
    Exit(u8),
    NewGame(Level),
    Menu,
}

/// Plays until `quit`, the end of input, or a new game or the start
/// prompt; saves on leaving, on Ctrl-C, on an input or output error and on
/// a panic.
pub fn run(app: &mut App, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<End> {
    app.front = Front::Plain;
    app.settings = settings::load().0;
    // Line by line, the same output for the same input: the rating first.
    app.rating.wait();
    let result = guard::guard(
        app,
        |app| play(app, input, out),
        |app| {
            guard::save_unattended(app);
        },
    );
    // Input or output failed (a closed pipe, say): the game is kept all the same.
    if result.is_err() && !app.is_solved() {
        guard::save_unattended(app);
    }
    result
}

/// Saves the game in its slot, saying so; false if it could not be.
fn keep(app: &mut App, over: bool, out: &mut impl Write) -> io::Result<bool> {
    if app.is_solved() {
        save::remove(app);
        return Ok(true);
    }
    if !app.has_moves() {
        writeln!(out, "no move made yet: the game was not saved")?;
        return Ok(true);
    }
    let result = if over {
        save::save_over(app)
    } else {
        save::save(app)
    };
    match result {
        Ok(path) => {
            app.saved();
            writeln!(out, "game saved to {}", path.display())?;
            Ok(true)
        }
        Err(e) => {
            writeln!(
                out,
                "could not save the game: {e:#}\n'save!' overwrites a save file this version can't read; 'quit!' quits without saving"
            )?;
            Ok(false)
        }
    }
}

fn play(app: &mut App, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<End> {
    guard::set_snapshot(Some(app));
    // The board as last printed: printed again only when it changed.
    let mut shown = board_text(app);
    writeln!(out, "{shown}{}", status(app))?;
    writeln!(out, "type help for the commands")?;
    let mut number = 0u64;
    loop {
        number += 1;
        let line = match read_line(input, MAX_COMMAND)? {
            Read::End => break,
            Read::TooLong(length) => {
                writeln!(
                    out,
                    "line {number}: {length} bytes, longer than a command can be ({MAX_COMMAND}); ignored"
                )?;
                continue;
            }
            Read::Line(line) => line,
        };
        let request = command(app, &line);
        stats::count(app);
        match request {
            Request::Continue => {}
            Request::Abandon => {
                guard::set_snapshot(None);
                writeln!(out, "quit without saving")?;
                return Ok(End::Exit(0));
            }
            Request::Save { over } => {
                keep(app, over, out)?;
            }
            Request::Leave(leave) => {
                if keep(app, false, out)? {
                    guard::set_snapshot(None);
                    return Ok(match leave {
                        Leave::Quit => End::Exit(0),
                        Leave::NewGame(level) => End::NewGame(level),
                        Leave::Menu => End::Menu,
                    });
                }
            }
        }
        // Before the board is shown: a signal after it finds this state.
        guard::set_snapshot(Some(app));
        let board = board_text(app);
        if board != shown {
            write!(out, "{board}")?;
            shown = board;
        }
        writeln!(out, "{}", status(app))?;
        if app.is_solved() {
            writeln!(
                out,
                "{} hints {}  mistakes {}",
                app.end_message(),
                app.hints_used,
                app.mistakes
            )?;
            if let Some(summary) = app.count_news.as_ref().and_then(|r| r.summary()) {
                writeln!(out, "{summary}")?;
            }
            save::remove(app);
            guard::set_snapshot(None);
            return Ok(End::Exit(0));
        }
    }
    // At the end of input no one can answer: an unreadable save file is
    // kept and the game goes beside it.
    guard::set_snapshot(None);
    if !app.has_moves() {
        writeln!(out, "no move made yet: the game was not saved")?;
        return Ok(End::Exit(0));
    }
    let written =
        save::slot(&app.puzzle).and_then(|slot| save::write_somewhere(&save::encode(app), &slot));
    match written {
        Ok(path) => {
            writeln!(out, "game saved to {}", path.display())?;
            Ok(End::Exit(0))
        }
        Err(e) => {
            writeln!(out, "could not save the game: {e:#}")?;
            Ok(End::Exit(2))
        }
    }
}

/// Most puzzles of a file listed with their ratings: rating takes up to
/// seconds a puzzle on the hardest ones.
const RATED_LIST: usize = 200;

/// Lists the file's puzzles, a line each, rated (on every core) when they
/// are few; the ratings, for the game chosen (`None` when not rated).
pub fn list_entries(
    entries: &[super::source::Entry],
    out: &mut impl Write,
) -> io::Result<Option<Vec<Rated>>> {
    use rayon::prelude::*;
    let rated: Option<Vec<Rated>> = (entries.len() <= RATED_LIST).then(|| {
        entries
            .par_iter()
            .map(|e| {
                let playable = e.puzzle.filter(|_| e.playable);
                let rating =
                    playable.and_then(|p| logic::rate(&p, &logic::Options::default()).ok());
                Rated::known(rating)
            })
            .collect()
    });
    let ratings: Vec<String> = if let Some(rated) = &rated {
        rated
            .iter()
            .map(|r| r.get().flatten().map(rating::words).unwrap_or_default())
            .collect()
    } else {
        writeln!(
            out,
            "{} puzzles, not rated here ('sudokuflow rate FILE' rates them):",
            entries.len()
        )?;
        vec![String::new(); entries.len()]
    };
    // Games in progress are marked in a column of their own.
    let marks = entries.iter().any(|e| e.in_progress);
    for (i, (e, rating)) in entries.iter().zip(ratings).enumerate() {
        let rating = if e.playable {
            format!("{rating:<20} ")
        } else {
            String::new()
        };
        let problem = e.problem.as_deref().unwrap_or("");
        let progress = e.progress_mark(marks);
        let text = format!(
            "{:4}. line {:<5} {progress}{rating}{problem}",
            i + 1,
            e.line
        );
        writeln!(out, "{}", text.trim_end())?;
    }
    Ok(rated)
}

/// The saved games, a line each, numbered for `resume N`.
pub fn list_saves(saves: &[save::Listed], out: &mut impl Write) -> io::Result<()> {
    if saves.is_empty() {
        return Ok(());
    }
    writeln!(out, "saved games (newest first):")?;
    for (i, listed) in saves.iter().enumerate() {
        let date = save::local_date(listed.saved_at.as_secs());
        match &listed.game {
            Ok(game) => {
                let level = game.level.as_deref().unwrap_or("unrated");
                let time = clock::format(std::time::Duration::from_secs(game.seconds_played));
                writeln!(
                    out,
                    "  r{}. {level}  {}/81 filled  {time} played  saved {date}  {}",
                    i + 1,
                    game.filled,
                    game.source
                )?;
            }
            Err(why) => writeln!(out, "  r{}. can't be read: {why}", i + 1)?,
        }
    }
    Ok(())
}

/// True when `text` has the line `row`.
#[cfg(test)]
fn has_row(text: &str, row: &str) -> bool {
    text.lines().any(|l| l == row)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::tests::{PUZZLE, app_on};

    #[test]
    fn commands_place_clear_undo_and_report_bad_input() {
        let (mut app, _) = app_on(PUZZLE);
        app.front = Front::Plain;
        command(&mut app, "r1c3 5");
        assert!(has_row(
            &board_text(&app),
            "1 |!5! 3 !5!| .  7  . | .  .  . |"
        ));
        command(&mut app, "r1c3 4");
        assert!(board_text(&app).contains("| 5  3 (4)"));
        command(&mut app, "r1c3 0");
        assert_eq!(app.board().cells[2], 0);
        command(&mut app, "undo");
        assert_eq!(app.board().cells[2], 4);
        command(&mut app, "r10c3 4");
        assert!(app.message.starts_with("not understood"));
        assert_eq!(command(&mut app, "quit"), Request::Leave(Leave::Quit));
        assert_eq!(
            command(&mut app, "new hard"),
            Request::Leave(Leave::NewGame(Level::Hard))
        );
    }

    /// Item 31 of issue 34: what the player typed is echoed with its
    /// control characters escaped, so it cannot retitle or clear the terminal.
    #[test]
    fn echoed_commands_cannot_drive_the_terminal() {
        let (mut app, _) = app_on(PUZZLE);
        app.front = Front::Plain;
        for line in [
            "foo\u{1b}]0;PWNED\u{7}",
            "r1c3 \u{1b}[2J",
            "note r1c3 \u{9b}2J",
            "set mistakes \u{1b}c",
            "history \u{1b}c",
            "new \u{1b}c",
        ] {
            command(&mut app, line);
            assert!(
                !app.message.contains(char::is_control),
                "{line:?}: {:?}",
                app.message
            );
            assert!(
                app.message.contains("\\x1b") || app.message.contains("\\u{9b}"),
                "{line:?}: {:?}",
                app.message
            );
        }
    }

    /// Item 14 of issue 28: pencil marks are printed, and messages name
    /// plain commands.
    #[test]
    fn notes_are_printed_and_messages_say_hint() {
        let (mut app, _) = app_on(PUZZLE);
        app.front = Front::Plain;
        command(&mut app, "note r1c4 2");
        command(&mut app, "note r1c4 6");
        command(&mut app, "note r2c2 7");
        let text = board_text(&app);
        assert!(
            text.contains("notes:\n  row 1: c4 26\n  row 2: c2 7\n"),
            "{text}"
        );
        // A check marks the notes that leave out their cell's digit (r1c3
        // is 4), and only those.
        command(&mut app, "note r1c3 1");
        app.check();
        let text = board_text(&app);
        assert!(
            text.contains("notes:\n  row 1: c3 ?1?  c4 26\n  row 2: c2 7\n"),
            "{text}"
        );
        command(&mut app, "note r1c3 1");
        command(&mut app, "hint");
        assert!(
            app.message.contains("(hint again shows more)"),
            "{}",
            app.message
        );
        assert!(!app.message.contains("the cells:"), "{}", app.message);
        command(&mut app, "hint");
        assert!(
            app.message.contains("(hint again to apply)") && app.message.contains("; the cells: r"),
            "{}",
            app.message
        );
        assert!(!app.message.contains(" H "), "{}", app.message);
        command(&mut app, "note r1c1 3");
        assert_eq!(app.message, "r1c1 is a given: no notes there");
    }

    /// Item 11 of issue 34: `set wrong on` marks a wrong digit ?1? at once.
    #[test]
    fn set_wrong_marks_wrong_digits_at_once() {
        let (mut app, _) = app_on(PUZZLE);
        app.front = Front::Plain;
        command(&mut app, "r1c3 1");
        command(&mut app, "r1c4 6");
        assert!(has_row(
            &board_text(&app),
            "1 | 5  3 (1)|(6) 7  . | .  .  . |"
        ));
        app.settings.set(Setting::Wrong, true);
        assert!(has_row(
            &board_text(&app),
            "1 | 5  3 ?1?|(6) 7  . | .  .  . |"
        ));
    }

    #[test]
    fn reads_are_bounded() {
        let mut long = vec![b'x'; 100_000];
        long.extend_from_slice(b"\nr1c3 4\nlast");
        let mut input = io::Cursor::new(long);
        assert_eq!(read_line(&mut input, 10).unwrap(), Read::TooLong(100_000));
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Read::Line("r1c3 4".into())
        );
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Read::Line("last".into())
        );
        assert_eq!(read_line(&mut input, 10).unwrap(), Read::End);
        let mut exact = io::Cursor::new(b"0123456789\n".to_vec());
        assert_eq!(
            read_line(&mut exact, 10).unwrap(),
            Read::Line("0123456789".into())
        );
        let mut over = io::Cursor::new(b"0123456789a".to_vec());
        assert_eq!(read_line(&mut over, 10).unwrap(), Read::TooLong(11));
    }
}
