//! One deduction of the step engine: which technique, how hard it is on the
//! Sudoku Explainer scale, what it places and eliminates, the candidates that
//! prove it, and the sentence that tells a person why.

use std::fmt;

/// A solving technique, named as Sudoku Explainer names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row or column.
    HiddenSingleLine,
    /// Pointing whose eliminations leave a hidden single.
    DirectPointing,
    /// Claiming whose eliminations leave a hidden single.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    /// The only digit left in a cell.
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single.
    DirectHiddenTriple,
    /// A digit confined to one line within a box.
    Pointing,
    /// A digit confined to one box within a line.
    Claiming,
    /// Two cells of a unit with the same two digits only.
    NakedPair,
    /// A digit in two rows confined to two columns, or the other way round.
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit with three digits between them.
    NakedTriple,
    /// The X-Wing on three lines.
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// A pivot {x,y} and pincers {x,z}, {y,z}.
    XyWing,
    /// A pivot {x,y,z} and pincers {x,z}, {y,z}.
    XyzWing,
    /// Four cells on two rows, columns and boxes that must not hold only the same two digits.
    UniqueRectangle,
    /// Six or more cells, each sharing a unit with the next, every unit
    /// holding two of them or none, that must not hold only the same two digits.
    UniqueLoop,
    /// Four cells of a unit with four digits between them.
    NakedQuad,
    /// The X-Wing on four lines.
    Jellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Bivalue universal grave.
    Bug,
    /// Two aligned cells whose pairs of values would empty a cell they both see.
    AlignedPairExclusion,
    /// A single-digit loop of strong and weak links.
    XCycle,
    /// A single-digit chain from an assumption to its own contradiction.
    ForcingXChain,
    /// A loop of bivalue cells, each linked to the next by a digit.
    YCycle,
    /// A loop of strong and weak links over cells and digits.
    BidirectionalCycle,
    /// A chain over cells and digits from an assumption to a contradiction
    /// (or from both values of a candidate to one conclusion).
    ForcingChain,
    /// The pair exclusion with three cells.
    AlignedTripleExclusion,
    /// A single-digit assumption followed with every consequence.
    Nishio,
    /// Every candidate of a cell leads to one conclusion.
    CellForcingChains,
    /// Every place of a digit in a unit leads to one conclusion.
    RegionForcingChains,
    /// Forcing chains whose links depend on earlier consequences.
    DynamicForcingChains,
    /// Dynamic forcing chains that also use intersections and subsets.
    DynamicForcingChainsPlus,
    /// Dynamic forcing chains (+) that use forcing chains inside.
    NestedForcingChains,
    /// Dynamic forcing chains (+) that use dynamic forcing chains inside.
    NestedDynamicForcingChains,
}

