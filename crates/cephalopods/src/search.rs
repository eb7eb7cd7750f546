//! The enumerator: every game from a start board, counted per (canonical board, depth).
//!
//! # Order of work
//! A placement showing 1 raises the pip sum by one; a capture keeps the pip sum and lowers the number
//! of dice. So `(pip sum, -dice)` strictly increases along every move, and processing boards in that
//! order (one *level* per pip sum, inside it one *bucket* per dice count, most dice first) reaches each
//! board after all of its predecessors. Each board is then expanded exactly once, for all depths at
//! once, instead of once per depth as a breadth-first search by depth would do (about 510 thousand
//! expansions instead of 2.2 million for a near-empty board at depth 40).
//!
//! # Records
//! A board's record is a window of rows, one per depth it can be reached at, each row holding up to
//! eight path counts (*lanes*): lane `t` counts the games reaching the image `t(c)` of the canonical
//! form `c` ([`LaneGroup`] merges lanes when the start board is symmetric). The window ends at the last
//! depth the board can be reached at ([`Bounds`]) and starts at the depth of its first contribution
//! (see `Level::row`). Only two levels are alive at a time (the current pip sum and the next), which
//! bounds the memory.
//!
//! # Batches
//! The boards of one bucket do not feed each other, so their edges are handled in batches: pass 1
//! generates the moves and canonicalises them; on large levels a tight loop touches every successor's
//! map slot, pass 2 resolves the slots (creating records), a tight loop touches every target row and
//! pass 3 adds. The touches are plain loads whose results are only summed, so the processor keeps many
//! misses in flight instead of waiting for each in turn (the batch result is the same as edge-by-edge
//! processing; the tests compare the answers with plain brute forces). Levels small enough to stay in
//! the caches skip the touches and resolve and add each edge in one loop (`TOUCH_FROM_SLOTS`). The
//! adds take no branch on the edge's symmetry: its lane permutation is a window of the expanded
//! source rows (`LaneGroup::windows`).

use crate::board::{
    after, canonical, compose, for_each_placement, least_image_after, tagged_images, transform,
    transformed_hash, transformed_hashes, Board, Symmetry, CELLS, IMAGE_INVERSE, ORIENTED_HASH_WEIGHTS,
};

/// Mask of the answer's 30 bits.
pub const ANSWER_MASK: u32 = (1 << 30) - 1;

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

/// The symmetries of the start board that the counts may share, and the lanes this leaves.
///
/// With `H` a group of symmetries fixing the start board, a game and its image under any `h` in `H`
/// are both games from the start, so the count for image `t(c)` equals the one for `h(t(c))`: the
/// eight orientation counts of a board are constant on each coset `H t`, and one lane per coset is
/// enough (8 / |H| lanes). Starting with one path on every orientation of `H` (|H| paths in all)
/// keeps that exact; the total then counts every game |H| times, which is divided out at the end.
/// Dividing by |H| modulo 2^32 leaves 32 - log2|H| good bits, enough for |H| up to 4; a start fixed
/// by all eight symmetries keeps one lane, whose final boards are tallied a whole orbit at a time
/// ([`Tally::add_orbit`], which [`HashTally`] halves exactly, so that its games count 4 times).
#[derive(Clone, Debug)]
pub struct LaneGroup {
    /// The symmetries shared (a subgroup, identity first).
    pub shared: Vec<usize>,
    /// `lane_of[t]`: the lane of orientation `t`.
    pub lane_of: [u8; 8],
    /// `members[k]`: the orientations counted by lane `k`.
    pub members: Vec<Vec<usize>>,
}

impl LaneGroup {
    /// The largest usable group fixing `start` (or the trivial group when `share` is false).
    pub fn for_start(start: Board, share: bool) -> LaneGroup {
        let mut shared: Vec<usize> =
            (0..8).filter(|&t| share && start.transformed(Symmetry::from_index(t)) == start).collect();
        if shared.is_empty() {
            shared.push(0);
        }
        let mut lane_of = [u8::MAX; 8];
        let mut members = Vec::new();
        // Cosets in order of their smallest member, which makes every lane permutation a window
        // of the expanded row (see `LaneGroup::windows`).
        for t in 0..8 {
            if lane_of[t] != u8::MAX {
                continue;
            }
            let lane = members.len();
            // The coset H t: apply t, then a shared symmetry h.
            let coset: Vec<usize> = shared.iter().map(|&h| compose(h, t)).collect();
            for &member in &coset {
                lane_of[member] = lane as u8;
            }
            members.push(coset);
        }
        LaneGroup { shared, lane_of, members }
    }

    /// Number of lanes, 8 / |H|.
    pub fn lanes(&self) -> usize {
        self.members.len()
    }

