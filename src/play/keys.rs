//! The game's keys in one table, as gitui keeps its key list: each entry
//! says the keys, the command they run, the help text, and plain mode's
//! command for it. The full screen dispatches through it ([`command`]), its
//! help screen and the key names in messages and on the panel come from it,
//! and so do plain mode's commands and help. The overlays (history,
//! settings, questions) and the auto-solve animation read their own few
//! keys, shown where they are open.

use super::app::{Front, Key};

/// What a key (or a plain mode command) asks of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Move {
        rows: i32,
        cols: i32,
    },
    /// The digit is the key's.
    Place,
    Clear,
    Pencil,
    FillNotes,
    /// Plain mode's `note r3c5 7`: the full screen notes in pencil mode.
    Note,
    Undo,
    Redo,
    History,
    Hint,
    Check,
    /// Plain mode's `stats`: the full screen has them on the start screen.
    Stats,
    /// Plain mode's `solve`: the full screen has the auto-solve animation.
    Solve,
    AutoSolve,
    NotesView,
    Pause,
    Settings,
    /// Plain mode's `set NAME on|off`: the full screen has its settings.
    Set,
    Restart,
    NewGame,
    Save,
    /// Plain mode's `save!`: the full screen asks before overwriting.
    SaveOver,
    Menu,
    Quit,
    QuitNow,
    /// Plain mode's `quit!`: the full screen asks when unsaved.
    Abandon,
    Close,
    Help,
}

impl Command {
    /// True for the commands a solved board refuses: they would change it
    /// (or, for pause, stop a clock that has stopped).
    pub fn refused_when_solved(self) -> bool {
        matches!(
            self,
            Command::Place
                | Command::Clear
                | Command::FillNotes
                | Command::Hint
                | Command::Check
                | Command::AutoSolve
                | Command::Pause
                | Command::Restart
        )
    }
}

/// Plain mode's command for an entry.
pub struct Plain {
    /// The words that run it, the first named in messages; none for
    /// `r3c5 7`, which starts with the cell.
    pub words: &'static [&'static str],
    /// How its help writes it, with its arguments.
    pub usage: &'static str,
    /// What its help says it does; empty when the usage says it.
    pub help: &'static str,
}

/// One line of the table.
pub struct Binding {
    pub command: Command,
    /// The full screen's keys, the first named in messages; none for plain
    /// mode's own commands.
    pub keys: &'static [Key],
    /// What the help screen says they do.
    pub help: &'static str,
    pub plain: Option<Plain>,
}

const fn plain(
    words: &'static [&'static str],
    usage: &'static str,
    help: &'static str,
) -> Option<Plain> {
    Some(Plain { words, usage, help })
}

