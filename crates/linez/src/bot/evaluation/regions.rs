//! The regions of connected empty cells, and which colours can reach each.

use crate::*;

/// The regions of connected empty cells: for each empty cell, the region it belongs to.
///
/// In fixed arrays rather than vectors: a rollout finds the regions of about twenty boards, and
/// an allocation each cost more than the flood fills on a crowded board.
pub(crate) struct EmptyRegions {
    /// The regions, in the order of their lowest cell; only the first [`EmptyRegions::count`] are
    /// regions ([`EmptyRegions::sets`]).
    all: [CellSet; MAX_REGIONS],
    count: usize,
    /// The cells of each region, counted as they are labelled (a count of a set's bits is two
    /// dozen instructions without the `popcnt` of later x86-64 levels).
    sizes: [u8; MAX_REGIONS],
    pub(crate) id: [u8; CELLS],
}

impl EmptyRegions {
    pub(crate) fn new(board: &Board) -> EmptyRegions {
        let mut regions =
            EmptyRegions { all: [0; MAX_REGIONS], count: 0, sizes: [0; MAX_REGIONS], id: [u8::MAX; CELLS] };
        let empty = board.empty_cells();
        let mut left = empty;
        while left != 0 {
            let seed = left & left.wrapping_neg();
            // An empty cell with no empty neighbour (common on crowded boards) is its own region:
            // no flood fill.
            let region = if neighbours_of(seed.trailing_zeros() as Cell) & empty == 0 {
                seed
            } else {
                flood(seed, empty)
            };
            let mut size = 0;
            for at in cells_of(region) {
                regions.id[at] = regions.count as u8;
                size += 1;
            }
            regions.all[regions.count] = region;
            regions.sizes[regions.count] = size;
            regions.count += 1;
            left &= !region;
        }
        regions
    }

    /// The number of cells of the largest region (0 for a full board).
    #[inline]
    pub(crate) fn largest(&self) -> u32 {
        self.sizes[..self.count].iter().copied().max().map_or(0, u32::from)
    }

    /// The regions, by index (the `id` of their cells).
    #[inline]
    pub(crate) fn sets(&self) -> &[CellSet] {
        &self.all[..self.count]
    }

    /// The empty cells a number at `from` can move to.
    #[inline]
    pub(crate) fn reachable_from(&self, from: Cell) -> CellSet {
        if self.count == 1 {
            // One region: reachable iff some neighbour is empty.
            return if neighbours_of(from) & self.all[0] != 0 { self.all[0] } else { 0 };
        }
        let mut reach = 0;
        for at in cells_of(neighbours_of(from)) {
            let id = self.id[at];
            if id != u8::MAX {
                reach |= self.all[id as usize];
            }
        }
        reach
    }
}

/// The most regions of empty cells a board can have: no two regions touch, so one cell of each
/// forms a set of pairwise non-adjacent cells, and a 9x9 grid holds at most 41 of those.
pub(crate) const MAX_REGIONS: usize = 41;

/// Who can move where, by colour and by region of empty cells ([`colour_reach`]).
pub(crate) struct ColourReach {
    /// For each colour, the empty cells its numbers can reach.
    pub(crate) reach: [CellSet; 8],
    /// For each region (by its index in [`EmptyRegions::sets`]), the cells next to it: the
    /// numbers among them are those that can move into it.
    pub(crate) borders: [CellSet; MAX_REGIONS],
}

/// Who can move where on a board with the cells of each colour `of_colour`
/// ([`super::WindowCounts::of_colour`]) and the empty `regions`: see [`ColourReach`].
///
/// The reach is the union of [`EmptyRegions::reachable_from`] over the colour's numbers, built a
/// region at a time (every region next to one of its numbers) instead of a number at a time.
pub(crate) fn colour_reach(of_colour: &[CellSet; 8], regions: &EmptyRegions) -> ColourReach {
    let mut found = ColourReach { reach: [0; 8], borders: [0; MAX_REGIONS] };
    for (index, &region) in regions.sets().iter().enumerate() {
        let border = neighbours(region);
        found.borders[index] = border;
        for (reach, &cells) in found.reach.iter_mut().zip(of_colour).skip(1) {
            if border & cells != 0 {
                *reach |= region;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::random_board;
    use crate::bot::evaluation::windows::{WindowCounts, WindowTable};
    use crate::SIZE;

    #[test]
    fn regions_reach_what_the_flood_fill_reaches() {
        let mut state = 3u64;
        // Up to a full board (no region) and a crowded one of single cells (no flood fill).
        for round in 0..100 {
            let board = random_board(&mut state, [0, 20, 55, 85, 100][round % 5]);
            let regions = EmptyRegions::new(&board);
            for from in cells_of(board.occupied_cells()) {
                assert_eq!(regions.reachable_from(from), board.reachable_from(from));
            }
            for at in cells_of(board.empty_cells()) {
                let region = regions.sets()[regions.id[at] as usize];
                assert_eq!(region, flood(1u128 << at, board.empty_cells()), "\n{board}");
            }
            let largest = regions.sets().iter().map(|set| set.count_ones()).max().unwrap_or(0);
            assert_eq!(regions.largest(), largest, "\n{board}");
        }
    }

    #[test]
    fn colour_reach_is_the_union_of_each_numbers_reach() {
        let mut state = 17u64;
        for density in [30, 55, 70, 85] {
            for _ in 0..50 {
                let board = random_board(&mut state, density);
                let regions = EmptyRegions::new(&board);
                let mut plain = [0 as CellSet; 8];
                for a in cells_of(board.occupied_cells()) {
                    plain[board.get(a) as usize] |= regions.reachable_from(a);
                }
                let found = colour_reach(&WindowCounts::new(&WindowTable::new(), &board).of_colour, &regions);
                assert_eq!(found.reach, plain, "\n{board}");
                for (index, &region) in regions.sets().iter().enumerate() {
                    assert_eq!(found.borders[index], neighbours(region), "\n{board}");
                }
            }
        }
        // The most regions a board can have: every other cell empty, 41 cells with no empty
        // neighbour, each a region of its own.
        let mut colours = [0u8; CELLS];
        for (at, colour) in colours.iter_mut().enumerate() {
            if (at / SIZE + at % SIZE) % 2 == 1 {
                *colour = 1 + (at % 7) as u8;
            }
        }
        let board = Board::from_colours(colours);
        let regions = EmptyRegions::new(&board);
        assert_eq!(regions.sets().len(), MAX_REGIONS);
        let of_colour = WindowCounts::new(&WindowTable::new(), &board).of_colour;
        assert_eq!(
            colour_reach(&of_colour, &regions).borders[MAX_REGIONS - 1],
            neighbours(regions.sets()[40])
        );
    }
}
