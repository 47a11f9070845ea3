//! The program's integration tests: the `sudokuflow` binary run as a user
//! runs it. One test binary, one module per subject.

mod util;

mod canon;
mod cli;
mod cli_csv;
mod cli_dataset;
mod cli_explain;
mod cli_generate;
mod cli_help;
mod cli_output;
mod cli_parquet;
mod cli_play;
mod cli_rate;
mod cli_signals;
mod cli_split;
mod docs;
mod measuring;
mod print;
