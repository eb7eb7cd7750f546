//! The regions of connected empty cells, and which colours can reach each.

use crate::*;

/// The regions of connected empty cells: for each empty cell, the region it belongs to.
///
/// In fixed arrays rather than vectors: a rollout finds the regions of about twenty boards, and
/// an allocation each cost more than the flood fills on a crowded board.
pub(crate) struct EmptyRegions {
    /// The regions: first those of two cells or more in the order of their lowest cell, then the
    /// single cells in order; only the first [`EmptyRegions::count`] are regions
    /// ([`EmptyRegions::sets`]). Nothing depends on the order but the `id`s.
    /// One more than the most regions: `all[NONE]` is the empty set, the region of no cell.
    all: [CellSet; MAX_REGIONS + 1],
    count: usize,
    /// How many of the regions have two cells or more (they come first).
    multi: usize,
    /// The cells of each region of two or more, counted as they are labelled (a count of a set's
    /// bits is two dozen instructions without the `popcnt` of later x86-64 levels).
    sizes: [u8; MAX_REGIONS],
    /// The empty cells with no empty neighbour: the regions of one cell.
    singles: CellSet,
    /// The region of each empty cell; [`NONE`] for the others.
    pub(crate) id: [u8; CELLS],
}

/// The `id` of a cell in no region (an occupied cell), whose set `all[NONE]` is empty.
const NONE: u8 = MAX_REGIONS as u8;

impl EmptyRegions {
    pub(crate) fn new(board: &Board) -> EmptyRegions {
        let mut regions = EmptyRegions {
            all: [0; MAX_REGIONS + 1],
            count: 0,
            multi: 0,
            sizes: [0; MAX_REGIONS],
            singles: 0,
            id: [NONE; CELLS],
        };
        let empty = board.empty_cells();
        // The empty cells with no empty neighbour (common on crowded boards) are regions of their
        // own: labelled last, without a flood fill or a search for the next seed each.
        let singles = empty & !neighbours(empty);
        let mut left = empty & !singles;
        while left != 0 {
            let region = flood(left & left.wrapping_neg(), left);
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
        regions.multi = regions.count;
        for at in cells_of(singles) {
            regions.id[at] = regions.count as u8;
            regions.all[regions.count] = cell_bit(at);
            regions.count += 1;
        }
        regions.singles = singles;
        regions
    }

    /// The number of cells of the largest region (0 for a full board).
    #[inline]
    pub(crate) fn largest(&self) -> u32 {
        let single = u32::from(self.singles != 0);
        self.sizes[..self.multi].iter().copied().max().map_or(single, u32::from)
    }

    /// The number of empty cells with no empty neighbour (the regions of one cell).
    #[inline]
    pub(crate) fn singles(&self) -> u32 {
        (self.count - self.multi) as u32
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
        // An occupied neighbour adds the empty set (no branch).
        let mut reach = 0;
        for at in cells_of(neighbours_of(from)) {
            reach |= self.all[self.id[at] as usize];
        }
        reach
    }
}

/// The most regions of empty cells a board can have: no two regions touch, so one cell of each
/// forms a set of pairwise non-adjacent cells, and a 9x9 grid holds at most 41 of those.
pub(crate) const MAX_REGIONS: usize = 41;

/// For each colour, the empty cells its numbers can reach, on a board with the cells of each
/// colour `of_colour` ([`super::WindowCounts::of_colour`]) and the empty `regions`.
///
/// The union of [`EmptyRegions::reachable_from`] over the colour's numbers, built a region at a
/// time (every region next to one of its numbers) instead of a number at a time, and the regions of
/// one cell all at once: those next to a number of the colour. Pinned against the union.
#[cfg(test)]
pub(crate) fn colour_reach(of_colour: &[CellSet; 8], regions: &EmptyRegions) -> [CellSet; 8] {
    reach_and_borders(of_colour, regions).0
}

/// The borders of the regions of empty cells (the cells next to each; [`neighbours`] of the
/// region), by region index: what [`colour_reach`] finds on the way, kept for strict supply.
pub(crate) type Borders = [CellSet; MAX_REGIONS];

/// [`colour_reach`] and the regions' [`Borders`].
#[inline]
pub(crate) fn reach_and_borders(of_colour: &[CellSet; 8], regions: &EmptyRegions) -> ([CellSet; 8], Borders) {
    let mut reach = [0; 8];
    let mut borders = [0; MAX_REGIONS];
    for (reach, &cells) in reach.iter_mut().zip(of_colour).skip(1) {
        *reach = regions.singles & neighbours(cells);
    }
    for (&region, border) in regions.all[..regions.multi].iter().zip(borders.iter_mut()) {
        *border = neighbours(region);
        for (reach, &cells) in reach.iter_mut().zip(of_colour).skip(1) {
            // Without a branch: which colours touch which region the predictor cannot guess.
            *reach |= region & 0u128.wrapping_sub(CellSet::from(*border & cells != 0));
        }
    }
    // A region of one cell: its neighbours, from the table.
    for (at, border) in cells_of(regions.singles).zip(borders[regions.multi..].iter_mut()) {
        *border = neighbours_of(at);
    }
    (reach, borders)
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
        for round in 0..120 {
            let board = random_board(&mut state, [0, 20, 55, 70, 85, 100][round % 6]);
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
            let empty = board.empty_cells();
            assert_eq!(regions.singles(), (empty & !neighbours(empty)).count_ones(), "\n{board}");
            // Each region once: as many as the distinct flood fills, together the empty cells.
            let plain: std::collections::HashSet<CellSet> =
                cells_of(board.empty_cells()).map(|at| flood(1u128 << at, board.empty_cells())).collect();
            assert_eq!(regions.sets().len(), plain.len(), "\n{board}");
            assert_eq!(regions.sets().iter().fold(0, |all, set| all | set), board.empty_cells());
        }
    }

    #[test]
    fn borders_are_the_neighbours_of_each_region() {
        let mut state = 19u64;
        for round in 0..100 {
            let board = random_board(&mut state, [20, 50, 65, 80, 95][round % 5]);
            let regions = EmptyRegions::new(&board);
            let of_colour = WindowCounts::new(&WindowTable::new(), &board).of_colour;
            let (_, borders) = reach_and_borders(&of_colour, &regions);
            for (index, &region) in regions.sets().iter().enumerate() {
                assert_eq!(borders[index], neighbours(region), "\n{board}");
            }
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
                assert_eq!(found, plain, "\n{board}");
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
        let mut plain = [0 as CellSet; 8];
        for a in cells_of(board.occupied_cells()) {
            plain[board.get(a) as usize] |= regions.reachable_from(a);
        }
        assert_eq!(colour_reach(&of_colour, &regions), plain);
    }
}
