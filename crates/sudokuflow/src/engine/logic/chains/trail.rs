//! Trails: propagations that keep, for every node they reach, the first
//! reason it was reached, in the order Sudoku Explainer's chains reach
//! them, so that a chain's length is the one SE counts.
//!
//! A trail follows an assumption breadth first with two queues: a node
//! assumed or found true ("on") is followed before any false one ("off"),
//! and each node keeps the parents of its first derivation only. Its
//! complexity is the number of its ancestors, itself included; a
//! contradiction (a candidate both on and off) costs the two sides'
//! complexities added (the nodes they share count twice, as SE counts
//! them), and so does every conclusion drawn from several trails.
//!
//! Links are static (read from the grid the trail starts on: a cell or a
//! unit with two places) or dynamic (read from the grid as the trail has
//! changed it: the last candidate of a cell, the last place of a digit).
//! From level 1 on, when both queues are empty, the trail looks at the grid
//! it has changed for the techniques SE allows there ([`super::plus`]) and
//! from level 2 on for whole forcing chains ([`super::inner`]), whose
//! eliminations it takes as links: each needs the eliminations of the trail
//! that made it possible, and a nested chain's own complexity counts in
//! every conclusion it leads to.

use std::cell::Cell;

use super::super::Candidates;
use super::super::cells::{
    CellSet, PEERS, PEERS_BY_UNIT, UNIT_SETS, UNITS_OF_CELL, digits, is_two_digits, units_of,
};
use super::family::StaticPlan;
use super::{Bits, NODES, Node, WORDS, bit, set_bit};

/// The chains SE runs at a level: `dynamic` links, and from `level` 1 on,
/// other techniques and chains inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Links {
    pub dynamic: bool,
    /// Only this digit's links (X-chains, Nishio).
    pub digit: Option<u8>,
    /// Cell links only (Y-chains): no unit links.
    pub cells_only: bool,
    /// 0: chains alone; 1: intersections and pairs inside ("+"); 2 to 5:
    /// also forcing chains inside, each level a wider kind.
    pub level: u8,
}

impl Links {
    pub const STATIC: Links = Links {
        dynamic: false,
        digit: None,
        cells_only: false,
        level: 0,
    };
    pub const DYNAMIC: Links = Links {
        dynamic: true,
        digit: None,
        cells_only: false,
        level: 0,
    };

    pub fn at_level(self, level: u8) -> Links {
        Links { level, ..self }
    }
}

/// How a node was derived: what its first parents were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The assumption itself.
    Start,
    /// A candidate on rules out the others of its cell.
    SameCell,
    /// A candidate on rules out its digit in the cell's units.
    SameUnit,
    /// The last candidate of a cell (dynamic), or the other of two (static).
    LastInCell,
    /// The last place of a digit in a unit (`unit`), or the other of two.
    LastInUnit(u8),
    /// A technique on the changed grid, with the unit of its pattern (the
    /// box of a pointing, the line of a claiming, the unit of a pair, the
    /// first base line of an X-Wing).
    Rule(super::plus::Rule, u8),
    /// A nested chain's conclusion, its index in [`Trail::inner`].
    Nested(u16),
}

/// A contradiction a trail ran into: `on` is a candidate reached both on
/// and off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contradiction {
    pub on: Node,
    /// Both sides' ancestors counted (flat complexity).
    pub flat: u32,
    /// The ancestors of the node found second, itself included.
    pub side: u32,
    /// The nested chains behind either side, each counted once.
    pub nested: u32,
}

/// An inner chain whose conclusion a trail took as a link.
pub(crate) struct InnerProof {
    /// Its whole complexity (flat and nested).
    pub complexity: u32,
    /// Its nodes and eliminations: two nested chains alike in these are
    /// one for SE, counted once.
    pub key: u64,
    /// What telling it needs, kept only by trails made to be told.
    pub source: Option<Box<super::inner::Source>>,
}

/// What a trail keeps of a node it reached.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The number of its ancestors, itself included.
    flat: u16,
    /// Its first parent (for telling the chain).
    parent: u16,
    /// The complexity of the nested chains among its ancestors, each
    /// counted once.
    nested: u32,
    cause: Cause,
}

/// Everything a trail reached, with each node's complexity.
pub(crate) struct Trail {
    pub start: Node,
    pub reached: Bits,
    /// The reached nodes in the order reached.
    pub order: Vec<Node>,
    /// Each node's position in `order` and `entries` plus one (0: not
    /// reached). Trails reach a few hundred of the 1458 nodes and are made
    /// by the thousand, so the rest is kept only for the nodes reached.
    at: Vec<u16>,
    entries: Vec<Entry>,
    /// The positions in `order` of the nodes concluded by nested chains.
    nested_at: Bits,
    pub contradiction: Option<Contradiction>,
    /// The cause and parents of the node found second in a contradiction.
    pub last_cause: Cause,
    pub last_parents: Vec<Node>,
    /// The parents of nodes made by techniques or nested chains.
    pub rule_parents: Vec<(Node, Vec<Node>)>,
    /// The node that ran into the contradiction (not reached) and its parent.
    pub last: Option<(Node, u16)>,
    /// The nested chains this trail used, in the order it used them.
    pub inner: Vec<InnerProof>,
    /// For each "+" technique, the trail's nodes from which the grid's
    /// changes are new to it: those after the nodes it last looked at the
    /// grid with (`None`: everything), for [`super::plus::eliminations`].
    pub plus_new_from: Cell<[Option<u16>; 4]>,
}

impl Trail {
    pub fn has(&self, node: Node) -> bool {
        bit(&self.reached, node.index())
    }

    fn entry(&self, i: usize) -> Option<&Entry> {
        self.entries.get(usize::from(self.at[i]).wrapping_sub(1))
    }

    /// The number of ancestors of node `i`, itself included (0: not reached).
    pub fn flat(&self, i: usize) -> u16 {
        self.entry(i).map_or(0, |e| e.flat)
    }

    /// The complexity of the nested chains among node `i`'s ancestors, each
    /// counted once (0: not reached).
    pub fn nested(&self, i: usize) -> u32 {
        self.entry(i).map_or(0, |e| e.nested)
    }

    /// The first parent of node `i` (0: not reached).
    pub fn parent(&self, i: usize) -> u16 {
        self.entry(i).map_or(0, |e| e.parent)
    }

    fn cause(&self, i: usize) -> Cause {
        self.entry(i).map_or(Cause::Start, |e| e.cause)
    }

    /// The complexity of the nested chains that concluded the nodes at the
    /// positions of `ancestors`, each chain counted once; the node at
    /// position `at` is derived by `cause` (it may not be recorded yet).
    #[inline(always)]
    fn nested_cost(&self, ancestors: &[u64], at: usize, cause: Cause) -> u32 {
        if self.inner.is_empty() {
            // No nested chain yet (the usual case): nothing to add up, and
            // no call for every node derived.
            return 0;
        }
        self.nested_cost_added(ancestors, at, cause)
    }

    /// [`Trail::nested_cost`] once the trail has nested chains.
    fn nested_cost_added(&self, ancestors: &[u64], at: usize, cause: Cause) -> u32 {
        let mut seen: Vec<u16> = Vec::new();
        let mut total = 0;
        let mut add = |cause: Cause| {
            if let Cause::Nested(k) = cause
                && !seen.contains(&k)
            {
                seen.push(k);
                total += self.inner[usize::from(k)].complexity;
            }
        };
        add(cause);
        for (w, (&a, &n)) in ancestors.iter().zip(&self.nested_at).enumerate() {
            let mut word = a & n;
            while word != 0 {
                let i = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if i != at {
                    add(self.entries[i].cause);
                }
            }
        }
        total
    }

