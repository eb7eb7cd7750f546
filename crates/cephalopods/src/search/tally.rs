//! Tallies: what the games ending on a board add up to.

use super::*;

/// What to do with the games that end on a board: fold them into an answer.
pub trait Tally {
    /// How many times [`Tally::add_orbit`] counts each game, out of its eight orientations.
    const ORBIT_WEIGHT: u32 = 8;

    /// Counts `count` games ending on the image under symmetry `t` of canonical board `board`.
    fn add(&mut self, board: u32, t: usize, count: u32);

    /// Counts `counts[t]` games ending on the image under symmetry `t` of `board`, for every `t`.
    fn add_oriented(&mut self, board: u32, counts: &[u32; 8]) {
        for (t, &count) in counts.iter().enumerate() {
            self.add(board, t, count);
        }
    }

    /// Counts `count` games ending on each of the eight images of `board`, weighted
    /// [`Tally::ORBIT_WEIGHT`] / 8.
    fn add_orbit(&mut self, board: u32, count: u32) {
        for t in 0..8 {
            self.add(board, t, count);
        }
    }

    /// As [`Tally::add`] for many boards at once, given by the sums of their cell values (a tally
    /// is linear in the cell values): `count` games ending on the image under symmetry `t` of each.
    fn add_sums(&mut self, sums: &[u32; CELLS], t: usize, count: u32);

    /// As [`Tally::add_orbit`] for many boards at once, given by the sums of their cell values.
    fn add_sums_orbit(&mut self, sums: &[u32; CELLS], count: u32) {
        for t in 0..8 {
            self.add_sums(sums, t, count);
        }
    }
}

/// Sums final-board hashes (mod 2^32).
#[derive(Default, Debug)]
pub struct HashTally {
    /// The running sum.
    pub sum: u32,
}

impl Tally for HashTally {
    const ORBIT_WEIGHT: u32 = 4;

    #[inline]
    fn add(&mut self, board: u32, t: usize, count: u32) {
        self.sum = self.sum.wrapping_add(count.wrapping_mul(transformed_hash(t, board)));
    }

    /// All eight hashes at once ([`transformed_hashes`]), without a branch on the counts.
    #[inline]
    fn add_oriented(&mut self, board: u32, counts: &[u32; 8]) {
        let hashes = transformed_hashes(board);
        let sum = counts
            .iter()
            .zip(hashes)
            .fold(0u32, |sum, (&count, hash)| sum.wrapping_add(count.wrapping_mul(hash)));
        self.sum = self.sum.wrapping_add(sum);
    }

    /// Half the sum of the eight images' hashes, which is always even: a symmetry keeps the centre
    /// in place and sends a corner (an edge) to each corner (edge) twice, so every cell's weight is
    /// counted an even number of times. A start fixed by all eight symmetries then counts every
    /// game 4 times instead of 8, which leaves the 30 bits of the answer exact modulo 2^32.
    fn add_orbit(&mut self, board: u32, count: u32) {
        let sum: u64 = transformed_hashes(board).into_iter().map(u64::from).sum();
        self.sum = self.sum.wrapping_add(count.wrapping_mul((sum / 2) as u32));
    }

    #[inline]
    fn add_sums(&mut self, sums: &[u32; CELLS], t: usize, count: u32) {
        let hash = dot(sums, &ORIENTED_HASH_WEIGHTS[t]);
        self.sum = self.sum.wrapping_add(count.wrapping_mul(hash));
    }

    /// The same halving as [`HashTally::add_orbit`], cell by cell: each cell's weights over the
    /// eight images sum to an even number.
    #[inline]
    fn add_sums_orbit(&mut self, sums: &[u32; CELLS], count: u32) {
        self.sum = self.sum.wrapping_add(count.wrapping_mul(dot(sums, &ORBIT_HALF_WEIGHTS)));
    }
}

/// `ORBIT_HALF_WEIGHTS[i]`: half the sum of cell `i`'s weights over the eight images (even, see
/// [`HashTally::add_orbit`]).
const ORBIT_HALF_WEIGHTS: [u32; CELLS] = {
    let mut table = [0; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut t = 0;
        while t < 8 {
            table[i] += ORIENTED_HASH_WEIGHTS[t][i];
            t += 1;
        }
        assert!(table[i] % 2 == 0);
        table[i] /= 2;
        i += 1;
    }
    table
};

