//! Chains told for people. A search keeps only what it needs to rate a
//! chain; the chain chosen for a step is propagated again with every
//! node's parents and reason kept ([`Chainer::detailed`]), and told from
//! that: each branch lists the nodes its end needs, in an order where each
//! follows from nodes before it, with the reason it follows (`the only
//! place left for 3 in box 1`); a node proved by a chain nested inside
//! comes with that chain, told the same way.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt::Write as _;

use super::super::Candidates;
use super::super::cells::{
    BOX, CellName, PEERS, UNIT_CELLS, UnitName, cannot_be, cells_and, digits_or, row_of, units_of,
};
use super::super::step::{Candidate, ChainNode, House, Technique, chain_sections};
use super::{Chainer, Node, Reach, Rules, Why};

/// How a chain finding is told, kept until the step is described.
pub(super) enum Tale {
    /// The assumption `start` contradicts itself under `rules`.
    Contradiction { start: Node, rules: Rules },
    /// Every start leads to `node`, and one of the starts holds.
    Common {
        starts: Vec<Node>,
        node: Node,
        premise: Premise,
        rules: Rules,
    },
    /// A loop of static links: `path` from its start round to the node
    /// before the start again.
    Loop { path: Vec<Node>, rules: Rules },
}

/// Why one of the starts of a [`Tale::Common`] holds.
#[derive(Clone, Copy)]
pub(super) enum Premise {
    /// A candidate is true or false.
    Either(Candidate),
    /// A cell holds one of its candidates.
    Cell(usize),
    /// A digit goes in one of its places in a unit.
    Region(usize, u8),
}

/// A chain step told: its text (a headline, then a line per node), its
/// branches, the cells they go through, the houses their links use, and
/// the digit of a single-digit chain.
pub(super) struct Told {
    pub text: String,
    pub chains: Vec<Vec<ChainNode>>,
    pub cells: Vec<u8>,
    pub houses: Vec<House>,
    pub digit: Option<u8>,
}

/// Tells a chain step of `technique` found on `c`, which places
/// `placements` and eliminates `eliminations`, as `tale` says.
pub(super) fn tell(
    c: &Candidates,
    technique: Technique,
    tale: &Tale,
    placements: &[Candidate],
    eliminations: &[Candidate],
) -> Told {
    let mut text = String::new();
    let mut chains = Vec::new();
    let mut cells: Vec<u8> = Vec::new();
    let mut houses: Vec<House> = Vec::new();
    let name = named(technique, tale);
    match *tale {
        Tale::Contradiction { start, rules } => {
            let reach = Chainer::detailed().propagate(c, start, rules);
            contradiction_told(
                &name,
                &reach,
                &mut text,
                &mut chains,
                &mut cells,
                &mut houses,
            );
        }
        Tale::Common {
            ref starts,
            node,
            premise,
            rules,
        } => {
            let reaches: Vec<Reach> = starts
                .iter()
                .map(|&start| Chainer::detailed().propagate(c, start, rules))
                .collect();
            common_told(
                &name,
                &reaches,
                node,
                premise,
                &mut text,
                &mut chains,
                &mut cells,
                &mut houses,
            );
        }
        Tale::Loop { ref path, rules } => {
            let reach = super::levels::loop_reach(c, path, rules);
            let mut teller = Teller::new(&reach);
            let (account, chain) = teller.loop_chain(path);
            let _ = write!(
                text,
                "{name}: the links below close a loop, so each holds both ways: of two cells \
                 a digit links in a house, one holds it, and of two digits linked in a cell, \
                 the cell holds one. So {}",
                loop_eliminations_told(path, eliminations)
            );
            chains.push(chain);
            teller.pattern(&account, &mut cells, &mut houses);
            write_sections(&chains, "  ", &mut text);
        }
    }
    debug_assert!(placements.len() + eliminations.len() == 1 || matches!(tale, Tale::Loop { .. }));
    Told {
        text,
        chains,
        cells,
        houses,
        digit: single_digit(tale),
    }
}

