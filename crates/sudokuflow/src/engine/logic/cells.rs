//! Cell geometry for the step engine: sets of cells as 81-bit masks, the 27
//! units (rows, columns, boxes) and each cell's peers, and the `r3c5` names
//! people read.

use std::fmt;

/// A set of cells, one bit per cell (bit `r * 9 + c`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct CellSet(pub(crate) u128);

impl CellSet {
    /// No cell.
    pub(crate) const EMPTY: CellSet = CellSet(0);
    /// Every cell of the grid.
    pub(crate) const ALL: CellSet = CellSet((1 << 81) - 1);

    /// The set holding only `cell`.
    #[inline]
    pub(crate) const fn single(cell: usize) -> CellSet {
        CellSet(1u128 << cell)
    }

    /// The cells after `cell` (higher numbered).
    #[inline]
    pub(crate) const fn after(cell: usize) -> CellSet {
        CellSet(!0u128 << cell << 1)
    }

    /// True when `cell` is in the set.
    #[inline]
    pub(crate) fn contains(self, cell: usize) -> bool {
        self.0 >> cell & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub(crate) fn insert(&mut self, cell: usize) {
        self.0 |= 1u128 << cell;
    }

    /// Takes `cell` out.
    #[inline]
    pub(crate) fn remove(&mut self, cell: usize) {
        self.0 &= !(1u128 << cell);
    }

    /// How many cells the set holds.
    #[inline]
    pub(crate) fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds at most `n` cells: `n` lowest bits cleared
    /// leave nothing. For small `n`, cheaper than [`CellSet::len`], which
    /// counts 128 bits without the processor's count instruction.
    #[inline]
    pub(crate) fn len_at_most(self, n: u32) -> bool {
        let mut rest = self.0;
        for _ in 0..n {
            rest &= rest.wrapping_sub(1);
        }
        rest == 0
    }

    /// True when the set holds exactly two cells ([`CellSet::len_at_most`]'s
    /// way, without counting).
    #[inline]
    pub(crate) fn is_pair(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        rest != 0 && rest & (rest - 1) == 0
    }

    /// True when the set holds no cell.
    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest cell of the set.
    #[inline]
    pub(crate) fn first(self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }

    /// The cells, lowest first.
    #[inline]
    pub(crate) fn iter(self) -> CellIter {
        CellIter {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
    }

    /// The set's cells in `unit` as a 9-bit mask, bit `i` for the unit's
    /// `i`-th cell ([`UNIT_CELLS`] order): where a digit can go in a unit,
    /// in a form that counts and compares in a few instructions.
    #[inline]
    pub(crate) fn in_unit(self, unit: usize) -> u16 {
        let x = self.0;
        match unit {
            u if u < COL => (x >> (9 * u)) as u16 & 0x1ff,
            u if u < BOX => {
                // Bits 0, 9, ..., 63 of the low word gather into its top
                // byte under one multiplication (no two products overlap);
                // the column's ninth cell is bit 72.
                let y = x >> (u - COL);
                let low = (y as u64 & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101);
                (low >> 56) as u16 | ((y >> 72) as u16 & 1) << 8
            }
            u => {
                let b = u - BOX;
                let first = 27 * (b / 3) + 3 * (b % 3);
                let chunk = |row: usize| (x >> (first + 9 * row)) as u16 & 7;
                chunk(0) | chunk(1) << 3 | chunk(2) << 6
            }
        }
    }

    /// The cells of `unit` at the positions of `bits` (see [`CellSet::in_unit`]).
    #[inline]
    pub(crate) fn of_unit(unit: usize, bits: u16) -> CellSet {
        let mut set = CellSet::EMPTY;
        let mut rest = bits;
        while rest != 0 {
            set.insert(UNIT_CELLS[unit][rest.trailing_zeros() as usize].into());
            rest &= rest - 1;
        }
        set
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, other: CellSet) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAndAssign for CellSet {
    #[inline]
    fn bitand_assign(&mut self, other: CellSet) {
        self.0 &= other.0;
    }
}

impl std::ops::Sub for CellSet {
    type Output = CellSet;
    /// The cells of `self` not in `other`.
    #[inline]
    fn sub(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(CellName)).finish()
    }
}

impl IntoIterator for CellSet {
    type Item = usize;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

/// The cells of a [`CellSet`], lowest first. The set is read as its two
/// 64-bit halves: finding and clearing a 128-bit lowest bit takes twice
/// the instructions.
pub(crate) struct CellIter {
    low: u64,
    high: u64,
}

impl Iterator for CellIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.low != 0 {
            let cell = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(cell)
        } else if self.high != 0 {
            let cell = 64 + self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(cell)
        } else {
            None
        }
    }
}

/// Units are numbered rows 0-8, columns 9-17, boxes 18-26: the first row.
pub(crate) const ROW: usize = 0;
/// The first column unit.
pub(crate) const COL: usize = 9;
/// The first box unit.
pub(crate) const BOX: usize = 18;
/// Every unit, one bit per unit.
pub(crate) const ALL_UNITS: u32 = (1 << 27) - 1;
/// The rows and columns, one bit per unit.
pub(crate) const LINE_UNITS: u32 = (1 << BOX) - 1;

/// The row of `cell`, 0-8.
#[inline]
pub(crate) const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// The column of `cell`, 0-8.
#[inline]
pub(crate) const fn col_of(cell: usize) -> usize {
    cell % 9
}

pub(crate) use crate::engine::geometry::{UNIT_CELLS, units_of};

/// Each unit as a cell set.
pub(crate) static UNIT_SETS: [CellSet; 27] = {
    let mut sets = [CellSet(0); 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            sets[u].0 |= 1u128 << UNIT_CELLS[u][i];
            i += 1;
        }
        u += 1;
    }
    sets
};

