//! The full-screen front end: sets the terminal up (raw mode, alternate
//! screen, mouse), turns crossterm events into [`Key`]s for the start
//! screen's [`Menu`] and the game's [`App`], saves where the game asks
//! (asking before replacing a save this version can't read, and staying in
//! the game when a save fails), and always restores the terminal and keeps
//! the game: on quit, on Ctrl-C, on SIGINT, SIGTERM and SIGHUP, when the
//! terminal is gone (hung up, or reading or writing fails), and on a panic.
//!
//! It waits for input itself (poll(2) on the terminal and a SIGWINCH pipe)
//! and reads through crossterm only when there is something to read:
//! crossterm's reader spins forever on a terminal that hung up.

use std::io::{self, Read, Write, stdout};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
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
use ratatui::layout::Rect;
use sudokuflow::logic::Level;

use super::app::{App, Front, Key, Outcome};
use super::clock::SharedClock;
use super::guard;
use super::keys::{self, Command};
use super::menu::{Menu, MenuOutcome};
use super::rating::Rated;
use super::save;
use super::settings::{self, Settings};
use super::stats::{self, AwaitingLevel};
use super::{layout, ui};
use crate::app::report;

/// What the full screen shows.
pub enum Screen {
    Menu(Box<Menu>),
    Game(Box<App>),
}

/// The status the program ends with when the terminal is gone (reading or
/// writing it failed, or it hung up).
pub const TERMINAL_GONE: u8 = 2;

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// True when standard input and output are both terminals.
pub fn has_terminal() -> bool {
    use std::io::IsTerminal;
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// What the loop needs besides the screen.
pub struct Context {
    /// The folder whose files the start screen lists.
    pub folder: PathBuf,
    /// The seed of the next new game.
    pub seed: u64,
    pub clock: SharedClock,
}

/// Plays full screen until the player quits; returns the exit status.
pub fn run(mut screen: Screen, context: Context) -> anyhow::Result<u8> {
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    // The terminal may be gone by then (SIGHUP): restoring it is best effort.
    guard::save_on_signals(restore)?;
    let (settings, warning) = settings::load();
    let mut game = Loop {
        context,
        settings,
        color,
        pending: None,
        left_awaiting_level: Vec::new(),
        farewell: None,
        status: 0,
        winch: resize_pipe()?,
    };
    if let Screen::Game(app) = &mut screen {
        game.prepare(app);
        if let Some(warning) = &warning {
            app.message = warning.clone();
        }
    }
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let result = guard::guard(
        &mut screen,
        |screen| game.run(screen),
        |screen| on_panic(screen, restore),
    );
    guard::exiting();
    restore();
    if let Err(e) = result {
        // The terminal is gone: keep the game, say so where we can.
        save_unsolved(&screen);
        report::message(format_args!("the terminal is gone ({e})"));
        return Ok(TERMINAL_GONE);
    }
    if let Some(farewell) = game.farewell {
        let _ = writeln!(stdout(), "{farewell}");
    }
    // A game solved just before leaving, its level still being worked
    // out: the terminal is back, so waiting for it blocks no screen.
    if let Screen::Game(app) = &mut screen
        && let Some(awaiting_level) = app.awaiting_level.take()
    {
        game.left_awaiting_level
            .push((app.rating.clone(), awaiting_level));
    }
    for (rating, awaiting_level) in game.left_awaiting_level {
        if rating.get().is_none() {
            let _ = writeln!(stdout(), "Counting the game once its level is known...");
            rating.wait();
        }
        let recorded = stats::count_when_rated(&rating, awaiting_level);
        if let Some(problem) = recorded.and_then(|r| r.problem) {
            let _ = writeln!(stdout(), "{problem}");
        }
    }
    Ok(game.status)
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
        && app.dirty
    {
        guard::save_unattended(app);
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
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        _ => return None,
    })
}

fn is_ctrl_c(k: &KeyEvent) -> bool {
    k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL)
}

/// What comes after the game is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum After {
    Play,
    Quit,
    NewGame(Level),
    Menu,
}

