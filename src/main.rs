//! The `sudokuflow` program: everything is in the `sudokuflow_cli` crate;
//! this picks the allocator and turns `run`'s status into the exit code.

use std::process::ExitCode;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(sudokuflow_cli::run())
}
