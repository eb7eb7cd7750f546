//! The fast forms of `board.rs`, from tables built at compile time.

use super::*;

/// `ROW_IMAGES[s][r][bits]`: the image under symmetry `s` of row `r` holding `bits`. A symmetry
/// permutes cells, so it maps each row of three cells independently; the image of a board is the
/// OR of the images of its three rows. Built at compile time.
static ROW_IMAGES: [[[u32; 512]; 3]; 8] = row_table(false);

/// The row images (`hashes` false) or their hash contributions (`hashes` true), for every symmetry,
/// row and row content. A row's cells land on distinct cells, so summing their images is ORing them.
const fn row_table(hashes: bool) -> [[[u32; 512]; 3]; 8] {
    let mut table = [[[0u32; 512]; 3]; 8];
    let mut s = 0;
    while s < 8 {
        let mut r = 0;
        while r < 3 {
            let mut bits = 0;
            while bits < 512 {
                let mut k = 0;
                while k < 3 {
                    let value = (bits as u32 >> (3 * k)) & 7;
                    let to = symmetry_cell(s, 3 * r + k);
                    table[s][r][bits] += if hashes { value * HASH_WEIGHTS[to] } else { value << (3 * to) };
                    k += 1;
                }
                bits += 1;
            }
            r += 1;
        }
        s += 1;
    }
    table
}

/// `ORIENTED_HASH_WEIGHTS[t][i]`: the hash weight of cell `i` of a board moved by symmetry `t`
/// (the weight of the cell it lands on).
pub const ORIENTED_HASH_WEIGHTS: [[u32; CELLS]; 8] = {
    let mut table = [[0; CELLS]; 8];
    let mut t = 0;
    while t < 8 {
        let mut i = 0;
        while i < CELLS {
            table[t][i] = HASH_WEIGHTS[symmetry_cell(t, i)];
            i += 1;
        }
        t += 1;
    }
    table
};

/// `board` (packed) moved by symmetry `s`; as [`Board::transformed`], three look-ups.
#[inline]
pub fn transform(s: usize, board: u32) -> u32 {
    let rows = &ROW_IMAGES[s];
    rows[0][(board & 511) as usize] | rows[1][((board >> 9) & 511) as usize] | rows[2][(board >> 18) as usize]
}

/// `ORIENTED_ROW_HASHES[r][bits][s]`: the contribution to the board hash of the image under
/// symmetry `s` of row `r` holding `bits`, the eight symmetries side by side, so that one board's
/// hashes under all eight are three rows of adds ([`transformed_hashes`]).
static ORIENTED_ROW_HASHES: [[[u32; 8]; 512]; 3] = {
    let by_symmetry = row_table(true);
    let mut table = [[[0u32; 8]; 512]; 3];
    let mut r = 0;
    while r < 3 {
        let mut bits = 0;
        while bits < 512 {
            let mut s = 0;
            while s < 8 {
                table[r][bits][s] = by_symmetry[s][r][bits];
                s += 1;
            }
            bits += 1;
        }
        r += 1;
    }
    table
};

/// The hashes of `board` (packed) moved by each of the eight symmetries: `transformed_hash(s,
/// board)` for every `s` at once.
#[inline]
pub fn transformed_hashes(board: u32) -> [u32; 8] {
    let (a, b, c) = (
        &ORIENTED_ROW_HASHES[0][(board & 511) as usize],
        &ORIENTED_ROW_HASHES[1][((board >> 9) & 511) as usize],
        &ORIENTED_ROW_HASHES[2][(board >> 18) as usize],
    );
    std::array::from_fn(|s| a[s].wrapping_add(b[s]).wrapping_add(c[s]))
}

/// The hash of `board` (packed) moved by symmetry `s`, three look-ups.
#[inline]
pub fn transformed_hash(s: usize, board: u32) -> u32 {
    let rows = &ORIENTED_ROW_HASHES;
    rows[0][(board & 511) as usize][s]
        .wrapping_add(rows[1][((board >> 9) & 511) as usize][s])
        .wrapping_add(rows[2][(board >> 18) as usize][s])
}

