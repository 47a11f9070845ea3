//! A family of chains as Sudoku Explainer finds them, built on trails
//! ([`super::trail`]): from every candidate assumed true and false, the
//! contradictions, the conclusions both assumptions share (double chains),
//! and those every candidate of a cell or every place of a digit in a unit
//! share (cell and region chains); each rated by its complexity.

use super::super::Candidates;
use super::super::cells::{digits, is_two_digits, units_of};
use super::trail::{
    Inside, Links, REACHES_ITS_OPPOSITE, StaticReach, StrongLinks, Trail, TrailList, TrailScratch,
    reach_bit,
};
use super::{Bits, NODES, Node, WORDS, bit, length_difficulty, set_bit, starts_chains};

/// What a hint of a family concludes, and from which assumptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The start contradicts itself: its candidate is false (start on) or
    /// true (start off).
    Contradiction(Node),
    /// Both values of a candidate lead to the conclusion.
    Double(Node),
    /// Every candidate of the cell leads to it.
    Cell(usize),
    /// Every place of the digit in the unit leads to it.
    Region(usize, u8),
}

impl Kind {
    /// Among hints equally hard and long, SE lists double chains first,
    /// then cell chains, region chains and contradictions.
    pub fn rank(self) -> u8 {
        match self {
            Kind::Double(_) => 0,
            Kind::Cell(_) => 1,
            Kind::Region(..) => 2,
            Kind::Contradiction(_) => 3,
        }
    }
}

/// One conclusion of a family, with the complexity that rates it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hint {
    pub kind: Kind,
    /// The node concluded: on places the candidate, off eliminates it.
    pub conclusion: Node,
    pub flat: u32,
    pub nested: u32,
    /// For a contradiction, the candidate found both on and off.
    pub via: Option<Node>,
}

impl Hint {
    pub fn complexity(&self) -> u32 {
        self.flat + self.nested
    }

    /// The rating in tenths, from the family's base.
    pub fn rating(&self, base: u16) -> u16 {
        base + length_difficulty(self.complexity())
    }
}

/// The trails from every candidate of `c` assumed true, and, for `double`,
/// assumed false.
pub(crate) struct Trails {
    /// Every trail, in the order run.
    pub list: TrailList,
    /// The index in `list` of the trail from each start (by
    /// [`Node::index`]), [`NO_TRAIL`] if none. Filled rather than zeroed:
    /// the allocator's zeroed memory takes a slower path.
    index: Vec<u16>,
}

/// No trail from a start in [`Trails`].
const NO_TRAIL: u16 = u16::MAX;

impl Trails {
    /// The index in `list` of the trail from `start`.
    pub fn index(&self, start: Node) -> Option<usize> {
        let i = self.index[start.index()];
        (i != NO_TRAIL).then_some(usize::from(i))
    }

    fn on(&self, cell: usize, digit: u8) -> Option<&Trail> {
        self.index(Node::new(cell, digit, true))
            .map(|i| &*self.list[i])
    }

    fn push(&mut self, trail: Box<Trail>) {
        debug_assert!(self.list.len() < usize::from(NO_TRAIL));
        self.index[trail.start.index()] = self.list.len() as u16;
        self.list.push(trail);
    }
}

/// A rating that ends a search at the first hint rated no higher (see
/// `Chainer::stop_at`), in tenths, with the family's base rating.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Enough {
    pub base: u16,
    pub rating: u16,
    /// The cell the search starts at (going on from it in reading order and
    /// round to it): where the last such search stopped, as a hint near it
    /// is likely to be there still.
    pub first_cell: usize,
}