/// The units of each cell, one bit per unit.
pub(crate) static UNITS_OF_CELL: [u32; 81] = {
    let mut bits = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, bx] = units_of(cell);
        bits[cell] = 1 << row | 1 << col | 1 << bx;
        cell += 1;
    }
    bits
};

/// The 20 peers of each cell in three parts, in the order Sudoku Explainer
/// looks at units: the cell's box, then its row and its column outside the
/// box (the same cells a box-row-column walk skipping those seen reaches).
pub(crate) static PEERS_BY_UNIT: [[CellSet; 3]; 81] = {
    let mut parts = [[CellSet(0); 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, bx] = units_of(cell);
        let bx = UNIT_SETS[bx].0;
        parts[cell] = [
            CellSet(bx & !(1u128 << cell)),
            CellSet(UNIT_SETS[row].0 & !bx),
            CellSet(UNIT_SETS[col].0 & !bx),
        ];
        cell += 1;
    }
    parts
};

/// The 20 cells that share a unit with each cell.
pub(crate) static PEERS: [CellSet; 81] = {
    let mut peers = [CellSet(0); 81];
    let mut cell = 0;
    while cell < 81 {
        let units = units_of(cell);
        let mut k = 0;
        while k < 3 {
            peers[cell].0 |= UNIT_SETS[units[k]].0;
            k += 1;
        }
        peers[cell].0 &= !(1u128 << cell);
        cell += 1;
    }
    peers
};

/// The unit of a kind (`ROW`, `COL` or `BOX`) that holds all of `cells`, if any.
pub(crate) fn shared_unit(cells: CellSet, kind: usize) -> Option<usize> {
    let first = cells.first()?;
    let unit = units_of(first)[kind / 9];
    (cells - UNIT_SETS[unit]).is_empty().then_some(unit)
}

/// A cell written as people read it: `r3c5`, rows and columns from 1.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellName(pub(crate) usize);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", row_of(self.0) + 1, col_of(self.0) + 1)
    }
}

impl fmt::Debug for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A unit written as people read it: `row 3`, `column 5`, `box 2`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct UnitName(pub(crate) usize);

impl fmt::Display for UnitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            u if u < COL => write!(f, "row {}", u + 1),
            u if u < BOX => write!(f, "column {}", u - COL + 1),
            u => write!(f, "box {}", u - BOX + 1),
        }
    }
}