    /// `windows()[u]`: where, in a source row expanded by [`expand_row`], the counts for each
    /// group of four target lanes (for eight lanes, two groups; for fewer, one group of all the
    /// lanes) lie consecutively, for a successor reached through `u`. With lanes numbered in
    /// order of their smallest member, every permutation of [`LaneGroup::lane_maps`] is such a
    /// window: with eight lanes, 0..4 are the rotations `r^k` and 4..8 the reflections `r^k s`
    /// (`s` the transpose), and a symmetry shifts each half cyclically, swapping the halves if it
    /// reflects; with four, the cosets `H r^k` form a cycle that a symmetry shifts or reverses (the
    /// Klein group's four cosets, for a start fixed by the half turn alone, permute as a subgroup
    /// of those). Pass 3 then adds each edge's rows without a branch on the symmetry.
    ///
    /// # Panics
    /// If a permutation is not a window, or a four-lane one starts past 0..=3 and 8..=11 (a test
    /// checks every kind of start).
    pub(crate) fn windows<const L: usize>(&self) -> [[u8; 2]; 8] {
        let expansion = &EXPANSIONS[L.trailing_zeros() as usize][..expanded_len(L)];
        let width = L.min(4);
        let mut windows = [[0u8; 2]; 8];
        for (u, map) in self.lane_maps::<L>().iter().enumerate() {
            let mut gather = [0usize; L];
            for (k, &lane) in map.iter().enumerate() {
                gather[usize::from(lane)] = k;
            }
            for (w, chunk) in gather.chunks(width).enumerate() {
                let offset = (0..=expansion.len() - width)
                    .find(|&o| expansion[o..o + width] == *chunk)
                    .expect("every lane permutation is a window of the expanded row");
                assert!(width < 4 || offset & 11 == offset);
                windows[u][w] = offset as u8;
            }
        }
        windows
    }

    /// `lane_maps()[u][k]`: where lane `k` goes when the successor is `u` applied to its
    /// canonical form (coset `H t` goes to `H (t after u)`, the same for every member `t`).
    pub(crate) fn lane_maps<const L: usize>(&self) -> [[u8; L]; 8] {
        let mut maps = [[0u8; L]; 8];
        for (u, map) in maps.iter_mut().enumerate() {
            for (k, lane) in map.iter_mut().enumerate() {
                *lane = self.lane_of[compose(self.members[k][0], u)];
            }
        }
        maps
    }
}

/// `EXPANSIONS[log2 L]`: the lanes of a source row laid out so that every lane permutation is a
/// window (see [`LaneGroup::windows`]): with four or eight lanes, each half of four lanes twice in a
/// row, then reversed twice for four lanes; with two, the two orders.
const EXPANSIONS: [[usize; 16]; 4] = [
    [0; 16],
    [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0, 3, 2, 1, 0],
    [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7],
];

/// Length of an expanded row of `lanes` lanes.
const fn expanded_len(lanes: usize) -> usize {
    match lanes {
        8 | 4 => 16,
        2 => 4,
        _ => 1,
    }
}

/// A row's lanes laid out as [`EXPANSIONS`] says (`X` is `expanded_len(L)`).
#[inline(always)]
fn expand_row<const L: usize, const X: usize>(row: &[u32; L]) -> [u32; X] {
    debug_assert_eq!(X, expanded_len(L));
    let expansion = &EXPANSIONS[L.trailing_zeros() as usize];
    std::array::from_fn(|i| row[expansion[i] & (L - 1)])
}

/// Adds expanded source rows into target rows, each group of four target lanes (or all of them,
/// with fewer lanes) from the source window at `windows`.
#[inline(always)]
fn add_windows<const L: usize, const X: usize>(
    target: &mut [[u32; L]],
    source: &[[u32; X]],
    windows: [u8; 2],
) {
    if L == 1 {
        // One lane: nothing to permute, and consecutive rows are consecutive counts, added four
        // at a time as one vector.
        let mut targets = target.chunks_exact_mut(4);
        let mut sources = source.chunks_exact(4);
        for (to, from) in (&mut targets).zip(&mut sources) {
            let mut quad: [u32; 4] = std::array::from_fn(|j| to[j][0]);
            for (j, count) in quad.iter_mut().enumerate() {
                *count = count.wrapping_add(from[j][0]);
            }
            for (j, row) in to.iter_mut().enumerate() {
                row[0] = quad[j];
            }
        }
        for (to, from) in targets.into_remainder().iter_mut().zip(sources.remainder()) {
            to[0] = to[0].wrapping_add(from[0]);
        }
        return;
    }
    for (to, from) in target.iter_mut().zip(source) {
        if L >= 4 {
            // Whole rows and quads as values, so that the adds are vector adds.
            let mut row = *to;
            for (w, &offset) in windows.iter().enumerate().take(L / 4) {
                // No-op mask (see `LaneGroup::windows`) that spares a bounds check.
                let offset = usize::from(offset) & 11;
                let quad: [u32; 4] = from[offset..offset + 4].try_into().expect("four lanes");
                for (j, count) in quad.into_iter().enumerate() {
                    row[4 * w + j] = row[4 * w + j].wrapping_add(count);
                }
            }
            *to = row;
        } else {
            let offset = usize::from(windows[0]);
            for j in 0..L {
                to[j] = to[j].wrapping_add(from[offset + j]);
            }
        }
    }
}

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

