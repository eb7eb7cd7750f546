//! The rules of Hex as CodinGame plays it: an 11x11 rhombus, red joins top and bottom, blue joins
//! left and right, and blue may swap on turn 2. This module is the only place the rules live: the
//! bot, the referee and the baselines all take adjacency, legality, swap and win detection from here.

mod cell;

pub use cell::{Cell, Color, Move, CELLS, DIRECTIONS, SIZE};
use std::fmt;

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The cell already holds a stone.
    Occupied(Cell),
    /// A swap other than blue's on turn 2.
    SwapNotAllowed,
    /// The game is already won.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Occupied(cell) => write!(f, "cell {cell} is occupied"),
            IllegalMove::SwapNotAllowed => f.write_str("swap-pieces is only allowed for blue on turn 2"),
            IllegalMove::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// The stones on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Color>; CELLS],
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        Board { cells: [None; CELLS] }
    }

    /// The stone on `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Color> {
        self.cells[cell.index()]
    }

    /// Puts (or with `None` removes) a stone, without any rule check.
    pub fn set(&mut self, cell: Cell, stone: Option<Color>) {
        self.cells[cell.index()] = stone;
    }

    /// The number of stones of each colour: `(red, blue)`.
    pub fn counts(&self) -> (usize, usize) {
        let red = self.cells.iter().filter(|&&s| s == Some(Color::Red)).count();
        let blue = self.cells.iter().filter(|&&s| s == Some(Color::Blue)).count();
        (red, blue)
    }

    /// The first occupied cell in row-major order.
    pub fn first_stone(&self) -> Option<Cell> {
        Cell::all().find(|&cell| self.get(cell).is_some())
    }

    /// The empty cells in row-major order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(move |&cell| self.get(cell).is_none())
    }

    /// Whether `color` joins its two sides (red: top and bottom rows; blue: left and right columns).
    ///
    /// # Complexity
    /// O(CELLS): a flood fill from one side.
    pub fn connects(&self, color: Color) -> bool {
        // For blue, "row" below means column: walk the board transposed.
        let at = |major: usize, minor: usize| match color {
            Color::Red => Cell::new(major, minor),
            Color::Blue => Cell::new(minor, major),
        };
        let mut seen = [false; CELLS];
        let mut stack = Vec::new();
        for minor in 0..SIZE {
            let cell = at(0, minor).expect("on board");
            if self.get(cell) == Some(color) {
                seen[cell.index()] = true;
                stack.push(cell);
            }
        }
        while let Some(cell) = stack.pop() {
            let far = match color {
                Color::Red => cell.row(),
                Color::Blue => cell.col(),
            };
            if far == SIZE - 1 {
                return true;
            }
            for next in cell.neighbours() {
                if !seen[next.index()] && self.get(next) == Some(color) {
                    seen[next.index()] = true;
                    stack.push(next);
                }
            }
        }
        false
    }

    /// The player who has connected, if any (at most one can, in a legal game).
    pub fn winner(&self) -> Option<Color> {
        [Color::Red, Color::Blue].into_iter().find(|&color| self.connects(color))
    }

    /// The board in CodinGame's turn text: `SIZE` lines of `.`, `r`, `b` separated by single spaces,
    /// each line ending in `\n`.
    pub fn to_rows(&self) -> String {
        let mut text = String::with_capacity(CELLS * 2);
        for row in 0..SIZE {
            for col in 0..SIZE {
                if col > 0 {
                    text.push(' ');
                }
                let cell = Cell::new(row, col).expect("on board");
                text.push(self.get(cell).map_or('.', Color::symbol));
            }
            text.push('\n');
        }
        text
    }

    /// Parses row `row` of the turn text (tokens `.`, `r`, `b`) from `line` into this board.
    ///
    /// # Errors
    /// A wrong symbol or a line with too few or too many cells, positioned on that line and token.
    pub fn read_row(&mut self, row: usize, line: &mut io::Line<'_>) -> io::Result<()> {
        for col in 0..SIZE {
            let token = line.token("a cell: '.', 'r' or 'b'")?;
            let stone = match token {
                "." => None,
                "r" => Some(Color::Red),
                "b" => Some(Color::Blue),
                _ => return Err(line.error(format!("expected a cell: '.', 'r' or 'b', found {token:?}"))),
            };
            self.set(Cell::new(row, col).expect("on board"), stone);
        }
        line.end()
    }

    /// Parses a whole board from its turn text (exactly `SIZE` lines, see [`Board::to_rows`]).
    ///
    /// # Errors
    /// As [`Board::read_row`], or a wrong number of lines.
    pub fn from_rows(text: &str) -> io::Result<Board> {
        let mut board = Board::new();
        let lines: Vec<&str> = text.lines().collect();
        for row in 0..SIZE {
            let Some(&line) = lines.get(row) else {
                return Err(io::Error::new(row + 1, 0, "expected a board row, found end of input"));
            };
            board.read_row(row, &mut io::Line::new(line, row + 1))?;
        }
        if lines.len() > SIZE {
            return Err(io::Error::new(SIZE + 1, 0, "expected end of board, found another line"));
        }
        Ok(board)
    }
}

