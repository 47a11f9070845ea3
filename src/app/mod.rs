//! What the program's parts share, below all of them: output files written
//! whole or not at all, the progress bar, messages on stderr, signal
//! handling and the standard streams. The commands, the game and printing
//! use it; it uses none of them.

pub mod columnar;
pub mod output;
pub mod progress;
pub mod report;
pub mod signals;
pub mod std_streams;
