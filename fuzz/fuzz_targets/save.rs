#![no_main]
//! The game's save files. The game is part of the binary, not the library:
//! its modules, and the few of the CLI's that it uses, are compiled here
//! from `src/` by path, as `src/main.rs` compiles them.

#[allow(dead_code, unused_imports)]
#[path = "../game/cli.rs"]
mod cli;
#[allow(dead_code, unused_imports)]
#[path = "../../src/play/mod.rs"]
mod play;

#[path = "../checks/save.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
