//! Cells and sets of cells: indices `0..81` in row-major order (`row * 9 + column`, row 0 = top),
//! and sets of them as bitboards ([`CellSet`], bit `i` = cell `i`), which makes flood fills over
//! empty cells a handful of shifts.

/// Side length of the board.
pub const SIZE: usize = 9;
/// Number of cells.
pub const CELLS: usize = SIZE * SIZE;
/// Number of colours; colours are `1..=COLOURS`, 0 is an empty cell.
pub const COLOURS: u8 = 7;
/// The shortest line that is removed.
pub const MIN_LINE: usize = 5;

/// A cell: `row * 9 + column`, both 0-based, row 0 at the top.
pub type Cell = usize;

/// A set of cells as a bitboard: bit `i` is cell `i`; bits 81..128 are always clear.
pub type CellSet = u128;

/// Every cell.
pub const ALL_CELLS: CellSet = (1u128 << CELLS) - 1;
/// Cells in the leftmost column.
const FIRST_COLUMN: CellSet = column_mask(0);
/// Cells in the rightmost column.
const LAST_COLUMN: CellSet = column_mask(SIZE - 1);

const fn column_mask(column: usize) -> CellSet {
    let mut mask = 0u128;
    let mut row = 0;
    while row < SIZE {
        mask |= 1u128 << (row * SIZE + column);
        row += 1;
    }
    mask
}

/// The cell at `row`, `column` (both 0-based).
///
/// # Panics
/// In debug builds, if `row` or `column` is 9 or more.
#[inline]
pub fn cell(row: usize, column: usize) -> Cell {
    debug_assert!(row < SIZE && column < SIZE);
    row * SIZE + column
}

/// The 0-based row of `cell` (0 = top).
#[inline]
pub fn row_of(cell: Cell) -> usize {
    cell / SIZE
}

/// The 0-based column of `cell` (0 = left).
#[inline]
pub fn column_of(cell: Cell) -> usize {
    cell % SIZE
}

/// The cells 4-adjacent to any cell of `set` (the set itself is not included unless adjacent).
///
/// # Complexity
/// O(1): four shifts, with the first/last column masked so that rows do not wrap.
#[inline]
pub const fn neighbours(set: CellSet) -> CellSet {
    (((set << 1) & !FIRST_COLUMN) | ((set >> 1) & !LAST_COLUMN) | (set << SIZE) | (set >> SIZE)) & ALL_CELLS
}

/// The cells 4-adjacent to `cell`: [`neighbours`] of the one cell, from a table.
#[inline]
pub fn neighbours_of(cell: Cell) -> CellSet {
    NEIGHBOURS[cell]
}

/// [`neighbours`] of each cell alone.
const NEIGHBOURS: [CellSet; CELLS] = {
    let mut table = [0; CELLS];
    let mut at = 0;
    while at < CELLS {
        table[at] = neighbours(1u128 << at);
        at += 1;
    }
    table
};

/// The set of the one cell `cell`, from a table: a 128-bit shift by a variable amount takes
/// several instructions on x86-64, a load one.
#[inline]
pub fn cell_bit(cell: Cell) -> CellSet {
    CELL_BITS[cell]
}

/// `1 << cell` for each cell.
const CELL_BITS: [CellSet; CELLS] = {
    let mut table = [0; CELLS];
    let mut at = 0;
    while at < CELLS {
        table[at] = 1u128 << at;
        at += 1;
    }
    table
};

/// The cells of `region` connected to `seeds` through 4-adjacent cells of `region`.
///
/// Seeds outside `region` are only starting points: they are not in the result unless in `region`.
///
/// # Complexity
/// O(length of the longest path), at most 81 rounds of [`neighbours`].
#[inline]
pub fn flood(seeds: CellSet, region: CellSet) -> CellSet {
    let mut reached = neighbours(seeds) & region | (seeds & region);
    loop {
        let next = (reached | neighbours(reached)) & region;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The iterator over the cells of a set, lowest index first (one 64-bit half after the other:
/// cheaper than 128-bit steps).
#[inline]
pub fn cells_of(set: CellSet) -> impl Iterator<Item = Cell> {
    let (mut low, mut high) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let cell = low.trailing_zeros() as Cell;
            low &= low - 1;
            Some(cell)
        } else if high != 0 {
            let cell = 64 + high.trailing_zeros() as Cell;
            high &= high - 1;
            Some(cell)
        } else {
            None
        }
    })
}

/// The four line directions as (row step, column step): row, column, both diagonals.
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn cells_of_lists_the_set_bits_lowest_first_and_neighbours_of_is_the_plain_adjacency() {
        let mut state = 7u64;
        for round in 0..2_000 {
            let mut set: CellSet = 0;
            for _ in 0..round % 90 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                set |= 1u128 << ((state >> 33) % CELLS as u64);
            }
            let plain: Vec<Cell> = (0..CELLS).filter(|&at| set >> at & 1 == 1).collect();
            assert_eq!(cells_of(set).collect::<Vec<_>>(), plain);
        }
        assert_eq!(cells_of(ALL_CELLS).count(), CELLS);
        assert_eq!(cells_of(0).next(), None);
        for at in 0..CELLS {
            let (row, column) = (row_of(at) as isize, column_of(at) as isize);
            let plain = (0..CELLS)
                .filter(|&other| {
                    let (r, c) = (row_of(other) as isize, column_of(other) as isize);
                    (r - row).abs() + (c - column).abs() == 1
                })
                .fold(0u128, |set, other| set | 1u128 << other);
            assert_eq!(neighbours_of(at), plain, "{at}");
            assert_eq!(neighbours(1u128 << at), plain, "{at}");
            assert_eq!(cell_bit(at), 1u128 << at, "{at}");
        }
    }

    /// Plain breadth-first search over the grid, independent of the bitboard flood fill.
    fn plain_reachable(board: &Board, from: Cell) -> [bool; CELLS] {
        let mut seen = [false; CELLS];
        let mut queue = vec![from];
        let mut reached = [false; CELLS];
        seen[from] = true;
        while let Some(at) = queue.pop() {
            let (r, c) = (row_of(at) as isize, column_of(at) as isize);
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= 9 || nc >= 9 {
                    continue;
                }
                let next = cell(nr as usize, nc as usize);
                if !seen[next] && board.get(next) == 0 {
                    seen[next] = true;
                    reached[next] = true;
                    queue.push(next);
                }
            }
        }
        reached
    }

    #[test]
    fn flood_fill_matches_plain_search_on_random_boards() {
        let mut state = 12345u64;
        for _ in 0..300 {
            let mut board = Board::new();
            for index in 0..CELLS {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (state >> 33) % 100 < 45 {
                    board.set(index, 1 + ((state >> 40) % 7) as u8);
                }
            }
            for from in cells_of(board.occupied_cells()) {
                let plain = plain_reachable(&board, from);
                let fast = board.reachable_from(from);
                for (to, &reached) in plain.iter().enumerate() {
                    assert_eq!(fast >> to & 1 == 1, reached, "from {from} to {to}\n{board}");
                }
            }
        }
    }
}
