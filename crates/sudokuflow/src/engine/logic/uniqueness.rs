//! Uniqueness techniques, valid only for puzzles with one solution: unique
//! rectangles (four cells on two rows, two columns and two boxes that must not
//! end up holding the same two digits, a deadly pattern with two solutions),
//! unique loops (the same with six or more cells, each sharing a unit with
//! the next, every unit holding two of them or none) and the bivalue universal grave (BUG+1: every empty cell but one has two
//! candidates, so the odd cell must hold the digit that would else break it).

use super::Candidates;
use super::cells::{
    CellName, CellSet, PEERS, UNIT_SETS, cannot_be, cells_and, digits, digits_and, digits_or,
    units_of,
};
use super::step::{Candidate, Difficulty, House, Step, Technique};

/// The easiest unique rectangle or loop: for rectangles, types 1, 2 and 4
/// (4.5), type 3 with a naked subset (4.5 plus 0.1 per cell of the subset);
/// loops rate more, see [`pattern_rating`].
pub fn unique_rectangle(c: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = unique_loop(c);
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    if let Some(step) = rectangle(c, cells)
                        && best.as_ref().is_none_or(|b| step.rating < b.rating)
                    {
                        best = Some(step);
                    }
                }
            }
        }
    }
    best
}

/// The easiest step from the rectangle `cells` (corners in reading order).
fn rectangle(c: &Candidates, cells: [usize; 4]) -> Option<Step> {
    let common = cells.iter().fold(0x3fe, |m, &cell| m & c.mask(cell));
    if common.count_ones() < 2 || cells.iter().any(|&cell| c.value(cell) != 0) {
        return None;
    }
    // Every pair of digits all four cells hold.
    let pairs: Vec<u16> = digits(common)
        .flat_map(|a| {
            digits(common)
                .filter(move |&b| b > a)
                .map(move |b| 1 << a | 1 << b)
        })
        .collect();
    pairs
        .into_iter()
        .filter_map(|pair| pattern_step(c, &cells, pair))
        .min_by_key(|step| step.rating)
}

/// The easiest step from the deadly pattern `cells` on the digits `pair`,
/// all of which hold both.
fn pattern_step(c: &Candidates, cells: &[usize], pair: u16) -> Option<Step> {
    let extra: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&cell| c.mask(cell) != pair)
        .collect();
    match extra[..] {
        [odd] => type_1(c, cells, pair, odd),
        [a, b] if PEERS[a].contains(b) => type_2_3_4(c, cells, pair, a, b),
        _ => type_2(c, cells, pair, &extra).filter(|step| !step.eliminations.is_empty()),
    }
}

/// Type 2: the cells `extra` (two or more) have one extra digit x, the
/// same: one of them is x, so x goes from every cell that sees them all.
fn type_2(c: &Candidates, cells: &[usize], pair: u16, extra: &[usize]) -> Option<Step> {
    let first = c.mask(extra[0]) & !pair;
    if first.count_ones() != 1 || extra.iter().any(|&cell| c.mask(cell) & !pair != first) {
        return None;
    }
    let x = first.trailing_zeros() as u8;
    let seers = extra.iter().fold(c.cells_of(x), |s, &cell| s & PEERS[cell]);
    let removed = extra
        .iter()
        .fold(seers, |s, &cell| s - CellSet::single(cell));
    let eliminations: Vec<Candidate> = removed.iter().map(|cell| Candidate::new(cell, x)).collect();
    let see = if extra.len() == 2 { "both" } else { "them all" };
    let mut step = ur_step(
        c,
        cells,
        pair,
        2,
        0,
        format!(
            "{} also hold {x}. Unless one of them is {x}, the pattern is deadly; so one is, \
             and no cell that sees {see} can be {x}: {}",
            cells_and(extra.iter().copied()),
            cannot_be(&eliminations)
        ),
    );
    // The extra digit, which one of them must hold, proves the step too.
    step.focus
        .extend(extra.iter().map(|&cell| Candidate::new(cell, x)));
    step.eliminations = eliminations;
    step.digit = Some(x);
    Some(step)
}

/// The longest unique loop looked for: a loop of 16 cells already has two
/// in each of eight rows and eight columns.
const MAX_LOOP: usize = 16;

