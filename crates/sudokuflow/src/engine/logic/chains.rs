//! Chains: following the consequences of assuming a candidate true ("on") or
//! false ("off") until they contradict themselves or agree with the
//! consequences of every alternative.
//!
//! Design. A node is a candidate with a truth value (1,458 of them). From a
//! starting node a breadth-first propagation reaches every node it implies,
//! under one of five sets of rules, from the Sudoku Explainer family of
//! techniques:
//! - X: one digit, static links. `on` removes the digit from the cell's peers;
//!   `off` turns on the other place of the digit in a unit with two places.
//! - static: X plus cell links: `on` removes the cell's other candidates,
//!   `off` turns on the other candidate of a two-candidate cell.
//! - dynamic: the links are read from the grid as the propagation changes it,
//!   so a cell or unit turns on once every other candidate has been turned
//!   off, whatever its size at the start. Nishio is dynamic on one digit;
//!   the other dynamic chains follow trails ([`trail`], [`levels`]).
//! - dynamic plus: dynamic, and when nothing is left to follow, pointing and
//!   claiming on the changed grid may turn off more nodes.
//! - nested: dynamic plus, and when that is done, forcing chains (static or
//!   dynamic) run on the changed grid may turn nodes on or off ([`inner`]).
//!
//! Every node reached keeps the set of its ancestors (the nodes it needs);
//! its size is the node's complexity. A conclusion's rating is its
//! technique's base plus 0.1 for each length threshold (4, 6, 8, 12, 16, 24,
//! ...) its total complexity passes, so shorter chains rate lower, and among
//! all conclusions of a family the easiest is chosen.
//!
//! Conclusions drawn from propagations:
//! - contradiction: a start reaches a node and its opposite (a unit emptied
//!   of a digit shows so too, its last place turned on, then off).
//!   `on(A)` contradicting makes A false; `off(A)` contradicting makes A
//!   true.
//! - both values of A imply the same node: it holds.
//! - every candidate of a cell (cell forcing chains), or every place of a
//!   digit in a unit (region forcing chains), implies the same node: it holds.
//! - loop (static rules): off(A) implies on(B) for a candidate B weakly
//!   linked to A, closing a cycle whose weak links then hold both ways
//!   (X-cycles, Y-cycles and bidirectional cycles).

mod family;
mod inner;
mod levels;
mod plus;
mod tell;
mod trail;

pub(crate) use levels::nesting_level;
use tell::{Premise, Tale};

use super::Candidates;
use super::cells::{CellName, CellSet, PEERS, is_two_digits, units_of};
use super::step::{Candidate, Difficulty, Step, Technique, Words};

const NODES: usize = 81 * 9 * 2;
const WORDS: usize = NODES.div_ceil(64);

/// A candidate with a truth value: `(cell * 9 + digit - 1) * 2 + on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node(u16);

impl Node {
    #[inline]
    fn new(cell: usize, digit: u8, on: bool) -> Node {
        Node(((cell * 9 + usize::from(digit) - 1) * 2 + usize::from(on)) as u16)
    }
    #[inline]
    fn cell(self) -> usize {
        usize::from(self.0) / 18
    }
    #[inline]
    fn digit(self) -> u8 {
        (usize::from(self.0) / 2 % 9) as u8 + 1
    }
    #[inline]
    fn on(self) -> bool {
        self.0 & 1 == 1
    }
    #[inline]
    fn opposite(self) -> Node {
        Node(self.0 ^ 1)
    }
    #[inline]
    fn index(self) -> usize {
        usize::from(self.0)
    }
    fn candidate(self) -> Candidate {
        Candidate::new(self.cell(), self.digit())
    }
}

impl std::fmt::Display for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = if self.on() { "=" } else { "<>" };
        write!(f, "{}{op}{}", CellName(self.cell()), self.digit())
    }
}

type Bits = [u64; WORDS];

/// Why a node follows from its parents, for telling the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    /// The start of the propagation.
    Assumed,
    /// Off: its parent puts another digit in the cell, or the same digit
    /// in a peer.
    Holds,
    /// On: the last candidate left in its cell (its parents are the others, off).
    OnlyInCell,
    /// On: the last place left for its digit in this unit.
    OnlyInUnit(u8),
    /// Off: in this unit, its digit is left only where a line or box that
    /// holds the node's cell crosses it (pointing or claiming).
    Confined(u8),
    /// Off: a hidden or naked pair (`pair`: which) in this unit, or an
    /// X-Wing from this line, left by its parents' eliminations.
    Pattern(plus::Rule, u8),
    /// Off or on: a chain nested in this one proves it.
    Nested,
}

/// A node a link implies, the nodes it needs, and why.
type Found = (Node, Parents, Why);

/// The nodes a link needs: the node it follows and, where an outer chain's
/// removals made it strong, those removals; or, for a dynamic single, the
/// other places of its unit. At most 8, so held inline: a
/// propagation finds millions of them.
#[derive(Clone, Copy)]
struct Parents {
    nodes: [Node; 8],
    len: u8,
}

impl Parents {
    fn one(node: Node) -> Parents {
        let mut parents = Parents {
            nodes: [Node(0); 8],
            len: 0,
        };
        parents.push(node);
        parents
    }

    fn push(&mut self, node: Node) {
        self.nodes[usize::from(self.len)] = node;
        self.len += 1;
    }
}

impl std::ops::Deref for Parents {
    type Target = [Node];

    fn deref(&self) -> &[Node] {
        &self.nodes[..usize::from(self.len)]
    }
}

impl FromIterator<Node> for Parents {
    fn from_iter<I: IntoIterator<Item = Node>>(nodes: I) -> Parents {
        let mut parents = Parents {
            nodes: [Node(0); 8],
            len: 0,
        };
        nodes.into_iter().for_each(|node| parents.push(node));
        parents
    }
}

#[inline]
fn bit(bits: &Bits, i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 != 0
}

#[inline]
fn set_bit(bits: &mut Bits, i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

/// Which links a propagation follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rules {
    X,
    /// Cell links and weak digit links only: the links of XY-chains.
    Y,
    Static,
    /// Dynamic links on one digit (Nishio). `digit: None` only labels a
    /// trail's reach for telling: dynamic chains on every digit, with
    /// techniques and chains inside or not, are trails ([`trail`]).
    Dynamic {
        digit: Option<u8>,
    },
}