    /// The nested chains among the ancestors of `node`, as `(key,
    /// complexity)`, each once.
    pub fn nested_chains(&self, initial: &Candidates, node: Node) -> Vec<(u64, u32)> {
        let mut out: Vec<(u64, u32)> = Vec::new();
        if self.nested(node.index()) == 0 {
            return out;
        }
        let mut seen = vec![false; NODES];
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n.index()], true) {
                continue;
            }
            if let Cause::Nested(k) = self.cause_of(n) {
                let proof = &self.inner[usize::from(k)];
                if !out.iter().any(|(key, _)| *key == proof.key) {
                    out.push((proof.key, proof.complexity));
                }
            }
            self.push_parents(initial, n, &mut stack);
        }
        out
    }

    /// How `node` was first derived (the node found second in a
    /// contradiction included).
    pub fn cause_of(&self, node: Node) -> Cause {
        match self.last {
            Some((n, _)) if n == node => self.last_cause,
            _ => self.cause(node.index()),
        }
    }

    /// The parents `node` was first derived from (those reached).
    pub fn parents_of(&self, initial: &Candidates, node: Node) -> Vec<Node> {
        let mut out = Vec::new();
        self.push_parents(initial, node, &mut out);
        out
    }

    /// [`Trail::parents_of`], pushed to `out`: a walk up a trail's nodes
    /// needs no list for each.
    pub fn push_parents(&self, initial: &Candidates, node: Node, out: &mut Vec<Node>) {
        if self.last.is_some_and(|(n, _)| n == node) {
            out.extend_from_slice(&self.last_parents);
            return;
        }
        let (cell, digit) = (node.cell(), node.digit());
        let reached = |p: &Node| self.has(*p);
        match self.cause(node.index()) {
            Cause::Start => {}
            Cause::SameCell | Cause::SameUnit => {
                out.extend(Some(Node(self.parent(node.index()))).filter(reached));
            }
            Cause::LastInCell => out.extend(
                digits(initial.mask(cell) & !(1 << digit))
                    .map(|d| Node::new(cell, d, false))
                    .filter(reached),
            ),
            Cause::LastInUnit(unit) => out.extend(
                (initial.places(usize::from(unit), digit) - CellSet::single(cell))
                    .iter()
                    .map(|c| Node::new(c, digit, false))
                    .filter(reached),
            ),
            Cause::Rule(..) | Cause::Nested(_) => {
                if let Some((_, parents)) = self.rule_parents.iter().find(|(n, _)| *n == node) {
                    out.extend(parents.iter().copied().filter(reached));
                }
            }
        }
    }
}

/// Trails as lists keep them: boxed, so that handing a trail on moves a
/// pointer, not its node sets (some 500 bytes, moved several times from
/// the search that makes a trail to the list that ends it).
#[allow(clippy::vec_box)]
pub(crate) type TrailList = Vec<Box<Trail>>;

/// The scratch space of trails: each node's ancestors while a trail runs.
pub(crate) struct TrailScratch {
    /// The ancestors of the node reached `k`-th, as a set of positions in
    /// the trail's order ([`row`]): a node's ancestors were all reached
    /// before it, so its set needs `k / 64 + 1` words, not one bit for
    /// every node, and trails of a few hundred nodes stay in the cache.
    ancestors: Vec<u64>,
    on_queue: Vec<Node>,
    off_queue: Vec<Node>,
    parents: Vec<Node>,
    stop: Stop,
    /// Nodes followed since [`TrailScratch::start_work`], nested chains'
    /// included, and the most allowed.
    work: u64,
    budget: Option<u64>,
    /// Trails given back ([`TrailScratch::recycle`]), emptied, ready for
    /// the next: trails are made by the thousand, and a fresh node index
    /// costs an allocation the size of all nodes.
    spare: TrailList,
    /// The reach of the static links on the grid whose static chains were
    /// found last ([`TrailScratch::keep_static_reach`]).
    static_reach: Option<(Candidates, StaticReach)>,
    /// The plan of static cell and region chains on a grid, made ahead
    /// ([`TrailScratch::keep_static_plan`]).
    static_plan: Option<(Candidates, Box<StaticPlan>)>,
    /// The tables static reaches are worked out in.
    reach_room: ReachRoom,
    /// The grid trails started on last, and where the "+" techniques start
    /// looking on their grids ([`super::plus::new_from_start`]).
    plus_start: Option<(Candidates, [Option<u16>; 4])>,
    /// The places of each digit in each unit ([`place_index`]) on the grid
    /// dynamic trails started on last, and those left on a dynamic trail's
    /// grid as it runs: each node off asks whether its digit is left one
    /// place in any of three units, and most are not.
    place_counts: Option<(Candidates, [u8; PLACES])>,
    places_left: [u8; PLACES],
    /// A complexity no hint still wanted reaches: see
    /// [`TrailScratch::want_below`].
    wanted_below: u32,
    /// Whether trails go on past that complexity all the same, for tests
    /// that compare the two.
    #[cfg(test)]
    pub(super) unbounded: bool,
}

impl Default for TrailScratch {
    fn default() -> TrailScratch {
        TrailScratch {
            ancestors: vec![0; row(NODES).end],
            on_queue: Vec::new(),
            off_queue: Vec::new(),
            parents: Vec::new(),
            stop: Stop::Any,
            work: 0,
            budget: None,
            spare: Vec::new(),
            static_reach: None,
            static_plan: None,
            reach_room: ReachRoom::default(),
            plus_start: None,
            place_counts: None,
            places_left: [0; PLACES],
            wanted_below: u32::MAX,
            #[cfg(test)]
            unbounded: false,
        }
    }
}

/// Where a grid's off nodes have static strong links: the cells with two
/// candidates, and for each digit the units with two places for it.
pub(crate) struct StrongLinks {
    bivalue: CellSet,
    /// For each digit, the units with two places for it (bit `unit`).
    pair_units: [u32; 10],
}

impl StrongLinks {
    pub fn new(c: &Candidates) -> StrongLinks {
        let mut strong = StrongLinks {
            bivalue: CellSet::EMPTY,
            pair_units: [0; 10],
        };
        for cell in 0..81 {
            if is_two_digits(c.mask(cell)) {
                strong.bivalue.insert(cell);
            }
        }
        for d in 1..=9u8 {
            for unit in 0..27 {
                let places = c.places(unit, d);
                if places.is_pair() {
                    strong.pair_units[usize::from(d)] |= 1 << unit;
                }
            }
        }
        strong
    }

    /// Whether the candidate of off node `n` turns another on, over cell
    /// links (a cell of two) and unit links (a unit with two places).
    #[inline]
    pub fn turns_on(&self, n: Node, cell_links: bool, unit_links: bool) -> bool {
        let cell = n.cell();
        (cell_links && self.bivalue.contains(cell))
            || (unit_links && self.pair_units[usize::from(n.digit())] & UNITS_OF_CELL[cell] != 0)
    }

    /// For each digit, the cells of `c` (whose links these are) where the
    /// digit's candidate off turns another on: [`StrongLinks::turns_on`], a
    /// digit's cells at a time.
    pub fn turning_on(&self, c: &Candidates, cell_links: bool, unit_links: bool) -> [CellSet; 10] {
        let mut out = [CellSet::EMPTY; 10];
        for (d, cells) in out.iter_mut().enumerate().skip(1) {
            if cell_links {
                *cells = self.bivalue;
            }
            if unit_links {
                let mut units = self.pair_units[d];
                while units != 0 {
                    *cells |= UNIT_SETS[units.trailing_zeros() as usize];
                    units &= units - 1;
                }
            }
            *cells &= c.cells_of(d as u8);
        }
        out
    }
}