/// As [`Board::canonical`] on packed boards: `(c, s)` with `transform(s, c) == board` (when the
/// board has symmetries of its own, `s` may be another of the valid choices).
///
/// The hot path of the search (once per edge): the eight images come from shifts and masks
/// ([`images`]), each shifted left by three bits with its index in the low bits, so that one
/// minimum gives both the smallest image and which symmetry made it.
#[inline]
pub fn canonical(board: u32) -> (u32, usize) {
    let images = images(board);
    let mut least = u32::MAX;
    for (j, &image) in images.iter().enumerate() {
        least = least.min(image << 3 | j as u32);
    }
    (least >> 3, usize::from(IMAGE_INVERSE[(least & 7) as usize]))
}

/// The eight images of a packed board under the symmetries of the square, by shifts and masks. Each
/// cell is one octal digit (cell 0 the lowest), so the masks read as pictures of the board, bottom
/// row first: the mirror swaps columns 0 and 2, the flip swaps rows 0 and 2, the transpose swaps the
/// cells across the main diagonal. Order: identity, mirror, flip, both, then the same after the
/// transpose.
#[inline]
pub const fn images(board: u32) -> [u32; 8] {
    const fn mirror(b: u32) -> u32 {
        const COLUMN_0: u32 = 0o007_007_007;
        const COLUMN_1: u32 = 0o070_070_070;
        (b & COLUMN_1) | (b & COLUMN_0) << 6 | (b >> 6) & COLUMN_0
    }
    const fn flip(b: u32) -> u32 {
        const ROW_1: u32 = 0o000_777_000;
        (b & ROW_1) | (b << 18) & 0o777_000_000 | b >> 18
    }
    const fn transpose(b: u32) -> u32 {
        const DIAGONAL: u32 = 0o700_070_007;
        const ABOVE_BY_ONE: u32 = 0o000_700_070; // cells 1 and 5, whose mirror images are 3 and 7
        const ABOVE_BY_TWO: u32 = 0o000_000_700; // cell 2, whose mirror image is 6
        (b & DIAGONAL)
            | (b & ABOVE_BY_ONE) << 6
            | (b >> 6) & ABOVE_BY_ONE
            | (b & ABOVE_BY_TWO) << 12
            | (b >> 12) & ABOVE_BY_TWO
    }
    let (m, t) = (mirror(board), transpose(board));
    let tm = mirror(t);
    [board, m, flip(board), flip(m), t, tm, flip(t), flip(tm)]
}

/// Index of `Symmetry(t).after(Symmetry(u))` (apply `u`, then `t`), by group arithmetic: with
/// `t = R^a T^f` (transpose `T` first, then `a` quarter turns `R`) and `T R = R^-1 T`, the product
/// is `R^(a ± b) T^(f + g)`.
pub const fn compose(t: usize, u: usize) -> usize {
    let (a, f) = (t & 3, t >> 2);
    let (b, g) = (u & 3, u >> 2);
    let turns = if f == 0 { (a + b) & 3 } else { (a + 4 - b) & 3 };
    turns | (f ^ g) << 2
}

/// `IMAGE_INVERSE[j]`: index of the symmetry taking `images(board)[j]` back to `board`.
pub const IMAGE_INVERSE: [u8; 8] = {
    let mut inverse = [0u8; 8];
    let mut j = 0;
    while j < 8 {
        // The symmetry behind image j, identified by where it sends a die on each cell.
        let mut s = 0;
        loop {
            let mut matches = true;
            let mut i = 0;
            while i < CELLS {
                matches &= images(1 << (3 * i))[j] == 1 << (3 * symmetry_cell(s, i));
                i += 1;
            }
            if matches {
                break;
            }
            s += 1;
        }
        let mut back = 0;
        while compose(back, s) != 0 {
            back += 1;
        }
        inverse[j] = back as u8;
        j += 1;
    }
    inverse
};

