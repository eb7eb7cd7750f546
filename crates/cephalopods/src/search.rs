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
//! A board's record is a window of rows, one per depth it can be reached at, each row holding eight
//! path counts (*lanes*): lane `t` counts the games reaching the image `t(c)` of the canonical form `c`.
//! The window comes from the board alone ([`Bounds`]), so it is allocated when the board is first seen.
//! Only two levels are alive at a time (the current pip sum and the next), which bounds the memory.
//!
//! # Memory-level parallelism
//! The time goes to cache misses on the hash map and on successor records, not to arithmetic. The
//! boards of one bucket do not feed each other, so their edges are handled in batches: pass 1 generates
//! moves, canonicalises them and touches each successor's map slot; pass 2 resolves the slots and
//! touches the successor rows; pass 3 adds. The touches are plain loads whose results are only summed,
//! so the processor issues many of them at once instead of waiting for each in turn.

use crate::board::{CaptureTable, SymmetryTables, CELLS};

/// Path counts for the eight images of a canonical board (mod 2^32).
pub type Lanes = [u32; 8];

/// Mask of the answer's 30 bits.
pub const ANSWER_MASK: u32 = (1 << 30) - 1;

/// What to do with the games that end on a board: fold them into an answer.
pub trait Tally {
    /// Counts `lanes[t]` games ending on the image under symmetry `t` of canonical board `board`.
    fn add(&mut self, tables: &SymmetryTables, board: u32, lanes: &Lanes);
}

/// Sums final-board hashes (mod 2^32; mask with [`ANSWER_MASK`] for the answer).
#[derive(Default, Debug)]
pub struct HashTally {
    /// The running sum.
    pub sum: u32,
}

impl Tally for HashTally {
    #[inline]
    fn add(&mut self, tables: &SymmetryTables, board: u32, lanes: &Lanes) {
        for (t, &count) in lanes.iter().enumerate() {
            self.sum = self.sum.wrapping_add(count.wrapping_mul(tables.hash(t, board)));
        }
    }
}

/// Sums, for each cell, the value it shows on every final board (mod 2^32).
#[derive(Default, Debug)]
pub struct CellTally {
    /// `sums[i]`: total of cell `i` over all games.
    pub sums: [u32; CELLS],
}

impl Tally for CellTally {
    fn add(&mut self, tables: &SymmetryTables, board: u32, lanes: &Lanes) {
        for (t, &count) in lanes.iter().enumerate() {
            let image = tables.transform(t, board);
            for (i, sum) in self.sums.iter_mut().enumerate() {
                *sum = sum.wrapping_add(count.wrapping_mul((image >> (3 * i)) & 7));
            }
        }
    }
}

/// Per-row (three cells, 9 bits) pip sum, dice count and capture potential, packed in bytes.
fn row_stats() -> Vec<u32> {
    (0..512u32)
        .map(|bits| {
            let (mut sum, mut dice, mut potential) = (0, 0, 0);
            for k in 0..3 {
                let value = (bits >> (3 * k)) & 7;
                sum += value;
                dice += u32::from(value != 0);
                potential += (value + 1) / 3;
            }
            sum | dice << 8 | potential << 16
        })
        .collect()
}

/// The depths at which a board can be reached, from counting arguments alone.
///
/// With `p` placements showing 1 and `c` captures, a board at depth `d = p + c` has pip sum
/// `S = S0 + p`, and `n = n0 + p - (sum of (k - 1) over captures of k dice)` dice, with
/// `2 <= k <= 4`; so `ceil((n0 + p - n) / 3) <= c <= n0 + p - n`. Also the *capture potential*
/// `phi = sum over dice of ceil((v - 1) / 3)` rises by at most one per capture and not at all
/// otherwise, so `c >= phi - phi0`. The upper end turns out exact; the lower end leaves slack that
/// costs zeroed memory but no work (zero rows are skipped).
#[derive(Clone, Debug)]
pub struct Bounds {
    stats: Vec<u32>,
    start_sum: i32,
    start_dice: i32,
    start_potential: i32,
    depth: i32,
}

impl Bounds {
    /// Bounds for games from `start` of at most `depth` moves.
    pub fn new(start: u32, depth: u32) -> Bounds {
        let mut bounds =
            Bounds { stats: row_stats(), start_sum: 0, start_dice: 0, start_potential: 0, depth: depth as i32 };
        let (sum, dice, potential) = bounds.stats(start);
        bounds.start_sum = sum;
        bounds.start_dice = dice;
        bounds.start_potential = potential;
        bounds
    }