/// The nodes every candidate of a grid reaches, on and off, over static
/// links: a trail that does not reach its start the other way follows
/// exactly these, so its work is their count. Found for all starts at
/// once, from the strongly connected parts of the links (whose nodes reach
/// the same) in the order Tarjan's search closes them, each part's nodes
/// added to those of the parts it links to, closed before it.
pub(crate) struct StaticReach {
    /// Each node's part ([`NO_PART`]: not a candidate of the grid;
    /// [`ALONE`]: a node with no link, which reaches only itself), in a
    /// [`TABLE`].
    part: Vec<u16>,
    /// The nodes each part reaches, each at its [`reach_bit`].
    reach: Vec<Bits>,
    /// Whether a loop through a part's nodes may eliminate anything: a
    /// loop's nodes reach each other, so they are all one part's, and a
    /// loop eliminates only a candidate that sees one of its nodes on and
    /// one off of its own digit ([`super::loop_eliminations`]).
    loops_eliminate: Vec<bool>,
    /// By node, [`StaticReach::work`] ([`REACHES_ITS_OPPOSITE`] for
    /// `None`), in a [`TABLE`]: found as each part closes, with its nodes
    /// at hand, as every start's work is asked for, most twice (its forcing
    /// chain's and its cell's and regions' plan).
    work: Vec<u16>,
}

/// [`StaticReach`]'s `work` of a start that reaches its opposite.
pub(crate) const REACHES_ITS_OPPOSITE: u16 = u16::MAX;

/// Where a node is in a reach: off nodes before on nodes, and within each
/// a digit's 81 cells in a row, so that the lone off nodes of a digit an
/// on node turns off are one shift of a cell set ([`or_cells`]).
#[inline(always)]
pub(crate) fn reach_bit(n: Node) -> usize {
    usize::from(REACH_BITS[n.index()])
}

/// [`reach_bit`] of every node, looked up: working it out from the node's
/// index takes two divisions.
static REACH_BITS: [u16; NODES] = {
    let mut bits = [0; NODES];
    let mut i = 0;
    while i < NODES {
        let (cell, digit, on) = (i / 18, i / 2 % 9, i % 2);
        bits[i] = (on * 729 + digit * 81 + cell) as u16;
        i += 1;
    }
    bits
};

/// Adds the nodes of `cells` from [`reach_bit`] `at` (a multiple of 81).
#[inline(always)]
fn or_cells(bits: &mut Bits, at: usize, cells: CellSet) {
    debug_assert!(cells.0 >> 81 == 0);
    let (word, shift) = (at / 64, at % 64);
    let shifted = cells.0 << shift;
    bits[word] |= shifted as u64;
    bits[word + 1] |= (shifted >> 64) as u64;
    // The cells shifted past 128 bits, if any (never past the last word).
    if shift > 128 - 81 {
        bits[word + 2] |= (cells.0 >> (128 - shift)) as u64;
    }
}

/// The cells of the nodes from [`reach_bit`] `at` (a multiple of 81).
#[inline(always)]
pub(crate) fn cells_at(bits: &Bits, at: usize) -> CellSet {
    let (word, shift) = (at / 64, at % 64);
    let mut all = (u128::from(bits[word]) | u128::from(bits[word + 1]) << 64) >> shift;
    if shift > 128 - 81 {
        all |= u128::from(bits[word + 2]) << (128 - shift);
    }
    CellSet(all & ((1 << 81) - 1))
}

/// A reach's nodes at their [`Node::index`], as a trail's `reached`.
#[cfg(test)]
pub(crate) fn by_node(reach: &Bits) -> Bits {
    let mut nodes = [0; WORDS];
    for i in 0..NODES {
        let n = Node(i as u16);
        if bit(reach, reach_bit(n)) {
            set_bit(&mut nodes, i);
        }
    }
    nodes
}

/// The length of the tables the search for parts looks nodes and parts up
/// in: one entry for every `u16`, so that a lookup needs no bounds check
/// (the entries past [`NODES`] are never used).
const TABLE: usize = 1 << 16;

const NO_PART: u16 = u16::MAX;
const ALONE: u16 = u16::MAX - 1;
const UNSEEN: u16 = u16::MAX;

/// The room [`StaticReach::new`] works in, kept from grid to grid: a
/// search makes one for every grid its trails reach, and allocating and
/// clearing its tables took about a quarter of its instructions.
#[derive(Default)]
pub(crate) struct ReachRoom {
    nodes: Vec<Node>,
    /// Where each node's links to nodes with links of their own start in
    /// `next` (and end: the next node's start). An on node's links to lone
    /// off nodes are not listed: its part adds them from the grid.
    first: Vec<u32>,
    next: Vec<u16>,
    /// Tarjan's search: each node's index ([`UNSEEN`] before it is met)
    /// and its lowest link (each in a [`TABLE`]), the nodes of parts not
    /// closed yet, and the callers of the node searched (a node, and where
    /// its next link and its last are in `next`).
    index: Vec<u16>,
    low: Vec<u16>,
    stack: Vec<u16>,
    calls: Vec<(u16, u32, u32)>,
    /// The last part whose reach took each part's in (a [`TABLE`]).
    added: Vec<u16>,
    /// The tables of reaches given back ([`ReachRoom::give_back`]): two,
    /// as a search of static chains keeps the reach of one grid while it
    /// builds the next's.
    spare: Vec<StaticReach>,
}

impl ReachRoom {
    /// Takes back a reach no longer needed, for its tables.
    pub fn give_back(&mut self, reach: StaticReach) {
        if self.spare.len() < 2 {
            self.spare.push(reach);
        }
    }
}