/// The table, in the help screen's order: packed, it fills ten lines of
/// [`HELP_WIDTH`], as the hand-written help did, so the box fits 80x24.
pub const TABLE: &[Binding] = &[
    Binding {
        command: Command::Move { rows: -1, cols: 0 },
        keys: &[Key::Up, Key::Char('k')],
        help: "up",
        plain: None,
    },
    Binding {
        command: Command::Move { rows: 1, cols: 0 },
        keys: &[Key::Down, Key::Char('j')],
        help: "down",
        plain: None,
    },
    Binding {
        command: Command::Move { rows: 0, cols: -1 },
        keys: &[Key::Left, Key::Char('h')],
        help: "left",
        plain: None,
    },
    Binding {
        command: Command::Move { rows: 0, cols: 1 },
        keys: &[Key::Right, Key::Char('l')],
        help: "right",
        plain: None,
    },
    Binding {
        command: Command::Place,
        keys: &[
            Key::Char('1'),
            Key::Char('2'),
            Key::Char('3'),
            Key::Char('4'),
            Key::Char('5'),
            Key::Char('6'),
            Key::Char('7'),
            Key::Char('8'),
            Key::Char('9'),
        ],
        help: "place",
        plain: plain(&[], "r3c5 7", "place 7 in row 3, column 5"),
    },
    Binding {
        command: Command::Clear,
        keys: &[Key::Char('0'), Key::Char('.'), Key::Delete, Key::Backspace],
        help: "clear",
        plain: plain(&[], "r3c5 0", "clear it, or its notes"),
    },
    Binding {
        command: Command::FillNotes,
        keys: &[Key::Char('F')],
        help: "fill every cell's notes",
        plain: plain(&["notes"], "notes", "fill all notes"),
    },
    Binding {
        command: Command::Pencil,
        keys: &[Key::Char('n')],
        help: "pencil marks on/off",
        plain: None,
    },
    Binding {
        command: Command::Note,
        keys: &[],
        help: "",
        plain: plain(&["note"], "note r3c5 7", "add or take away a pencil mark"),
    },
    Binding {
        command: Command::Undo,
        keys: &[Key::Char('u')],
        help: "undo",
        plain: plain(&["undo", "u"], "undo", ""),
    },
    Binding {
        command: Command::Redo,
        keys: &[Key::Char('U'), Key::CtrlR],
        help: "redo",
        plain: plain(&["redo"], "redo", ""),
    },
    Binding {
        command: Command::History,
        keys: &[Key::Char('t')],
        help: "history (Enter goes back)",
        plain: plain(&["history"], "history  history N", "return to state N"),
    },
    Binding {
        command: Command::Check,
        keys: &[Key::Char('c')],
        help: "check",
        plain: plain(&["check"], "check", ""),
    },
    Binding {
        command: Command::Stats,
        keys: &[],
        help: "",
        plain: plain(&["stats"], "stats", "wins, times and streaks by level"),
    },
    Binding {
        command: Command::Pause,
        keys: &[Key::Char(' ')],
        help: "pause",
        plain: None,
    },
    Binding {
        command: Command::Hint,
        keys: &[Key::Char('H')],
        help: "hint: where, then what, then apply",
        plain: plain(
            &["hint"],
            "hint",
            "where to look; again: the step; again: apply it",
        ),
    },
    Binding {
        command: Command::Settings,
        keys: &[Key::Char('o')],
        help: "settings",
        plain: None,
    },
    Binding {
        command: Command::Set,
        keys: &[],
        help: "",
        plain: plain(
            &["set"],
            "set mistakes|highlight|wrong on|off",
            "the counter, the cursor's digit lit, wrong digits marked",
        ),
    },
    Binding {
        command: Command::AutoSolve,
        keys: &[Key::Char('a')],
        help: "auto-solve (+ - speed, other keys stop)",
        plain: None,
    },
    Binding {
        command: Command::Solve,
        keys: &[],
        help: "",
        plain: plain(&["solve"], "solve", ""),
    },
    Binding {
        command: Command::Restart,
        keys: &[Key::Char('R')],
        help: "restart",
        plain: plain(&["restart"], "restart", ""),
    },
    Binding {
        command: Command::NotesView,
        keys: &[Key::Char('v')],
        help: "notes in the cells or, at 80x24, in the panel",
        plain: None,
    },
    Binding {
        command: Command::NewGame,
        keys: &[Key::Char('N')],
        help: "new game",
        plain: plain(&["new"], "new [LEVEL]", "a new game"),
    },
    Binding {
        command: Command::Save,
        keys: &[Key::Char('s')],
        help: "save",
        plain: plain(&["save"], "save", ""),
    },
    Binding {
        command: Command::SaveOver,
        keys: &[],
        help: "",
        plain: plain(
            &["save!"],
            "save!",
            "over a save file this version can't read",
        ),
    },
    Binding {
        command: Command::Menu,
        keys: &[Key::Char('m')],
        help: "start screen",
        plain: plain(&["menu"], "menu", "the start prompt"),
    },
    Binding {
        command: Command::Help,
        keys: &[Key::Char('?')],
        help: "this help",
        plain: plain(&["help", "?"], "help", ""),
    },
    Binding {
        command: Command::Quit,
        keys: &[Key::Char('q')],
        help: "quit (asks if unsaved)",
        plain: plain(&["quit", "q", "exit"], "quit", ""),
    },
    Binding {
        command: Command::QuitNow,
        keys: &[Key::Char('Q')],
        help: "quit now (saves)",
        plain: None,
    },
    Binding {
        command: Command::Abandon,
        keys: &[],
        help: "",
        plain: plain(&["quit!"], "quit!", "without saving"),
    },
    Binding {
        command: Command::Close,
        keys: &[Key::Esc],
        help: "closes what is shown",
        plain: None,
    },
];

