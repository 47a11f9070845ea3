//! Every instance of a technique on a grid, not only the first: for tests
//! that compare what a technique finds on equivalent grids, and for tools
//! that show all the moves available.

use super::cells::{ALL_UNITS, BOX};
use super::step::{Step, Technique, Words};
use super::{ALL_DIGITS, Candidates, fish, intersections, singles, subsets, wings};

/// Every step `technique` finds on `candidates`, for the techniques with one
/// rating and no uniqueness condition (singles to XYZ-Wing, quads,
/// Jellyfish); `None` for the others (direct techniques, uniqueness,
/// exclusions and chains), whose instances depend on a choice of order.
pub fn all_steps(candidates: &Candidates, technique: Technique) -> Option<Vec<Step>> {
    let c = candidates;
    let mut all = Vec::new();
    let mut push = |step| {
        all.push(step);
        true
    };
    match technique {
        Technique::FullHouse => all.extend(singles::full_houses(c)),
        Technique::HiddenSingleBox => all.extend(singles::hidden_singles(c, BOX..27, technique)),
        Technique::HiddenSingleLine => all.extend(singles::hidden_singles(c, 0..BOX, technique)),
        Technique::NakedSingle => all.extend(singles::naked_singles(c, Words::Described)),
        Technique::Pointing => {
            all.extend(intersections::pointings(c, ALL_DIGITS).map(|i| i.step(c, Words::Described)))
        }
        Technique::Claiming => {
            all.extend(intersections::claimings(c, ALL_DIGITS).map(|i| i.step(c, Words::Described)))
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            let n = subset_size(technique);
            all.extend(subsets::naked_subsets(c, n, ALL_UNITS, Words::Described))
        }
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            let n = subset_size(technique);
            all.extend(subsets::hidden_subsets(c, n, ALL_UNITS, Words::Described))
        }
        Technique::XWing => fish::each_fish(c, 2, ALL_DIGITS, &mut push),
        Technique::Swordfish => fish::each_fish(c, 3, ALL_DIGITS, &mut push),
        Technique::Jellyfish => fish::each_fish(c, 4, ALL_DIGITS, &mut push),
        Technique::XyWing => wings::each_wing(c, 2, &mut push),
        Technique::XyzWing => wings::each_wing(c, 3, &mut push),
        _ => return None,
    }
    Some(all)
}

/// The number of cells (or digits) of a subset technique.
fn subset_size(technique: Technique) -> u32 {
    match technique {
        Technique::NakedPair | Technique::HiddenPair => 2,
        Technique::NakedTriple | Technique::HiddenTriple => 3,
        _ => 4,
    }
}