impl StaticReach {
    /// The reach of every start on `c` under static `links` (level 0);
    /// `strong` is [`StrongLinks::new`] of `c`. With the processor's AVX2
    /// (asked at run time), the node sets are cleared and joined 256 bits
    /// at a time.
    pub fn new(
        c: &Candidates,
        strong: &StrongLinks,
        links: Links,
        room: &mut ReachRoom,
    ) -> StaticReach {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            #[target_feature(enable = "avx2,popcnt")]
            fn wide(
                c: &Candidates,
                strong: &StrongLinks,
                links: Links,
                room: &mut ReachRoom,
            ) -> StaticReach {
                StaticReach::build(c, strong, links, room)
            }
            // SAFETY: the processor has AVX2 and `popcnt`.
            return unsafe { wide(c, strong, links, room) };
        }
        StaticReach::build(c, strong, links, room)
    }

    /// [`StaticReach::new`], for any processor.
    #[inline(always)]
    fn build(
        c: &Candidates,
        strong: &StrongLinks,
        links: Links,
        room: &mut ReachRoom,
    ) -> StaticReach {
        debug_assert!(!links.dynamic && links.level == 0);
        let (cell_links, unit_links) = (links.digit.is_none(), !links.cells_only);
        let ReachRoom {
            nodes,
            first,
            next,
            index,
            low,
            stack,
            calls,
            added,
            spare,
        } = room;
        let StaticReach {
            mut part,
            mut reach,
            mut loops_eliminate,
            mut work,
        } = spare.pop().unwrap_or(StaticReach {
            part: Vec::new(),
            reach: Vec::new(),
            loops_eliminate: Vec::new(),
            work: Vec::new(),
        });
        part.resize(TABLE, NO_PART);
        part[..NODES].fill(NO_PART);
        // A node with no link, or not a candidate, reaches only itself.
        work.resize(TABLE, 1);
        work[..NODES].fill(1);
        let linked_off = strong.turning_on(c, cell_links, unit_links);
        // The nodes of the candidates the links may start from that have a
        // link, with their links as trails follow them. Most off nodes have
        // none: each reaches itself alone, needs no part of its own, and the
        // search below never meets it. An on node's links to such lone
        // nodes are not listed either: its part adds them from the grid.
        // Only the nodes' entries of `first` are read: those of other nodes
        // may be left from before.
        let on_linked = |cell: usize, d: u8| {
            (cell_links && c.mask(cell) & !(1 << d) != 0)
                || (unit_links && !(PEERS[cell] & c.cells_of(d)).is_empty())
        };
        nodes.clear();
        next.clear();
        first.resize(NODES + 1, 0);
        for cell in 0..81 {
            let [row, col, bx] = units_of(cell);
            let mask = links.digit.map_or(c.mask(cell), |d| c.mask(cell) & 1 << d);
            // The digits of the cell whose off nodes have links, asked once
            // for the cell rather than by each of its on nodes.
            let linked_here = digits(mask)
                .filter(|&d| linked_off[usize::from(d)].contains(cell))
                .fold(0u16, |m, d| m | 1 << d);
            for digit in digits(mask) {
                let off = Node::new(cell, digit, false);
                let off_linked = linked_here >> digit & 1 != 0;
                debug_assert_eq!(off_linked, strong.turns_on(off, cell_links, unit_links));
                if off_linked {
                    nodes.push(off);
                    first[off.index()] = next.len() as u32;
                    // The node an off node turns on shares a cell of two or
                    // a unit of two places with it: it has a link of its own.
                    let mut link = |m: Node| {
                        debug_assert!(on_linked(m.cell(), m.digit()));
                        next.push(m.0);
                    };
                    if cell_links && strong.bivalue.contains(cell) {
                        let d = (c.mask(cell) & !(1 << digit)).trailing_zeros() as u8;
                        link(Node::new(cell, d, true));
                    }
                    if unit_links {
                        for unit in [bx, row, col] {
                            if strong.pair_units[usize::from(digit)] >> unit & 1 != 0
                                && let Some(other) =
                                    (c.places(unit, digit) - CellSet::single(cell)).first()
                            {
                                link(Node::new(other, digit, true));
                            }
                        }
                    }
                    debug_assert!(
                        first[off.index()] != next.len() as u32,
                        "a linked off node has a link"
                    );
                    first[off.index() + 1] = next.len() as u32;
                } else {
                    part[off.index()] = ALONE;
                }
                let on = off.opposite();
                if on_linked(cell, digit) {
                    nodes.push(on);
                    first[on.index()] = next.len() as u32;
                    if cell_links {
                        for d in digits(linked_here & !(1 << digit)) {
                            next.push(Node::new(cell, d, false).0);
                        }
                    }
                    if unit_links {
                        for peer in (PEERS[cell] & linked_off[usize::from(digit)]).iter() {
                            next.push(Node::new(peer, digit, false).0);
                        }
                    }
                    first[on.index() + 1] = next.len() as u32;
                } else {
                    part[on.index()] = ALONE;
                }
            }
        }
        let links = |n: usize| &next[first[n] as usize..first[n + 1] as usize];
        reach.clear();
        loops_eliminate.clear();
        index.resize(TABLE, 0);
        low.resize(TABLE, 0);
        added.resize(TABLE, NO_PART);
        let whole = "a table for every u16";
        let index: &mut [u16; TABLE] = index.as_mut_slice().try_into().expect(whole);
        let low: &mut [u16; TABLE] = low.as_mut_slice().try_into().expect(whole);
        let added: &mut [u16; TABLE] = added.as_mut_slice().try_into().expect(whole);
        let part_of: &mut [u16; TABLE] = part.as_mut_slice().try_into().expect(whole);
        let work_of: &mut [u16; TABLE] = work.as_mut_slice().try_into().expect(whole);
        for &n in nodes.iter() {
            index[n.index()] = UNSEEN;
        }
        // Tarjan's search, without recursion.
        stack.clear();
        calls.clear();
        let mut met = 0u16;
        for root in nodes.iter().map(|n| n.index()) {
            if index[root] != UNSEEN {
                continue;
            }
            // The node searched, and where its next link and its last are
            // in `next`; its callers wait in `calls`.
            let (mut v, mut edge, mut end) = (root, first[root], first[root + 1]);
            index[v] = met;
            low[v] = met;
            met += 1;
            stack.push(v as u16);
            loop {
                if edge < end {
                    let w = usize::from(next[edge as usize]);
                    edge += 1;
                    if index[w] == UNSEEN {
                        calls.push((v as u16, edge, end));
                        (v, edge, end) = (w, first[w], first[w + 1]);
                        index[v] = met;
                        low[v] = met;
                        met += 1;
                        stack.push(v as u16);
                    } else if part_of[w] == NO_PART {
                        // On the stack: in the part being searched.
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                // Back to the caller, which takes `done`'s lowest link
                // unless `done` closes a part (then the caller's own is
                // lower).
                let done = v;
                let caller = calls.pop();
                if let Some((u, e, en)) = caller {
                    (v, edge, end) = (usize::from(u), e, en);
                    low[v] = low[v].min(low[done]);
                }
                // A root always closes a part: the search never goes on
                // from a frame it has left.
                debug_assert!(caller.is_some() || low[done] == index[done]);
                if low[done] != index[done] {
                    continue;
                }
                // `done` closes a part: the nodes above it on the stack.
                let k = reach.len() as u16;
                let at = stack
                    .iter()
                    .rposition(|&x| usize::from(x) == done)
                    .unwrap_or(0);
                // Made in place: a part's reach is some 200 bytes.
                reach.push([0; WORDS]);
                let (closed, this) = reach.split_at_mut(usize::from(k));
                let nodes = &mut this[0];
                for &x in &stack[at..] {
                    part_of[usize::from(x)] = k;
                    set_bit(nodes, reach_bit(Node(x)));
                }
                for &x in &stack[at..] {
                    let n = Node(x);
                    if n.on() {
                        // The nodes it turns off that have no link (and the
                        // cell's others, linked or not: fewer branches).
                        let (cell, digit) = (n.cell(), n.digit());
                        if cell_links {
                            for d in digits(c.mask(cell) & !(1 << digit)) {
                                set_bit(nodes, reach_bit(Node::new(cell, d, false)));
                            }
                        }
                        if unit_links {
                            let lone = c.cells_of(digit) - linked_off[usize::from(digit)];
                            let at = reach_bit(Node::new(0, digit, false));
                            or_cells(nodes, at, PEERS[cell] & lone);
                        }
                    }
                    for &w in links(usize::from(x)) {
                        let p = part_of[usize::from(w)];
                        if p != k && added[usize::from(p)] != k {
                            added[usize::from(p)] = k;
                            for (a, b) in nodes.iter_mut().zip(&closed[usize::from(p)]) {
                                *a |= b;
                            }
                        }
                    }
                }
                let reached = nodes.iter().map(|w| w.count_ones() as u16).sum();
                for &x in &stack[at..] {
                    work_of[usize::from(x)] = if bit(nodes, reach_bit(Node(x).opposite())) {
                        REACHES_ITS_OPPOSITE
                    } else {
                        reached
                    };
                }
                loops_eliminate.push(stack.len() - at > 1 && seen_on_and_off(c, &stack[at..]));
                stack.truncate(at);
                added[usize::from(k)] = NO_PART;
                if caller.is_none() {
                    break;
                }
            }
        }
        StaticReach {
            part,
            reach,
            loops_eliminate,
            work,
        }
    }

    /// Whether a loop through `source` may eliminate anything (false for a
    /// node in no loop, alone in its part).
    pub fn loops_eliminate(&self, source: Node) -> bool {
        self.loops_eliminate
            .get(usize::from(self.part[source.index()]))
            .is_some_and(|&may| may)
    }

    /// The nodes a static trail from `start` reaches when it is not
    /// stopped, itself among them, each at its [`reach_bit`] (a trail that
    /// reaches its start's opposite stops there: [`StaticReach::work`] is
    /// `None`); `None` when it reaches only itself.
    pub fn reach(&self, start: Node) -> Option<&Bits> {
        self.reach.get(usize::from(self.part[start.index()]))
    }

    /// The work of a static trail from `start` (level 0, stopping at its
    /// candidate the other way) when it does not reach its start's
    /// opposite; `None` when it does.
    #[inline]
    pub fn work(&self, start: Node) -> Option<u64> {
        let work = self.work[start.index()];
        (work != REACHES_ITS_OPPOSITE).then_some(u64::from(work))
    }
}

/// Whether static chains on `state`, a grid made from `start` by removing
/// candidates, may conclude anything, when they conclude nothing on
/// `start`; and the nodes followed to tell (where nothing concludes, at
/// most what the chains themselves would follow on `state`).
///
/// The links of `state` are those of `start` between the candidates left,
/// and the strong links of the cells and units the removals left with two
/// candidates or places, `a` and `b`. A chain that concludes on `state`
/// alone needs one of those: it goes from a node `x` to its opposite, as
/// `x` to `a` off, then `b` on, then to the opposite of `x`. So `b` on
/// reaches the opposite of `x`, and so does `a` on, as every static link
/// holds the other way with both ends negated (`x` to `a` off turned
/// round). Where no such `a` on and `b` on reach a node in common, nothing
/// concludes. Loops too: a loop that removes `y` makes a chain from `y` on
/// to `y` off.
pub(crate) fn new_links_may_conclude(
    start: &Candidates,
    state: &Candidates,
    room: &mut NewLinkRoom,
) -> (bool, u64) {
    let NewLinkRoom {
        ends,
        reaches,
        queue,
    } = room;
    ends.clear();
    for cell in 0..81 {
        let mask = state.mask(cell);
        if is_two_digits(mask) && !is_two_digits(start.mask(cell)) {
            let [a, b] = [mask.trailing_zeros(), 15 - mask.leading_zeros()];
            ends.push((
                Node::new(cell, a as u8, true),
                Node::new(cell, b as u8, true),
            ));
        }
    }
    for d in 1..=9u8 {
        let (now, before) = (state.cells_of(d), start.cells_of(d));
        for unit in UNIT_SETS {
            let places = now & unit;
            if places.is_pair() && !(before & unit).is_pair() {
                let mut cells = places.iter();
                let (a, b) = (cells.next().unwrap_or(0), cells.next().unwrap_or(0));
                ends.push((Node::new(a, d, true), Node::new(b, d, true)));
            }
        }
    }
    // An end is often in two pairs (of a cell and of a unit): its reach is
    // found once, and counted once, so that the count is at most the
    // chains' own (each of their starts follows its whole reach when none
    // concludes).
    reaches.clear();
    let mut work = 0;
    let mut reach_of = |n: Node, reaches: &mut Vec<(Node, Bits)>| -> usize {
        if let Some(i) = reaches.iter().position(|(m, _)| *m == n) {
            return i;
        }
        let mut reached = [0; WORDS];
        work += static_reach_of(state, n, &mut reached, queue);
        reaches.push((n, reached));
        reaches.len() - 1
    };
    for &(a, b) in ends.iter() {
        let (i, j) = (reach_of(a, reaches), reach_of(b, reaches));
        if reaches[i]
            .1
            .iter()
            .zip(&reaches[j].1)
            .any(|(x, y)| x & y != 0)
        {
            return (true, work);
        }
    }
    (false, work)
}

/// The room of [`new_links_may_conclude`], kept from grid to grid.
#[derive(Default)]
pub(crate) struct NewLinkRoom {
    ends: Vec<(Node, Node)>,
    reaches: Vec<(Node, Bits)>,
    queue: Vec<Node>,
}

/// The nodes `from` reaches over the static links of `c`, into `reached`
/// (by [`Node::index`]); their count.
fn static_reach_of(c: &Candidates, from: Node, reached: &mut Bits, queue: &mut Vec<Node>) -> u64 {
    queue.clear();
    queue.push(from);
    set_bit(reached, from.index());
    let mut next = 0;
    while let Some(&n) = queue.get(next) {
        next += 1;
        let (cell, digit) = (n.cell(), n.digit());
        let mut push = |m: Node| {
            if !bit(reached, m.index()) {
                set_bit(reached, m.index());
                queue.push(m);
            }
        };
        if n.on() {
            for d in digits(c.mask(cell) & !(1 << digit)) {
                push(Node::new(cell, d, false));
            }
            for peer in (PEERS[cell] & c.cells_of(digit)).iter() {
                push(Node::new(peer, digit, false));
            }
        } else {
            let mask = c.mask(cell);
            if is_two_digits(mask) {
                let other = (mask & !(1 << digit)).trailing_zeros() as u8;
                push(Node::new(cell, other, true));
            }
            for unit in units_of(cell) {
                let places = c.places(unit, digit);
                if places.is_pair()
                    && let Some(other) = (places - CellSet::single(cell)).first()
                {
                    push(Node::new(other, digit, true));
                }
            }
        }
    }
    queue.len() as u64
}

/// Whether a candidate of `c` sees one of `nodes` on and one off, both of
/// its digit.
fn seen_on_and_off(c: &Candidates, nodes: &[u16]) -> bool {
    let mut seen = [[CellSet::EMPTY; 10]; 2];
    for &x in nodes {
        let n = Node(x);
        seen[usize::from(n.on())][usize::from(n.digit())] |= PEERS[n.cell()];
    }
    (1..=9).any(|d| !(seen[0][d] & seen[1][d] & c.cells_of(d as u8)).is_empty())
}

/// What the changed grid gives a trail when its queues are empty: nodes
/// turned off, each with the nodes it needs and its cause.
pub(crate) trait Inside {
    /// Eliminations on `state` (the trail's grid; `initial` is where it
    /// started) that `trail` lacks, each with its parents, pushed to
    /// `found`; nested chains pushed to `inner`, their index in the cause.
    /// Returns the work done, in nodes followed, within `budget`.
    fn eliminations(
        &mut self,
        initial: &Candidates,
        state: &Candidates,
        trail: &Trail,
        found: &mut Vec<(Node, Vec<Node>, Cause)>,
        inner: &mut Vec<InnerProof>,
        budget: Option<u64>,
    ) -> u64;

    /// Told that the search these trails are for has found a hint: work
    /// done only for the next level, which runs only when this one finds
    /// none, stops.
    fn hint_found(&mut self) {}

    /// Whether the last [`Inside::eliminations`] looked with every
    /// technique it has, not stopping at the first that found something.
    fn looked_with_all(&self) -> bool {
        true
    }
}

/// When a trail stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// At the first candidate reached both on and off.
    Any,
    /// Only when the start's candidate is reached the other way; a node
    /// whose opposite is reached is followed as any other (static forcing
    /// chains).
    Start,
}