/// A contradiction told from its propagation, made to be told.
fn contradiction_told(
    name: &str,
    reach: &Reach,
    text: &mut String,
    chains: &mut Vec<Vec<ChainNode>>,
    cells: &mut Vec<u8>,
    houses: &mut Vec<House>,
) {
    let start = reach.start;
    let mut teller = Teller::new(reach);
    let (ends, ending) = teller.contradiction();
    let _ = write!(
        text,
        "{name}: if {}, {ending}; so {}",
        supposed(start),
        concluded(start.opposite())
    );
    for &end in &ends {
        let account = teller.account(&[end]);
        chains.push(teller.chain(&account));
        teller.pattern(&account, cells, houses);
    }
    write_sections(chains, "  ", text);
    let _ = write!(text, "\n  So {ending}: a contradiction.");
}

/// A conclusion every branch reaches, told from the branches'
/// propagations, made to be told.
#[allow(clippy::too_many_arguments)]
fn common_told(
    name: &str,
    reaches: &[Reach],
    node: Node,
    premise: Premise,
    text: &mut String,
    chains: &mut Vec<Vec<ChainNode>>,
    cells: &mut Vec<u8>,
    houses: &mut Vec<House>,
) {
    let starts: Vec<Node> = reaches.iter().map(|r| r.start).collect();
    let what = concluded(node);
    let _ = write!(text, "{name}: {} {what}", premised(premise, &starts));
    for reach in reaches {
        let mut teller = Teller::new(reach);
        let account = teller.account(&[node]);
        chains.push(teller.chain(&account));
        teller.pattern(&account, cells, houses);
    }
    write_sections(chains, "  ", text);
    let _ = write!(
        text,
        "\n  Every case ends in {}, so it holds.",
        stated(node)
    );
}

/// A chain step whose propagations are made already, to be told (those of
/// trails, [`super::levels`]).
pub(super) enum Reached {
    /// The start of the propagation contradicts itself.
    Contradiction(Box<Reach>),
    /// Every propagation reaches `node`, and one of their starts holds.
    Common {
        reaches: Vec<Reach>,
        node: Node,
        premise: Premise,
    },
}

/// Tells a chain step of `technique` from its propagations.
pub(super) fn tell_reached(technique: Technique, reached: &Reached) -> Told {
    let mut text = String::new();
    let mut chains = Vec::new();
    let mut cells: Vec<u8> = Vec::new();
    let mut houses: Vec<House> = Vec::new();
    let name = technique.name();
    match reached {
        Reached::Contradiction(reach) => {
            contradiction_told(name, reach, &mut text, &mut chains, &mut cells, &mut houses);
        }
        Reached::Common {
            reaches,
            node,
            premise,
        } => {
            common_told(
                name,
                reaches,
                *node,
                *premise,
                &mut text,
                &mut chains,
                &mut cells,
                &mut houses,
            );
        }
    }
    Told {
        text,
        chains,
        cells,
        houses,
        // Dynamic chains with chains inside go over every digit.
        digit: None,
    }
}

/// A nested chain told from what it has reached: a contradiction, or a
/// conclusion every one of `reaches` comes to; `outer` the nodes of the
/// outer chain it needs.
pub(super) fn inner_told(reached: &Reached, outer: Vec<Node>) -> InnerTold {
    match reached {
        Reached::Contradiction(reach) => {
            let mut teller = Teller::new(reach);
            let (ends, ending) = teller.contradiction();
            let branches = ends
                .iter()
                .map(|&end| {
                    let account = teller.account(&[end]);
                    teller.chain(&account)
                })
                .collect();
            InnerTold {
                summary: format!("if {}, {ending}", supposed(reach.start)),
                branches,
                outer,
            }
        }
        Reached::Common {
            reaches,
            node,
            premise,
        } => {
            let starts: Vec<Node> = reaches.iter().map(|r| r.start).collect();
            let branches = reaches
                .iter()
                .map(|reach| {
                    let mut teller = Teller::new(reach);
                    let account = teller.account(&[*node]);
                    teller.chain(&account)
                })
                .collect();
            InnerTold {
                summary: format!("{} {}", premised(*premise, &starts), concluded(*node)),
                branches,
                outer,
            }
        }
    }
}

/// The technique's name, with the digit for the single-digit ones and the
/// common term for the chains and loops other solvers name otherwise:
/// `Bidirectional X-Cycle on 2 (X-Cycle, a Continuous Nice Loop)`.
fn named(technique: Technique, tale: &Tale) -> String {
    let mut name = technique.name().to_string();
    if let Some(digit) = single_digit(tale) {
        let _ = write!(name, " on {digit}");
    }
    if let Some(term) = common_term(technique) {
        let _ = write!(name, " ({term})");
    }
    name
}

