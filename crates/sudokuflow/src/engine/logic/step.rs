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
    /// Dynamic forcing chains (+) that also use cell and region forcing
    /// chains inside.
    NestedMultipleForcingChains,
    /// Dynamic forcing chains (+) that use dynamic forcing chains inside.
    NestedDynamicForcingChains,
    /// Dynamic forcing chains (+) that use dynamic forcing chains (+) inside.
    NestedDynamicForcingChainsPlus,
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
            Technique::NestedMultipleForcingChains => "Nested Multiple Forcing Chains",
            Technique::NestedDynamicForcingChains => "Nested Dynamic Forcing Chains",
            Technique::NestedDynamicForcingChainsPlus => "Nested Dynamic Forcing Chains (+)",
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
            Technique::NestedMultipleForcingChains => 100,
            Technique::NestedDynamicForcingChains => 105,
            Technique::NestedDynamicForcingChainsPlus => 110,
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

/// A house: a row, column or box, numbered as the step engine numbers its
/// units (rows 0-8, columns 9-17, boxes 18-26). Written `row 3`, `column
/// 5`, `box 2`, counting from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct House(pub u8);

/// The three kinds of house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A 3x3 box.
    Box,
}

impl House {
    /// The house numbered `unit` (0-26).
    pub fn new(unit: usize) -> House {
        House(unit as u8)
    }

    /// The unit number, 0-26.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Row, column or box.
    pub fn kind(self) -> HouseKind {
        match self.0 {
            0..=8 => HouseKind::Row,
            9..=17 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// Its number among the houses of its kind, 1 to 9.
    pub fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The cells of the house (0-80), in reading order.
    pub fn cells(self) -> [u8; 9] {
        super::cells::UNIT_CELLS[self.index()]
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind() {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        };
        write!(f, "{kind} {}", self.number())
    }
}

/// One node of a chain: a candidate taken as true (`on`) or false, and why
/// it follows from the nodes before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainNode {
    /// The candidate.
    pub candidate: Candidate,
    /// True when the chain makes the candidate true (the digit goes in the
    /// cell), false when it rules it out.
    pub on: bool,
    /// Why the node follows, in words (`the only place left for 3 in box
    /// 1`); for the first node of a chain, the assumption, `assumed`.
    pub reason: String,
    /// The nodes it follows from, as indices into the same chain: the node
    /// before it in a simple chain; several where a cell or house is left
    /// with one candidate by several eliminations. Empty for the assumption.
    pub from: Vec<u16>,
    /// For a node proved by a chain nested inside this one (nested forcing
    /// chains): that chain's branches, each from its own assumption.
    pub inner: Vec<Vec<ChainNode>>,
}

impl fmt::Display for ChainNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.on { "=" } else { "<>" };
        write!(
            f,
            "r{}c{}{op}{}",
            self.candidate.row(),
            self.candidate.col(),
            self.candidate.digit
        )
    }
}

/// The branches of a chain step arranged for reading: branches from the
/// same assumption merged into one list, each node once, a branch's new
/// nodes after those before them; branches from different assumptions
/// (a cell or region forcing chain) each a list of its own. Each node
/// comes with its premises' positions in its list.
pub fn chain_sections(chains: &[Vec<ChainNode>]) -> Vec<Vec<(&ChainNode, Vec<u16>)>> {
    let same_start = chains
        .windows(2)
        .all(|w| w[0].first().map(key) == w[1].first().map(key));
    let mut sections: Vec<Vec<(&ChainNode, Vec<u16>)>> = Vec::new();
    let mut positions: std::collections::HashMap<(Candidate, bool), u16> = Default::default();
    for (i, chain) in chains.iter().enumerate() {
        if i == 0 || !same_start {
            sections.push(Vec::new());
            positions.clear();
        }
        let section = sections.last_mut().expect("a section was pushed");
        // Told by an earlier branch (a loop comes back to its own start).
        let earlier = positions.clone();
        for node in chain {
            if earlier.contains_key(&key(node)) {
                continue;
            }
            let from = node
                .from
                .iter()
                .filter_map(|&f| chain.get(usize::from(f)))
                .filter_map(|premise| positions.get(&key(premise)).copied())
                .collect();
            positions.insert(key(node), section.len() as u16);
            section.push((node, from));
        }
    }
    sections
}

