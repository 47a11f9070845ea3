//! Nested forcing chains (Sudoku Explainer's "Dynamic Forcing Chains (+
//! Forcing Chains)", 9.5): dynamic forcing chains (+) which, when nothing
//! else is left to follow, run static forcing chains on the grid as the
//! outer chain has changed it and take their conclusions as links.
//!
//! An inner chain starts from a candidate still on that grid. When
//! assuming it true (or false) contradicts itself there, the candidate is
//! false (or true) for the rest of the outer chain. Every inner link made
//! strong by a candidate the outer chain removed needs that removal, so the
//! conclusion's ancestors are the inner chain's nodes and the outer nodes
//! behind those removals: its length counts in the rating, as SE counts
//! nested chains in the total length.

use super::super::Candidates;
use super::super::cells::digits;
use super::super::step::{Step, Technique, Words};
use super::{Bits, Chainer, Node, Reach, Rules, WORDS, bit, conflict_parents};

/// The chains run inside a nested one, on the grid as it has changed it:
/// each gives a level of nesting, and a technique of its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Inner {
    /// Static forcing chains (SE's "+ Forcing Chains", 9.5).
    Static,
    /// Dynamic forcing chains (SE's "+ Dynamic Forcing Chains", 10.5).
    Dynamic,
}

impl Inner {
    fn rules(self) -> Rules {
        match self {
            Inner::Static => Rules::Static,
            Inner::Dynamic => Rules::Dynamic {
                digit: None,
                plus: false,
                nested: None,
            },
        }
    }

    pub(super) fn technique(self) -> Technique {
        match self {
            Inner::Static => Technique::NestedForcingChains,
            Inner::Dynamic => Technique::NestedDynamicForcingChains,
        }
    }
}

/// A node an inner chain proves on the outer chain's grid.
struct Conclusion {
    node: Node,
    /// The inner chain's nodes and the outer ones it needs.
    ancestors: Bits,
    proof: Proof,
}

/// The inner chain behind a nested conclusion: told only if a step uses
/// it, by following it again (most conclusions are never told).
pub(super) struct Proof {
    base: Candidates,
    state: Candidates,
    start: Node,
    rules: Rules,
}

impl Proof {
    /// The inner chain told, by following it again.
    pub(super) fn told(&self) -> super::tell::InnerTold {
        super::tell::tell_inner(&self.base, &self.state, self.start, self.rules)
    }
}

impl Chainer {
    /// Nested forcing chains (9.5 with static forcing chains inside, 10.5
    /// with dynamic ones): contradictions, double implications and cell and
    /// region chains, dynamic with intersections and `inner` chains inside.
    pub fn nested_chains(&mut self, c: &Candidates, inner: Inner, words: Words) -> Option<Step> {
        let rules = Rules::Dynamic {
            digit: None,
            plus: true,
            nested: Some(inner),
        };
        self.dynamic_family(c, rules, inner.technique(), words)
    }

    /// Adds what forcing chains prove on `state`, the grid as the outer
    /// propagation `reach` has left it; true on a contradiction.
    pub(super) fn add_nested(
        &mut self,
        reach: &mut Reach,
        state: &mut Candidates,
        base: &Candidates,
        rules: Rules,
        inner: Inner,
    ) -> bool {
        let conclusions = self.inner_conclusions(base, state, reach, inner);
        for conclusion in conclusions {
            if reach.has(conclusion.node) {
                continue;
            }
            // Told as following the latest outer node it needs.
            let parent = self
                .queue
                .iter()
                .rev()
                .find(|n| bit(&conclusion.ancestors, n.index()))
                .map_or(reach.start.0, |n| n.0);
            if let Some(detail) = reach.detail.as_deref_mut() {
                detail.why[conclusion.node.index()] = super::Why::Nested;
            }
            reach.nested.push((conclusion.node, conclusion.proof));
            if self.add(
                reach,
                state,
                rules,
                conclusion.node,
                conclusion.ancestors,
                parent,
            ) {
                return true;
            }
        }
        false
    }

    /// Every candidate of `state` (not already on in `reach`) whose
    /// assumption, true or false, contradicts itself under `kind`'s links
    /// on `state`: the opposite holds.
    fn inner_conclusions(
        &mut self,
        base: &Candidates,
        state: &Candidates,
        reach: &Reach,
        kind: Inner,
    ) -> Vec<Conclusion> {
        let mut inner = self
            .inner
            .take()
            .unwrap_or_else(|| Box::new(Chainer::new(None)));
        inner.ensure_scratch();
        // A removed candidate's off node leads back into the outer chain.
        for cell in 0..81 {
            for d in digits(base.mask(cell) & !state.mask(cell)) {
                let off = Node::new(cell, d, false);
                if reach.has(off) {
                    inner.ancestors[off.index()] = self.ancestors[off.index()];
                }
            }
        }
        let mut conclusions = Vec::new();
        'cells: for cell in (0..81).filter(|&cell| state.mask(cell).count_ones() >= 2) {
            for d in digits(state.mask(cell)) {
                if self.out_of_work() {
                    break 'cells;
                }
                let on = Node::new(cell, d, true);
                if reach.has(on) {
                    continue;
                }
                for start in [on, on.opposite()] {
                    let inner_reach = inner.propagate_from(base, state, start, kind.rules());
                    // The inner chains' work is the outer chain's.
                    self.work += std::mem::take(&mut inner.work);
                    if let Some(conclusion) = inner.conclusion(base, state, &inner_reach, kind) {
                        conclusions.push(conclusion);
                        break;
                    }
                }
            }
        }
        self.inner = Some(inner);
        conclusions
    }

    /// The opposite of the start of `reach`, made on `state` by `kind`'s
    /// links, if it contradicted itself.
    fn conclusion(
        &self,
        base: &Candidates,
        state: &Candidates,
        reach: &Reach,
        kind: Inner,
    ) -> Option<Conclusion> {
        let (conflict, _) = reach.contradiction?;
        let mut ancestors = [0u64; WORDS];
        for p in conflict_parents(base, conflict) {
            for (w, x) in ancestors.iter_mut().zip(&self.ancestors[p.index()]) {
                *w |= x;
            }
        }
        let start = reach.start;
        Some(Conclusion {
            node: start.opposite(),
            ancestors,
            proof: Proof {
                base: base.clone(),
                state: state.clone(),
                start,
                rules: kind.rules(),
            },
        })
    }
}