/// What most solvers and guides call a chain technique Sudoku Explainer
/// names otherwise.
fn common_term(technique: Technique) -> Option<&'static str> {
    Some(match technique {
        Technique::XCycle => "X-Cycle, a Continuous Nice Loop",
        Technique::YCycle => "XY-Cycle, a Continuous Nice Loop",
        Technique::BidirectionalCycle => "AIC loop, a Continuous Nice Loop",
        Technique::ForcingXChain => "X-Chain",
        Technique::ForcingChain => "AIC",
        _ => return None,
    })
}

/// The digit of a chain on one digit (X-cycles, forcing X-chains, Nishio).
fn single_digit(tale: &Tale) -> Option<u8> {
    let rules = match tale {
        Tale::Contradiction { rules, .. }
        | Tale::Common { rules, .. }
        | Tale::Loop { rules, .. } => *rules,
    };
    let start = match tale {
        Tale::Contradiction { start, .. } => *start,
        Tale::Common { starts, .. } => starts[0],
        Tale::Loop { path, .. } => path[0],
    };
    match rules {
        Rules::X | Rules::Dynamic { digit: Some(_), .. } => Some(start.digit()),
        _ => None,
    }
}

/// `r3c2 = 5` or `r3c2 <> 5`.
fn stated(node: Node) -> String {
    let op = if node.on() { "=" } else { "<>" };
    format!("{} {op} {}", CellName(node.cell()), node.digit())
}

/// The assumption as a condition: `r3c2 were 5`.
fn supposed(node: Node) -> String {
    let not = if node.on() { "" } else { "not " };
    format!("{} were {not}{}", CellName(node.cell()), node.digit())
}

/// A node as a conclusion: `r3c2 = 5` or `r3c2 cannot be 5`.
fn concluded(node: Node) -> String {
    if node.on() {
        format!("{} = {}", CellName(node.cell()), node.digit())
    } else {
        format!("{} cannot be {}", CellName(node.cell()), node.digit())
    }
}

/// Why one of the starts holds, and that each leads on: `whatever r4c5
/// holds (1, 6 or 9), it leads to r7c2 <> 3; so`.
fn premised(premise: Premise, starts: &[Node]) -> String {
    let end = "each case leads on to the same conclusion; so";
    match premise {
        Premise::Either(cand) => format!(
            "either {} is {} or it is not, and {end}",
            CellName(cand.cell.into()),
            cand.digit
        ),
        Premise::Cell(cell) => {
            let held = starts.iter().fold(0u16, |m, s| m | 1 << s.digit());
            format!("{} holds {}, and {end}", CellName(cell), digits_or(held))
        }
        Premise::Region(unit, digit) => format!(
            "{digit} goes in {} in one of {}, and {end}",
            UnitName(unit),
            cells_and(starts.iter().map(|s| s.cell()))
        ),
    }
}

/// The link from the last node of a loop back to its start.
fn closing(path: &[Node]) -> ChainNode {
    let (last, start) = (path[path.len() - 1], path[0]);
    let reason = if last.cell() == start.cell() {
        format!(
            "{} is {}, which closes the loop",
            CellName(last.cell()),
            last.digit()
        )
    } else {
        format!(
            "{} is {}, in the same {}, which closes the loop",
            CellName(last.cell()),
            last.digit(),
            UnitName(shared_unit(last.cell(), start.cell()))
        )
    };
    ChainNode {
        candidate: start.candidate(),
        on: start.on(),
        reason,
        from: vec![(path.len() - 1) as u16],
        inner: Vec::new(),
    }
}

