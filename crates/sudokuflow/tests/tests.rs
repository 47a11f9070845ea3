//! The library's integration tests, as a user of its public API sees it:
//! one test binary, one module per subject.

mod util;

mod dependencies;
mod examples;
mod generate;
mod logic;
mod logic_on_real_positions;
mod logic_properties;
mod logic_techniques;
mod public_api;
mod reference_sets;