/// Every hint of the family on `c`: contradictions and, with `multiple`,
/// double, cell and region chains, in the order found. Static `multiple`
/// chains are cell and region chains only (static contradictions are
/// forcing chains of their own). With `enough`, the search ends after the
/// first cell whose trails give a hint rated at most that. Nested trails
/// (levels 2 to 5) stop where they could only find hints costlier than the
/// easiest found before ([`TrailScratch::want_below`]), so at those levels
/// the list holds the easiest hint, not every hint.
pub(crate) fn hints(
    c: &Candidates,
    links: Links,
    multiple: bool,
    enough: Option<Enough>,
    scratch: &mut TrailScratch,
    inside: &mut dyn Inside,
    out: &mut Vec<Hint>,
) -> Trails {
    let singles = links.dynamic || !multiple;
    // Room for every trail at once: one allocation for the list, not one
    // at each doubling.
    let starts = match links.digit {
        Some(d) => c.cells_of(d).len() as usize,
        None => (0..81).map(|cell| c.mask(cell).count_ones() as usize).sum(),
    };
    let mut trails = Trails {
        list: Vec::with_capacity(starts * if multiple && singles { 2 } else { 1 }),
        index: vec![NO_TRAIL; NODES],
    };
    let plan = (!links.dynamic && multiple).then(|| StaticPlan::new(c, links, scratch));
    // The least complexity of the hints found so far: a trail needs to find
    // none costlier (see `TrailScratch::want_below`).
    let mut least = (out.len(), u32::MAX);
    let mut want_below = |scratch: &mut TrailScratch, out: &[Hint]| {
        let (seen, min) = &mut least;
        *min = out[*seen..]
            .iter()
            .map(Hint::complexity)
            .fold(*min, u32::min);
        *seen = out.len();
        scratch.want_below(*min);
    };
    // The search, in a block that ends early at the budget or `enough`.
    let trails = 'search: {
        let first_cell = enough.map_or(0, |e| e.first_cell);
        for cell in (first_cell..81).chain(0..first_cell) {
            let found_before = out.len();
            for d in digits(c.mask(cell)) {
                if links.digit.is_some_and(|x| x != d) {
                    continue;
                }
                if scratch.out_of_work() {
                    break 'search trails;
                }
                let start = Node::new(cell, d, true);
                if let Some(plan) = &plan
                    && let Some(work) = plan.skips(start)
                {
                    scratch.add_work(work);
                    continue;
                }
                want_below(scratch, out);
                let on = scratch.run(c, start, links, inside);
                debug_assert!(
                    plan.as_ref()
                        .and_then(|p| p.work(start))
                        .is_none_or(|work| work == on.order.len() as u64),
                    "a static trail follows as many nodes as StaticReach says"
                );
                if singles && let Some(x) = on.contradiction {
                    out.push(Hint {
                        kind: Kind::Contradiction(on.start),
                        conclusion: on.start.opposite(),
                        flat: x.flat,
                        nested: x.nested,
                        via: Some(x.on),
                    });
                }
                if multiple && singles && links == Links::DYNAMIC && !turns_on_when_lost(c, cell, d)
                {
                    // Its trail would be itself alone: no contradiction, and
                    // nothing in common with the trail on but the start.
                    if cfg!(debug_assertions) {
                        // Followed all the same, to check: its one node is
                        // the work counted otherwise.
                        let off = Node::new(cell, d, false);
                        let alone = scratch.run(c, off, links, inside);
                        assert!(alone.order == [off] && alone.contradiction.is_none());
                        scratch.recycle(alone);
                    } else {
                        scratch.add_work(1);
                    }
                } else if multiple && singles {
                    want_below(scratch, out);
                    let off = scratch.run(c, Node::new(cell, d, false), links, inside);
                    if let Some(x) = off.contradiction {
                        out.push(Hint {
                            kind: Kind::Contradiction(off.start),
                            conclusion: off.start.opposite(),
                            flat: x.flat,
                            nested: x.nested,
                            via: Some(x.on),
                        });
                    }
                    common(c, Kind::Double(on.start), &[&on, &off], out);
                    trails.push(off);
                }
                trails.push(on);
            }
            if multiple
                && starts_chains(c, links.dynamic, cell)
                && plan.as_ref().is_none_or(|p| p.cells[cell])
            {
                cell_chains(c, cell, &trails, out);
            }
            if out.len() > found_before {
                inside.hint_found();
            }
            if let Some(enough) = enough
                && out[found_before..]
                    .iter()
                    .any(|h| h.rating(enough.base) <= enough.rating)
            {
                break 'search trails;
            }
        }
        if multiple {
            // Boxes, rows, columns: the order SE looks at units in.
            for unit in (18..27).chain(0..18) {
                for d in 1..=9u8 {
                    let first = c.places(unit, d).iter().next();
                    if first.is_some_and(|cell| starts_chains(c, links.dynamic, cell))
                        && plan.as_ref().is_none_or(|p| p.regions[unit] >> d & 1 != 0)
                    {
                        region_chains(c, unit, d, &trails, out);
                    }
                }
            }
        }
        trails
    };
    scratch.want_below(u32::MAX);
    trails
}

