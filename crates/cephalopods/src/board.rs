//! The 3x3 board, its eight symmetries and the placement rules.
//!
//! A board is packed into a `u32`, three bits a cell: cell `i = 3 * row + column` holds its die value
//! (0 = empty, 1..=6) in bits `3i..3i+3`. Everything here has a plain, readable form (used by the
//! tests and by anything that is not hot) and, where the search needs speed, a fast form
//! ([`canonical`], [`transform`], [`for_each_placement`]) that unit tests pin against the plain one.
//! The fast forms and their compile-time tables are in `tables.rs`.

mod tables;

pub use tables::*;

/// Number of cells on the board.
pub const CELLS: usize = 9;

/// Largest die value.
pub const MAX_DIE: u8 = 6;

/// The orthogonal neighbours of each cell.
pub const NEIGHBOURS: [&[usize]; CELLS] =
    [&[1, 3], &[0, 2, 4], &[1, 5], &[0, 4, 6], &[1, 3, 5, 7], &[2, 4, 8], &[3, 7], &[4, 6, 8], &[5, 7]];

/// Powers of ten giving each cell's weight in the board hash (cell 0 is the leading digit).
pub const HASH_WEIGHTS: [u32; CELLS] =
    [100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

/// A 3x3 board, three bits a cell (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Board(u32);

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board(0);

    /// The board with the given cell values, row by row.
    ///
    /// # Panics
    /// If a value exceeds [`MAX_DIE`].
    pub fn from_cells(cells: [u8; CELLS]) -> Board {
        let mut bits = 0;
        for (i, &value) in cells.iter().enumerate() {
            assert!(value <= MAX_DIE, "die value {value} in cell {i} exceeds {MAX_DIE}");
            bits |= u32::from(value) << (3 * i);
        }
        Board(bits)
    }

    /// The board from its packed form, or `None` if a cell holds 7 or bits above 27 are set.
    pub fn from_bits(bits: u32) -> Option<Board> {
        let board = Board(bits);
        let valid = bits >> (3 * CELLS) == 0 && (0..CELLS).all(|i| board.cell(i) <= MAX_DIE);
        if valid {
            Some(board)
        } else {
            None
        }
    }

    /// The packed form: cell `i` in bits `3i..3i+3`.
    #[inline]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The die value in cell `i` (0 = empty).
    #[inline]
    pub fn cell(self, i: usize) -> u8 {
        ((self.0 >> (3 * i)) & 7) as u8
    }

    /// All nine cell values, row by row.
    pub fn cells(self) -> [u8; CELLS] {
        let mut cells = [0; CELLS];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = self.cell(i);
        }
        cells
    }

    /// The board with cell `i` set to `value`.
    #[inline]
    pub fn with_cell(self, i: usize, value: u8) -> Board {
        Board((self.0 & !(7 << (3 * i))) | (u32::from(value) << (3 * i)))
    }

    /// The statement's hash: the cells read as the nine decimal digits of an integer.
    pub fn hash(self) -> u32 {
        (0..CELLS).map(|i| u32::from(self.cell(i)) * HASH_WEIGHTS[i]).sum()
    }

    /// Number of dice on the board.
    pub fn dice(self) -> u32 {
        (0..CELLS).filter(|&i| self.cell(i) != 0).count() as u32
    }

    /// Sum of the die values. It grows by one with every non-capturing placement and is unchanged by
    /// a capture, which is what orders the search.
    pub fn pip_sum(self) -> u32 {
        (0..CELLS).map(|i| u32::from(self.cell(i))).sum()
    }

    /// Whether every cell holds a die (the game is over).
    pub fn is_full(self) -> bool {
        self.dice() == CELLS as u32
    }

    /// The board moved by `symmetry`: the die of cell `i` goes to cell `symmetry.cell(i)`.
    pub fn transformed(self, symmetry: Symmetry) -> Board {
        let mut bits = 0;
        for i in 0..CELLS {
            bits |= u32::from(self.cell(i)) << (3 * symmetry.cell(i));
        }
        Board(bits)
    }

    /// The canonical form of the board's symmetry class (the smallest packed form among its eight
    /// images) and a symmetry `s` with `canonical.transformed(s) == self`.
    pub fn canonical(self) -> (Board, Symmetry) {
        let mut best = (self, Symmetry::IDENTITY);
        for s in Symmetry::ALL {
            let image = self.transformed(s);
            if image < best.0 {
                best = (image, s);
            }
        }
        (best.0, best.1.inverse())
    }
}

