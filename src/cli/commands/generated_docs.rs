//! `sudokuflow completions` and `sudokuflow man`: the shell completion
//! scripts and the manual page, generated from the same command-line
//! definitions as `--help`, so they never drift from it.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use clap::CommandFactory;

use crate::cli::args::{Cli, CompletionsArgs, ManArgs};
use crate::cli::output::Output;

/// Writes the completion script for the shell asked for to standard output
/// or `-o FILE`.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<u8> {
    // Into memory first: clap_complete panics on a write error.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "sudokuflow", &mut script);
    write_all(args.output.as_deref(), &script)?;
    Ok(0)
}

/// Writes the manual page (roff) of sudokuflow, or of one of its commands,
/// to standard output or `-o FILE`.
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
    write_all(args.output.as_deref(), &page)?;
    Ok(0)
}

/// Writes `bytes` to standard output or the file `path`, as a whole.
fn write_all(path: Option<&Path>, bytes: &[u8]) -> anyhow::Result<()> {
    let mut output = Output::create(path)?;
    output
        .write_all(bytes)
        .with_context(|| format!("error writing to {}", output.name()))?;
    output.finish()
}
