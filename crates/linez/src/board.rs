//! The board and the rules of a move: legality, moves and placements. The lines of 5+ they
//! complete, and their points, are in `lines`.

mod lines;

use crate::*;
pub use lines::{points_for, Removal};
use std::fmt;

/// A 9x9 board of numbers `1..=7` and empty cells (0).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    colours: [u8; CELLS],
    empty: CellSet,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}

/// The 9 rows, top to bottom, `'1'`-`'7'` or `'.'`, each followed by a line break.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            let text: String = (0..SIZE)
                .map(|column| match self.colours[cell(row, column)] {
                    0 => '.',
                    colour => (b'0' + colour) as char,
                })
                .collect();
            writeln!(f, "{text}")?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board { colours: [0; CELLS], empty: ALL_CELLS }
    }

    /// A board from 81 colours in row-major order (0 = empty).
    ///
    /// # Panics
    /// If a colour is above 7.
    pub fn from_colours(colours: [u8; CELLS]) -> Board {
        let mut board = Board::new();
        for (index, &colour) in colours.iter().enumerate() {
            board.set(index, colour);
        }
        board
    }

    /// The colour at `cell`, 0 if empty.
    #[inline]
    pub fn get(&self, cell: Cell) -> u8 {
        self.colours[cell]
    }

    /// Puts `colour` (0 = empty) at `cell`, replacing what was there. Removes no lines.
    ///
    /// # Panics
    /// If `colour` is above 7 (always), if `cell` is 81 or more.
    #[inline]
    pub fn set(&mut self, cell: Cell, colour: u8) {
        assert!(colour <= COLOURS, "colour {colour} out of range 0..=7");
        self.colours[cell] = colour;
        if colour == 0 {
            self.empty |= cell_bit(cell);
        } else {
            self.empty &= !cell_bit(cell);
        }
    }

    /// All 81 colours, row-major.
    pub fn colours(&self) -> &[u8; CELLS] {
        &self.colours
    }

    /// The empty cells.
    #[inline]
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// The cells holding a number.
    #[inline]
    pub fn occupied_cells(&self) -> CellSet {
        !self.empty & ALL_CELLS
    }

    /// Number of empty cells.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty.count_ones() as usize
    }

    /// The empty cells in row-major order (top row first), as the seeded generation draws from.
    pub fn empty_list(&self) -> Vec<Cell> {
        cells_of(self.empty).collect()
    }

    /// True if no cell is empty.
    pub fn is_full(&self) -> bool {
        self.empty == 0
    }

    /// True if no cell holds a number.
    pub fn is_clear(&self) -> bool {
        self.empty == ALL_CELLS
    }

    /// The empty cells a number at `from` can move to (by a path of empty cells).
    ///
    /// # Complexity
    /// One flood fill, O(81) word operations at worst.
    #[inline]
    pub fn reachable_from(&self, from: Cell) -> CellSet {
        flood(1u128 << from, self.empty)
    }

    /// Whether `mv` is legal: `from` holds a number, `to` is empty, and a 4-connected path of
    /// empty cells joins them.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv.from >= CELLS || self.colours[mv.from] == 0 {
            return Err(IllegalMove::EmptySource);
        }
        if mv.to >= CELLS || self.colours[mv.to] != 0 {
            return Err(IllegalMove::OccupiedTarget);
        }
        if self.reachable_from(mv.from) & (1u128 << mv.to) == 0 {
            return Err(IllegalMove::NoPath);
        }
        Ok(())
    }

    /// True if `mv` is legal (see [`Board::check_move`]).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Every legal move, sources in row-major order, then targets in row-major order.
    ///
    /// # Complexity
    /// One flood fill per empty region plus O(moves).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in cells_of(self.occupied_cells()) {
            for to in cells_of(self.reachable_from(from)) {
                moves.push(Move { from, to });
            }
        }
        moves
    }

    /// Moves the number of `mv.from` to `mv.to` if legal, then removes the lines through `mv.to`.
    ///
    /// # Errors
    /// If the move is illegal; the board is then unchanged.
    pub fn apply_move(&mut self, mv: Move) -> Result<Removal, IllegalMove> {
        self.check_move(mv)?;
        Ok(self.apply_legal_move(mv))
    }

    /// As [`Board::apply_move`] without the legality check (the caller knows the move is legal).
    #[inline]
    pub fn apply_legal_move(&mut self, mv: Move) -> Removal {
        let colour = self.colours[mv.from];
        self.set(mv.from, 0);
        self.set(mv.to, colour);
        self.remove_lines_through(1u128 << mv.to)
    }

    /// Moves the number of `mv.from` to `mv.to` without looking for lines: for a legal move the
    /// caller knows completes none (where [`Board::apply_legal_move`] would remove nothing).
    #[inline]
    pub fn apply_quiet_move(&mut self, mv: Move) {
        let colour = self.colours[mv.from];
        self.set(mv.from, 0);
        self.set(mv.to, colour);
        debug_assert_eq!(self.lines_through(1u128 << mv.to), 0, "{mv} completes a line:\n{self}");
    }

    /// Places `colour` at the empty cell `at` and, if `remove_lines`, removes the lines it completes.
    ///
    /// # Panics
    /// If `at` is not empty or `colour` is not in `1..=7`.
    pub fn place(&mut self, at: Cell, colour: u8, remove_lines: bool) -> Removal {
        assert!(self.colours[at] == 0, "placing on a non-empty cell");
        assert!((1..=COLOURS).contains(&colour), "placing colour {colour}, not in 1..=7");
        self.set(at, colour);
        if remove_lines {
            self.remove_lines_through(1u128 << at)
        } else {
            Removal::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_turn;

    pub(super) fn board_from(rows: &[&str; 9]) -> Board {
        let text = format!("{}\n111\n", rows.join("\n"));
        parse_turn(&text).unwrap().board
    }

    #[test]
    fn legality_needs_a_path_of_empty_cells() {
        let board = board_from(&[
            "1.2......", //
            "333......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "........4",
        ]);
        // A2 is empty but enclosed by the 1, the 2 and the 3 below it.
        assert!(board.is_legal("A1A2".parse().unwrap()));
        assert!(!board.is_legal("A1C1".parse().unwrap()), "A2 is enclosed by 1, 2 and the 3s");
        assert_eq!(board.check_move("A2A1".parse().unwrap()), Err(IllegalMove::EmptySource));
        assert_eq!(board.check_move("I9A3".parse().unwrap()), Err(IllegalMove::OccupiedTarget));
        assert!(board.is_legal("I9A4".parse().unwrap()));
        assert!(board.is_legal("B1C1".parse().unwrap()));
    }

    #[test]
    fn a_quiet_move_is_the_legal_move_that_removes_nothing() {
        // Few colours, so that many moves complete lines and are left out.
        let (mut state, mut quiet, mut lines) = (777u64, 0, 0);
        for density in [40, 60, 80] {
            for _ in 0..30 {
                let mut board = Board::new();
                for index in 0..CELLS {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if (state >> 33) % 100 < density {
                        board.set(index, 1 + ((state >> 40) % 2) as u8);
                    }
                }
                for mv in board.legal_moves() {
                    let mut legal = board;
                    if legal.apply_legal_move(mv).count > 0 {
                        lines += 1;
                        continue;
                    }
                    let mut moved = board;
                    moved.apply_quiet_move(mv);
                    assert_eq!(moved, legal, "{mv}\n{board}");
                    quiet += 1;
                }
            }
        }
        assert!(quiet > 1000 && lines > 100, "{quiet} {lines}");
    }

    #[test]
    fn placement_can_remove_lines_or_not() {
        let mut board = Board::new();
        for c in 0..4 {
            board.set(cell(0, c), 3);
        }
        let mut kept = board;
        assert_eq!(kept.place(cell(0, 4), 3, false).count, 0);
        assert_eq!(kept.occupied_cells().count_ones(), 5);
        assert_eq!(board.place(cell(0, 4), 3, true).points, 10);
        assert!(board.is_clear());
    }

    #[test]
    fn legal_moves_are_exactly_the_legal_pairs() {
        let board = board_from(&[
            "12.......", //
            "3.4......",
            ".5.......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "........6",
        ]);
        let moves = board.legal_moves();
        let mut count = 0;
        for from in 0..CELLS {
            for to in 0..CELLS {
                if from != to && board.is_legal(Move { from, to }) {
                    count += 1;
                    assert!(moves.contains(&Move { from, to }));
                }
            }
        }
        assert_eq!(moves.len(), count);
        // B2 is enclosed: only its 4 neighbours' numbers (A2, B1, B3, C2) can move there.
        assert!(moves.iter().filter(|mv| mv.to == cell(1, 1)).count() == 4);
    }
}
