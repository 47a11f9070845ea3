//! Classes of equivalent puzzles held packed: what `split` and `leakage`
//! compare, a puzzle's canonical form or its solution grid's; and how
//! `split` deals classes into parts ([`Split`]).

use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::answer::{Answer, Outcome};
use crate::format::Problem;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::{canon, solver};

/// What makes two puzzles one class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Equivalence {
    /// Equivalent puzzles: one canonical form.
    Puzzle,
    /// Puzzles whose solution grids are equivalent (each needs exactly one
    /// solution).
    Grid,
}

/// The packed class form of `puzzle`: its canonical form, or its solution
/// grid's, as a [`crate::pipeline::Mode::Canon`] or
/// [`crate::pipeline::Mode::SolutionCanon`] run finds it; `Err` says why
/// the puzzle has none (conflicting givens; for a grid, no or several
/// solutions).
///
/// # Errors
/// The puzzle's problem, as such a run reports it.
pub fn class_form(puzzle: &Grid, by: Equivalence) -> Result<PackedForm, Problem> {
    let grid = match by {
        Equivalence::Puzzle if !puzzle.is_consistent() => {
            return Err(Problem::ConflictingGivens);
        }
        Equivalence::Puzzle => *puzzle,
        Equivalence::Grid => {
            solver::solve_unique(puzzle)?
                .ok_or(Problem::MultipleSolutions)?
                .grid
        }
    };
    Ok(PackedForm::pack(&canon::search_consistent(&grid).grid))
}

/// Parts of a split by ratios, and the part each class (or bad row) goes
/// to: a draw from the seed and the class alone, against the cumulative
/// ratios, so that the same parts and seed deal alike in every build.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    names: Vec<String>,
    ratios: Vec<f64>,
    /// A draw below `bounds[i]` (and not an earlier bound) goes to part
    /// `i`; the last part takes the rest.
    bounds: Vec<u64>,
}

/// Folded into the draw of a bad row, whose text stands for its class.
const BAD_ROW: u64 = 0xbad;

impl Split {
    /// Parts of these names and ratios, in order: names of letters, digits,
    /// `_` and `-`, each once; ratios above 0 adding up to 1 (within 1e-9).
    ///
    /// # Errors
    /// What is wrong with the parts, naming the part.
    pub fn new(parts: Vec<(String, f64)>) -> Result<Split, String> {
        if parts.is_empty() {
            return Err("no parts: give at least one name and ratio".to_string());
        }
        for (i, (name, ratio)) in parts.iter().enumerate() {
            if name.is_empty()
                || !name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            {
                return Err(format!(
                    "part name '{name}': use letters, digits, '_' and '-' only"
                ));
            }
            if parts[..i].iter().any(|(earlier, _)| earlier == name) {
                return Err(format!("part '{name}' is named twice"));
            }
            if !(*ratio > 0.0 && *ratio <= 1.0) {
                return Err(format!(
                    "part '{name}': {ratio} is not a ratio above 0 and at most 1"
                ));
            }
        }
        let total: f64 = parts.iter().map(|(_, ratio)| ratio).sum();
        if (total - 1.0).abs() > 1e-9 {
            return Err(format!("the ratios add up to {total}, not 1"));
        }
        let mut cumulative = 0.0;
        let bounds = parts[..parts.len() - 1]
            .iter()
            .map(|(_, ratio)| {
                cumulative += ratio;
                // Saturates at u64::MAX for a sum that rounds to 1.
                (cumulative * 2f64.powi(64)) as u64
            })
            .collect();
        let (names, ratios) = parts.into_iter().unzip();
        Ok(Split {
            names,
            ratios,
            bounds,
        })
    }

    /// The parts' names, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The parts' ratios, in order.
    pub fn ratios(&self) -> &[f64] {
        &self.ratios
    }

    /// The part (its position in [`Split::names`]) of the class `form`
    /// under `seed`.
    pub fn part_of(&self, form: &PackedForm, seed: u64) -> usize {
        self.part_of_draw(form.draw(seed))
    }

    /// The part of a bad row under `seed`, drawn from its text (as written,
    /// line end included) in place of a class.
    pub fn part_of_bad_row(&self, text: &[u8], seed: u64) -> usize {
        self.part_of_draw(Rng::for_stream(seed, &[BAD_ROW, text_hash(text)]).next_u64())
    }

    fn part_of_draw(&self, x: u64) -> usize {
        self.bounds
            .iter()
            .position(|&bound| x < bound)
            .unwrap_or(self.bounds.len())
    }
}

