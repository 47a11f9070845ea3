//! Intersections: a digit confined to one line within a box (pointing) or to
//! one box within a line (claiming) is removed from the rest of that line or
//! box; and their direct forms, which leave a hidden single at once.
//!
//! The step engine asks for all four before nearly every step, and between
//! two steps few digits' cells change. So [`Intersections`] keeps, for each
//! digit, the boxes it points from and the lines it claims from (and which
//! of them leave a hidden single), and works them out again only for the
//! digits whose cells changed; the four finders then read the first in
//! their order off these masks.

use super::Candidates;
use super::cells::{BOX, COL, CellSet, ROW, UnitName, cannot_be, cells_and, digits, shared_unit};
use super::singles::{SingleIn, make_direct};
use super::step::{Candidate, Step, Technique, Words};

pub fn pointing(c: &Candidates, found: &mut Intersections, words: Words) -> Option<Step> {
    first_pointing(c, found, |d| d.pointing).map(|i| i.step(c, words))
}

pub fn claiming(c: &Candidates, found: &mut Intersections, words: Words) -> Option<Step> {
    first_claiming(c, found, |d| d.claiming).map(|i| i.step(c, words))
}

pub fn direct_pointing(c: &Candidates, found: &mut Intersections, words: Words) -> Option<Step> {
    let step = first_pointing(c, found, |d| d.direct_pointing)?.step(c, words);
    make_direct(c, step, Technique::DirectPointing, SingleIn::Boxes, words)
}

pub fn direct_claiming(c: &Candidates, found: &mut Intersections, words: Words) -> Option<Step> {
    let i = first_claiming(c, found, |d| d.direct_claiming)?;
    let within = SingleIn::Lines(i.source < COL);
    make_direct(
        c,
        i.step(c, words),
        Technique::DirectClaiming,
        within,
        words,
    )
}

/// Of the pointings `boxes` marks (per digit, bit per box), the first in
/// [`Intersection::se_order`].
fn first_pointing(
    c: &Candidates,
    found: &mut Intersections,
    boxes: impl Fn(&DigitIntersections) -> u16,
) -> Option<Intersection> {
    first_marked(c, found, |d| u32::from(boxes(d)) << BOX, pointing_from)
}

/// Of the claimings `lines` marks (per digit, bit per line), the first in
/// [`Intersection::se_order`].
fn first_claiming(
    c: &Candidates,
    found: &mut Intersections,
    lines: impl Fn(&DigitIntersections) -> u32,
) -> Option<Intersection> {
    first_marked(c, found, lines, claiming_from)
}

/// Of the intersections `units` marks (per digit, bit per unit), the first
/// in [`Intersection::se_order`]; `from` works one out.
fn first_marked(
    c: &Candidates,
    found: &mut Intersections,
    units: impl Fn(&DigitIntersections) -> u32,
    from: fn(&Candidates, usize, u8) -> Option<Intersection>,
) -> Option<Intersection> {
    let found = found.update(c);
    (1..=9u8)
        .flat_map(|d| {
            let marked = units(&found.of_digit[usize::from(d)]);
            (0..BOX + 9)
                .filter(move |u| marked >> u & 1 != 0)
                .map(move |u| (u, d))
        })
        .filter_map(|(u, d)| from(c, u, d))
        .min_by_key(Intersection::se_order)
}

/// Each digit's intersections on the grid last looked at.
#[derive(Default)]
pub struct Intersections {
    /// The cells each digit's entry of `of_digit` was worked out from (no
    /// cells, no intersection: the default is right for them).
    cells: [CellSet; 10],
    of_digit: [DigitIntersections; 10],
}

/// One digit's intersections: the boxes (bit per box, 0-8) it points from,
/// the lines (bit per unit, rows then columns) it claims from, and of
/// those, the ones whose eliminations leave a hidden single.
#[derive(Clone, Copy, Default)]
struct DigitIntersections {
    pointing: u16,
    direct_pointing: u16,
    claiming: u32,
    direct_claiming: u32,
}

impl Intersections {
    /// Brings the digits whose cells changed up to date with `c`.
    fn update(&mut self, c: &Candidates) -> &Self {
        // Most calls come on the grid of the call before: one test, no
        // branch per digit.
        let changes = (1..=9).fold(0, |m, d| m | (self.cells[d].0 ^ c.cells_of(d as u8).0));
        if changes == 0 {
            return self;
        }
        for d in 1..=9 {
            let cells = c.cells_of(d as u8);
            if self.cells[d] != cells {
                self.cells[d] = cells;
                self.of_digit[d] = DigitIntersections::of(cells);
            }
        }
        self
    }
}

