//! Forcing chains inside forcing chains (Sudoku Explainer's nesting levels
//! 2 to 5): when neither the trail nor the "+" techniques have anything
//! left to follow, whole chains run on the grid as the trail has changed
//! it, and their conclusions become links of the trail.
//!
//! Each level runs a wider kind of chain inside: static forcing chains and
//! loops (level 2); those, and if they find nothing static cell and region
//! chains (3); dynamic forcing chains (4); dynamic forcing chains (+) (5).
//! An inner chain's conclusion needs the trail's eliminations its links
//! relied on (a cell or unit left with two candidates, or one, only because
//! the trail removed the others, and for a cell or region chain the
//! candidates of the cell or unit the trail removed), and its complexity
//! counts once in every conclusion of the trail it leads to.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::super::Candidates;
use super::super::cells::{CellSet, PEERS, digits, is_two_digits};
use super::family::{self, Kind, StaticPlan};
use super::trail::{
    Cause, InnerProof, Inside, Links, NewLinkRoom, Nothing, StaticReach, Stop, StrongLinks, Trail,
    TrailList, TrailScratch, cells_at, new_links_may_conclude, reach_bit,
};
use super::{Bits, Node, length_difficulty, plus};

/// An inner chain's conclusion as the grid it ran on decides it: what the
/// trail needs for it is read against the trail's start when taken.
struct Conclusion {
    /// Tenths, for SE's order: easiest first.
    rating: u16,
    complexity: u32,
    /// The nodes it turns off.
    removals: Vec<Node>,
    /// What it relies on the trail having removed, in the order found:
    /// its chains' ancestors' (see [`needed`]; a loop's, every link's),
    /// then its premise's (a cell or region chain's cell or unit).
    relies: Vec<Lost>,
    /// Its nodes and eliminations: two nested chains alike in these are one
    /// for SE, counted once.
    key: u64,
    /// What it is, for telling.
    what: What,
}

/// Candidates a trail removed that a conclusion relies on: those its start
/// had and its grid has lost, of a cell or of a digit's places in a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lost {
    Cell(usize),
    Places(usize, u8),
}

impl Lost {
    fn push_nodes(self, initial: &Candidates, state: &Candidates, out: &mut Vec<Node>) {
        match self {
            Lost::Cell(cell) => out.extend(
                digits(initial.mask(cell) & !state.mask(cell)).map(|d| Node::new(cell, d, false)),
            ),
            Lost::Places(unit, d) => out.extend(
                (initial.places(unit, d) - state.places(unit, d))
                    .iter()
                    .map(|c| Node::new(c, d, false)),
            ),
        }
    }
}

/// The kinds of chains the nesting levels run inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum InnerKind {
    /// Static forcing chains and loops (X-links first, then Y-links,
    /// then all).
    Static,
    /// Static cell and region forcing chains.
    StaticMultiple,
    /// Dynamic forcing chains.
    Dynamic,
    /// Dynamic forcing chains (+).
    DynamicPlus,
}

impl InnerKind {
    /// The kinds `level` runs, in order: a kind runs only when those before
    /// it conclude nothing the trail lacks.
    fn of_level(level: u8) -> &'static [InnerKind] {
        match level {
            2 => &[InnerKind::Static],
            3 => &[InnerKind::Static, InnerKind::StaticMultiple],
            4 => &[InnerKind::Dynamic],
            _ => &[InnerKind::DynamicPlus],
        }
    }
}

/// A kind's conclusions on a grid, easiest then shortest first.
struct Answer {
    conclusions: Vec<Conclusion>,
}

/// The answers of inner kinds by grid. Many trails reach a grid another
/// has reached (a candidate assumed true and its cell's other one assumed
/// false, or the same start again after a step the trail implied), and an
/// inner kind's conclusions depend only on the grid.
#[derive(Default)]
pub(crate) struct Answers {
    by_grid: FxHashMap<(Candidates, InnerKind), Rc<Answer>>,
    /// What the X-chains from a digit's places tell, by the digit and its
    /// places: they look at nothing else, and most of a grid's digits have
    /// the places of a grid seen before.
    x_chains: FxHashMap<(u8, CellSet), Rc<XChains>>,
    /// The plans of static cell and region chains on the grids where level
    /// 2's trails end, made from the reach their static chains found:
    /// level 3's trails from the same starts end their static chains on
    /// the same grids, and look for cell and region chains there next.
    plans: FxHashMap<Candidates, Box<StaticPlan>>,
    /// What the "+" techniques find by trail's grid ([`plus::eliminations`]),
    /// for trails from `plus_initial`: it depends on that grid and the
    /// trail's alone, and levels 2 to 5 run trails from the same starts to
    /// the same grids.
    plus: FxHashMap<Candidates, PlusAnswer>,
    /// The grid the trails of `plus` start from.
    plus_initial: Option<Candidates>,
}

