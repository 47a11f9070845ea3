//! `sudokuflow play`: the game. `app` holds the state and rules, `menu` the
//! start screen's, `tui` the full screen and `ui` its drawing, `plain` the
//! line-by-line front end, `save` the save file, `source` files and new games.

pub mod app;
pub mod menu;
pub mod plain;
pub mod save;
pub mod source;
pub mod tui;
pub mod ui;
