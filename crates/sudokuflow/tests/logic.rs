//! The step engine checked by replaying its explanations: every placement is
//! the solution's digit, no elimination removes the solution's digit, and
//! the steps end at the solution (or, for a lower-bound rating, short of it).

use sudokuflow::Grid;
use sudokuflow::generate::{self, GenerateConfig};

use sudokuflow::logic::{self, Candidates, Explanation, Level, Options, Order, Stepper, Technique};

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

/// Puzzles replayed, and the puzzles where neither `rate` nor `explain` was
/// stopped by the budget, of all.
struct Explained {
    solved: usize,
    compared: usize,
    total: usize,
}

/// Explains and replays every puzzle; where neither `rate` nor `explain`
/// was stopped by the budget, the rating of the explanation must be the
/// one `rate` finds by its batched path. Their chain work differs: once the
/// order of steps up to ER is free, `rate` takes the first chain no harder
/// than ER, where `explain` shows the easiest, so a budget may stop them at
/// different places (docs/rating.md).
fn explain_all(puzzles: &[Grid], options: &Options) -> Explained {
    explain_all_with_work(puzzles, options).0
}

/// [`explain_all`], with the chain work of `rate` and of `explain` in all.
fn explain_all_with_work(puzzles: &[Grid], options: &Options) -> (Explained, [u64; 2]) {
    let mut explained_all = Explained {
        solved: 0,
        compared: 0,
        total: puzzles.len(),
    };
    let mut work = [0, 0];
    let stopped = |rating: &logic::Rating| {
        !rating.complete && options.budget.is_some_and(|budget| rating.work >= budget)
    };
    for puzzle in puzzles {
        let explanation = logic::explain(puzzle, options).unwrap();
        explained_all.solved += usize::from(replay(&explanation));
        let rating = logic::rate(puzzle, options).unwrap();
        let explained = explanation.rating;
        work[0] += rating.work;
        work[1] += explained.work;
        if stopped(&rating) || stopped(&explained) {
            continue;
        }
        explained_all.compared += 1;
        assert_eq!(
            (rating.er, rating.ep, rating.ed, rating.hardest),
            (explained.er, explained.ep, explained.ed, explained.hardest),
            "{puzzle}"
        );
        assert_eq!(
            (rating.level, rating.complete),
            (explained.level, explained.complete),
            "{puzzle}"
        );
    }
    (explained_all, work)
}

#[test]
fn generated_puzzles_replay_to_their_solutions() {
    let config = GenerateConfig::default();
    let puzzles: Vec<Grid> = (0..2000)
        .map(|i| generate::generate(&config, 99, i).unwrap().puzzle)
        .collect();
    let (
        Explained {
            solved,
            compared,
            total,
        },
        [rated, explained],
    ) = explain_all_with_work(&puzzles, &Options::default().with_budget(None));
    eprintln!("generated: {solved} of {total} solved by the engine");
    assert!(solved * 100 >= total * 99, "{solved} of {total}");
    assert_eq!(compared, total, "no budget: every rating compared");
    // Taking any chain no harder than ER so far spares `rate` chain work.
    eprintln!("chain nodes: rate {rated}, explain {explained}");
    assert!(
        rated * 10 < explained * 8,
        "rate {rated}, explain {explained}"
    );
}

#[test]
fn puzzles_of_every_level_replay_to_their_solutions() {
    for level in Level::ALL {
        let config = GenerateConfig::default().with_level(Some(level));
        let puzzles: Vec<Grid> = (0..100)
            .map(|i| generate::generate(&config, 7, i).unwrap().puzzle)
            .collect();
        let Explained {
            solved,
            compared,
            total,
        } = explain_all(&puzzles, &Options::default().with_budget(None));
        assert_eq!(compared, total, "{level}: no budget, every rating compared");
        for puzzle in &puzzles {
            // By a second implementation of the techniques, not the rater
            // that chose the puzzles.
            assert!(
                crate::util::human::fits_level(puzzle.cells(), level.name()),
                "{puzzle} is not {level} by the plain techniques"
            );
        }
        eprintln!("{level}: {solved} of {total} solved by the engine");
        if level != Level::Hell {
            assert_eq!(solved, total, "{level}");
        }
    }
}