/// A question the front end asks about saving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// The game's slot holds a file this version can't read: overwrite it?
    Overwrite(After),
    /// Saving failed: go on without saving, or back to the game?
    SaveFailed(After),
}

/// What the loop does next.
enum Next {
    Stay,
    Exit,
    Switch(Screen),
}

struct Loop {
    context: Context,
    settings: Settings,
    color: bool,
    pending: Option<Pending>,
    /// Games left solved before their level was known (for a new game or
    /// the start screen): counted when it is, at the latest on the way out.
    left_awaiting_level: Vec<(Rated, AwaitingLevel)>,
    /// Printed once the terminal is back.
    farewell: Option<String>,
    status: u8,
    /// Readable after a SIGWINCH.
    winch: UnixStream,
}

/// The read end of a pipe that a SIGWINCH (a resize) writes to.
fn resize_pipe() -> io::Result<UnixStream> {
    let (read, write) = UnixStream::pair()?;
    read.set_nonblocking(true)?;
    write.set_nonblocking(true)?;
    signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, write)?;
    Ok(read)
}

/// What waiting on the terminal found.
#[derive(Debug, PartialEq, Eq)]
enum Waited {
    Input,
    Timeout,
}

/// Waits up to `timeout` for input on the terminal `tty` or a resize
/// (`winch` readable); an error when the terminal hung up or can't be read.
fn wait_on(tty: RawFd, winch: &mut UnixStream, timeout: Duration) -> io::Result<Waited> {
    let mut fds = [
        libc::pollfd {
            fd: tty,
            events: libc::POLLIN,
            revents: 0,
        },
        libc::pollfd {
            fd: winch.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        },
    ];
    let millis = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: `fds` is a valid array of two pollfd for the call.
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, millis) };
    if ready < 0 {
        let error = io::Error::last_os_error();
        return match error.kind() {
            // A signal: redraw and wait again.
            io::ErrorKind::Interrupted => Ok(Waited::Input),
            _ => Err(error),
        };
    }
    if fds[0].revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        return Err(io::Error::new(
            io::ErrorKind::BrokenPipe,
            "the terminal hung up",
        ));
    }
    if fds[1].revents & libc::POLLIN != 0 {
        let mut drain = [0u8; 64];
        while matches!(winch.read(&mut drain), Ok(n) if n > 0) {}
    }
    Ok(if ready == 0 {
        Waited::Timeout
    } else {
        Waited::Input
    })
}

impl Loop {
    /// Readies a game for this front end; a game not begun says where the
    /// keys are.
    fn prepare(&self, app: &mut App) {
        app.settings = self.settings;
        app.front = Front::Screen;
        if app.message.is_empty() && app.history.len() == 1 {
            app.message =
                "? shows the keys: arrows move, 1-9 place, n pencil marks, H hint, q quits".into();
        }
    }