/// An open-addressing map from a canonical board to the [`Location`] of its record.
///
/// Slots are `u64`: the board in bits 0..27, a generation in bits 27..32 and the value in the high
/// half. A slot whose generation is not the current one is empty, so clearing the map for the next
/// level is a counter increment, not a pass over memory.
struct BoardMap {
    slots: Vec<u64>,
    len: usize,
    generation: u64,
}

const KEY_BITS: u32 = 27;

/// The map keeps at most one slot in `MAX_LOAD` used.
const MAX_LOAD: usize = 4;
const GENERATIONS: u64 = 32;

impl BoardMap {
    fn new() -> BoardMap {
        BoardMap { slots: vec![0; 1 << 12], len: 0, generation: 1 }
    }

    #[inline]
    fn home(&self, key: u32) -> usize {
        // Fibonacci hashing: the high bits of the product spread nearby boards apart.
        ((u64::from(key.wrapping_mul(0x9E37_79B1)) * self.slots.len() as u64) >> 32) as usize
    }

    #[inline]
    fn tag(&self, key: u32) -> u64 {
        u64::from(key) | self.generation << KEY_BITS
    }

    /// A plain load of the key's home slot, so that its cache line is on its way.
    #[inline]
    fn touch(&self, key: u32) -> u64 {
        self.slots[self.home(key)]
    }

    /// Makes room for `extra` more keys at a load factor of at most one quarter, so that the next
    /// `extra` claims need no check of their own. At one quarter nearly every look-up ends at its
    /// home slot (measured 4-10 % faster than at one half, one eighth no better).
    #[inline]
    fn reserve(&mut self, extra: usize) {
        while (self.len + extra) * MAX_LOAD > self.slots.len() {
            self.grow();
        }
    }

