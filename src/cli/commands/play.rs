//! `sudokuflow play`: picks the game (resume the newest save, a puzzle from
//! a file or the command line, a new game of a level, or the start screen)
//! and hands it to a front end.

use std::io::{self, BufRead, Write};
use std::path::Path;

use anyhow::bail;
use sudokuflow::format::printable;
use sudokuflow::input::Column;
use sudokuflow::logic::Level;

use super::random_seed;
use crate::cli::args::PlayArgs;
use crate::play::app::{App, Front};
use crate::play::clock::{self, SharedClock};
use crate::play::menu::Menu;
use crate::play::plain::{self, End, MAX_COMMAND, Read};
use crate::play::tui::{self, Context, Screen};
use crate::play::{guard, save, source};

/// A new game's seed when none is given: short enough to read off the
/// screen and type back (`--seed`), plenty for variety.
fn game_seed() -> u64 {
    random_seed() % 1_000_000
}

pub fn play(args: &PlayArgs) -> anyhow::Result<u8> {
    if let (Some(_), Some(path)) = (&args.column, &args.file) {
        // A puzzle typed on the command line has no columns to pick.
        if !path.exists() && source::puzzle_arg(path.as_os_str()).is_some() {
            bail!(
                "--column picks a column of a table FILE, and '{}' is a puzzle, not a file",
                path.display()
            );
        }
    }
    let clock = clock::system();
    if args.plain {
        return plain_session(args, clock);
    }
    if !tui::has_terminal() {
        bail!("play needs a terminal; use --plain for line mode");
    }
    // Full screen: the start screen unless the arguments name the game.
    let seed = args.seed.unwrap_or_else(game_seed);
    let folder = Path::new(".");
    let screen = if args.resume {
        Screen::Game(Box::new(save::load_newest(clock.clone())?))
    } else if let Some(level) = args.level {
        Screen::Game(Box::new(Menu::new_game(level, seed, clock.clone())?))
    } else if let Some(path) = &args.file {
        if let Some(app) = puzzle_given(path, &clock, Front::Screen)? {
            Screen::Game(Box::new(app))
        } else if let Some(number) = args.puzzle {
            let mut sink = io::sink();
            let (mut input, column) = (io::empty(), args.column.as_ref());
            let front = Front::Screen;
            match game_from_file(
                path,
                column,
                Some(number),
                &mut input,
                &mut sink,
                &clock,
                front,
            )? {
                Some(app) => Screen::Game(Box::new(app)),
                None => return Ok(0),
            }
        } else {
            Screen::Menu(Box::new(Menu::with_file(
                path,
                args.column.as_ref(),
                seed,
                clock.clone(),
                save::list(),
            )?))
        }
    } else {
        Screen::Menu(Box::new(Menu::new(
            folder,
            seed,
            clock.clone(),
            save::list(),
        )))
    };
    let context = Context {
        folder: folder.to_path_buf(),
        seed,
        clock,
    };
    tui::run(screen, context)
}

/// A game on the puzzle written in place of a file name (`play 4...3...`),
/// when no file has that name; refused as a file's puzzle would be
/// (conflicting givens, no solution).
fn puzzle_given(path: &Path, clock: &SharedClock, front: Front) -> anyhow::Result<Option<App>> {
    if path.exists() {
        return Ok(None);
    }
    let Some(puzzle) = source::puzzle_arg(path.as_os_str()) else {
        return Ok(None);
    };
    let checked = source::check_puzzle(1, puzzle, None);
    if !checked.playable {
        let why = checked.problem.as_deref().unwrap_or("");
        bail!("the puzzle given: {why}; it can't be played");
    }
    let mut app = save::resume_or_new(puzzle, clock.clone(), front, None);
    if app.loaded_from.is_some() {
        return Ok(Some(app));
    }
    app.source = "a puzzle from the command line".into();
    if app.solution.is_none() {
        app.message =
            "warning: this puzzle has no single solution: check and auto-solve are off".into();
    }
    Ok(Some(app))
}

/// Plain mode: the game the arguments name, or the start prompt, then the
/// game, and the next one after `new` or `menu`.
fn plain_session(args: &PlayArgs, clock: SharedClock) -> anyhow::Result<u8> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    guard::save_on_signals(|| {})?;
    let mut next = first_plain_game(args, &mut input, &mut out, &clock)?;
    let mut seed = args.seed;
    loop {
        let Some(mut app) = next else {
            return Ok(0);
        };
        next = match plain::run(&mut app, &mut input, &mut out)? {
            End::Exit(status) => return Ok(status),
            End::NewGame(level) => {
                seed = seed.map(|s| s.wrapping_add(1));
                Some(new_game(level, seed, &clock)?)
            }
            End::Menu => start_prompt(args.seed, &mut input, &mut out, &clock)?,
        };
    }
}

fn first_plain_game(
    args: &PlayArgs,
    input: &mut impl BufRead,
    out: &mut impl Write,
    clock: &SharedClock,
) -> anyhow::Result<Option<App>> {
    if args.resume {
        return save::load_newest(clock.clone()).map(Some);
    }
    if let Some(level) = args.level {
        return new_game(level, args.seed, clock).map(Some);
    }
    if let Some(path) = &args.file {
        if let Some(app) = puzzle_given(path, clock, Front::Plain)? {
            return Ok(Some(app));
        }
        let column = args.column.as_ref();
        return game_from_file(path, column, args.puzzle, input, out, clock, Front::Plain);
    }
    start_prompt(args.seed, input, out, clock)
}