/// The full screen's command for `key`, if it has one.
pub fn command(key: Key) -> Option<Command> {
    TABLE
        .iter()
        .find(|b| b.keys.contains(&key))
        .map(|b| b.command)
}

/// Plain mode's command for `word`, if it has one.
pub fn plain_command(word: &str) -> Option<Command> {
    TABLE
        .iter()
        .find(|b| b.plain.as_ref().is_some_and(|p| p.words.contains(&word)))
        .map(|b| b.command)
}

fn binding(command: Command) -> &'static Binding {
    TABLE
        .iter()
        .find(|b| b.command == command)
        .expect("every command is in the table")
}

/// The key (or plain mode's word) that runs `command` in `front`.
pub fn name(front: Front, command: Command) -> String {
    let binding = binding(command);
    match front {
        Front::Screen => binding.keys[0].name(),
        Front::Plain => {
            let words = binding.plain.as_ref().map_or(&[][..], |p| p.words);
            words.first().expect("a plain command word").to_string()
        }
    }
}

/// How the help writes `command`'s keys: their names, `1-9` for the digits.
pub fn label(command: Command) -> String {
    if command == Command::Place {
        return "1-9".into();
    }
    let names: Vec<String> = binding(command).keys.iter().map(|k| k.name()).collect();
    names.join(" ")
}

impl Key {
    /// How help and messages write the key.
    pub fn name(self) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Up => "↑".into(),
            Key::Down => "↓".into(),
            Key::Left => "←".into(),
            Key::Right => "→".into(),
            Key::Home => "Home".into(),
            Key::End => "End".into(),
            Key::PageUp => "PgUp".into(),
            Key::PageDown => "PgDn".into(),
            Key::Backspace => "Backspace".into(),
            Key::Delete => "Del".into(),
            Key::Enter => "Enter".into(),
            Key::Esc => "Esc".into(),
            Key::CtrlR => "Ctrl-R".into(),
        }
    }
}

/// The help screen's width: its box fits an 80-column terminal.
const HELP_WIDTH: usize = 56;

/// The help screen: every entry with keys, as `keys help`, as many to a
/// line as fit, and the mouse (the full screen's, not the game's).
pub fn help_lines() -> Vec<String> {
    let items = TABLE
        .iter()
        .filter(|b| !b.keys.is_empty())
        .map(|b| format!("{} {}", label(b.command), b.help))
        .chain(["mouse: click a cell".to_string()]);
    let mut lines = flow(items, HELP_WIDTH, "", "");
    // How to read a hint's cells without colour (their corner marks).
    lines.push("hint marks: * pattern  x loses a note  + makes a single".into());
    lines
}

/// Plain mode's help: its commands, then how the board is printed.
pub fn plain_help() -> String {
    let items = TABLE.iter().filter_map(|b| b.plain.as_ref()).map(|p| {
        if p.help.is_empty() {
            p.usage.to_string()
        } else {
            format!("{} ({})", p.usage, p.help)
        }
    });
    let mut lines = flow(items, 80, "commands: ", "          ");
    lines.push("board: givens plain, your digits in (parentheses), conflicts !between!,".into());
    lines.push("       wrong after check ?between?; notes listed under the board".into());
    lines.join("\n")
}