/// Where a line crosses a box, three cells make a segment. A digit's
/// segments are kept as flags in a word: the row segments in the low half,
/// bit `9i + 3s + b` for row `3b + i` in box `3b + s`; the column segments
/// in the high half, bit `32 + 9j + 3b + s` for column `3s + j` in box
/// `3b + s`. In both, the three segments of a box are 9 bits apart and the
/// three of a line 3 apart, so the same shifts find the intersections of
/// rows and of columns at once.
const COLUMN_HALF: u32 = 32;

/// The segments of a box are this far apart.
const BOX_STRIDE: u32 = 9;
/// The segments of a line are this far apart.
const LINE_STRIDE: u32 = 3;

/// The flags, in both halves of a segment word, of the segments that come
/// among the first `count` of their three along an axis of `stride`.
const fn first_of_three(stride: u32, count: u32) -> u64 {
    let mut mask = 0;
    let mut bit = 0;
    while bit < 27 {
        if bit / stride % 3 < count {
            mask |= 1 << bit | 1 << (COLUMN_HALF + bit);
        }
        bit += 1;
    }
    mask
}

/// For each segment, the flag of the next segment and of the one after it
/// along an axis of `stride`, wrapping round within the three.
#[inline(always)]
fn the_other_two(flags: u64, stride: u32) -> (u64, u64) {
    let first = first_of_three(stride, 1);
    let first_two = first_of_three(stride, 2);
    let next = (flags >> stride & first_two) | (flags & first) << (2 * stride);
    let after = (flags >> (2 * stride) & first) | (flags & first_two) << stride;
    (next, after)
}

// Shifted right, the column flags the masks keep stay in the high half: the
// ones that cross into the low half fall where the masks have no flag.
const _: () = {
    let columns = ((1u64 << 27) - 1) << COLUMN_HALF;
    let rows = (1u64 << 27) - 1;
    let strides = [LINE_STRIDE, BOX_STRIDE];
    let mut i = 0;
    while i < strides.len() {
        let stride = strides[i];
        assert!(columns >> stride & first_of_three(stride, 2) & rows == 0);
        assert!(columns >> (2 * stride) & first_of_three(stride, 1) & rows == 0);
        i += 1;
    }
};

/// The segments where a digit's intersections are: each as the segment
/// that holds the places of the box (pointing) or line (claiming) that
/// lies in the other.
struct Segments {
    pointing: u64,
    direct_pointing: u64,
    claiming: u64,
    direct_claiming: u64,
}

impl Segments {
    /// The intersections, from the segments holding a place (`some`) and
    /// those holding two or more (`several`).
    #[inline(always)]
    fn of(some: u64, several: u64) -> Segments {
        let in_box = |flags| the_other_two(flags, BOX_STRIDE);
        let on_line = |flags| the_other_two(flags, LINE_STRIDE);
        let (box_next, box_after) = in_box(some);
        let (line_next, line_after) = on_line(some);
        let box_elsewhere = box_next | box_after;
        let line_elsewhere = line_next | line_after;
        let pointing = several & !box_elsewhere & line_elsewhere;
        let claiming = several & !line_elsewhere & box_elsewhere;
        // A pointing empties the other segments of its line: direct when a
        // box they are in then keeps one place (of its two segments off the
        // line, one holds one place and the other none). A claiming empties
        // the other segments of its box: direct when a line they are on
        // keeps one. Worked out only for a digit with such intersections.
        let single = some & !several;
        let direct_pointing = if pointing == 0 {
            0
        } else {
            let (next, after) = in_box(single);
            let box_one_off = next & !box_after | after & !box_next;
            let (next, after) = on_line(some & box_one_off);
            pointing & (next | after)
        };
        let direct_claiming = if claiming == 0 {
            0
        } else {
            let (next, after) = on_line(single);
            let line_one_off = next & !line_after | after & !line_next;
            let (next, after) = in_box(some & line_one_off);
            claiming & (next | after)
        };
        Segments {
            pointing,
            direct_pointing,
            claiming,
            direct_claiming,
        }
    }
}

/// For every 9-bit mask, its bit `3a + b` moved to bit `stride * b + a`.
const fn regrouped(stride: usize) -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut bit = 0;
        while bit < 9 {
            if m >> bit & 1 != 0 {
                table[m] |= 1 << (bit % 3 * stride + bit / 3);
            }
            bit += 1;
        }
        m += 1;
    }
    table
}

/// The 3×3 bit matrices (bit `3a + b`) transposed (to bit `3b + a`).
static TRANSPOSED: [u32; 512] = regrouped(3);

/// A band's column segments as 9 flags, bit `3s + j` for column `3s + j`,
/// moved to their bits in the segment word's high half for the first band,
/// `9j + s` (3 more for each band after it).
static COLUMN_SEGMENTS: [u32; 512] = regrouped(9);

