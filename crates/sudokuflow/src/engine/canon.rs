//! Minlex canonical form of a puzzle or solution grid.
//!
//! Of all grids equivalent under [`Transform`] (transposition, band and row
//! permutations, stack and column permutations, digit relabelling), the
//! canonical one is the grid whose 81-character string (empty cells as `0`)
//! is lexicographically smallest; this is the community's "minlex" form.
//!
//! Design: for a fixed cell layout the best relabelling is forced (digits
//! renamed 1, 2, 3, ... in order of first appearance), so only the
//! 2 x 6^8 layouts need searching. [`Grid::canonical`] searches row by row:
//! output row `k` is the smallest row any layout still tied can write there,
//! and only the layouts writing it go on, with columns empty so far kept as
//! sets rather than branched on. A full valid grid has its own search (its
//! first row is always `123456789`, so a column order fixes the labels). A
//! grid with a digit twice in a line falls back to the brute force over
//! every layout, [`reference_canonical`]: exact but slow (tens of
//! milliseconds a grid), and the reference both searches are tested against.

use std::cmp::Ordering;

use crate::grid::Grid;
use crate::transform::Transform;

/// The 6 permutations of 0..3.
const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// All 1296 line orders as (outer, inner) pairs, in a fixed order.
fn line_arrangements() -> Vec<([u8; 3], [[u8; 3]; 3])> {
    let mut all = Vec::with_capacity(1296);
    for outer in PERMS3 {
        for a in PERMS3 {
            for b in PERMS3 {
                for c in PERMS3 {
                    all.push((outer, [a, b, c]));
                }
            }
        }
    }
    all
}

fn lines(outer: [u8; 3], inner: [[u8; 3]; 3]) -> [u8; 9] {
    let mut order = [0u8; 9];
    for (b, &band) in outer.iter().enumerate() {
        for (i, &row) in inner[b].iter().enumerate() {
            order[b * 3 + i] = band * 3 + row;
        }
    }
    order
}

/// Writes the relabelled layout into `out`, stopping as soon as it is larger
/// than `best`. Unless `Greater`, `out` is complete and `labels` holds its
/// digit map.
fn try_layout(
    src: &[u8; 81],
    rows: &[u8; 9],
    cols: &[u8; 9],
    best: &[u8; 81],
    out: &mut [u8; 81],
    labels: &mut [u8; 10],
) -> Ordering {
    *labels = [0; 10];
    let mut next = 1u8;
    let mut smaller = false;
    for r in 0..9 {
        for c in 0..9 {
            let i = r * 9 + c;
            let d = src[rows[r] as usize * 9 + cols[c] as usize];
            let v = if d == 0 {
                0
            } else {
                if labels[d as usize] == 0 {
                    labels[d as usize] = next;
                    next += 1;
                }
                labels[d as usize]
            };
            out[i] = v;
            if !smaller {
                if v > best[i] {
                    return Ordering::Greater;
                }
                smaller = v < best[i];
            }
        }
    }
    if smaller {
        Ordering::Less
    } else {
        Ordering::Equal
    }
}

/// The minlex form by brute force over every layout, and a transform
/// reaching it: the slow, obviously exact reference the fast search in
/// [`Grid::canonical`] is tested against (tens of milliseconds per grid).
/// Public for the integration tests' oracle only, hence hidden.
#[doc(hidden)]
pub fn reference_canonical(grid: &Grid) -> (Grid, Transform) {
    let found = reference_search(grid);
    (found.grid, found.transform())
}

/// [`reference_canonical`] with the number of layouts reaching the form.
fn reference_search(grid: &Grid) -> Canonical {
    let arrangements = line_arrangements();
    let mut automorphisms = 0;
    let mut best = [10u8; 81];
    let mut best_transform = Transform::IDENTITY;
    let mut out = [0u8; 81];
    let mut labels = [0u8; 10];
    let transposed = Transform::transpose().apply(grid);
    for (flip, grid) in [(false, grid), (true, &transposed)] {
        let src = grid.cells();
        for &(bands, rows_in) in &arrangements {
            let rows = lines(bands, rows_in);
            for &(stacks, cols_in) in &arrangements {
                let cols = lines(stacks, cols_in);
                let order = try_layout(src, &rows, &cols, &best, &mut out, &mut labels);
                automorphisms += u64::from(order == Ordering::Equal);
                if order == Ordering::Less {
                    automorphisms = 1;
                    best = out;
                    let start = if flip {
                        Transform::transpose()
                    } else {
                        Transform::IDENTITY
                    };
                    best_transform = start
                        .then(&Transform::permute_rows(bands, rows_in).expect("permutations"))
                        .then(&Transform::permute_cols(stacks, cols_in).expect("permutations"))
                        .then(&Transform::relabel(complete_labels(&labels)).expect("labels"));
                }
            }
        }
    }
    Canonical {
        grid: Grid::from_cells(best).expect("labels are digits"),
        automorphisms,
        reached: Reached::Transform(best_transform),
    }
}

/// The minlex form of a grid, how many layouts reach it, and (on request,
/// as building it takes a while) a transform that reaches it.
///
/// ```
/// use sudokuflow::Grid;
/// let puzzle: Grid =
///     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
///         .parse()
///         .unwrap();
/// let found = puzzle.canonical_with_automorphisms();
/// assert_eq!(found.automorphisms, 1);
/// assert_eq!(found.transform().apply(&puzzle), found.grid);
/// ```
#[derive(Clone, Copy)]
pub struct Canonical {
    /// The canonical grid: the smallest 81-character string (empty as `0`)
    /// among all grids equivalent to the input.
    pub grid: Grid,
    /// How many of the 2 x 6^8 cell layouts (transposition, band, row, stack
    /// and column orders) give the canonical grid after relabelling: the
    /// size of the input's automorphism group (1 for most puzzles).
    pub automorphisms: u64,
    reached: Reached,
}

/// How the search reached the canonical grid.
#[derive(Clone, Copy)]
enum Reached {
    Layout(Partial),
    Transform(Transform),
}

impl Canonical {
    /// A transform with `transform.apply(&input) == self.grid`.
    pub fn transform(&self) -> Transform {
        match &self.reached {
            Reached::Layout(layout) => layout_transform(layout),
            Reached::Transform(t) => *t,
        }
    }
}

impl std::fmt::Debug for Canonical {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canonical")
            .field("grid", &self.grid)
            .field("automorphisms", &self.automorphisms)
            .finish_non_exhaustive()
    }
}

