//! The full-screen front end: sets the terminal up (raw mode, alternate
//! screen, mouse), turns crossterm events into [`Key`]s for the [`App`], and
//! always restores the terminal and saves: on quit, on Ctrl-C (a key in raw
//! mode) and on a panic (a hook restores it before the message is printed).

use std::io::{self, stdout};
use std::time::Duration;

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::{App, Key, Outcome};
use super::{save, ui};

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen);
}

/// Plays `app` full screen until `q` or Ctrl-C, then saves (unless solved).
pub fn run(app: &mut App) -> anyhow::Result<()> {
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    // On a panic the hook has restored the terminal; save, then go on panicking.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| event_loop(app, color)));
    restore();
    let result = match result {
        Ok(result) => result,
        Err(panic) => {
            if let Ok(path) = save::save(app) {
                eprintln!("sudokuflow: the game was saved to {}", path.display());
            }
            std::panic::resume_unwind(panic);
        }
    };
    result?;
    if app.is_solved() {
        save::remove();
        let secs = app.elapsed().as_secs();
        println!("Solved in {}:{:02}.", secs / 60, secs % 60);
    } else {
        match save::save(app) {
            Ok(path) => println!(
                "Game saved to {}; 'sudokuflow play --resume' continues it.",
                path.display()
            ),
            Err(e) => eprintln!("sudokuflow: could not save the game: {e:#}"),
        }
    }
    Ok(())
}

fn event_loop(app: &mut App, color: bool) -> io::Result<()> {
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    loop {
        terminal.draw(|f| ui::draw(f, app, color))?;
        // Wake up once a second for the timer, or for the next animation step.
        let wait = app
            .autosolve
            .as_ref()
            .map_or(Duration::from_secs(1), |a| a.delay);
        if !event::poll(wait)? {
            app.tick();
            continue;
        }
        let key = match event::read()? {
            Event::Key(k) if k.kind != KeyEventKind::Release => {
                let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
                match k.code {
                    KeyCode::Char('c') if ctrl => return Ok(()),
                    KeyCode::Char('r') if ctrl => Key::CtrlR,
                    KeyCode::Char('s') => {
                        app.message = match save::save(app) {
                            Ok(path) => format!("saved to {}", path.display()),
                            Err(e) => format!("save failed: {e:#}"),
                        };
                        continue;
                    }
                    KeyCode::Char(c) => Key::Char(c),
                    KeyCode::Up => Key::Up,
                    KeyCode::Down => Key::Down,
                    KeyCode::Left => Key::Left,
                    KeyCode::Right => Key::Right,
                    KeyCode::Backspace => Key::Backspace,
                    KeyCode::Delete => Key::Delete,
                    KeyCode::Enter => Key::Enter,
                    KeyCode::Esc => Key::Esc,
                    _ => continue,
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let screen = terminal.size()?;
                let size = ui::cell_size(screen.width, screen.height);
                if let Some(cell) = ui::cell_at(m.column, m.row, size) {
                    app.cursor = cell;
                }
                continue;
            }
            // Resize and the rest: just redraw.
            _ => continue,
        };
        if app.key(key) == Outcome::Quit {
            return Ok(());
        }
    }
}
