//! Whether two grids are equivalent under the symmetries of Sudoku, by
//! trying every layout (transposition, bands, rows in bands, stacks,
//! columns in stacks) with a digit map built cell by cell: slow but
//! obviously right, sharing no code with the library's transforms or
//! canonical form.

/// The 1296 orders of nine lines that keep bands (or stacks) together.
fn line_orders() -> Vec<[usize; 9]> {
    let threes = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut orders = Vec::with_capacity(1296);
    for outer in threes {
        for a in threes {
            for b in threes {
                for c in threes {
                    let inner = [a, b, c];
                    let mut order = [0; 9];
                    for i in 0..9 {
                        order[i] = 3 * outer[i / 3] + inner[i / 3][i % 3];
                    }
                    orders.push(order);
                }
            }
        }
    }
    orders
}

/// True when some layout of `a`, with its digits renamed one to one, is `b`
/// (empty cells staying empty).
pub fn equivalent(a: &[u8; 81], b: &[u8; 81]) -> bool {
    let orders = line_orders();
    let clues_by_row = |g: &[u8; 81]| {
        std::array::from_fn::<usize, 9, _>(|r| g[9 * r..][..9].iter().filter(|&&d| d != 0).count())
    };
    let transposed: [u8; 81] = std::array::from_fn(|i| a[i % 9 * 9 + i / 9]);
    let b_rows = clues_by_row(b);
    for source in [a, &transposed] {
        let rows_of = clues_by_row(source);
        for rows in &orders {
            // Row r of the layout is row rows[r] of the source.
            if (0..9).any(|r| rows_of[rows[r]] != b_rows[r]) {
                continue;
            }
            'columns: for cols in &orders {
                let mut map = [0u8; 10];
                let mut back = [0u8; 10];
                for i in 0..81 {
                    let from = source[rows[i / 9] * 9 + cols[i % 9]];
                    let to = b[i];
                    if (from == 0) != (to == 0) {
                        continue 'columns;
                    }
                    if from == 0 {
                        continue;
                    }
                    let (f, t) = (usize::from(from), usize::from(to));
                    if (map[f] != 0 && map[f] != to) || (back[t] != 0 && back[t] != from) {
                        continue 'columns;
                    }
                    map[f] = to;
                    back[t] = from;
                }
                return true;
            }
        }
    }
    false
}