/// What the "+" techniques find on a trail's grid.
struct PlusAnswer {
    eliminations: Vec<(Node, Vec<Node>, Cause)>,
    /// How many techniques looked (the first that found any, and those
    /// before it).
    looked: usize,
}

/// What the static links of one digit tell about the chains from its places.
struct XChains {
    /// [`StaticReach::work`] from each place, on then off:
    /// `None` for a chain that reaches its start the other way.
    work: Box<[Option<u16>]>,
    /// The places whose candidate on may start an X-cycle that eliminates
    /// anything ([`may_loop`]).
    loops: CellSet,
}

impl Answers {
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.by_grid.is_empty()
    }

    #[cfg(test)]
    pub fn plans(&self) -> usize {
        self.plans.len()
    }

    #[cfg(test)]
    pub fn forget_plans(&mut self) {
        self.plans.clear();
    }
}

/// At most this many answers are kept (each a grid and a few conclusions).
/// A kept answer costs no work, so this bound is part of where a budget
/// stops: changing it changes ratings that stop at the budget.
const MAX_ANSWERS: usize = 20_000;

/// At most this many grids' eliminations of the "+" techniques are kept
/// (each a grid and a few eliminations). They cost no work, so the bound
/// changes no rating.
const MAX_PLUS: usize = 4_096;

/// At most this many digits' X-chains are kept (each a few hundred bytes).
const MAX_X_CHAINS: usize = 50_000;

/// At most this many plans are kept (each some 2,000 bytes): more than a
/// search at level 2 makes, whose trails (two a candidate) end on at most
/// 1,458 grids. Plans cost no work, so the bound changes no rating.
const MAX_PLANS: usize = 4_096;

/// Which inner chain a conclusion comes from, to follow it again when it
/// is told.
#[derive(Clone, Copy, Debug)]
pub(crate) enum What {
    /// A candidate assumed `start` that turns itself the other way, under
    /// static `links` (one digit's, or all).
    Static { start: Node, links: Links },
    /// The `index`-th loop [`cycles`] finds from `source` with these links.
    Loop {
        source: Node,
        cell_links: bool,
        unit_links: bool,
        index: u16,
    },
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
    scratch: Box<TrailScratch>,
    cycle_room: CycleRoom,
    /// Whether the conclusions keep what telling them needs.
    told: bool,
    answers: Answers,
    /// Whether to make plans for level 3 (`Answers::plans`): at level 2,
    /// when asked, until the search finds a hint.
    makes_plans: bool,
    /// Whether static chains conclude nothing on the grid the trails start
    /// from: then on a trail's grid they may conclude only through the
    /// strong links the trail made ([`new_links_may_conclude`]).
    quiet_start: bool,
    new_links: NewLinkRoom,
    /// Whether the last grid was looked at with every kind of this level
    /// ([`Inside::looked_with_all`]).
    looked_with_all: bool,
    /// Chains of their own, to check that static chains conclude nothing
    /// where `new_links_may_conclude` says so.
    #[cfg(debug_assertions)]
    check: Option<Box<Nested>>,
}

impl Nested {
    /// The chains of nesting `level`, from `answers` found before, in
    /// `scratch` (which any search may have used before).
    pub fn new(level: u8, told: bool, answers: Answers, scratch: Box<TrailScratch>) -> Nested {
        Nested {
            level,
            scratch,
            cycle_room: CycleRoom::default(),
            told,
            answers,
            makes_plans: false,
            quiet_start: false,
            new_links: NewLinkRoom::default(),
            looked_with_all: false,
            #[cfg(debug_assertions)]
            check: None,
        }
    }

    /// Tells the chains that static chains conclude nothing on the grid
    /// the trails start from (the rating looks for them first): then
    /// inside they are looked for only where the trail's removals made
    /// links that may let them conclude.
    pub fn start_is_quiet(&mut self) {
        self.quiet_start = true;
    }

    /// Makes plans of static cell and region chains where level 2's trails
    /// end, for a search at level 3 on the same grid next
    /// (`Answers::plans`).
    pub fn plan_for_level_3(&mut self) {
        debug_assert_eq!(self.level, 2);
        // Those of a search before, on another grid.
        self.answers.plans.clear();
        self.makes_plans = true;
    }

    /// The answers found, to give the next level's chains, and the scratch
    /// space, for the next search's.
    pub fn into_parts(self) -> (Answers, Box<TrailScratch>) {
        (self.answers, self.scratch)
    }

