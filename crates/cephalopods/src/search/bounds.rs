//! The depths a board can be reached at.

/// Per-row (three cells, 9 bits) pip sum, dice count and capture potential, packed in bytes. Built
/// at compile time.
const ROW_STATS: [u32; 512] = {
    let mut stats = [0u32; 512];
    let mut bits = 0;
    while bits < 512 {
        let (mut sum, mut dice, mut potential) = (0, 0, 0);
        let mut k = 0;
        while k < 3 {
            let value = (bits as u32 >> (3 * k)) & 7;
            sum += value;
            dice += (value != 0) as u32;
            potential += (value + 1) / 3;
            k += 1;
        }
        stats[bits] = sum | dice << 8 | potential << 16;
        bits += 1;
    }
    stats
};

/// The depths at which a board can be reached, from counting arguments alone.
///
/// With `p` placements showing 1 and `c` captures, a board at depth `d = p + c` has pip sum
/// `S = S0 + p`, and `n = n0 + p - (sum of (k - 1) over captures of k dice)` dice, with
/// `2 <= k <= 4`; so `ceil((n0 + p - n) / 3) <= c <= n0 + p - n`. Also the *capture potential*
/// `phi = sum over dice of ceil((v - 1) / 3)` rises by at most one per capture and not at all
/// otherwise, so `c >= phi - phi0`. The upper end turns out exact and sizes the records; the lower
/// end is looser (records start at their first contribution instead) and only checks them.
#[derive(Clone, Debug)]
pub struct Bounds {
    start_sum: i32,
    start_dice: i32,
    start_potential: i32,
    depth: i32,
}

impl Bounds {
    /// Bounds for games from `start` of at most `depth` moves.
    pub fn new(start: u32, depth: u32) -> Bounds {
        let mut bounds = Bounds { start_sum: 0, start_dice: 0, start_potential: 0, depth: depth as i32 };
        let (sum, dice, potential) = bounds.stats(start);
        bounds.start_sum = sum;
        bounds.start_dice = dice;
        bounds.start_potential = potential;
        bounds
    }

    #[inline]
    fn stats(&self, board: u32) -> (i32, i32, i32) {
        let s = ROW_STATS[(board & 511) as usize]
            + ROW_STATS[((board >> 9) & 511) as usize]
            + ROW_STATS[(board >> 18) as usize];
        ((s & 255) as i32, ((s >> 8) & 255) as i32, (s >> 16) as i32)
    }

    /// `(lo, hi)`: the board is reachable only at depths `lo..=hi` (empty when `lo > hi`).
    #[inline]
    pub fn window(&self, board: u32) -> (i32, i32) {
        let (sum, dice, potential) = self.stats(board);
        let placements = sum - self.start_sum;
        let merged = self.start_dice + placements - dice;
        let captures_min = ((merged + 2) / 3).max(potential - self.start_potential).max(0);
        (placements + captures_min, self.last(sum, dice))
    }

    /// The upper end of [`Bounds::window`] for a board with pip sum `sum` and `dice` dice:
    /// `p + (n0 + p - n)` with `p = sum - S0` placements, capped at the depth.
    #[inline]
    pub fn last(&self, sum: i32, dice: i32) -> i32 {
        (2 * (sum - self.start_sum) + self.start_dice - dice).min(self.depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::any_board;
    use crate::board::{moves, Board};
    use proptest::prelude::*;
    use std::collections::HashSet;

    proptest! {
        #[test]
        fn last_depth_from_the_pip_sum_is_the_window_end(start in any_board(), board in any_board(), depth in 1u32..=40) {
            let bounds = Bounds::new(start.bits(), depth);
            let last = bounds.last(board.pip_sum() as i32, board.dice() as i32);
            prop_assert_eq!(last, bounds.window(board.bits()).1);
        }
    }

    fn near_empty_board() -> impl Strategy<Value = Board> {
        proptest::array::uniform9(prop_oneof![3 => Just(0u8), 1 => 1u8..=6]).prop_map(Board::from_cells)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The windows must contain every depth a board is really reached at (by a plain
        /// breadth-first walk over boards), or records would be indexed out of their rows.
        #[test]
        fn bounds_contain_every_reachable_depth(start in near_empty_board(), depth in 1u32..=7) {
            let bounds = Bounds::new(start.bits(), depth);
            let mut layer: HashSet<Board> = [start].into_iter().collect();
            for d in 0..=depth as i32 {
                for board in &layer {
                    let (lo, hi) = bounds.window(board.canonical().0.bits());
                    prop_assert!(lo <= d && d <= hi, "{:?} at depth {} outside {}..={}", board, d, lo, hi);
                }
                layer = layer.iter().flat_map(|&b| moves(b)).map(|m| m.board).collect();
            }
        }
    }
}