    #[inline]
    fn stats(&self, board: u32) -> (i32, i32, i32) {
        let s = self.stats[(board & 511) as usize]
            + self.stats[((board >> 9) & 511) as usize]
            + self.stats[(board >> 18) as usize];
        ((s & 255) as i32, ((s >> 8) & 255) as i32, (s >> 16) as i32)
    }

    /// `(lo, hi)`: the board is reachable only at depths `lo..=hi` (empty when `lo > hi`).
    #[inline]
    pub fn window(&self, board: u32) -> (i32, i32) {
        let (sum, dice, potential) = self.stats(board);
        let placements = sum - self.start_sum;
        let merged = self.start_dice + placements - dice;
        let captures_min = ((merged + 2) / 3).max(potential - self.start_potential).max(0);
        (placements + captures_min, (placements + merged).min(self.depth))
    }
}

/// An open-addressing map from a canonical board to the arena offset of its record.
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

    /// `Ok(value)` stored for `key`, or `Err(make())` after storing that for it.
    #[inline]
    fn get_or_insert(&mut self, key: u32, make: impl FnOnce() -> u32) -> Result<u32, u32> {
        let mask = self.slots.len() - 1;
        let tag = self.tag(key);
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot as u32 == tag as u32 {
                return Ok((slot >> 32) as u32);
            }
            if (slot as u32) >> KEY_BITS != self.generation as u32 {
                let value = make();
                self.slots[i] = tag | u64::from(value) << 32;
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return Err(value);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = vec![0; old.len() * 2];
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

/// All boards of one pip sum.
struct Level {
    map: BoardMap,
    /// Records, each a window of rows (one per depth).
    arena: Vec<Lanes>,
    /// `buckets[n]`: (board, arena offset of its first row) for the boards with `n` dice, in order of
    /// discovery.
    buckets: [Vec<(u32, u32)>; CELLS + 1],
}

impl Level {
    fn new() -> Level {
        Level { map: BoardMap::new(), arena: Vec::new(), buckets: Default::default() }
    }

    fn is_empty(&self) -> bool {
        self.buckets.iter().all(Vec::is_empty)
    }

    fn clear(&mut self) {
        self.map.clear();
        self.arena.clear();
        self.buckets.iter_mut().for_each(Vec::clear);
    }

    /// The arena row of `board` at depth `depth`, creating the (zeroed) record if the board is new;
    /// the rows for depths `depth..depth + rows` follow it.
    ///
    /// # Panics
    /// If those depths leave the board's window, which would mean [`Bounds`] is wrong.
    #[inline]
    fn row(&mut self, bounds: &Bounds, board: u32, depth: i32, rows: i32) -> usize {
        let (lo, hi) = bounds.window(board);
        assert!(lo <= depth && depth + rows - 1 <= hi, "depths {depth}+{rows} outside the window {lo}..={hi}");
        let arena = &mut self.arena;
        let buckets = &mut self.buckets;
        let offset = match self.map.get_or_insert(board, || arena.len() as u32) {
            Ok(offset) => offset,
            Err(offset) => {
                arena.resize(arena.len() + (hi - lo + 1) as usize, [0; 8]);
                let dice = dice_of(board);
                buckets[dice].push((board, offset));
                offset
            }
        };
        offset as usize + (depth - lo) as usize
    }
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
    /// Symmetry `u` with `u(board)` = the actual successor of the canonical parent.
    symmetry: u8,
    /// A capture stays on the current level; a plain placement goes to the next.
    capture: bool,
    /// First of the source rows copied into `Batch::rows`.
    source: u32,
    /// Number of source rows.
    rows: u8,
    /// Depth of the first source row.
    depth: u8,
    /// Arena row of the successor at `depth + 1` (set in pass 2).
    target: u32,
}

/// Scratch space for one batch of boards.
#[derive(Default)]
struct Batch {
    rows: Vec<Lanes>,
    edges: Vec<Edge>,
}

/// Boards handled per batch: enough edges in flight to overlap their cache misses, few enough that
/// the batch's scratch space stays in the first-level cache.
const BATCH_BOARDS: usize = 24;

/// Walks every game of at most `depth` moves from `start` and feeds each final board to `tally`.
///
/// # Complexity
/// One expansion per reachable canonical board (about 510 thousand for an empty board at depth 40)
/// and one hash-map lookup per distinct (board, successor) edge; the memory is two levels' records.
pub fn enumerate<T: Tally>(start: u32, depth: u32, tally: &mut T) {
    let tables = SymmetryTables::new();
    let captures = CaptureTable::new();
    let bounds = Bounds::new(start, depth);
    let depth = depth as i32;
    let mut current = Level::new();
    let mut next = Level::new();
    let (canonical, symmetry) = tables.canonical(start);
    let row = current.row(&bounds, canonical, 0, 1);
    current.arena[row][symmetry] = 1;
    let mut batch = Batch::default();
    while !current.is_empty() {
        for dice in (0..=CELLS).rev() {
            let bucket = std::mem::take(&mut current.buckets[dice]);
            for chunk in bucket.chunks(BATCH_BOARDS) {
                if dice == CELLS {
                    // Full boards end the game at whatever depth they are reached.
                    for &(board, offset) in chunk {
                        let (lo, hi) = bounds.window(board);
                        let mut total = [0u32; 8];
                        for row in &current.arena[offset as usize..=offset as usize + (hi - lo) as usize] {
                            add_lanes(&mut total, row);
                        }
                        tally.add(&tables, board, &total);
                    }
                } else {
                    expand_batch(chunk, depth, &bounds, &tables, &captures, &mut current, &mut next, &mut batch, tally);
                }
            }
            current.buckets[dice] = bucket;
        }
        std::mem::swap(&mut current, &mut next);
        next.clear();
    }
}

#[inline]
fn add_lanes(total: &mut Lanes, row: &Lanes) {
    for (t, count) in total.iter_mut().zip(row) {
        *t = t.wrapping_add(*count);
    }
}

#[allow(clippy::too_many_arguments)]
fn expand_batch<T: Tally>(
    chunk: &[(u32, u32)],
    depth: i32,
    bounds: &Bounds,
    tables: &SymmetryTables,
    captures: &CaptureTable,
    current: &mut Level,
    next: &mut Level,
    batch: &mut Batch,
    tally: &mut T,
) {
    batch.rows.clear();
    batch.edges.clear();
    // Pass 1: tally the games ending here, copy the live rows, list the moves.
    let mut touched = 0u64;
    for &(board, offset) in chunk {
        let (lo, hi) = bounds.window(board);
        let record = &current.arena[offset as usize..=offset as usize + (hi - lo) as usize];
        if hi == depth {
            tally.add(tables, board, &record[(hi - lo) as usize]);
        }
        // Rows that can still move, trimmed of the zero rows the window's slack leaves.
        let movable = &record[..(depth.min(hi + 1) - lo) as usize];
        let Some(first) = movable.iter().position(|row| *row != [0; 8]) else {
            continue;
        };
        let last = movable.iter().rposition(|row| *row != [0; 8]).unwrap_or(first);
        let source = batch.rows.len() as u32;
        batch.rows.extend_from_slice(&movable[first..=last]);
        let edge_depth = (lo + first as i32) as u8;
        let rows = (last - first + 1) as u8;
        captures.for_each_move(board, |after, capture| {
            let (successor, symmetry) = tables.canonical(after);
            batch.edges.push(Edge {
                board: successor,
                symmetry: symmetry as u8,
                capture,
                source,
                rows,
                depth: edge_depth,
                target: 0,
            });
        });
    }
    // The touches run in tight loops of their own, so that many of their misses are in flight at once.
    for edge in &batch.edges {
        let level = if edge.capture { &*current } else { &*next };
        touched = touched.wrapping_add(level.map.touch(edge.board));
    }
    // Pass 2: find or create the successors' records, then touch the rows to be added to.
    for edge in batch.edges.iter_mut() {
        let level = if edge.capture { &mut *current } else { &mut *next };
        edge.target = level.row(bounds, edge.board, i32::from(edge.depth) + 1, i32::from(edge.rows)) as u32;
    }
    for edge in &batch.edges {
        let level = if edge.capture { &*current } else { &*next };
        touched = touched.wrapping_add(u64::from(level.arena[edge.target as usize][0]));
    }
    std::hint::black_box(touched);
    // Pass 3: add each source row, its lanes permuted, into the successor's next-depth row.
    for edge in &batch.edges {
        let level = if edge.capture { &mut *current } else { &mut *next };
        let lane_map = tables.lane_map(usize::from(edge.symmetry));
        let source = &batch.rows[edge.source as usize..edge.source as usize + usize::from(edge.rows)];
        let target = &mut level.arena[edge.target as usize..edge.target as usize + usize::from(edge.rows)];
        for (to, from) in target.iter_mut().zip(source) {
            for (t, &count) in from.iter().enumerate() {
                let lane = usize::from(lane_map[t]);
                to[lane] = to[lane].wrapping_add(count);
            }
        }
    }
}
