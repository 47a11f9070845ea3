//! Every technique asked directly at every position of real puzzles as the
//! engine steps through them: each step must be true of the solution, change
//! the position, and carry Sudoku Explainer's rating; every technique must
//! show up somewhere, so the check is not empty.

use std::collections::BTreeMap;

use sudokuflow::generate::{self, GenerateConfig};
use sudokuflow::logic::{self, Candidates, Options, Stepper, Technique};

/// The techniques the engine implements, with SE's published rating for
/// those whose rating is fixed (None: a family whose rating grows).
const TECHNIQUES: &[(Technique, Option<u16>)] = &[
    (Technique::FullHouse, Some(10)),
    (Technique::HiddenSingleBox, Some(12)),
    (Technique::HiddenSingleLine, Some(15)),
    (Technique::DirectPointing, Some(17)),
    (Technique::DirectClaiming, Some(19)),
    (Technique::DirectHiddenPair, Some(20)),
    (Technique::NakedSingle, Some(23)),
    (Technique::DirectHiddenTriple, Some(25)),
    (Technique::Pointing, Some(26)),
    (Technique::Claiming, Some(28)),
    (Technique::NakedPair, Some(30)),
    (Technique::XWing, Some(32)),
    (Technique::HiddenPair, Some(34)),
    (Technique::NakedTriple, Some(36)),
    (Technique::Swordfish, Some(38)),
    (Technique::HiddenTriple, Some(40)),
    (Technique::XyWing, Some(42)),
    (Technique::XyzWing, Some(44)),
    (Technique::UniqueRectangle, None),
    (Technique::NakedQuad, Some(50)),
    (Technique::Jellyfish, Some(52)),
    (Technique::HiddenQuad, Some(54)),
    (Technique::Bug, None),
    (Technique::AlignedPairExclusion, Some(62)),
];

/// Steps generated puzzles with the engine and, at every position, asks each
/// non-chain technique for its step: the step must be true of the solution,
/// change the position, and carry SE's rating. At least 60 puzzles, then on
/// until every technique has shown up (rare ones, such as BUG, need more
/// puzzles from some seeds than from others).
#[test]
fn every_technique_step_on_real_positions_is_true_and_rated_as_se() {
    let config = GenerateConfig::default();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for index in 0..400 {
        let all_seen = TECHNIQUES.iter().all(|(t, _)| seen.contains_key(t.name()));
        if index >= 60 && all_seen {
            eprintln!("puzzles stepped through: {index}");
            break;
        }
        let generated = generate::generate(&config, 7, index).unwrap();
        let solution = generated.solution;
        let candidates = Candidates::from_grid(&generated.puzzle).unwrap();
        let mut stepper = Stepper::new(candidates, true, &Options::default());
        loop {
            let position = stepper.candidates().clone();
            for &(technique, published) in TECHNIQUES {
                let Some(step) = logic::find_step(&position, technique) else {
                    continue;
                };
                *seen.entry(technique.name()).or_default() += 1;
                let what = format!("{} on {}: {}", technique.name(), position.grid(), step.text);
                assert!(
                    !step.placements.is_empty() || !step.eliminations.is_empty(),
                    "{what}"
                );
                for p in &step.placements {
                    assert!(position.has(p.cell.into(), p.digit), "{what}");
                    assert_eq!(solution.get(p.cell.into()), p.digit, "{what}");
                }
                for e in &step.eliminations {
                    assert!(position.has(e.cell.into(), e.digit), "{what}");
                    assert_ne!(solution.get(e.cell.into()), e.digit, "{what}");
                }
                match published {
                    Some(rating) => assert_eq!(step.rating.0, rating, "{what}"),
                    None => assert!(step.rating >= technique.base_rating(), "{what}"),
                }
            }
            if stepper.next().is_none() {
                break;
            }
        }
    }
    eprintln!("technique steps seen: {seen:?}");
    for &(technique, _) in TECHNIQUES {
        let name = technique.name();
        assert!(seen.contains_key(name), "{name} never seen: {seen:?}");
    }
}

/// Chain families asked directly, on positions where the engine's next step
/// is a chain: their steps are true of the solution and rated at least the
/// family's base.
#[test]
fn chain_steps_on_real_positions_are_true() {
    let chains = [
        Technique::XCycle,
        Technique::YCycle,
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::CellForcingChains,
    ];
    let mut checked = 0;
    for index in 0..40 {
        let generated = generate::generate(&GenerateConfig::default(), 3, index).unwrap();
        let candidates = Candidates::from_grid(&generated.puzzle).unwrap();
        let mut stepper = Stepper::new(candidates, true, &Options::default());
        loop {
            let position = stepper.candidates().clone();
            let Some(next) = stepper.next() else { break };
            if next.rating.0 < 62 {
                continue;
            }
            for technique in chains {
                let Some(step) = logic::find_step(&position, technique) else {
                    continue;
                };
                checked += 1;
                let what = format!("{} on {}: {}", technique.name(), position.grid(), step.text);
                // The family's easiest step may be a cheaper relative (an
                // X-cycle for forcing X-chains): at least its own base.
                assert!(step.rating >= step.technique.base_rating(), "{what}");
                for p in &step.placements {
                    assert_eq!(generated.solution.get(p.cell.into()), p.digit, "{what}");
                }
                for e in &step.eliminations {
                    assert_ne!(generated.solution.get(e.cell.into()), e.digit, "{what}");
                }
            }
        }
    }
    eprintln!("chain steps checked: {checked}");
    assert!(checked > 0, "no position needed a chain");
}