/// Each elimination of a loop with why it holds: the two loop cells it
/// sees, one of which holds its digit (a node on and a node off of that
/// digit: the loop holds both ways). `r5c4 cannot be 2 (it sees r5c1 and
/// r5c7, one of which is 2)`. Told at the loop's weak links first (each now
/// strong), in the loop's order, then at any two such nodes; each
/// elimination once.
fn loop_eliminations_told(path: &[Node], eliminations: &[Candidate]) -> String {
    let sees = |n: Node, e: &Candidate| {
        n.digit() == e.digit && PEERS[n.cell()].contains(usize::from(e.cell))
    };
    let next = path.iter().cycle().skip(1);
    let weak_links = path
        .iter()
        .zip(next)
        .filter(|(p, q)| p.on() && p.cell() != q.cell());
    let any_two = path
        .iter()
        .filter(|p| p.on())
        .flat_map(|p| path.iter().filter(|q| !q.on()).map(move |q| (p, q)));
    let mut told: Vec<Candidate> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    for (&p, &q) in weak_links.chain(any_two) {
        let lost: Vec<Candidate> = eliminations
            .iter()
            .filter(|e| !told.contains(e) && sees(p, e) && sees(q, e))
            .copied()
            .collect();
        if lost.is_empty() {
            continue;
        }
        let who = if lost.len() == 1 {
            "it sees"
        } else {
            "each sees"
        };
        parts.push(format!(
            "{} ({who} {} and {}, one of which is {})",
            cannot_be(&lost),
            CellName(p.cell()),
            CellName(q.cell()),
            p.digit()
        ));
        told.extend(lost);
    }
    parts.join("; ")
}

/// The first unit (row, column, box) two peers share.
fn shared_unit(a: usize, b: usize) -> usize {
    let theirs = units_of(b);
    units_of(a)
        .into_iter()
        .find(|u| theirs.contains(u))
        .expect("peers share a unit")
}

/// Some nodes of a propagation told in order: each with its reason, the
/// positions of the nodes it follows from, and the chain that proves it
/// if a nested chain does.
struct Account {
    nodes: Vec<Node>,
    reasons: Vec<String>,
    from: Vec<Vec<u16>>,
}

/// A nested chain told: what it shows, a branch to each side of its
/// contradiction, and the nodes of the outer chain it needs.
#[derive(Clone)]
pub(super) struct InnerTold {
    summary: String,
    branches: Vec<Vec<ChainNode>>,
    outer: Vec<Node>,
}

/// A loop nested in a chain, told for the elimination `node` of the outer
/// chain: `path` starts at a candidate turned off and ends at the node that
/// turns it off again (see [`closing`]).
pub(super) fn inner_loop_told(
    reach: &Reach,
    path: &[Node],
    node: Node,
    outer: Vec<Node>,
) -> InnerTold {
    let (_, chain) = Teller::new(reach).loop_chain(path);
    InnerTold {
        summary: format!(
            "the links below close a loop, so each holds both ways; so {}",
            loop_eliminations_told(path, &[node.candidate()])
        ),
        branches: vec![chain],
        outer,
    }
}

/// Tells the nodes of one detailed propagation.
struct Teller<'a> {
    reach: &'a Reach,
    /// The nested chains told so far, by the node they prove.
    inner: HashMap<u16, InnerTold>,
}

