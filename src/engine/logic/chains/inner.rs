//! Forcing chains inside forcing chains (Sudoku Explainer's nesting levels
//! 2 to 5): when neither the trail nor the "+" techniques have anything
//! left to follow, whole chains run on the grid as the trail has changed
//! it, and their conclusions become links of the trail.
//!
//! Each level runs a wider kind of chain inside: static forcing chains
//! (level 2); those, and if they find nothing static cell and region
//! chains (3); dynamic forcing chains (4); dynamic forcing chains (+) (5).
//! An inner chain's conclusion needs the trail's eliminations its links
//! relied on (a cell or unit left with two candidates, or one, only because
//! the trail removed the others, and for a cell or region chain the
//! candidates of the cell or unit the trail removed), and its complexity
//! counts once in every conclusion of the trail it leads to.

use super::super::Candidates;
use super::super::cells::digits;
use super::family::{self, Kind};
use super::trail::{Cause, InnerProof, Inside, Links, Nothing, Stop, Trail, TrailScratch};
use super::{Node, length_difficulty, plus};

/// An inner chain's conclusion, before the trail takes it.
struct Found {
    /// The candidates its premise needs gone: a cell or region chain's
    /// cell or unit as the trail's grid started.
    premise: Vec<Node>,
    /// Tenths, for SE's order: easiest first.
    rating: u16,
    complexity: u32,
    /// The nodes it turns off.
    removals: Vec<Node>,
    /// The trails it rests on (indices into the run's trails) and the node
    /// each ends in.
    sources: Vec<(usize, Node)>,
    /// What it is, for telling.
    what: What,
}

/// Which inner chain a conclusion comes from, to follow it again when it
/// is told.
#[derive(Clone, Copy, Debug)]
pub(crate) enum What {
    /// A candidate assumed `start` that turns itself the other way, under
    /// static `links` (one digit's, or all).
    Static { start: Node, links: Links },
    /// A hint of a family of chains (cell and region chains, dynamic
    /// chains) under `links`.
    Family {
        links: Links,
        kind: Kind,
        conclusion: Node,
        via: Option<Node>,
    },
}

/// What telling a nested chain needs: the grid it ran on, what it is, and
/// the trail's nodes it needs.
pub(crate) struct Source {
    pub state: Candidates,
    pub what: What,
    pub needs: Vec<Node>,
}

/// The chains of a nesting level, as an [`Inside`] of trails.
pub(crate) struct Nested {
    level: u8,
    scratch: TrailScratch,
    /// Whether the conclusions keep what telling them needs.
    told: bool,
}

impl Nested {
    pub fn new(level: u8, told: bool) -> Nested {
        Nested {
            level,
            scratch: TrailScratch::default(),
            told,
        }
    }
}

impl Inside for Nested {
    fn eliminations(
        &mut self,
        initial: &Candidates,
        state: &Candidates,
        trail: &Trail,
        found: &mut Vec<(Node, Vec<Node>, Cause)>,
        inner: &mut Vec<InnerProof>,
        budget: Option<u64>,
    ) -> u64 {
        plus::eliminations(initial, state, trail, found);
        if !found.is_empty() {
            return 0;
        }
        self.scratch.start_work(budget);
        let mut trails: Vec<Trail> = Vec::new();
        let mut hints: Vec<Found> = Vec::new();
        type Kind = fn(&mut Nested, &Candidates, &Candidates, &mut Vec<Trail>, &mut Vec<Found>);
        let kinds: &[Kind] = match self.level {
            2 => &[Nested::static_chains],
            3 => &[Nested::static_chains, Nested::static_multiple],
            4 => &[Nested::dynamic],
            _ => &[Nested::dynamic_plus],
        };
        for kind in kinds {
            kind(self, initial, state, &mut trails, &mut hints);
            hints.retain(|h| h.removals.iter().any(|n| !trail.has(*n)));
            if !hints.is_empty() || self.scratch.out_of_work() {
                break;
            }
        }
        // SE's order: easiest first, then shortest.
        hints.sort_by_key(|h| (h.rating, h.complexity));
        for h in hints {
            let (mut needs, mut key) = needed(initial, state, &trails, &h.sources);
            for p in &h.premise {
                if !needs.contains(p) {
                    needs.push(*p);
                }
            }
            for r in &h.removals {
                key = (key ^ u64::from(r.0)).wrapping_mul(0x100_0000_01b3);
            }
            let k = inner.len() as u16;
            inner.push(InnerProof {
                complexity: h.complexity,
                key,
                source: self.told.then(|| {
                    Box::new(Source {
                        state: state.clone(),
                        what: h.what,
                        needs: needs.clone(),
                    })
                }),
            });
            for n in h.removals {
                found.push((n, needs.clone(), Cause::Nested(k)));
            }
        }
        self.scratch.work()
    }
}