/// One layout still tied for the smallest string after the rows decided so
/// far: the rows chosen, the columns whose order those rows fixed, and the
/// digit labels given. Columns empty in every chosen row are still
/// interchangeable, so they are kept as sets rather than branched on: whole
/// stacks empty so far fill the first stack slots (`free_stacks`), and
/// within a placed stack the columns empty so far fill its first positions
/// (`free_cols`).
#[derive(Clone, Copy)]
struct Partial {
    transposed: bool,
    /// Output row -> input row (of the possibly transposed grid).
    rows: [u8; 9],
    /// Input bands used so far, as a bit mask.
    bands_used: u8,
    /// Rows of the current input band used so far (bit `r % 3`).
    rows_used: u8,
    /// Output stack slot -> input stack, for slots past the free ones.
    stacks: [u8; 3],
    /// Input stacks empty in every chosen row; they own the first slots.
    free_stacks: u8,
    /// Output column -> input column, for placed columns.
    cols: [u8; 9],
    /// Per placed stack slot: its input columns empty in every chosen row
    /// (bit mask over 0..9), which own the slot's first positions.
    free_cols: [u16; 3],
    /// Input digit -> output digit, 0 while unseen.
    labels: [u8; 10],
    /// The label the next unseen digit gets.
    next: u8,
}

impl Partial {
    fn start(transposed: bool) -> Partial {
        Partial {
            transposed,
            rows: [0; 9],
            bands_used: 0,
            rows_used: 0,
            stacks: [0; 3],
            free_stacks: 0b111,
            cols: [0; 9],
            free_cols: [0; 3],
            labels: [0; 10],
            next: 1,
        }
    }

    /// Orders `columns` (all free, at output positions `at..`) the smallest
    /// way for row `values`: empty ones first (they stay free), then digits
    /// already labelled in label order, then unseen digits in the order
    /// `new_order` (a permutation of their count). Returns the 4-bit values
    /// written, appended to `value`.
    fn place(
        &mut self,
        values: &[u8; 9],
        columns: &[u8],
        at: usize,
        new_order: &[u8],
        slot: usize,
        mut value: u64,
    ) -> u64 {
        let mut pos = at;
        let mut free = 0u16;
        for &c in columns {
            if values[c as usize] == 0 {
                free |= 1 << c;
                pos += 1;
                value <<= 4;
            }
        }
        self.free_cols[slot] = free;
        let mut known = [(0u8, 0u8); 3];
        let mut known_len = 0;
        let mut unseen = [0u8; 3];
        let mut unseen_len = 0;
        for &c in columns {
            let d = values[c as usize];
            if d == 0 {
                continue;
            }
            let label = self.labels[d as usize];
            if label == 0 {
                unseen[unseen_len] = c;
                unseen_len += 1;
            } else {
                known[known_len] = (label, c);
                known_len += 1;
            }
        }
        let known = &mut known[..known_len];
        known.sort_unstable();
        for &(label, c) in known.iter() {
            self.cols[pos] = c;
            pos += 1;
            value = value << 4 | u64::from(label);
        }
        for &k in new_order {
            let c = unseen[k as usize];
            self.cols[pos] = c;
            pos += 1;
            self.labels[values[c as usize] as usize] = self.next;
            value = value << 4 | u64::from(self.next);
            self.next += 1;
        }
        value
    }

    /// How many unseen digits `columns` hold in row `values`.
    fn unseen_in(&self, values: &[u8; 9], columns: &[u8]) -> usize {
        columns
            .iter()
            .filter(|&&c| {
                let d = values[c as usize];
                d != 0 && self.labels[d as usize] == 0
            })
            .count()
    }

    /// The order key of input stack `stack` placed in a free slot for row
    /// `values`: its three values as they would be written, unseen digits
    /// as 15 (larger than every label, equal to each other).
    fn stack_key(&self, values: &[u8; 9], stack: usize) -> u16 {
        let mut v = [0u8; 3];
        for (k, slot) in v.iter_mut().enumerate() {
            let d = values[stack * 3 + k];
            *slot = match d {
                0 => 0,
                _ if self.labels[d as usize] == 0 => 15,
                _ => self.labels[d as usize],
            };
        }
        v.sort_unstable();
        u16::from(v[0]) << 8 | u16::from(v[1]) << 4 | u16::from(v[2])
    }
}

/// The orders in which up to 3 unseen digits may be written, by count.
fn unseen_orders(count: usize) -> &'static [&'static [u8]] {
    match count {
        0 => &[&[]],
        1 => &[&[0]],
        2 => &[&[0, 1], &[1, 0]],
        _ => &[
            &[0, 1, 2],
            &[0, 2, 1],
            &[1, 0, 2],
            &[1, 2, 0],
            &[2, 0, 1],
            &[2, 1, 0],
        ],
    }
}

/// The layouts tied for the smallest next row, and that row (9 values of 4
/// bits, first value highest, so rows compare as integers).
struct Level {
    best: u64,
    partials: Vec<Partial>,
}

impl Level {
    fn offer(&mut self, value: u64, partial: &Partial) {
        if value < self.best {
            self.best = value;
            self.partials.clear();
        }
        if value == self.best {
            self.partials.push(*partial);
        }
    }

    /// False when a row starting with `value` (its first `slots` x 3 values)
    /// is already larger than the best row.
    fn may_tie(&self, value: u64, slots: usize) -> bool {
        value <= self.best >> (12 * (3 - slots))
    }
}

/// Writing one input row as the next output row of one partial layout.
struct RowStep<'a> {
    values: &'a [u8; 9],
    /// Free stacks empty in this row too: they keep the first slots.
    still_free: usize,
    /// Free stack slots before this row.
    free_slots: usize,
}