/// No techniques inside: level 0.
pub(crate) struct Nothing;

impl Inside for Nothing {
    fn eliminations(
        &mut self,
        _: &Candidates,
        _: &Candidates,
        _: &Trail,
        _: &mut Vec<(Node, Vec<Node>, Cause)>,
        _: &mut Vec<InnerProof>,
        _: Option<u64>,
    ) -> u64 {
        0
    }
}

impl TrailScratch {
    /// Keeps the reach of the static links on `c` (level 0, all links) for
    /// the next search on `c` that needs it.
    pub fn keep_static_reach(&mut self, c: &Candidates, reach: StaticReach) {
        if let Some((_, old)) = self.static_reach.replace((c.clone(), reach)) {
            self.reach_room.give_back(old);
        }
    }

    /// The reach kept for `c`, if any (see [`TrailScratch::keep_static_reach`]).
    pub fn take_static_reach(&mut self, c: &Candidates) -> Option<StaticReach> {
        match self.static_reach.take() {
            Some((grid, reach)) if grid == *c => Some(reach),
            Some((_, reach)) => {
                self.reach_room.give_back(reach);
                None
            }
            None => None,
        }
    }

    /// Keeps the plan of static cell and region chains on `c`, made ahead,
    /// for the next search of them on `c`.
    pub fn keep_static_plan(&mut self, c: &Candidates, plan: Box<StaticPlan>) {
        self.static_plan = Some((c.clone(), plan));
    }