fn key(node: &ChainNode) -> (Candidate, bool) {
    (node.candidate, node.on)
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
    /// The cells of the pattern (0-80): the pair of a naked pair, the
    /// corners of an X-Wing, the cells a chain goes through.
    pub cells: Vec<u8>,
    /// The houses the deduction looks at: the box of a hidden single, the
    /// box and line of a pointing, the base and cover lines of a fish.
    pub houses: Vec<House>,
    /// The one digit the step is about, where it is about one: the digit a
    /// single places, an intersection or a fish confines, a single-digit
    /// chain (X-cycle, forcing X-chain, Nishio) follows (`X-Wing on 8`).
    pub digit: Option<u8>,
    /// The variant of a technique that has several, by number: the type (1
    /// to 4) of a unique rectangle, unique loop or bivalue universal grave.
    pub variant: Option<u8>,
    /// For chains: each branch, from its assumption to where it ends (a
    /// loop has one; a contradiction a branch to each side of it; a cell or
    /// region forcing chain one per candidate or place).
    pub chains: Vec<Vec<ChainNode>>,
    /// The step in words, saying why it holds: `r3c5 = 7: the only place
    /// for 7 in box 2`. Chains go on over further lines, a node a line.
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

    /// The list `list` makes (focus, cells, houses), when steps are
    /// described; else an empty one.
    pub(crate) fn focus<T>(self, list: impl FnOnce() -> Vec<T>) -> Vec<T> {
        match self {
            Words::Described => list(),
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
            cells: Vec::new(),
            houses: Vec::new(),
            digit: None,
            variant: None,
            chains: Vec::new(),
            text,
        }
    }

    /// Sets the pattern's `cells` and `houses` (unit numbers), when steps
    /// are described.
    pub(crate) fn set_pattern(
        &mut self,
        words: Words,
        cells: impl IntoIterator<Item = usize>,
        houses: impl IntoIterator<Item = usize>,
    ) {
        if words == Words::Described {
            self.cells = cells.into_iter().map(|c| c as u8).collect();
            self.houses = houses.into_iter().map(House::new).collect();
        }
    }

    /// The step's first line of text: what it finds and why, without a
    /// chain's nodes.
    pub fn headline(&self) -> &str {
        self.text.lines().next().unwrap_or("")
    }

    /// Where to look for the step, without what it finds: the technique,
    /// the digits and the house (`Pointing: look at the 7s in box 7`), or
    /// for a chain, its assumption. The first rung of a hint.
    pub fn clue(&self) -> String {
        use super::cells::{CellName, cells_and, digits, joined};
        let name = self.technique.name();
        if !self.chains.is_empty() {
            return format!("{name}: {}", self.chain_clue());
        }
        let mask = |list: &[Candidate]| list.iter().fold(0u16, |m, c| m | 1 << c.digit);
        let the = |mask: u16| {
            let names: Vec<String> = digits(mask).map(|d| format!("{d}s")).collect();
            format!("the {}", joined(&names, "and"))
        };
        let house = self.houses.first().map_or(String::new(), House::to_string);
        let cell = |i: usize| CellName(self.cells.get(i).copied().unwrap_or(0).into());
        let focus = mask(&self.focus);
        let place = match self.technique {
            Technique::FullHouse => house,
            Technique::NakedSingle => format!("{}: its row, column and box", cell(0)),
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
                format!("the cells of {house} with the fewest candidates")
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let base = self.houses[0];
                let lines: Vec<String> = self
                    .houses
                    .iter()
                    .filter(|h| h.kind() == base.kind())
                    .map(|h| h.number().to_string())
                    .collect();
                let kind = if base.kind() == HouseKind::Row {
                    "rows"
                } else {
                    "columns"
                };
                format!("{} in {kind} {}", the(focus), joined(&lines, "and"))
            }
            Technique::XyWing | Technique::XyzWing => {
                format!("{} around {}", the(mask(&self.eliminations)), cell(0))
            }
            Technique::Bug => "the cells with more than two candidates".to_string(),
            Technique::UniqueRectangle | Technique::UniqueLoop => {
                let corners = if self.technique == Technique::UniqueRectangle {
                    4
                } else {
                    self.cells.len()
                };
                cells_and(self.cells.iter().take(corners).map(|&c| usize::from(c)))
            }
            Technique::AlignedPairExclusion => format!("{} and {}", cell(0), cell(1)),
            Technique::AlignedTripleExclusion => {
                format!("{}, {} and {}", cell(0), cell(1), cell(2))
            }
            // Singles, intersections, hidden subsets and their direct
            // forms: the digits of the pattern in its house.
            _ => format!("{} in {house}", the(focus)),
        };
        format!("{name}: look at {place}")
    }

    /// The cells [`Step::clue`] names, to light with it: a naked single's
    /// cell, a wing's pivot, a rectangle's or loop's corners, an exclusion's
    /// cells, a chain's starting cell; none where it names only a house.
    pub fn clue_cells(&self) -> Vec<usize> {
        let first = |n: usize| self.cells.iter().take(n).map(|&c| usize::from(c)).collect();
        if let Some(chain) = self.chains.first() {
            let start = chain[0].candidate;
            let one_cell = self
                .chains
                .iter()
                .all(|c| c[0].candidate.cell == start.cell);
            return match one_cell {
                true => vec![usize::from(start.cell)],
                false => Vec::new(),
            };
        }
        match self.technique {
            Technique::NakedSingle | Technique::XyWing | Technique::XyzWing => first(1),
            Technique::UniqueRectangle => first(4),
            Technique::UniqueLoop => first(self.cells.len()),
            Technique::AlignedPairExclusion => first(2),
            Technique::AlignedTripleExclusion => first(3),
            _ => Vec::new(),
        }
    }

    /// A chain's clue: the assumption to follow, or the choice its
    /// branches go through.
    fn chain_clue(&self) -> String {
        let start = &self.chains[0][0];
        let (cell, digit) = (usize::from(start.candidate.cell), start.candidate.digit);
        let starts: Vec<&ChainNode> = self.chains.iter().map(|c| &c[0]).collect();
        if starts.iter().all(|s| s.candidate == start.candidate) || self.chains.len() == 1 {
            let op = if start.on { "=" } else { "<>" };
            let name = super::cells::CellName(cell);
            return format!("suppose {name} {op} {digit} and follow where it leads");
        }
        if starts
            .iter()
            .all(|s| s.candidate.cell == start.candidate.cell)
        {
            let name = super::cells::CellName(cell);
            return match starts.iter().any(|s| s.candidate.digit != digit) {
                true => format!("try each digit {name} can hold"),
                false => format!("try {name} = {digit} and {name} <> {digit}"),
            };
        }
        let cells: Vec<usize> = starts.iter().map(|s| s.candidate.cell.into()).collect();
        let region = super::cells::units_of(cells[0])
            .into_iter()
            .find(|&u| {
                cells
                    .iter()
                    .all(|&c| super::cells::UNIT_SETS[u].contains(c))
            })
            .map_or(String::new(), |u| format!(" in {}", House::new(u)));
        format!("try each place for {digit}{region}")
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