impl RowStep<'_> {
    /// Fills stack slots `slot..` of the row in every smallest way, offering
    /// each completed row to `level`. `pending` holds the free input stacks
    /// with a digit in this row, not yet placed.
    fn fill(&self, slot: usize, p: &Partial, value: u64, pending: u8, level: &mut Level) {
        if slot == 3 {
            level.offer(value, p);
            return;
        }
        if slot < self.still_free {
            self.fill(slot + 1, p, value << 12, pending, level);
            return;
        }
        if slot < self.free_slots {
            let mut min_key = u16::MAX;
            for stack in 0..3 {
                if pending & 1 << stack != 0 {
                    min_key = min_key.min(p.stack_key(self.values, stack));
                }
            }
            for stack in 0..3 {
                if pending & 1 << stack == 0 || p.stack_key(self.values, stack) != min_key {
                    continue;
                }
                let columns = [stack as u8 * 3, stack as u8 * 3 + 1, stack as u8 * 3 + 2];
                let unseen = p.unseen_in(self.values, &columns);
                for order in unseen_orders(unseen) {
                    let mut q = *p;
                    q.stacks[slot] = stack as u8;
                    let v = q.place(self.values, &columns, slot * 3, order, slot, value);
                    if level.may_tie(v, slot + 1) {
                        self.fill(slot + 1, &q, v, pending & !(1 << stack), level);
                    }
                }
            }
            return;
        }
        let free = p.free_cols[slot];
        let mut columns = [0u8; 3];
        let mut len = 0;
        for c in 0..9u8 {
            if free & 1 << c != 0 {
                columns[len] = c;
                len += 1;
            }
        }
        let columns = &columns[..len];
        let unseen = p.unseen_in(self.values, columns);
        for order in unseen_orders(unseen) {
            let mut q = *p;
            let mut v = q.place(self.values, columns, slot * 3, order, slot, value);
            for pos in slot * 3 + len..slot * 3 + 3 {
                let d = self.values[q.cols[pos] as usize];
                let label = match d {
                    0 => 0,
                    _ if q.labels[d as usize] != 0 => q.labels[d as usize],
                    _ => {
                        q.labels[d as usize] = q.next;
                        q.next += 1;
                        q.next - 1
                    }
                };
                v = v << 4 | u64::from(label);
            }
            if level.may_tie(v, slot + 1) {
                self.fill(slot + 1, &q, v, pending, level);
            }
        }
    }
}

/// Marks an unassigned column, position or slot in [`ColumnOrder`].
const UNSET: u8 = u8::MAX;

/// A column order being built for a full grid, output position by position.
#[derive(Clone, Copy)]
struct ColumnOrder {
    /// Output position -> input column.
    col_at: [u8; 9],
    /// Input column -> output position.
    pos_of: [u8; 9],
    /// Output stack slot -> input stack.
    slot_stack: [u8; 3],
    /// Slots bound so far (always the first ones).
    bound: u8,
}

impl ColumnOrder {
    const EMPTY: ColumnOrder = ColumnOrder {
        col_at: [UNSET; 9],
        pos_of: [UNSET; 9],
        slot_stack: [UNSET; 3],
        bound: 0,
    };

    fn put(&mut self, column: u8, pos: usize) {
        self.col_at[pos] = column;
        self.pos_of[column as usize] = pos as u8;
    }

    /// The position [`ColumnOrder::reserve`] would give `column`, or its
    /// position if it has one.
    fn earliest(&self, column: u8) -> usize {
        if self.pos_of[column as usize] != UNSET {
            return usize::from(self.pos_of[column as usize]);
        }
        match self.slot_stack.iter().position(|&s| s == column / 3) {
            Some(slot) => (slot * 3..slot * 3 + 3)
                .find(|&p| self.col_at[p] == UNSET)
                .expect("a stack has a free position while one of its columns has none"),
            None => usize::from(self.bound) * 3,
        }
    }

    /// The earliest position column `column` can still take: the first free
    /// one of its stack's slot, binding the stack to the next slot if needed.
    fn reserve(&mut self, column: u8) -> usize {
        let stack = column / 3;
        let slot = match self.slot_stack.iter().position(|&s| s == stack) {
            Some(slot) => slot,
            None => {
                let slot = usize::from(self.bound);
                self.slot_stack[slot] = stack;
                self.bound += 1;
                slot
            }
        };
        let pos = (slot * 3..slot * 3 + 3)
            .find(|&p| self.col_at[p] == UNSET)
            .expect("a stack has a free position while one of its columns has none");
        self.put(column, pos);
        pos
    }
}

/// The minlex search for a full valid grid. Its first row is always
/// `123456789`, so a column order fixes the labels: the digit in column `c`
/// of the first row is `1 + position of c`. The second row then reads, at
/// position `j`, `1 + position of follow[col_at[j]]`, where `follow[c]` is
/// the first-row column holding the digit below it in the second row: it is
/// smallest when each `follow` column is given the earliest position still
/// open to it, so the order is built position by position, for every
/// choice of first and second row at once, keeping only the orders tied for
/// the smallest label so far. Rows 3 to 9 then only choose among rows.
/// About one grid in five has a "pure" band (each box's second-row digits
/// all from one box of the first row): only its starts can win, from any
/// of the 9 first columns, so a hundred orders may tie for the second row;
/// their second rows are known in closed form ([`pure_second_rows`]).
struct FullSearch {
    /// The rows of the grid and of its transpose.
    rows: [[[u8; 9]; 9]; 2],
}

/// A layout of a full grid tied for the smallest rows so far.
#[derive(Clone, Copy)]
struct FullPartial {
    transposed: bool,
    rows: [u8; 9],
    bands_used: u8,
    rows_used: u8,
    order: ColumnOrder,
    /// Input digit -> label.
    labels: [u8; 10],
}

impl FullSearch {
    /// Row `values` written in the layout's column order and labels.
    fn row_value(p: &FullPartial, values: &[u8; 9]) -> u64 {
        let mut v = 0u64;
        for &c in &p.order.col_at {
            v = v << 4 | u64::from(p.labels[values[c as usize] as usize]);
        }
        v
    }