impl DigitIntersections {
    /// The intersections of a digit with these cells.
    fn of(cells: CellSet) -> DigitIntersections {
        // Each band's segment flags, from its 27 cells (bit 9i + j for row
        // 3b + i, column j).
        let (mut some, mut several) = (0u64, 0u64);
        for band in 0..3 {
            let cells = (cells.0 >> (27 * band)) as u32 & 0x7ff_ffff;
            let (a, b, c) = (cells, cells >> 1, cells >> 2);
            // The first cell of each row segment, bit 9i + 3s.
            let starts = 0o111_111_111;
            some |= u64::from((a | b | c) & starts) << band;
            several |= u64::from((a & (b | c) | b & c) & starts) << band;
            let (a, b, c) = (cells, cells >> 9, cells >> 18);
            let column = |flags: u32| {
                u64::from(COLUMN_SEGMENTS[(flags & 0x1ff) as usize]) << (COLUMN_HALF + 3 * band)
            };
            some |= column(a | b | c);
            several |= column(a & (b | c) | b & c);
        }
        let found = Segments::of(some, several);
        // The boxes, by or-ing a box's three segments: for rows at bit
        // 3s + b, for columns at 3b + s. (Most digits have no direct form:
        // no flag, nothing to convert.)
        let boxes = |flags: u64| {
            if flags == 0 {
                return 0;
            }
            let boxes = flags | flags >> BOX_STRIDE | flags >> (2 * BOX_STRIDE);
            TRANSPOSED[(boxes & 0x1ff) as usize] as u16 | (boxes >> COLUMN_HALF) as u16 & 0x1ff
        };
        // The lines, by or-ing a line's three: row 3b + i at bit 9i + b,
        // column 3s + j at 9j + s (then gathered to 3i + b and 3j + s).
        let lines = |flags: u64| {
            if flags == 0 {
                return 0;
            }
            let lines = flags | flags >> LINE_STRIDE | flags >> (2 * LINE_STRIDE);
            let both = |mask: u64| mask | mask << COLUMN_HALF;
            let gathered = lines & both(0o7) | lines >> 6 & both(0o70) | lines >> 12 & both(0o700);
            let rows = TRANSPOSED[(gathered & 0x1ff) as usize];
            let columns = TRANSPOSED[(gathered >> COLUMN_HALF & 0x1ff) as usize];
            rows | columns << 9
        };
        DigitIntersections {
            pointing: boxes(found.pointing),
            direct_pointing: boxes(found.direct_pointing),
            claiming: lines(found.claiming),
            direct_claiming: lines(found.direct_claiming),
        }
    }
}

/// A digit whose places in `source` all lie in `target`, which has others:
/// those (`removed`) go.
pub(super) struct Intersection {
    technique: Technique,
    pub digit: u8,
    pub source: usize,
    pub target: usize,
    pub removed: CellSet,
}

/// Every pointing of the digits of `of` (bit `d` for digit `d`): a box's
/// places for a digit on one line, which has other places; in
/// [`Intersection::se_order`].
pub(super) fn pointings(c: &Candidates, of: u16) -> impl Iterator<Item = Intersection> + '_ {
    let mut all: Vec<Intersection> = (BOX..27)
        .flat_map(move |b| digits(of).filter_map(move |digit| pointing_from(c, b, digit)))
        .collect();
    all.sort_by_key(Intersection::se_order);
    all.into_iter()
}

/// The pointing of `digit` from box `b`, if there is one.
pub(super) fn pointing_from(c: &Candidates, b: usize, digit: u8) -> Option<Intersection> {
    let places = c.places(b, digit);
    if places.len_at_most(1) {
        return None;
    }
    [ROW, COL].into_iter().find_map(|kind| {
        let line = shared_unit(places, kind)?;
        intersection(c, Technique::Pointing, digit, b, line)
    })
}

/// Every claiming of the digits of `of`: a line's places for a digit in
/// one box, which has other places; in [`Intersection::se_order`].
pub(super) fn claimings(c: &Candidates, of: u16) -> impl Iterator<Item = Intersection> + '_ {
    let mut all: Vec<Intersection> = (0..BOX)
        .flat_map(move |line| digits(of).filter_map(move |digit| claiming_from(c, line, digit)))
        .collect();
    all.sort_by_key(Intersection::se_order);
    all.into_iter()
}

/// The claiming of `digit` from `line`, if there is one.
pub(super) fn claiming_from(c: &Candidates, line: usize, digit: u8) -> Option<Intersection> {
    let places = c.places(line, digit);
    if places.len_at_most(1) {
        return None;
    }
    let b = shared_unit(places, BOX)?;
    intersection(c, Technique::Claiming, digit, line, b)
}