    fn run(&mut self, screen: &mut Screen) -> io::Result<()> {
        // Never dropped: dropping a terminal whose cursor is hidden shows
        // it, and on a terminal that is gone says so with `eprintln!`,
        // which panics. `restore` shows the cursor.
        let terminal = Box::leak(Box::new(Terminal::new(CrosstermBackend::new(stdout()))?));
        loop {
            // What a signal would save: the game as of the last event.
            match screen {
                Screen::Game(app) => {
                    guard::set_snapshot(Some(app));
                    // Too small to show the board: the clock stops.
                    let size = terminal.size()?;
                    let area = Rect::new(0, 0, size.width, size.height);
                    app.set_hidden(layout::choose(area, app.notes_in_panel).is_err());
                }
                Screen::Menu(menu) => {
                    guard::set_snapshot(None);
                    menu.rate_around(ui::menu_rows(terminal.size()?.height));
                }
            }
            // Wake up once a second for the clock, or for the next
            // animation step; a solved game waiting for its rating to be
            // counted looks often, as the start screen's lists do.
            let wait = match screen {
                Screen::Game(app) => match &app.autosolve {
                    Some(autosolve) => autosolve.delay,
                    None if app.awaiting_level.is_some() => Duration::from_millis(100),
                    None => Duration::from_secs(1),
                },
                // Ratings come in from the background. Asked before
                // drawing: one that ends after this is drawn now or at the
                // next look, never left out of the screen for a minute.
                Screen::Menu(menu) if menu.rating() => Duration::from_millis(100),
                Screen::Menu(_) => Duration::from_secs(60),
            };
            terminal.draw(|f| match screen {
                Screen::Menu(menu) => ui::draw_menu(f, menu, self.color),
                Screen::Game(app) => ui::draw(f, app, self.color),
            })?;
            // Games left awaiting their level are looked at as often, but a running
            // auto-solve keeps its pace: each wake-up is one of its steps.
            let autosolving = matches!(screen, Screen::Game(app) if app.autosolve.is_some());
            let wait = if self.left_awaiting_level.is_empty() || autosolving {
                wait
            } else {
                wait.min(Duration::from_millis(100))
            };
            if let Waited::Timeout = wait_on(io::stdin().as_raw_fd(), &mut self.winch, wait)? {
                if let Screen::Game(app) = screen {
                    app.tick();
                    stats::count(app);
                }
                self.count_games_left(screen);
                continue;
            }
            // Everything read so far, then back to waiting.
            while event::poll(Duration::ZERO)? {
                let size = terminal.size()?;
                let area = Rect::new(0, 0, size.width, size.height);
                match self.event(event::read()?, screen, area) {
                    Next::Stay => {}
                    Next::Exit => return Ok(()),
                    Next::Switch(next) => *screen = next,
                }
            }
        }
    }

    fn event(&mut self, event: Event, screen: &mut Screen, area: Rect) -> Next {
        match (event, screen) {
            (Event::Key(k), _) if k.kind == KeyEventKind::Release => Next::Stay,
            (Event::Key(k), Screen::Menu(menu)) => {
                if is_ctrl_c(&k) {
                    return Next::Exit;
                }
                let Some(key) = key_of(k) else {
                    return Next::Stay;
                };
                // Too small to draw the list: it takes no keys but Q.
                if area.width < ui::MENU_SIZE.0 || area.height < ui::MENU_SIZE.1 {
                    return if key == Key::Char('Q') {
                        Next::Exit
                    } else {
                        Next::Stay
                    };
                }
                match menu.key(key) {
                    MenuOutcome::Continue => Next::Stay,
                    MenuOutcome::Start(mut app) => {
                        self.prepare(&mut app);
                        Next::Switch(Screen::Game(app))
                    }
                    MenuOutcome::Quit => Next::Exit,
                }
            }
            (Event::Key(k), Screen::Game(app)) => self.game_key(k, app, area),
            (Event::Mouse(m), Screen::Game(app))
                if m.kind == MouseEventKind::Down(MouseButton::Left) && app.overlay.is_none() =>
            {
                if let Ok(layout) = ui::game_layout(area, app)
                    && let Some(cell) = layout.cell_at(m.column, m.row)
                {
                    app.cursor = cell;
                }
                Next::Stay
            }
            // A resize and the rest: the loop redraws at the new size.
            _ => Next::Stay,
        }
    }