/// The lowest bit of every cell's field.
pub const LOW_BITS: u32 = 0o111_111_111;

/// `NEIGHBOUR_BITS[cell]`: the lowest bit of each neighbour's field.
const NEIGHBOUR_BITS: [u32; CELLS] = {
    let mut bits = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut k = 0;
        while k < NEIGHBOURS[cell].len() {
            bits[cell] |= 1 << (3 * NEIGHBOURS[cell][k]);
            k += 1;
        }
        cell += 1;
    }
    bits
};

/// Whether a packed board has a die on every cell.
#[inline]
pub fn is_full(board: u32) -> bool {
    (board | board >> 1 | board >> 2) & LOW_BITS == LOW_BITS
}

/// `NEIGHBOUR_SHIFTS[cell]`: bit positions of the cell's neighbours, padded with 27 (where a packed
/// board is always 0, read as an empty cell), so that every key is gathered by four shifts.
const NEIGHBOUR_SHIFTS: [[u32; 4]; CELLS] = {
    let mut shifts = [[3 * CELLS as u32; 4]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut k = 0;
        while k < NEIGHBOURS[cell].len() {
            shifts[cell][k] = 3 * NEIGHBOURS[cell][k] as u32;
            k += 1;
        }
        cell += 1;
    }
    shifts
};

/// `CAPTURES[key]`: the captures onto a cell whose four neighbour slots show the values packed in
/// `key` (three bits each, in [`NEIGHBOURS`] order, 0 for an empty or missing neighbour). One byte
/// per capture, lowest first: the subset of neighbour slots taken (low four bits) and their sum
/// (high four bits); 0 when the placement shows 1. At most 11 captures (four 1s: six pairs, four
/// triples, one quadruple), so 88 bits. Built at compile time.
static CAPTURES: [u128; 4096] = {
    let mut table = [0u128; 4096];
    let mut key = 0;
    while key < 4096 {
        let mut options = 0u128;
        let mut count = 0;
        let mut subset = 3;
        while subset < 16 {
            let (mut sum, mut dice, mut k) = (0, 0, 0);
            while k < 4 {
                if subset >> k & 1 != 0 {
                    let value = (key >> (3 * k)) & 7;
                    sum += if value == 0 { 99 } else { value };
                    dice += 1;
                }
                k += 1;
            }
            if dice >= 2 && sum <= MAX_DIE as usize {
                options |= ((sum << 4 | subset) as u128) << (8 * count);
                count += 1;
            }
            subset += 1;
        }
        table[key] = options;
        key += 1;
    }
    table
};

/// `CLEARED[cell][subset]`: the fields of the cell's neighbour slots in `subset`.
const CLEARED: [[u32; 16]; CELLS] = {
    let mut table = [[0; 16]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut subset = 0;
        while subset < 16 {
            let mut k = 0;
            while k < 4 {
                if subset >> k & 1 != 0 && k < NEIGHBOURS[cell].len() {
                    table[cell][subset] |= 7 << (3 * NEIGHBOURS[cell][k]);
                }
                k += 1;
            }
            subset += 1;
        }
        cell += 1;
    }
    table
};