/// The result of one propagation.
struct Reach {
    start: Node,
    rules: Rules,
    reached: Bits,
    /// Complexity of every reached node (index by node; left from an
    /// earlier propagation where not reached).
    complexity: Vec<u16>,
    /// First parent of every reached node, for telling the chain (as
    /// `complexity`, only where reached).
    parent: Vec<u16>,
    /// The node reached both on and off, if any, and the contradiction's
    /// complexity.
    contradiction: Option<(Node, u16)>,
    /// The nodes concluded by nested chains, each with the chain that
    /// proves it, told (trails made to be told: [`levels`]).
    nested: Vec<(Node, tell::InnerTold)>,
    /// Every reached node's parents and why it follows, when the
    /// propagation is made to be told ([`Chainer::detailed`]).
    detail: Option<Box<Detail>>,
}

/// What telling a propagation needs beyond its search: for every reached
/// node (by index), all the nodes it needs and why it follows.
struct Detail {
    parents: Vec<Vec<Node>>,
    why: Vec<Why>,
}

/// Where a propagation reads what each node implies.
// One lives on the stack for each propagation: boxing the grid would cost
// an allocation each time instead.
#[allow(clippy::large_enum_variant)]
enum Links {
    /// Static links: the same on every node's visit, worked out once per grid.
    Cached(Box<LinkCache>),
    /// Dynamic links: drawn at each visit from the grid, which loses
    /// candidates as the propagation goes.
    Drawn(Candidates),
}

/// What the nodes of one grid imply directly under rules that leave the
/// grid as it is (all but the dynamic ones): a search propagates from every
/// candidate and meets the same nodes in each propagation, so each node's
/// links are worked out on its first visit and kept.
struct LinkCache {
    grid: Candidates,
    rules: Rules,
    /// Where in `found` node `n`'s links are, as [`consequences`] gives
    /// them; `NOT_YET` before its first visit.
    spans: Vec<(u32, u32)>,
    found: Vec<Found>,
}

impl LinkCache {
    const NOT_YET: (u32, u32) = (u32::MAX, 0);

    fn new(grid: &Candidates, rules: Rules) -> LinkCache {
        LinkCache {
            grid: grid.clone(),
            rules,
            spans: vec![Self::NOT_YET; NODES],
            found: Vec::new(),
        }
    }

    fn of(&mut self, node: Node) -> &[Found] {
        if self.spans[node.index()] == Self::NOT_YET {
            let start = self.found.len() as u32;
            consequences(&self.grid, &self.grid, node, self.rules, &mut self.found);
            self.spans[node.index()] = (start, self.found.len() as u32);
        }
        let (start, end) = self.spans[node.index()];
        &self.found[start as usize..end as usize]
    }
}

impl Reach {
    /// A reach to propagate into: tables made, nothing reached.
    fn empty() -> Reach {
        Reach {
            start: Node(0),
            rules: Rules::X,
            reached: [0; WORDS],
            complexity: vec![0; NODES],
            parent: vec![0; NODES],
            contradiction: None,
            nested: Vec::new(),
            detail: None,
        }
    }

    fn has(&self, node: Node) -> bool {
        bit(&self.reached, node.index())
    }
}

/// Scratch space for propagations, kept between them, and the work they
/// have done against a budget.
pub struct Chainer {
    ancestors: Vec<Bits>,
    queue: Vec<Node>,
    /// A dynamic propagation's off nodes, followed when no on node waits.
    off_queue: Vec<Node>,
    /// The nodes one node implies (reused).
    found: Vec<Found>,
    /// The most work allowed, in nodes followed; `None` for no limit.
    budget: Option<u64>,
    /// Nodes followed so far by every propagation, nested ones included.
    work: u64,
    /// The scratch space of trails ([`levels`]), made when first needed.
    trails: Option<Box<trail::TrailScratch>>,
    /// The conclusions of chains inside chains found so far, by grid.
    inner_answers: inner::Answers,
    /// The scratch space of the trails inside trails, made when first
    /// needed and kept from search to search: its tables are some 700 KB,
    /// with the trails it keeps for reuse.
    inner_trails: Option<Box<trail::TrailScratch>>,
    /// Whether propagations keep what telling them needs ([`Detail`]).
    detailed: bool,
    /// Whether a static propagation goes on past its first contradiction,
    /// as SE's search for loops does, to be the tree of that search.
    past_contradictions: bool,
    /// A search may stop at the first finding rated at most this (see
    /// [`Chainer::stop_at`]).
    enough: Difficulty,
    /// The same for nested dynamic chains alone (see
    /// [`Chainer::stop_nested_dynamic_at`]).
    nested_dynamic_enough: Difficulty,
    /// By nesting level, under `enough` (or `nested_dynamic_enough`): the
    /// cell of the last hint a search stopped at (the next such search
    /// starts there).
    free_cells: [u8; 6],
    /// What the last searches under `free.enough` found: see
    /// [`Chainer::waits`].
    free: FreeSearches,
    /// The links of the grid last propagated on, for rules that keep it.
    links: Option<Box<LinkCache>>,
    /// The reaches of the last cell and region chains, for their tables:
    /// the next search fills them again rather than allocate its own.
    spare_reaches: Vec<Reach>,
    /// The last grid static chains were looked for on in full and found
    /// none: nested chains' trails from it need look for static chains
    /// only where their removals made new strong links.
    static_quiet: Option<Candidates>,
}

/// What the last searches of the nesting levels found under one limit
/// ([`Chainer::stop_at`]).
#[derive(Clone, Copy, Default)]
struct FreeSearches {
    enough: Difficulty,
    /// Whether the last search at level 2 found no step.
    level2_failed: bool,
    /// The level of the last search that found a step.
    found: Option<u8>,
}

impl Chainer {
    /// A chainer that stops searching once its propagations have followed
    /// `budget` nodes (never, for `None`). The budget is checked between
    /// propagations, so what a search finds depends only on the grid and
    /// the budget, never on the machine or its load.
    pub fn new(budget: Option<u64>) -> Chainer {
        Chainer {
            // Allocated by the first propagation: most puzzles need none.
            ancestors: Vec::new(),
            queue: Vec::new(),
            off_queue: Vec::new(),
            found: Vec::new(),
            budget,
            work: 0,
            trails: None,
            inner_answers: inner::Answers::default(),
            inner_trails: None,
            detailed: false,
            past_contradictions: false,
            enough: Difficulty(0),
            nested_dynamic_enough: Difficulty(0),
            free_cells: [0; 6],
            free: FreeSearches::default(),
            links: None,
            spare_reaches: Vec::new(),
            static_quiet: None,
        }
    }