/// Items joined as a sentence lists them: `a`, `a and b`, `a, b and c`
/// (`or` in place of `and` with `word`).
pub(crate) fn joined(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// Cells named in a sentence: `r2c7`, `r2c7 and r2c8`, `r1c1, r1c2 and r1c5`.
pub(crate) fn cells_and(cells: impl IntoIterator<Item = usize>) -> String {
    let names: Vec<String> = cells.into_iter().map(|c| CellName(c).to_string()).collect();
    joined(&names, "and")
}

/// Digits of a mask in a sentence: `3`, `3 or 7`, `1, 4 or 7`.
pub(crate) fn digits_or(mask: u16) -> String {
    let names: Vec<String> = digits(mask).map(|d| d.to_string()).collect();
    joined(&names, "or")
}

/// Digits of a mask in a sentence: `3`, `3 and 7`, `1, 4 and 7`.
pub(crate) fn digits_and(mask: u16) -> String {
    let names: Vec<String> = digits(mask).map(|d| d.to_string()).collect();
    joined(&names, "and")
}

/// What eliminations rule out, in words, cells that lose the same digits
/// named together: `r7c6 cannot be 7`, `r5c2 and r5c6 cannot be 3 or 7,
/// r5c8 cannot be 3`.
pub(crate) fn cannot_be(eliminations: &[super::Candidate]) -> String {
    // Each cell's lost digits, in the order the cells first come.
    let mut lost: Vec<(usize, u16)> = Vec::new();
    for e in eliminations {
        let cell = usize::from(e.cell);
        match lost.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, mask)) => *mask |= 1 << e.digit,
            None => lost.push((cell, 1 << e.digit)),
        }
    }
    let mut groups: Vec<(Vec<usize>, u16)> = Vec::new();
    for (cell, mask) in lost {
        match groups.iter_mut().find(|(_, m)| *m == mask) {
            Some((cells, _)) => cells.push(cell),
            None => groups.push((vec![cell], mask)),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(cells, mask)| format!("{} cannot be {}", cells_and(cells), digits_or(mask)))
        .collect();
    parts.join(", ")
}

/// Digits of a mask (bit `d` for digit `d`) listed for people: `1/4/7`.
pub(crate) fn digit_list(mask: u16) -> String {
    let mut list = String::new();
    for d in digits(mask) {
        if !list.is_empty() {
            list.push('/');
        }
        list.push(char::from(b'0' + d));
    }
    list
}

/// The subsets of `mask` with `n` bits, in decreasing order: the choices of
/// n cells (or digits, lines) among the usable ones.
///
/// Only the C(k, n) subsets are visited, not every subset of the k bits of
/// `mask`: the complements of the choices within the k positions come in
/// increasing order by Gosper's rule (the next larger number with as many
/// bits), and complementing reverses the order.
#[inline]
pub(crate) fn subsets_of_size(mask: u16, n: u32) -> impl Iterator<Item = u16> {
    let k = mask.count_ones();
    // The positions of `mask`'s bits, lowest first.
    let mut positions = [0u8; 16];
    let mut rest = mask;
    for p in positions.iter_mut().take(k as usize) {
        *p = rest.trailing_zeros() as u8;
        rest &= rest - 1;
    }
    let all = (1u32 << k) - 1;
    // The complement (within the k positions) of the next choice.
    let mut left_out = (n <= k).then(|| (1u32 << (k - n)) - 1);
    std::iter::from_fn(move || {
        let out = left_out?;
        left_out = if out == 0 {
            None
        } else {
            let low = out.trailing_zeros();
            let ripple = out + (1 << low);
            let next = ((ripple ^ out) >> (2 + low)) | ripple;
            (next <= all).then_some(next)
        };
        let mut chosen = all ^ out;
        let mut subset = 0u16;
        while chosen != 0 {
            subset |= 1 << positions[chosen.trailing_zeros() as usize];
            chosen &= chosen - 1;
        }
        Some(subset)
    })
}

/// The units of a mask (bit per unit), lowest first.
#[inline]
pub(crate) fn units_in(mask: u32) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let unit = (rest != 0).then(|| rest.trailing_zeros() as usize);
        rest &= rest.wrapping_sub(1);
        unit
    })
}