    /// The conclusions of `kind` on `state` (the trail's grid), from the
    /// answers, at no work, when found before; else found, and kept when
    /// found whole.
    fn answer(&mut self, kind: InnerKind, initial: &Candidates, state: &Candidates) -> Rc<Answer> {
        let key = (state.clone(), kind);
        if let Some(answer) = self.answers.by_grid.get(&key) {
            return Rc::clone(answer);
        }
        let mut trails = TrailList::new();
        let mut conclusions = match kind {
            InnerKind::Static if self.quiet_start => {
                let (may, work) = new_links_may_conclude(initial, state, &mut self.new_links);
                if may {
                    self.static_chains(state, &mut trails)
                } else {
                    #[cfg(debug_assertions)]
                    self.check_nothing_static(state);
                    self.scratch.add_work(work);
                    Vec::new()
                }
            }
            InnerKind::Static => self.static_chains(state, &mut trails),
            InnerKind::StaticMultiple => {
                if let Some(plan) = self.answers.plans.remove(state) {
                    self.scratch.keep_static_plan(state, plan);
                }
                self.family(state, Links::STATIC, 80, &mut trails)
            }
            InnerKind::Dynamic => self.family(state, Links::DYNAMIC, 85, &mut trails),
            InnerKind::DynamicPlus => {
                self.family(state, Links::DYNAMIC.at_level(1), 90, &mut trails)
            }
        };
        for t in trails {
            self.scratch.recycle(t);
        }
        // SE's order: easiest first, then shortest.
        conclusions.sort_by_key(|h| (h.rating, h.complexity));
        let answer = Rc::new(Answer { conclusions });
        if !self.scratch.out_of_work() {
            if self.answers.by_grid.len() >= MAX_ANSWERS {
                self.answers.by_grid.clear();
            }
            self.answers.by_grid.insert(key, Rc::clone(&answer));
        }
        answer
    }

    /// [`plus::eliminations`] on `state`, from the answers when a trail
    /// from `initial` has reached `state` before. A trail's grid has lost
    /// every candidate whose off node it reached, and the techniques
    /// eliminate only candidates the grid has, so what they find there
    /// does not depend on the trail's way to it.
    fn plus_eliminations(
        &mut self,
        initial: &Candidates,
        state: &Candidates,
        trail: &Trail,
        found: &mut Vec<(Node, Vec<Node>, Cause)>,
    ) {
        debug_assert!(found.is_empty());
        let answers = &mut self.answers;
        if answers.plus_initial.as_ref() != Some(initial) {
            answers.plus.clear();
            answers.plus_initial = Some(initial.clone());
        }
        if let Some(known) = answers.plus.get(state) {
            found.extend(known.eliminations.iter().cloned());
            // Debug builds look again, to check the answer and where the
            // techniques look next, then go on as release builds do.
            #[cfg(debug_assertions)]
            let (before, mut again) = (trail.plus_new_from.get(), Vec::new());
            #[cfg(debug_assertions)]
            let (looked, after) = (
                plus::eliminations(initial, state, trail, &mut again),
                trail.plus_new_from.replace(before),
            );
            plus::looked_at(trail, known.looked);
            #[cfg(debug_assertions)]
            assert_eq!(
                (&again, looked, after),
                (&*found, known.looked, trail.plus_new_from.get()),
                "the same grids, the same eliminations"
            );
            return;
        }
        let looked = plus::eliminations(initial, state, trail, found);
        if answers.plus.len() >= MAX_PLUS {
            answers.plus.clear();
        }
        let eliminations = found.clone();
        answers.plus.insert(
            state.clone(),
            PlusAnswer {
                eliminations,
                looked,
            },
        );
    }

    /// Panics unless static chains conclude nothing on `state`, found by
    /// chains of their own, so that this search's work and answers are
    /// left as they are.
    #[cfg(debug_assertions)]
    fn check_nothing_static(&mut self, state: &Candidates) {
        let check = self.check.get_or_insert_with(|| {
            Box::new(Nested::new(
                2,
                false,
                Default::default(),
                Default::default(),
            ))
        });
        let mut trails = TrailList::new();
        let found = check.static_chains(state, &mut trails);
        for t in trails {
            check.scratch.recycle(t);
        }
        assert!(found.is_empty(), "static chains conclude on {state:?}");
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
        self.plus_eliminations(initial, state, trail, found);
        self.looked_with_all = false;
        if !found.is_empty() {
            return 0;
        }
        self.scratch.start_work(budget);
        let kinds = InnerKind::of_level(self.level);
        for (i, &kind) in kinds.iter().enumerate() {
            self.looked_with_all = i + 1 == kinds.len();
            let answer = self.answer(kind, initial, state);
            let new: Vec<&Conclusion> = answer
                .conclusions
                .iter()
                .filter(|h| h.removals.iter().any(|n| !trail.has(*n)))
                .collect();
            for h in &new {
                let mut needs = Vec::new();
                for lost in &h.relies {
                    lost.push_nodes(initial, state, &mut needs);
                }
                let mut unique: Vec<Node> = Vec::with_capacity(needs.len());
                for n in needs {
                    if !unique.contains(&n) {
                        unique.push(n);
                    }
                }
                let needs = unique;
                let k = inner.len() as u16;
                inner.push(InnerProof {
                    complexity: h.complexity,
                    key: h.key,
                    source: self.told.then(|| {
                        Box::new(Source {
                            state: state.clone(),
                            what: h.what,
                            needs: needs.clone(),
                        })
                    }),
                });
                for &n in &h.removals {
                    found.push((n, needs.clone(), Cause::Nested(k)));
                }
            }
            if !new.is_empty() || self.scratch.out_of_work() {
                break;
            }
        }
        if self.makes_plans
            && found.is_empty()
            && !self.scratch.out_of_work()
            && let Some(reach) = self.scratch.take_static_reach(state)
        {
            // The trail ends here, with the reach its static chains found
            // on this grid at hand: see `Answers::plans`.
            if self.answers.plans.len() >= MAX_PLANS {
                self.answers.plans.clear();
            }
            let plan = Box::new(StaticPlan::from_reach(state, &reach));
            self.answers.plans.insert(state.clone(), plan);
            self.scratch.give_back_reach(reach);
        }
        self.scratch.work()
    }