    /// The slot holding `key` and its value, or a slot newly claimed for it (value 0) and `None`.
    /// Room for a claim must have been made with [`BoardMap::reserve`].
    #[inline(always)]
    fn find_or_claim(&mut self, key: u32) -> (usize, Option<u32>) {
        debug_assert!((self.len + 1) * MAX_LOAD <= self.slots.len(), "claim without reserve");
        let mask = self.slots.len() - 1;
        let tag = self.tag(key);
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot as u32 == tag as u32 {
                return (i, Some((slot >> 32) as u32));
            }
            if (slot as u32) >> KEY_BITS != self.generation as u32 {
                self.slots[i] = tag;
                self.len += 1;
                return (i, None);
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value of slot `index` (from [`BoardMap::find_or_claim`]).
    #[inline]
    fn set(&mut self, index: usize, value: u32) {
        self.slots[index] = (self.slots[index] & 0xFFFF_FFFF) | u64::from(value) << 32;
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = vec![0; old.len() * 2];
        if self.len == 0 {
            // Nothing to move (the zero slots are of no generation in use).
            return;
        }
        let mask = self.slots.len() - 1;
        for slot in old {
            if (slot as u32) >> KEY_BITS == self.generation as u32 {
                let mut i = self.home(slot as u32 & ((1 << KEY_BITS) - 1));
                while (self.slots[i] as u32) >> KEY_BITS == self.generation as u32 {
                    i = (i + 1) & mask;
                }
                self.slots[i] = slot;
            }
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.generation += 1;
        if self.generation == GENERATIONS {
            self.slots.iter_mut().for_each(|slot| *slot = 0);
            self.generation = 1;
        }
    }
}

/// Where a record lives: its first arena row and the depth of that row, packed as
/// `offset << 6 | depth` (depths are at most 40).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Location(u32);

impl Location {
    fn new(offset: usize, depth: i32) -> Location {
        assert!(offset < 1 << 26, "a level of more than 2^26 rows");
        Location((offset as u32) << 6 | depth as u32)
    }

    fn offset(self) -> usize {
        (self.0 >> 6) as usize
    }

    fn depth(self) -> i32 {
        (self.0 & 63) as i32
    }
}

/// All boards of one pip sum; rows hold `L` lane counts.
struct Level<const L: usize> {
    /// The pip sum of the level's boards.
    sum: i32,
    map: BoardMap,
    /// Records, each a window of rows (one per depth, up to the board's last possible depth), in
    /// `arena[..used]`. The rows past `used` are all zero, so a new record is a bump of `used`:
    /// every record's rows are zeroed as they are read (when the board is expanded or tallied),
    /// which leaves a whole level zero by the time it is cleared, without writing it twice.
    arena: Vec<[u32; L]>,
    used: usize,
    /// `buckets[n]`: the boards with `n` dice and their records, in order of discovery.
    /// A relocated record leaves a stale entry whose rows are all zero, which is harmless.
    buckets: [Vec<Entry>; CELLS + 1],
}

impl<const L: usize> Level<L> {
    fn new(sum: i32) -> Self {
        Level { sum, map: BoardMap::new(), arena: Vec::new(), used: 0, buckets: Default::default() }
    }

    fn is_empty(&self) -> bool {
        self.buckets.iter().all(Vec::is_empty)
    }

    fn clear(&mut self) {
        debug_assert!(self.arena[..self.used].iter().all(|row| *row == [0; L]), "a record left unread");
        self.map.clear();
        self.used = 0;
        self.buckets.iter_mut().for_each(Vec::clear);
    }

    /// The arena row of `board` at depth `depth`; the rows for depths `depth..depth + rows` follow it.
    ///
    /// A new board's record starts at `depth`: the first contribution to a board nearly always
    /// comes at its smallest depth (all but about 3,000 of 510,000 boards for an empty start), which
    /// [`Bounds`] alone overestimates by 40 %. In the rare other case the record moves to the end of
    /// the arena with a lower start and its old rows are zeroed.
    ///
    /// # Panics
    /// If those depths leave the board's window, which would mean [`Bounds`] is wrong.
    #[inline(always)]
    fn row(&mut self, bounds: &Bounds, board: u32, depth: i32, rows: i32) -> usize {
        let (slot, found) = self.map.find_or_claim(board);
        if let Some(location) = found.map(Location) {
            if location.depth() <= depth {
                debug_assert!(depth + rows - 1 <= bounds.window(board).1, "depths past the window");
                return location.offset() + (depth - location.depth()) as usize;
            }
        }
        self.new_record(bounds, slot, board, found.map(Location), depth, rows)
    }

    /// `n` zero rows at the end of the arena.
    #[inline]
    fn allocate(&mut self, n: usize) -> usize {
        let offset = self.used;
        self.used += n;
        if self.used > self.arena.len() {
            self.arena.resize(self.used, [0; L]);
        }
        offset
    }

    /// The slow path of [`Level::row`]: a new record, or one that must start lower (only then is
    /// the last depth needed: from the level's pip sum and the dice, [`Bounds::last`]).
    #[inline(always)]
    fn new_record(
        &mut self,
        bounds: &Bounds,
        slot: usize,
        board: u32,
        found: Option<Location>,
        depth: i32,
        rows: i32,
    ) -> usize {
        let dice = dice_of(board);
        let hi = bounds.last(self.sum, dice as i32);
        debug_assert_eq!(hi, bounds.window(board).1, "the level's pip sum is the board's");
        debug_assert!(bounds.window(board).0 <= depth, "depth {depth} below the window");
        assert!(depth + rows - 1 <= hi, "depths {depth}+{rows} past the last depth {hi}");
        match found {
            Some(location) => {
                let (old, start) = (location.offset(), location.depth());
                let moved = self.allocate((hi - depth + 1) as usize);
                let length = (hi - start + 1) as usize;
                self.arena.copy_within(old..old + length, moved + (start - depth) as usize);
                self.arena[old..old + length].iter_mut().for_each(|row| *row = [0; L]);
                self.relocate(slot, board, dice, moved, depth, hi)
            }
            None => {
                let offset = self.allocate((hi - depth + 1) as usize);
                self.relocate(slot, board, dice, offset, depth, hi)
            }
        }
    }

    /// Records that `board` (with `dice` dice)'s record now starts at arena row `offset`, depth
    /// `depth`.
    fn relocate(
        &mut self,
        slot: usize,
        board: u32,
        dice: usize,
        offset: usize,
        depth: i32,
        last: i32,
    ) -> usize {
        let location = Location::new(offset, depth);
        self.map.set(slot, location.0);
        self.buckets[dice].push(Entry { board, location, last: last as u8 });
        offset
    }
}

/// A record row's counts, leaving the row zero (see `Level::arena`).
#[inline]
fn take_row<const L: usize>(row: &mut [u32; L]) -> [u32; L] {
    std::mem::replace(row, [0; L])
}

/// A bucket's entry: a board, where its record starts and the last depth the record holds (the
/// upper end of the board's window, kept so as not to be computed again).
#[derive(Clone, Copy)]
struct Entry {
    board: u32,
    location: Location,
    last: u8,
}

/// Number of dice on a packed board.
#[inline]
fn dice_of(board: u32) -> usize {
    // A cell is occupied when any of its three bits is set: fold them onto the lowest bit.
    const LOW_BITS: u32 = 0o111_111_111;
    let occupied = (board | board >> 1 | board >> 2) & LOW_BITS;
    occupied.count_ones() as usize
}

/// One move out of a board being expanded.
#[derive(Clone, Copy)]
struct Edge {
    /// Canonical successor.
    board: u32,
    /// Where the successor's lanes lie in the expanded source rows ([`LaneGroup::windows`] of the
    /// symmetry `u` with `u(board)` = the actual successor of the canonical parent).
    windows: [u8; 2],
    /// Number of source rows.
    rows: u8,
    /// Depth of the first source row.
    depth: u8,
    /// First of the source rows copied into `Search::rows`.
    source: u32,
    /// Arena row of the successor at `depth + 1` (set in pass 2).
    target: u32,
}

/// Boards handled per batch: enough edges in flight to overlap their cache misses, few enough that
/// the batch's scratch space stays in the first-level cache.
const BATCH_BOARDS: usize = 48;

/// The touch loops run only on levels whose map has at least this many slots (the map stays at most
/// a quarter full, so levels of more than about 33,000 boards: megabytes of map and records, past
/// the second-level cache). On smaller levels what they would fetch is already near, and they only cost
/// instructions (the public tests, whose maps stay below this, ran 2-3 % faster without them; the
/// depth-40 boards, whose maps reach this size, ran no faster).
const TOUCH_FROM_SLOTS: usize = 1 << 18;

/// The state of one enumeration with `L` lanes.
struct Search<'a, T, const L: usize, const X: usize> {
    bounds: Bounds,
    depth: i32,
    group: &'a LaneGroup,
    /// `windows[j]`: where the lanes of a successor whose smallest image is image `j` lie in an
    /// expanded source row ([`LaneGroup::windows`] of the symmetry `IMAGE_INVERSE[j]`).
    windows: [[u8; 2]; 8],
    tally: &'a mut T,
    current: Level<L>,
    next: Level<L>,
    /// Batch scratch: source rows, expanded ([`expand_row`]), and the edges into the current level
    /// and into the next.
    rows: Vec<[u32; X]>,
    captures: Vec<Edge>,
    placements: Vec<Edge>,
}

/// Walks every game of at most `depth` moves from `start` and feeds each final board to `tally`,
/// sharing the counts of the start board's symmetries if `share` is set. Returns how many times
/// each game was counted (the size of the shared group, 1, 2 or 4, or [`Tally::ORBIT_WEIGHT`]
/// when all eight symmetries are shared).
///
/// # Complexity
/// One expansion per reachable canonical board (about 510 thousand for an empty board at depth 40)
/// and one hash-map lookup per distinct (board, successor) edge; the memory is two levels' records.
pub fn enumerate<T: Tally>(start: u32, depth: u32, share: bool, tally: &mut T) -> u32 {
    let group = LaneGroup::for_start(Board::from_bits(start).expect("a packed board"), share);
    match group.lanes() {
        8 => run::<T, 8, 16>(&group, start, depth, tally),
        4 => run::<T, 4, 16>(&group, start, depth, tally),
        2 => run::<T, 2, 4>(&group, start, depth, tally),
        1 => run::<T, 1, 1>(&group, start, depth, tally),
        lanes => unreachable!("{lanes} lanes"),
    }
    if group.shared.len() == 8 {
        T::ORBIT_WEIGHT
    } else {
        group.shared.len() as u32
    }
}

fn run<T: Tally, const L: usize, const X: usize>(group: &LaneGroup, start: u32, depth: u32, tally: &mut T) {
    let mut search: Search<T, L, X> = Search {
        bounds: Bounds::new(start, depth),
        depth: depth as i32,
        group,
        windows: {
            let windows = group.windows::<L>();
            IMAGE_INVERSE.map(|u| windows[usize::from(u)])
        },
        tally,
        current: Level::new(Board::from_bits(start).expect("a packed board").pip_sum() as i32),
        next: Level::new(0),
        rows: Vec::new(),
        captures: Vec::new(),
        placements: Vec::new(),
    };
    search.next.sum = search.current.sum + 1;
    let (start_form, symmetry) = canonical(start);
    search.current.map.reserve(1);
    let row = search.current.row(&search.bounds, start_form, 0, 1);
    search.current.arena[row][usize::from(group.lane_of[symmetry])] = 1;
    search.run();
}

impl<T: Tally, const L: usize, const X: usize> Search<'_, T, L, X> {
    fn run(&mut self) {
        while !self.current.is_empty() {
            for dice in (0..=CELLS).rev() {
                let bucket = std::mem::take(&mut self.current.buckets[dice]);
                for chunk in bucket.chunks(BATCH_BOARDS) {
                    if dice == CELLS {
                        self.tally_full(chunk);
                    } else {
                        self.expand(chunk);
                    }
                }
                self.current.buckets[dice] = bucket;
            }
            let finished = self.current.map.len;
            std::mem::swap(&mut self.current, &mut self.next);
            self.next.clear();
            self.next.sum = self.current.sum + 1;
            // Levels grow or shrink gradually: sizing the next level's map now, while it is empty,
            // as this one times the last ratio of sizes saves moving its entries as it fills.
            let filled = self.current.map.len;
            self.next.map.reserve(filled.max(filled * filled / finished.max(1)).min(2 * filled));
        }
    }

    /// Counts `row`'s games: lane by lane through `add(tally, t, count)` for each orientation `t`
    /// of the lane, or with one lane through `add_orbit(tally, count)`.
    #[inline]
    fn tally_lanes(
        &mut self,
        row: &[u32; L],
        add: impl Fn(&mut T, usize, u32),
        add_orbit: impl Fn(&mut T, u32),
    ) {
        for (lane, &count) in row.iter().enumerate() {
            if count != 0 {
                if L == 1 {
                    add_orbit(self.tally, count);
                } else {
                    for &t in &self.group.members[lane] {
                        add(self.tally, t, count);
                    }
                }
            }
        }
    }

    /// Counts `row`'s games as ending on `board`: each orientation's count from its lane
    /// ([`Tally::add_oriented`]), or with one lane, the whole orbit.
    fn tally_row(&mut self, board: u32, row: &[u32; L]) {
        if L == 1 {
            if row[0] != 0 {
                self.tally.add_orbit(board, row[0]);
            }
        } else {
            let lane_of = &self.group.lane_of;
            let counts: [u32; 8] = std::array::from_fn(|t| row[usize::from(lane_of[t]) & (L - 1)]);
            self.tally.add_oriented(board, &counts);
        }
    }

    /// Counts `row`'s games, continued by one move each, as ending on boards whose cell values sum
    /// to `sums`.
    fn tally_sums(&mut self, sums: &[u32; CELLS], row: &[u32; L]) {
        self.tally_lanes(
            row,
            |tally, t, count| tally.add_sums(sums, t, count),
            |tally, count| tally.add_sums_orbit(sums, count),
        );
    }

    /// Full boards end the game at whatever depth they are reached.
    fn tally_full(&mut self, chunk: &[Entry]) {
        for &Entry { board, location, last: hi } in chunk {
            let (lo, hi) = (location.depth(), i32::from(hi));
            let offset = location.offset();
            let mut total = [0u32; L];
            for row in &mut self.current.arena[offset..=offset + (hi - lo) as usize] {
                for (sum, &count) in total.iter_mut().zip(&take_row(row)) {
                    *sum = sum.wrapping_add(count);
                }
            }
            self.tally_row(board, &total);
        }
    }

    fn expand(&mut self, chunk: &[Entry]) {
        self.rows.clear();
        self.captures.clear();
        self.placements.clear();
        // Pass 1: tally the games ending here, copy the live rows, list the moves (captures stay on
        // the current level, plain placements go to the next: two lists, so that the passes below
        // never branch on which).
        for &Entry { board, location, last: hi } in chunk {
            let (lo, hi) = (location.depth(), i32::from(hi));
            let start = location.offset();
            if hi == self.depth {
                let row = take_row(&mut self.current.arena[start + (hi - lo) as usize]);
                self.tally_row(board, &row);
            }
            // Rows that can still move, trimmed of the zero rows the window's slack leaves, moved
            // out (a plain loop: copying and zeroing rows one board at a time through `memcpy`
            // and `memset` costs more in calls than in bytes).
            let movable = &mut self.current.arena[start..start + (self.depth.min(hi + 1) - lo) as usize];
            let Some(first) = movable.iter().position(|row| *row != [0; L]) else {
                continue;
            };
            if lo + first as i32 == self.depth - 1 {
                // Only the row before the last depth: every move ends a game, so the successors are
                // tallied here from their cell sums, without canonical forms or records.
                let row = take_row(&mut movable[first]);
                let mut finals = CellSums::default();
                for_each_placement(board, |cell, subset, value| {
                    finals.add(after(board, cell, subset, value))
                });
                self.tally_sums(&finals.sums(), &row);
                continue;
            }
            let last = movable.iter().rposition(|row| *row != [0; L]).unwrap_or(first);
            let source = self.rows.len() as u32;
            self.rows.extend(movable[first..=last].iter_mut().map(|row| expand_row(&take_row(row))));
            let depth = (lo + first as i32) as u8;
            let rows = (last - first + 1) as u8;
            let (captures, placements, windows) = (&mut self.captures, &mut self.placements, &self.windows);
            let tagged = tagged_images(board);
            for_each_placement(board, |cell, subset, value| {
                let least = least_image_after(&tagged, cell, subset, value);
                let windows = windows[(least & 7) as usize];
                let edge = Edge { board: least >> 3, windows, rows, depth, source, target: 0 };
                if subset != 0 {
                    captures.push(edge);
                } else {
                    placements.push(edge);
                }
            });
        }
        let bounds = &self.bounds;
        let rows = &self.rows;
        resolve_and_add(&mut self.current, &mut self.captures, bounds, rows);
        resolve_and_add(&mut self.next, &mut self.placements, bounds, rows);
    }
}

/// Passes 2 and 3 of a batch for the edges into one level: find or create the successors' records,
/// then add each source row, its lanes permuted, into the successor's next-depth row (the
/// permutation a window of the expanded source row, `windows`).
///
/// The touches run in tight loops of their own, so that many of their cache misses are in flight at
/// once: first the successors' map slots, then the rows to be added to (both ends: a record may
/// span two or more cache lines).
#[inline(always)]
fn resolve_and_add<const L: usize, const X: usize>(
    level: &mut Level<L>,
    edges: &mut [Edge],
    bounds: &Bounds,
    rows: &[[u32; X]],
) {
    level.map.reserve(edges.len());
    let touch = level.map.slots.len() >= TOUCH_FROM_SLOTS;
    if !touch {
        // Nothing to wait for: find each target and add at once.
        for edge in edges.iter() {
            let depth = i32::from(edge.depth) + 1;
            let target = level.row(bounds, edge.board, depth, i32::from(edge.rows));
            let (source, count) = (edge.source as usize, usize::from(edge.rows));
            add_windows(
                &mut level.arena[target..target + count],
                &rows[source..source + count],
                edge.windows,
            );
        }
        return;
    }
    let mut touched = 0u64;
    if touch {
        for edge in edges.iter() {
            touched = touched.wrapping_add(level.map.touch(edge.board));
        }
    }
    for edge in edges.iter_mut() {
        let depth = i32::from(edge.depth) + 1;
        edge.target = level.row(bounds, edge.board, depth, i32::from(edge.rows)) as u32;
    }
    if touch {
        for edge in edges.iter() {
            let (first, last) = (edge.target as usize, edge.target as usize + usize::from(edge.rows) - 1);
            touched = touched.wrapping_add(u64::from(level.arena[first][0] ^ level.arena[last][L - 1]));
        }
    }
    std::hint::black_box(touched);
    for edge in edges.iter() {
        let (source, count) = (edge.source as usize, usize::from(edge.rows));
        let target = &mut level.arena[edge.target as usize..edge.target as usize + count];
        add_windows(target, &rows[source..source + count], edge.windows);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{moves, Board};
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// Start boards with every kind of shared group: none, each involution (the diagonal
    /// reflections, the mirrors, the half turn), groups of four and all eight.
    const GROUP_STARTS: [[u8; 9]; 9] = [
        [1, 2, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 1, 0, 0, 0, 0, 0],
        [1, 2, 0, 0, 0, 0, 0, 2, 1],
        [1, 0, 2, 0, 0, 0, 2, 0, 1],
        [0, 1, 0, 2, 0, 2, 0, 1, 0],
        [0; 9],
    ];

    /// The windowed add of `L` lanes against the plain loop over [`LaneGroup::lane_maps`], on nine
    /// rows (the one-lane add takes four rows at a time, then the rest one by one).
    fn windowed_adds_match_the_lane_maps<const L: usize, const X: usize>(group: &LaneGroup) {
        let maps: [[u8; L]; 8] = group.lane_maps();
        let windows = group.windows::<L>();
        let rows: Vec<[u32; L]> =
            (0..9u32).map(|r| std::array::from_fn(|k| 1000 * r + 10 * k as u32 + 7)).collect();
        let expanded: Vec<[u32; X]> = rows.iter().map(expand_row).collect();
        for symmetry in 0..8 {
            let start: [u32; L] = std::array::from_fn(|k| 5 + k as u32);
            let mut fast = vec![start; rows.len()];
            add_windows(&mut fast, &expanded, windows[symmetry]);
            let mut plain = vec![start; rows.len()];
            for (to, from) in plain.iter_mut().zip(&rows) {
                for (k, &count) in from.iter().enumerate() {
                    let lane = usize::from(maps[symmetry][k]);
                    to[lane] = to[lane].wrapping_add(count);
                }
            }
            assert_eq!(fast, plain, "{:?} through {symmetry}", group.shared);
        }
    }

    #[test]
    fn windowed_adds_match_the_lane_maps_for_every_group() {
        let mut shared = Vec::new();
        for cells in GROUP_STARTS {
            let group = LaneGroup::for_start(Board::from_cells(cells), true);
            match group.lanes() {
                8 => windowed_adds_match_the_lane_maps::<8, 16>(&group),
                4 => windowed_adds_match_the_lane_maps::<4, 16>(&group),
                2 => windowed_adds_match_the_lane_maps::<2, 4>(&group),
                _ => windowed_adds_match_the_lane_maps::<1, 1>(&group),
            }
            shared.push(group.shared);
        }
        let involutions: Vec<usize> = shared.iter().filter(|h| h.len() == 2).map(|h| h[1]).collect();
        assert_eq!(involutions, vec![4, 6, 5, 7, 2], "every involution a start can share");
        assert_eq!(shared.iter().filter(|h| h.len() == 4).count(), 2, "two groups of four");
    }

    fn any_board() -> impl Strategy<Value = Board> {
        proptest::array::uniform9(0u8..=6).prop_map(Board::from_cells)
    }

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

    #[test]
    fn location_packs_offset_and_depth() {
        let location = Location::new(12_345_678, 40);
        assert_eq!((location.offset(), location.depth()), (12_345_678, 40));
    }

    #[test]
    fn board_map_finds_claims_grows_and_clears() {
        let mut map = BoardMap::new();
        for key in 0..10_000u32 {
            map.reserve(1);
            let (slot, found) = map.find_or_claim(key * 7919 % (1 << KEY_BITS));
            assert_eq!(found, None);
            map.set(slot, key);
        }
        for key in 0..10_000u32 {
            map.reserve(1);
            assert_eq!(map.find_or_claim(key * 7919 % (1 << KEY_BITS)).1, Some(key));
        }
        // Clearing is a generation bump; wrapping the generation really empties the slots.
        for _ in 0..2 * GENERATIONS {
            map.clear();
            map.reserve(1);
            assert_eq!(map.find_or_claim(7919).1, None);
        }
    }

    #[test]
    fn a_record_moves_when_a_lower_depth_arrives() {
        let bounds = Bounds::new(0, 40);
        let board = Board::from_cells([3, 0, 0, 0, 0, 0, 0, 0, 0]).bits();
        assert_eq!(bounds.window(board), (4, 5));
        let mut level: Level<8> = Level::new(3);
        level.map.reserve(3);
        let first = level.row(&bounds, board, 5, 1);
        level.arena[first] = [1, 2, 3, 4, 5, 6, 7, 8];
        let lower = level.row(&bounds, board, 4, 2);
        assert_eq!(level.arena[lower + 1], [1, 2, 3, 4, 5, 6, 7, 8], "the depth-5 row moved along");
        assert_eq!(level.arena[first], [0; 8], "the old row is zeroed");
        assert_eq!(level.row(&bounds, board, 5, 1), lower + 1);
        assert_eq!(level.buckets[1].len(), 2, "the stale entry stays, with zero rows");
    }

    #[test]
    fn lane_groups_follow_the_start_symmetries() {
        let cases = [
            ([0, 0, 0, 0, 0, 0, 0, 0, 0], 1), // all eight
            ([1, 0, 0, 0, 0, 0, 0, 0, 0], 4), // a diagonal reflection
            ([0, 1, 0, 0, 0, 0, 0, 0, 0], 4), // a mirror
            ([1, 2, 0, 0, 0, 0, 0, 0, 0], 8), // none
            ([1, 0, 2, 0, 0, 0, 2, 0, 1], 2), // a half turn and both diagonal reflections
        ];
        for (cells, lanes) in cases {
            let start = Board::from_cells(cells).bits();
            let group = LaneGroup::for_start(Board::from_bits(start).unwrap(), true);
            assert_eq!(group.lanes(), lanes, "{cells:?}");
            let mut seen: Vec<usize> = group.members.concat();
            seen.sort_unstable();
            assert_eq!(seen, (0..8).collect::<Vec<_>>(), "every orientation in exactly one lane");
            for &h in &group.shared {
                assert_eq!(transform(h, start), start);
            }
            assert_eq!(LaneGroup::for_start(Board::from_bits(start).unwrap(), false).lanes(), 8);
        }
    }

    /// Runs the hash tally with or without shared symmetries, undoing the multiplicity.
    fn hash_sum(start: Board, depth: u32, share: bool) -> u32 {
        let mut tally = HashTally::default();
        let shared = enumerate(start.bits(), depth, share, &mut tally);
        (tally.sum >> shared.trailing_zeros()) & ANSWER_MASK
    }

    #[test]
    fn shared_lanes_agree_with_all_eight_on_heavy_inputs() {
        let starts = [
            [0; 9],
            [0, 0, 0, 0, 0, 0, 0, 0, 1],
            [0, 0, 0, 0, 0, 0, 0, 2, 0],
            [0, 0, 0, 0, 3, 0, 0, 0, 0],
            [1, 0, 2, 0, 0, 0, 2, 0, 1], // fixed by a half turn and both diagonal reflections
        ];
        for cells in starts {
            let start = Board::from_cells(cells);
            assert_eq!(hash_sum(start, 40, true), hash_sum(start, 40, false), "{cells:?}");
        }
    }

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