/// `sum(a[i] * b[i])` modulo 2^32.
#[inline]
fn dot(a: &[u32; CELLS], b: &[u32; CELLS]) -> u32 {
    a.iter().zip(b).fold(0u32, |sum, (&x, &y)| sum.wrapping_add(x.wrapping_mul(y)))
}

/// Sums, for each cell, the value it shows on every final board (mod 2^32).
#[derive(Default, Debug)]
pub struct CellTally {
    /// `sums[i]`: total of cell `i` over all games.
    pub sums: [u32; CELLS],
}

impl Tally for CellTally {
    fn add(&mut self, board: u32, t: usize, count: u32) {
        let image = transform(t, board);
        for (i, sum) in self.sums.iter_mut().enumerate() {
            *sum = sum.wrapping_add(count.wrapping_mul((image >> (3 * i)) & 7));
        }
    }

    fn add_sums(&mut self, sums: &[u32; CELLS], t: usize, count: u32) {
        let symmetry = Symmetry::from_index(t);
        for (i, &value) in sums.iter().enumerate() {
            let sum = &mut self.sums[symmetry.cell(i)];
            *sum = sum.wrapping_add(count.wrapping_mul(value));
        }
    }
}

/// The per-cell sums of the values of many boards, accumulated one row of three cells at a time:
/// `rows[r]` holds the sums of row `r`'s cells in 16-bit fields (each board adds at most 6 to a
/// field, so up to 10,000 boards fit; a board has fewer than 100 moves).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CellSums {
    rows: [u64; 3],
}

/// `SPREAD[bits]`: the three 3-bit cells of a row moved into 16-bit fields.
const SPREAD: [u64; 512] = {
    let mut table = [0; 512];
    let mut bits = 0;
    while bits < 512 {
        table[bits] = (bits as u64 & 7) | (bits as u64 >> 3 & 7) << 16 | (bits as u64 >> 6 & 7) << 32;
        bits += 1;
    }
    table
};

impl CellSums {
    /// Adds the cell values of `board` (packed).
    #[inline(always)]
    pub fn add(&mut self, board: u32) {
        for (r, row) in self.rows.iter_mut().enumerate() {
            *row += SPREAD[(board >> (9 * r) & 511) as usize];
        }
    }

    /// The sums, cell by cell.
    pub fn sums(&self) -> [u32; CELLS] {
        std::array::from_fn(|i| (self.rows[i / 3] >> (16 * (i % 3)) & 0xFFFF) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::any_board;
    use crate::board::moves;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn cell_sums_of_successors_match_the_plain_moves(board in any_board()) {
            let mut fast = CellSums::default();
            for_each_placement(board.bits(), |cell, subset, value| fast.add(after(board.bits(), cell, subset, value)));
            let mut plain = [0u32; CELLS];
            for m in moves(board) {
                for (sum, value) in plain.iter_mut().zip(m.board.cells()) {
                    *sum += u32::from(value);
                }
            }
            prop_assert_eq!(fast.sums(), plain);
        }

        #[test]
        fn tallies_of_cell_sums_match_tallies_of_boards(board in any_board(), t in 0usize..8, count in any::<u32>()) {
            let sums = board.cells().map(u32::from);
            let (mut by_board, mut by_sums) = (HashTally::default(), HashTally::default());
            by_board.add(board.bits(), t, count);
            by_sums.add_sums(&sums, t, count);
            prop_assert_eq!(by_board.sum, by_sums.sum);
            by_board.add_orbit(board.bits(), count);
            by_sums.add_sums_orbit(&sums, count);
            prop_assert_eq!(by_board.sum, by_sums.sum);
            let counts: [u32; 8] = std::array::from_fn(|k| count.wrapping_mul(k as u32 + 1));
            let (mut at_once, mut one_by_one) = (HashTally::default(), HashTally::default());
            at_once.add_oriented(board.bits(), &counts);
            for (t, &count) in counts.iter().enumerate() {
                one_by_one.add(board.bits(), t, count);
            }
            prop_assert_eq!(at_once.sum, one_by_one.sum);
            let (mut by_board, mut by_sums) = (CellTally::default(), CellTally::default());
            by_board.add(board.bits(), t, count);
            by_sums.add_sums(&sums, t, count);
            prop_assert_eq!(by_board.sums, by_sums.sums);
        }
    }
}