/// Asks on `input` for the game: a level, a file's number, a saved game.
/// A bare Enter or a typo asks again.
fn start_prompt(
    seed: Option<u64>,
    input: &mut impl BufRead,
    out: &mut impl Write,
    clock: &SharedClock,
) -> anyhow::Result<Option<App>> {
    let files = source::puzzle_files(Path::new("."));
    loop {
        let saves = save::list();
        plain::list_saves(&saves, out)?;
        for (i, file) in files.sudoku.iter().chain(&files.other).enumerate() {
            let name = printable(file.as_os_str().as_encoded_bytes());
            writeln!(out, "{:4}. open {name}", i + 1)?;
        }
        let resume = if saves.is_empty() {
            ""
        } else {
            "; 'resume' the newest saved game, 'resume N' another"
        };
        write!(
            out,
            "new game: easy, medium, hard, expert, hell; a file's number{resume}; 'stats'; 'quit': "
        )?;
        out.flush()?;
        let line = match plain::read_line(input, MAX_COMMAND)? {
            Read::End => return Ok(None),
            Read::TooLong(length) => {
                writeln!(out, "a line of {length} bytes is no choice")?;
                continue;
            }
            Read::Line(line) => line,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let chosen = match words.as_slice() {
            [] => continue,
            ["quit" | "q"] => return Ok(None),
            ["stats"] => {
                writeln!(out, "{}", plain::stats_text())?;
                continue;
            }
            ["resume"] => save::load_newest(clock.clone()).map(Some),
            ["resume", n] => match n
                .trim_start_matches('r')
                .parse::<usize>()
                .ok()
                .and_then(|n| saves.get(n.checked_sub(1)?))
            {
                Some(listed) => save::load(&listed.path, clock.clone()).map(Some),
                None => {
                    writeln!(out, "no saved game {n}")?;
                    continue;
                }
            },
            [name] => {
                if let Ok(level) = name.parse::<Level>() {
                    new_game(level, seed, clock).map(Some)
                } else {
                    match name
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| files.get(n.checked_sub(1)?))
                    {
                        Some(file) => {
                            game_from_file(file, None, None, input, out, clock, Front::Plain)
                        }
                        None => {
                            writeln!(out, "not a choice: {name}")?;
                            continue;
                        }
                    }
                }
            }
            _ => {
                writeln!(out, "not a choice: {}", line.trim())?;
                continue;
            }
        };
        match chosen {
            Ok(Some(app)) => return Ok(Some(app)),
            Ok(None) => return Ok(None),
            Err(e) => writeln!(out, "{e:#}")?,
        }
    }
}

/// Opens the file's puzzle `puzzle`, or lists them (checked and rated) and
/// asks until a playable one is chosen (`None` at the end of input). With a
/// `column`, the file is a table.
fn game_from_file(
    path: &Path,
    column: Option<&Column>,
    puzzle: Option<usize>,
    input: &mut impl BufRead,
    out: &mut impl Write,
    clock: &SharedClock,
    front: Front,
) -> anyhow::Result<Option<App>> {
    let entries = source::open_file(path, column)?;
    if entries.is_empty() {
        bail!("no puzzles in {}", path.display());
    }
    // The list's ratings, which the game chosen from it takes.
    let mut rated = None;
    let number = match puzzle {
        Some(n) => n,
        None => {
            rated = plain::list_entries(&entries, out)?;
            if !entries.iter().any(|e| e.playable) {
                bail!("no puzzle of {} can be played", path.display());
            }
            loop {
                write!(out, "puzzle number (1-{}): ", entries.len())?;
                out.flush()?;
                let line = match plain::read_line(input, MAX_COMMAND)? {
                    Read::End => return Ok(None),
                    Read::TooLong(_) => continue,
                    Read::Line(line) => line,
                };
                let chosen = line.trim().parse::<usize>().ok();
                match chosen.and_then(|n| entries.get(n.checked_sub(1)?)) {
                    Some(entry) if entry.playable => break chosen.expect("a number"),
                    Some(entry) => writeln!(
                        out,
                        "line {}: {}; it can't be played",
                        entry.line,
                        entry.problem.as_deref().unwrap_or("")
                    )?,
                    None if line.trim().is_empty() => {}
                    None => writeln!(out, "not a puzzle number: {}", line.trim())?,
                }
            }
        }
    };
    let Some(entry) = number.checked_sub(1).and_then(|i| entries.get(i)) else {
        bail!(
            "--puzzle {number}: {} has {} puzzles",
            path.display(),
            entries.len()
        );
    };
    let Some(puzzle) = entry.puzzle.filter(|_| entry.playable) else {
        let why = entry.problem.as_deref().unwrap_or("");
        bail!(
            "{} line {}: {why}; this puzzle can't be played",
            path.display(),
            entry.line
        );
    };
    if let Some(warning) = &entry.problem {
        writeln!(out, "warning: {warning}")?;
    }
    let rated = rated.and_then(|r| r.get(number - 1).cloned());
    let mut app = save::resume_or_new(puzzle, clock.clone(), front, rated);
    app.set_file(path, number);
    if let Some(warning) = entry.problem.as_ref().filter(|_| app.loaded_from.is_none()) {
        app.message = format!("warning: {warning}");
    }
    Ok(Some(app))
}

fn new_game(level: Level, seed: Option<u64>, clock: &SharedClock) -> anyhow::Result<App> {
    let seed = seed.unwrap_or_else(game_seed);
    Menu::new_game(level, seed, clock.clone())
}
