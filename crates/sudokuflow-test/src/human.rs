//! A second, plain implementation of the human techniques up to XYZ-Wing,
//! sharing no code with the library's step engine: the oracle for levels.
//!
//! Every technique here only ever removes candidates that no solution can
//! hold, and stays available as more candidates go, so applying a set of
//! them until nothing changes gives the same end whatever the order. Sudoku
//! Explainer takes the easiest step each time; if a set of techniques rated
//! at most R solves a puzzle, every position on its way still has one of
//! them, so the puzzle rates at most R. That gives, for each level:
//!
//! - easy (ER up to 1.5): hidden singles alone solve it, and only then;
//! - medium (1.6-2.4): not easy, and singles, pointing, claiming and hidden
//!   pairs solve it (the direct techniques of medium are those, cut short);
//! - hard (2.5-4.4): singles alone do not solve it (they rate at most 2.3),
//!   [`HARD`] does;
//! - expert (4.5-6.4) and hell: [`HARD`] does not; for hell, nor do the
//!   quads and Jellyfish (at most 5.4) added to it.

/// Which techniques to apply.
#[derive(Clone, Copy, Debug, Default)]
pub struct Techniques {
    pub naked_singles: bool,
    /// Pointing and claiming.
    pub intersections: bool,
    /// Largest naked subset (pairs, triples, quads: 2 to 4; 0 for none).
    pub naked_subsets: usize,
    /// Largest hidden subset.
    pub hidden_subsets: usize,
    /// Largest fish (X-Wing 2, Swordfish 3, Jellyfish 4).
    pub fish: usize,
    /// XY-Wing and XYZ-Wing.
    pub wings: bool,
}

/// Hidden singles (and full houses) only.
pub const HIDDEN_SINGLES: Techniques = Techniques {
    naked_singles: false,
    intersections: false,
    naked_subsets: 0,
    hidden_subsets: 0,
    fish: 0,
    wings: false,
};

pub const SINGLES: Techniques = Techniques {
    naked_singles: true,
    ..HIDDEN_SINGLES
};

/// What the steps of medium puzzles are cut from.
pub const MEDIUM: Techniques = Techniques {
    naked_singles: true,
    intersections: true,
    hidden_subsets: 2,
    ..HIDDEN_SINGLES
};

/// Every technique rated up to 4.4.
pub const HARD: Techniques = Techniques {
    naked_singles: true,
    intersections: true,
    naked_subsets: 3,
    hidden_subsets: 3,
    fish: 3,
    wings: true,
};

/// [`HARD`] with quads and Jellyfish: every technique of expert but the
/// uniqueness ones, BUG and aligned pair exclusion.
pub const HARD_AND_QUADS: Techniques = Techniques {
    naked_subsets: 4,
    hidden_subsets: 4,
    fish: 4,
    ..HARD
};

/// The level names of the library, and whether `puzzle` meets what the
/// techniques above say of that level.
pub fn fits_level(puzzle: &[u8; 81], level: &str) -> bool {
    match level {
        "easy" => solves(puzzle, HIDDEN_SINGLES),
        "medium" => !solves(puzzle, HIDDEN_SINGLES) && solves(puzzle, MEDIUM),
        "hard" => !solves(puzzle, SINGLES) && solves(puzzle, HARD),
        "expert" => !solves(puzzle, HARD),
        "hell" => !solves(puzzle, HARD_AND_QUADS),
        _ => panic!("no level {level}"),
    }
}

const ALL: u16 = 0x3fe;