    fn game_key(&mut self, k: KeyEvent, app: &mut App, area: Rect) -> Next {
        if is_ctrl_c(&k) {
            self.pending = None;
            return self.keep(app, After::Quit);
        }
        let Some(key) = key_of(k) else {
            return Next::Stay;
        };
        if let Some(pending) = self.pending.take() {
            return self.answer(pending, key, app);
        }
        // Too small to draw the board: it takes no keys but Q.
        let Ok(layout) = layout::choose(area, app.notes_in_panel) else {
            return match key {
                Key::Char('Q') => self.keep(app, After::Quit),
                _ => Next::Stay,
            };
        };
        // `v` would change nothing seen here, only what a resize shows.
        if keys::command(key) == Some(Command::NotesView) && !layout.notes_choice {
            app.message = if layout.shape.shows_notes() {
                "Every cell shows its notes at this size; v picks the board at 80x24."
            } else {
                "The board has no room for notes in its cells below 80x24."
            }
            .into();
            return Next::Stay;
        }
        let outcome = app.key(key);
        stats::count(app);
        match outcome {
            Outcome::Continue => Next::Stay,
            Outcome::Save => self.keep(app, After::Play),
            Outcome::Quit { save: true } => self.keep(app, After::Quit),
            Outcome::Quit { save: false } => {
                self.farewell = Some("The game was not saved.".into());
                Next::Exit
            }
            Outcome::NewGame(level) => self.keep(app, After::NewGame(level)),
            Outcome::Menu => self.keep(app, After::Menu),
            Outcome::Settings => {
                self.settings = app.settings;
                if let Err(e) = settings::store(&self.settings) {
                    app.message = format!("{e:#}");
                }
                Next::Stay
            }
        }
    }

    /// Keeps the game (saved in its slot; a solved one's save removed),
    /// then goes on to `after`. A slot this version can't read is not
    /// replaced without asking; a save that fails keeps the player in the
    /// game, to try again or to leave without it.
    fn keep(&mut self, app: &mut App, after: After) -> Next {
        if app.is_solved() {
            save::remove(app);
            if after == After::Quit {
                self.farewell = Some(app.end_message());
            }
            return self.then(app, after);
        }
        if !app.has_moves() {
            app.message = "no move made yet: nothing to save".into();
            if after == After::Quit {
                self.farewell = Some("No move was made: the game was not saved.".into());
            }
            return self.then(app, after);
        }
        if let Some(why) = save::slot(&app.puzzle)
            .ok()
            .and_then(|s| save::unreadable(&s))
        {
            self.pending = Some(Pending::Overwrite(after));
            app.message = format!(
                "{why}. Overwrite it with this game? y overwrites, n {}, Esc returns to the game",
                match after {
                    After::Play => "keeps it",
                    After::Quit => "quits without saving",
                    After::NewGame(_) | After::Menu => "goes on without saving",
                }
            );
            return Next::Stay;
        }
        self.saved(app, save::save(app), after)
    }

    fn saved(&mut self, app: &mut App, result: anyhow::Result<PathBuf>, after: After) -> Next {
        match result {
            Ok(path) => {
                app.saved();
                app.message = format!("saved to {}", path.display());
                if after == After::Quit {
                    self.farewell = Some(format!(
                        "Game saved to {}; 'sudokuflow play --resume' continues it.",
                        path.display()
                    ));
                }
                self.then(app, after)
            }
            Err(e) => {
                self.pending = Some(Pending::SaveFailed(after));
                let go_on = match after {
                    After::Play => "",
                    After::Quit => "; y quits without saving (exit status 2)",
                    After::NewGame(_) | After::Menu => "; y goes on without saving",
                };
                app.message = format!(
                    "could not save the game: {e:#}. Esc returns to the game (s tries again){go_on}"
                );
                Next::Stay
            }
        }
    }

    fn answer(&mut self, pending: Pending, key: Key, app: &mut App) -> Next {
        match (pending, key) {
            (Pending::Overwrite(after), Key::Char('y')) => {
                let result = save::save_over(app);
                self.saved(app, result, after)
            }
            (Pending::Overwrite(after), Key::Char('n')) => {
                app.message = "the save file was kept".into();
                if after == After::Quit {
                    self.farewell = Some("The game was not saved; the save file was kept.".into());
                }
                self.then(app, after)
            }
            (Pending::SaveFailed(after), Key::Char('y')) if after != After::Play => {
                if after == After::Quit {
                    self.status = 2;
                    self.farewell = Some("The game could not be saved.".into());
                }
                self.then(app, after)
            }
            (_, Key::Esc) => {
                app.message = "back to the game".into();
                Next::Stay
            }
            // Anything else: the question stays.
            _ => {
                self.pending = Some(pending);
                Next::Stay
            }
        }
    }