/// `items` three spaces apart, on lines of at most `width` characters (an
/// item longer than that alone on its line), the first after `first`, the
/// others after `indent`.
fn flow(
    items: impl Iterator<Item = String>,
    width: usize,
    first: &str,
    indent: &str,
) -> Vec<String> {
    let mut lines = vec![first.to_string()];
    let mut empty = true;
    for item in items {
        let line = lines.last_mut().expect("a line");
        let fits = line.chars().count() + 3 + item.chars().count() <= width;
        if empty {
            line.push_str(&item);
        } else if fits {
            line.push_str("   ");
            line.push_str(&item);
        } else {
            lines.push(format!("{indent}{item}"));
        }
        empty = false;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::tests::{PUZZLE, app_on, keys};
    use crate::play::app::{App, Outcome};
    use crate::play::settings::Setting;

    /// A game where every command has something to do: r1c3 filled, the
    /// cursor on r1c4 with a note (and the undone second note to redo), a
    /// hint shown (for Esc to close).
    fn game() -> App {
        let (mut app, _) = app_on(PUZZLE);
        keys(&mut app, "4");
        app.key(Key::Right);
        keys(&mut app, "n62nu");
        keys(&mut app, "H");
        assert!(app.hint.is_some(), "{}", app.message);
        app
    }

    /// What a key can change in the game.
    fn state(app: &App) -> String {
        format!(
            "{:?} {} {} {} {:?} {} {} {} {} {} {}",
            app.board(),
            app.at,
            app.history.len(),
            app.cursor,
            app.overlay,
            app.pencil,
            app.paused,
            app.notes_in_panel,
            app.hint.is_some(),
            app.autosolve.is_some(),
            app.message
        )
    }

    /// Every key that is not in the table: all of ASCII's printable
    /// characters and every other key.
    fn every_key() -> impl Iterator<Item = Key> {
        let named = [
            Key::Up,
            Key::Down,
            Key::Left,
            Key::Right,
            Key::Home,
            Key::End,
            Key::PageUp,
            Key::PageDown,
            Key::Backspace,
            Key::Delete,
            Key::Enter,
            Key::Esc,
            Key::CtrlR,
        ];
        (' '..='~').map(Key::Char).chain(named)
    }

    /// The table and the dispatch agree: each key of the table runs its
    /// command (the game changes, or the front end is asked to act), and
    /// every key outside it does nothing; so no key works unlisted in the
    /// help, and none is listed that does nothing.
    #[test]
    fn the_keys_in_the_table_act_and_no_others_do() {
        for binding in TABLE {
            for &key in binding.keys {
                assert_eq!(command(key), Some(binding.command), "{key:?}");
                let mut app = game();
                let before = state(&app);
                let outcome = app.key(key);
                assert!(
                    outcome != Outcome::Continue || state(&app) != before,
                    "{key:?} ({:?}) does nothing",
                    binding.command
                );
            }
        }
        for key in every_key().filter(|&k| command(k).is_none()) {
            let mut app = game();
            let before = state(&app);
            assert_eq!(app.key(key), Outcome::Continue, "{key:?}");
            assert_eq!(state(&app), before, "{key:?} is not in the table");
        }
    }

    #[test]
    fn each_command_key_and_plain_word_is_in_the_table_once() {
        for (i, binding) in TABLE.iter().enumerate() {
            let later = &TABLE[i + 1..];
            assert!(
                later.iter().all(|b| b.command != binding.command),
                "{:?}",
                binding.command
            );
            for key in binding.keys {
                assert!(later.iter().all(|b| !b.keys.contains(key)), "{key:?}");
            }
            for word in binding.plain.iter().flat_map(|p| p.words) {
                assert_eq!(plain_command(word), Some(binding.command), "{word}");
            }
            assert!(
                !binding.keys.is_empty() || binding.plain.is_some(),
                "{:?} runs from nowhere",
                binding.command
            );
        }
    }

    /// The commands messages name, by key on the full screen and by word
    /// in plain mode.
    #[test]
    fn messages_name_the_keys_of_their_front() {
        let named = [
            (Command::Hint, "H", "hint"),
            (Command::Check, "c", "check"),
            (Command::Undo, "u", "undo"),
            (Command::NewGame, "N", "new"),
            (Command::Quit, "q", "quit"),
        ];
        for (command, key, word) in named {
            assert_eq!(name(Front::Screen, command), key);
            assert_eq!(name(Front::Plain, command), word);
        }
    }

    /// Both helps list every entry of their front end.
    #[test]
    fn the_helps_list_every_entry() {
        let help = help_lines();
        assert!(
            help.iter().all(|l| l.chars().count() <= HELP_WIDTH),
            "{help:?}"
        );
        let help = help.join("   ");
        let plain = plain_help();
        for setting in Setting::ALL {
            assert!(plain.contains(setting.word()), "{setting:?} not in {plain}");
        }
        for binding in TABLE {
            if !binding.keys.is_empty() {
                let item = format!("{} {}", label(binding.command), binding.help);
                assert!(help.contains(&item), "{item} not in {help}");
            }
            if let Some(p) = &binding.plain {
                assert!(plain.contains(p.usage), "{} not in {plain}", p.usage);
            }
        }
    }
}
