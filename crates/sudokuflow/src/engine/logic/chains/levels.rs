//! Sudoku Explainer's dynamic forcing chains at its nesting levels, found
//! with trails ([`super::trail`]) and rated as SE rates them: level 0 the
//! dynamic forcing chains (8.5), 1 with the "+" techniques inside (9.0),
//! 2 to 5 with forcing chains inside too (9.5, 10.0, 10.5, 11.0).
//!
//! A family's step is its easiest hint: the lowest rating, then the
//! shortest chain, then SE's order of kinds and the order found.

use super::super::Candidates;
use super::super::cells::digits;
use super::super::step::{Difficulty, Step, Technique, Words};
use super::family::{self, Enough, Hint, Kind};
use super::inner::{self, Nested, Source, What};
use super::tell::{self, Premise, Reached};
use super::trail::{Cause, Inside, Links, Nothing, Stop, Trail, TrailScratch};
use super::{Chainer, Detail, NODES, Node, Reach, Rules, Why, plus, set_bit};

/// The technique of SE's dynamic chains at nesting `level`.
pub fn technique(level: u8) -> Technique {
    match level {
        0 => Technique::DynamicForcingChains,
        1 => Technique::DynamicForcingChainsPlus,
        2 => Technique::NestedForcingChains,
        3 => Technique::NestedMultipleForcingChains,
        4 => Technique::NestedDynamicForcingChains,
        _ => Technique::NestedDynamicForcingChainsPlus,
    }
}

/// The nesting level of SE's nested chains (2 to 5), for their techniques.
pub fn nesting_level(technique: Technique) -> Option<u8> {
    (2..=5).find(|&level| self::technique(level) == technique)
}

/// What a level runs inside its trails, keeping (with `told`) what telling
/// nested chains needs.
fn inside(level: u8, told: bool) -> Box<dyn Inside> {
    match level {
        0 => Box::new(Nothing),
        1 => Box::new(plus::Plus),
        _ => Box::new(Nested::new(
            level,
            told,
            Default::default(),
            Default::default(),
        )),
    }
}

impl Chainer {
    /// The dynamic forcing chains of SE's nesting `level` (0-5) on `c`: the
    /// easiest of their contradictions, double chains and cell and region
    /// chains. `None` when there is none, or when the work budget ran out
    /// first ([`Chainer::out_of_work`] then says so).
    pub fn se_chains(&mut self, c: &Candidates, level: u8, words: Words) -> Option<Step> {
        let technique = technique(level);
        let links = Links::DYNAMIC.at_level(level);
        let mut scratch = self.trails.take().unwrap_or_default();
        scratch.start_work(self.budget.map(|b| b.saturating_sub(self.work)));
        let mut hints = Vec::new();
        let base = technique.base_rating().0;
        let enough_rating = match level {
            4.. => self.enough.max(self.nested_dynamic_enough),
            _ => self.enough,
        };
        let enough = (enough_rating.0 >= base).then_some(Enough {
            base,
            rating: enough_rating.0,
            first_cell: usize::from(self.free_cells[usize::from(level)]),
        });
        let mut nested = (level >= 2).then(|| {
            let answers = std::mem::take(&mut self.inner_answers);
            let scratch = self.inner_trails.take().unwrap_or_default();
            let mut nested = Nested::new(level, false, answers, scratch);
            // Level 3 runs after a search here finds nothing; plans for it
            // are made when it would look at every cell, not stop at its
            // first hint.
            if level == 2 && self.enough < self::technique(3).base_rating() {
                nested.plan_for_level_3();
            }
            // The rating has looked for static chains on `c` first.
            if self.static_quiet.as_ref() == Some(c) {
                nested.start_is_quiet();
            }
            nested
        });
        let (mut nothing, mut plus) = (Nothing, plus::Plus);
        let inside: &mut dyn Inside = match &mut nested {
            Some(nested) => nested,
            None if level == 0 => &mut nothing,
            None => &mut plus,
        };
        let trails = family::hints(c, links, true, enough, &mut scratch, inside, &mut hints);
        if let Some(nested) = nested {
            let (answers, scratch) = nested.into_parts();
            (self.inner_answers, self.inner_trails) = (answers, Some(scratch));
        }
        for trail in trails.list {
            scratch.recycle(trail);
        }
        self.work += scratch.work();
        let spent = scratch.out_of_work();
        self.trails = Some(scratch);
        if spent {
            return None;
        }
        let best = hints
            .iter()
            .enumerate()
            .min_by_key(|(i, h)| (h.rating(base), h.complexity(), h.kind.rank(), *i))
            .map(|(_, h)| *h);
        if let Some(enough) = enough {
            let good = best.filter(|h| h.rating(base) <= enough.rating);
            self.note_free(level, good.is_some());
            match good.map(|h| h.kind) {
                Some(Kind::Contradiction(start) | Kind::Double(start)) => {
                    self.free_cells[usize::from(level)] = start.cell() as u8
                }
                Some(Kind::Cell(cell)) => self.free_cells[usize::from(level)] = cell as u8,
                Some(Kind::Region(..)) | None => {}
            }
        }
        let best = best?;
        let mut step = Step::new(technique, String::new());
        step.rating = Difficulty(best.rating(base));
        let conclusion = best.conclusion;
        if conclusion.on() {
            step.placements.push(conclusion.candidate());
        } else {
            step.eliminations.push(conclusion.candidate());
        }
        if words == Words::Described {
            let reached = told(c, links, best);
            let told = tell::tell_reached(technique, &reached);
            step.text = told.text;
            step.chains = told.chains;
            step.cells = told.cells;
            step.houses = told.houses;
            step.focus = starts(c, best).iter().map(|n| n.candidate()).collect();
        }
        Some(step)
    }
}

