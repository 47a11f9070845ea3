//! The techniques dynamic forcing chains (+) use inside (Sudoku Explainer's
//! "+"): pointing, claiming, hidden and naked pairs and X-Wings, found on
//! the grid as a trail has changed it. Each elimination needs the
//! eliminations of the trail that made its pattern: the candidates of the
//! pattern's cells and digits that the grid started with and has lost.

use super::super::Candidates;
use super::super::cells::{BOX, COL, CellSet, UNIT_SETS, digits, is_two_digits};
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

/// The eliminations on `state` of the first "+" technique that has any
/// the trail lacks, in SE's order: intersections (pointing, then claiming),
/// hidden pairs, naked pairs, X-Wings. Later techniques wait for the
/// trail to follow these.
/// One technique's eliminations on the trail's grid.
type Finder = fn(&Candidates, &Candidates, &mut Vec<(Node, Vec<Node>, Cause)>);

pub(crate) fn eliminations(
    initial: &Candidates,
    state: &Candidates,
    trail: &Trail,
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    let rules: [Finder; 4] = [
        |i, s, f| {
            pointing(i, s, f);
            claiming(i, s, f);
        },
        hidden_pairs,
        naked_pairs,
        x_wings,
    ];
    for rule in rules {
        rule(initial, state, found);
        found.retain(|(n, _, _)| !trail.has(*n));
        if !found.is_empty() {
            return;
        }
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

fn pointing(initial: &Candidates, state: &Candidates, found: &mut Vec<(Node, Vec<Node>, Cause)>) {
    for bx in BOX..BOX + 9 {
        for d in 1..=9u8 {
            if let Some(x) = intersections::pointing_from(state, bx, d) {
                confined(initial, state, &x, Rule::Pointing, found);
            }
        }
    }
}

fn claiming(initial: &Candidates, state: &Candidates, found: &mut Vec<(Node, Vec<Node>, Cause)>) {
    // Columns first, then rows.
    for i in 0..BOX {
        let line = (i + 9) % 18;
        for d in 1..=9u8 {
            if let Some(x) = intersections::claiming_from(state, line, d) {
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
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    for unit in SE_UNITS {
        for d1 in 1..=8u8 {
            let p1 = state.places(unit, d1);
            if !p1.is_pair() {
                continue;
            }
            for d2 in d1 + 1..=9u8 {
                if state.places(unit, d2) != p1 {
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
    found: &mut Vec<(Node, Vec<Node>, Cause)>,
) {
    for unit in SE_UNITS {
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

fn x_wings(initial: &Candidates, state: &Candidates, found: &mut Vec<(Node, Vec<Node>, Cause)>) {
    for d in 1..=9u8 {
        for (base, cover) in [(0, COL), (COL, 0)] {
            for l1 in base..base + 9 {
                let p1 = state.places(l1, d);
                if !p1.is_pair() {
                    continue;
                }
                for l2 in l1 + 1..base + 9 {
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
