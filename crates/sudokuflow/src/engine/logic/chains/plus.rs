//! The techniques dynamic forcing chains (+) use inside (Sudoku Explainer's
//! "+"): pointing, claiming, hidden and naked pairs and X-Wings, found on
//! the grid as a trail has changed it. Each elimination needs the
//! eliminations of the trail that made its pattern: the candidates of the
//! pattern's cells and digits that the grid started with and has lost.

use super::super::Candidates;
use super::super::cells::{BOX, COL, CellSet, UNIT_SETS, UNITS_OF_CELL, digits, is_two_digits};
use super::super::intersections::{self, Intersection};
use super::Node;
use super::trail::{Cause, InnerProof, Inside, Trail};

/// Which technique made an elimination ([`Cause::Rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    Pointing,
    Claiming,
    HiddenPair,
    NakedPair,
    XWing,
}

/// The "+" techniques, level 1.
pub(crate) struct Plus;

impl Inside for Plus {
    fn eliminations(
        &mut self,
        initial: &Candidates,
        state: &Candidates,
        trail: &Trail,
        found: &mut Vec<(Node, Vec<Node>, Cause)>,
        _: &mut Vec<InnerProof>,
        _: Option<u64>,
    ) -> u64 {
        eliminations(initial, state, trail, found);
        0
    }
}

/// One technique's eliminations on the trail's grid, from its patterns
/// where the grid has changed.
type Finder = fn(&Candidates, &Candidates, &Changes, &mut Vec<(Node, Vec<Node>, Cause)>);

/// The eliminations on `state` of the first "+" technique that has any
/// the trail lacks, in SE's order: intersections (pointing, then claiming),
/// hidden pairs, naked pairs, X-Wings. Later techniques wait for the
/// trail to follow these. A technique looks only where the grid has lost
/// candidates since it last looked at this trail's grid, or since the
/// trail started if it finds nothing on the grid it started on: a pattern
/// where nothing changed eliminates what it did then, if anything, and the
/// trail has it ([`Changes`]). Returns how many techniques looked.
pub(crate) fn eliminations(
    initial: &Candidates,
    state: &Candidates,
    trail: &Trail,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) -> usize {
    let mut new_from = trail.plus_new_from.get();
    let now = trail.order.len() as u16;
    let mut looked = 0;
    for (rule, new_from) in RULES.into_iter().zip(&mut new_from) {
        looked += 1;
        let changes = new_from.map_or(Changes::ALL, |k| Changes::since(trail, k));
        rule(initial, state, &changes, found);
        *new_from = Some(now);
        found.retain(|(n, _, _)| !trail.has(*n));
        #[cfg(debug_assertions)]
        {
            let mut everywhere = Vec::new();
            rule(initial, state, &Changes::ALL, &mut everywhere);
            everywhere.retain(|(n, _, _)| !trail.has(*n));
            debug_assert_eq!(
                *found, everywhere,
                "a rule finds nothing new where the grid has not changed"
            );
        }
        if !found.is_empty() {
            break;
        }
    }
    trail.plus_new_from.set(new_from);
    looked
}

/// Notes that the first `looked` techniques have looked at the trail's grid
/// as it is, as [`eliminations`] does: where their eliminations on it were
/// known from another trail on the same grid (they depend on nothing else).
pub(crate) fn looked_at(trail: &Trail, looked: usize) {
    let mut new_from = trail.plus_new_from.get();
    let now = trail.order.len() as u16;
    for new_from in &mut new_from[..looked] {
        *new_from = Some(now);
    }
    trail.plus_new_from.set(new_from);
}

/// The "+" techniques in SE's order.
const RULES: [Finder; 4] = [
    |i, s, changes, f| {
        pointing(i, s, changes, f);
        claiming(i, s, changes, f);
    },
    hidden_pairs,
    naked_pairs,
    x_wings,
];