    /// Lets the searches stop at the first finding rated at most `enough`
    /// rather than look on for the easiest: rating takes any step no harder
    /// than ER so far once the order of such steps is free. `Difficulty(0)`
    /// for the easiest every time.
    pub fn stop_at(&mut self, enough: Difficulty) {
        self.enough = enough;
    }

    /// Lets the searches of nested dynamic chains (levels 4 and 5) alone
    /// stop at their first hint rated at most `enough`, as
    /// [`Chainer::stop_at`] lets every search: rating does so before the
    /// first placement, where the other steps must be the easiest (see
    /// `rate_candidates`). `Difficulty(0)` for the easiest every time.
    pub fn stop_nested_dynamic_at(&mut self, enough: Difficulty) {
        self.nested_dynamic_enough = enough;
    }

    /// Whether the search of the dynamic chains at nesting `level`, under
    /// [`Chainer::stop_at`], may wait until the others found nothing: level
    /// 2 while the last step came from level 3 and level 2's last search
    /// found none good enough (a full search, and the costly case: the
    /// forum's hardest often need level 3 step after step once ER is that
    /// high), and levels 4 and 5 with it.
    pub fn waits(&self, level: u8) -> bool {
        let free = &self.free;
        free.enough == self.enough
            && free.found == Some(3)
            && (level == 2 && free.level2_failed || level > 3)
    }

    /// Notes what a search at nesting `level` under `stop_at` found.
    fn note_free(&mut self, level: u8, found: bool) {
        if self.free.enough != self.enough {
            self.free = FreeSearches {
                enough: self.enough,
                ..FreeSearches::default()
            };
        }
        if found {
            self.free.found = Some(level);
        }
        if level == 2 {
            self.free.level2_failed = !found;
        }
    }

    /// True when a step rated `rating` is good enough to stop a search
    /// (see [`Chainer::stop_at`]).
    fn stops_at(&self, rating: Difficulty) -> bool {
        rating <= self.enough
    }

    /// True when `best` is good enough to stop the search.
    fn satisfied(&self, best: &Option<Finding>) -> bool {
        best.as_ref().is_some_and(|b| self.stops_at(b.rating))
    }

    /// A chainer without a work limit whose propagations can be told.
    fn detailed() -> Chainer {
        let mut chainer = Chainer::new(None);
        chainer.detailed = true;
        chainer
    }

    /// The nodes followed so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// True once the budget is spent: every search then gives up at its
    /// next check, and the family being searched is the limit reached.
    pub fn out_of_work(&self) -> bool {
        self.budget.is_some_and(|budget| self.work >= budget)
    }

    fn ensure_scratch(&mut self) {
        if self.ancestors.is_empty() {
            self.ancestors = vec![[0; WORDS]; NODES];
        }
    }

    /// Everything `start` implies under `rules`.
    fn propagate(&mut self, base: &Candidates, start: Node, rules: Rules) -> Reach {
        let mut reach = Reach::empty();
        self.propagate_into(&mut reach, base, start, rules);
        reach
    }

    /// [`Chainer::propagate`] into `reach`, whose tables are reused: a
    /// search propagates from every candidate, and allocating the tables
    /// of each took a tenth of its time.
    fn propagate_into(&mut self, reach: &mut Reach, base: &Candidates, start: Node, rules: Rules) {
        reach.start = start;
        reach.rules = rules;
        reach.reached = [0; WORDS];
        reach.contradiction = None;
        reach.nested.clear();
        reach.detail = self.detailed.then(|| {
            Box::new(Detail {
                parents: vec![Vec::new(); NODES],
                why: vec![Why::Assumed; NODES],
            })
        });
        self.ensure_scratch();
        self.queue.clear();
        self.off_queue.clear();
        self.ancestors[start.index()] = [0; WORDS];
        set_bit(&mut self.ancestors[start.index()], start.index());
        set_bit(&mut reach.reached, start.index());
        reach.complexity[start.index()] = 1;
        reach.parent[start.index()] = start.0;
        self.queue.push(start);
        let dynamic = matches!(rules, Rules::Dynamic { .. });
        debug_assert!(
            rules != Rules::Dynamic { digit: None },
            "dynamic chains on every digit are trails"
        );
        let mut head = 0;
        let mut found = std::mem::take(&mut self.found);
        // Static links never change the grid: they are read from a cache,
        // without a copy of the grid or of the links.
        let mut links = match dynamic {
            true => Links::Drawn(base.clone()),
            false => Links::Cached(match self.links.take() {
                Some(links) if links.rules == rules && links.grid == *base => links,
                _ => Box::new(LinkCache::new(base, rules)),
            }),
        };
        // A dynamic propagation follows every on node waiting before the
        // next off node, as Sudoku Explainer's does: the grid then loses
        // its candidates in SE's order.
        let mut off_head = 0;
        loop {
            let node = if head < self.queue.len() {
                head += 1;
                self.queue[head - 1]
            } else if off_head < self.off_queue.len() {
                off_head += 1;
                self.off_queue[off_head - 1]
            } else {
                break;
            };
            let contradiction = match &mut links {
                Links::Cached(links) => self.add_all(reach, rules, links.of(node)),
                Links::Drawn(state) => {
                    found.clear();
                    consequences(base, state, node, rules, &mut found);
                    if !node.on() {
                        // As Sudoku Explainer does, a candidate assumed false
                        // leaves the grid when its consequences have been
                        // drawn, not when it is reached: a unit it leaves
                        // with one place puts that place on, and one left
                        // with none shows as a candidate both on and off.
                        state.eliminate(node.cell(), node.digit());
                    }
                    self.add_all(reach, rules, &found)
                }
            };
            if contradiction {
                break;
            }
        }
        self.found = found;
        if let Links::Cached(links) = links {
            self.links = Some(links);
        }
        self.work += (head + off_head) as u64;
    }

