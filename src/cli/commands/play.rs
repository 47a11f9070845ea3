//! `sudokuflow play`: picks the game (resume, file and puzzle, new game of a
//! level) and hands it to a front end.

use std::io::{self, BufRead, Write};
use std::path::Path;

use anyhow::{Context, bail};
use sudokuflow::logic::Level;

use super::random_seed;
use crate::cli::args::PlayArgs;
use crate::play::app::App;
use crate::play::menu::Menu;
use crate::play::tui::Screen;
use crate::play::{plain, save, source, tui};

pub fn play(args: &PlayArgs) -> anyhow::Result<u8> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    if args.plain {
        if let Some(mut app) = choose_game(args, &mut input, &mut out)? {
            plain::run(&mut app, input, out)?;
        }
        return Ok(0);
    }
    drop((input, out));
    // Full screen: the start screen unless the arguments name the game.
    let seed = args.seed.unwrap_or_else(random_seed);
    let screen = if args.resume {
        Screen::Game(Box::new(save::load()?))
    } else if let Some(level) = args.level {
        Screen::Game(Box::new(new_game(level, Some(seed))?))
    } else if let Some(path) = &args.file {
        if args.puzzle.is_some() {
            let app = game_from_file(path, args.puzzle, &mut io::empty(), &mut io::sink())?;
            Screen::Game(Box::new(app.expect("--puzzle needs no input")))
        } else {
            Screen::Menu(Menu::with_file(path, seed)?)
        }
    } else {
        Screen::Menu(Menu::new(Path::new("."), seed))
    };
    tui::run(screen)?;
    Ok(0)
}

/// The game to play, asking on `input` when the arguments don't say.
fn choose_game(
    args: &PlayArgs,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<Option<App>> {
    if args.resume {
        return save::load().map(Some);
    }
    if let Some(level) = args.level {
        return new_game(level, args.seed).map(Some);
    }
    if let Some(path) = &args.file {
        return game_from_file(path, args.puzzle, input, out);
    }
    // The start prompt.
    let files = source::puzzle_files(Path::new("."));
    loop {
        for (i, file) in files.iter().enumerate() {
            writeln!(out, "{:4}. open {}", i + 1, file.display())?;
        }
        write!(
            out,
            "new game: easy, medium, hard, expert, hell; a file's number; 'resume' the saved game; 'quit': "
        )?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        match line.trim() {
            "quit" | "q" => return Ok(None),
            "resume" => match save::load() {
                Ok(app) => return Ok(Some(app)),
                Err(e) => writeln!(out, "{e:#}")?,
            },
            name => {
                if let Ok(level) = name.parse::<Level>() {
                    return new_game(level, args.seed).map(Some);
                }
                match name
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| files.get(n.checked_sub(1)?))
                {
                    Some(file) => return game_from_file(file, None, input, out),
                    None => writeln!(out, "not a choice: {name}")?,
                }
            }
        }
    }
}

/// Opens the file's puzzle `puzzle`, or lists them (checked and rated) and asks.
fn game_from_file(
    path: &Path,
    puzzle: Option<usize>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<Option<App>> {
    let entries = source::open_file(path)?;
    let number = match puzzle {
        Some(n) => n,
        None => {
            for (i, e) in entries.iter().enumerate() {
                let rating = source::rating_text(e);
                let problem = e.problem.as_deref().unwrap_or("");
                let text = format!("{:4}. line {:<5} {rating:<20} {problem}", i + 1, e.line);
                writeln!(out, "{}", text.trim_end())?;
            }
            write!(out, "puzzle number (1-{}): ", entries.len())?;
            out.flush()?;
            match read_line(input)? {
                Some(line) => line.trim().parse().context("expected a puzzle number")?,
                None => return Ok(None),
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
    let mut app = App::new(puzzle);
    app.set_file(path, number);
    if let Some(warning) = &entry.problem {
        app.message = format!("warning: {warning}");
    }
    Ok(Some(app))
}

fn new_game(level: Level, seed: Option<u64>) -> anyhow::Result<App> {
    let seed = seed.unwrap_or_else(random_seed);
    let mut app = App::new(source::new_game(level, seed)?);
    app.source = format!("new {level} game, seed {seed}");
    Ok(app)
}

fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    Ok((input.read_line(&mut line)? > 0).then_some(line))
}