impl Technique {
    /// The name people and other tools read (`rate` prints it).
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => "Hidden Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triplet",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triplet",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triplet",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::UniqueRectangle => "Unique Rectangle",
            Technique::UniqueLoop => "Unique Loop",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::Bug => "Bivalue Universal Grave",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::XCycle => "Bidirectional X-Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::YCycle => "Bidirectional Y-Cycle",
            Technique::BidirectionalCycle => "Bidirectional Cycle",
            Technique::ForcingChain => "Forcing Chain",
            Technique::AlignedTripleExclusion => "Aligned Triplet Exclusion",
            Technique::Nishio => "Nishio Forcing Chains",
            Technique::CellForcingChains => "Cell Forcing Chains",
            Technique::RegionForcingChains => "Region Forcing Chains",
            Technique::DynamicForcingChains => "Dynamic Forcing Chains",
            Technique::DynamicForcingChainsPlus => "Dynamic Forcing Chains (+)",
            Technique::NestedForcingChains => "Nested Forcing Chains",
            Technique::NestedDynamicForcingChains => "Nested Dynamic Forcing Chains",
        }
    }

    /// For a direct technique (a subset or intersection whose eliminations
    /// leave a hidden single), the plain technique it is a case of.
    pub fn plain_form(self) -> Option<Technique> {
        match self {
            Technique::DirectPointing => Some(Technique::Pointing),
            Technique::DirectClaiming => Some(Technique::Claiming),
            Technique::DirectHiddenPair => Some(Technique::HiddenPair),
            Technique::DirectHiddenTriple => Some(Technique::HiddenTriple),
            _ => None,
        }
    }

    /// The Sudoku Explainer rating of the technique's simplest form, in
    /// tenths (chains, uniqueness and BUG add to it).
    pub fn base_rating(self) -> Difficulty {
        Difficulty(match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::UniqueLoop => 46,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::Bug => 56,
            Technique::AlignedPairExclusion => 62,
            Technique::XCycle | Technique::YCycle => 65,
            Technique::ForcingXChain => 66,
            Technique::BidirectionalCycle | Technique::ForcingChain => 70,
            Technique::AlignedTripleExclusion => 75,
            Technique::Nishio => 75,
            Technique::CellForcingChains | Technique::RegionForcingChains => 80,
            Technique::DynamicForcingChains => 85,
            Technique::DynamicForcingChainsPlus => 90,
            Technique::NestedForcingChains => 95,
            Technique::NestedDynamicForcingChains => 105,
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty on the Sudoku Explainer scale, held in tenths (`Difficulty(44)` is 4.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The rating as a number, e.g. 4.4.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A candidate: a digit in a cell (cells 0-80 in reading order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell, 0-80 in reading order.
    pub cell: u8,
    /// The digit, 1-9.
    pub digit: u8,
}

impl Candidate {
    /// Digit `digit` in cell `cell` (0-80).
    #[inline]
    pub fn new(cell: usize, digit: u8) -> Candidate {
        Candidate {
            cell: cell as u8,
            digit,
        }
    }

    /// The row, 1 to 9.
    pub fn row(self) -> u8 {
        self.cell / 9 + 1
    }

    /// The column, 1 to 9.
    pub fn col(self) -> u8 {
        self.cell % 9 + 1
    }
}

/// Eliminations listed for people: `r1c1 <> 4, r2c7 <> 4`.
pub(crate) fn elimination_list(eliminations: &[Candidate]) -> String {
    let items: Vec<String> = eliminations
        .iter()
        .map(|e| format!("r{}c{} <> {}", e.row(), e.col(), e.digit))
        .collect();
    items.join(", ")
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// How hard the step is (the technique's rating, plus length for chains).
    pub rating: Difficulty,
    /// Digits the step places.
    pub placements: Vec<Candidate>,
    /// Candidates the step removes.
    pub eliminations: Vec<Candidate>,
    /// The candidates that prove the step (what a hint highlights).
    pub focus: Vec<Candidate>,
    /// The step in words: `r3c5 = 7 (hidden single in box 2)`.
    pub text: String,
}

/// Whether a finder describes the steps it finds for people (their text,
/// and the candidates that prove them) or gives only what they do. Rating
/// needs no words, and below the chains, building them costs about as much
/// as finding the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Words {
    /// Text and focus filled in.
    Described,
    /// Text and focus left empty.
    Bare,
}

impl Words {
    /// The text `text` makes, when steps are described; else an empty one.
    pub(crate) fn text(self, text: impl FnOnce() -> String) -> String {
        match self {
            Words::Described => text(),
            Words::Bare => String::new(),
        }
    }

    /// The focus `focus` makes, when steps are described; else an empty one.
    pub(crate) fn focus(self, focus: impl FnOnce() -> Vec<Candidate>) -> Vec<Candidate> {
        match self {
            Words::Described => focus(),
            Words::Bare => Vec::new(),
        }
    }
}

impl Step {
    pub(crate) fn new(technique: Technique, text: String) -> Step {
        Step {
            technique,
            rating: technique.base_rating(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            focus: Vec::new(),
            text,
        }
    }

    /// Applies the step to `candidates`.
    pub fn apply(&self, candidates: &mut super::Candidates) {
        for e in &self.eliminations {
            candidates.eliminate(e.cell.into(), e.digit);
        }
        for p in &self.placements {
            if candidates.value(p.cell.into()) == 0 {
                candidates.place(p.cell.into(), p.digit);
            }
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