/// The assumptions of a hint's branches.
fn starts(c: &Candidates, hint: Hint) -> Vec<Node> {
    match hint.kind {
        Kind::Contradiction(start) => vec![start],
        Kind::Double(start) => vec![start, start.opposite()],
        Kind::Cell(cell) => digits(c.mask(cell))
            .map(|d| Node::new(cell, d, true))
            .collect(),
        Kind::Region(unit, d) => c
            .places(unit, d)
            .iter()
            .map(|cell| Node::new(cell, d, true))
            .collect(),
    }
}

/// The trails of `hint` followed again on `c`, keeping what telling them
/// needs, as propagations the teller reads.
fn told(c: &Candidates, links: Links, hint: Hint) -> Reached {
    let mut scratch = TrailScratch::default();
    let mut inside = inside(links.level, true);
    let mut run = |start: Node| {
        let trail = scratch.run(c, start, links, inside.as_mut());
        reach_of(c, &trail)
    };
    match hint.kind {
        Kind::Contradiction(start) => Reached::Contradiction(Box::new(run(start))),
        kind => {
            let premise = match kind {
                Kind::Cell(cell) => Premise::Cell(cell),
                Kind::Region(unit, d) => Premise::Region(unit, d),
                _ => Premise::Either(starts(c, hint)[0].candidate()),
            };
            Reached::Common {
                reaches: starts(c, hint).into_iter().map(&mut run).collect(),
                node: hint.conclusion,
                premise,
            }
        }
    }
}