    /// Every choice of first and second row (orientation, first row,
    /// second row, followers), the first columns each may take, and the
    /// empty orders of those that may write the smallest second row.
    #[allow(clippy::type_complexity)]
    fn second_row_starts(&self) -> (Vec<Start>, Vec<u16>, Vec<SecondRowOrder>) {
        // Rows 1 and 2: every first row, every second row of its band. The
        // second row starts 4 5, with the first column and another of its
        // stack ("paired": the two follow into one stack), then 6 when all
        // three columns of the first stack follow into one stack ("pure"),
        // else 7. The first column's follower sits at position 3, where the
        // label is 1 + the position of the follower's follower: 1 when that
        // is the first column itself, 2 or 3 when it is in the first stack,
        // 7 or more otherwise (its "kind", 0 to 2). Only first columns that
        // are paired, pure if any is, and of the best kind can win.
        let pure_bands = self.pure_bands();
        if pure_bands != 0 {
            return self.pure_starts(pure_bands);
        }
        let mut starts = Vec::with_capacity(36);
        // First columns per start, by class: 3 x (not pure) + kind.
        let mut candidates = Vec::with_capacity(36);
        let mut best = 5;
        for transposed in [false, true] {
            let rows = &self.rows[usize::from(transposed)];
            for first in 0..9u8 {
                for second in (first / 3 * 3..first / 3 * 3 + 3).filter(|&r| r != first) {
                    let follow = follow(rows, first, second);
                    let mut masks = [0u16; 6];
                    for t in 0..3 {
                        let base = t * 3;
                        let [a, b, c] =
                            [follow[base] / 3, follow[base + 1] / 3, follow[base + 2] / 3];
                        // The paired columns (a repeat where only two are).
                        let (impure, paired) = match () {
                            _ if a == b && b == c => (0, [base, base + 1, base + 2]),
                            _ if a == b => (1, [base, base + 1, base + 1]),
                            _ if a == c => (1, [base, base + 2, base + 2]),
                            _ => (1, [base + 1, base + 2, base + 2]),
                        };
                        for column in paired {
                            let back = usize::from(follow[usize::from(follow[column])]);
                            let kind = if back == column {
                                0
                            } else if back / 3 == t {
                                1
                            } else {
                                2
                            };
                            masks[impure * 3 + kind] |= 1 << column;
                            best = best.min(impure * 3 + kind);
                        }
                    }
                    starts.push((transposed, first, second, follow));
                    candidates.push(masks);
                }
            }
        }
        let mut tied_orders = Vec::with_capacity(64);
        let mut first_columns = Vec::with_capacity(36);
        for (k, masks) in candidates.iter().enumerate() {
            let columns = masks[best];
            first_columns.push(columns);
            if columns != 0 {
                tied_orders.push(SecondRowOrder {
                    start: k as u8,
                    order: ColumnOrder::EMPTY,
                });
            }
        }
        (starts, first_columns, tied_orders)
    }

    /// The pure bands (see [`is_pure`]), a bit each (`3 x transposed +
    /// band`): pure in one pair of rows, a band is pure in every pair.
    fn pure_bands(&self) -> u8 {
        let mut pure = 0;
        for (o, rows) in self.rows.iter().enumerate() {
            let box_digits = |row: &[u8; 9]| {
                let mut sets = [0u16; 3];
                for (c, &d) in row.iter().enumerate() {
                    sets[c / 3] |= 1 << d;
                }
                sets
            };
            for band in 0..3 {
                let first = box_digits(&rows[band * 3]);
                let second = box_digits(&rows[band * 3 + 1]);
                if second.iter().all(|set| first.contains(set)) {
                    pure |= 1 << (o * 3 + band);
                }
            }
        }
        pure
    }

    /// [`FullSearch::second_row_starts`] when some band is pure: only its
    /// starts can write the smallest second row (`456...`), from any first
    /// column.
    #[allow(clippy::type_complexity)]
    fn pure_starts(&self, pure_bands: u8) -> (Vec<Start>, Vec<u16>, Vec<SecondRowOrder>) {
        let mut starts = Vec::with_capacity(12);
        let mut tied_orders = Vec::with_capacity(12);
        for transposed in [false, true] {
            let rows = &self.rows[usize::from(transposed)];
            for first in 0..9u8 {
                if pure_bands & 1 << (3 * u8::from(transposed) + first / 3) == 0 {
                    continue;
                }
                for second in (first / 3 * 3..first / 3 * 3 + 3).filter(|&r| r != first) {
                    tied_orders.push(SecondRowOrder {
                        start: starts.len() as u8,
                        order: ColumnOrder::EMPTY,
                    });
                    starts.push((transposed, first, second, follow(rows, first, second)));
                }
            }
        }
        let first_columns = vec![0x1ff; starts.len()];
        (starts, first_columns, tied_orders)
    }