/// The 27 houses: rows, columns, boxes.
fn houses() -> [[usize; 9]; 27] {
    std::array::from_fn(|h| {
        std::array::from_fn(|k| match h {
            0..9 => 9 * h + k,
            9..18 => 9 * k + h - 9,
            _ => {
                let b = h - 18;
                (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3
            }
        })
    })
}

fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// The position: each cell's value (0 empty) and candidates.
struct Position {
    value: [u8; 81],
    cand: [u16; 81],
    houses: [[usize; 9]; 27],
}

impl Position {
    fn place(&mut self, cell: usize, digit: u8) {
        self.value[cell] = digit;
        self.cand[cell] = 0;
        for other in 0..81 {
            if sees(cell, other) {
                self.cand[other] &= !(1 << digit);
            }
        }
    }

    /// Removes `mask` from `cell`; true if that changed something.
    fn remove(&mut self, cell: usize, mask: u16) -> bool {
        let before = self.cand[cell];
        self.cand[cell] &= !mask;
        before != self.cand[cell]
    }

    /// The cells of `house` where `digit` is a candidate.
    fn places(&self, house: usize, digit: u8) -> Vec<usize> {
        self.houses[house]
            .iter()
            .copied()
            .filter(|&c| self.cand[c] & 1 << digit != 0)
            .collect()
    }

    /// One round of every technique asked for; true if anything changed.
    fn round(&mut self, t: Techniques) -> bool {
        let mut changed = self.hidden_singles();
        if t.naked_singles {
            changed |= self.naked_singles();
        }
        if t.intersections {
            changed |= self.intersections();
        }
        for n in 2..=t.naked_subsets {
            changed |= self.naked_subsets(n);
        }
        for n in 2..=t.hidden_subsets {
            changed |= self.hidden_subsets(n);
        }
        for n in 2..=t.fish {
            changed |= self.fish(n);
        }
        if t.wings {
            changed |= self.wings();
        }
        changed
    }

    fn hidden_singles(&mut self) -> bool {
        let mut changed = false;
        for house in 0..27 {
            for digit in 1..=9u8 {
                let placed = self.houses[house].iter().any(|&c| self.value[c] == digit);
                if let [cell] = self.places(house, digit)[..]
                    && !placed
                {
                    self.place(cell, digit);
                    changed = true;
                }
            }
        }
        changed
    }

    fn naked_singles(&mut self) -> bool {
        let mut changed = false;
        for cell in 0..81 {
            if self.value[cell] == 0 && self.cand[cell].count_ones() == 1 {
                self.place(cell, self.cand[cell].trailing_zeros() as u8);
                changed = true;
            }
        }
        changed
    }

    fn intersections(&mut self) -> bool {
        let mut changed = false;
        for house in 0..27 {
            for digit in 1..=9u8 {
                let places = self.places(house, digit);
                if places.is_empty() {
                    continue;
                }
                // Every other house holding all of them loses the digit.
                for other in 0..27 {
                    let cells = self.houses[other];
                    if other == house || !places.iter().all(|c| cells.contains(c)) {
                        continue;
                    }
                    for cell in cells {
                        if !places.contains(&cell) {
                            changed |= self.remove(cell, 1 << digit);
                        }
                    }
                }
            }
        }
        changed
    }

    fn naked_subsets(&mut self, n: usize) -> bool {
        let mut changed = false;
        for house in 0..27 {
            let open: Vec<usize> = self.houses[house]
                .iter()
                .copied()
                .filter(|&c| self.value[c] == 0)
                .collect();
            for subset in subsets(&open, n) {
                let union = subset.iter().fold(0, |u, &c| u | self.cand[c]);
                if union.count_ones() as usize == n {
                    for &cell in &open {
                        if !subset.contains(&cell) {
                            changed |= self.remove(cell, union);
                        }
                    }
                }
            }
        }
        changed
    }

    fn hidden_subsets(&mut self, n: usize) -> bool {
        let mut changed = false;
        for house in 0..27 {
            let open: Vec<u8> = (1..=9u8)
                .filter(|&d| !self.houses[house].iter().any(|&c| self.value[c] == d))
                .collect();
            for digits in subsets(&open, n) {
                let mut cells: Vec<usize> =
                    digits.iter().flat_map(|&d| self.places(house, d)).collect();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() == n {
                    let keep = digits.iter().fold(0u16, |m, &d| m | 1 << d);
                    for cell in cells {
                        changed |= self.remove(cell, ALL & !keep);
                    }
                }
            }
        }
        changed
    }

    fn fish(&mut self, n: usize) -> bool {
        let mut changed = false;
        for digit in 1..=9u8 {
            // Base rows and cover columns, then the other way round.
            for (bases, covers) in [(0..9, 9..18), (9..18, 0..9)] {
                let lines: Vec<usize> = bases
                    .filter(|&h| !self.places(h, digit).is_empty())
                    .collect();
                for base in subsets(&lines, n) {
                    let cells: Vec<usize> =
                        base.iter().flat_map(|&h| self.places(h, digit)).collect();
                    let cover: Vec<usize> = covers
                        .clone()
                        .filter(|&h| cells.iter().any(|c| self.houses[h].contains(c)))
                        .collect();
                    if cover.len() != n {
                        continue;
                    }
                    for &h in &cover {
                        for cell in self.houses[h] {
                            if !cells.contains(&cell) {
                                changed |= self.remove(cell, 1 << digit);
                            }
                        }
                    }
                }
            }
        }
        changed
    }

    fn wings(&mut self) -> bool {
        let mut changed = false;
        let bits = |m: u16| m.count_ones();
        for pivot in 0..81 {
            let p = self.cand[pivot];
            if !(2..=3).contains(&bits(p)) {
                continue;
            }
            let pincers: Vec<usize> = (0..81)
                .filter(|&c| sees(pivot, c) && bits(self.cand[c]) == 2)
                .collect();
            for &a in &pincers {
                for &b in &pincers {
                    let (ma, mb) = (self.cand[a], self.cand[b]);
                    if a >= b || ma == mb {
                        continue;
                    }
                    let z = ma & mb;
                    if bits(z) != 1 {
                        continue;
                    }
                    // XY-Wing: pivot xy, pincers xz and yz. XYZ-Wing: pivot
                    // xyz, pincers xz and yz, and z also goes from what sees
                    // the pivot.
                    let xy = bits(p) == 2 && (ma | mb) & !z == p && p & z == 0;
                    let xyz = bits(p) == 3 && ma | mb == p;
                    if !(xy || xyz) {
                        continue;
                    }
                    for cell in 0..81 {
                        let seen = sees(cell, a) && sees(cell, b) && (xy || sees(cell, pivot));
                        if seen && cell != pivot {
                            changed |= self.remove(cell, z);
                        }
                    }
                }
            }
        }
        changed
    }
}

/// The subsets of `items` of size `n`.
fn subsets<T: Copy>(items: &[T], n: usize) -> Vec<Vec<T>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], n - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// True when applying `techniques` until nothing changes fills every cell.
pub fn solves(puzzle: &[u8; 81], techniques: Techniques) -> bool {
    let mut position = Position {
        value: [0; 81],
        cand: [ALL; 81],
        houses: houses(),
    };
    for (cell, &digit) in puzzle.iter().enumerate() {
        if digit != 0 {
            position.place(cell, digit);
        }
    }
    while position.round(techniques) {}
    position.value.iter().all(|&v| v != 0)
}