/// Whether losing candidate `digit` of `cell` leaves the cell one
/// candidate or a unit of the cell one place for the digit (the cell or
/// unit holds two, as [`StrongLinks::turns_on`] asks of a built grid): a
/// dynamic trail without techniques inside from that candidate off
/// derives nothing else otherwise.
fn turns_on_when_lost(c: &Candidates, cell: usize, digit: u8) -> bool {
    is_two_digits(c.mask(cell))
        || units_of(cell)
            .into_iter()
            .any(|unit| c.places(unit, digit).is_pair())
}

/// Which trails a search of static cell and region chains follows. A
/// static trail that does not reach its start the other way reaches what
/// [`StaticReach`] says, so a cell or region whose branches reach no
/// useful node in common has no chain, and its trails need not be
/// followed (their work is counted all the same). A trail that does reach
/// its start the other way stops at its first contradiction, short of its
/// reach: it is followed, and its cell and regions looked at in full.
#[derive(PartialEq, Eq)]
pub(crate) struct StaticPlan {
    /// The on nodes whose trails are followed.
    follow: Bits,
    /// The cells whose chains are looked at.
    cells: [bool; 81],
    /// By unit, the digits whose region chains are looked at (bits).
    regions: [u16; 27],
    /// By on node ([`on_index`]), the work of its trail
    /// ([`StaticReach::work`]), [`REACHES_ITS_OPPOSITE`] for `None`: what a
    /// plan keeps of the reach, 1,458 bytes where the reach's node sets
    /// alone are tens of thousands.
    work: [u16; 729],
}

/// The place of an on node among the 729 on nodes.
fn on_index(n: Node) -> usize {
    debug_assert!(n.on());
    usize::from(n.0) / 2
}

impl StaticPlan {
    /// The plan on `c` made ahead ([`TrailScratch::keep_static_plan`]), or
    /// made from the reach of its static links, kept in `scratch` when
    /// known.
    fn new(c: &Candidates, links: Links, scratch: &mut TrailScratch) -> StaticPlan {
        debug_assert_eq!(links, Links::STATIC, "plans are made for all static links");
        if let Some(plan) = scratch.take_static_plan(c) {
            debug_assert!(
                *plan
                    == StaticPlan::from_reach(
                        c,
                        &scratch.static_reach(c, &StrongLinks::new(c), links)
                    ),
                "a plan made ahead is the plan of its grid"
            );
            return *plan;
        }
        let reach = match scratch.take_static_reach(c) {
            Some(reach) => reach,
            None => scratch.static_reach(c, &StrongLinks::new(c), links),
        };
        let plan = StaticPlan::from_reach(c, &reach);
        scratch.give_back_reach(reach);
        plan
    }

