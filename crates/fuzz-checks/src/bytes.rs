//! Structured values drawn from a fuzzer's bytes: each draw takes the next
//! bytes, and zeros once they run out, so every input means something.

use sudokuflow::Grid;
use sudokuflow::transform::Transform;

/// A solved grid: every other solution grid is one of its transforms.
const SOLVED: &str =
    "416837529982465371735129468571298643293746185864351297647913852359682714128574936";

/// The six orders of three things.
const ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The bytes not drawn yet.
pub struct Bytes<'a> {
    rest: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { rest: data }
    }

    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.rest.split_first() {
            Some((&first, rest)) => {
                self.rest = rest;
                first
            }
            None => 0,
        }
    }

    /// A number below `n` (at least 1), from one or two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        let raw = if n <= 256 {
            usize::from(self.byte())
        } else {
            usize::from(self.byte()) << 8 | usize::from(self.byte())
        };
        raw % n
    }

    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |v, _| v << 8 | u64::from(self.byte()))
    }

    /// Everything not drawn yet.
    pub fn rest(self) -> &'a [u8] {
        self.rest
    }

    /// Any transformation of the grid: a relabelling, rows and columns
    /// permuted within bands and stacks, bands and stacks permuted, and
    /// maybe a transposition, built from the public constructors.
    pub fn transform(&mut self) -> Transform {
        let mut labels = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        for i in (1..9).rev() {
            labels.swap(i, self.below(i + 1));
        }
        let mut order = || ORDERS[self.below(6)];
        let (bands, rows) = (order(), [order(), order(), order()]);
        let (stacks, cols) = (order(), [order(), order(), order()]);
        let mut t = Transform::relabel(labels)
            .expect("a permutation of 1-9")
            .then(&Transform::permute_rows(bands, rows).expect("orders of 0-2"))
            .then(&Transform::permute_cols(stacks, cols).expect("orders of 0-2"));
        if self.byte() & 1 == 1 {
            t = t.then(&Transform::transpose());
        }
        t
    }

    /// A solution grid: `SOLVED` under a drawn transform.
    pub fn solution(&mut self) -> Grid {
        self.transform()
            .apply(&SOLVED.parse().expect("a solved grid"))
    }
}