    /// The loops through the start of `reach`, the static propagation just
    /// made (which met no contradiction), as SE's search finds them (see
    /// [`inner::cycles`]), whose tree the propagation's is: every candidate
    /// p on but the start that turns off one of the start's strong partners
    /// q, not among its ancestors; by p in the propagation's order, then q
    /// in the order p's links have (its cell, then box, row, column).
    /// Only loops through p of a complexity below `within` are looked for.
    /// Loops that could not come before `best` are left out.
    fn loops_of(
        &self,
        c: &Candidates,
        reach: &Reach,
        within: u16,
        best: &Option<Finding>,
    ) -> Vec<inner::FoundLoop> {
        let technique = loop_technique(reach.rules);
        // The shortest loop has four nodes.
        if !improves(best, technique, 4) {
            return Vec::new();
        }
        let start = reach.start;
        let (cell, digit) = (start.cell(), start.digit());
        let cell_links = reach.rules != Rules::X;
        let mut partners = Vec::with_capacity(4);
        if cell_links && is_two_digits(c.mask(cell)) {
            let other = (c.mask(cell) & !(1 << digit)).trailing_zeros() as u8;
            partners.push(Node::new(cell, other, false));
        }
        if reach.rules != Rules::Y {
            for unit in se_units(cell) {
                let places = c.places(unit, digit);
                if places.is_pair()
                    && let Some(q) = (places - CellSet::single(cell)).first()
                    && !partners.contains(&Node::new(q, digit, false))
                {
                    partners.push(Node::new(q, digit, false));
                }
            }
        }
        // (p's place in the propagation, q's among p's links, p, q)
        let mut ends: Vec<(usize, (usize, usize), Node, Node)> = Vec::new();
        for &q in &partners {
            let same_digit = (c.cells_of(q.digit()) & PEERS[q.cell()])
                .iter()
                .map(|p| Node::new(p, q.digit(), true));
            let same_cell = super::cells::digits(c.mask(q.cell()) & !(1 << q.digit()))
                .filter(|_| cell_links)
                .map(|d| Node::new(q.cell(), d, true));
            for p in same_digit.chain(same_cell) {
                if p == start
                    || !reach.has(p)
                    || reach.complexity[p.index()] >= within
                    || !improves(best, technique, u32::from(reach.complexity[p.index()]) + 1)
                    || bit(&self.ancestors[p.index()], q.index())
                {
                    continue;
                }
                let link = if p.cell() == q.cell() {
                    (0, usize::from(q.digit()))
                } else {
                    let unit = se_units(p.cell())
                        .iter()
                        .position(|&u| super::cells::UNIT_SETS[u].contains(q.cell()))
                        .expect("p and q are peers");
                    (1 + unit, q.cell())
                };
                ends.push((0, link, p, q));
            }
        }
        if ends.len() > 1 {
            for end in &mut ends {
                end.0 = self
                    .queue
                    .iter()
                    .position(|&n| n == end.2)
                    .expect("reached");
            }
            ends.sort_unstable_by_key(|&(place, link, _, _)| (place, link));
        }
        ends.into_iter()
            .map(|(_, _, p, q)| {
                let mut path = vec![q, p];
                let mut at = p;
                while at != start {
                    at = Node(reach.parent[at.index()]);
                    path.push(at);
                }
                path.reverse();
                inner::FoundLoop::new(path)
            })
            .collect()
    }

    /// Adds implied nodes; true on a contradiction.
    fn add_all(&mut self, reach: &mut Reach, rules: Rules, found: &[Found]) -> bool {
        for &(node, parents, why) in found {
            if reach.has(node) {
                continue;
            }
            // Written in place: a propagation adds millions of nodes.
            let row = node.index();
            self.ancestors[row] = [0; WORDS];
            for p in parents.iter() {
                or_row(&mut self.ancestors, row, p.index());
            }
            // Told as following a parent this propagation reached: inside
            // a nested chain, others were removed by the outer one.
            let parent = parents
                .iter()
                .find(|p| reach.has(**p))
                .map_or(reach.start.0, |p| p.0);
            if let Some(detail) = reach.detail.as_deref_mut() {
                detail.parents[node.index()] = parents.to_vec();
                detail.why[node.index()] = why;
            }
            // Behind one parent reached here, a node needs what its parent
            // needs and itself: no count of the row.
            let complexity = match &parents[..] {
                [p] if reach.has(*p) => Some(reach.complexity[p.index()] + 1),
                _ => None,
            };
            if self.add(reach, rules, node, parent, complexity) {
                return true;
            }
        }
        false
    }

    /// Adds `node`, whose row of `ancestors` holds those of its parents, and
    /// which is told as following `parent`; true on a contradiction.
    /// `complexity` is the row's count when already known.
    fn add(
        &mut self,
        reach: &mut Reach,
        rules: Rules,
        node: Node,
        parent: u16,
        complexity: Option<u16>,
    ) -> bool {
        let ancestors = &mut self.ancestors[node.index()];
        set_bit(ancestors, node.index());
        set_bit(&mut reach.reached, node.index());
        reach.complexity[node.index()] = complexity.unwrap_or_else(|| count(ancestors));
        reach.parent[node.index()] = parent;
        if reach.has(node.opposite()) && reach.contradiction.is_none() {
            let (a, b) = (
                &self.ancestors[node.index()],
                &self.ancestors[node.opposite().index()],
            );
            let both = match rules {
                // Each side's ancestors, those they share counted twice, as
                // SE counts a dynamic contradiction (two chains).
                Rules::Dynamic { .. } => count(a) + count(b),
                // A static one is a single chain.
                _ => union_count(a, b),
            };
            reach.contradiction = Some((node, both));
            if !self.past_contradictions {
                return true;
            }
        }
        match rules {
            Rules::Dynamic { .. } if !node.on() => self.off_queue.push(node),
            _ => self.queue.push(node),
        }
        false
    }
}

/// The nodes in `bits`. Every node a propagation reaches counts its
/// ancestors: with the processor's `popcnt` (asked at run time; the standard
/// library caches the answer) that takes about a seventh of the
/// instructions of the portable count, a fifth of all of rating's on hell
/// puzzles.
fn count(bits: &Bits) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[target_feature(enable = "popcnt")]
        fn compiled(bits: &Bits) -> u16 {
            count_portable(bits)
        }
        // SAFETY: the processor has `popcnt`.
        return unsafe { compiled(bits) };
    }
    count_portable(bits)
}

#[inline(always)]
fn count_portable(bits: &Bits) -> u16 {
    bits.iter().map(|w| w.count_ones() as u16).sum()
}