    fn run(&self) -> (Grid, Vec<FullPartial>) {
        let mut level = FullLevel {
            best: u64::MAX,
            partials: Vec::new(),
        };
        let (starts, first_columns, tied_orders) = self.second_row_starts();
        let (second_row, tied_orders) = match direct_second_rows(&starts, &first_columns) {
            Some(found) => found,
            None => search_second_rows(&starts, &first_columns, tied_orders),
        };
        let mut tied: Vec<FullPartial> = tied_orders
            .iter()
            .map(|s| {
                let (transposed, first, second, _) = starts[usize::from(s.start)];
                let mut rows = [0u8; 9];
                rows[0] = first;
                rows[1] = second;
                // The first row reads 1 to 9 in the order's positions.
                let mut labels = [0u8; 10];
                let first_row = &self.rows[usize::from(transposed)][usize::from(first)];
                for (c, &d) in first_row.iter().enumerate() {
                    labels[d as usize] = s.order.pos_of[c] + 1;
                }
                FullPartial {
                    transposed,
                    rows,
                    bands_used: 1 << (first / 3),
                    rows_used: 1 << (first % 3) | 1 << (second % 3),
                    order: s.order,
                    labels,
                }
            })
            .collect();
        let mut cells = [0u8; 81];
        cells[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        store_row(&mut cells, 1, second_row);
        for depth in 2..9 {
            level.best = u64::MAX;
            level.partials.clear();
            for p in &tied {
                let rows = &self.rows[usize::from(p.transposed)];
                for_each_next_row(
                    depth,
                    p.rows[depth - 1],
                    p.bands_used,
                    p.rows_used,
                    |row, bands, used| {
                        let value = Self::row_value(p, &rows[row as usize]);
                        if value <= level.best {
                            let mut q = *p;
                            q.rows[depth] = row;
                            q.bands_used = bands;
                            q.rows_used = used;
                            level.offer(value, &q);
                        }
                    },
                );
            }
            store_row(&mut cells, depth, level.best);
            std::mem::swap(&mut tied, &mut level.partials);
        }
        (Grid::from_cells(cells).expect("labels are digits"), tied)
    }
}

/// The smallest second row and the orders writing it, found by trying each
/// order of the first stack (from `first_columns`) of each start: once the
/// first stack is ordered, every later choice is usually forced (the
/// followers of the first stacks' columns are reserved, and the last
/// columns of a stack have followers already placed). `None` when some
/// later choice ties, which needs [`search_second_rows`].
fn direct_second_rows(
    starts: &[Start],
    first_columns: &[u16],
) -> Option<(u64, Vec<SecondRowOrder>)> {
    let mut best = u64::MAX;
    let mut tied = Vec::with_capacity(16);
    for (k, (&(_, _, _, follow), &columns)) in starts.iter().zip(first_columns).enumerate() {
        if columns != 0 && is_pure(&follow) {
            pure_second_rows(k as u8, &follow, &mut best, &mut tied);
            continue;
        }
        for c0 in (0..9u8).filter(|c| columns & 1 << c != 0) {
            let t = c0 / 3;
            // c1 must follow into the stack of c0's follower (label 5, not 7).
            let paired = |&c: &u8| c != c0 && follow[c as usize] / 3 == follow[c0 as usize] / 3;
            for c1 in (t * 3..t * 3 + 3).filter(paired) {
                let c2 = t * 3 + 3 - (c0 % 3) - (c1 % 3);
                let mut order = ColumnOrder::EMPTY;
                order.slot_stack[0] = t;
                order.bound = 1;
                let mut value = 0u64;
                let mut larger = false;
                for j in 0..9 {
                    let column = match j {
                        0 => c0,
                        1 => c1,
                        2 => c2,
                        _ if order.col_at[j] != UNSET => order.col_at[j],
                        _ => {
                            // Free position: the open column whose follower
                            // can sit earliest; a tie needs the search.
                            let stack = order.slot_stack[j / 3];
                            if stack == UNSET {
                                return None;
                            }
                            let mut pick = UNSET;
                            let mut pick_pos = usize::MAX;
                            let mut tie = false;
                            for c in stack * 3..stack * 3 + 3 {
                                if order.pos_of[c as usize] != UNSET {
                                    continue;
                                }
                                let pos = order.earliest(follow[c as usize]);
                                tie |= pos == pick_pos;
                                if pos < pick_pos {
                                    pick = c;
                                    pick_pos = pos;
                                    tie = false;
                                }
                            }
                            if tie {
                                return None;
                            }
                            pick
                        }
                    };
                    if order.pos_of[column as usize] == UNSET {
                        order.put(column, j);
                    }
                    let target = follow[column as usize];
                    let pos = match order.pos_of[target as usize] {
                        UNSET => order.reserve(target),
                        pos => usize::from(pos),
                    };
                    value = value << 4 | (pos as u64 + 1);
                    if value > best >> (4 * (8 - j)) {
                        larger = true;
                        break;
                    }
                }
                if larger {
                    continue;
                }
                if value < best {
                    best = value;
                    tied.clear();
                }
                tied.push(SecondRowOrder {
                    start: k as u8,
                    order,
                });
            }
        }
    }
    Some((best, tied))
}

/// For each column, the column of `first` holding the digit below it in
/// `second`.
fn follow(rows: &[[u8; 9]; 9], first: u8, second: u8) -> [u8; 9] {
    let mut column_of = [0u8; 10];
    for (c, &d) in rows[usize::from(first)].iter().enumerate() {
        column_of[usize::from(d)] = c as u8;
    }
    rows[usize::from(second)].map(|d| column_of[usize::from(d)])
}

/// True when each stack's columns all follow into one other stack: the
/// band can start 123456789, 456789 (the smallest class of start).
fn is_pure(follow: &[u8; 9]) -> bool {
    (0..3).all(|t| {
        follow[t * 3] / 3 == follow[t * 3 + 1] / 3 && follow[t * 3] / 3 == follow[t * 3 + 2] / 3
    })
}

/// [`direct_second_rows`] for a pure start, in closed form. Whatever
/// columns `c0 c1 c2` open the order, the followers fill the second slot in
/// their order and theirs the third, so the second row is `456789` and
/// then the labels of `f³(c0) f³(c1) f³(c2)` (`f` = `follow`): `123` when
/// `f³` fixes every column, `132` when it fixes one (it must open the
/// order), `231` when it cycles them (`c1` must be `f³(c0)`); `f` carries
/// `f³` on one stack to `f³` on the next, so every stack tells the same.
/// Offers the start's orders writing that row, in the order the search
/// would find them.
fn pure_second_rows(k: u8, follow: &[u8; 9], best: &mut u64, tied: &mut Vec<SecondRowOrder>) {
    let f = |c: u8| follow[usize::from(c)];
    let f3 = |c: u8| f(f(f(c)));
    let fixed = (0..3u8).filter(|&c| f3(c) == c).count();
    let value = 0x456789 << 12
        | match fixed {
            3 => 0x123,
            1 => 0x132,
            _ => 0x231,
        };
    if value > *best {
        return;
    }
    if value < *best {
        *best = value;
        tied.clear();
    }
    for c0 in 0..9u8 {
        let t = c0 / 3;
        for c1 in (t * 3..t * 3 + 3).filter(|&c| c != c0) {
            let opens = match fixed {
                3 => true,
                1 => f3(c0) == c0,
                _ => f3(c0) == c1,
            };
            if !opens {
                continue;
            }
            let c2 = t * 3 + 3 - (c0 % 3) - (c1 % 3);
            let mut order = ColumnOrder::EMPTY;
            for (i, c) in [c0, c1, c2].into_iter().enumerate() {
                order.put(c, i);
                order.put(f(c), 3 + i);
                order.put(f(f(c)), 6 + i);
            }
            order.slot_stack = [t, f(c0) / 3, f(f(c0)) / 3];
            order.bound = 3;
            tied.push(SecondRowOrder { start: k, order });
        }
    }
}

/// The smallest second row and the orders writing it, position by position
/// over every start at once, keeping only the orders tied for the smallest
/// label there: exact whatever ties.
fn search_second_rows(
    starts: &[Start],
    first_columns: &[u16],
    mut tied: Vec<SecondRowOrder>,
) -> (u64, Vec<SecondRowOrder>) {
    let mut orders = SecondRowLevel {
        best: u64::MAX,
        orders: Vec::with_capacity(256),
    };
    let mut second_row = 0u64;
    for j in 0..9 {
        orders.best = u64::MAX;
        orders.orders.clear();
        for s in &tied {
            let k = usize::from(s.start);
            orders.step(j, s, &starts[k].3, first_columns[k]);
        }
        second_row = second_row << 4 | orders.best;
        std::mem::swap(&mut tied, &mut orders.orders);
    }
    (second_row, tied)
}

/// A choice of first and second rows: orientation, first row, second row,
/// and for each column the first-row column holding the digit below it.
type Start = (bool, u8, u8, [u8; 9]);

/// A column order being built for the second row from one choice of first
/// and second rows (`start`, an index into the search's starts).
#[derive(Clone, Copy)]
struct SecondRowOrder {
    start: u8,
    order: ColumnOrder,
}

/// Second-row orders tied for the smallest labels so far, and that label.
struct SecondRowLevel {
    best: u64,
    orders: Vec<SecondRowOrder>,
}

impl SecondRowLevel {
    /// Extends `s` at position `j` with each column it may put there,
    /// keeping those that show the smallest label. `first_columns` are the
    /// columns that may open the order.
    fn step(&mut self, j: usize, s: &SecondRowOrder, follow: &[u8; 9], first_columns: u16) {
        let order = &s.order;
        let mut choices = [0u8; 9];
        let mut count = 0;
        if order.col_at[j] != UNSET {
            choices[0] = order.col_at[j];
            count = 1;
        } else if order.slot_stack[j / 3] != UNSET {
            let stack = order.slot_stack[j / 3];
            for c in stack * 3..stack * 3 + 3 {
                if order.pos_of[c as usize] == UNSET {
                    choices[count] = c;
                    count += 1;
                }
            }
        } else {
            for c in 0..9u8 {
                let open = j > 0 || first_columns & 1 << c != 0;
                if open && !order.slot_stack.contains(&(c / 3)) {
                    choices[count] = c;
                    count += 1;
                }
            }
        }
        for &c in &choices[..count] {
            // The label first, read only: most choices lose, and the copy of
            // an order just written byte by byte would stall.
            let target = follow[c as usize];
            let opens_slot = order.col_at[j] == UNSET && order.slot_stack[j / 3] == UNSET;
            let pos = match order.pos_of[target as usize] {
                UNSET => match order.slot_stack.iter().position(|&t| t == target / 3) {
                    Some(slot) => (slot * 3..slot * 3 + 3)
                        .find(|&p| order.col_at[p] == UNSET)
                        .expect("a stack has a free position while one of its columns has none"),
                    None => (usize::from(order.bound) + usize::from(opens_slot)) * 3,
                },
                pos => usize::from(pos),
            };
            let label = pos as u64 + 1;
            if label > self.best {
                continue;
            }
            if label < self.best {
                self.best = label;
                self.orders.clear();
            }
            self.orders.push(*s);
            let q = &mut self.orders.last_mut().expect("just pushed").order;
            if q.col_at[j] == UNSET {
                if opens_slot {
                    q.slot_stack[j / 3] = c / 3;
                    q.bound += 1;
                }
                q.put(c, j);
            }
            if q.pos_of[target as usize] == UNSET {
                q.reserve(target);
            }
        }
    }
}

/// Full-grid layouts tied for the smallest row, and that row.
struct FullLevel {
    best: u64,
    partials: Vec<FullPartial>,
}

impl FullLevel {
    fn offer(&mut self, value: u64, partial: &FullPartial) {
        if value < self.best {
            self.best = value;
            self.partials.clear();
        }
        if value == self.best {
            self.partials.push(*partial);
        }
    }
}

/// True when a digit repeats in a row or a column.
fn repeats_in_a_line(grid: &Grid) -> bool {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    for (i, &v) in grid.cells().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1 << v;
        if rows[i / 9] & bit != 0 || cols[i % 9] & bit != 0 {
            return true;
        }
        rows[i / 9] |= bit;
        cols[i % 9] |= bit;
    }
    false
}

