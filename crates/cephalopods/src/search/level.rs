//! Levels: the boards of one pip sum and their records. A board's record is a window of rows, one
//! per depth it can be reached at, each row holding up to eight path counts (*lanes*): lane `t`
//! counts the games reaching the image `t(c)` of the canonical form `c` ([`LaneGroup`] merges lanes
//! when the start board is symmetric). The window ends at the last depth the board can be reached at
//! ([`Bounds`]) and starts at the depth of its first contribution (see `Level::row`). Only two levels
//! are alive at a time (the current pip sum and the next), which bounds the memory.

use super::map::{BoardMap, Location};
use super::*;

/// All boards of one pip sum; rows hold `L` lane counts.
pub struct Level<const L: usize> {
    /// The pip sum of the level's boards.
    pub sum: i32,
    pub map: BoardMap,
    /// Records, each a window of rows (one per depth, up to the board's last possible depth), in
    /// `arena[..used]`. The rows past `used` are all zero, so a new record is a bump of `used`:
    /// every record's rows are zeroed as they are read (when the board is expanded or tallied),
    /// which leaves a whole level zero by the time it is cleared, without writing it twice.
    pub arena: Vec<[u32; L]>,
    used: usize,
    /// `buckets[n]`: the boards with `n` dice and their records, in order of discovery.
    /// A relocated record leaves a stale entry whose rows are all zero, which is harmless.
    pub buckets: [Vec<Entry>; CELLS + 1],
}

impl<const L: usize> Level<L> {
    pub fn new(sum: i32) -> Self {
        Level { sum, map: BoardMap::new(), arena: Vec::new(), used: 0, buckets: Default::default() }
    }

    pub fn is_empty(&self) -> bool {
        self.buckets.iter().all(Vec::is_empty)
    }

    pub fn clear(&mut self) {
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
    pub fn row(&mut self, bounds: &Bounds, board: u32, depth: i32, rows: i32) -> usize {
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
pub fn take_row<const L: usize>(row: &mut [u32; L]) -> [u32; L] {
    std::mem::replace(row, [0; L])
}

/// A bucket's entry: a board, where its record starts and the last depth the record holds (the
/// upper end of the board's window, kept so as not to be computed again).
#[derive(Clone, Copy)]
pub struct Entry {
    pub board: u32,
    pub location: Location,
    pub last: u8,
}

/// Number of dice on a packed board.
#[inline]
fn dice_of(board: u32) -> usize {
    // A cell is occupied when any of its three bits is set: fold them onto the lowest bit.
    const LOW_BITS: u32 = 0o111_111_111;
    let occupied = (board | board >> 1 | board >> 2) & LOW_BITS;
    occupied.count_ones() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
