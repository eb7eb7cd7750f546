//! The count: [`SolutionCounter`] and its row tables (see the crate documentation).

use crate::{matching_symbol, Puzzle, BOTTOM, LEFT, RIGHT, TOP};

/// Piece index and edges of one of the 36 (piece, rotation) pairs.
#[derive(Clone, Copy, Debug)]
struct Oriented {
    /// Bit `1 << index` of the piece in the puzzle.
    bit: u16,
    edges: [u8; 4],
}

/// The nine-bit set of all pieces.
const ALL_PIECES: u16 = (1 << 9) - 1;
/// Three symbol codes packed 3 bits each: the number of label keys.
const LABEL_KEYS: usize = 1 << 9;
/// The number of 3-piece sets, C(9, 3).
const TRIPLES: usize = 84;
/// `SolutionCounter::triple_index` of a mask that is not a 3-piece set: a spare column of the row
/// table that absorbs rows reusing a piece, so that the row loop needs no branch to skip them.
const NOT_A_TRIPLE: u8 = TRIPLES as u8;
/// Columns per label key in the row table: the 84 triples and the spare one.
const STRIDE: usize = TRIPLES + 1;

/// Packs three symbol codes (left to right) into a label key.
#[inline]
fn label_key(a: u8, b: u8, c: u8) -> usize {
    (usize::from(a) << 6) | (usize::from(b) << 3) | usize::from(c)
}

/// Counts puzzle solutions, keeping its tables between puzzles so that a file of many puzzles does
/// not allocate or clear large buffers per puzzle.
#[derive(Clone, Debug)]
pub struct SolutionCounter {
    /// `rows[label_key * STRIDE + triple]`: top rows using that 3-piece set with those bottom
    /// symbols. At most 3! orders x 4^3 rotations = 384, so `u16` suffices (the spare column takes at
    /// most 36 * 35 * 36 < 2^16 increments per puzzle). Label-major, so the 20
    /// look-ups of one middle row fall in two runs of 84 counts (a few cache lines) instead of 40
    /// scattered lines of an 86 KB table.
    rows: Vec<u16>,
    /// Slots of `rows` that are non-zero, so they can be reset without clearing the whole table.
    touched: Vec<u32>,
    /// Top rows per bottom-symbol key over all piece sets: a quick "no row fits" test.
    rows_with_labels: Vec<u32>,
    /// `triple_index[mask]`: a 3-piece set's index 0..84, or [`NOT_A_TRIPLE`].
    triple_index: Vec<u8>,
    /// `splits[t]`: the 20 ways to split the six pieces outside the 3-piece set with index `t` into
    /// (top set, bottom set), as triple indices.
    splits: Vec<[(u8, u8); 20]>,
    /// `by_left[s]` / `by_right[s]`: rotated pieces whose left / right edge has symbol `s`.
    by_left: [Vec<Oriented>; 8],
    by_right: [Vec<Oriented>; 8],
}

impl Default for SolutionCounter {
    fn default() -> Self {
        SolutionCounter::new()
    }
}

impl SolutionCounter {
    /// A counter with empty tables (about 100 KB).
    pub fn new() -> SolutionCounter {
        let triples: Vec<u16> = (0..1u16 << 9).filter(|mask| mask.count_ones() == 3).collect();
        debug_assert_eq!(triples.len(), TRIPLES);
        let mut triple_index = vec![NOT_A_TRIPLE; 1 << 9];
        for (index, &mask) in triples.iter().enumerate() {
            triple_index[usize::from(mask)] = index as u8;
        }
        let splits = triples
            .iter()
            .map(|&middle| {
                let rest = ALL_PIECES & !middle;
                let mut split = [(0, 0); 20];
                let tops = triples.iter().filter(|&&top| top & rest == top);
                for (slot, &top) in split.iter_mut().zip(tops) {
                    *slot = (triple_index[usize::from(top)], triple_index[usize::from(rest ^ top)]);
                }
                split
            })
            .collect();
        SolutionCounter {
            rows: vec![0; STRIDE * LABEL_KEYS],
            touched: Vec::new(),
            rows_with_labels: vec![0; LABEL_KEYS],
            triple_index,
            splits,
            by_left: Default::default(),
            by_right: Default::default(),
        }
    }