/// The rows of `grid`, and of its transpose.
fn oriented_rows(grid: &Grid) -> [[[u8; 9]; 9]; 2] {
    let mut rows = [[[0u8; 9]; 9]; 2];
    for (i, &v) in grid.cells().iter().enumerate() {
        rows[0][i / 9][i % 9] = v;
        rows[1][i % 9][i / 9] = v;
    }
    rows
}

/// [`Grid::canonical_with_automorphisms`]: the full-grid search for a valid
/// full grid, the row-by-row search for other grids without repeats in a
/// line, the brute force for the rest.
fn search(grid: &Grid) -> Canonical {
    if grid.is_consistent() {
        return search_consistent(grid);
    }
    if repeats_in_a_line(grid) {
        // The row search gives each digit one label when it first shows in
        // a row, which a row holding it twice breaks: no puzzle does that.
        return reference_search(grid);
    }
    search_rows(grid)
}

/// [`Grid::canonical_with_automorphisms`] of a grid known to have no
/// repeated digit in a row, column or box (the pipeline checks that first,
/// for its marker).
pub(crate) fn search_consistent(grid: &Grid) -> Canonical {
    if grid.is_full() {
        search_full(grid)
    } else {
        search_rows(grid)
    }
}

/// The row-by-row search, for a grid with no digit repeated in a row or
/// column: output row `k` is the smallest row any layout tied so far can
/// write there; only layouts writing it go on to row `k + 1`.
fn search_rows(grid: &Grid) -> Canonical {
    let rows = oriented_rows(grid);
    let mut tied = vec![Partial::start(false), Partial::start(true)];
    let mut level = Level {
        best: u64::MAX,
        partials: Vec::with_capacity(64),
    };
    let mut cells = [0u8; 81];
    for depth in 0..9usize {
        level.best = u64::MAX;
        level.partials.clear();
        for p in &tied {
            let rows = &rows[usize::from(p.transposed)];
            let previous = p.rows[depth.saturating_sub(1)];
            for_each_next_row(
                depth,
                previous,
                p.bands_used,
                p.rows_used,
                |row, bands, used| {
                    let mut q = *p;
                    q.rows[depth] = row;
                    q.bands_used = bands;
                    q.rows_used = used;
                    let values = &rows[usize::from(row)];
                    let empty_stack = |s: usize| values[s * 3..s * 3 + 3] == [0, 0, 0];
                    let free_slots = q.free_stacks.count_ones() as usize;
                    let mut pending = 0u8;
                    for s in 0..3 {
                        if q.free_stacks & 1 << s != 0 && !empty_stack(s) {
                            pending |= 1 << s;
                        }
                    }
                    q.free_stacks &= !pending;
                    let step = RowStep {
                        values,
                        still_free: q.free_stacks.count_ones() as usize,
                        free_slots,
                    };
                    step.fill(0, &q, 0, pending, &mut level);
                },
            );
        }
        store_row(&mut cells, depth, level.best);
        std::mem::swap(&mut tied, &mut level.partials);
    }
    let automorphisms = tied.iter().map(free_arrangements).sum();
    Canonical {
        grid: Grid::from_cells(cells).expect("labels are digits"),
        reached: Reached::Layout(tied[0]),
        automorphisms,
    }
}