#[test]
fn hardest_puzzles_replay_as_far_as_the_engine_goes() {
    let Some(puzzles) = crate::util::reference_puzzles("forum_hardest_11plus.txt") else {
        return;
    };
    let sample: Vec<Grid> = puzzles.iter().step_by(250).copied().collect();
    // Nested chains need far more work here: the budget stops them part
    // way, `rate` and `explain` at different places (docs/rating.md), so
    // their ratings are not compared, each is checked.
    let options = Options::default().with_budget(Some(200_000));
    let mut solved = 0;
    for puzzle in &sample {
        let explanation = logic::explain(puzzle, &options).unwrap();
        solved += usize::from(replay(&explanation));
        // Rated 11 or more by SE: the engine's lower bound is above 9.
        let rating = logic::rate(puzzle, &options).unwrap();
        assert!(
            !rating.complete || rating.er.value() >= 9.0,
            "{puzzle}: {rating:?}"
        );
        assert_eq!(rating.level, Level::Hell);
    }
    eprintln!(
        "forum_hardest_11plus: {solved} of {} solved by the engine",
        sample.len()
    );
}

/// Puzzles of `forum_hardest_11plus.txt` (SE 11+) that nested chains solve
/// within seconds, by index in the set, with their ER as Sudoku Explainer
/// 1.2.1 rates them: the explanation must reach the solution and get SE's
/// rating.
const SOLVED_BY_NESTED_CHAINS: [(usize, &str); 2] = [(7, "11.0/11.0/11.0"), (2, "11.0/11.0/11.0")];

#[test]
fn nested_chains_solve_some_of_the_hardest_puzzles() {
    let Some(puzzles) = crate::util::reference_puzzles("forum_hardest_11plus.txt") else {
        return;
    };
    let options = Options::default().with_budget(None);
    let mut techniques = Vec::new();
    for (index, triple) in SOLVED_BY_NESTED_CHAINS {
        let puzzle = puzzles[index];
        let explanation = logic::explain(&puzzle, &options).unwrap();
        assert!(replay(&explanation), "{puzzle}");
        assert_eq!(explanation.rating.triple(), triple, "{puzzle}");
        // As in SE: dynamic chains with multiple forcing chains inside.
        assert_eq!(
            explanation.rating.hardest,
            Technique::NestedMultipleForcingChains
        );
        techniques.extend(explanation.steps.iter().map(|s| s.technique));
    }
    assert!(techniques.contains(&Technique::NestedForcingChains));
    // The rating's own path (singles in bulk) agrees.
    let (index, triple) = SOLVED_BY_NESTED_CHAINS[0];
    let rating = logic::rate(&puzzles[index], &options).unwrap();
    assert_eq!(rating.triple(), triple);
}

#[test]
fn seventeen_clue_puzzles_replay_to_their_solutions() {
    let Some(puzzles) = crate::util::reference_puzzles("17_clue.txt") else {
        return;
    };
    let sample: Vec<Grid> = puzzles.iter().step_by(5).copied().collect();
    let Explained {
        solved,
        compared,
        total,
    } = explain_all(&sample, &Options::default());
    eprintln!("17_clue: {solved} of {total} solved by the engine, {compared} compared");
    assert!(
        compared * 100 >= total * 99,
        "{compared} of {total} compared"
    );
    assert!(solved * 100 >= total * 99, "{solved} of {total}");
}