/// Adds the bits of row `from` to row `to`, another row.
fn or_row(rows: &mut [Bits], to: usize, from: usize) {
    let (to, from) = if to < from {
        let (head, tail) = rows.split_at_mut(from);
        (&mut head[to], &tail[0])
    } else {
        let (head, tail) = rows.split_at_mut(to);
        (&mut tail[0], &head[from])
    };
    for (w, x) in to.iter_mut().zip(from) {
        *w |= x;
    }
}

/// The nodes in `a` or `b`.
fn union_count(a: &Bits, b: &Bits) -> u16 {
    let mut union = *a;
    for (w, x) in union.iter_mut().zip(b) {
        *w |= x;
    }
    count(&union)
}

/// The nodes `node` implies directly, each with the nodes it needs.
fn consequences(
    base: &Candidates,
    state: &Candidates,
    node: Node,
    rules: Rules,
    found: &mut Vec<Found>,
) {
    let (cell, digit) = (node.cell(), node.digit());
    // Static rules never change `state`: it stays the grid they start on.
    let grid = state;
    let cell_links = matches!(rules, Rules::Y | Rules::Static);
    if node.on() {
        if cell_links {
            for d in super::cells::digits(grid.mask(cell) & !(1 << digit)) {
                found.push((Node::new(cell, d, false), Parents::one(node), Why::Holds));
            }
        }
        // Sudoku Explainer's order, box, row then column, which decides
        // what a propagation meets first.
        let mut seen = CellSet::single(cell);
        for unit in se_units(cell) {
            let peers = grid.places(unit, digit) - seen;
            seen |= peers;
            for peer in peers.iter() {
                found.push((
                    Node::new(peer, digit, false),
                    Parents::one(node),
                    Why::Holds,
                ));
            }
        }
        return;
    }
    match rules {
        Rules::X | Rules::Y | Rules::Static => {
            // Candidates of `base` missing from `state` were removed by
            // an outer chain: a link made strong by their absence needs them.
            if cell_links && is_two_digits(state.mask(cell)) {
                let other = (state.mask(cell) & !(1 << digit)).trailing_zeros() as u8;
                let mut parents = Parents::one(node);
                super::cells::digits(base.mask(cell) & !state.mask(cell))
                    .for_each(|d| parents.push(Node::new(cell, d, false)));
                found.push((Node::new(cell, other, true), parents, Why::OnlyInCell));
            }
            if rules == Rules::Y {
                return;
            }
            for unit in se_units(cell) {
                let places = state.places(unit, digit);
                if places.is_pair()
                    && let Some(other) = (places - CellSet::single(cell)).first()
                {
                    let mut parents = Parents::one(node);
                    (base.places(unit, digit) - places)
                        .iter()
                        .for_each(|c| parents.push(Node::new(c, digit, false)));
                    found.push((
                        Node::new(other, digit, true),
                        parents,
                        Why::OnlyInUnit(unit as u8),
                    ));
                }
            }
        }
        Rules::Dynamic { .. } => {
            // One digit's links: `state` still has this candidate, and
            // lacks those whose consequences were drawn before.
            for unit in se_units(cell) {
                let places = state.places(unit, digit) - CellSet::single(cell);
                if places.len() == 1
                    && let Some(last) = places.first()
                {
                    let parents = (base.places(unit, digit) - places)
                        .iter()
                        .map(|c| Node::new(c, digit, false))
                        .collect();
                    found.push((
                        Node::new(last, digit, true),
                        parents,
                        Why::OnlyInUnit(unit as u8),
                    ));
                }
            }
        }
    }
}