impl<'a> Teller<'a> {
    fn new(reach: &'a Reach) -> Teller<'a> {
        Teller {
            reach,
            inner: HashMap::new(),
        }
    }

    /// A loop's `path` told as a chain, from where it starts to the link
    /// that closes it, with the path's account.
    fn loop_chain(&mut self, path: &[Node]) -> (Account, Vec<ChainNode>) {
        let account = self.path(path);
        let mut chain = self.chain(&account);
        chain[0].reason = "where the loop starts".to_string();
        chain.push(closing(path));
        (account, chain)
    }

    fn detail(&self) -> &super::Detail {
        self.reach
            .detail
            .as_deref()
            .expect("a told propagation keeps its detail")
    }

    /// The nodes the contradiction of the propagation comes from, and
    /// the contradiction in words.
    fn contradiction(&self) -> (Vec<Node>, String) {
        let (n, _) = self
            .reach
            .contradiction
            .expect("the propagation of a contradiction contradicts itself");
        let ending = format!(
            "{} would have to be both {} and not {}",
            CellName(n.cell()),
            n.digit(),
            n.digit()
        );
        let ends = [n, n.opposite()]
            .into_iter()
            .filter(|&n| self.reach.has(n))
            .collect();
        (ends, ending)
    }

    /// The nested chain that proves `node`, told once.
    fn inner_of(&mut self, node: Node) -> &InnerTold {
        let reach = self.reach;
        self.inner.entry(node.0).or_insert_with(|| {
            let (_, told) = reach
                .nested
                .iter()
                .find(|(n, _)| *n == node)
                .expect("a nested node has its proof");
            told.clone()
        })
    }

    /// Every node `ends` need, each after the nodes it needs (fewer
    /// ancestors first), with their reasons.
    fn account(&mut self, ends: &[Node]) -> Account {
        let mut needed: Vec<Node> = Vec::new();
        let mut seen = HashMap::new();
        let mut stack: Vec<Node> = ends.to_vec();
        while let Some(node) = stack.pop() {
            if !self.reach.has(node) || seen.insert(node.0, ()).is_some() {
                continue;
            }
            needed.push(node);
            let parents = self.parents(node);
            stack.extend(parents);
        }
        // Each after the nodes it follows from, and otherwise those with
        // fewer ancestors first: shorter reasoning comes first.
        let key = |n: Node| Reverse((self.reach.complexity[n.index()], n.0));
        let mut waiting: HashMap<u16, usize> = HashMap::new();
        let mut followers: HashMap<u16, Vec<Node>> = HashMap::new();
        let mut ready = BinaryHeap::new();
        for &node in &needed {
            let parents: Vec<Node> = self
                .parents(node)
                .into_iter()
                .filter(|p| seen.contains_key(&p.0) && *p != node)
                .collect();
            waiting.insert(node.0, parents.len());
            for p in parents {
                followers.entry(p.0).or_default().push(node);
            }
            if waiting[&node.0] == 0 {
                ready.push((key(node), node.0));
            }
        }
        let mut ordered = Vec::with_capacity(needed.len());
        while let Some((_, index)) = ready.pop() {
            ordered.push(Node(index));
            for &next in followers.get(&index).map_or(&[][..], Vec::as_slice) {
                let left = waiting.get_mut(&next.0).expect("a needed node");
                *left -= 1;
                if *left == 0 {
                    ready.push((key(next), next.0));
                }
            }
        }
        debug_assert_eq!(ordered.len(), needed.len(), "a propagation has no cycle");
        self.told(ordered)
    }

    /// The nodes of `path`, one after another, with their reasons.
    fn path(&mut self, path: &[Node]) -> Account {
        self.told(path.to_vec())
    }

    /// Reasons and links for `nodes`, in their order.
    fn told(&mut self, nodes: Vec<Node>) -> Account {
        let position: HashMap<u16, u16> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.0, i as u16))
            .collect();
        let mut reasons = Vec::with_capacity(nodes.len());
        let mut from = Vec::with_capacity(nodes.len());
        for &node in &nodes {
            reasons.push(self.reason(node));
            let mut premises: Vec<u16> = self
                .parents(node)
                .iter()
                .filter_map(|p| position.get(&p.0).copied())
                .collect();
            premises.sort_unstable();
            premises.dedup();
            from.push(premises);
        }
        Account {
            nodes,
            reasons,
            from,
        }
    }

    /// The nodes `node` follows from: its parents, or for a nested node,
    /// the nodes of this chain the nested one needs.
    fn parents(&mut self, node: Node) -> Vec<Node> {
        match self.detail().why[node.index()] {
            Why::Nested => self.inner_of(node).outer.clone(),
            _ => self.detail().parents[node.index()].clone(),
        }
    }

    /// Why `node` follows, in words.
    fn reason(&mut self, node: Node) -> String {
        let (cell, digit) = (node.cell(), node.digit());
        let parents = self.detail().parents[node.index()].clone();
        match self.detail().why[node.index()] {
            Why::Assumed => "assumed".to_string(),
            Why::Holds => {
                let p = parents[0];
                if p.cell() == cell {
                    format!("{} is {}", CellName(cell), p.digit())
                } else {
                    format!(
                        "{} is {digit}, in the same {}",
                        CellName(p.cell()),
                        UnitName(shared_unit(p.cell(), cell))
                    )
                }
            }
            Why::OnlyInCell => {
                let gone = parents.iter().fold(0u16, |m, p| m | 1 << p.digit());
                format!(
                    "the only candidate left in {}, as it is not {}",
                    CellName(cell),
                    digits_or(gone)
                )
            }
            Why::OnlyInUnit(unit) => {
                let gone = cells_and(parents.iter().map(|p| p.cell()));
                let verb = if parents.len() == 1 { "is" } else { "are" };
                format!(
                    "the only place left for {digit} in {}, as {gone} {verb} not {digit}",
                    UnitName(unit.into())
                )
            }
            Why::Confined(source) => {
                let source = usize::from(source);
                let [row, col, bx] = units_of(cell);
                let target = match source {
                    s if s < BOX => bx,
                    s if row_of(usize::from(UNIT_CELLS[s][0])) / 3 == row / 3 => row,
                    _ => col,
                };
                let gone = cells_and(parents.iter().map(|p| p.cell()));
                let verb = if parents.len() == 1 { "is" } else { "are" };
                format!(
                    "as {gone} {verb} not {digit}, the {digit} of {} is in {}, so no other \
                     cell of {} can be {digit}",
                    UnitName(source),
                    UnitName(target),
                    UnitName(target)
                )
            }
            Why::Pattern(rule, unit) => {
                let pattern = match rule {
                    super::plus::Rule::HiddenPair => "a hidden pair",
                    super::plus::Rule::NakedPair => "a naked pair",
                    _ => "an X-Wing",
                };
                let gone = parents
                    .iter()
                    .map(|&p| stated(p))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("{pattern} in {}, once {gone}", UnitName(unit.into()))
            }
            Why::Nested => {
                let summary = self.inner_of(node).summary.clone();
                format!("by a chain inside this one: {summary}")
            }
        }
    }

    /// The account as chain nodes, nested chains with their branches.
    fn chain(&mut self, account: &Account) -> Vec<ChainNode> {
        let mut chain = Vec::with_capacity(account.nodes.len());
        for (i, &node) in account.nodes.iter().enumerate() {
            let inner = match self.detail().why[node.index()] {
                Why::Nested => self.inner_of(node).branches.clone(),
                _ => Vec::new(),
            };
            chain.push(ChainNode {
                candidate: node.candidate(),
                on: node.on(),
                reason: account.reasons[i].clone(),
                from: account.from[i].clone(),
                inner,
            });
        }
        chain
    }

    /// Adds the cells of the account's nodes and the houses of its links
    /// to `cells` and `houses`, each once.
    fn pattern(&self, account: &Account, cells: &mut Vec<u8>, houses: &mut Vec<House>) {
        for &node in &account.nodes {
            let cell = node.cell() as u8;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
            let house = match self.detail().why[node.index()] {
                Why::OnlyInUnit(unit) | Why::Confined(unit) | Why::Pattern(_, unit) => House(unit),
                _ => continue,
            };
            if !houses.contains(&house) {
                houses.push(house);
            }
        }
    }
}