    /// The plan kept for `c`, if any (see [`TrailScratch::keep_static_plan`]).
    pub fn take_static_plan(&mut self, c: &Candidates) -> Option<Box<StaticPlan>> {
        match self.static_plan.take() {
            Some((grid, plan)) if grid == *c => Some(plan),
            _ => None,
        }
    }

    /// [`StaticReach::new`], in this scratch's room.
    pub fn static_reach(
        &mut self,
        c: &Candidates,
        strong: &StrongLinks,
        links: Links,
    ) -> StaticReach {
        StaticReach::new(c, strong, links, &mut self.reach_room)
    }

    /// Takes back a reach no longer needed, for its tables.
    pub fn give_back_reach(&mut self, reach: StaticReach) {
        self.reach_room.give_back(reach);
    }

    /// Where the "+" techniques start looking on the grids of trails from
    /// `initial`: worked out once for the trails of a search.
    fn plus_new_from(&mut self, initial: &Candidates) -> [Option<u16>; 4] {
        match &self.plus_start {
            Some((grid, new_from)) if grid == initial => *new_from,
            _ => {
                let new_from = super::plus::new_from_start(initial);
                self.plus_start = Some((initial.clone(), new_from));
                new_from
            }
        }
    }

    /// Sets [`TrailScratch`]'s places left to those of `initial`, counted
    /// once for the trails that start on one grid in a row (a family's).
    fn count_places(&mut self, initial: &Candidates) {
        match &self.place_counts {
            Some((grid, counts)) if grid == initial => self.places_left = *counts,
            _ => {
                let mut counts = [0; PLACES];
                for unit in 0..27 {
                    for d in 1..=9u8 {
                        counts[place_index(unit, d)] = initial.places(unit, d).len() as u8;
                    }
                }
                self.places_left = counts;
                self.place_counts = Some((initial.clone(), counts));
            }
        }
    }

    /// Counts work from nothing, allowing `budget` nodes (no limit: `None`).
    pub fn start_work(&mut self, budget: Option<u64>) {
        self.work = 0;
        self.budget = budget;
    }

    /// The nodes followed since the count started.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Counts `work` not followed here: the nodes of static chains known
    /// not to conclude, which the budget counts as followed.
    pub fn add_work(&mut self, work: u64) {
        self.work += work;
    }

    /// True once the budget is spent: searches stop at their next check.
    pub fn out_of_work(&self) -> bool {
        self.budget.is_some_and(|b| self.work >= b)
    }

    /// Follows `start` on `initial` under `links`; `inside` gives what the
    /// changed grid allows when nothing else is left to follow.
    pub fn run(
        &mut self,
        initial: &Candidates,
        start: Node,
        links: Links,
        inside: &mut dyn Inside,
    ) -> Box<Trail> {
        self.run_until(initial, start, links, inside, Stop::Any)
    }

    /// Only hints of complexity below `complexity` are wanted from the
    /// nested trails run next: one stops at a grid where every node the
    /// chains inside found has that complexity or more (see
    /// [`TrailScratch::follow`]).
    pub fn want_below(&mut self, complexity: u32) {
        #[cfg(test)]
        if self.unbounded {
            return;
        }
        self.wanted_below = complexity;
    }

    /// Takes back a trail no longer needed, emptied, for the next.
    pub fn recycle(&mut self, mut trail: Box<Trail>) {
        // Every field named, so that one added to trails is emptied too;
        // the lists keep their room.
        let Trail {
            start: _,
            reached,
            order,
            at,
            entries,
            nested_at,
            contradiction,
            last_cause,
            last_parents,
            rule_parents,
            last,
            inner,
            // Set when a trail that uses it starts.
            plus_new_from: _,
        } = &mut *trail;
        for n in order.iter() {
            at[n.index()] = 0;
        }
        order.clear();
        entries.clear();
        *reached = [0; WORDS];
        *nested_at = [0; WORDS];
        *contradiction = None;
        *last_cause = Cause::Start;
        last_parents.clear();
        rule_parents.clear();
        *last = None;
        inner.clear();
        self.spare.push(trail);
    }

    /// [`TrailScratch::run`], stopping as `stop` says.
    pub fn run_until(
        &mut self,
        initial: &Candidates,
        start: Node,
        links: Links,
        inside: &mut dyn Inside,
        stop: Stop,
    ) -> Box<Trail> {
        if links == Links::DYNAMIC {
            // Dynamic links alone (most of the trails a rating follows,
            // those inside level 4 above all): a copy compiled with `links`
            // known, so that its checks for other links fold away.
            return self.follow(initial, start, Links::DYNAMIC, inside, stop);
        }
        self.follow(initial, start, links, inside, stop)
    }

    /// The trail of [`TrailScratch::run_until`]; always inlined, so that
    /// each of its calls is compiled for the links it passes.
    #[inline(always)]
    fn follow(
        &mut self,
        initial: &Candidates,
        start: Node,
        links: Links,
        inside: &mut dyn Inside,
        stop: Stop,
    ) -> Box<Trail> {
        self.stop = stop;
        let mut trail = self.spare.pop().unwrap_or_else(|| {
            Box::new(Trail {
                start,
                reached: [0; WORDS],
                order: Vec::with_capacity(64),
                at: vec![0; NODES],
                entries: Vec::with_capacity(64),
                nested_at: [0; WORDS],
                contradiction: None,
                last: None,
                last_cause: Cause::Start,
                last_parents: Vec::new(),
                rule_parents: Vec::new(),
                inner: Vec::new(),
                plus_new_from: Cell::new([None; 4]),
            })
        });
        trail.start = start;
        if links.level >= 1 {
            trail.plus_new_from.set(self.plus_new_from(initial));
        }
        if links.dynamic {
            self.count_places(initial);
        }
        trail.order.push(start);
        let mut state = initial.clone();
        self.on_queue.clear();
        self.off_queue.clear();
        let mut on_head = 0;
        let mut off_head = 0;
        // The start, at position 0, is its own only ancestor.
        self.ancestors[row(0)][0] = 1;
        set_bit(&mut trail.reached, start.index());
        trail.at[start.index()] = 1;
        trail.entries.push(Entry {
            flat: 1,
            parent: start.0,
            nested: 0,
            cause: Cause::Start,
        });
        if start.on() {
            self.on_queue.push(start);
        } else {
            self.off_queue.push(start);
        }
        let mut found: Vec<(Node, Vec<Node>, Cause)> = Vec::new();
        loop {
            if on_head < self.on_queue.len() {
                let p = self.on_queue[on_head];
                on_head += 1;
                self.work += 1;
                let (cell, digit) = (p.cell(), p.digit());
                if links.digit.is_none() {
                    for d in digits(state.mask(cell) & !(1 << digit)) {
                        let q = Node::new(cell, d, false);
                        if self.derive(&mut trail, q, p, Cause::SameCell) {
                            return trail;
                        }
                    }
                }
                if !links.cells_only {
                    // The peers box by box, row, column.
                    for part in PEERS_BY_UNIT[cell] {
                        for peer in (state.cells_of(digit) & part).iter() {
                            let q = Node::new(peer, digit, false);
                            if self.derive(&mut trail, q, p, Cause::SameUnit) {
                                return trail;
                            }
                        }
                    }
                }
            } else if off_head < self.off_queue.len() {
                let p = self.off_queue[off_head];
                off_head += 1;
                self.work += 1;
                let (cell, digit) = (p.cell(), p.digit());
                let lost = links.dynamic && state.eliminate(cell, digit);
                // The cell's last candidate, or the other of two.
                if links.digit.is_none() {
                    // Bits cleared, not counted: without the processor's
                    // count instruction a count is a dozen operations.
                    let rest = state.mask(cell) & !(1 << digit);
                    let last = if links.dynamic {
                        rest != 0 && rest & (rest - 1) == 0
                    } else {
                        is_two_digits(initial.mask(cell))
                    };
                    if last {
                        let d = rest.trailing_zeros() as u8;
                        let q = Node::new(cell, d, true);
                        self.parents.clear();
                        for other in digits(initial.mask(cell) & !(1 << d)) {
                            self.parents.push(Node::new(cell, other, false));
                        }
                        if self.derive_from(&mut trail, q, Cause::LastInCell) {
                            return trail;
                        }
                    }
                }
                if !links.cells_only {
                    // Box, row, column: the order SE looks at units in.
                    let [row, col, bx] = units_of(cell);
                    // A dynamic trail's grid has lost the candidate already,
                    // and its places are counted down; a static one's is the
                    // grid it started on. Most nodes leave no unit one place.
                    let mut any_last = !links.dynamic;
                    if links.dynamic {
                        for unit in [bx, row, col] {
                            let left = &mut self.places_left[place_index(unit, digit)];
                            *left -= u8::from(lost);
                            debug_assert_eq!(u32::from(*left), state.places(unit, digit).len());
                            any_last |= *left == 1;
                        }
                    }
                    let units = [bx, row, col];
                    let units = if any_last { &units[..] } else { &[] };
                    for &unit in units {
                        let last = if links.dynamic {
                            self.places_left[place_index(unit, digit)] == 1
                        } else {
                            state.places(unit, digit).is_pair()
                        };
                        if !last {
                            continue;
                        }
                        let places = state.places(unit, digit);
                        let Some(other) = (places - CellSet::single(cell)).first() else {
                            continue;
                        };
                        let q = Node::new(other, digit, true);
                        self.parents.clear();
                        for c in (initial.places(unit, digit) - CellSet::single(other)).iter() {
                            self.parents.push(Node::new(c, digit, false));
                        }
                        if self.derive_from(&mut trail, q, Cause::LastInUnit(unit as u8)) {
                            return trail;
                        }
                    }
                }
            } else {
                if links.level == 0 {
                    break;
                }
                found.clear();
                let mut inner = std::mem::take(&mut trail.inner);
                let left = self.budget.map(|b| b.saturating_sub(self.work));
                self.work +=
                    inside.eliminations(initial, &state, &trail, &mut found, &mut inner, left);
                trail.inner = inner;
                let before = self.off_queue.len();
                let new_from = trail.entries.len();
                for (q, parents, cause) in found.drain(..) {
                    self.parents.clear();
                    self.parents.extend(parents);
                    if self.derive_from(&mut trail, q, cause) {
                        return trail;
                    }
                }
                if self.off_queue.len() == before {
                    break;
                }
                // What the trail reaches from here on descends from these
                // nodes, and what the techniques inside find later needs,
                // as a rule, grids these made (all of them looked at this
                // grid; not promised, as the chains inside stop at their
                // first contradiction: see docs/rating.md): a hint it ends
                // in costs one of their complexities and at least one node
                // more.
                if links.level >= 2
                    && inside.looked_with_all()
                    && trail.entries[new_from..]
                        .iter()
                        .all(|e| u32::from(e.flat) + e.nested >= self.wanted_below)
                {
                    break;
                }
            }
        }
        trail
    }

