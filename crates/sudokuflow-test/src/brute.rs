//! The test oracle: counts solutions by plain backtracking, sharing no code
//! with the solver. Slow but obviously right.

/// Counts solutions up to `limit` by plain backtracking on the emptiest
/// cell.
pub fn brute_count(grid: &mut [u8; 81], limit: u32) -> u32 {
    let mut unlimited = u64::MAX;
    brute_count_within(grid, limit, &mut unlimited).expect("no node budget")
}

/// As [`brute_count`], visiting at most `budget` search nodes; `None` when
/// that is not enough (some sparse grids without a solution take millions).
pub fn brute_count_within(grid: &mut [u8; 81], limit: u32, budget: &mut u64) -> Option<u32> {
    *budget = budget.checked_sub(1)?;
    let mut best: Option<(usize, u16)> = None;
    for i in 0..81 {
        if grid[i] != 0 {
            continue;
        }
        let (r, c) = (i / 9, i % 9);
        let mut used = 0u16;
        for k in 0..9 {
            used |= 1 << grid[r * 9 + k];
            used |= 1 << grid[k * 9 + c];
            used |= 1 << grid[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
        }
        let free = !used & 0x3fe;
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((i, free));
        }
    }
    let Some((cell, free)) = best else {
        return Some(1);
    };
    let mut found = 0;
    for d in 1..=9 {
        if free & (1 << d) != 0 {
            grid[cell] = d;
            let more = brute_count_within(grid, limit - found, budget);
            grid[cell] = 0;
            found += more?;
            if found >= limit {
                break;
            }
        }
    }
    Some(found)
}