    /// Counts the games left before their level was known whose level
    /// came; a problem with the file goes on the screen shown.
    fn count_games_left(&mut self, screen: &mut Screen) {
        self.left_awaiting_level.retain(|(rating, awaiting_level)| {
            let Some(recorded) = stats::count_when_rated(rating, *awaiting_level) else {
                return true;
            };
            if let Some(problem) = recorded.problem {
                match screen {
                    Screen::Game(app) => app.message = problem,
                    Screen::Menu(menu) => menu.message = problem,
                }
            }
            false
        });
    }

    /// Goes on to `after` once the game is kept (or the player let it go).
    fn then(&mut self, app: &mut App, after: After) -> Next {
        // Left solved before its level was known: counted later.
        if after != After::Play
            && let Some(awaiting_level) = app.awaiting_level.take()
        {
            self.left_awaiting_level
                .push((app.rating.clone(), awaiting_level));
        }
        match after {
            After::Play => Next::Stay,
            After::Quit => Next::Exit,
            After::NewGame(level) => {
                self.context.seed = self.context.seed.wrapping_add(1);
                match Menu::new_game(level, self.context.seed, self.context.clock.clone()) {
                    Ok(mut next) => {
                        self.prepare(&mut next);
                        Next::Switch(Screen::Game(Box::new(next)))
                    }
                    Err(e) => {
                        app.message = format!("new game: {e:#}");
                        Next::Stay
                    }
                }
            }
            After::Menu => Next::Switch(Screen::Menu(Box::new(Menu::new(
                &self.context.folder,
                self.context.seed,
                self.context.clock.clone(),
                save::list(),
            )))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::ManualClock;
    use std::cell::Cell;
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::path::Path;

    // Saving after a panic is tested through the binary; here the terminal
    // comes back and the panic goes on.
    #[test]
    fn a_panic_restores_the_terminal_and_goes_on() {
        let mut screen = Screen::Menu(Box::new(Menu::new(
            Path::new("."),
            0,
            ManualClock::new(),
            Vec::new(),
        )));
        let restored = Cell::new(false);
        let result = catch_unwind(AssertUnwindSafe(|| {
            guard::guard(
                &mut screen,
                |_| -> () { panic!("a bug") },
                |screen| on_panic(screen, || restored.set(true)),
            )
        }));
        assert!(result.is_err(), "the panic goes on");
        assert!(restored.get());
    }

    /// Item 1 of issue 28: a terminal that hangs up is an error at once,
    /// not input to read forever.
    #[test]
    fn a_terminal_that_hangs_up_ends_the_wait() {
        // SAFETY: plain calls on descriptors this test opens and owns.
        unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(master >= 0);
            assert_eq!(libc::grantpt(master), 0);
            assert_eq!(libc::unlockpt(master), 0);
            let name = libc::ptsname(master);
            assert!(!name.is_null());
            let tty = libc::open(name, libc::O_RDWR | libc::O_NOCTTY);
            assert!(tty >= 0);
            let (mut winch, _write) = UnixStream::pair().unwrap();
            let short = Duration::from_millis(10);
            assert_eq!(wait_on(tty, &mut winch, short).unwrap(), Waited::Timeout);
            // A whole line: the terminal is in canonical mode.
            libc::write(master, b"x\n".as_ptr().cast(), 2);
            // The line reaches the terminal a little after the write.
            let long = Duration::from_secs(5);
            assert_eq!(wait_on(tty, &mut winch, long).unwrap(), Waited::Input);
            // Read, so that only the hang-up is left to report: the kernel
            // may hang the terminal up a little after the close, and a
            // line still waiting would be reported before it.
            let mut line = [0u8; 8];
            assert_eq!(libc::read(tty, line.as_mut_ptr().cast(), line.len()), 2);
            libc::close(master);
            let gone = wait_on(tty, &mut winch, long);
            assert!(gone.is_err(), "{gone:?}");
            libc::close(tty);
        }
    }
}
