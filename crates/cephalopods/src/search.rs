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

mod bounds;
mod lanes;
mod level;
mod map;
mod tally;

use crate::board::*;
use lanes::{add_windows, expand_row};
use level::{take_row, Entry, Level};

pub use bounds::Bounds;
pub use lanes::LaneGroup;
pub use tally::{CellSums, CellTally, HashTally, Tally};

/// Mask of the answer's 30 bits.
pub const ANSWER_MASK: u32 = (1 << 30) - 1;

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
    if level.map.slots.len() < TOUCH_FROM_SLOTS {
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
    for edge in edges.iter() {
        touched = touched.wrapping_add(level.map.touch(edge.board));
    }
    for edge in edges.iter_mut() {
        let depth = i32::from(edge.depth) + 1;
        edge.target = level.row(bounds, edge.board, depth, i32::from(edge.rows)) as u32;
    }
    for edge in edges.iter() {
        let (first, last) = (edge.target as usize, edge.target as usize + usize::from(edge.rows) - 1);
        touched = touched.wrapping_add(u64::from(level.arena[first][0] ^ level.arena[last][L - 1]));
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
}