    fn hint_found(&mut self) {
        self.makes_plans = false;
    }

    fn looked_with_all(&self) -> bool {
        self.looked_with_all
    }
}

impl Conclusion {
    /// A conclusion of `removals`, resting on what the chains of `trails`
    /// that end in the nodes of `sources` (indices into `trails`) and its
    /// `premise` rely on.
    fn new(
        removals: Vec<Node>,
        (rating, complexity): (u16, u32),
        what: What,
        (state, trails, sources): (&Candidates, &TrailList, &[(usize, Node)]),
        premise: Option<Lost>,
    ) -> Conclusion {
        let (mut relies, key) = needed(state, trails, sources);
        relies.extend(premise);
        let key = with_removals(key, &removals);
        Conclusion {
            rating,
            complexity,
            removals,
            relies,
            key,
            what,
        }
    }
}

/// What the inner chains of `sources` relied on the trail having removed:
/// for every node among their ancestors that is the last candidate of a
/// cell or place of a digit in a unit (of two, statically), that cell or
/// unit; and a key made of their nodes, which tells one nested chain from
/// another.
fn needed(
    state: &Candidates,
    trails: &[Box<Trail>],
    sources: &[(usize, Node)],
) -> (Vec<Lost>, u64) {
    let mut out: Vec<Lost> = Vec::new();
    let mut key = KEY_START;
    let mut stack = Vec::new();
    for &(t, node) in sources {
        let trail = &trails[t];
        let mut seen: Bits = [0; super::WORDS];
        stack.push(node);
        while let Some(n) = stack.pop() {
            if super::bit(&seen, n.index()) {
                continue;
            }
            super::set_bit(&mut seen, n.index());
            key = with_node(key, n);
            let lost = match trail.cause_of(n) {
                Cause::LastInCell => Some(Lost::Cell(n.cell())),
                Cause::LastInUnit(unit) => Some(Lost::Places(usize::from(unit), n.digit())),
                _ => None,
            };
            if let Some(lost) = lost
                && !out.contains(&lost)
            {
                out.push(lost);
            }
            trail.push_parents(state, n, &mut stack);
        }
    }
    (out, key)
}

/// A nested chain's key: its nodes added in any order, then its removals.
const KEY_START: u64 = 0xcbf2_9ce4_8422_2325;

