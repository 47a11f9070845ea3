//! The canonical form on any grid without a digit twice in a line
//! (consistent or not, sparse or full): reached by its transform,
//! idempotent, the same for a shuffled copy (with the same automorphism
//! count), and no larger than any equivalent grid tried.

use sudokuflow::Grid;

use super::bytes::Bytes;

pub fn check(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let fill = bytes.byte();
    // Cells of a solution grid (a consistent puzzle) or any digits, but
    // never one twice in a row or column: such a grid goes to the brute
    // force, the slow reference the unit tests check the searches against
    // (81 ones took two minutes under the fuzzer).
    let solution = (fill & 1 == 1).then(|| bytes.solution());
    let shuffle = bytes.transform();
    let mut cells = [0u8; 81];
    for i in 0..81 {
        let b = bytes.byte();
        if b < fill {
            let digit = solution.map_or(b % 9 + 1, |s| s.get(i));
            let (row, col) = (i / 9, i % 9);
            if !(0..9).any(|j| cells[row * 9 + j] == digit || cells[j * 9 + col] == digit) {
                cells[i] = digit;
            }
        }
    }
    let grid = Grid::from_cells(cells).expect("digits");

    let found = grid.canonical_with_automorphisms();
    let (canonical, transform) = grid.canonical();
    assert_eq!(canonical, found.grid, "{grid}");
    assert_eq!(transform.apply(&grid), canonical, "{grid}");
    assert_eq!(found.transform().apply(&grid), canonical, "{grid}");
    assert_eq!(canonical.clue_count(), grid.clue_count(), "{grid}");
    assert!(found.automorphisms >= 1, "{grid}");
    assert_eq!(canonical.canonical().0, canonical, "not idempotent: {grid}");

    let shuffled = shuffle.apply(&grid);
    let again = shuffled.canonical_with_automorphisms();
    assert_eq!(again.grid, canonical, "{grid} shuffled to {shuffled}");
    assert_eq!(again.automorphisms, found.automorphisms, "{grid}");
    assert_eq!(again.transform().apply(&shuffled), canonical, "{grid}");

    // Minimal (empty cells as 0): no equivalent grid tried is smaller.
    assert!(canonical.cells() <= grid.cells(), "{grid}");
    assert!(canonical.cells() <= shuffled.cells(), "{grid}");
    for _ in 0..4 {
        let other = bytes.transform().apply(&grid);
        assert!(
            canonical.cells() <= other.cells(),
            "{grid}: {other} is smaller"
        );
    }
}
