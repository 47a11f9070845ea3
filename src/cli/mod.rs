//! The command-line front end: argument definitions, one module per
//! subcommand, the help examples and the numeric option parser.

pub mod args;
pub mod commands;
pub mod examples;
pub mod number;
