//! The full-screen front end: sets the terminal up (raw mode, alternate
//! screen, mouse), turns crossterm events into [`Key`]s for the start
//! screen's [`Menu`] and the game's [`App`], and always restores the terminal
//! and saves: on quit, on Ctrl-C (a key in raw mode), on SIGINT, SIGTERM and
//! SIGHUP (the terminal closed), on a terminal error, and on a panic (a hook
//! restores the terminal before the message is printed, then the game is
//! saved).

use std::io::{self, stdout};
use std::time::Duration;

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::{App, Key, Outcome};
use super::menu::{Menu, MenuOutcome};
use super::{save, ui};

/// What the full screen shows.
pub enum Screen {
    Menu(Menu),
    Game(Box<App>),
}

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen);
}

/// Plays full screen until `q` or Ctrl-C, then saves the game (unless
/// solved).
pub fn run(mut screen: Screen) -> anyhow::Result<()> {
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    // The terminal may be gone by then (SIGHUP): restoring it is best effort.
    save::save_on_signals(restore)?;
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let result = save::guard(
        &mut screen,
        |screen| event_loop(screen, color),
        |screen| on_panic(screen, restore),
    );
    restore();
    let exit = match result {
        Ok(exit) => exit,
        Err(e) => {
            save_unsolved(&screen);
            return Err(e.into());
        }
    };
    let Screen::Game(app) = screen else {
        return Ok(());
    };
    if exit == Exit::KeepSaveFile {
        println!("The game was not saved; the save file was kept.");
    } else if app.is_solved() {
        save::remove();
        let secs = app.elapsed().as_secs();
        println!("Solved in {}:{:02}.", secs / 60, secs % 60);
    } else {
        match save::save(&app) {
            Ok(path) => println!(
                "Game saved to {}; 'sudokuflow play --resume' continues it.",
                path.display()
            ),
            Err(e) => eprintln!("sudokuflow: could not save the game: {e:#}"),
        }
    }
    Ok(())
}

/// After a panic in the loop: the terminal back first, then the game saved.
fn on_panic(screen: &Screen, restore: impl FnOnce()) {
    restore();
    save_unsolved(screen);
}

/// Saves a game in progress when no one can be asked.
fn save_unsolved(screen: &Screen) {
    if let Screen::Game(app) = screen
        && !app.is_solved()
    {
        save::save_unattended(app);
    }
}

/// The game's key for a terminal key; `None` for keys the game ignores.
fn key_of(k: KeyEvent) -> Option<Key> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    Some(match k.code {
        KeyCode::Char('r') if ctrl => Key::CtrlR,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        _ => return None,
    })
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Exit {
    /// Save the game (unless it is solved).
    Save,
    /// The player said no to overwriting a save file this version can't read.
    KeepSaveFile,
}

/// A question on the status line about a save file this version can't read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overwrite {
    /// Asked on `s`.
    ThenPlay,
    /// Asked on quit.
    ThenQuit,
}

fn ask_overwrite(app: &mut App, why: &str, then: Overwrite) -> Option<Overwrite> {
    let no = match then {
        Overwrite::ThenPlay => "n keeps it",
        Overwrite::ThenQuit => "n quits without saving",
    };
    app.message = format!("{why}. Overwrite it with this game? y, or {no}");
    Some(then)
}