    /// The plan on `c` from `reach`, the reach of its static links.
    pub(crate) fn from_reach(c: &Candidates, reach: &StaticReach) -> StaticPlan {
        // With the processor's AVX2 (asked at run time), the reaches are
        // compared 256 bits at a time.
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            #[target_feature(enable = "avx2")]
            fn wide(c: &Candidates, reach: &StaticReach) -> StaticPlan {
                StaticPlan::look_at_all(c, reach)
            }
            // SAFETY: the processor has AVX2.
            return unsafe { wide(c, reach) };
        }
        StaticPlan::look_at_all(c, reach)
    }

    /// The plan on `c` from the reach of its static links.
    #[inline(always)]
    fn look_at_all(c: &Candidates, reach: &StaticReach) -> StaticPlan {
        let mut plan = StaticPlan {
            follow: [0; WORDS],
            cells: [false; 81],
            regions: [0; 27],
            work: [REACHES_ITS_OPPOSITE; 729],
        };
        let mut branches = [Node(0); 9];
        for cell in 0..81 {
            let mut n = 0;
            for d in digits(c.mask(cell)) {
                let on = Node::new(cell, d, true);
                if let Some(work) = reach.work(on) {
                    plan.work[on_index(on)] = work as u16;
                }
                branches[n] = on;
                n += 1;
            }
            if starts_chains(c, false, cell) {
                plan.cells[cell] = plan.look_at(reach, &branches[..n]);
            }
        }
        for unit in 0..27 {
            for d in 1..=9u8 {
                let places = c.places(unit, d);
                if !places.len_at_most(1)
                    && places
                        .iter()
                        .next()
                        .is_some_and(|cell| starts_chains(c, false, cell))
                {
                    let mut n = 0;
                    for cell in places.iter() {
                        branches[n] = Node::new(cell, d, true);
                        n += 1;
                    }
                    if plan.look_at(reach, &branches[..n]) {
                        plan.regions[unit] |= 1 << d;
                    }
                }
            }
        }
        plan
    }

    /// Whether the chains from `branches` may conclude anything; if so,
    /// their trails are to be followed.
    #[inline(always)]
    fn look_at(&mut self, reach: &StaticReach, branches: &[Node]) -> bool {
        let concludes = Self::concludes(reach, branches);
        if concludes {
            for b in branches {
                set_bit(&mut self.follow, b.index());
            }
        }
        concludes
    }

    /// Whether a branch reaches its start the other way (its trail stops
    /// short of its reach: followed in full), or the branches all reach a
    /// node but a branch itself (a candidate of the grid, on or off: one
    /// they place or remove).
    #[inline(always)]
    fn concludes(reach: &StaticReach, branches: &[Node]) -> bool {
        debug_assert!(branches.len() <= 9, "a cell's digits or a unit's places");
        let mut reaches: [&Bits; 9] = [&[0; WORDS]; 9];
        let mut lone = false;
        for (&b, slot) in branches.iter().zip(&mut reaches) {
            match reach.reach(b) {
                Some(r) if bit(r, reach_bit(b.opposite())) => return true,
                Some(r) => *slot = r,
                // A branch with no link reaches only itself: the branches
                // have no node in common.
                None => lone = true,
            }
        }
        if lone {
            return false;
        }
        let mut all = [!0u64; WORDS];
        for &b in branches {
            let i = reach_bit(b);
            all[i / 64] &= !(1 << (i % 64));
        }
        // Most branches have no node in common: the search stops as soon as
        // those taken so far have none.
        for r in &reaches[..branches.len()] {
            for (w, x) in all.iter_mut().zip(r.iter()) {
                *w &= x;
            }
            if all.iter().fold(0, |acc, &w| acc | w) == 0 {
                return false;
            }
        }
        true
    }

    /// The work of the trail from on node `start` when it need not be
    /// followed.
    fn skips(&self, start: Node) -> Option<u64> {
        if bit(&self.follow, start.index()) {
            return None;
        }
        self.work(start)
    }

    /// [`StaticReach::work`] of on node `start`.
    fn work(&self, start: Node) -> Option<u64> {
        let work = self.work[on_index(start)];
        (work != REACHES_ITS_OPPOSITE).then_some(u64::from(work))
    }
}