/// Appends the branches `chains` a line per node (`r3c2 = 5   the only
/// place left for 5 in box 1`), each line after `indent`: merged when they
/// start from the same assumption, else each after a line `If r4c5 = 1:`.
/// A nested chain's nodes follow the node it proves, further in.
fn write_sections(chains: &[Vec<ChainNode>], indent: &str, out: &mut String) {
    let sections = chain_sections(chains);
    let headed = sections.len() > 1;
    for section in sections {
        let mut indent = indent.to_string();
        if headed && let Some((start, _)) = section.first() {
            let _ = write!(out, "\n{indent}If {}:", node_stated(start));
            indent.push_str("  ");
        }
        for (node, _) in section {
            let _ = write!(out, "\n{indent}{:<10} {}", node_stated(node), node.reason);
            if !node.inner.is_empty() {
                write_sections(&node.inner, &format!("{indent}    "), out);
            }
        }
    }
}

/// A chain node as [`stated`] writes a node.
fn node_stated(node: &ChainNode) -> String {
    let op = if node.on { "=" } else { "<>" };
    format!(
        "r{}c{} {op} {}",
        node.candidate.row(),
        node.candidate.col(),
        node.candidate.digit
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_read_as_people_write_them() {
        let node = Node::new(20, 5, true);
        assert_eq!(stated(node), "r3c3 = 5");
        assert_eq!(stated(node.opposite()), "r3c3 <> 5");
        assert_eq!(supposed(node.opposite()), "r3c3 were not 5");
        assert_eq!(concluded(node.opposite()), "r3c3 cannot be 5");
    }
}