/// One of the eight rotations and reflections of the square.
///
/// `Symmetry(k)` for `k < 4` rotates a quarter turn clockwise `k` times; `Symmetry(4 + k)` first
/// reflects in the main diagonal (transposes), then rotates `k` times.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Leaves every cell in place.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// All eight symmetries, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The symmetry with index `index` (see the type documentation).
    ///
    /// # Panics
    /// If `index >= 8`.
    pub fn from_index(index: usize) -> Symmetry {
        assert!(index < 8, "symmetry index {index} out of range");
        Symmetry(index as u8)
    }

    /// Index 0..8 of the symmetry.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Where cell `i` goes.
    pub fn cell(self, i: usize) -> usize {
        symmetry_cell(self.index(), i)
    }

    /// The symmetry that applies `first`, then `self`.
    pub fn after(self, first: Symmetry) -> Symmetry {
        let target: Vec<usize> = (0..CELLS).map(|i| self.cell(first.cell(i))).collect();
        Symmetry::ALL
            .into_iter()
            .find(|s| (0..CELLS).all(|i| s.cell(i) == target[i]))
            .expect("the symmetries of the square form a group")
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.after(self) == Symmetry::IDENTITY)
            .expect("every symmetry has an inverse")
    }
}

/// One legal placement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    /// The cell the die is placed on.
    pub cell: usize,
    /// Bit `j` set when the die on cell `j` is captured (removed).
    pub captured: u16,
    /// The value the placed die shows: 1, or the sum of the captured dice.
    pub value: u8,
    /// The board after the move.
    pub board: Board,
}

/// Every legal move on `board`, the plain way (each capture combination is its own move; a
/// placement shows 1 only where no capture is possible). Empty for a full board.
pub fn moves(board: Board) -> Vec<Move> {
    let mut moves = Vec::new();
    for (cell, &neighbours) in NEIGHBOURS.iter().enumerate() {
        if board.cell(cell) != 0 {
            continue;
        }
        let mut captures = Vec::new();
        for subset in 0u32..1 << neighbours.len() {
            let chosen: Vec<usize> =
                (0..neighbours.len()).filter(|&k| subset >> k & 1 != 0).map(|k| neighbours[k]).collect();
            if chosen.len() < 2 || chosen.iter().any(|&q| board.cell(q) == 0) {
                continue;
            }
            let sum: u8 = chosen.iter().map(|&q| board.cell(q)).sum();
            if sum <= MAX_DIE {
                let mut after = board.with_cell(cell, sum);
                let mut captured = 0u16;
                for &q in &chosen {
                    after = after.with_cell(q, 0);
                    captured |= 1 << q;
                }
                captures.push(Move { cell, captured, value: sum, board: after });
            }
        }
        if captures.is_empty() {
            moves.push(Move { cell, captured: 0, value: 1, board: board.with_cell(cell, 1) });
        } else {
            moves.extend(captures);
        }
    }
    moves
}

/// Where symmetry `s` (see [`Symmetry`]) sends cell `i`.
const fn symmetry_cell(s: usize, i: usize) -> usize {
    let (mut row, mut column) = (i / 3, i % 3);
    if s & 4 != 0 {
        (row, column) = (column, row);
    }
    let mut turns = 0;
    while turns < s & 3 {
        // A clockwise quarter turn: (row, column) -> (column, 2 - row).
        (row, column) = (column, 2 - row);
        turns += 1;
    }
    3 * row + column
}