/// The units of `cell` in Sudoku Explainer's order: box, row, column.
fn se_units(cell: usize) -> [usize; 3] {
    let [row, column, r#box] = units_of(cell);
    [r#box, row, column]
}

/// 0.1 per length threshold passed (4, 6, 8, 12, 16, 24, 32, ...) by the
/// chain's length, its complexity less the two nodes every chain has
/// (an assumption and a conclusion).
pub fn length_difficulty(complexity: u32) -> u16 {
    let complexity = complexity.saturating_sub(2);
    let mut added = 0;
    let mut threshold = 4u32;
    let mut times_three_halves = true;
    while complexity > threshold {
        added += 1;
        threshold = if times_three_halves {
            threshold * 3 / 2
        } else {
            threshold * 4 / 3
        };
        times_three_halves = !times_three_halves;
    }
    added
}

/// A conclusion found by a family of chains, before it becomes a step:
/// what it does, and how to tell it should it be described.
struct Finding {
    technique: Technique,
    rating: Difficulty,
    complexity: u32,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
    tale: Tale,
    focus: Vec<Candidate>,
}

fn rated(technique: Technique, complexity: u32) -> Difficulty {
    Difficulty(technique.base_rating().0 + length_difficulty(complexity))
}

/// Where a chain of `technique` and `complexity` comes in Sudoku
/// Explainer's order of the hints of one rule: by rating, then complexity,
/// then kind. SE's rating is a double, its base plus 0.1 added once per
/// length threshold, which is not always the double nearest the rating
/// shown: 6.6 plus 0.1 three times is below 6.9, so a Forcing X-Chain of
/// 6.9 comes before an X-cycle of 6.9 whatever their lengths.
fn se_order(technique: Technique, complexity: u32) -> (f64, u32, u8) {
    let base = f64::from(technique.base_rating().0) / 10.0;
    let added = (0..length_difficulty(complexity)).fold(0.0, |added, _| added + 0.1);
    let kind = match technique {
        Technique::XCycle | Technique::ForcingXChain => 2,
        Technique::YCycle => 3,
        Technique::BidirectionalCycle | Technique::ForcingChain => 4,
        Technique::CellForcingChains => 5,
        Technique::RegionForcingChains => 6,
        _ => 7,
    };
    (base + added, complexity, kind)
}

/// True when a chain of `technique` and `complexity` would come before
/// `best` (see [`se_order`]): only then is it worth telling.
fn improves(best: &Option<Finding>, technique: Technique, complexity: u32) -> bool {
    best.as_ref()
        .is_none_or(|b| se_order(technique, complexity) < se_order(b.technique, b.complexity))
}

/// Keeps `finding` if it comes before `best`; of two in the same place,
/// the first found, as SE's sort is stable.
fn keep(best: &mut Option<Finding>, finding: Finding) {
    if improves(best, finding.technique, finding.complexity) {
        *best = Some(finding);
    }
}

/// The step of `finding`, made on `c`, told if `words` say so.
fn into_step(c: &Candidates, finding: Finding, words: Words) -> Step {
    let mut step = Step::new(finding.technique, String::new());
    step.rating = finding.rating;
    if words == Words::Described {
        let told = tell::tell(
            c,
            finding.technique,
            &finding.tale,
            &finding.placements,
            &finding.eliminations,
        );
        step.text = told.text;
        step.chains = told.chains;
        step.cells = told.cells;
        step.houses = told.houses;
        step.digit = told.digit;
        step.focus = finding.focus;
    }
    step.placements = finding.placements;
    step.eliminations = finding.eliminations;
    step
}

/// The propagations from candidates assumed true, by [`on_index`], for the
/// cell and region chains, which share them.
type OnReaches = Vec<Option<Reach>>;

fn on_reaches() -> OnReaches {
    (0..81 * 10).map(|_| None).collect()
}

fn on_index(cand: Candidate) -> usize {
    usize::from(cand.cell) * 10 + usize::from(cand.digit)
}

/// Every candidate, in reading order.
fn candidates(c: &Candidates, digit: Option<u8>) -> Vec<Candidate> {
    (0..81)
        .flat_map(|cell| super::cells::digits(c.mask(cell)).map(move |d| Candidate::new(cell, d)))
        .filter(|cand| digit.is_none_or(|d| d == cand.digit))
        .collect()
}

impl Chainer {
    /// Sudoku Explainer's one rule of static chains: X-cycles (6.5) and
    /// Forcing X-Chains (6.6), Y-cycles (6.5), then cycles (7.0) and forcing
    /// chains (7.0) with links of both kinds; the first in SE's order (see
    /// [`se_order`]), however long, as SE takes it before any later rule.
    pub fn static_chains(&mut self, c: &Candidates, words: Words) -> Option<Step> {
        let mut best = None;
        self.contradictions(c, Rules::X, &mut best)?;
        self.y_loops(c, &mut best)?;
        // Below 7.0, no chain with links of both kinds can come first.
        if improves(&best, Technique::ForcingChain, 0) {
            self.contradictions(c, Rules::Static, &mut best)?;
        }
        if best.is_none() {
            self.static_quiet = Some(c.clone());
        }
        best.map(|f| into_step(c, f, words))
    }

    /// Forcing X-Chains (6.6) and X-cycles (6.5) alone.
    pub fn x_chains(&mut self, c: &Candidates, words: Words) -> Option<Step> {
        let mut best = None;
        self.contradictions(c, Rules::X, &mut best)?;
        best.map(|f| into_step(c, f, words))
    }

    /// Bidirectional Y-cycles (6.5) alone.
    pub fn y_cycles(&mut self, c: &Candidates, words: Words) -> Option<Step> {
        let mut best = None;
        self.y_loops(c, &mut best)?;
        best.map(|f| into_step(c, f, words))
    }

    /// Cycles and forcing chains over cells and digits (7.0) alone.
    pub fn forcing_chains(&mut self, c: &Candidates, words: Words) -> Option<Step> {
        let mut best = None;
        self.contradictions(c, Rules::Static, &mut best)?;
        best.map(|f| into_step(c, f, words))
    }

    /// Loops of bivalue cells, into `best`; None when out of work.
    fn y_loops(&mut self, c: &Candidates, best: &mut Option<Finding>) -> Option<()> {
        let mut reach = Reach::empty();
        for cand in candidates(c, None)
            .into_iter()
            .filter(|x| c.mask(x.cell.into()).count_ones() == 2)
        {
            if self.out_of_work() {
                return None;
            }
            if self.satisfied(best) {
                break;
            }
            let start = Node::new(cand.cell.into(), cand.digit, true);
            self.past_contradictions = true;
            self.propagate_into(&mut reach, c, start, Rules::Y);
            self.past_contradictions = false;
            keep_loops(c, self.loops_of(c, &reach, u16::MAX, best), Rules::Y, best);
        }
        Some(())
    }

    /// Nishio (7.5): a digit assumed in a cell, followed on that digit alone.
    pub fn nishio(&mut self, c: &Candidates, words: Words) -> Option<Step> {
        let mut best = None;
        let mut reach = Reach::empty();
        for cand in candidates(c, None) {
            if self.out_of_work() {
                return None;
            }
            if self.satisfied(&best) {
                break;
            }
            let start = Node::new(cand.cell.into(), cand.digit, true);
            let rules = Rules::Dynamic {
                digit: Some(cand.digit),
            };
            self.propagate_into(&mut reach, c, start, rules);
            if let Some((_, complexity)) = reach.contradiction
                && improves(&best, Technique::Nishio, complexity.into())
            {
                keep(
                    &mut best,
                    contradiction_finding(Technique::Nishio, &reach, cand, complexity),
                );
            }
        }
        best.map(|f| into_step(c, f, words))
    }

    /// Cell and region forcing chains (8.0) with static links.
    pub fn multiple_chains(&mut self, c: &Candidates, words: Words) -> Option<Step> {
        self.multiple(c).map(|f| into_step(c, f, words))
    }

    /// Static chains from each candidate A in reading order, into `best`:
    /// the loops through A, then on(A) contradicting itself (A is false),
    /// then off(A) doing so (A is true), in the order SE lists them. With X
    /// links alone, these are X-cycles and Forcing X-Chains. None when out
    /// of work.
    fn contradictions(
        &mut self,
        c: &Candidates,
        rules: Rules,
        best: &mut Option<Finding>,
    ) -> Option<()> {
        let technique = if rules == Rules::X {
            Technique::ForcingXChain
        } else {
            Technique::ForcingChain
        };
        let (mut reach_on, mut reach_off) = (Reach::empty(), Reach::empty());
        for cand in candidates(c, None) {
            if self.out_of_work() {
                return None;
            }
            if self.satisfied(best) {
                break;
            }
            let on = Node::new(cand.cell.into(), cand.digit, true);
            // One digit's propagation is small enough to go on past a
            // contradiction; then it is the whole tree of SE's search.
            self.past_contradictions = rules == Rules::X;
            self.propagate_into(&mut reach_on, c, on, rules);
            self.past_contradictions = false;
            // SE's search for loops follows the same links in the same
            // order as the propagation from on(A), whose tree it then is.
            // Where the propagation stopped at a contradiction, the loops
            // through nodes it had reached in full are known; a longer one
            // is looked for only if it could come first.
            match reach_on.contradiction {
                Some((n, complexity)) if rules == Rules::Static => {
                    let reached_in_full = reach_on.complexity[n.index()];
                    keep_loops(
                        c,
                        self.loops_of(c, &reach_on, reached_in_full, best),
                        rules,
                        best,
                    );
                    let longer = u32::from(reached_in_full) + 1;
                    let cycle = Technique::BidirectionalCycle;
                    if se_order(cycle, longer) <= se_order(technique, complexity.into())
                        && improves(best, cycle, longer)
                    {
                        let strong = trail::StrongLinks::new(c);
                        let (loops, _) = inner::cycles(
                            c,
                            &strong,
                            on,
                            (true, true),
                            &mut inner::CycleRoom::default(),
                        );
                        keep_loops(c, loops, rules, best);
                    }
                }
                _ => keep_loops(c, self.loops_of(c, &reach_on, u16::MAX, best), rules, best),
            }
            self.propagate_into(&mut reach_off, c, on.opposite(), rules);
            for reach in [&reach_on, &reach_off] {
                if let Some((_, complexity)) = reach.contradiction
                    && improves(best, technique, complexity.into())
                {
                    keep(
                        best,
                        contradiction_finding(technique, reach, cand, complexity),
                    );
                }
            }
        }
        Some(())
    }

    /// Propagates on(cell, digit) into `reaches` unless it is there already.
    fn ensure(
        &mut self,
        reaches: &mut [Option<Reach>],
        c: &Candidates,
        rules: Rules,
        cell: usize,
        digit: u8,
    ) {
        let i = on_index(Candidate::new(cell, digit));
        if reaches[i].is_none() {
            let mut reach = self.spare_reaches.pop().unwrap_or_else(Reach::empty);
            self.propagate_into(&mut reach, c, Node::new(cell, digit, true), rules);
            reaches[i] = Some(reach);
        }
    }

    /// The easiest cell or region forcing chain (static links).
    fn multiple(&mut self, c: &Candidates) -> Option<Finding> {
        let mut reaches = on_reaches();
        let found = self.multiple_from(c, &mut reaches);
        self.spare_reaches.extend(reaches.into_iter().flatten());
        found
    }

    /// [`Chainer::multiple`], with the reaches of the candidates on in
    /// `reaches`, found as needed.
    fn multiple_from(&mut self, c: &Candidates, reaches: &mut OnReaches) -> Option<Finding> {
        let rules = Rules::Static;
        let mut best = None;
        for cell in (0..81).filter(|&cell| starts_chains(c, false, cell)) {
            if self.out_of_work() {
                return None;
            }
            if self.satisfied(&best) {
                return best;
            }
            for d in super::cells::digits(c.mask(cell)) {
                self.ensure(reaches, c, rules, cell, d);
            }
            let branches: Vec<&Reach> = super::cells::digits(c.mask(cell))
                .filter_map(|d| reaches[on_index(Candidate::new(cell, d))].as_ref())
                .collect();
            if branches.iter().any(|r| r.contradiction.is_some()) {
                continue;
            }
            if let Some(f) = common_conclusion(
                c,
                Technique::CellForcingChains,
                &branches,
                Premise::Cell(cell),
                &best,
            ) {
                keep(&mut best, f);
            }
        }
        for unit in 0..27 {
            for digit in 1..=9u8 {
                let places = c.places(unit, digit);
                let first = places.iter().next();
                if places.len_at_most(1) || !first.is_some_and(|cell| starts_chains(c, false, cell))
                {
                    continue;
                }
                if self.out_of_work() {
                    return None;
                }
                if self.satisfied(&best) {
                    return best;
                }
                for cell in places.iter() {
                    self.ensure(reaches, c, rules, cell, digit);
                }
                let branches: Vec<&Reach> = places
                    .iter()
                    .filter_map(|cell| reaches[on_index(Candidate::new(cell, digit))].as_ref())
                    .collect();
                if branches.iter().any(|r| r.contradiction.is_some()) {
                    continue;
                }
                let premise = Premise::Region(unit, digit);
                let technique = Technique::RegionForcingChains;
                if let Some(f) = common_conclusion(c, technique, &branches, premise, &best) {
                    keep(&mut best, f);
                }
            }
        }
        best
    }
}

/// Whether cell and region chains start at `cell` (a region's at its first
/// place) as SE starts them: dynamic ones at a cell of two candidates or
/// more, static ones only at three or more. A static chain from a cell of
/// two, which SE never starts, would be taken before the longer one SE
/// takes for the same elimination (at 8.0, and inside nested chains).
fn starts_chains(c: &Candidates, dynamic: bool, cell: usize) -> bool {
    c.mask(cell).count_ones() >= if dynamic { 2 } else { 3 }
}

/// The easiest node every branch reaches that changes the grid, as a
/// finding, if it rates below `to_beat`.
fn common_conclusion(
    c: &Candidates,
    technique: Technique,
    branches: &[&Reach],
    premise: Premise,
    to_beat: &Option<Finding>,
) -> Option<Finding> {
    let mut common = branches[0].reached;
    for b in &branches[1..] {
        for (w, x) in common.iter_mut().zip(&b.reached) {
            *w &= x;
        }
    }
    let mut best: Option<(u32, Node)> = None;
    for (w, &word) in common.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let i = w * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            let node = Node(i as u16);
            // Only conclusions that change the grid, and not the starts themselves.
            let useful = if node.on() {
                c.value(node.cell()) == 0
            } else {
                c.has(node.cell(), node.digit())
            };
            if !useful || branches.iter().any(|b| b.start == node) {
                continue;
            }
            let total: u32 = branches.iter().map(|b| u32::from(b.complexity[i])).sum();
            if best.is_none_or(|(t, _)| total < t) {
                best = Some((total, node));
            }
        }
    }
    let (total, node) = best?;
    if !improves(to_beat, technique, total) {
        return None;
    }
    let rating = rated(technique, total);
    let mut finding = Finding {
        technique,
        rating,
        complexity: total,
        placements: Vec::new(),
        eliminations: Vec::new(),
        tale: Tale::Common {
            starts: branches.iter().map(|b| b.start).collect(),
            node,
            premise,
            rules: branches[0].rules,
        },
        focus: branches.iter().map(|b| b.start.candidate()).collect(),
    };
    if node.on() {
        finding.placements.push(node.candidate());
    } else {
        finding.eliminations.push(node.candidate());
    }
    Some(finding)
}