/// Calls `visit(row, bands_used, rows_used)` for each input row that may
/// be output row `depth`: any row of an unused band at a band's start, else
/// an unused row of the band of the `previous` row.
fn for_each_next_row(
    depth: usize,
    previous: u8,
    bands_used: u8,
    rows_used: u8,
    mut visit: impl FnMut(u8, u8, u8),
) {
    if depth.is_multiple_of(3) {
        for band in (0..3u8).filter(|b| bands_used & 1 << b == 0) {
            for r in 0..3u8 {
                visit(band * 3 + r, bands_used | 1 << band, 1 << r);
            }
        }
    } else {
        let band = previous / 3;
        for r in (0..3u8).filter(|r| rows_used & 1 << r == 0) {
            visit(band * 3 + r, bands_used, rows_used | 1 << r);
        }
    }
}

/// Writes a row of 9 values of 4 bits (first value highest) as output row `depth`.
fn store_row(cells: &mut [u8; 81], depth: usize, value: u64) {
    for k in 0..9 {
        cells[depth * 9 + k] = (value >> (4 * (8 - k)) & 0xf) as u8;
    }
}

/// [`search`] for a full valid grid (see [`FullSearch`]).
fn search_full(grid: &Grid) -> Canonical {
    let search = FullSearch {
        rows: oriented_rows(grid),
    };
    let (canonical, tied) = search.run();
    let p = &tied[0];
    let layout = Partial {
        transposed: p.transposed,
        rows: p.rows,
        bands_used: 0b111,
        rows_used: 0b111,
        stacks: p.order.slot_stack,
        free_stacks: 0,
        cols: p.order.col_at,
        free_cols: [0; 3],
        labels: p.labels,
        next: 10,
    };
    Canonical {
        grid: canonical,
        reached: Reached::Layout(layout),
        automorphisms: tied.len() as u64,
    }
}

/// How many column orders a complete layout leaves open: its free stacks
/// in any order, and free columns in any order within their stack.
fn free_arrangements(p: &Partial) -> u64 {
    const FACTORIAL: [u64; 4] = [1, 1, 2, 6];
    let free_stacks = p.free_stacks.count_ones() as usize;
    let mut n = FACTORIAL[free_stacks] * 6u64.pow(free_stacks as u32);
    for slot in free_stacks..3 {
        n *= FACTORIAL[p.free_cols[slot].count_ones() as usize];
    }
    n
}

/// The transform writing the input in layout `p` (free stacks and columns
/// in increasing order) with its labels.
fn layout_transform(p: &Partial) -> Transform {
    let mut cols = p.cols;
    let free_stacks = p.free_stacks.count_ones() as usize;
    let mut stacks = p.stacks;
    let mut free = (0..3u8).filter(|&s| p.free_stacks & 1 << s != 0);
    for slot in 0..3 {
        if slot < free_stacks {
            stacks[slot] = free.next().expect("a free stack per free slot");
            for k in 0..3 {
                cols[slot * 3 + k] = stacks[slot] * 3 + k as u8;
            }
        } else {
            let mut pos = slot * 3;
            for c in 0..9u8 {
                if p.free_cols[slot] & 1 << c != 0 {
                    cols[pos] = c;
                    pos += 1;
                }
            }
        }
    }
    let split = |lines: [u8; 9]| {
        let outer = [lines[0] / 3, lines[3] / 3, lines[6] / 3];
        let mut inner = [[0u8; 3]; 3];
        for (k, &line) in lines.iter().enumerate() {
            inner[k / 3][k % 3] = line % 3;
        }
        (outer, inner)
    };
    let (bands, rows_in) = split(p.rows);
    let (stacks_out, cols_in) = split(cols);
    let start = if p.transposed {
        Transform::transpose()
    } else {
        Transform::IDENTITY
    };
    start
        .then(&Transform::permute_rows(bands, rows_in).expect("a complete row order"))
        .then(&Transform::permute_cols(stacks_out, cols_in).expect("a complete column order"))
        .then(&Transform::relabel(complete_labels(&p.labels)).expect("labels"))
}

impl Grid {
    /// The minlex canonical form of this grid and a transform reaching it
    /// (`t.apply(self) == canonical`): of all grids equivalent to this one,
    /// the one whose 81-character string (empty cells as `0`) is smallest.
    /// Equivalent grids, and only they, have the same form.
    ///
    /// ```
    /// use sudokuflow::Grid;
    /// let puzzle: Grid =
    ///     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
    ///         .parse()
    ///         .unwrap();
    /// let (canonical, t) = puzzle.canonical();
    /// assert_eq!(
    ///     canonical.to_string(),
    ///     "...........1.2345623.4..789...8.4.....92761..3.81...24..759.3.1.65......9237...4."
    /// );
    /// assert_eq!(t.apply(&puzzle), canonical);
    /// assert_eq!(canonical.canonical().0, canonical);
    /// ```
    pub fn canonical(&self) -> (Grid, Transform) {
        let found = search(self);
        (found.grid, found.transform())
    }

    /// [`Grid::canonical`] with the size of the automorphism group.
    pub fn canonical_with_automorphisms(&self) -> Canonical {
        search(self)
    }
}

