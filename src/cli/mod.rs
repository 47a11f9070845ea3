//! The command-line front end: argument definitions, one module per
//! subcommand, and the output file, progress bar and messages they share.

pub mod args;
pub mod commands;
pub mod examples;
pub mod number;
pub mod output;
pub mod progress;
pub mod report;
pub mod signals;
pub mod std_streams;
