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

/// Aligned triple exclusion against a plain search: at every position of
/// real puzzles, the first triple of empty cells (in cell order) that loses
/// a candidate when every combination of its values is tried (two that see
/// each other differ; none uses up a cell of two or three candidates that
/// sees all three) is the step the engine finds, with the same eliminations,
/// each true of the solution.
#[test]
fn aligned_triple_exclusion_is_the_plain_search() {
    let sees = |a: usize, b: usize| {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    };
    let digits = |mask: u16| (1..=9u8).filter(move |d| mask >> d & 1 != 0);
    let plain = |c: &Candidates| -> Option<Vec<(usize, u8)>> {
        let empty: Vec<usize> = (0..81).filter(|&cell| c.value(cell) == 0).collect();
        for (i, &a) in empty.iter().enumerate() {
            for (j, &b) in empty.iter().enumerate().skip(i + 1) {
                for &t in &empty[j + 1..] {
                    let cells = [a, b, t];
                    let excluders: Vec<u16> = (0..81)
                        .filter(|&s| cells.iter().all(|&x| sees(s, x)))
                        .map(|s| c.mask(s))
                        .filter(|m| (2..=3).contains(&m.count_ones()))
                        .collect();
                    if excluders.is_empty() {
                        continue;
                    }
                    let mut allowed = [0u16; 3];
                    for x in digits(c.mask(a)) {
                        for y in digits(c.mask(b)) {
                            for z in digits(c.mask(t)) {
                                let v = [x, y, z];
                                let clash = [(0, 1), (0, 2), (1, 2)]
                                    .iter()
                                    .any(|&(p, q)| v[p] == v[q] && sees(cells[p], cells[q]));
                                let taken = 1u16 << x | 1 << y | 1 << z;
                                if clash || excluders.iter().any(|&m| m & !taken == 0) {
                                    continue;
                                }
                                for k in 0..3 {
                                    allowed[k] |= 1 << v[k];
                                }
                            }
                        }
                    }
                    let lost: Vec<(usize, u8)> = (0..3)
                        .flat_map(|k| {
                            digits(c.mask(cells[k]) & !allowed[k]).map(move |d| (cells[k], d))
                        })
                        .collect();
                    if !lost.is_empty() {
                        return Some(lost);
                    }
                }
            }
        }
        None
    };
    let mut found = 0;
    for index in 0..30 {
        let generated = generate::generate(&GenerateConfig::default(), 7, index).unwrap();
        let candidates = Candidates::from_grid(&generated.puzzle).unwrap();
        let mut stepper = Stepper::new(candidates, true, &Options::default());
        loop {
            let position = stepper.candidates().clone();
            let step = logic::find_step(&position, Technique::AlignedTripleExclusion);
            let engine = step.as_ref().map(|s| {
                let mut lost: Vec<(usize, u8)> = s
                    .eliminations
                    .iter()
                    .map(|e| (usize::from(e.cell), e.digit))
                    .collect();
                lost.sort_unstable();
                lost
            });
            let mut expected = plain(&position);
            if let Some(lost) = expected.as_mut() {
                lost.sort_unstable();
            }
            assert_eq!(engine, expected, "on {}", position.grid());
            if let Some(step) = step {
                found += 1;
                assert_eq!(step.rating.0, 75, "{}", step.text);
                for e in &step.eliminations {
                    assert_ne!(
                        generated.solution.get(e.cell.into()),
                        e.digit,
                        "{}",
                        step.text
                    );
                }
            }
            if stepper.next().is_none() {
                break;
            }
        }
    }
    eprintln!("aligned triple exclusions found: {found}");
    assert!(
        found >= 20,
        "only {found} positions had an aligned triple exclusion"
    );
}
