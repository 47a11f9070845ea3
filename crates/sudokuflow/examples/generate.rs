//! Generates reproducible puzzles of a level, with a symmetric pattern, and
//! rates and explains the first.
//!
//! `cargo run --example generate`

use sudokuflow::generate::{GenerateConfig, Symmetry, generate};
use sudokuflow::logic::{self, Level};

fn main() {
    let config = GenerateConfig::default()
        .with_symmetry(Symmetry::Rotate180)
        .with_level(Some(Level::Hard));
    // Puzzle i of seed 42 is the same on every run and machine.
    for i in 0..3 {
        let made = generate(&config, 42, i).expect("no clue target to miss");
        println!("{}", made.puzzle);
    }
    let first = generate(&config, 42, 0)
        .expect("no clue target to miss")
        .puzzle;
    let explanation = logic::explain(&first, &logic::Options::default()).expect("one solution");
    println!(
        "rating {} {}",
        explanation.rating.triple(),
        explanation.rating.level
    );
    for step in explanation.steps.iter().filter(|s| s.rating.value() > 2.0) {
        println!("[{}] {}", step.rating, step.text);
    }
}