/// A trail as a propagation made to be told: every reached node with its
/// parents and why it follows, nested chains told.
fn reach_of(initial: &Candidates, trail: &Trail) -> Reach {
    let mut reached = trail.reached;
    let mut parent: Vec<u16> = (0..NODES).map(|i| trail.parent(i)).collect();
    let mut complexity: Vec<u16> = (0..NODES).map(|i| trail.flat(i)).collect();
    let mut parents: Vec<Vec<Node>> = vec![Vec::new(); NODES];
    let mut why = vec![Why::Assumed; NODES];
    let mut nested = Vec::new();
    let mut nodes: Vec<Node> = trail.order.clone();
    if let Some((last, last_parent)) = trail.last {
        // The node found second in a contradiction.
        set_bit(&mut reached, last.index());
        parent[last.index()] = last_parent;
        complexity[last.index()] = u16::MAX;
        nodes.push(last);
    }
    for node in nodes {
        let i = node.index();
        parents[i] = trail.parents_of(initial, node);
        why[i] = match trail.cause_of(node) {
            Cause::Start => Why::Assumed,
            Cause::SameCell | Cause::SameUnit => Why::Holds,
            Cause::LastInCell => Why::OnlyInCell,
            Cause::LastInUnit(unit) => Why::OnlyInUnit(unit),
            Cause::Rule(plus::Rule::Pointing | plus::Rule::Claiming, unit) => Why::Confined(unit),
            Cause::Rule(rule, unit) => Why::Pattern(rule, unit),
            Cause::Nested(k) => {
                let source = trail.inner[usize::from(k)]
                    .source
                    .as_deref()
                    .expect("a trail made to be told keeps its nested chains' sources");
                nested.push((node, inner_told(source, node)));
                Why::Nested
            }
        };
    }
    Reach {
        start: trail.start,
        rules: Rules::Dynamic { digit: None },
        reached,
        complexity,
        parent,
        contradiction: trail.contradiction.map(|x| (x.on, 0)),
        nested,
        detail: Some(Box::new(Detail { parents, why })),
    }
}

/// A loop as a propagation made to be told: each node follows from the one
/// before it in `path` (which starts at a candidate turned off).
pub(super) fn loop_reach(state: &Candidates, path: &[Node], rules: Rules) -> Reach {
    let mut reached = [0; super::WORDS];
    let mut parent = vec![0u16; NODES];
    let mut parents: Vec<Vec<Node>> = vec![Vec::new(); NODES];
    let mut why = vec![Why::Assumed; NODES];
    set_bit(&mut reached, path[0].index());
    for pair in path.windows(2) {
        let (before, node) = (pair[0], pair[1]);
        set_bit(&mut reached, node.index());
        parent[node.index()] = before.0;
        parents[node.index()] = vec![before];
        why[node.index()] = if !node.on() {
            Why::Holds
        } else if before.cell() == node.cell() {
            Why::OnlyInCell
        } else {
            let unit = super::se_units(node.cell())
                .into_iter()
                .find(|&u| {
                    let places = state.places(u, node.digit());
                    places.len() == 2 && places.contains(before.cell())
                })
                .expect("a unit link joins the two places of a digit");
            Why::OnlyInUnit(unit as u8)
        };
    }
    Reach {
        start: path[0],
        rules,
        reached,
        complexity: vec![0; NODES],
        parent,
        contradiction: None,
        nested: Vec::new(),
        detail: Some(Box::new(Detail { parents, why })),
    }
}

