//! `sudokuflow play`: the game. `app` holds the state and rules (with
//! `board`: states and moves, `hint`: hints, `clock`: play time), `keys`
//! the game's keys and plain mode's commands, `menu` the start screen's,
//! `tui` the full screen, `layout` and `ui` its drawing, `plain` the
//! line-by-line front end, `save` the saved games, `stats` the statistics
//! kept beside them, `guard` keeping the game on a panic or a signal,
//! `settings` the player's settings, `source` files and new games.

pub mod app;
pub mod board;
pub mod clock;
pub mod guard;
pub mod hint;
pub mod keys;
pub mod layout;
pub mod menu;
pub mod plain;
pub mod rating;
pub mod save;
pub mod settings;
pub mod source;
pub mod stats;
pub mod tui;
pub mod ui;
