//! Lines of 5 or more equal numbers: the ones through given cells, their removal and their points.

use crate::*;

/// Points for removing `removed` numbers with one move or placement: `10 + k*(k-5)/2`, 0 if `k < 5`.
///
/// `k*(k-5)` is always even (one factor is), so the division is exact: 5 -> 10, 6 -> 13, 9 -> 28.
#[inline]
pub fn points_for(removed: u32) -> u32 {
    if removed < MIN_LINE as u32 {
        0
    } else {
        10 + removed * (removed - 5) / 2
    }
}

/// What one removal took off the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removal {
    /// The removed cells (crossing lines share their common cell once).
    pub cells: CellSet,
    /// How many numbers were removed (0 when no line formed).
    pub count: u32,
    /// The points scored, [`points_for`] of `count`.
    pub points: u32,
}

impl Board {
    /// The cells of every line of 5 or more equal numbers that passes through a cell of `through`,
    /// in the 4 directions. Lines not touching `through` are ignored.
    pub fn lines_through(&self, through: CellSet) -> CellSet {
        let mut lines = 0u128;
        for start in cells_of(through) {
            let colour = self.colours[start];
            if colour == 0 {
                continue;
            }
            for &(dr, dc) in &DIRECTIONS {
                let (run, length) = self.run_through(start, dr, dc, colour);
                if length >= MIN_LINE {
                    lines |= run;
                }
            }
        }
        lines
    }

    /// The maximal run of `colour` through `start` along `(dr, dc)` and its opposite, as a set,
    /// and its length (counted as it grows: cheaper than counting the set's bits).
    fn run_through(&self, start: Cell, dr: isize, dc: isize, colour: u8) -> (CellSet, usize) {
        let mut run = 1u128 << start;
        let mut length = 1;
        for sign in [1isize, -1] {
            let (mut r, mut c) = (row_of(start) as isize, column_of(start) as isize);
            loop {
                r += sign * dr;
                c += sign * dc;
                if r < 0 || c < 0 || r >= SIZE as isize || c >= SIZE as isize {
                    break;
                }
                let next = cell(r as usize, c as usize);
                if self.colours[next] != colour {
                    break;
                }
                run |= 1u128 << next;
                length += 1;
            }
        }
        (run, length)
    }

    /// Removes every line of 5+ through a cell of `through` (all at once, so crossing lines share
    /// their common cell) and reports what was removed and its points.
    pub fn remove_lines_through(&mut self, through: CellSet) -> Removal {
        let cells = self.lines_through(through);
        for removed in cells_of(cells) {
            self.colours[removed] = 0;
        }
        self.empty |= cells;
        let count = cells.count_ones();
        Removal { cells, count, points: points_for(count) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;
    use proptest::prelude::*;

    /// Every maximal run of 5+ equal numbers on the board, found by scanning each line of cells
    /// from its start (independent of `run_through`).
    fn plain_runs(board: &Board) -> Vec<Vec<Cell>> {
        let mut runs = Vec::new();
        let inside = |r: isize, c: isize| r >= 0 && c >= 0 && r < 9 && c < 9;
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            for start in 0..CELLS {
                let (r0, c0) = (row_of(start) as isize, column_of(start) as isize);
                // Only start where the previous cell is outside the board: each line once.
                if inside(r0 - dr, c0 - dc) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut r, mut c) = (r0, c0);
                while inside(r, c) {
                    line.push(cell(r as usize, c as usize));
                    r += dr;
                    c += dc;
                }
                let mut i = 0;
                while i < line.len() {
                    let mut j = i;
                    while j < line.len() && board.get(line[j]) == board.get(line[i]) {
                        j += 1;
                    }
                    if board.get(line[i]) != 0 && j - i >= 5 {
                        runs.push(line[i..j].to_vec());
                    }
                    i = j;
                }
            }
        }
        runs
    }

    proptest! {
        #[test]
        fn removal_matches_a_plain_scan_of_all_lines(
            colours in proptest::collection::vec(0u8..=3, CELLS),
            from in 0usize..CELLS,
            to in 0usize..CELLS,
        ) {
            let mut array = [0u8; CELLS];
            array.copy_from_slice(&colours);
            let board = Board::from_colours(array);
            let mv = Move { from, to };
            let mut after = board;
            match after.apply_move(mv) {
                Err(_) => prop_assert_eq!(after, board),
                Ok(removal) => {
                    let mut moved = board;
                    moved.set(to, board.get(from));
                    moved.set(from, 0);
                    let mut expected: CellSet = 0;
                    for run in plain_runs(&moved) {
                        if run.contains(&to) {
                            for &at in &run {
                                expected |= 1u128 << at;
                            }
                        }
                    }
                    prop_assert_eq!(removal.cells, expected);
                    prop_assert_eq!(removal.points, points_for(expected.count_ones()));
                    for at in 0..CELLS {
                        let want = if expected >> at & 1 == 1 { 0 } else { moved.get(at) };
                        prop_assert_eq!(after.get(at), want);
                    }
                }
            }
        }
    }

    #[test]
    fn points_follow_the_formula() {
        assert_eq!(points_for(4), 0);
        assert_eq!(points_for(5), 10);
        assert_eq!(points_for(6), 13);
        assert_eq!(points_for(7), 17);
        assert_eq!(points_for(9), 28);
    }

    #[test]
    fn crossing_lines_are_removed_together_and_score_once() {
        let mut board = board_from(&[
            "....1....", //
            "....1....",
            ".........",
            "....1....",
            "....1....",
            "1111.....",
            ".........",
            ".........",
            "....1....",
        ]);
        // C5 completes the column A5..E5; the row F1..F4 stays (F5 is empty).
        let removal = board.apply_move("I5C5".parse().unwrap()).unwrap();
        assert_eq!((removal.count, removal.points), (5, 10));
        assert_eq!(board.occupied_cells().count_ones(), 4);

        let mut board = board_from(&[
            ".........", //
            "....2....",
            "....2....",
            "....2....",
            "....2....",
            "2222.2...",
            ".........",
            ".........",
            ".........",
        ]);
        let removal = board.apply_move("F6F5".parse().unwrap()).unwrap();
        // Row F: F1..F5 = 5; column 5: B5..F5 = 5; shared F5 once: 9 cells, 28 points.
        assert_eq!(removal.count, 9);
        assert_eq!(removal.points, 28);
        assert!(board.is_clear());
    }

    #[test]
    fn diagonal_lines_of_six_are_found() {
        let mut board = Board::new();
        for i in 0..6 {
            board.set(cell(i + 1, 7 - i), 5);
        }
        let removal = board.remove_lines_through(1u128 << cell(3, 5));
        assert_eq!(removal.count, 6);
        assert_eq!(removal.points, 13);
        let mut board = Board::new();
        for i in 0..4 {
            board.set(cell(i, i), 5);
        }
        board.set(cell(4, 4), 6);
        assert_eq!(board.remove_lines_through(ALL_CELLS).count, 0);
    }
}
