//! The step engine on arbitrary candidate grids with a known solution: a
//! solution grid, some of its cells placed, and in the others any pencil
//! marks that keep the solution's digit. No technique may place another
//! digit or eliminate the solution's; uniqueness techniques are asked only
//! where the marks leave that one solution.

use sudokuflow::Grid;
use sudokuflow::logic::{self, ALL_DIGITS, Candidates, Options, Step, Stepper, Technique};

use super::bytes::Bytes;

/// Every technique but the chain families, each asked on every input.
const TECHNIQUES: [Technique; 25] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::NakedSingle,
    Technique::DirectHiddenTriple,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueRectangle,
    Technique::UniqueLoop,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::Bug,
    Technique::AlignedPairExclusion,
];

/// The chain families (and the aligned triple exclusion) asked one per
/// input, without a work limit: the dynamic and nested chains, which take
/// seconds on a grid with many candidates, only through the engine's own
/// order below, under a budget.
const CHAINS: [Technique; 9] = [
    Technique::XCycle,
    Technique::ForcingXChain,
    Technique::YCycle,
    Technique::BidirectionalCycle,
    Technique::ForcingChain,
    Technique::AlignedTripleExclusion,
    Technique::Nishio,
    Technique::CellForcingChains,
    Technique::RegionForcingChains,
];

fn relies_on_uniqueness(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::UniqueRectangle | Technique::UniqueLoop | Technique::Bug
    )
}

pub fn check(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let solution = bytes.solution();
    let placed = bytes.byte();
    let chain = CHAINS[bytes.below(CHAINS.len())];
    let mut cells = [0u8; 81];
    let mut marks = [0u16; 81];
    for cell in 0..81 {
        let digit = solution.get(cell);
        if bytes.byte() < placed {
            cells[cell] = digit;
        }
        let noise = u16::from(bytes.byte()) << 1 | u16::from(bytes.byte()) << 9;
        marks[cell] = (noise & ALL_DIGITS) | 1 << digit;
    }
    let grid = Grid::from_cells(cells).expect("digits");
    let candidates = Candidates::with_marks(&grid, &marks).expect("the solution fits the marks");
    let unique = completions(&candidates) == Some(1);

    for technique in TECHNIQUES.iter().copied().chain([chain]) {
        if relies_on_uniqueness(technique) && !unique {
            continue;
        }
        if let Some(step) = logic::find_step(&candidates, technique) {
            check_step(&candidates, &solution, &step, technique.name());
        }
        for step in logic::all_steps(&candidates, technique).unwrap_or_default() {
            check_step(&candidates, &solution, &step, technique.name());
        }
    }

    // The engine's own order, as far as a hint's budget goes.
    let options = Options::default().with_budget(Some(Options::HINT_BUDGET));
    let mut stepper = Stepper::new(candidates, unique, &options);
    loop {
        let before = stepper.candidates().clone();
        let Some(step) = stepper.next() else { break };
        check_step(&before, &solution, &step, "the engine's next step");
    }
}

/// A step on `candidates` keeps `solution`: it places the solution's digits
/// and eliminates other digits, each a candidate there, and does something.
fn check_step(candidates: &Candidates, solution: &Grid, step: &Step, what: &str) {
    let context = || {
        format!(
            "{what} on {candidates:?} (solution {solution}): {}",
            step.text
        )
    };
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "changes nothing: {}",
        context()
    );
    for p in &step.placements {
        let cell = usize::from(p.cell);
        assert!(
            candidates.has(cell, p.digit),
            "places a non-candidate: {}",
            context()
        );
        assert_eq!(
            solution.get(cell),
            p.digit,
            "places a wrong digit: {}",
            context()
        );
    }
    for e in &step.eliminations {
        let cell = usize::from(e.cell);
        assert!(
            candidates.has(cell, e.digit),
            "eliminates a non-candidate: {}",
            context()
        );
        assert_ne!(
            solution.get(cell),
            e.digit,
            "eliminates the solution: {}",
            context()
        );
    }
}

/// The grids the candidates allow, counted up to 2 by plain backtracking;
/// `None` when that takes too long.
fn completions(candidates: &Candidates) -> Option<u32> {
    let mut cells = [0u8; 81];
    let mut masks = [0u16; 81];
    for cell in 0..81 {
        cells[cell] = candidates.value(cell);
        masks[cell] = candidates.mask(cell);
    }
    let mut budget = 20_000u32;
    count(&mut cells, &masks, &mut budget)
}

fn count(cells: &mut [u8; 81], masks: &[u16; 81], budget: &mut u32) -> Option<u32> {
    *budget = budget.checked_sub(1)?;
    let mut best: Option<(usize, u16)> = None;
    for cell in (0..81).filter(|&c| cells[c] == 0) {
        let (row, col) = (cell / 9, cell % 9);
        let mut free = masks[cell];
        for k in 0..9 {
            let box_cell = (row / 3 * 3 + k / 3) * 9 + col / 3 * 3 + k % 3;
            for peer in [row * 9 + k, k * 9 + col, box_cell] {
                free &= !(1 << cells[peer]);
            }
        }
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((cell, free));
        }
    }
    let Some((cell, free)) = best else {
        return Some(1);
    };
    let mut found = 0;
    for digit in 1..=9u8 {
        if free & 1 << digit != 0 {
            cells[cell] = digit;
            let more = count(cells, masks, budget);
            cells[cell] = 0;
            found += more?;
            if found >= 2 {
                break;
            }
        }
    }
    Some(found)
}