/// The trail's eliminations the inner chains of `sources` relied on: for
/// every node among their ancestors that is the last candidate of a cell
/// or place of a digit in a unit (of two, statically), the candidates of
/// that cell or unit `initial` has and `state` has lost; and a key made of
/// their nodes, which tells one nested chain from another.
fn needed(
    initial: &Candidates,
    state: &Candidates,
    trails: &[Trail],
    sources: &[(usize, Node)],
) -> (Vec<Node>, u64) {
    let mut out: Vec<Node> = Vec::new();
    let mut key = 0xcbf2_9ce4_8422_2325u64;
    let mut seen = vec![false; super::NODES];
    for &(t, node) in sources {
        let trail = &trails[t];
        seen.iter_mut().for_each(|s| *s = false);
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n.index()], true) {
                continue;
            }
            let (cell, digit) = (n.cell(), n.digit());
            key = key.wrapping_add(
                (u64::from(n.0) + 1)
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .rotate_left(17),
            );
            match trail.cause_of(n) {
                Cause::LastInCell => {
                    for d in digits(initial.mask(cell) & !state.mask(cell)) {
                        out.push(Node::new(cell, d, false));
                    }
                }
                Cause::LastInUnit(unit) => {
                    let unit = usize::from(unit);
                    for c in (initial.places(unit, digit) - state.places(unit, digit)).iter() {
                        out.push(Node::new(c, digit, false));
                    }
                }
                _ => {}
            }
            stack.extend(trail.parents_of(state, n));
        }
    }
    let mut unique = Vec::new();
    for n in out {
        if !unique.contains(&n) {
            unique.push(n);
        }
    }
    (unique, key)
}

impl Nested {
    /// Static forcing chains (level 2): a candidate assumed true that turns
    /// itself off, or false that turns itself on, over one digit's links
    /// (X-chains, first) or all static links.
    fn static_chains(
        &mut self,
        _: &Candidates,
        c: &Candidates,
        trails: &mut Vec<Trail>,
        out: &mut Vec<Found>,
    ) {
        for (single, base) in [(true, 66), (false, 70)] {
            for cell in 0..81 {
                for d in digits(c.mask(cell)) {
                    let links = Links {
                        digit: single.then_some(d),
                        ..Links::STATIC
                    };
                    for on in [true, false] {
                        if self.scratch.out_of_work() {
                            return;
                        }
                        let start = Node::new(cell, d, on);
                        let t = self
                            .scratch
                            .run_until(c, start, links, &mut Nothing, Stop::Start);
                        let (Some(x), Some((last, _))) = (t.contradiction, t.last) else {
                            continue;
                        };
                        out.push(Found {
                            premise: Vec::new(),
                            rating: base + length_difficulty(x.side),
                            complexity: x.side,
                            removals: family::removals(c, start.opposite()),
                            sources: vec![(trails.len(), last)],
                            what: What::Static { start, links },
                        });
                        trails.push(t);
                    }
                }
            }
        }
    }