/// Calls `visit(cell, subset, value)` for every legal move on `board` (packed): a die showing
/// `value` placed on `cell`, capturing the neighbours in `subset` (bit `k` for the cell's `k`-th
/// neighbour in [`NEIGHBOURS`]; 0 for a placement showing 1). [`after`] gives the board. The same
/// moves as [`moves`], in another order, from compile-time tables.
///
/// A die showing 6 is never captured (with any other die the sum is at least 7), so a cell with
/// fewer than two neighbours showing 1..=5 takes a plain placement without a look-up.
#[inline]
pub fn for_each_placement(board: u32, mut visit: impl FnMut(usize, usize, u32)) {
    let occupied = (board | board >> 1 | board >> 2) & LOW_BITS;
    let six = (board >> 1) & (board >> 2) & !board & LOW_BITS;
    let capturable = occupied & !six;
    let mut empty = !occupied & LOW_BITS;
    while empty != 0 {
        let bit = empty & empty.wrapping_neg();
        empty ^= bit;
        let cell = (bit.trailing_zeros() / 3) as usize;
        let candidates = capturable & NEIGHBOUR_BITS[cell];
        if candidates & candidates.wrapping_sub(1) != 0 {
            let shifts = &NEIGHBOUR_SHIFTS[cell];
            let key = (board >> shifts[0] & 7)
                | (board >> shifts[1] & 7) << 3
                | (board >> shifts[2] & 7) << 6
                | (board >> shifts[3] & 7) << 9;
            let mut options = CAPTURES[key as usize];
            if options != 0 {
                while options != 0 {
                    let option = options as u32 & 0xFF;
                    visit(cell, (option & 15) as usize, option >> 4);
                    options >>= 8;
                }
                continue;
            }
        }
        visit(cell, 0, 1);
    }
}

/// The board after placing `value` on `cell` and capturing the neighbours in `subset` (see
/// [`for_each_placement`]).
#[inline]
pub fn after(board: u32, cell: usize, subset: usize, value: u32) -> u32 {
    (board & !CLEARED[cell][subset]) | value << (3 * cell)
}

/// The eight images of `board` ([`images`]), each shifted left by three bits with its index in
/// the low bits: the smallest is at once the canonical form and the image that gave it.
///
/// Computed two images at a time: the board and its transpose side by side in one `u64` (low and
/// high halves, with room above each), so that the mirror, the flips and the tagging each make two
/// images per operation. A test pins it against [`images`].
#[inline]
pub fn tagged_images(board: u32) -> [i32; 8] {
    const fn pair(mask: u32) -> u64 {
        mask as u64 | (mask as u64) << 32
    }
    const COLUMN_0: u64 = pair(0o007_007_007);
    const COLUMN_1: u64 = pair(0o070_070_070);
    const ROW_0: u64 = pair(0o000_000_777);
    const ROW_1: u64 = pair(0o000_777_000);
    const ROW_2: u64 = pair(0o777_000_000);
    let flip = |x: u64| (x & ROW_1) | (x << 18) & ROW_2 | (x >> 18) & ROW_0;
    let tag = |x: u64, j: u64| x << 3 | j | (j + 4) << 32;
    let both = u64::from(board) | u64::from(images(board)[4]) << 32;
    let mirrored = (both & COLUMN_1) | (both & COLUMN_0) << 6 | (both >> 6) & COLUMN_0;
    let pairs = [tag(both, 0), tag(mirrored, 1), tag(flip(both), 2), tag(flip(mirrored), 3)];
    let mut tagged = [0; 8];
    for (j, pair) in pairs.into_iter().enumerate() {
        tagged[j] = pair as u32 as i32;
        tagged[j + 4] = (pair >> 32) as u32 as i32;
    }
    tagged
}

/// The shifted images of a die of each value on each cell, and of each cell's neighbour-subset
/// fields (as `i32`: the tagged images fit in 30 bits, and a signed minimum is one the processor's
/// baseline vector instructions can take).
const PLACED: [[[i32; 8]; 8]; CELLS] = {
    let mut table = [[[0; 8]; 8]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut value = 0;
        while value <= MAX_DIE as u32 {
            let images = images(value << (3 * cell));
            let mut j = 0;
            while j < 8 {
                table[cell][value as usize][j] = (images[j] << 3) as i32;
                j += 1;
            }
            value += 1;
        }
        cell += 1;
    }
    table
};
const CLEARED_IMAGES: [[[i32; 8]; 16]; CELLS] = {
    let mut table = [[[0; 8]; 16]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut subset = 0;
        while subset < 16 {
            let images = images(CLEARED[cell][subset]);
            let mut j = 0;
            while j < 8 {
                table[cell][subset][j] = (images[j] << 3) as i32;
                j += 1;
            }
            subset += 1;
        }
        cell += 1;
    }
    table
};

