//! The player's settings, kept between games in
//! `$XDG_CONFIG_HOME/sudokuflow/play.json` (default `~/.config`).

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Show the mistakes counter (mistakes are counted either way).
    pub show_mistakes: bool,
    /// Highlight the cells holding the cursor cell's digit.
    pub highlight_same: bool,
    /// Mark a digit the solution disagrees with as soon as it is placed.
    pub mark_wrong: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            show_mistakes: true,
            highlight_same: true,
            mark_wrong: false,
        }
    }
}

/// One setting, as the settings list and plain mode's `set` name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Mistakes,
    Highlight,
    Wrong,
}

impl Setting {
    pub const ALL: [Setting; 3] = [Setting::Mistakes, Setting::Highlight, Setting::Wrong];

    /// The word plain mode's `set` takes.
    pub fn word(self) -> &'static str {
        match self {
            Setting::Mistakes => "mistakes",
            Setting::Highlight => "highlight",
            Setting::Wrong => "wrong",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Setting::Mistakes => "show the mistakes counter",
            Setting::Highlight => "highlight the cursor's digit elsewhere",
            Setting::Wrong => "mark wrong digits at once",
        }
    }
}

impl Settings {
    pub fn get(&self, setting: Setting) -> bool {
        match setting {
            Setting::Mistakes => self.show_mistakes,
            Setting::Highlight => self.highlight_same,
            Setting::Wrong => self.mark_wrong,
        }
    }

    pub fn set(&mut self, setting: Setting, on: bool) {
        match setting {
            Setting::Mistakes => self.show_mistakes = on,
            Setting::Highlight => self.highlight_same = on,
            Setting::Wrong => self.mark_wrong = on,
        }
    }
}

fn path() -> anyhow::Result<PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            let home = std::env::var_os("HOME")
                .ok_or_else(|| anyhow!("neither XDG_CONFIG_HOME nor HOME is set"))?;
            PathBuf::from(home).join(".config")
        }
    };
    Ok(base.join("sudokuflow").join("play.json"))
}

/// The saved settings; the defaults when there are none. Settings that
/// can't be read are reported, and the defaults used.
pub fn load() -> (Settings, Option<String>) {
    let Ok(path) = path() else {
        return (Settings::default(), None);
    };
    match std::fs::read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
        Err(e) => (
            Settings::default(),
            Some(format!("cannot read {}: {e}", path.display())),
        ),
        Ok(bytes) => match serde_json::from_slice(&bytes) {
            Ok(settings) => (settings, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{} is not valid settings ({e}); using the defaults",
                    path.display()
                )),
            ),
        },
    }
}

/// Keeps the settings for the next games.
pub fn store(settings: &Settings) -> anyhow::Result<()> {
    let path = path()?;
    let json = serde_json::to_string_pretty(settings)?;
    super::save::write_file(&path, json.as_bytes())
        .with_context(|| format!("cannot keep the settings in {}", path.display()))
}