/// Extends a partial digit map (digits absent from the grid map to 0) to a
/// permutation of 1..=9 by giving absent digits the unused labels in order.
fn complete_labels(labels: &[u8; 10]) -> [u8; 9] {
    let mut used = [false; 10];
    for &l in &labels[1..] {
        used[l as usize] = true;
    }
    let mut free = (1..=9u8).filter(|&l| !used[l as usize]);
    let mut perm = [0u8; 9];
    for d in 1..=9 {
        perm[d - 1] = if labels[d] == 0 {
            free.next().expect("enough free labels")
        } else {
            labels[d]
        };
    }
    perm
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solution, shuffle_transform};
    use crate::rng::Rng;
    use crate::solver::{count_solutions, solve};
    use proptest::prelude::*;
    use sudokuflow_test::property::check;

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    fn puzzle() -> Grid {
        PUZZLE.parse().unwrap()
    }

    /// A grid with many automorphisms: row `r` is `123456789` shifted.
    fn symmetric_grid() -> Grid {
        let mut g = Grid::EMPTY;
        for r in 0..9 {
            for c in 0..9 {
                g.set(r * 9 + c, ((r % 3 * 3 + r / 3 + c) % 9 + 1) as u8);
            }
        }
        assert!(g.is_consistent());
        g
    }

    /// `clues` cells of a random solution grid, chosen by `rng`: puzzles of
    /// every density, with and without one solution.
    fn random_subgrid(rng: &mut Rng, clues: usize) -> Grid {
        let solution = random_solution(rng);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut g = Grid::EMPTY;
        for &i in &cells[..clues] {
            g.set(i, solution.get(i));
        }
        Transform::random(rng).apply(&g)
    }

    #[test]
    fn agrees_with_the_brute_force_reference() {
        let mut rng = Rng::new(5);
        let mut grids = vec![
            puzzle(),
            solve(&puzzle()).unwrap().grid,
            Grid::EMPTY,
            symmetric_grid(),
        ];
        for clues in [1, 2, 5, 9, 14, 17, 20, 25, 30, 40, 55, 70, 80] {
            grids.push(random_subgrid(&mut rng, clues));
        }
        for g in grids {
            let fast = g.canonical_with_automorphisms();
            let reference = reference_search(&g);
            assert_eq!(fast.grid, reference.grid, "{g}");
            assert_eq!(fast.automorphisms, reference.automorphisms, "{g}");
            assert_eq!(fast.transform().apply(&g), fast.grid, "{g}");
        }
    }

    #[test]
    fn grids_with_repeated_digits_get_their_form_too() {
        let mut full = symmetric_grid();
        full.set(0, full.get(1));
        let mut sparse = Grid::EMPTY;
        sparse.set(0, 5);
        sparse.set(7, 5);
        sparse.set(30, 5);
        sparse.set(33, 2);
        for g in [full, sparse] {
            let found = g.canonical_with_automorphisms();
            assert_eq!(found.grid, reference_canonical(&g).0);
            assert_eq!(found.transform().apply(&g), found.grid);
            let shuffled = Transform::random(&mut Rng::new(9)).apply(&g);
            let again = shuffled.canonical_with_automorphisms();
            assert_eq!(again.grid, found.grid);
            assert_eq!(again.automorphisms, found.automorphisms);
        }
    }

    #[test]
    fn direct_second_rows_agree_with_the_search_over_positions() {
        let mut rng = Rng::new(12);
        let mut grids = vec![symmetric_grid()];
        grids.extend((0..300).map(|_| random_solution(&mut rng)));
        let mut pure = 0;
        for g in grids {
            let search = FullSearch {
                rows: oriented_rows(&g),
            };
            pure += usize::from(search.pure_bands() != 0);
            let (starts, first_columns, tied) = search.second_row_starts();
            let key = |(row, orders): (u64, Vec<SecondRowOrder>)| {
                let mut orders: Vec<_> = orders.iter().map(|o| (o.start, o.order.col_at)).collect();
                orders.sort_unstable();
                (row, orders)
            };
            let searched = key(search_second_rows(&starts, &first_columns, tied));
            if let Some(direct) = direct_second_rows(&starts, &first_columns) {
                assert_eq!(key(direct), searched, "{g}");
            }
        }
        // The closed form for pure bands is among those checked.
        assert!(pure >= 30, "{pure} grids with a pure band");
    }

    #[test]
    fn counts_automorphisms() {
        let symmetric = symmetric_grid()
            .canonical_with_automorphisms()
            .automorphisms;
        assert!(symmetric > 1, "{symmetric}");
        assert_eq!(
            Grid::EMPTY.canonical_with_automorphisms().automorphisms,
            2 * 6u64.pow(8)
        );
        assert_eq!(puzzle().canonical_with_automorphisms().automorphisms, 1);
        // A puzzle equal to its own transpose has at least two.
        let mut g = Grid::EMPTY;
        g.set(0, 1);
        g.set(10, 2);
        assert!(g.canonical_with_automorphisms().automorphisms >= 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn random_puzzles_agree_with_the_reference(seed in any::<u64>(), clues in 0usize..=81) {
            let g = random_subgrid(&mut Rng::new(seed), clues);
            prop_assert_eq!(g.canonical().0, reference_canonical(&g).0);
        }

        #[test]
        fn random_full_grids_agree_with_the_reference(seed in any::<u64>()) {
            let g = random_subgrid(&mut Rng::new(seed), 81);
            prop_assert_eq!(g.canonical().0, reference_canonical(&g).0);
        }
    }

    /// A consistent grid equal to its own transpose (so with at least two
    /// automorphisms): digits written in pairs of cells mirrored across the
    /// diagonal, where they fit.
    fn transpose_symmetric(rng: &mut Rng, pairs: usize) -> Grid {
        let mut g = Grid::EMPTY;
        for _ in 0..pairs {
            let (r, c) = (rng.below(9) as usize, rng.below(9) as usize);
            let d = rng.below(9) as u8 + 1;
            let mut h = g;
            h.set(r * 9 + c, d);
            h.set(c * 9 + r, d);
            if h.is_consistent() {
                g = h;
            }
        }
        g
    }

    /// Grids of every density, and grids with automorphisms (few clues, or
    /// symmetric ones): the form is idempotent, reached by its transform,
    /// and the same for a shuffled copy, with as many automorphisms.
    #[test]
    fn invariant_idempotent_and_equivalent() {
        let grids = prop_oneof![
            (
                any::<u64>(),
                prop_oneof![0usize..=81, Just(81), 17usize..=30]
            )
                .prop_map(|(seed, clues)| (
                    seed,
                    clues,
                    random_subgrid(&mut Rng::new(seed), clues)
                )),
            (any::<u64>(), 0usize..40).prop_map(|(seed, pairs)| (
                seed,
                0,
                transpose_symmetric(&mut Rng::new(seed), pairs)
            )),
        ];
        let shares = check(
            2000,
            (grids, any::<u64>()),
            |((seed, clues, g), shuffle), shares| {
                let found = g.canonical_with_automorphisms();
                shares.saw(if found.automorphisms > 1 {
                    "automorphisms"
                } else {
                    "none"
                });
                let shuffled = shuffle_transform(shuffle, seed, 0).apply(&g);
                let again = shuffled.canonical_with_automorphisms();
                prop_assert_eq!(again.grid, found.grid);
                prop_assert_eq!(again.automorphisms, found.automorphisms);
                prop_assert_eq!(found.grid.canonical().0, found.grid);
                prop_assert_eq!(found.transform().apply(&g), found.grid);
                prop_assert_eq!(again.transform().apply(&shuffled), found.grid);
                prop_assert_eq!(found.grid.clue_count(), g.clue_count());
                prop_assert!(found.automorphisms >= 1);
                if clues >= 25 {
                    prop_assert_eq!(
                        count_solutions(&found.grid, 3).unwrap().solutions,
                        count_solutions(&g, 3).unwrap().solutions
                    );
                }
                Ok(())
            },
        );
        shares.assert_at_least("automorphisms", 30);
        shares.assert_at_least("none", 30);
    }
}
