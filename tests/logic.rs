//! The step engine checked by replaying its explanations: every placement is
//! the solution's digit, no elimination removes the solution's digit, and
//! the steps end at the solution (or, for a lower-bound rating, short of it).

mod common;

use sudokuflow::Grid;
use sudokuflow::generate::{self, GenerateConfig};
use sudokuflow::logic::{self, Candidates, Explanation, Options};

/// Replays `explanation` on the puzzle's candidates, checking every step
/// against the solution; returns whether it reached the solution.
fn replay(explanation: &Explanation) -> bool {
    let solution = explanation.solution;
    let mut candidates = Candidates::from_grid(&explanation.puzzle).unwrap();
    for (i, step) in explanation.steps.iter().enumerate() {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "step {} of {} changes nothing: {}",
            i + 1,
            explanation.puzzle,
            step.text
        );
        for p in &step.placements {
            assert_eq!(
                solution.get(p.cell.into()),
                p.digit,
                "step {} of {} places a wrong digit: {}",
                i + 1,
                explanation.puzzle,
                step.text
            );
        }
        for e in &step.eliminations {
            assert_ne!(
                solution.get(e.cell.into()),
                e.digit,
                "step {} of {} eliminates the solution's digit: {}",
                i + 1,
                explanation.puzzle,
                step.text
            );
            assert!(
                candidates.has(e.cell.into(), e.digit),
                "step {} of {} eliminates a candidate that is not there: {}",
                i + 1,
                explanation.puzzle,
                step.text
            );
        }
        step.apply(&mut candidates);
    }
    let solved = candidates.is_solved();
    if solved {
        assert_eq!(candidates.grid(), solution);
    }
    assert_eq!(
        solved, explanation.rating.complete,
        "{}",
        explanation.puzzle
    );
    solved
}

/// Explains and replays every puzzle; the rating of the explanation must be
/// the one `rate` finds by its batched path (when neither stopped early).
fn explain_all(puzzles: &[Grid], options: &Options) -> (usize, usize) {
    let mut solved = 0;
    for puzzle in puzzles {
        let explanation = logic::explain_with(puzzle, options).unwrap();
        solved += usize::from(replay(&explanation));
        let rating = logic::rate_with(puzzle, options).unwrap();
        if rating.complete && explanation.rating.complete {
            assert_eq!(rating, explanation.rating, "{puzzle}");
        }
    }
    (solved, puzzles.len())
}

#[test]
fn generated_puzzles_replay_to_their_solutions() {
    let config = GenerateConfig::default();
    let puzzles: Vec<Grid> = (0..2000)
        .map(|i| generate::generate(&config, 99, i).unwrap().puzzle)
        .collect();
    let (solved, total) = explain_all(
        &puzzles,
        &Options {
            budget: None,
            ceiling: None,
        },
    );
    eprintln!("generated: {solved} of {total} solved by the engine");
    assert!(solved * 100 >= total * 99, "{solved} of {total}");
}

#[test]
fn seventeen_clue_puzzles_replay_to_their_solutions() {
    let Some(puzzles) = common::reference_puzzles("17_clue.txt") else {
        return;
    };
    let sample: Vec<Grid> = puzzles.iter().step_by(10).copied().collect();
    let (solved, total) = explain_all(&sample, &Options::default());
    eprintln!("17_clue: {solved} of {total} solved by the engine");
    assert!(solved * 100 >= total * 99, "{solved} of {total}");
}