    /// Static cell and region forcing chains (level 3).
    fn static_multiple(
        &mut self,
        outer: &Candidates,
        c: &Candidates,
        trails: &mut Vec<Trail>,
        out: &mut Vec<Found>,
    ) {
        self.family(outer, c, Links::STATIC, 80, trails, out);
    }

    /// Dynamic forcing chains (level 4).
    fn dynamic(
        &mut self,
        outer: &Candidates,
        c: &Candidates,
        trails: &mut Vec<Trail>,
        out: &mut Vec<Found>,
    ) {
        self.family(outer, c, Links::DYNAMIC, 85, trails, out);
    }

    /// Dynamic forcing chains (+) (level 5).
    fn dynamic_plus(
        &mut self,
        outer: &Candidates,
        c: &Candidates,
        trails: &mut Vec<Trail>,
        out: &mut Vec<Found>,
    ) {
        self.family(outer, c, Links::DYNAMIC.at_level(1), 90, trails, out);
    }

    /// The hints of a family of chains on `c`, in SE's order, each once.
    fn family(
        &mut self,
        outer: &Candidates,
        c: &Candidates,
        links: Links,
        base: u16,
        trails: &mut Vec<Trail>,
        out: &mut Vec<Found>,
    ) {
        let mut hints = Vec::new();
        let all = if links.level >= 1 {
            family::hints(
                c,
                links,
                true,
                &mut self.scratch,
                &mut plus::Plus,
                &mut hints,
            )
        } else {
            family::hints(c, links, true, &mut self.scratch, &mut Nothing, &mut hints)
        };
        let first = trails.len();
        let (on, off) = all.into_slots();
        let on_at: Vec<Option<usize>> = on
            .into_iter()
            .map(|t| {
                t.map(|t| {
                    trails.push(t);
                    trails.len() - 1
                })
            })
            .collect();
        let off_at: Vec<Option<usize>> = off
            .into_iter()
            .map(|t| {
                t.map(|t| {
                    trails.push(t);
                    trails.len() - 1
                })
            })
            .collect();
        debug_assert!(trails.len() >= first);
        let on_of = |n: Node| on_at[family::slot(n.cell(), n.digit())];
        let off_of = |n: Node| off_at[family::slot(n.cell(), n.digit())];
        for h in family::se_list(c, &hints, base) {
            let ends = |starts: &mut dyn Iterator<Item = Option<usize>>| -> Vec<(usize, Node)> {
                starts.flatten().map(|t| (t, h.conclusion)).collect()
            };
            let (sources, premise): (Vec<(usize, Node)>, Vec<Node>) = match h.kind {
                Kind::Contradiction(start) => {
                    let t = if start.on() {
                        on_of(start)
                    } else {
                        off_of(start)
                    };
                    let x = h.via.expect("a contradiction's candidate");
                    let sides = t.map_or_else(Vec::new, |t| vec![(t, x), (t, x.opposite())]);
                    (sides, Vec::new())
                }
                Kind::Double(start) => (
                    ends(&mut [on_of(start), off_of(start)].into_iter()),
                    Vec::new(),
                ),
                Kind::Cell(cell) => (
                    ends(&mut digits(c.mask(cell)).map(|d| on_of(Node::new(cell, d, true)))),
                    digits(outer.mask(cell) & !c.mask(cell))
                        .map(|d| Node::new(cell, d, false))
                        .collect(),
                ),
                Kind::Region(unit, d) => (
                    ends(
                        &mut c
                            .places(unit, d)
                            .iter()
                            .map(|cell| on_of(Node::new(cell, d, true))),
                    ),
                    (outer.places(unit, d) - c.places(unit, d))
                        .iter()
                        .map(|cell| Node::new(cell, d, false))
                        .collect(),
                ),
            };
            out.push(Found {
                premise,
                rating: h.rating(base),
                complexity: h.complexity(),
                removals: family::removals(c, h.conclusion),
                sources,
                what: What::Family {
                    links,
                    kind: h.kind,
                    conclusion: h.conclusion,
                    via: h.via,
                },
            });
        }
    }
}