/// A nested chain told from its source: its trails followed again on the
/// grid it ran on; a loop, for `node`, the outer node it proves.
fn inner_told(source: &Source, node: Node) -> tell::InnerTold {
    let state = &source.state;
    let mut scratch = TrailScratch::default();
    let reached = match source.what {
        What::Loop {
            source: start,
            cell_links,
            unit_links,
            index,
        } => {
            let path = inner::loop_path(state, start, (cell_links, unit_links), index);
            let rules = match (cell_links, unit_links) {
                (false, _) => Rules::X,
                (_, false) => Rules::Y,
                _ => Rules::Static,
            };
            let reach = loop_reach(state, &path, rules);
            return tell::inner_loop_told(&reach, &path, node, source.needs.clone());
        }
        What::Static { start, links } => {
            let trail = scratch.run_until(state, start, links, &mut Nothing, Stop::Start);
            Reached::Contradiction(Box::new(reach_of(state, &trail)))
        }
        What::Family {
            links,
            kind,
            conclusion,
            via,
        } => {
            let hint = Hint {
                kind,
                conclusion,
                flat: 0,
                nested: 0,
                via,
            };
            let mut inside = inside(links.level, false);
            let mut run = |start: Node| {
                let trail = scratch.run(state, start, links, inside.as_mut());
                reach_of(state, &trail)
            };
            match kind {
                Kind::Contradiction(start) => Reached::Contradiction(Box::new(run(start))),
                _ => {
                    let premise = match kind {
                        Kind::Cell(cell) => Premise::Cell(cell),
                        Kind::Region(unit, d) => Premise::Region(unit, d),
                        _ => Premise::Either(starts(state, hint)[0].candidate()),
                    };
                    Reached::Common {
                        reaches: starts(state, hint).into_iter().map(&mut run).collect(),
                        node: conclusion,
                        premise,
                    }
                }
            }
        }
    };
    tell::inner_told(&reached, source.needs.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A puzzle SE rates 9.7: nested chains from its first grid on.
    const PUZZLE: &str =
        "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4";

    /// A puzzle whose first step SE finds at level 3 (11.4).
    const LEVEL_3: &str =
        "2.......6.5..8..1...4...9...7.3.1......82.......7.5.3...9...4...8..1..5.6.......2";

    #[test]
    fn nested_multiple_chains_on_the_starting_grid_are_ses() {
        // SE 1.2.1 publishes 11.8/11.8/11.4 for it; SE's own list of level
        // 3's hints on this grid (read from SE run outside the project) has
        // two contradictions: r3c1=3, 11.4 at complexity 121 + 359 nested,
        // and r7c9=7, 11.5. Static cell and region chains started at cells
        // of two candidates, which SE never starts, gave a third (r7c1=3,
        // 11.4 at 430) that was taken first, and the rating 11.4.
        let grid: Grid = LEVEL_3.parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        let mut hints = Vec::new();
        let mut nested = Nested::new(3, false, Default::default(), Default::default());
        let links = Links::DYNAMIC.at_level(3);
        // Every hint, as SE lists them: trails followed to their end.
        let mut scratch = TrailScratch::default();
        scratch.unbounded = true;
        family::hints(&c, links, true, None, &mut scratch, &mut nested, &mut hints);
        let base = technique(3).base_rating().0;
        let listed: Vec<(Kind, u16, u32, u32)> = family::se_list(&c, &hints, base)
            .iter()
            .map(|h| (h.kind, h.rating(base), h.flat, h.nested))
            .collect();
        assert_eq!(listed.len(), 2, "{listed:?}");
        assert_eq!(
            listed[0],
            (Kind::Contradiction(Node::new(18, 3, true)), 114, 121, 359)
        );
        assert_eq!(listed[1].0, Kind::Contradiction(Node::new(62, 7, true)));
        assert_eq!(listed[1].1, 115);
    }

    #[test]
    fn plans_made_at_level_2_give_level_3_the_same_step() {
        // Level 2 finds nothing on this grid (SE's first step is level 3's
        // 11.4): its trails end where level 3's look for cell and region
        // chains, and it leaves them plans.
        let grid: Grid = LEVEL_3.parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        let step = Chainer::new(None).se_chains(&c, 3, Words::Described);
        assert!(step.is_some());
        let mut after = Chainer::new(None);
        assert_eq!(after.se_chains(&c, 2, Words::Bare), None);
        let plans = after.inner_answers.plans();
        assert!(plans > 100, "{plans}");
        assert_eq!(after.se_chains(&c, 3, Words::Described), step);
        let left = after.inner_answers.plans();
        assert!(left < plans / 2, "{left} of {plans} plans left unused");
        // The same work as a level 3 that finds every reach itself.
        let mut without = Chainer::new(None);
        assert_eq!(without.se_chains(&c, 2, Words::Bare), None);
        without.inner_answers.forget_plans();
        assert_eq!(without.se_chains(&c, 3, Words::Described), step);
        assert_eq!(without.work, after.work);
    }

    #[test]
    fn inner_answers_kept_from_earlier_searches_save_work_not_change_steps() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        let mut kept = Chainer::new(None);
        for level in [2, 3] {
            let mut fresh = Chainer::new(None);
            let step = fresh.se_chains(&c, level, Words::Described);
            assert!(step.is_some(), "level {level} finds a step");
            // Once with the answers of the levels before, once more with
            // those of this level too: every inner chain is known by then.
            let mut works = Vec::new();
            for _ in 0..2 {
                let before = kept.work;
                assert_eq!(kept.se_chains(&c, level, Words::Described), step);
                works.push(kept.work - before);
            }
            assert!(works[0] <= fresh.work, "level {level}: {works:?}");
            assert!(works[1] < fresh.work / 2, "level {level}: {works:?}");
            assert!(!kept.inner_answers.is_empty());
        }
    }

    #[test]
    fn trails_stop_where_only_hints_costlier_than_the_best_are_left() {
        // The same step as trails followed to their end, for less work; on
        // the first grid at level 4, 2,992,049 nodes against 8,967,645.
        let cases = [
            (PUZZLE, 2),
            (PUZZLE, 3),
            (PUZZLE, 4),
            (LEVEL_3, 3),
            (LEVEL_3, 4),
        ];
        for (puzzle, level) in cases {
            let grid: Grid = puzzle.parse().unwrap();
            let c = Candidates::from_grid(&grid).unwrap();
            let mut bounded = Chainer::new(None);
            let step = bounded.se_chains(&c, level, Words::Described);
            assert!(step.is_some());
            let mut unbounded = Chainer::new(None);
            let mut scratch = Box::<TrailScratch>::default();
            scratch.unbounded = true;
            unbounded.trails = Some(scratch);
            assert_eq!(unbounded.se_chains(&c, level, Words::Described), step);
            assert!(bounded.work <= unbounded.work, "level {level}");
            if (puzzle, level) == (PUZZLE, 4) {
                assert!(bounded.work < unbounded.work / 2);
            }
        }
    }

    #[test]
    fn a_level_stops_at_its_first_hint_within_stop_at() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        let mut easiest = Chainer::new(None);
        let best = easiest.se_chains(&c, 2, Words::Bare).unwrap();
        // Any hint of the level will do: its search ends at the first.
        let mut first = Chainer::new(None);
        first.stop_at(Difficulty(120));
        let found = first.se_chains(&c, 2, Words::Bare).unwrap();
        assert!(found.rating <= Difficulty(120));
        assert!(
            first.work < easiest.work / 2,
            "{} of {} nodes",
            first.work,
            easiest.work
        );
        // Below the level's base no hint is good enough: the easiest again.
        let mut below = Chainer::new(None);
        below.stop_at(Difficulty(90));
        assert_eq!(below.se_chains(&c, 2, Words::Bare), Some(best));
        assert_eq!(below.work, easiest.work);
    }

    #[test]
    fn only_nested_dynamic_chains_stop_at_stop_nested_dynamic_at() {
        // Level 2 still gives its easiest, after the same work; level 4
        // stops at its first hint within the limit.
        let grid: Grid = PUZZLE.parse().unwrap();
        let c = Candidates::from_grid(&grid).unwrap();
        for level in [2, 4] {
            let mut easiest = Chainer::new(None);
            let best = easiest.se_chains(&c, level, Words::Bare).unwrap();
            let mut first = Chainer::new(None);
            first.stop_nested_dynamic_at(Difficulty(120));
            let found = first.se_chains(&c, level, Words::Bare).unwrap();
            if level == 2 {
                assert_eq!((found, first.work), (best, easiest.work));
            } else {
                assert!(found.rating <= Difficulty(120));
                assert!(
                    first.work < easiest.work / 2,
                    "{} of {}",
                    first.work,
                    easiest.work
                );
            }
        }
    }
}