/// The easiest unique loop: for each pair of digits, the loops through the
/// cells that hold both.
fn unique_loop(c: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = None;
    for a in 1..=9u8 {
        for b in a + 1..=9 {
            let holders = c.cells_of(a) & c.cells_of(b);
            if holders.len() < 6 {
                continue;
            }
            let pair = 1 << a | 1 << b;
            for start in holders.iter() {
                let mut path = vec![start];
                let mut in_units = [0u8; 27];
                for u in units_of(start) {
                    in_units[u] += 1;
                }
                extend_loop(c, holders, pair, &mut path, &mut in_units, &mut best);
            }
        }
    }
    best
}

/// Extends `path` (starting at its lowest cell) through `holders`, keeping
/// at most two cells in every unit, and two cells with digits besides the
/// pair or more with the same one extra digit (every type needs the others
/// to hold the pair only), and takes every loop it closes. `in_units`
/// counts the path's cells in each unit.
fn extend_loop(
    c: &Candidates,
    holders: CellSet,
    pair: u16,
    path: &mut Vec<usize>,
    in_units: &mut [u8; 27],
    best: &mut Option<Step>,
) {
    let (start, last) = (path[0], path[path.len() - 1]);
    if path.len() >= 6
        && path.len().is_multiple_of(2)
        && PEERS[last].contains(start)
        && is_deadly(path)
        && let Some(step) = pattern_step(c, path, pair)
        && best.as_ref().is_none_or(|b| step.rating < b.rating)
    {
        *best = Some(step);
    }
    if path.len() == MAX_LOOP {
        return;
    }
    // The path's cells with digits besides the pair: how many, and the
    // one mask they all have, if they do.
    let (mut extras, mut common) = (0, None);
    for m in path.iter().map(|&x| c.mask(x)).filter(|&m| m != pair) {
        common = match (extras, common) {
            (0, _) => Some(m),
            (_, Some(e)) if e == m => Some(e),
            _ => None,
        };
        extras += 1;
    }
    let one_extra_digit = |m: u16| m.count_ones() == 3 && common == Some(m);
    for next in (holders & PEERS[last]).iter().filter(|&n| n > start) {
        let units = units_of(next);
        let crowded = units.iter().any(|&u| in_units[u] >= 2);
        let mask = c.mask(next);
        let too_many_extras = mask != pair && extras >= 2 && !one_extra_digit(mask);
        if path.contains(&next) || crowded || too_many_extras {
            continue;
        }
        path.push(next);
        units.iter().for_each(|&u| in_units[u] += 1);
        extend_loop(c, holders, pair, path, in_units, best);
        units.iter().for_each(|&u| in_units[u] -= 1);
        path.pop();
    }
}

/// True when the loop `cells` (each a peer of the next, the last of the
/// first) can hold its two digits alternately both ways: every unit holds
/// two of its cells or none, at odd distance along the loop. A loop of
/// four is a rectangle, found as such.
fn is_deadly(cells: &[usize]) -> bool {
    (0..27).all(|unit| {
        let at: Vec<usize> = (0..cells.len())
            .filter(|&i| UNIT_SETS[unit].contains(cells[i]))
            .collect();
        match at[..] {
            [] => true,
            [i, j] => (j - i) % 2 == 1,
            _ => false,
        }
    })
}

/// The rating of a step from a deadly pattern of `cells` cells, before
/// what its type adds: 4.5 for a rectangle, more for longer loops.
fn pattern_rating(cells: usize) -> Difficulty {
    let technique = if cells == 4 {
        Technique::UniqueRectangle
    } else {
        Technique::UniqueLoop
    };
    let longer = (cells.saturating_sub(6) / 2) as u16;
    Difficulty(technique.base_rating().0 + longer)
}

/// A step from the deadly pattern `cells` on the digits `pair`, of type
/// `kind`, rated `extra` above the pattern's rating: its text says what the
/// pattern is and why it must be avoided, then `why` the step follows.
fn ur_step(c: &Candidates, cells: &[usize], pair: u16, kind: u8, extra: u16, why: String) -> Step {
    let (technique, shape) = if cells.len() == 4 {
        (
            Technique::UniqueRectangle,
            "lie in two rows, two columns and two boxes",
        )
    } else {
        (
            Technique::UniqueLoop,
            "each share a house with the next, each house holding two of them or none,",
        )
    };
    let mut step = Step::new(
        technique,
        format!(
            "{} (type {kind}): {} {shape} and all can hold {}. Were they all only {}, the {}s \
             and {}s could swap places and the puzzle would have two solutions: a deadly \
             pattern. It has one, so that cannot be. {why}",
            technique.name(),
            cells_and(cells.iter().copied()),
            digits_and(pair),
            digits_or(pair),
            digits(pair).next().unwrap_or(0),
            digits(pair).nth(1).unwrap_or(0),
        ),
    );
    step.rating = Difficulty(pattern_rating(cells.len()).0 + extra);
    step.variant = Some(kind);
    for &cell in cells {
        step.focus
            .extend(digits(c.mask(cell) & pair).map(|d| Candidate::new(cell, d)));
    }
    step.cells = cells.iter().map(|&cell| cell as u8).collect();
    step
}

