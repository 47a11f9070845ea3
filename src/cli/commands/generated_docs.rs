//! `sudokuflow completions` and `sudokuflow man`: the shell completion
//! scripts and the manual page, generated from the same command-line
//! definitions as `--help`, so they never drift from it.

use std::io::{self, Write};

use clap::CommandFactory;

use crate::cli::args::{Cli, CompletionsArgs, ManArgs};

/// Writes the completion script for the shell asked for to standard output.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<u8> {
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut Cli::command(), "sudokuflow", &mut out);
    out.flush()?;
    Ok(0)
}

/// Writes the manual page (roff) of sudokuflow, or of one of its commands,
/// to standard output.
pub fn man(args: &ManArgs) -> anyhow::Result<u8> {
    let top = Cli::command();
    let command = match &args.command {
        None => top,
        Some(name) => {
            let names: Vec<String> = top
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .filter(|n| n != "help")
                .collect();
            let Some(sub) = top.find_subcommand(name) else {
                anyhow::bail!("no command '{name}'; the commands are {}", names.join(", "));
            };
            // Named as the page sudokuflow(1) refers to: sudokuflow-solve(1).
            sub.clone()
                .name(format!("sudokuflow-{name}"))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    let mut out = io::stdout().lock();
    out.write_all(&page)?;
    out.flush()?;
    Ok(0)
}