fn event_loop(screen: &mut Screen, color: bool) -> io::Result<Exit> {
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    let mut asking: Option<Overwrite> = None;
    loop {
        // What a signal would save: the game as of the last event.
        if let Screen::Game(app) = screen {
            let solved = app.is_solved();
            save::set_snapshot(if solved { None } else { save::encode(app).ok() });
        }
        if let Screen::Menu(menu) = screen {
            menu.rate_around(ui::menu_rows(terminal.size()?.height));
        }
        terminal.draw(|f| match screen {
            Screen::Menu(menu) => ui::draw_menu(f, menu, color),
            Screen::Game(app) => ui::draw(f, app, color),
        })?;
        // Wake up once a second for the timer, or for the next animation step.
        let wait = match screen {
            Screen::Game(app) => app
                .autosolve
                .as_ref()
                .map_or(Duration::from_secs(1), |a| a.delay),
            Screen::Menu(_) => Duration::from_secs(1),
        };
        if !event::poll(wait)? {
            if let Screen::Game(app) = screen {
                app.tick();
            }
            continue;
        }
        match (event::read()?, &mut *screen) {
            (Event::Key(k), _) if k.kind == KeyEventKind::Release => {}
            (Event::Key(k), Screen::Game(app)) if asking.is_some() => {
                let then = asking.take();
                let yes = k.code == KeyCode::Char('y');
                if yes {
                    app.message = match save::save_over(app) {
                        Ok(path) => format!("saved to {}", path.display()),
                        Err(e) => format!("save failed: {e:#}"),
                    };
                } else {
                    app.message = "the save file was kept".into();
                }
                if then == Some(Overwrite::ThenQuit) {
                    return Ok(if yes { Exit::Save } else { Exit::KeepSaveFile });
                }
            }
            (Event::Key(k), Screen::Menu(_))
                if k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL) =>
            {
                return Ok(Exit::Save);
            }
            (Event::Key(k), Screen::Menu(menu)) => {
                let Some(key) = key_of(k) else { continue };
                match menu.key(key) {
                    MenuOutcome::Continue => {}
                    MenuOutcome::Start(app) => *screen = Screen::Game(app),
                    MenuOutcome::Quit => return Ok(Exit::Save),
                }
            }
            (Event::Key(k), Screen::Game(app)) => {
                let ctrl_c =
                    k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL);
                // `s` saves when it is not answering a pause, an animation,
                // the help or the history.
                let save_key = !ctrl_c
                    && k.code == KeyCode::Char('s')
                    && app.autosolve.is_none()
                    && !app.paused
                    && !app.show_help
                    && app.history_view.is_none();
                let quit = ctrl_c
                    || !save_key && key_of(k).is_some_and(|key| app.key(key) == Outcome::Quit);
                if quit && !app.is_solved() {
                    // Never over a save file this version can't read without asking.
                    match save::unreadable() {
                        Some(why) => asking = ask_overwrite(app, &why, Overwrite::ThenQuit),
                        None => return Ok(Exit::Save),
                    }
                } else if quit {
                    return Ok(Exit::Save);
                } else if save_key {
                    app.message = match save::unreadable() {
                        Some(why) => {
                            asking = ask_overwrite(app, &why, Overwrite::ThenPlay);
                            continue;
                        }
                        None => match save::save(app) {
                            Ok(path) => format!("saved to {}", path.display()),
                            Err(e) => format!("save failed: {e:#}"),
                        },
                    };
                }
            }
            (Event::Mouse(m), Screen::Game(app))
                if m.kind == MouseEventKind::Down(MouseButton::Left) =>
            {
                let area = terminal.size()?;
                let size = ui::cell_size(area.width, area.height);
                if let Some(cell) = ui::cell_at(m.column, m.row, size) {
                    app.cursor = cell;
                }
            }
            // A resize and the rest: the loop redraws at the new size.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::path::Path;

    // Saving after a panic is tested in `save` (one test owns the save
    // folder); here the terminal comes back and the panic goes on.
    #[test]
    fn a_panic_restores_the_terminal_and_goes_on() {
        let mut screen = Screen::Menu(Menu::new(Path::new("."), 0));
        let restored = Cell::new(false);
        let result = catch_unwind(AssertUnwindSafe(|| {
            save::guard(
                &mut screen,
                |_| -> Exit { panic!("a bug") },
                |screen| on_panic(screen, || restored.set(true)),
            )
        }));
        assert!(result.is_err(), "the panic goes on");
        assert!(restored.get());
    }
}