/// Where each "+" technique starts looking on the grid of a trail from
/// `initial`, as [`Trail::plus_new_from`] keeps it: from the trail's first
/// node for a technique that eliminates nothing on `initial` (its patterns
/// are all where the trail changes the grid), everywhere for the others.
pub(crate) fn new_from_start(initial: &Candidates) -> [Option<u16>; 4] {
    let mut found = Vec::new();
    RULES.map(|rule| {
        found.clear();
        rule(initial, initial, &Changes::ALL, &mut found);
        found.is_empty().then_some(0)
    })
}

/// Where a trail's grid has lost candidates since a rule last looked at
/// it: where it has lost none, the rule's patterns are those it saw, and
/// their eliminations are the trail's already.
struct Changes {
    /// For each digit, the units that lost a candidate of it (bit `unit`).
    units: [u32; 10],
    /// The units that lost any candidate.
    any: u32,
}

impl Changes {
    /// Everywhere, for a rule that looks at the whole grid.
    const ALL: Changes = Changes {
        units: [u32::MAX; 10],
        any: u32::MAX,
    };

    /// The candidates the trail removed after its first `k` nodes. A
    /// trail's grid loses the candidates of its nodes off, and only those
    /// (its nodes on turn others off).
    fn since(trail: &Trail, k: u16) -> Changes {
        let mut units = [0; 10];
        for n in &trail.order[usize::from(k)..] {
            if !n.on() {
                units[usize::from(n.digit())] |= UNITS_OF_CELL[n.cell()];
            }
        }
        let any = units.iter().fold(0, |any, u| any | u);
        Changes { units, any }
    }

    /// Whether `unit` has lost a candidate of `digit`.
    fn in_unit(&self, unit: usize, digit: u8) -> bool {
        self.units[usize::from(digit)] >> unit & 1 != 0
    }

    /// Whether `unit` has lost any candidate.
    fn any_in(&self, unit: usize) -> bool {
        self.any >> unit & 1 != 0
    }
}

/// The off nodes of the candidates `initial` has in `cells` for `digit` and
/// `state` has lost.
fn lost(initial: &Candidates, state: &Candidates, cells: CellSet, digit: u8, out: &mut Vec<Node>) {
    for cell in ((initial.cells_of(digit) - state.cells_of(digit)) & cells).iter() {
        out.push(Node::new(cell, digit, false));
    }
}

fn push_all(
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
    targets: CellSet,
    digit: u8,
    parents: &[Node],
    rule: Rule,
    unit: usize,
) {
    for cell in targets.iter() {
        found.push((
            Node::new(cell, digit, false),
            parents.to_vec(),
            Cause::Rule(rule, unit as u8),
        ));
    }
}

fn pointing(
    initial: &Candidates,
    state: &Candidates,
    changes: &Changes,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    for bx in BOX..BOX + 9 {
        for d in 1..=9u8 {
            if changes.in_unit(bx, d)
                && let Some(x) = intersections::pointing_from(state, bx, d)
            {
                confined(initial, state, &x, Rule::Pointing, found);
            }
        }
    }
}

fn claiming(
    initial: &Candidates,
    state: &Candidates,
    changes: &Changes,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    // Columns first, then rows.
    for i in 0..BOX {
        let line = (i + 9) % 18;
        for d in 1..=9u8 {
            if changes.in_unit(line, d)
                && let Some(x) = intersections::claiming_from(state, line, d)
            {
                confined(initial, state, &x, Rule::Claiming, found);
            }
        }
    }
}

/// The eliminations of a pointing or claiming on the trail's grid, each
/// needing the candidates of its digit the trail removed from the source
/// unit outside the target.
fn confined(
    initial: &Candidates,
    state: &Candidates,
    i: &Intersection,
    rule: Rule,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    let mut parents = Vec::new();
    let outside = UNIT_SETS[i.source] - UNIT_SETS[i.target];
    lost(initial, state, outside, i.digit, &mut parents);
    push_all(found, i.removed, i.digit, &parents, rule, i.source);
}

/// Units as SE goes through them: boxes, rows, columns.
const SE_UNITS: [usize; 27] = {
    let mut u = [0; 27];
    let mut i = 0;
    while i < 9 {
        u[i] = BOX + i;
        u[9 + i] = i;
        u[18 + i] = COL + i;
        i += 1;
    }
    u
};