#[cfg(test)]
/// Any board of dice 0..=6 (the property tests' strategy, shared by every module's tests).
pub(crate) fn any_board() -> impl proptest::strategy::Strategy<Value = Board> {
    use proptest::strategy::Strategy;
    proptest::array::uniform9(0u8..=6).prop_map(Board::from_cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hash_reads_cells_as_digits() {
        let board = Board::from_cells([1, 0, 0, 3, 2, 1, 0, 1, 5]);
        assert_eq!(board.hash(), 100_321_015);
    }

    #[test]
    fn symmetries_are_the_eight_distinct_cell_permutations() {
        let images: Vec<Vec<usize>> =
            Symmetry::ALL.iter().map(|s| (0..CELLS).map(|i| s.cell(i)).collect()).collect();
        for (a, image) in images.iter().enumerate() {
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..CELLS).collect::<Vec<_>>());
            assert_eq!(image[4], 4, "the centre is fixed");
            for other in &images[..a] {
                assert_ne!(image, other);
            }
        }
        // A clockwise quarter turn takes the top-left corner to the top-right one.
        assert_eq!(Symmetry::from_index(1).cell(0), 2);
        assert_eq!(Symmetry::from_index(4).cell(1), 3);
    }

    #[test]
    fn capture_needs_two_dice() {
        // One neighbour only: a plain placement showing 1.
        let board = Board::from_cells([2, 0, 0, 0, 0, 0, 0, 0, 0]);
        let found = moves(board);
        assert!(found.iter().all(|m| m.captured == 0 && m.value == 1));
        assert_eq!(found.len(), 8);
    }

    #[test]
    fn capture_sum_of_exactly_six_is_allowed_and_seven_is_not() {
        let six = Board::from_cells([0, 3, 0, 3, 0, 0, 0, 0, 0]);
        let at_corner: Vec<Move> = moves(six).into_iter().filter(|m| m.cell == 0).collect();
        assert_eq!(at_corner.len(), 1);
        assert_eq!((at_corner[0].value, at_corner[0].captured), (6, 0b1010));
        assert_eq!(at_corner[0].board, Board::from_cells([6, 0, 0, 0, 0, 0, 0, 0, 0]));

        let seven = Board::from_cells([0, 3, 0, 4, 0, 0, 0, 0, 0]);
        let at_corner: Vec<Move> = moves(seven).into_iter().filter(|m| m.cell == 0).collect();
        assert_eq!(at_corner.len(), 1);
        assert_eq!((at_corner[0].value, at_corner[0].captured), (1, 0));
    }

    #[test]
    fn every_qualifying_combination_is_its_own_move() {
        // Public test 4: the centre sees four 1s, so 6 pairs + 4 triples + 1 quadruple = 11 moves.
        let board = Board::from_cells([6, 1, 6, 1, 0, 1, 6, 1, 6]);
        let found = moves(board);
        assert_eq!(found.len(), 11);
        let values: Vec<u8> = found.iter().map(|m| m.value).collect();
        assert_eq!(values.iter().filter(|&&v| v == 2).count(), 6);
        assert_eq!(values.iter().filter(|&&v| v == 3).count(), 4);
        assert_eq!(values.iter().filter(|&&v| v == 4).count(), 1);
    }

    #[test]
    fn captures_are_mandatory() {
        // Centre neighbours 1, 1, 5, 6: pairs {1,1} and {1,5} twice qualify; no plain placement there.
        let board = Board::from_cells([0, 1, 0, 1, 0, 5, 0, 6, 0]);
        let centre: Vec<Move> = moves(board).into_iter().filter(|m| m.cell == 4).collect();
        assert!(centre.iter().all(|m| m.captured != 0));
        let mut sums: Vec<u8> = centre.iter().map(|m| m.value).collect();
        sums.sort_unstable();
        assert_eq!(sums, vec![2, 6, 6]);
    }

    #[test]
    fn full_board_has_no_moves() {
        assert!(moves(Board::from_cells([1; 9])).is_empty());
    }

    proptest! {
        #[test]
        fn moves_commute_with_symmetries(board in any_board(), s in 0usize..8) {
            let symmetry = Symmetry::from_index(s);
            let mut direct: Vec<u32> =
                moves(board.transformed(symmetry)).iter().map(|m| m.board.bits()).collect();
            let mut moved: Vec<u32> =
                moves(board).iter().map(|m| m.board.transformed(symmetry).bits()).collect();
            direct.sort_unstable();
            moved.sort_unstable();
            prop_assert_eq!(direct, moved);
        }
    }
}