    /// The number of solutions of `puzzle`: placements and rotations of its nine pieces on the 3x3 grid
    /// with all 12 facing edge pairs matching. Always a multiple of 4.
    ///
    /// # Complexity
    /// O(R + 20 M) where R <= 36 * 32 * 28 is the number of matching rows and M <= 9 * 32 * 28 the number
    /// of middle rows with an unrotated centre; in practice a few thousand steps, independent of the
    /// number of solutions.
    pub fn count(&mut self, puzzle: &Puzzle) -> u64 {
        self.index_pieces(puzzle);
        self.tally_rows();
        let total = self.count_with_unrotated_centre(puzzle);
        self.reset();
        // Turning a solution by 90, 180 and 270 degrees turns its centre piece, and a non-symmetric
        // centre piece makes the four solutions distinct: exactly one of them has it unrotated.
        4 * total
    }

    fn index_pieces(&mut self, puzzle: &Puzzle) {
        for list in self.by_left.iter_mut().chain(self.by_right.iter_mut()) {
            list.clear();
        }
        for (index, &piece) in puzzle.pieces().iter().enumerate() {
            for turns in 0..4 {
                let oriented = Oriented { bit: 1 << index, edges: piece.rotated(turns).edges() };
                self.by_left[usize::from(oriented.edges[LEFT])].push(oriented);
                self.by_right[usize::from(oriented.edges[RIGHT])].push(oriented);
            }
        }
    }

    /// Fills `rows` with every top row: a, b, c left to right, distinct pieces, inner edges matching.
    fn tally_rows(&mut self) {
        let (by_left, rows) = (&self.by_left, &mut self.rows);
        for a in self.by_right.iter().flatten() {
            for b in &by_left[usize::from(matching_symbol(a.edges[RIGHT]))] {
                if b.bit == a.bit {
                    continue;
                }
                // A c that repeats a or b is not skipped (a branch that mispredicts about one time in
                // five) but tallied in the spare column NOT_A_TRIPLE, which is never read.
                for c in &by_left[usize::from(matching_symbol(b.edges[RIGHT]))] {
                    let valid = c.bit & (a.bit | b.bit) == 0;
                    let labels = label_key(a.edges[BOTTOM], b.edges[BOTTOM], c.edges[BOTTOM]);
                    let triple = self.triple_index[usize::from(a.bit | b.bit | c.bit)];
                    let slot = labels * STRIDE + usize::from(triple);
                    // Recorded on every increment, not just the first: a repeated slot costs one
                    // extra store at reset, cheaper than a branch here.
                    self.touched.push(slot as u32);
                    rows[slot] += 1;
                    self.rows_with_labels[labels] += u32::from(valid);
                }
            }
        }
    }

    /// Solutions whose centre piece is in its input orientation.
    fn count_with_unrotated_centre(&self, puzzle: &Puzzle) -> u64 {
        let rows = &self.rows;
        let mut total = 0u64;
        for (index, &centre) in puzzle.pieces().iter().enumerate() {
            let centre_bit = 1u16 << index;
            let c = centre.edges();
            for west in &self.by_right[usize::from(matching_symbol(c[LEFT]))] {
                if west.bit == centre_bit {
                    continue;
                }
                for east in &self.by_left[usize::from(matching_symbol(c[RIGHT]))] {
                    if east.bit & (centre_bit | west.bit) != 0 {
                        continue;
                    }
                    // The top row must show the symbols matching the middle row's top edges.
                    let above = label_key(
                        matching_symbol(west.edges[TOP]),
                        matching_symbol(c[TOP]),
                        matching_symbol(east.edges[TOP]),
                    );
                    if self.rows_with_labels[above] == 0 {
                        continue;
                    }
                    // The bottom row turned by 180 degrees is a top row, read right to left.
                    let below = label_key(
                        matching_symbol(east.edges[BOTTOM]),
                        matching_symbol(c[BOTTOM]),
                        matching_symbol(west.edges[BOTTOM]),
                    );
                    if self.rows_with_labels[below] == 0 {
                        continue;
                    }
                    let middle = self.triple_index[usize::from(centre_bit | west.bit | east.bit)];
                    let tops = &rows[above * STRIDE..][..TRIPLES];
                    let bottoms = &rows[below * STRIDE..][..TRIPLES];
                    // Branch-free: most products are 0, in no pattern a predictor could learn.
                    // 20 products of at most 384 * 384 fit in a u32.
                    let mut with_this_middle = 0u32;
                    for &(top_set, bottom_set) in &self.splits[usize::from(middle)] {
                        with_this_middle += u32::from(tops[usize::from(top_set)])
                            * u32::from(bottoms[usize::from(bottom_set)]);
                    }
                    total += u64::from(with_this_middle);
                }
            }
        }
        total
    }