/// Three corners hold only the pair: the fourth must hold something else.
fn type_1(c: &Candidates, cells: &[usize], pair: u16, odd: usize) -> Option<Step> {
    let mut step = ur_step(
        c,
        cells,
        pair,
        1,
        0,
        format!(
            "All but {} hold only {}, so it must hold something else: {} cannot be {}",
            CellName(odd),
            digits_or(pair),
            CellName(odd),
            digits_or(pair)
        ),
    );
    step.eliminations = digits(pair).map(|d| Candidate::new(odd, d)).collect();
    Some(step)
}

/// Two corners sharing a unit hold extra digits.
fn type_2_3_4(c: &Candidates, cells: &[usize], pair: u16, a: usize, b: usize) -> Option<Step> {
    let (ea, eb) = (c.mask(a) & !pair, c.mask(b) & !pair);
    let both = CellSet::single(a) | CellSet::single(b);
    let mut best: Option<Step> = None;
    let mut consider = |step: Step| {
        if !step.eliminations.is_empty()
            && best.as_ref().is_none_or(|b: &Step| step.rating < b.rating)
        {
            best = Some(step);
        }
    };
    if let Some(step) = type_2(c, cells, pair, &[a, b]) {
        consider(step);
    }
    for unit in units_of(a)
        .into_iter()
        .filter(|&u| UNIT_SETS[u].contains(b))
    {
        // Type 4: a digit of the pair lives only in a and b in this unit, so
        // the other digit of the pair cannot be in either.
        for d in digits(pair) {
            if c.places(unit, d) == both {
                let other = (pair & !(1 << d)).trailing_zeros() as u8;
                let mut step = ur_step(
                    c,
                    cells,
                    pair,
                    4,
                    0,
                    format!(
                        "In {}, {d} can only go in {} or {}, so one of them is {d}; were the \
                         other {other}, the pattern would be deadly. So neither can be {other}",
                        super::cells::UnitName(unit),
                        CellName(a),
                        CellName(b)
                    ),
                );
                step.houses = vec![House::new(unit)];
                step.eliminations = vec![Candidate::new(a, other), Candidate::new(b, other)];
                step.digit = Some(other);
                consider(step);
            }
        }
        // Type 3: the extras act as one cell; with k more cells of the unit
        // they form a naked subset of k + 1 digits.
        let extras = ea | eb;
        let others: Vec<usize> = (UNIT_SETS[unit] - both)
            .iter()
            .filter(|&cell| c.value(cell) == 0)
            .collect();
        for k in 1..=3usize {
            for combo in combinations(others.len(), k) {
                let chosen: Vec<usize> = combo.iter().map(|&i| others[i]).collect();
                let union = chosen.iter().fold(extras, |m, &cell| m | c.mask(cell));
                if union.count_ones() as usize != k + 1 {
                    continue;
                }
                let set = chosen
                    .iter()
                    .fold(both, |s, &cell| s | CellSet::single(cell));
                let removed: Vec<Candidate> = (UNIT_SETS[unit] - set)
                    .iter()
                    .flat_map(|cell| {
                        digits(c.mask(cell) & union).map(move |d| Candidate::new(cell, d))
                    })
                    .collect();
                let mut step = ur_step(
                    c,
                    cells,
                    pair,
                    3,
                    k as u16,
                    format!(
                        "Unless {} or {} holds one of {}, the pattern is deadly; so together \
                         they act as one cell that can only be {}. With {} they make {} cells \
                         of {} that can only be {}, so they take those digits: {}",
                        CellName(a),
                        CellName(b),
                        digits_or(extras),
                        digits_or(extras),
                        cells_and(chosen.iter().copied()),
                        ["two", "three", "four"][k - 1],
                        super::cells::UnitName(unit),
                        digits_or(union),
                        cannot_be(&removed)
                    ),
                );
                step.houses = vec![House::new(unit)];
                step.cells.extend(chosen.iter().map(|&cell| cell as u8));
                step.eliminations = removed;
                consider(step);
            }
        }
    }
    best
}

/// The index sets of size `k` from `0..n`.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| (0..n).filter(|i| m >> i & 1 != 0).collect())
        .collect()
}