    /// Derives `q` from the single parent `p`; true on a contradiction.
    #[inline]
    fn derive(&mut self, trail: &mut Trail, q: Node, p: Node, cause: Cause) -> bool {
        // A node and its opposite are a pair of bits of one word: both
        // read at once.
        let i = q.index() & !1;
        let pair = trail.reached[i / 64] >> (i % 64) & 3;
        if pair >> (q.index() & 1) & 1 != 0 {
            return false;
        }
        if pair != 0 {
            self.parents.clear();
            self.parents.push(p);
            return self.derive_new(trail, q, cause);
        }
        self.derive_single(trail, q, p, cause);
        false
    }

    /// [`TrailScratch::derive_new`] from the one parent `p`, reached, where
    /// `q`'s opposite is not reached: most nodes, which need no list of
    /// parents and no count of ancestors, and whose nested chains are their
    /// parent's.
    fn derive_single(&mut self, trail: &mut Trail, q: Node, p: Node, cause: Cause) {
        let at = trail.order.len();
        let j = usize::from(trail.at[p.index()]) - 1;
        if at < 64 {
            // The rows of the first 64 nodes are a word each, at their
            // positions (most trails inside are that short).
            debug_assert_eq!((row(at), row(j)), (at..at + 1, j..j + 1));
            self.ancestors[at] = self.ancestors[j] | 1 << at;
        } else {
            let (before, free) = self.ancestors.split_at_mut(row(at).start);
            let parents_row = &before[row(j)];
            for (i, w) in free[..at / 64 + 1].iter_mut().enumerate() {
                *w = parents_row.get(i).copied().unwrap_or(0);
            }
            free[at / 64] |= 1 << (at % 64);
        }
        let entry = Entry {
            flat: trail.entries[j].flat + 1,
            parent: p.0,
            nested: trail.entries[j].nested,
            cause,
        };
        debug_assert_eq!(
            entry.nested,
            trail.nested_cost(&self.ancestors[row(at)], at, cause)
        );
        self.record(trail, q, entry);
        if q.on() {
            self.on_queue.push(q);
        } else {
            self.off_queue.push(q);
        }
    }

    /// Derives `q` from `self.parents` unless reached already; true on a
    /// contradiction (its opposite reached).
    #[inline]
    fn derive_from(&mut self, trail: &mut Trail, q: Node, cause: Cause) -> bool {
        !trail.has(q) && self.derive_new(trail, q, cause)
    }

    /// [`TrailScratch::derive_from`] for a node not reached yet.
    fn derive_new(&mut self, trail: &mut Trail, q: Node, cause: Cause) -> bool {
        // Ancestors as positions: `q` would be reached `at`-th. Its row
        // follows those of the nodes reached before, its parents among them.
        let at = trail.order.len();
        let (before, free) = self.ancestors.split_at_mut(row(at).start);
        let ancestors = &mut free[..at / 64 + 1];
        let mut reached_parents = 0;
        let mut flat = 0;
        for p in &self.parents {
            // A parent the trail has not reached was removed before it
            // started: it needs nothing.
            let Some(j) = usize::from(trail.at[p.index()]).checked_sub(1) else {
                continue;
            };
            flat = u32::from(trail.entries[j].flat) + 1;
            let parents_row = &before[row(j)];
            if reached_parents == 0 {
                // The first parent's row, then zeros: one pass, where
                // clearing first would cost a call for every node.
                for (i, w) in ancestors.iter_mut().enumerate() {
                    *w = parents_row.get(i).copied().unwrap_or(0);
                }
            } else {
                for (w, x) in ancestors.iter_mut().zip(parents_row) {
                    *w |= x;
                }
            }
            reached_parents += 1;
        }
        if reached_parents == 0 {
            ancestors.fill(0);
        }
        ancestors[at / 64] |= 1 << (at % 64);
        if reached_parents != 1 {
            // Parents may share ancestors: count them.
            flat = count_words(ancestors);
        }
        let opposite = q.opposite();
        let conflict = trail.has(opposite)
            && (self.stop == Stop::Any || q.candidate() == trail.start.candidate());
        if conflict {
            let o = usize::from(trail.at[opposite.index()]) - 1;
            let side = flat;
            let flat = side + u32::from(trail.entries[o].flat);
            let mut both = [0u64; WORDS];
            both[..ancestors.len()].copy_from_slice(ancestors);
            for (w, x) in both.iter_mut().zip(&before[row(o)]) {
                *w |= x;
            }
            let nested = trail.nested_cost(&both, at, cause);
            let on = if q.on() { q } else { opposite };
            trail.contradiction = Some(Contradiction {
                on,
                flat,
                side,
                nested,
            });
            // The node found second is not reached: only its parent is kept,
            // for telling.
            trail.last = Some((
                q,
                self.parents
                    .iter()
                    .find(|p| trail.has(**p))
                    .map_or(trail.start.0, |p| p.0),
            ));
            trail.last_cause = cause;
            trail.last_parents = self
                .parents
                .iter()
                .copied()
                .filter(|p| trail.has(*p))
                .collect();
            return true;
        }
        let entry = Entry {
            flat: flat as u16,
            parent: self
                .parents
                .iter()
                .find(|p| trail.has(**p))
                .map_or(trail.start.0, |p| p.0),
            nested: trail.nested_cost(ancestors, at, cause),
            cause,
        };
        self.record(trail, q, entry);
        if q.on() {
            self.on_queue.push(q);
        } else {
            self.off_queue.push(q);
        }
        false
    }