/// A game in progress: the board, the player to move, and the moves so far.
///
/// Whether a swap is legal depends only on the position (blue to move with exactly one stone on the
/// board, red's), so a game can also start from a position read off the turn text
/// ([`Game::from_position`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    to_move: Color,
    moves: Vec<Move>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A new game: empty board, red to move.
    pub fn new() -> Game {
        Game { board: Board::new(), to_move: Color::Red, moves: Vec::new() }
    }

    /// A game continuing from `board` with `to_move` to play (the move list starts empty).
    pub fn from_position(board: Board, to_move: Color) -> Game {
        Game { board, to_move, moves: Vec::new() }
    }

    /// The stones.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The moves played through [`Game::play`].
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whether blue may swap now: blue to move, and the only stone on the board is red's (turn 2).
    pub fn swap_allowed(&self) -> bool {
        self.to_move == Color::Blue && self.board.counts() == (1, 0)
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.winner().is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Place(cell) if self.board.get(cell).is_some() => Err(IllegalMove::Occupied(cell)),
            Move::Place(_) => Ok(()),
            Move::Swap if self.swap_allowed() => Ok(()),
            Move::Swap => Err(IllegalMove::SwapNotAllowed),
        }
    }

    /// Plays `mv` for the player to move. A swap removes red's stone, puts a blue stone on its
    /// mirror cell, and gives the turn back to red.
    ///
    /// # Errors
    /// If the move is illegal; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        match mv {
            Move::Place(cell) => self.board.set(cell, Some(self.to_move)),
            Move::Swap => {
                let red = self.board.first_stone().expect("swap needs red's stone");
                self.board.set(red, None);
                self.board.set(red.mirror(), Some(Color::Blue));
            }
        }
        self.to_move = self.to_move.opponent();
        self.moves.push(mv);
        Ok(())
    }

    /// The winner, if the game is over.
    pub fn winner(&self) -> Option<Color> {
        self.board.winner()
    }

    /// The legal moves now (none once the game is won).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut moves: Vec<Move> = self.board.empty_cells().map(Move::Place).collect();
        if self.swap_allowed() {
            moves.push(Move::Swap);
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        text.parse().unwrap()
    }

    #[test]
    fn swap_rule() {
        let mut game = Game::new();
        assert!(!game.is_legal(Move::Swap), "red may not swap");
        game.play(Move::Place(cell("d5"))).unwrap();
        assert!(game.swap_allowed());
        game.play(Move::Swap).unwrap();
        assert_eq!(game.board().get(cell("d5")), None);
        assert_eq!(game.board().get(cell("e4")), Some(Color::Blue));
        assert_eq!(game.to_move(), Color::Red);
        assert_eq!(game.play(Move::Swap), Err(IllegalMove::SwapNotAllowed));
        game.play(Move::Place(cell("a1"))).unwrap();
        assert_eq!(game.play(Move::Swap), Err(IllegalMove::SwapNotAllowed));
        assert_eq!(game.play(Move::Place(cell("a1"))), Err(IllegalMove::Occupied(cell("a1"))));
        // A swap on the diagonal leaves the stone in place, now blue.
        let mut game = Game::new();
        game.play(Move::Place(cell("c3"))).unwrap();
        game.play(Move::Swap).unwrap();
        assert_eq!(game.board().get(cell("c3")), Some(Color::Blue));
        assert_eq!(game.board().counts(), (0, 1));
    }

    #[test]
    fn wins_are_detected() {
        let mut board = Board::new();
        for row in 0..SIZE {
            board.set(Cell::new(row, 5).unwrap(), Some(Color::Red));
        }
        assert_eq!(board.winner(), Some(Color::Red));
        board.set(Cell::new(6, 5).unwrap(), None);
        assert_eq!(board.winner(), None);
        // A zig-zag using the (r+1, c-1) neighbour.
        let mut board = Board::new();
        for col in 0..SIZE {
            board.set(Cell::new(SIZE - 1 - col, col).unwrap(), Some(Color::Blue));
        }
        assert_eq!(board.winner(), Some(Color::Blue));
        // The other diagonal is not connected: (r,c) and (r+1,c+1) do not touch.
        let mut board = Board::new();
        for i in 0..SIZE {
            board.set(Cell::new(i, i).unwrap(), Some(Color::Red));
        }
        assert_eq!(board.winner(), None);
        let mut game = Game::from_position(board, Color::Blue);
        for row in 0..SIZE {
            game.board.set(Cell::new(row, 0).unwrap(), Some(Color::Red));
        }
        assert_eq!(game.winner(), Some(Color::Red));
        assert_eq!(game.play(Move::Place(cell("k1"))), Err(IllegalMove::GameOver));
        assert!(game.legal_moves().is_empty());
    }

    #[test]
    fn rows_round_trip_and_errors() {
        let mut game = Game::new();
        for mv in ["a1", "k11", "d5"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let text = game.board().to_rows();
        assert!(text.starts_with("r . . . . . . . . . .\n"));
        assert_eq!(Board::from_rows(&text).unwrap(), *game.board());
        let bad = text.replacen('r', "x", 1);
        assert_eq!(
            Board::from_rows(&bad).unwrap_err().to_string(),
            "line 1, token 1: expected a cell: '.', 'r' or 'b', found \"x\""
        );
        let short = text.replacen("r . ", "r ", 1);
        assert!(Board::from_rows(&short).unwrap_err().to_string().starts_with("line 1: expected a cell"));
    }
}