/// The intersection of `digit` from `source` into `target`, if it removes anything.
fn intersection(
    c: &Candidates,
    technique: Technique,
    digit: u8,
    source: usize,
    target: usize,
) -> Option<Intersection> {
    let removed = c.places(target, digit) - c.places(source, digit);
    (!removed.is_empty()).then_some(Intersection {
        technique,
        digit,
        source,
        target,
        removed,
    })
}

impl Intersection {
    /// Sudoku Explainer's order, which decides which of several steps of
    /// one rating comes first: pointings into columns before those into
    /// rows, each by box, then line, then digit; claimings from columns
    /// before those from rows, each by line, then box, then digit.
    fn se_order(&self) -> (bool, usize, usize, u8) {
        // A pointing goes from its box to a line, a claiming from its line
        // to a box.
        let line = self.source.min(self.target);
        (line < COL, self.source, self.target, self.digit)
    }

    pub(super) fn step(&self, c: &Candidates, words: Words) -> Step {
        let Intersection {
            technique,
            digit,
            source,
            target,
            removed,
        } = *self;
        let eliminations: Vec<Candidate> = removed
            .iter()
            .map(|cell| Candidate::new(cell, digit))
            .collect();
        let mut step = Step::new(
            technique,
            words.text(|| {
                let places = c.places(source, digit);
                let both = if places.len() == 2 { "both" } else { "all" };
                format!(
                    "{}: in {}, {digit} can only go in {}, {both} in {}; so the {digit} of {} \
                     is in {}, and {}",
                    technique.name(),
                    UnitName(source),
                    cells_and(places.iter()),
                    UnitName(target),
                    UnitName(target),
                    UnitName(source),
                    cannot_be(&eliminations)
                )
            }),
        );
        step.focus = words.focus(|| {
            c.places(source, digit)
                .iter()
                .map(|cell| Candidate::new(cell, digit))
                .collect()
        });
        step.set_pattern(words, c.places(source, digit).iter(), [source, target]);
        step.eliminations = eliminations;
        step.digit = Some(digit);
        step
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ALL_DIGITS, Options, Stepper};
    use super::*;
    use crate::grid::Grid;

    /// The first step of each kind found by going through every
    /// intersection in order, as the definitions say.
    fn first_by_enumeration(c: &Candidates) -> [Option<Step>; 4] {
        let words = Words::Described;
        let direct = |i: Intersection, technique, within| {
            make_direct(c, i.step(c, words), technique, within, words)
        };
        [
            pointings(c, ALL_DIGITS).next().map(|i| i.step(c, words)),
            claimings(c, ALL_DIGITS).next().map(|i| i.step(c, words)),
            pointings(c, ALL_DIGITS)
                .find_map(|i| direct(i, Technique::DirectPointing, SingleIn::Boxes)),
            claimings(c, ALL_DIGITS).find_map(|i| {
                let within = SingleIn::Lines(i.source < COL);
                direct(i, Technique::DirectClaiming, within)
            }),
        ]
    }

    fn first_by_masks(c: &Candidates, found: &mut Intersections) -> [Option<Step>; 4] {
        let words = Words::Described;
        [
            pointing(c, found, words),
            claiming(c, found, words),
            direct_pointing(c, found, words),
            direct_claiming(c, found, words),
        ]
    }

    #[test]
    fn masks_find_the_first_intersection_of_each_kind() {
        let options = Options::default().with_budget(None);
        let puzzles = [
            "...2....82.96..13.....7..2.67...39....2....8..51......3.4.9........25.4..9......1",
            "...5...2.3...71..94............294.1..93..87...5.....363....1....7.....5.8.6.3...",
            "275......9.....4..41....6.......1..9....25.78..3.8....6..873.........71....4.2.8.",
            "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....",
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9.",
        ];
        // One memo for every grid, so that masks kept from other grids are
        // used too.
        let mut found = Intersections::default();
        let mut random = 0x2545_f491_4f6c_dd1d_u64;
        let (mut grids, mut steps) = (0, 0);
        for line in puzzles {
            let puzzle: Grid = line.parse().unwrap();
            let mut stepper = Stepper::new(Candidates::from_grid(&puzzle).unwrap(), true, &options);
            loop {
                // The grid on the way, and the same with candidates taken
                // out at random: boxes and lines with one or no place left.
                let mut c = stepper.candidates().clone();
                for _ in 0..4 {
                    let expected = first_by_enumeration(&c);
                    assert_eq!(first_by_masks(&c, &mut found), expected, "{c:?}");
                    grids += 1;
                    steps += expected.iter().flatten().count();
                    for _ in 0..6 {
                        random ^= random << 13;
                        random ^= random >> 7;
                        random ^= random << 17;
                        c.eliminate((random % 81) as usize, (random >> 8) as u8 % 9 + 1);
                    }
                }
                if stepper.next().is_none() {
                    break;
                }
            }
        }
        assert!(grids > 500 && steps > 500, "{grids} grids, {steps} steps");
    }
}