    /// Records `q`, not reached before, with its `entry` (and for a node a
    /// technique or nested chain made, its parents, `self.parents`).
    #[inline(always)]
    fn record(&mut self, trail: &mut Trail, q: Node, entry: Entry) {
        let i = q.index();
        if matches!(entry.cause, Cause::Nested(_)) {
            set_bit(&mut trail.nested_at, trail.order.len());
        }
        if matches!(entry.cause, Cause::Rule(..) | Cause::Nested(_)) {
            trail.rule_parents.push((q, self.parents.clone()));
        }
        trail.entries.push(entry);
        trail.at[i] = trail.entries.len() as u16;
        set_bit(&mut trail.reached, i);
        trail.order.push(q);
    }
}

/// Where the ancestors of the node reached `k`-th are kept in
/// [`TrailScratch`]'s `ancestors`: rows of 64 positions take one word more
/// with each block of 64, packed one after the other.
fn row(k: usize) -> std::ops::Range<usize> {
    // Read from a table: a node derived looks up its own row and each
    // parent's.
    let start = ROW_STARTS[k] as usize;
    start..start + k / 64 + 1
}

/// The bits set in the words of a row of ancestors (a few words: counted
/// inline).
fn count_words(bits: &[u64]) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

/// The length of a table with an entry for each unit and digit.
const PLACES: usize = 27 * 9;

/// Where a unit's places of a digit are counted in a table of [`PLACES`].
#[inline(always)]
fn place_index(unit: usize, digit: u8) -> usize {
    unit * 9 + usize::from(digit) - 1
}

/// Where [`row`] starts for each position; the last, at `NODES`, is where
/// the rows end, the size of [`TrailScratch`]'s `ancestors`.
static ROW_STARTS: [u32; NODES + 1] = {
    let mut starts = [0; NODES + 1];
    let mut k = 0;
    while k <= NODES {
        let (block, within) = (k / 64, k % 64);
        starts[k] = (64 * block * (block + 1) / 2 + within * (block + 1)) as u32;
        k += 1;
    }
    starts
};

#[cfg(test)]
mod tests {
    use super::super::count;
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn static_reach_agrees_with_whole_trails_in_answer_reach_and_work() {
        let mut scratch = TrailScratch::default();
        let mut room = ReachRoom::default();
        let mut found = 0;
        for puzzle in super::super::TEST_PUZZLES {
            let c = Candidates::from_grid(&puzzle.parse::<Grid>().unwrap()).unwrap();
            let strong = StrongLinks::new(&c);
            let all = StaticReach::new(&c, &strong, Links::STATIC, &mut room);
            for cell in 0..81 {
                for d in digits(c.mask(cell)) {
                    let x = Links {
                        digit: Some(d),
                        ..Links::STATIC
                    };
                    // Built in the tables of reaches given back, as searches
                    // build them.
                    let x_reach = StaticReach::new(&c, &strong, x, &mut room);
                    for (links, reach) in [(Links::STATIC, &all), (x, &x_reach)] {
                        for on in [true, false] {
                            let start = Node::new(cell, d, on);
                            scratch.start_work(None);
                            let trail =
                                scratch.run_until(&c, start, links, &mut Nothing, Stop::Start);
                            let whole = trail.contradiction.is_none().then_some(scratch.work());
                            assert_eq!(reach.work(start), whole, "{start}");
                            if whole.is_some() {
                                let reached = by_node(reach.reach(start).unwrap_or(&[0; WORDS]));
                                let alone = trail.order.len() == 1;
                                assert!(reached == trail.reached || alone, "{start}");
                            }
                            found += usize::from(whole.is_none());
                            scratch.recycle(trail);
                        }
                    }
                    room.give_back(x_reach);
                }
            }
            room.give_back(all);
        }
        assert!(found > 0, "some starts reach their opposite");
    }

    /// The reach of one start, found alone, is what [`StaticReach`] finds
    /// for it among all starts: the same nodes, the same count.
    #[test]
    fn static_reach_of_one_start_agrees_with_static_reach() {
        let mut room = ReachRoom::default();
        let mut queue = Vec::new();
        let mut linked = 0;
        for puzzle in super::super::TEST_PUZZLES {
            let c = Candidates::from_grid(&puzzle.parse::<Grid>().unwrap()).unwrap();
            let all = StaticReach::new(&c, &StrongLinks::new(&c), Links::STATIC, &mut room);
            for cell in 0..81 {
                for d in digits(c.mask(cell)) {
                    for start in [Node::new(cell, d, true), Node::new(cell, d, false)] {
                        let mut reached = [0; WORDS];
                        let count = static_reach_of(&c, start, &mut reached, &mut queue);
                        assert_eq!(u64::from(count_words(&reached)), count, "{start}");
                        match all.reach(start) {
                            Some(reach) => {
                                assert_eq!(by_node(reach), reached, "{start}");
                                linked += 1;
                            }
                            None => assert_eq!(count, 1, "{start}"),
                        }
                        if let Some(work) = all.work(start) {
                            assert_eq!(work, count, "{start}");
                        }
                    }
                }
            }
            room.give_back(all);
        }
        assert!(linked > 0);
    }

    /// Cell sets go into a reach and come out the same at every digit's
    /// offset, on and off, and touch no other digit's bits.
    #[test]
    fn cell_sets_round_trip_at_every_offset() {
        let all = CellSet((1 << 81) - 1);
        let some = CellSet(0x1_2345_6789_abcd_ef01_2345_6789 & ((1 << 81) - 1));
        for on in [false, true] {
            for d in 1..=9 {
                let at = reach_bit(Node::new(0, d, on));
                for cells in [all, some, CellSet::single(0), CellSet::single(80)] {
                    let mut bits = [0; WORDS];
                    or_cells(&mut bits, at, cells);
                    assert_eq!(cells_at(&bits, at), cells, "digit {d}, on {on}");
                    assert_eq!(u32::from(count(&bits)), cells.0.count_ones());
                    for n in (0..NODES).map(|i| Node(i as u16)) {
                        let inside = n.on() == on && n.digit() == d && cells.contains(n.cell());
                        assert_eq!(bit(&bits, reach_bit(n)), inside, "{n}");
                    }
                }
            }
        }
    }

    /// The build chosen at run time (AVX2 where the processor has it) and
    /// the portable one give the same reach.
    #[test]
    fn static_reach_is_the_same_from_either_build() {
        let (mut room, mut portable_room) = (ReachRoom::default(), ReachRoom::default());
        for puzzle in super::super::TEST_PUZZLES {
            let c = Candidates::from_grid(&puzzle.parse::<Grid>().unwrap()).unwrap();
            let strong = StrongLinks::new(&c);
            let digits_links = (1..=9).map(|d| Links {
                digit: Some(d),
                ..Links::STATIC
            });
            for links in std::iter::once(Links::STATIC).chain(digits_links) {
                let chosen = StaticReach::new(&c, &strong, links, &mut room);
                let portable = StaticReach::build(&c, &strong, links, &mut portable_room);
                assert_eq!(chosen.part, portable.part);
                assert_eq!(chosen.reach, portable.reach);
                assert_eq!(chosen.loops_eliminate, portable.loops_eliminate);
                assert_eq!(chosen.work, portable.work);
                room.give_back(chosen);
                portable_room.give_back(portable);
            }
        }
    }
}
