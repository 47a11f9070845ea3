//! Solves one puzzle and counts its solutions.
//!
//! `cargo run --example solve`

use sudokuflow::{Grid, count_solutions, solve};

fn main() {
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .expect("81 cells");
    let solution = solve(&puzzle).expect("the puzzle has a solution");
    println!("{}", solution.grid);
    assert!(solution.grid.is_solution_of(&puzzle));
    // Counting stops at the limit: 2 is enough to tell "one" from "several".
    let count = count_solutions(&puzzle, 2).expect("consistent givens");
    println!(
        "solutions: {} (after {} guesses)",
        count.solutions, count.guesses
    );
}