/// The loops in `paths` that eliminate (each from a candidate on back to
/// a candidate off whose being off turns it on again), into `best`, in
/// their order. In a loop of alternating strong and weak links every weak
/// link holds both ways, so a digit linked in a unit is in one of its two
/// cells (and goes from the rest of the unit), and a cell linked by two
/// digits holds one of them.
fn keep_loops(
    c: &Candidates,
    loops: Vec<inner::FoundLoop>,
    rules: Rules,
    best: &mut Option<Finding>,
) {
    let technique = loop_technique(rules);
    for inner::FoundLoop { mut path, .. } in loops {
        let complexity = path.len() as u32;
        if !improves(best, technique, complexity) {
            continue;
        }
        let eliminations = loop_eliminations(c, &path);
        if eliminations.is_empty() {
            continue;
        }
        // Told from the first candidate the start turns off round to the
        // start, as nested loops are.
        path.rotate_left(1);
        keep(
            best,
            Finding {
                technique,
                rating: rated(technique, complexity),
                complexity,
                placements: Vec::new(),
                eliminations,
                focus: path.iter().map(|n| n.candidate()).collect(),
                tale: Tale::Loop { path, rules },
            },
        );
    }
}

/// The kind of loop a search under `rules` closes.
fn loop_technique(rules: Rules) -> Technique {
    match rules {
        Rules::X => Technique::XCycle,
        Rules::Y => Technique::YCycle,
        _ => Technique::BidirectionalCycle,
    }
}