fn with_node(key: u64, n: Node) -> u64 {
    key.wrapping_add(
        (u64::from(n.0) + 1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(17),
    )
}

fn with_removals(key: u64, removals: &[Node]) -> u64 {
    removals.iter().fold(key, |k, r| {
        (k ^ u64::from(r.0)).wrapping_mul(0x100_0000_01b3)
    })
}

impl Nested {
    /// Static forcing chains and loops (level 2), as SE lists them: over
    /// one digit's links (X-cycles, forcing X-chains), over cell links
    /// with units' only to turn candidates off (Y-cycles, from cells of two
    /// candidates), then over all static links; each start's loops before
    /// its forcing chains, a candidate assumed true that turns itself off,
    /// or false that turns itself on.
    fn static_chains(&mut self, c: &Candidates, trails: &mut TrailList) -> Vec<Conclusion> {
        let mut out = Vec::new();
        let strong = StrongLinks::new(c);
        let x_chains: Vec<Rc<XChains>> = (1..=9u8).map(|d| self.x_chains(c, &strong, d)).collect();
        let reach = self.scratch.static_reach(c, &strong, Links::STATIC);
        for (cell_links, unit_links) in [(false, true), (true, false), (true, true)] {
            let single = !cell_links;
            let (loop_base, chain_base) = if cell_links && unit_links {
                (70, 70)
            } else {
                (65, 66)
            };
            // No forcing chain has Y-links alone (odd and even at once).
            let chains = unit_links;
            // The next place of each digit, in the X-chains' answers.
            let mut place = [0; 10];
            for cell in 0..81 {
                for d in digits(c.mask(cell)) {
                    if self.scratch.out_of_work() {
                        return out;
                    }
                    let source = Node::new(cell, d, true);
                    // With unit links SE's search for loops follows the
                    // nodes the source reaches, known here: it finds one
                    // that eliminates anything only where `may_loop` says.
                    let searched = match (cell_links, unit_links) {
                        (false, _) => x_chains[usize::from(d) - 1].loops.contains(cell),
                        (true, true) => may_loop(c, source, &reach, true),
                        (true, false) => is_two_digits(c.mask(cell)),
                    };
                    if unit_links && !searched {
                        debug_assert!(
                            cycles(
                                c,
                                &strong,
                                source,
                                (cell_links, unit_links),
                                &mut self.cycle_room
                            )
                            .0
                            .iter()
                            .all(|l| super::loop_eliminations(c, &l.path).is_empty())
                        );
                    }
                    if searched {
                        let (found, work) = cycles(
                            c,
                            &strong,
                            source,
                            (cell_links, unit_links),
                            &mut self.cycle_room,
                        );
                        // With unit links the loops follow the propagation
                        // of the forcing chain from `source`, counted there.
                        if !unit_links {
                            self.scratch.add_work(work);
                        }
                        for (index, FoundLoop { path, relies }) in found.into_iter().enumerate() {
                            let removals: Vec<Node> = super::loop_eliminations(c, &path)
                                .into_iter()
                                .map(|e| Node::new(e.cell.into(), e.digit, false))
                                .collect();
                            if removals.is_empty() {
                                continue;
                            }
                            let key = path.iter().fold(KEY_START, |k, &n| with_node(k, n));
                            let key = with_removals(key, &removals);
                            let complexity = path.len() as u32;
                            out.push(Conclusion {
                                rating: loop_base + length_difficulty(complexity),
                                complexity,
                                removals,
                                relies,
                                key,
                                what: What::Loop {
                                    source,
                                    cell_links,
                                    unit_links,
                                    index: index as u16,
                                },
                            });
                        }
                    }
                    if !chains {
                        continue;
                    }
                    let links = Links {
                        digit: single.then_some(d),
                        ..Links::STATIC
                    };
                    for on in [true, false] {
                        if self.scratch.out_of_work() {
                            return out;
                        }
                        let start = Node::new(cell, d, on);
                        let missed = if single {
                            let at = 2 * place[usize::from(d)] + usize::from(!on);
                            x_chains[usize::from(d) - 1].work[at].map(u64::from)
                        } else {
                            reach.work(start)
                        };
                        if single && !on {
                            place[usize::from(d)] += 1;
                        }
                        if let Some(work) = missed {
                            self.scratch.add_work(work);
                            continue;
                        }
                        // It reaches its start the other way: followed in
                        // full, for what rating it needs.
                        let t = self
                            .scratch
                            .run_until(c, start, links, &mut Nothing, Stop::Start);
                        let (Some(x), Some((last, _))) = (t.contradiction, t.last) else {
                            self.scratch.recycle(t);
                            continue;
                        };
                        trails.push(t);
                        out.push(Conclusion::new(
                            family::removals(c, start.opposite()),
                            (chain_base + length_difficulty(x.side), x.side),
                            What::Static { start, links },
                            (c, trails, &[(trails.len() - 1, last)]),
                            None,
                        ));
                    }
                }
            }
        }
        // Static cell and region chains on this grid come next, when these
        // conclude nothing new.
        self.scratch.keep_static_reach(c, reach);
        out
    }

    /// The X-chains from the places of `digit` in `c`, from the answers or
    /// found.
    fn x_chains(&mut self, c: &Candidates, strong: &StrongLinks, digit: u8) -> Rc<XChains> {
        let key = (digit, c.cells_of(digit));
        if let Some(reaches) = self.answers.x_chains.get(&key) {
            return Rc::clone(reaches);
        }
        let links = Links {
            digit: Some(digit),
            ..Links::STATIC
        };
        let reach = self.scratch.static_reach(c, strong, links);
        let places = key.1;
        let reaches = Rc::new(XChains {
            work: places
                .iter()
                .flat_map(|cell| [true, false].map(|on| Node::new(cell, digit, on)))
                // One digit's trail follows at most its 162 nodes.
                .map(|start| reach.work(start).map(|work| work as u16))
                .collect(),
            loops: places
                .iter()
                .filter(|&cell| {
                    let source = Node::new(cell, digit, true);
                    may_loop(c, source, &reach, false)
                })
                .fold(CellSet::EMPTY, |set, cell| set | CellSet::single(cell)),
        });
        self.scratch.give_back_reach(reach);
        if self.answers.x_chains.len() >= MAX_X_CHAINS {
            self.answers.x_chains.clear();
        }
        self.answers.x_chains.insert(key, Rc::clone(&reaches));
        reaches
    }

    /// The hints of a family of chains on `c`, in SE's order, each once.
    fn family(
        &mut self,
        c: &Candidates,
        links: Links,
        base: u16,
        trails: &mut TrailList,
    ) -> Vec<Conclusion> {
        let mut hints = Vec::new();
        let inside: &mut dyn Inside = if links.level >= 1 {
            &mut plus::Plus
        } else {
            &mut Nothing
        };
        let all = family::hints(c, links, true, None, &mut self.scratch, inside, &mut hints);
        let trail_of = |n: Node| all.index(n);
        let mut out = Vec::new();
        for h in family::se_list(c, &hints, base) {
            let ends = |starts: &mut dyn Iterator<Item = Option<usize>>| -> Vec<(usize, Node)> {
                starts.flatten().map(|t| (t, h.conclusion)).collect()
            };
            let (sources, premise) = match h.kind {
                Kind::Contradiction(start) => {
                    let x = h.via.expect("a contradiction's candidate");
                    let sides =
                        trail_of(start).map_or_else(Vec::new, |t| vec![(t, x), (t, x.opposite())]);
                    (sides, None)
                }
                Kind::Double(start) => (
                    ends(&mut [trail_of(start), trail_of(start.opposite())].into_iter()),
                    None,
                ),
                Kind::Cell(cell) => (
                    ends(&mut digits(c.mask(cell)).map(|d| trail_of(Node::new(cell, d, true)))),
                    Some(Lost::Cell(cell)),
                ),
                Kind::Region(unit, d) => (
                    ends(
                        &mut c
                            .places(unit, d)
                            .iter()
                            .map(|cell| trail_of(Node::new(cell, d, true))),
                    ),
                    Some(Lost::Places(unit, d)),
                ),
            };
            out.push(Conclusion::new(
                family::removals(c, h.conclusion),
                (h.rating(base), h.complexity()),
                What::Family {
                    links,
                    kind: h.kind,
                    conclusion: h.conclusion,
                    via: h.via,
                },
                (c, &all.list, &sources),
                premise,
            ));
        }
        trails.extend(all.list);
        out
    }
}

/// A loop: its nodes from the source, and the cells and units its links
/// rely on.
pub(super) struct FoundLoop {
    pub(super) path: Vec<Node>,
    relies: Vec<Lost>,
}

impl FoundLoop {
    /// A loop found at the top level, where nothing was removed to rely on.
    pub(super) fn new(path: Vec<Node>) -> FoundLoop {
        FoundLoop {
            path,
            relies: Vec::new(),
        }
    }
}

/// Whether [`cycles`] from `source` with unit links (and cell links if
/// `cell_links`) may find a loop that eliminates anything, given the
/// static reach of the same links (what SE's search follows): only if the
/// source's part may hold such a loop
/// ([`StaticReach::loops_eliminate`]), and a candidate on that the source
/// reaches, other than the source, turns off one whose being off turns the
/// source on.
fn may_loop(c: &Candidates, source: Node, reach: &StaticReach, cell_links: bool) -> bool {
    debug_assert!(source.on());
    if !reach.loops_eliminate(source) {
        return false;
    }
    // A source with no link reaches nothing else.
    let Some(reach) = reach.reach(source) else {
        return false;
    };
    // Whether a candidate on among them, other than the source, turns off
    // `partner`.
    let closes = |partner: Node| {
        let (cell, d) = (partner.cell(), partner.digit());
        let same_cell = if cell_links {
            c.mask(cell) & !(1 << d)
        } else {
            0
        };
        // The places of the digit on in the reach (which holds only
        // candidates), but the source.
        let mut in_units = PEERS[cell] & cells_at(reach, reach_bit(Node::new(0, d, true)));
        if d == source.digit() {
            in_units = in_units - CellSet::single(source.cell());
        }
        !in_units.is_empty()
            || digits(same_cell)
                .map(|v| Node::new(cell, v, true))
                .any(|n| n != source && super::bit(reach, reach_bit(n)))
    };
    // The source's partners, as `off_to_on` finds those the source's being
    // off turns on: the other candidate of its cell if two, the other place
    // of its digit in a unit if two.
    let (cell, d) = (source.cell(), source.digit());
    let mask = c.mask(cell);
    (cell_links
        && is_two_digits(mask)
        && closes(Node::new(
            cell,
            (mask & !(1 << d)).trailing_zeros() as u8,
            false,
        )))
        || super::se_units(cell).into_iter().any(|unit| {
            let places = c.places(unit, d);
            places.is_pair()
                && (places - CellSet::single(cell))
                    .first()
                    .is_some_and(|other| closes(Node::new(other, d, false)))
        })
}

/// The lists [`cycles`] works in, kept from search to search: a level's
/// chains search for loops from many candidates of every grid they reach.
#[derive(Default)]
pub(super) struct CycleRoom {
    partners: Vec<(Node, Lost)>,
    tree: Vec<TreeNode>,
    links: Vec<(Node, Lost)>,
}

/// A node of the tree of SE's search for loops, and the link that
/// reached it.
struct TreeNode {
    node: Node,
    parent: usize,
    lost: Lost,
}

/// The loops SE's static chaining finds from `source` (on), and the work
/// done. SE searches breadth first, following a candidate turned on once
/// and one turned off again for each candidate on that turns it off; a
/// loop is every way back to the source of four links or more. Turned off
/// again a candidate adds no new node, only a way back: so the search here
/// follows each node once, and a loop is every candidate on (but the
/// source) that turns off a candidate whose being off turns the source on,
/// when that candidate is not one of its ancestors.
pub(super) fn cycles(
    c: &Candidates,
    strong: &StrongLinks,
    source: Node,
    (cell_links, unit_links): (bool, bool),
    room: &mut CycleRoom,
) -> (Vec<FoundLoop>, u64) {
    let CycleRoom {
        partners,
        tree,
        links,
    } = room;
    // The candidates whose being off turns the source on, and how: those
    // the source's being off turns on (the links are strong both ways).
    off_to_on(c, source.opposite(), (cell_links, unit_links), partners);
    for (node, _) in partners.iter_mut() {
        *node = node.opposite();
    }
    if partners.is_empty() {
        return (Vec::new(), 0);
    }
    let mut seen = [0u64; super::WORDS];
    super::set_bit(&mut seen, source.index());
    tree.clear();
    tree.push(TreeNode {
        node: source,
        parent: usize::MAX,
        // Never read: the source is reached by no link.
        lost: Lost::Cell(source.cell()),
    });
    let is_ancestor = |tree: &[TreeNode], mut at: usize, node: Node| {
        while tree[at].parent != usize::MAX {
            at = tree[at].parent;
            if tree[at].node == node {
                return true;
            }
        }
        false
    };
    let mut found = Vec::new();
    // On and off nodes come in turns, so one queue keeps SE's order.
    let mut next = 0;
    while next < tree.len() {
        let at = next;
        next += 1;
        let node = tree[at].node;
        if node.on() {
            on_to_off(c, node, cell_links, links);
        } else if strong.turns_on(node, cell_links, unit_links) {
            off_to_on(c, node, (cell_links, unit_links), links);
        } else {
            // Most off nodes: nothing to look at.
            links.clear();
        }
        for &(to, lost) in links.iter() {
            if node.on()
                && at != 0
                && let Some(&(_, closing)) = partners.iter().find(|(q, _)| *q == to)
                && !is_ancestor(tree, at, to)
            {
                found.push(loop_of(tree, at, (to, lost), closing));
            }
            if !super::bit(&seen, to.index()) {
                super::set_bit(&mut seen, to.index());
                tree.push(TreeNode {
                    node: to,
                    parent: at,
                    lost,
                });
            }
        }
    }
    (found, tree.len() as u64)
}

/// The loop through the search's node `at`, then `last` (reached from it),
/// closed back to the source by the link `closing`.
fn loop_of(tree: &[TreeNode], mut at: usize, last: (Node, Lost), closing: Lost) -> FoundLoop {
    let mut path = vec![last.0];
    let mut relies = vec![closing];
    if last.1 != closing {
        relies.push(last.1);
    }
    loop {
        path.push(tree[at].node);
        if tree[at].parent == usize::MAX {
            break;
        }
        if !relies.contains(&tree[at].lost) {
            relies.push(tree[at].lost);
        }
        at = tree[at].parent;
    }
    path.reverse();
    FoundLoop { path, relies }
}

/// The loop of a [`What::Loop`] on `state`, told from its first link: from
/// the candidate the source turns off round to the source, which turns it
/// off again.
pub(crate) fn loop_path(
    state: &Candidates,
    source: Node,
    (cell_links, unit_links): (bool, bool),
    index: u16,
) -> Vec<Node> {
    let strong = StrongLinks::new(state);
    let (found, _) = cycles(
        state,
        &strong,
        source,
        (cell_links, unit_links),
        &mut CycleRoom::default(),
    );
    let mut path = found
        .into_iter()
        .nth(usize::from(index))
        .expect("a loop found before is found again")
        .path;
    path.rotate_left(1);
    path
}

/// What a candidate on turns off, in SE's order: its cell's other
/// candidates (with cell links), then its digit in its box, row, column.
fn on_to_off(c: &Candidates, n: Node, cell_links: bool, out: &mut Vec<(Node, Lost)>) {
    let (cell, d) = (n.cell(), n.digit());
    out.clear();
    if cell_links {
        for v in digits(c.mask(cell) & !(1 << d)) {
            out.push((Node::new(cell, v, false), Lost::Cell(cell)));
        }
    }
    let mut done = CellSet::single(cell);
    for unit in super::se_units(cell) {
        for other in (c.places(unit, d) - done).iter() {
            done.insert(other);
            out.push((Node::new(other, d, false), Lost::Places(unit, d)));
        }
    }
}

/// What a candidate off turns on, in SE's order: its cell's other
/// candidate if two (cell links), the other place of its digit in its box,
/// row, column if two (unit links).
fn off_to_on(
    c: &Candidates,
    n: Node,
    (cell_links, unit_links): (bool, bool),
    out: &mut Vec<(Node, Lost)>,
) {
    let (cell, d) = (n.cell(), n.digit());
    out.clear();
    let mask = c.mask(cell);
    if cell_links && is_two_digits(mask) {
        for v in digits(mask & !(1 << d)) {
            out.push((Node::new(cell, v, true), Lost::Cell(cell)));
        }
    }
    if unit_links {
        for unit in super::se_units(cell) {
            let places = c.places(unit, d);
            if places.is_pair()
                && let Some(other) = (places - CellSet::single(cell)).first()
            {
                let node = Node::new(other, d, true);
                if !out.iter().any(|(m, _)| *m == node) {
                    out.push((node, Lost::Places(unit, d)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::trail::ReachRoom;
    use super::*;
    use crate::grid::Grid;

    /// Grids made from grids without static chains by removing candidates
    /// at random: where `new_links_may_conclude` says no, static chains
    /// conclude nothing, and its count of work is at most theirs.
    #[test]
    fn static_chains_conclude_only_where_new_links_may_let_them() {
        use super::super::super::step::Words;
        use super::super::Chainer;
        let mut rng = crate::rng::Rng::new(7);
        let mut nested = Nested::new(2, false, Default::default(), Default::default());
        let mut room = NewLinkRoom::default();
        let (mut skipped, mut concluded) = (0, 0);
        for puzzle in super::super::TEST_PUZZLES {
            // The puzzle's grid once static chains have nothing left.
            let mut start = Candidates::from_grid(&puzzle.parse::<Grid>().unwrap()).unwrap();
            let mut chainer = Chainer::new(None);
            while let Some(step) = chainer.static_chains(&start, Words::Bare) {
                step.apply(&mut start);
            }
            for round in 0..200 {
                let mut state = start.clone();
                for cell in 0..81 {
                    for d in digits(state.mask(cell)) {
                        if state.mask(cell).count_ones() > 1 && rng.below(10 + round % 90) == 0 {
                            state.eliminate(cell, d);
                        }
                    }
                }
                let (may, work) = new_links_may_conclude(&start, &state, &mut room);
                nested.scratch.start_work(None);
                let mut trails = TrailList::new();
                let found = nested.static_chains(&state, &mut trails);
                for t in trails {
                    nested.scratch.recycle(t);
                }
                if !may {
                    assert!(found.is_empty(), "{puzzle} {state:?}");
                    assert!(work <= nested.scratch.work(), "{puzzle} {state:?}");
                    skipped += 1;
                }
                concluded += usize::from(!found.is_empty());
            }
        }
        // Both kinds are common: the test would catch a wrong answer.
        assert!(skipped > 100 && concluded > 100, "{skipped} {concluded}");
    }

    #[test]
    fn loops_that_eliminate_are_found_only_where_may_loop_allows() {
        let mut room = ReachRoom::default();
        // One for every search, as the chains keep it.
        let mut cycle_room = CycleRoom::default();
        let (mut skipped, mut searched, mut found) = (0, 0, 0);
        for puzzle in super::super::TEST_PUZZLES {
            let c = Candidates::from_grid(&puzzle.parse::<Grid>().unwrap()).unwrap();
            let strong = StrongLinks::new(&c);
            let all = StaticReach::new(&c, &strong, Links::STATIC, &mut room);
            for d in 1..=9u8 {
                let x_links = Links {
                    digit: Some(d),
                    ..Links::STATIC
                };
                let x = StaticReach::new(&c, &strong, x_links, &mut room);
                for cell in c.cells_of(d).iter() {
                    let source = Node::new(cell, d, true);
                    for (reach, cell_links) in [(&x, false), (&all, true)] {
                        let (loops, _) =
                            cycles(&c, &strong, source, (cell_links, true), &mut cycle_room);
                        let eliminate = loops
                            .iter()
                            .any(|l| !super::super::loop_eliminations(&c, &l.path).is_empty());
                        if may_loop(&c, source, reach, cell_links) {
                            searched += 1;
                            found += usize::from(eliminate);
                        } else {
                            assert!(!eliminate, "{source}");
                            skipped += 1;
                        }
                    }
                }
            }
        }
        assert!(
            skipped > searched && found > 0,
            "{skipped} {searched} {found}"
        );
    }
}