    fn reset(&mut self) {
        for &slot in &self.touched {
            self.rows[slot as usize] = 0;
        }
        self.touched.clear();
        self.rows_with_labels.iter_mut().for_each(|count| *count = 0);
    }
}

/// The number of solutions of `puzzle` (see [`SolutionCounter::count`]; reuse a counter for many
/// puzzles).
pub fn count_solutions(puzzle: &Puzzle) -> u64 {
    SolutionCounter::new().count(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{symbols_match, Piece};

    fn puzzle(line: &str) -> Puzzle {
        let pieces: Vec<Piece> = line.split_whitespace().map(|t| Piece::parse(t).unwrap()).collect();
        Puzzle::new(pieces.try_into().unwrap()).unwrap()
    }

    const SAMPLE: [(&str, u64); 6] = [
        ("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr", 40),
        ("RrGb WWGR rGgb Wbrg wgBb GgBg WbBG Wwwg WWGG", 8),
        ("RBbr Wrbr wGGG wggR WgGR WBWb WRgB wBgG WBgG", 32),
        ("wBrg rGgb WRrB WWbw wRRB RbbB WRrb wrbb WgrG", 4),
        ("WrwB WWww wRRB WGGb Wbbg WBgG WrbG Wrww RBgg", 12),
        ("WWgg RBrr Rggr RGBg Wbgr WGbg WBbr WGWB GGGg", 0),
    ];

    /// The plain count the row tables replace: cells in reading order, every unused piece in every
    /// rotation, each full grid counted one by one.
    fn plain_count(puzzle: &Puzzle) -> u64 {
        fn place(pieces: &[Piece; 9], grid: &mut Vec<Piece>, used: &mut [bool; 9]) -> u64 {
            let cell = grid.len();
            if cell == 9 {
                return 1;
            }
            let mut total = 0;
            for index in 0..9 {
                if used[index] {
                    continue;
                }
                for turns in 0..4 {
                    let piece = pieces[index].rotated(turns);
                    let e = piece.edges();
                    if cell % 3 > 0 && !symbols_match(grid[cell - 1].edges()[RIGHT], e[LEFT]) {
                        continue;
                    }
                    if cell >= 3 && !symbols_match(grid[cell - 3].edges()[BOTTOM], e[TOP]) {
                        continue;
                    }
                    used[index] = true;
                    grid.push(piece);
                    total += place(pieces, grid, used);
                    grid.pop();
                    used[index] = false;
                }
            }
            total
        }
        place(puzzle.pieces(), &mut Vec::new(), &mut [false; 9])
    }

    #[test]
    fn sample_counts() {
        let mut counter = SolutionCounter::new();
        for (line, expected) in SAMPLE {
            assert_eq!(counter.count(&puzzle(line)), expected, "{}", line);
        }
    }

    #[test]
    fn row_tables_agree_with_the_plain_count() {
        // Reusing one counter also checks that `reset` leaves no stale rows behind.
        let mut counter = SolutionCounter::new();
        let lines = [
            SAMPLE[0].0,
            SAMPLE[1].0,
            SAMPLE[2].0,
            SAMPLE[5].0,
            // Two colours only: many solutions.
            "BwWw WwwW bWBw wBWW BWBw WbWB BWwB bbww wWBb",
            "RrrW WRWw wwRR RrWw rrRw wRRr RWwr WRRw rRRW",
        ];
        for line in lines {
            let p = puzzle(line);
            assert_eq!(counter.count(&p), plain_count(&p), "{}", line);
        }
    }

    #[test]
    fn splits_cover_the_six_other_pieces_exactly() {
        let counter = SolutionCounter::new();
        let mask_of = |index: u8| (0..1u16 << 9).position(|m| counter.triple_index[usize::from(m)] == index);
        for middle in 0..TRIPLES as u8 {
            let middle_mask = mask_of(middle).unwrap() as u16;
            let mut tops = Vec::new();
            for &(top, bottom) in &counter.splits[usize::from(middle)] {
                let (top_mask, bottom_mask) = (mask_of(top).unwrap() as u16, mask_of(bottom).unwrap() as u16);
                assert_eq!(top_mask & bottom_mask, 0);
                assert_eq!(top_mask | bottom_mask | middle_mask, ALL_PIECES);
                tops.push(top);
            }
            tops.sort_unstable();
            tops.dedup();
            assert_eq!(tops.len(), 20);
        }
    }
}
