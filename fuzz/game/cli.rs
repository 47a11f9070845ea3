//! The CLI modules the game uses, from `src/cli/` (see
//! `fuzz_targets/save.rs`).

#[path = "../../src/cli/output.rs"]
pub mod output;
#[path = "../../src/cli/progress.rs"]
pub mod progress;
#[path = "../../src/cli/report.rs"]
pub mod report;
#[path = "../../src/cli/signals.rs"]
pub mod signals;