/// Puzzles where taking steps in another order than easiest first would
/// change the rating: a pointing or naked single placing the single a direct
/// hidden pair or triplet leads to, or box singles after a full house.
/// `rate`'s shortcuts must give the rating of `explain`'s steps.
#[test]
fn rate_agrees_with_explain_where_the_order_of_steps_matters() {
    let options = Options::default().with_budget(None);
    for line in [
        "...2....82.96..13.....7..2.67...39....2....8..51......3.4.9........25.4..9......1",
        "...5...2.3...71..94............294.1..93..87...5.....363....1....7.....5.8.6.3...",
        "275......9.....4..41....6.......1..9....25.78..3.8....6..873.........71....4.2.8.",
        "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....",
        "5....1..8.....5.9...9..2...328...9....7....4...1..7..2....2...99..5.316.....6.5..",
        "8..54...7..1...4..2......9..9.7.......8.....9...3..1...7...9.68.34..2.....51....2",
        "...3.9..2...7...9......2.3.1...7...5...9...1.4.6..8..78...3....7.1....6.2.568....",
        ".6.4..39...5.8....9...5.8.7.81......6..3....4.....1..62.......34.....7...3.59....",
        "....2.....4.....91.....3584.6.8..9..9...5..3.125....4...72....8....4.1...1...7...",
        ".9.....4..1...8..2....5693..7.......1.8...42.....7...6..37......45.3.6........8..",
        ".....6...8..54.2.....9...53..5.3...7.9....4...1...4...5.7..3.8..2.6.........71.4.",
        "....9..7..6.12....4..6......24.7..........9.8..3..4.27...7.1...9.784...32.8....1.",
        "8.726149..347.965.29.35.178.415.836.38561724976...38.567.492.3.423175.865.9836.24",
        ".5.2.1493..47896.22.6.5.1...415283673..6.72497.29.38...7849.531423.75.86.1...6...",
        "8219374.675346.918..6.81.2738415627.6.27.8543597324...1782.9...439.15782265...194",
    ] {
        let puzzle: Grid = line.parse().unwrap();
        let rating = logic::rate(&puzzle, &options).unwrap();
        let explained = logic::explain(&puzzle, &options).unwrap();
        assert_eq!(rating, explained.rating, "{line}");
    }
}

/// The easiest single `candidates` hold, on Sudoku Explainer's ladder,
/// found by looking at every cell and unit: the last empty cell of a unit
/// (full house), a digit with one place left in a box, then in a row or
/// column (hidden single), an empty cell with one candidate (naked single).
fn easiest_single(candidates: &Candidates) -> Option<Technique> {
    let units: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|b| {
            (0..9)
                .map(|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3)
                .collect()
        }))
        .collect();
    let (lines, boxes) = units.split_at(18);
    let full_house = units.iter().any(|unit| {
        unit.iter()
            .filter(|&&cell| candidates.value(cell) == 0)
            .count()
            == 1
    });
    let hidden = |units: &[Vec<usize>]| {
        units.iter().any(|unit| {
            (1..=9u8).any(|d| unit.iter().filter(|&&cell| candidates.has(cell, d)).count() == 1)
        })
    };
    let naked =
        (0..81).any(|cell| candidates.value(cell) == 0 && candidates.mask(cell).count_ones() == 1);
    [
        (full_house, Technique::FullHouse),
        (hidden(boxes), Technique::HiddenSingleBox),
        (hidden(lines), Technique::HiddenSingleLine),
        (naked, Technique::NakedSingle),
    ]
    .into_iter()
    .find_map(|(found, technique)| found.then_some(technique))
}

/// In simple order a single, when there is one, is always the next step,
/// and the easiest kind of single on the board (a hidden single in a box
/// before one in a line, both before a naked single); the steps still
/// replay to the solution, and the rating stays the puzzle's, as `rate`
/// gives it.
#[test]
fn simple_order_takes_every_single_before_any_other_step() {
    let options = Options::default().with_budget(None);
    let simple = options.with_order(Order::Simple);
    let (mut steps, mut others) = (0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        let config = GenerateConfig::default().with_level(Some(level));
        for i in 0..100 {
            let puzzle = generate::generate(&config, 24, i).unwrap().puzzle;
            let explanation = logic::explain(&puzzle, &simple).unwrap();
            assert!(replay(&explanation), "{puzzle}");
            assert_eq!(
                explanation.rating,
                logic::rate(&puzzle, &options).unwrap(),
                "{puzzle}"
            );
            let mut candidates = Candidates::from_grid(&puzzle).unwrap();
            for step in &explanation.steps {
                if let Some(easiest) = easiest_single(&candidates) {
                    assert_eq!(
                        step.technique, easiest,
                        "{puzzle}: {} while a {easiest:?} is there",
                        step.text
                    );
                    kinds.insert(easiest);
                } else {
                    others += 1;
                }
                steps += 1;
                step.apply(&mut candidates);
            }
        }
    }
    eprintln!("simple order: {steps} steps, {others} of them not singles");
    assert!(others > 300, "{others}");
    assert_eq!(kinds.len(), 4, "every kind of single taken: {kinds:?}");
}