fn hidden_pairs(
    initial: &Candidates,
    state: &Candidates,
    changes: &Changes,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    for unit in SE_UNITS {
        if !changes.any_in(unit) {
            continue;
        }
        for d1 in 1..=8u8 {
            let p1 = state.places(unit, d1);
            if !p1.is_pair() {
                continue;
            }
            for d2 in d1 + 1..=9u8 {
                if !(changes.in_unit(unit, d1) || changes.in_unit(unit, d2))
                    || state.places(unit, d2) != p1
                {
                    continue;
                }
                let keep = 1u16 << d1 | 1 << d2;
                let mut parents = Vec::new();
                lost(initial, state, UNIT_SETS[unit] - p1, d1, &mut parents);
                lost(initial, state, UNIT_SETS[unit] - p1, d2, &mut parents);
                for cell in p1.iter() {
                    for d in digits(state.mask(cell) & !keep) {
                        found.push((
                            Node::new(cell, d, false),
                            parents.clone(),
                            Cause::Rule(Rule::HiddenPair, unit as u8),
                        ));
                    }
                }
            }
        }
    }
}

fn naked_pairs(
    initial: &Candidates,
    state: &Candidates,
    changes: &Changes,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    for unit in SE_UNITS {
        // A pair is made of the unit's cells' candidates.
        if !changes.any_in(unit) {
            continue;
        }
        // The unit's cells of two candidates (in a list on the stack: this
        // runs wherever a trail stops).
        let mut pairs = [0; 9];
        let mut len = 0;
        for cell in (UNIT_SETS[unit] & state.empty_cells()).iter() {
            if is_two_digits(state.mask(cell)) {
                pairs[len] = cell;
                len += 1;
            }
        }
        let cells = &pairs[..len];
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                let mask = state.mask(a);
                if state.mask(b) != mask {
                    continue;
                }
                let mut parents = Vec::new();
                for cell in [a, b] {
                    for d in digits(initial.mask(cell) & !state.mask(cell)) {
                        parents.push(Node::new(cell, d, false));
                    }
                }
                let pair = CellSet::single(a) | CellSet::single(b);
                for d in digits(mask) {
                    let targets = state.places(unit, d) - pair;
                    push_all(found, targets, d, &parents, Rule::NakedPair, unit);
                }
            }
        }
    }
}

fn x_wings(
    initial: &Candidates,
    state: &Candidates,
    changes: &Changes,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    for d in 1..=9u8 {
        for (base, cover) in [(0, COL), (COL, 0)] {
            // The lines that lost a place: an X-Wing has one of them.
            let changed = changes.units[usize::from(d)] >> base & 0x1ff;
            if changed == 0 {
                continue;
            }
            for l1 in base..base + 9 {
                let p1 = state.places(l1, d);
                if !p1.is_pair() {
                    continue;
                }
                for l2 in l1 + 1..base + 9 {
                    if (changed >> (l1 - base) | changed >> (l2 - base)) & 1 == 0 {
                        continue;
                    }
                    let p2 = state.places(l2, d);
                    if !p2.is_pair() {
                        continue;
                    }
                    let both = p1 | p2;
                    let covers: Vec<usize> = (cover..cover + 9)
                        .filter(|&u| !(UNIT_SETS[u] & both).is_empty())
                        .collect();
                    if covers.len() != 2 {
                        continue;
                    }
                    let mut parents = Vec::new();
                    let covered = covers.iter().fold(CellSet::EMPTY, |s, &u| s | UNIT_SETS[u]);
                    lost(initial, state, UNIT_SETS[l1] - covered, d, &mut parents);
                    lost(initial, state, UNIT_SETS[l2] - covered, d, &mut parents);
                    for u in covers {
                        let targets = state.places(u, d) - both;
                        push_all(found, targets, d, &parents, Rule::XWing, l1);
                    }
                }
            }
        }
    }
}