/// What a loop of implications eliminates, as SE counts it: a candidate
/// of a cell off the loop that sees a node of the loop on and a node off,
/// both of its digit (the loop holds both ways: either every node on is
/// true, or every node off is false), sorted. Other candidates of the
/// loop's own cells stay, as in SE.
fn loop_eliminations(c: &Candidates, path: &[Node]) -> Vec<Candidate> {
    let on_loop = path
        .iter()
        .fold(CellSet::EMPTY, |cells, n| cells | CellSet::single(n.cell()));
    let seen = |on: bool| -> Vec<Candidate> {
        path.iter()
            .filter(|n| n.on() == on)
            .flat_map(|n| {
                ((c.cells_of(n.digit()) & PEERS[n.cell()]) - on_loop)
                    .iter()
                    .map(move |cell| Candidate::new(cell, n.digit()))
            })
            .collect()
    };
    let off = seen(false);
    let mut eliminations: Vec<Candidate> =
        seen(true).into_iter().filter(|e| off.contains(e)).collect();
    eliminations.sort_unstable();
    eliminations.dedup();
    eliminations
}

/// A start that contradicts itself: its candidate is false (start on) or true (start off).
fn contradiction_finding(
    technique: Technique,
    reach: &Reach,
    cand: Candidate,
    complexity: u16,
) -> Finding {
    let start = reach.start;
    let mut finding = Finding {
        technique,
        rating: rated(technique, u32::from(complexity)),
        complexity: complexity.into(),
        placements: Vec::new(),
        eliminations: Vec::new(),
        tale: Tale::Contradiction {
            start,
            rules: reach.rules,
        },
        focus: vec![cand],
    };
    if start.on() {
        finding.eliminations.push(cand);
    } else {
        finding.placements.push(cand);
    }
    finding
}

/// Puzzles SE rates from 9.7 to 11.7, for the tests of the chains' parts.
#[cfg(test)]
const TEST_PUZZLES: [&str; 6] = [
    "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4",
    "..34..7.......9..6....2..1...8..4..13.....8..57.8..........8.9.8...6...2..53..1..",
    "........1.....2.3.....45672....8.......5.928..5821.9...49..1..85.29.8..481.4.....",
    "1.....7....71.9..6.8..7......8.9.6..5.......2...2.3.5...6.1.9...4.......9....4..3",
    "........1.....2.......34.56.126..7.875.8..62.8.6....15.27..6...1.5....6768......2",
    "........1..1.23....451.6.....7..8.95.5..971.4.9....78..147..9.858.....177.9...45.",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Under one limit, level 2 waits while it found nothing and level 3
    /// found the last step; a new limit forgets.
    #[test]
    fn level_2_waits_while_level_3_finds_steps_under_the_same_limit() {
        let mut chainer = Chainer::new(None);
        chainer.stop_at(Difficulty(115));
        assert!(!chainer.waits(2));
        chainer.note_free(2, false);
        assert!(!chainer.waits(2), "no level found a step yet");
        chainer.note_free(3, true);
        assert!(chainer.waits(2) && !chainer.waits(3) && chainer.waits(4) && chainer.waits(5));
        chainer.note_free(3, false);
        chainer.note_free(4, true);
        assert!(
            !chainer.waits(2) && !chainer.waits(3),
            "level 4 found the last"
        );
        chainer.note_free(2, true);
        chainer.note_free(3, true);
        assert!(!chainer.waits(2) && chainer.waits(4), "level 2 found one");
        chainer.note_free(2, false);
        chainer.note_free(3, true);
        assert!(chainer.waits(2));
        chainer.stop_at(Difficulty(118));
        assert!(!chainer.waits(2) && !chainer.waits(4), "another limit");
    }

    /// Both counts, the processor's where it has `popcnt` and the portable
    /// one, against a bit-by-bit count.
    #[test]
    fn counts_agree_with_counting_bit_by_bit() {
        let mut rng = Rng::new(36);
        for density in [0, 1, 8, 32, 63, 64] {
            let mut a = [0u64; WORDS];
            let mut b = [0u64; WORDS];
            for i in 0..NODES {
                if rng.below(64) < density {
                    set_bit(&mut a, i);
                }
                if rng.below(64) < density {
                    set_bit(&mut b, i);
                }
            }
            let by_bit = |f: &dyn Fn(usize) -> bool| (0..NODES).filter(|&i| f(i)).count() as u16;
            assert_eq!(count(&a), by_bit(&|i| bit(&a, i)));
            assert_eq!(count_portable(&a), by_bit(&|i| bit(&a, i)));
            assert_eq!(union_count(&a, &b), by_bit(&|i| bit(&a, i) || bit(&b, i)));
        }
    }
}