/// In rating order, direct techniques do come before naked singles: the
/// simple order differs where it should.
#[test]
fn rating_order_takes_direct_steps_before_naked_singles() {
    let options = Options::default().with_budget(None);
    let config = GenerateConfig::default().with_level(Some(Level::Medium));
    let mut direct_with_single = 0;
    for i in 0..100 {
        let puzzle = generate::generate(&config, 24, i).unwrap().puzzle;
        let explanation = logic::explain(&puzzle, &options).unwrap();
        let mut candidates = Candidates::from_grid(&puzzle).unwrap();
        for step in &explanation.steps {
            if step.technique.plain_form().is_some() && easiest_single(&candidates).is_some() {
                direct_with_single += 1;
            }
            step.apply(&mut candidates);
        }
    }
    assert!(direct_with_single > 10, "{direct_with_single}");
}

/// A family the budget cuts short may have had an easier step than the
/// best found: the rating then stops there, a lower bound, rather than take
/// a step that depends on the budget.
#[test]
fn a_step_is_not_taken_from_a_search_the_budget_cut_short() {
    // Within 1,000 nodes a forcing X-chain (6.6) is found, the puzzle's
    // hardest step, but the bidirectional Y-cycles (6.5), searched next in
    // the same rule of static chains (named for its first, X-cycles), run
    // out of work: one of them could have been easier.
    let puzzle =
        "....2.....6.5....9.3.89..2.4.......5.9...8.7...6237...6........9.46.......73...54";
    let puzzle = Grid::parse_line(puzzle.as_bytes()).unwrap();
    let rate = |budget| logic::rate(&puzzle, &Options::default().with_budget(budget)).unwrap();
    assert_eq!(rate(None).triple(), "6.6/1.2/1.2");
    let cut = rate(Some(1000));
    assert_eq!(cut.triple(), ">6.5/1.2/1.2");
    assert_eq!(cut.hardest, Technique::XCycle);
}

/// A hint is searched for within [`Options::HINT_BUDGET`]; where it finds a
/// step, that step is the one the default budget finds on the same board
/// (the budget decides only whether a step is found, never which), in the
/// rating order of `next_step` and in the simple order the game's hints
/// take. Walked as the game's hints walk a board: the step applied, or
/// where none is found, a cell of the solution placed.
#[test]
fn a_hint_found_within_its_budget_is_the_step_the_default_budget_finds() {
    let hint = Options::default().with_budget(Some(Options::HINT_BUDGET));
    let default = Options::default();
    let hell = GenerateConfig::default().with_level(Some(Level::Hell));
    let mut puzzles: Vec<Grid> = (0..20)
        .map(|i| generate::generate(&hell, 11, i).unwrap().puzzle)
        .collect();
    // Of the forum's hardest (SE 11 and up): hints run out of work there.
    puzzles.extend(
        [
            "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
            "........1....12.34.14.3.5.......67...47.2...38...........2....5.35.7..1.9........",
            ".2.....8...6.8.1.....2..5.6.7...34......4......15...6.3...9.....9......7..21...5.",
        ]
        .map(|p| Grid::parse_line(p.as_bytes()).unwrap()),
    );
    for order in [Order::Rating, Order::Simple] {
        let next = |candidates: &Candidates, options: &Options| {
            Stepper::new(candidates.clone(), true, &options.with_order(order)).next()
        };
        let (mut chains, mut out_of_work) = (0, 0);
        for puzzle in &puzzles {
            let solution = sudokuflow::solve(puzzle).unwrap().grid;
            let mut candidates = Candidates::from_grid(puzzle).unwrap();
            while !candidates.is_solved() {
                match next(&candidates, &hint) {
                    Some(step) => {
                        let found = next(&candidates, &default);
                        assert_eq!(
                            found.as_ref(),
                            Some(&step),
                            "{order:?}, {puzzle}: {}",
                            step.text
                        );
                        chains += usize::from(step.technique >= Technique::XCycle);
                        step.apply(&mut candidates);
                    }
                    None => {
                        out_of_work += 1;
                        let cell = (0..81).find(|&c| candidates.value(c) == 0).unwrap();
                        candidates.place(cell, solution.get(cell));
                    }
                }
            }
        }
        // Both cases were met.
        assert!(chains >= 20, "{order:?}: {chains} chain hints");
        assert!(
            out_of_work >= 3,
            "{order:?}: {out_of_work} boards without a hint"
        );
    }
}