/// [`canonical`] of the board after a move (see [`for_each_placement`]), from the expanded board's
/// [`tagged_images`]: a move changes every image the same way (the captured cells cleared, the
/// placed one set, both moved by the image's symmetry), so each successor image is one AND and one
/// OR, computed once per board instead of eight images per move.
#[inline]
pub fn canonical_after(tagged: &[i32; 8], cell: usize, subset: usize, value: u32) -> (u32, usize) {
    let least = least_image_after(tagged, cell, subset, value);
    (least >> 3, usize::from(IMAGE_INVERSE[(least & 7) as usize]))
}

/// The smallest tagged image of the board after a move: the canonical form shifted left three
/// bits, and in the low bits the image `j` it came from (`IMAGE_INVERSE[j]` is the symmetry of
/// [`canonical_after`]).
///
/// Kept out of line on purpose: inlined into the move loop, the compiler keeps the eight images in
/// scalar registers and does the ANDs, ORs and minimum one image at a time; called, they are vector
/// operations (4 % fewer instructions for the whole search, call included).
#[inline(never)]
pub fn least_image_after(tagged: &[i32; 8], cell: usize, subset: usize, value: u32) -> u32 {
    let (cleared, placed) = (&CLEARED_IMAGES[cell][subset], &PLACED[cell][value as usize & 7]);
    let mut successor = [0i32; 8];
    for j in 0..8 {
        successor[j] = (tagged[j] & !cleared[j]) | placed[j];
    }
    successor.into_iter().fold(i32::MAX, i32::min) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::any_board;
    use proptest::prelude::*;

    #[test]
    fn constant_composition_matches_the_plain_one() {
        for u in Symmetry::ALL {
            for t in Symmetry::ALL {
                assert_eq!(compose(t.index(), u.index()), t.after(u).index());
            }
        }
    }

    proptest! {
        #[test]
        fn table_free_moves_match_plain_moves(board in any_board()) {
            let mut fast = Vec::new();
            let tagged = tagged_images(board.bits());
            for_each_placement(board.bits(), |cell, subset, value| {
                let moved = after(board.bits(), cell, subset, value);
                fast.push((moved, subset != 0));
                assert_eq!(canonical_after(&tagged, cell, subset, value), canonical(moved));
            });
            let mut plain: Vec<(u32, bool)> =
                moves(board).iter().map(|m| (m.board.bits(), m.captured != 0)).collect();
            fast.sort_unstable();
            plain.sort_unstable();
            prop_assert_eq!(fast, plain);
            prop_assert_eq!(is_full(board.bits()), board.is_full());
        }

        #[test]
        fn all_transformed_hashes_at_once_match_one_at_a_time(board in any_board()) {
            let plain: Vec<u32> = Symmetry::ALL.iter().map(|&s| board.transformed(s).hash()).collect();
            prop_assert_eq!(transformed_hashes(board.bits()).to_vec(), plain);
        }

        #[test]
        fn tagged_images_are_the_images_tagged(board in any_board()) {
            let plain: Vec<i32> =
                images(board.bits()).iter().enumerate().map(|(j, &image)| (image << 3 | j as u32) as i32).collect();
            prop_assert_eq!(tagged_images(board.bits()).to_vec(), plain);
        }

        #[test]
        fn image_inverse_undoes_each_image(board in any_board()) {
            for (j, &image) in images(board.bits()).iter().enumerate() {
                let back = Symmetry::from_index(usize::from(IMAGE_INVERSE[j]));
                prop_assert_eq!(Board::from_bits(image).unwrap().transformed(back), board);
            }
        }

        #[test]
        fn composition_composes_transforms(t in 0usize..8, u in 0usize..8, board in any_board()) {
            let step = transform(t, transform(u, board.bits()));
            prop_assert_eq!(transform(compose(t, u), board.bits()), step);
        }

    }
}
