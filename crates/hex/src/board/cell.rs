//! The board's cells, the two players and the moves: their names as CodinGame writes them
//! (`d5`, `swap-pieces`), the mirror of the swap and the six neighbours.

use std::fmt;
use std::str::FromStr;

/// The side length of the board.
pub const SIZE: usize = 11;
/// The number of cells.
pub const CELLS: usize = SIZE * SIZE;

/// The six neighbour offsets `(row, col)` of a cell, clockwise from "up": consecutive entries
/// (cyclically) are themselves adjacent, which the bot's dead-cell patterns rely on.
pub const DIRECTIONS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// A player. Red moves first and joins the top and bottom rows; blue joins the left and right columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Red,
    Blue,
}

impl Color {
    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// The cell letter used in the CodinGame board text: `r` or `b`.
    pub fn symbol(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }

    /// 0 for red, 1 for blue (for indexing per-player tables).
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Blue => "blue",
        })
    }
}

impl FromStr for Color {
    type Err = ();
    /// Parses `red` or `blue`.
    fn from_str(text: &str) -> Result<Color, ()> {
        match text {
            "red" => Ok(Color::Red),
            "blue" => Ok(Color::Blue),
            _ => Err(()),
        }
    }
}

/// A cell of the board, `row` and `col` in `0..SIZE`. Written like `d5`: column letter, then the
/// 1-based row (`a1` is the top-left cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    index: u8,
}

impl Cell {
    /// The cell at `row`, `col`, or `None` if off the board.
    pub fn new(row: usize, col: usize) -> Option<Cell> {
        if row < SIZE && col < SIZE {
            Some(Cell { index: (row * SIZE + col) as u8 })
        } else {
            None
        }
    }

    /// The cell with row-major index `index` (`row * SIZE + col`).
    ///
    /// # Panics
    /// If `index >= CELLS`.
    pub fn from_index(index: usize) -> Cell {
        assert!(index < CELLS, "cell index {index} off the board");
        Cell { index: index as u8 }
    }

    /// The row-major index, `row * SIZE + col`.
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// The row, 0 at the top.
    pub fn row(self) -> usize {
        self.index() / SIZE
    }

    /// The column, 0 at the left.
    pub fn col(self) -> usize {
        self.index() % SIZE
    }

    /// The cell `[col, row]`: where a swapped stone goes (`d5` becomes `e4`).
    pub fn mirror(self) -> Cell {
        Cell::new(self.col(), self.row()).expect("mirror of a board cell is on the board")
    }

    /// The cell one step in `direction` (a `(row, col)` offset from [`DIRECTIONS`]), or `None` off the board.
    pub fn step(self, direction: (isize, isize)) -> Option<Cell> {
        let (r, c) = (self.row() as isize + direction.0, self.col() as isize + direction.1);
        if r < 0 || c < 0 {
            None
        } else {
            Cell::new(r as usize, c as usize)
        }
    }

    /// The up-to-six adjacent cells: `(r-1,c) (r-1,c+1) (r,c-1) (r,c+1) (r+1,c-1) (r+1,c)`, in the
    /// clockwise order of [`DIRECTIONS`].
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        DIRECTIONS.iter().filter_map(move |&direction| self.step(direction))
    }

    /// All cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell::from_index)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

impl FromStr for Cell {
    type Err = ();
    /// Parses `a1`..`k11` (lower-case letter, then a 1-based row without leading zeros).
    fn from_str(text: &str) -> Result<Cell, ()> {
        let bytes = text.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_lowercase() || bytes[1] == b'0' {
            return Err(());
        }
        let col = usize::from(bytes[0] - b'a');
        if !bytes[1..].iter().all(u8::is_ascii_digit) {
            return Err(());
        }
        let row: usize = text[1..].parse().map_err(|_| ())?;
        Cell::new(row - 1, col).ok_or(())
    }
}

/// A move: a stone on a cell, or blue's swap (`swap-pieces`) on turn 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Cell),
    Swap,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(cell) => cell.fmt(f),
            Move::Swap => f.write_str("swap-pieces"),
        }
    }
}

impl FromStr for Move {
    type Err = ();
    /// Parses a cell (`d5`) or `swap-pieces`.
    fn from_str(text: &str) -> Result<Move, ()> {
        if text == "swap-pieces" {
            Ok(Move::Swap)
        } else {
            text.parse().map(Move::Place)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        text.parse().unwrap()
    }

    #[test]
    fn cells_parse_and_print() {
        assert_eq!(cell("a1"), Cell::new(0, 0).unwrap());
        assert_eq!(cell("d5"), Cell::new(4, 3).unwrap());
        assert_eq!(cell("k11"), Cell::new(10, 10).unwrap());
        for c in Cell::all() {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        for bad in ["", "a", "a0", "a12", "l1", "A1", "a01", "1a", "a1 ", "a-1", "aa1", "a1000"] {
            assert_eq!(bad.parse::<Cell>(), Err(()), "{bad}");
        }
        assert_eq!("swap-pieces".parse::<Move>(), Ok(Move::Swap));
        assert_eq!(Move::Swap.to_string(), "swap-pieces");
        assert_eq!("c7".parse::<Move>(), Ok(Move::Place(cell("c7"))));
    }

    #[test]
    fn mirror_matches_statement() {
        assert_eq!(cell("d5").mirror(), cell("e4"));
        assert_eq!(cell("b1").mirror(), cell("a2"));
        assert_eq!(cell("c3").mirror(), cell("c3"));
    }

    #[test]
    fn neighbours_match_statement() {
        let mut n: Vec<String> = cell("d5").neighbours().map(|c| c.to_string()).collect();
        n.sort();
        // (r,c) = (4,3): (3,3)=d4 (3,4)=e4 (4,2)=c5 (4,4)=e5 (5,2)=c6 (5,3)=d6
        assert_eq!(n, ["c5", "c6", "d4", "d6", "e4", "e5"]);
        assert_eq!(cell("a1").neighbours().count(), 2);
        assert_eq!(cell("k1").neighbours().count(), 3);
        assert_eq!(cell("a11").neighbours().count(), 3);
        // Consecutive directions are adjacent to each other (the ring order).
        for i in 0..6 {
            let (a, b) = (DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]);
            assert!(DIRECTIONS.contains(&(b.0 - a.0, b.1 - a.1)));
        }
        // Adjacency is symmetric.
        for a in Cell::all() {
            for b in a.neighbours() {
                assert!(b.neighbours().any(|x| x == a));
            }
        }
    }
}
