//! Classes of equivalent puzzles held packed: what `split` and `leakage`
//! compare, a puzzle's canonical form or its solution grid's.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::answer::{Answer, Outcome};
use crate::grid::Grid;
use crate::rng::Rng;

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
}