/// Whether a mask of digits holds exactly two, without counting.
#[inline]
pub(crate) fn is_two_digits(mask: u16) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The digits of a candidate mask (bit `d` for digit `d`), lowest first.
#[inline]
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    let mut mask = mask;
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let d = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(d)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of `mask` with `n` bits, in decreasing order, found
    /// the obvious way.
    fn subsets_by_filter(mask: u16, n: u32) -> Vec<u16> {
        (0..=mask)
            .rev()
            .filter(|s| s & !mask == 0 && s.count_ones() == n)
            .collect()
    }

    #[test]
    fn subsets_of_size_come_in_decreasing_order() {
        // The order decides which step of a kind is found first.
        let mut x = 0x2545_f491u32;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let mask = (x & 0x3ff) as u16;
            for n in 0..=11 {
                let found: Vec<u16> = subsets_of_size(mask, n).collect();
                assert_eq!(found, subsets_by_filter(mask, n), "mask {mask:#b}, n {n}");
            }
        }
    }

    #[test]
    fn subsets_of_size_lists_every_subset_once() {
        for mask in [0u16, 0b1, 0b1011_0110, 0x1ff, 0x3fe] {
            for n in 0..=10 {
                let mut found: Vec<u16> = subsets_of_size(mask, n).collect();
                found.sort_unstable();
                let expected: Vec<u16> = (0..=mask)
                    .filter(|s| s & !mask == 0 && s.count_ones() == n)
                    .collect();
                assert_eq!(found, expected, "mask {mask:#b}, n {n}");
            }
        }
    }

    #[test]
    fn unit_masks_read_the_units_cells_in_order() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let set = CellSet(
                (u128::from(x) << 64 | u128::from(x.rotate_left(29))) & ((1u128 << 81) - 1),
            );
            for unit in 0..27 {
                let expected = (0..9)
                    .filter(|&i| set.contains(UNIT_CELLS[unit][i].into()))
                    .fold(0u16, |m, i| m | 1 << i);
                assert_eq!(set.in_unit(unit), expected, "unit {unit}");
                assert_eq!(CellSet::of_unit(unit, expected), set & UNIT_SETS[unit]);
            }
        }
    }

    #[test]
    fn units_and_peers_match_the_definitions() {
        for cell in 0..81 {
            let expected: Vec<usize> = (0..81)
                .filter(|&o| {
                    o != cell
                        && (o / 9 == cell / 9
                            || o % 9 == cell % 9
                            || (o / 27 == cell / 27 && o % 9 / 3 == cell % 9 / 3))
                })
                .collect();
            assert_eq!(PEERS[cell].iter().collect::<Vec<_>>(), expected);
            for unit in units_of(cell) {
                assert!(UNIT_SETS[unit].contains(cell));
            }
            // Box, row, column, each peer once, where first met.
            let [row, col, bx] = units_of(cell);
            let mut walk = Vec::new();
            for unit in [bx, row, col] {
                for o in UNIT_CELLS[unit].map(usize::from) {
                    if o != cell && !walk.contains(&o) {
                        walk.push(o);
                    }
                }
            }
            let parts: Vec<usize> = PEERS_BY_UNIT[cell].iter().flat_map(|p| p.iter()).collect();
            assert_eq!(parts, walk, "cell {cell}");
        }
        assert_eq!(UNIT_CELLS[BOX + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(CellName(20).to_string(), "r3c3");
        assert_eq!(UnitName(BOX + 1).to_string(), "box 2");
    }

    #[test]
    fn lists_read_as_people_write_them() {
        assert_eq!(digit_list(1 << 1 | 1 << 4 | 1 << 7), "1/4/7");
        assert_eq!(digit_list(1 << 9), "9");
        assert_eq!(cells_and([15, 16, 20]), "r2c7, r2c8 and r3c3");
        assert_eq!(digits_or(1 << 3 | 1 << 7), "3 or 7");
        let e = |cell, digit| super::super::Candidate::new(cell, digit);
        assert_eq!(
            cannot_be(&[e(37, 3), e(41, 3), e(37, 7), e(41, 7), e(43, 3)]),
            "r5c2 and r5c6 cannot be 3 or 7, r5c8 cannot be 3"
        );
    }
}
