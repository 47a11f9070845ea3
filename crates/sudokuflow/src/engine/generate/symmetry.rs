//! Symmetries of a clue pattern, and the groups of cells (orbits) that a
//! symmetric puzzle keeps or removes together.

use std::fmt;
use std::str::FromStr;

use crate::grid::Grid;

/// The symmetry a generated puzzle's clue pattern keeps: a cell holds a clue
/// exactly when its images do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint: clues are removed one at a time.
    None,
    /// 180° rotation about the centre: row `r`, column `c` pairs with `8-r`, `8-c`.
    Rotate180,
    /// 90° rotation: the four rotations of a cell go together.
    Rotate90,
    /// Left-right mirror about the middle column: `c` pairs with `8-c`.
    Mirror,
    /// Top-bottom flip about the middle row: `r` pairs with `8-r`.
    Flip,
    /// Reflection in the main diagonal: `(r, c)` pairs with `(c, r)`.
    Diagonal,
    /// One of the others, drawn for each puzzle from its seed and index
    /// (with a clue target, among those whose group sizes can total it).
    Random,
}

impl Symmetry {
    /// Every value, in the order of the command-line names.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Random,
    ];

    /// The symmetries [`Symmetry::Random`] picks from.
    pub const CONCRETE: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
    ];

    /// The command-line names, in the order of [`Symmetry::ALL`].
    pub const NAMES: [&'static str; 7] = [
        "none",
        "rotate180",
        "rotate90",
        "mirror",
        "flip",
        "diagonal",
        "random",
    ];

    /// The command-line name (`"rotate180"`, ...), also used by `Display`/`FromStr`.
    pub fn name(self) -> &'static str {
        Symmetry::NAMES[self as usize]
    }

    /// The cell that `cell` (0 to 80) maps to. For [`Symmetry::Rotate90`] the
    /// rotation is clockwise; for `None` and `Random` every cell maps to itself.
    pub fn image(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        let (r, c) = match self {
            Symmetry::None | Symmetry::Random => (r, c),
            Symmetry::Rotate180 => (8 - r, 8 - c),
            Symmetry::Rotate90 => (c, 8 - r),
            Symmetry::Mirror => (r, 8 - c),
            Symmetry::Flip => (8 - r, c),
            Symmetry::Diagonal => (c, r),
        };
        r * 9 + c
    }

    /// The groups of cells the symmetry ties together (orbits), each listed
    /// once, in order of their lowest cell: 81 singletons for `None`.
    ///
    /// # Panics
    /// For [`Symmetry::Random`], which stands for no fixed symmetry.
    pub fn groups(self) -> Vec<Vec<usize>> {
        assert!(self != Symmetry::Random, "Symmetry::Random has no groups");
        let mut seen = [false; 81];
        let mut groups = Vec::new();
        for start in 0..81 {
            let mut group = Vec::new();
            let mut cell = start;
            while !seen[cell] {
                seen[cell] = true;
                group.push(cell);
                cell = self.image(cell);
            }
            if !group.is_empty() {
                groups.push(group);
            }
        }
        groups
    }

    /// True when the clue pattern of `grid` has this symmetry (for `Random`:
    /// any of the concrete ones).
    pub fn holds_for(self, grid: &Grid) -> bool {
        match self {
            Symmetry::Random => Symmetry::CONCRETE.iter().any(|s| s.holds_for(grid)),
            _ => (0..81).all(|i| (grid.get(i) != 0) == (grid.get(self.image(i)) != 0)),
        }
    }

    /// Whether some clue count of `clues` is a sum of whole groups' sizes.
    pub(super) fn can_total(self, clues: usize) -> bool {
        match self {
            // 20 groups of four and the centre.
            Symmetry::Rotate90 => clues % 4 <= 1,
            // Every other symmetry has at least one single-cell group and a
            // mix that reaches every count.
            _ => true,
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A symmetry name that is not one of [`Symmetry::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSymmetryError(pub String);

impl fmt::Display for ParseSymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown symmetry '{}'; expected one of: {}",
            self.0,
            Symmetry::NAMES.join(", ")
        )
    }
}

impl std::error::Error for ParseSymmetryError {}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseSymmetryError(s.to_owned()))
    }
}

/// A symmetry's clue groups in a flat table.
pub(super) struct Groups {
    cells: [[u8; 4]; 81],
    lens: [u8; 81],
    pub(super) count: usize,
    /// The group of each cell.
    pub(super) of: [u8; 81],
}

impl Groups {
    /// The groups of [`Symmetry::groups`], without allocating.
    pub(super) fn new(symmetry: Symmetry) -> Groups {
        let mut g = Groups {
            cells: [[0; 4]; 81],
            lens: [0; 81],
            count: 0,
            of: [0; 81],
        };
        let mut seen = 0u128;
        for start in 0..81 {
            let mut cell = start;
            while seen & (1 << cell) == 0 {
                seen |= 1 << cell;
                g.of[cell] = g.count as u8;
                g.cells[g.count][g.lens[g.count] as usize] = cell as u8;
                g.lens[g.count] += 1;
                cell = symmetry.image(cell);
            }
            if g.lens[g.count] > 0 {
                g.count += 1;
            }
        }
        g
    }

    pub(super) fn get(&self, k: usize) -> &[u8] {
        &self.cells[k][..self.lens[k] as usize]
    }
}