/// Whether reaching `node` changes `c`: a digit placed in an empty cell, or
/// a candidate removed.
fn useful(c: &Candidates, node: Node) -> bool {
    if node.on() {
        c.value(node.cell()) == 0
    } else {
        c.has(node.cell(), node.digit())
    }
}

fn cell_chains(c: &Candidates, cell: usize, trails: &Trails, out: &mut Vec<Hint>) {
    if c.mask(cell).count_ones() < 2 {
        return;
    }
    let branches: Vec<&Trail> = digits(c.mask(cell))
        .filter_map(|d| trails.on(cell, d))
        .collect();
    common(c, Kind::Cell(cell), &branches, out);
}

fn region_chains(c: &Candidates, unit: usize, d: u8, trails: &Trails, out: &mut Vec<Hint>) {
    let places = c.places(unit, d);
    if places.len_at_most(1) {
        return;
    }
    let branches: Vec<&Trail> = places
        .iter()
        .filter_map(|cell| trails.on(cell, d))
        .collect();
    common(c, Kind::Region(unit, d), &branches, out);
}

/// The eliminations of a conclusion: an on node those of the other
/// candidates of its cell.
pub(crate) fn removals(c: &Candidates, conclusion: Node) -> Vec<Node> {
    if conclusion.on() {
        digits(c.mask(conclusion.cell()) & !(1 << conclusion.digit()))
            .map(|o| Node::new(conclusion.cell(), o, false))
            .collect()
    } else {
        vec![conclusion]
    }
}

/// The hints as SE lists them: the first found of those with the same
/// eliminations, easiest first, then shortest, then in the order found.
pub(crate) fn se_list(c: &Candidates, hints: &[Hint], base: u16) -> Vec<Hint> {
    let mut kept: Vec<(Vec<Node>, Hint)> = Vec::new();
    for h in hints {
        let mut r = removals(c, h.conclusion);
        r.sort_unstable_by_key(|n| n.0);
        match kept.iter_mut().find(|(k, _)| *k == r) {
            None => kept.push((r, *h)),
            Some((_, old)) => {
                if (h.rating(base), h.complexity()) < (old.rating(base), old.complexity()) {
                    *old = *h;
                }
            }
        }
    }
    let mut list: Vec<Hint> = kept.into_iter().map(|(_, h)| h).collect();
    list.sort_by_key(|h| (h.rating(base), h.complexity(), h.kind.rank()));
    list
}

/// A hint for every node all `branches` reach that changes the grid.
fn common(c: &Candidates, kind: Kind, branches: &[&Trail], out: &mut Vec<Hint>) {
    let mut all = branches[0].reached;
    for b in &branches[1..] {
        for (w, x) in all.iter_mut().zip(&b.reached) {
            *w &= x;
        }
    }
    for (w, &word) in all.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let i = w * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            let node = Node(i as u16);
            if !useful(c, node) || branches.iter().any(|b| b.start == node) {
                continue;
            }
            let flat = branches.iter().map(|b| u32::from(b.flat(i))).sum();
            // A nested chain several branches use counts once.
            let nested_cost = if branches.iter().all(|b| b.nested(i) == 0) {
                0
            } else {
                let mut all: Vec<(u64, u32)> = Vec::new();
                for b in branches {
                    for (key, cx) in b.nested_chains(c, node) {
                        if !all.iter().any(|(k, _)| *k == key) {
                            all.push((key, cx));
                        }
                    }
                }
                all.iter().map(|(_, cx)| cx).sum()
            };
            out.push(Hint {
                kind,
                conclusion: node,
                flat,
                nested: nested_cost,
                via: None,
            });
        }
    }
}
