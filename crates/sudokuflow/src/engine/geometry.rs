//! Sudoku geometry, one copy for the whole engine: the 27 units (rows 0-8,
//! columns 9-17, boxes 18-26), their cells, and each cell's 20 peers.

/// The row, column and box (0-8, 9-17, 18-26) of `cell`.
#[inline]
pub const fn units_of(cell: usize) -> [usize; 3] {
    // Read from a table: chains ask this for every node they follow, and
    // the divisions cost several times a load.
    let [row, col, bx] = UNITS_OF[cell];
    [row as usize, col as usize, bx as usize]
}

/// [`units_of`] of every cell.
const UNITS_OF: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = [r as u8, (9 + c) as u8, (18 + (r / 3) * 3 + c / 3) as u8];
        cell += 1;
    }
    t
};

/// The 9 cells of each unit, in reading order.
pub static UNIT_CELLS: [[u8; 9]; 27] = {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (i * 9 + j) as u8;
            u[9 + i][j] = (j * 9 + i) as u8;
            u[18 + i][j] = (((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
};

/// The 20 peers of every cell (same row, column or box), in reading order.
pub static PEER_CELLS: [[u8; 20]; 81] = {
    let mut p = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_col = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && (i % 9) / 3 == (j % 9) / 3;
            if i != j && (same_row || same_col || same_box) {
                p[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    p
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_hold_their_cells_and_peers_share_a_unit() {
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            for &cell in cells {
                assert!(units_of(cell.into()).contains(&unit));
            }
        }
        for (cell, peers) in PEER_CELLS.iter().enumerate() {
            for &peer in peers {
                let shared = units_of(cell)
                    .iter()
                    .filter(|u| units_of(peer.into()).contains(u))
                    .count();
                assert!(shared >= 1 && usize::from(peer) != cell);
            }
        }
    }
}