/// What makes a bivalue universal grave, for the texts.
const GRAVE: &str = "every empty cell would have two candidates and every digit two places in \
                     each house where it is left: a bivalue universal grave, which has two \
                     solutions or none";

/// Bivalue universal grave: were every empty cell down to two candidates,
/// each digit twice in each unit, the puzzle would have two solutions. So
/// some cell with more than two candidates (a poly cell) holds one of its
/// extra digits, those it must lose for the grid to be such a grave. Type 1
/// (5.6): one poly cell, which must hold one of its extra digits (the one,
/// if it has one, or else not the two it would keep). Type 2
/// (5.7): every extra digit is the same x, so x goes from every cell that
/// sees all the poly cells. Type 4 (5.7): two poly cells in a unit where a
/// digit both keep has no other place: one of them holds it and the other
/// an extra, so each loses the other digit it keeps.
pub fn bug(c: &Candidates) -> Option<Step> {
    let poly: Vec<usize> = c
        .empty_cells()
        .iter()
        .filter(|&cell| c.mask(cell).count_ones() > 2)
        .collect();
    if poly.is_empty() || poly.len() > 8 {
        return None;
    }
    let extras = grave_extras(c, &poly)?;
    let mut step = bug_step(c, &poly, &extras)?;
    step.cells = poly.iter().map(|&cell| cell as u8).collect();
    Some(step)
}

/// The step from the poly cells `poly` and the extra digits each must lose
/// for the grid to be a grave, if there is one.
fn bug_step(c: &Candidates, poly: &[usize], extras: &[u16]) -> Option<Step> {
    if let ([odd], [extra]) = (poly, extras)
        && extra.count_ones() > 1
    {
        return Some(bug_type_1_several(c, *odd, *extra));
    }
    let union = extras.iter().fold(0u16, |m, e| m | e);
    if union.count_ones() == 1 {
        return bug_type_1_or_2(c, poly, union.trailing_zeros() as u8);
    }
    match poly[..] {
        [a, b] => bug_type_4(c, [a, b], [extras[0], extras[1]]),
        _ => None,
    }
}

/// The digits each poly cell must lose for the grid to be a grave (every
/// empty cell with two candidates, every digit twice or not at all in every
/// unit), if some choice of the two each keeps makes one.
fn grave_extras(c: &Candidates, poly: &[usize]) -> Option<Vec<u16>> {
    let mut masks: Vec<u16> = (0..81).map(|cell| c.mask(cell)).collect();
    let poly_set = poly
        .iter()
        .fold(CellSet::EMPTY, |s, &cell| s | CellSet::single(cell));
    // Units without poly cells are already what they would be.
    let settled = (0..27).filter(|&u| (UNIT_SETS[u] & poly_set).is_empty());
    if !settled.into_iter().all(|u| unit_is_grave(&masks, u)) {
        return None;
    }
    if !keep_pairs(c, poly, 0, &mut masks) {
        return None;
    }
    Some(
        poly.iter()
            .map(|&cell| c.mask(cell) & !masks[cell])
            .collect(),
    )
}

/// True when every digit has two places or none in `unit` under `masks`.
fn unit_is_grave(masks: &[u16], unit: usize) -> bool {
    let cells = UNIT_SETS[unit];
    (1..=9u8).all(|d| {
        let n = cells.iter().filter(|&x| masks[x] & 1 << d != 0).count();
        n == 0 || n == 2
    })
}

/// Tries every pair of candidates for each poly cell from `poly[next]` on,
/// in `masks`, checking each unit once its last poly cell has its pair;
/// true when they make a grave (then `masks` holds it).
fn keep_pairs(c: &Candidates, poly: &[usize], next: usize, masks: &mut [u16]) -> bool {
    let Some(&cell) = poly.get(next) else {
        return true;
    };
    let later = poly[next + 1..]
        .iter()
        .fold(CellSet::EMPTY, |s, &x| s | CellSet::single(x));
    let mask = c.mask(cell);
    for a in digits(mask) {
        for b in digits(mask).filter(|&b| b > a) {
            masks[cell] = 1 << a | 1 << b;
            let complete = units_of(cell)
                .into_iter()
                .filter(|&u| (UNIT_SETS[u] & later).is_empty());
            if complete.into_iter().all(|u| unit_is_grave(masks, u))
                && keep_pairs(c, poly, next + 1, masks)
            {
                return true;
            }
        }
    }
    masks[cell] = mask;
    false
}