/// FNV-1a: a fixed hash of a bad row's text.
fn text_hash(text: &[u8]) -> u64 {
    text.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A canonical form, 4 bits a cell (81 cells in 6 words): equal exactly
/// when the forms are, so a set of them has no false matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedForm([u64; 6]);

impl PackedForm {
    /// `grid` packed.
    pub fn pack(grid: &Grid) -> PackedForm {
        let mut words = [0u64; 6];
        for (i, &cell) in grid.cells().iter().enumerate() {
            words[i / 16] |= u64::from(cell) << (4 * (i % 16));
        }
        PackedForm(words)
    }

    /// The grid packed.
    pub fn unpack(&self) -> Grid {
        let cells = std::array::from_fn(|i| (self.0[i / 16] >> (4 * (i % 16))) as u8 & 15);
        Grid::from_cells(cells).expect("packed from a grid")
    }

    /// The form's words, to be stored: [`PackedForm::from_words`] takes them back.
    pub fn to_words(self) -> [u64; 6] {
        self.0
    }

    /// The form whose [`PackedForm::to_words`] gave `words` (other words
    /// make a form that [`PackedForm::unpack`] may panic on).
    pub fn from_words(words: [u64; 6]) -> PackedForm {
        PackedForm(words)
    }

    /// A number in `0..2^64` drawn from `seed` and the form alone, the same
    /// in every build (the library's frozen generator).
    pub fn draw(&self, seed: u64) -> u64 {
        Rng::for_stream(seed, &self.0).next_u64()
    }

    /// The class form of an outcome of a [`crate::pipeline::Mode::Canon`] or
    /// [`crate::pipeline::Mode::SolutionCanon`] run; `None` for a bad row.
    pub fn of(outcome: &Outcome<'_>) -> Option<PackedForm> {
        match outcome {
            Outcome::Answered {
                answer: Answer::Canonical { form, .. },
                ..
            } => Some(PackedForm::pack(form)),
            _ => None,
        }
    }
}

impl Hash for PackedForm {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u64(word);
        }
    }
}

/// The hasher of sets of [`PackedForm`]s: words folded in by multiplication, then
/// mixed (SplitMix64's finaliser) so that every bit of every word reaches
/// the low bits the table indexes by.
#[derive(Default)]
pub struct PackedFormHasher(u64);

/// A [`std::collections::HashMap`]'s hasher of [`PackedForm`]s.
pub type PackedFormHash = BuildHasherDefault<PackedFormHasher>;

impl Hasher for PackedFormHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_pack_and_unpack() {
        let grid: Grid =
            "...........1.2345623.4..789...8.4.....92761..3.81...24..759.3.1.65......9237...4."
                .parse()
                .unwrap();
        let form = PackedForm::pack(&grid);
        assert_eq!(form.unpack(), grid);
        let mut other = grid;
        other.set(80, 9);
        assert_ne!(PackedForm::pack(&other), form);
        // Frozen: a split's parts must not change between builds.
        assert_eq!(form.draw(0), 14_276_010_310_480_993_118);
        assert_ne!(form.draw(0), form.draw(1));
    }

    #[test]
    fn splits_check_their_parts_and_deal_by_the_ratios() {
        let parts = |list: &[(&str, f64)]| {
            Split::new(list.iter().map(|&(n, r)| (n.to_string(), r)).collect())
        };
        for (bad, says) in [
            (&[("train", 0.9), ("test", 0.05)][..], "add up to"),
            (&[("a", 0.5), ("a", 0.5)], "named twice"),
            (&[("a b", 1.0)], "part name"),
            (&[("a", -0.5), ("b", 1.5)], "not a ratio"),
            (&[("a", f64::NAN)], "not a ratio"),
            (&[], "no parts"),
        ] {
            let error = parts(bad).unwrap_err();
            assert!(error.contains(says), "{bad:?}: {error}");
        }
        let split = parts(&[("a", 0.25), ("b", 0.75)]).unwrap();
        assert_eq!(split.names(), ["a", "b"]);
        assert_eq!(split.part_of_draw(0), 0);
        assert_eq!(split.part_of_draw((1 << 62) - 1), 0);
        assert_eq!(split.part_of_draw(1 << 62), 1);
        assert_eq!(split.part_of_draw(u64::MAX), 1);
        // Frozen, as draws are: a bad row's part must not change between builds.
        assert_eq!(text_hash(b"a\n"), 0x089b_dc07_b544_e7b2);
    }
}
