//! `sudokuflow completions` and `sudokuflow man`: the shell completion
//! scripts and the manual page, generated from the same command-line
//! definitions as `--help`, so they never drift from it.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use clap::CommandFactory;

use crate::app::output::Output;
use crate::cli::args::{Cli, CompletionsArgs, ManArgs};
use crate::cli::examples;

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
    // The examples, which --help adds after all clap writes, end the page.
    let prose = command
        .get_after_long_help()
        .or(command.get_after_help())
        .map(ToString::to_string);
    let examples = examples::text(examples::of(args.command.as_deref()));
    let after = match prose {
        Some(prose) => format!("{prose}\n\n{examples}"),
        None => examples,
    };
    let mut page = Vec::new();
    let command = command.after_help(after.clone()).after_long_help(after);
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;
    use clap_complete::Shell;

    /// Each command of the definitions (not clap's `help`), with the long
    /// options it shows.
    fn commands() -> Vec<(String, Vec<String>)> {
        Cli::command()
            .get_subcommands()
            .filter(|c| c.get_name() != "help")
            .map(|c| {
                let options = c
                    .get_arguments()
                    .filter(|a| !a.is_hide_set())
                    .filter_map(|a| a.get_long().map(str::to_string))
                    .collect();
                (c.get_name().to_string(), options)
            })
            .collect()
    }

    /// Every command of the definitions, and every long option of each, is
    /// in every shell's completion script and in the command's manual page,
    /// as `completions -o` and `man -o` write them.
    #[test]
    fn completions_and_manual_pages_cover_every_command_and_option() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        let written = || std::fs::read_to_string(&path).unwrap();
        let commands = commands();
        assert!(
            commands.iter().any(|(name, _)| name == "play"),
            "{commands:?}"
        );
        for &shell in Shell::value_variants() {
            let output = Some(path.clone());
            completions(&CompletionsArgs { shell, output }).unwrap();
            let script = written();
            for (name, options) in &commands {
                assert!(script.contains(name.as_str()), "{shell} lacks {name}");
                for option in options {
                    // fish names a long option with -l.
                    let word = match shell {
                        Shell::Fish => format!("-l {option}"),
                        _ => format!("--{option}"),
                    };
                    assert!(script.contains(&word), "{shell} lacks {name} {word}");
                }
            }
        }
        man(&ManArgs {
            command: None,
            output: Some(path.clone()),
        })
        .unwrap();
        let top = written();
        for (name, options) in &commands {
            assert!(top.contains(&format!("sudokuflow\\-{name}(1)")), "{top}");
            man(&ManArgs {
                command: Some(name.clone()),
                output: Some(path.clone()),
            })
            .unwrap();
            let page = written();
            assert!(page.contains(&format!(".TH sudokuflow-{name} 1")), "{page}");
            for option in options {
                let roff = format!("\\-\\-{}", option.replace('-', "\\-"));
                assert!(page.contains(&roff), "man {name} lacks {roff}");
            }
        }
    }
}