/// Every poly cell's one extra digit is `x`: with one poly cell it holds x
/// (type 1), with more x goes from the cells that see them all (type 2).
fn bug_type_1_or_2(c: &Candidates, poly: &[usize], x: u8) -> Option<Step> {
    let focus: Vec<Candidate> = poly.iter().map(|&cell| Candidate::new(cell, x)).collect();
    if let [odd] = poly[..] {
        let mut step = Step::new(
            Technique::Bug,
            format!(
                "{}: unless {} = {x}, it keeps only {}, and {GRAVE}. So {} = {x}",
                Technique::Bug.name(),
                CellName(odd),
                digits_and(c.mask(odd) & !(1 << x)),
                CellName(odd)
            ),
        );
        step.placements.push(Candidate::new(odd, x));
        step.focus = focus;
        step.variant = Some(1);
        step.digit = Some(x);
        return Some(step);
    }
    let seers = poly.iter().fold(c.cells_of(x), |s, &cell| s & PEERS[cell]);
    if seers.is_empty() {
        return None;
    }
    let mut step = Step::new(
        Technique::Bug,
        format!(
            "{} (type 2): unless one of {} is {x}, they keep two candidates each, and {GRAVE}. \
             So one of them is {x}, and no cell that sees them all can be {x}: {}",
            Technique::Bug.name(),
            cells_and(poly.iter().copied()),
            cannot_be(
                &seers
                    .iter()
                    .map(|cell| Candidate::new(cell, x))
                    .collect::<Vec<_>>()
            )
        ),
    );
    step.rating = Difficulty(Technique::Bug.base_rating().0 + 1);
    step.eliminations = seers.iter().map(|cell| Candidate::new(cell, x)).collect();
    step.focus = focus;
    step.variant = Some(2);
    step.digit = Some(x);
    Some(step)
}

/// The one poly cell `odd` must hold one of its extra digits `extra`, so
/// it loses the two it would keep in the grave.
fn bug_type_1_several(c: &Candidates, odd: usize, extra: u16) -> Step {
    let kept = c.mask(odd) & !extra;
    let mut step = Step::new(
        Technique::Bug,
        format!(
            "{}: unless {} is {}, it keeps only {}, and {GRAVE}. So {} cannot be {}",
            Technique::Bug.name(),
            CellName(odd),
            digits_or(extra),
            digits_and(kept),
            CellName(odd),
            digits_or(kept)
        ),
    );
    step.eliminations = digits(kept).map(|d| Candidate::new(odd, d)).collect();
    step.focus = digits(extra).map(|d| Candidate::new(odd, d)).collect();
    step.variant = Some(1);
    step
}

/// Two poly cells `cells` sharing a unit where a digit d both keep has no
/// other place: one of them is d, so the other holds one of its extras.
/// Each is d or one of its extras, and loses the other digit it keeps.
fn bug_type_4(c: &Candidates, cells: [usize; 2], extras: [u16; 2]) -> Option<Step> {
    let [a, b] = cells;
    let kept = [c.mask(a) & !extras[0], c.mask(b) & !extras[1]];
    let pair = CellSet::single(a) | CellSet::single(b);
    let (unit, d) = units_of(a)
        .into_iter()
        .filter(|&u| UNIT_SETS[u].contains(b))
        .find_map(|unit| {
            digits(kept[0] & kept[1])
                .find(|&d| c.places(unit, d) == pair)
                .map(|d| (unit, d))
        })?;
    let eliminations: Vec<Candidate> = cells
        .iter()
        .zip(kept)
        .flat_map(|(&cell, k)| digits(k & !(1 << d)).map(move |o| Candidate::new(cell, o)))
        .collect();
    let mut step = Step::new(
        Technique::Bug,
        format!(
            "{} (type 4): unless {} is {} or {} is {}, {GRAVE}. In {}, {d} can only go in \
             them, so one is {d} and the other holds its extra digit: {}",
            Technique::Bug.name(),
            CellName(a),
            digits_or(extras[0]),
            CellName(b),
            digits_or(extras[1]),
            super::cells::UnitName(unit),
            cannot_be(&eliminations)
        ),
    );
    step.houses = vec![House::new(unit)];
    step.variant = Some(4);
    step.rating = Difficulty(Technique::Bug.base_rating().0 + 1);
    step.focus = cells
        .iter()
        .zip(extras)
        .flat_map(|(&cell, e)| digits(e | 1 << d).map(move |x| Candidate::new(cell, x)))
        .collect();
    step.eliminations = eliminations;
    Some(step)
}
