//! The rules of Linez, once: the board, cells and their names, moves, legality, lines and scoring,
//! and the 10-line turn text of the protocol.
//!
//! Cells are indices `0..81` in row-major order (`row * 9 + column`, row 0 = top). Sets of cells are
//! bitboards ([`CellSet`], bit `i` = cell `i`), which makes flood fills over empty cells a handful of
//! shifts. The letter/digit naming of cells lives in [`CONVENTION`], the one place to change it.

use std::fmt;
use std::io::BufRead;

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

/// How a move's letter and digit name a cell: the original statement's figure that fixed it is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// `A`-`I` is the row (A = top), `1`-`9` the column (1 = left): `"I8"` is row 9, column 8.
    LetterIsRow,
    /// `A`-`I` is the column (A = left), `1`-`9` the row (1 = top).
    LetterIsColumn,
}

switch_names!(Convention { LetterIsRow => "letter-row", LetterIsColumn => "letter-column" });

/// The convention the bot speaks and [`Move`]'s `Display`/`FromStr` use. The one line to change.
pub const CONVENTION: Convention = Convention::LetterIsRow;

impl Convention {
    /// The 2-character name of `cell`, e.g. `"I8"`.
    pub fn name(self, cell: Cell) -> [u8; 2] {
        let (letter, digit) = match self {
            Convention::LetterIsRow => (row_of(cell), column_of(cell)),
            Convention::LetterIsColumn => (column_of(cell), row_of(cell)),
        };
        [b'A' + letter as u8, b'1' + digit as u8]
    }

    /// The cell named by 2 bytes (letter `A`-`I`, either case, then digit `1`-`9`), if valid.
    pub fn parse(self, name: &[u8]) -> Option<Cell> {
        if name.len() != 2 {
            return None;
        }
        let letter = name[0].to_ascii_uppercase().wrapping_sub(b'A') as usize;
        let digit = name[1].wrapping_sub(b'1') as usize;
        if letter >= SIZE || digit >= SIZE {
            return None;
        }
        Some(match self {
            Convention::LetterIsRow => cell(letter, digit),
            Convention::LetterIsColumn => cell(digit, letter),
        })
    }
}

/// A move: the number at `from` goes to the empty cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell whose number moves.
    pub from: Cell,
    /// The empty cell it moves to.
    pub to: Cell,
}

impl Move {
    /// The 4-character text of the move in `convention`, e.g. `"I8F6"`.
    pub fn to_text(self, convention: Convention) -> String {
        let [a, b] = convention.name(self.from);
        let [c, d] = convention.name(self.to);
        [a, b, c, d].iter().map(|&byte| byte as char).collect()
    }

    /// Parses a 4-character move in `convention` (surrounding whitespace allowed).
    ///
    /// # Errors
    /// A message naming what is wrong, e.g. `expected a move like "I8F6", found "J1A1"`.
    pub fn parse_with(text: &str, convention: Convention) -> Result<Move, String> {
        let bytes = text.trim().as_bytes();
        let parsed = if bytes.len() == 4 {
            convention.parse(&bytes[..2]).zip(convention.parse(&bytes[2..]))
        } else {
            None
        };
        match parsed {
            Some((from, to)) if from != to => Ok(Move { from, to }),
            Some(_) => Err(format!("expected a move between two different cells, found {:?}", text.trim())),
            None => Err(format!("expected a move like \"I8F6\", found {:?}", text.trim())),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(CONVENTION))
    }
}

impl std::str::FromStr for Move {
    type Err = String;
    fn from_str(text: &str) -> Result<Move, String> {
        Move::parse_with(text, CONVENTION)
    }
}

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

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The source cell holds no number.
    EmptySource,
    /// The target cell is not empty.
    OccupiedTarget,
    /// No 4-connected path of empty cells joins source and target.
    NoPath,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::EmptySource => "the source cell is empty",
            IllegalMove::OccupiedTarget => "the target cell is not empty",
            IllegalMove::NoPath => "no path of empty cells joins source and target",
        })
    }
}

/// The four line directions as (row step, column step): row, column, both diagonals.
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

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

/// One turn of the protocol: the board and the three numbers to be placed next (in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The board.
    pub board: Board,
    /// The next three numbers, each `1..=7`.
    pub next_three: [u8; 3],
}

/// The 10 lines the referee writes: 9 board rows, then the nextThree line (`"352"`), each ending
/// in a line break.
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board, f)?;
        let [a, b, c] = self.next_three;
        writeln!(f, "{a}{b}{c}")
    }
}

/// Parses one board row: one token of 9 characters, each `'1'`-`'7'` or `'.'`.
///
/// # Errors
/// Positioned on the line: a missing row, a wrong length, a bad character or an extra token.
pub fn parse_row(line: &mut io::Line<'_>) -> io::Result<[u8; SIZE]> {
    const WHAT: &str = "a board row of 9 characters '1'-'7' or '.'";
    let token = line.token(WHAT)?;
    let bytes = token.as_bytes();
    if bytes.len() != SIZE {
        return Err(line.error(format!(
            "expected {WHAT}, found {:?} ({} characters)",
            token,
            token.chars().count()
        )));
    }
    let mut row = [0u8; SIZE];
    for (column, &byte) in bytes.iter().enumerate() {
        row[column] = match byte {
            b'.' => 0,
            b'1'..=b'7' => byte - b'0',
            _ => {
                return Err(line.error(format!(
                    "expected {WHAT}, found {:?} (character {} is {:?})",
                    token,
                    column + 1,
                    byte as char
                )))
            }
        };
    }
    line.end()?;
    Ok(row)
}

/// Parses the nextThree line: three numbers `1..=7`, written together (`"352"`) or apart (`"3 5 2"`).
///
/// # Errors
/// Positioned on the line, naming the bad token.
pub fn parse_next_three(line: &mut io::Line<'_>) -> io::Result<[u8; 3]> {
    const WHAT: &str = "the next three numbers 1-7 like \"352\"";
    let mut next = [0u8; 3];
    let mut count = 0;
    while count < 3 {
        let token = line.token(WHAT)?;
        for &byte in token.as_bytes() {
            if count == 3 || !(b'1'..=b'7').contains(&byte) {
                return Err(line.error(format!("expected {WHAT}, found {token:?}")));
            }
            next[count] = byte - b'0';
            count += 1;
        }
    }
    line.end()?;
    Ok(next)
}

/// Reads one turn (10 lines). `Ok(None)` if the input ends before the turn's first line (the
/// referee's normal end of the game).
///
/// # Errors
/// If the input ends inside the turn or a line is malformed.
pub fn read_turn<R: BufRead>(lines: &mut io::LineReader<R>) -> io::Result<Option<Turn>> {
    let mut board = Board::new();
    for row in 0..SIZE {
        let what = "a board row";
        let mut line = if row == 0 {
            match lines.next_line()? {
                Some(line) => line,
                None => return Ok(None),
            }
        } else {
            lines.expect_line(what)?
        };
        let colours = parse_row(&mut line)?;
        for (column, &colour) in colours.iter().enumerate() {
            board.set(cell(row, column), colour);
        }
    }
    let mut line = lines.expect_line("the next three numbers")?;
    let next_three = parse_next_three(&mut line)?;
    Ok(Some(Turn { board, next_three }))
}

/// Parses a whole turn from text (10 lines), e.g. for tests and tools.
///
/// # Errors
/// As [`read_turn`]; also if the text holds no turn at all.
pub fn parse_turn(text: &str) -> io::Result<Turn> {
    let mut lines = io::LineReader::new(text.as_bytes());
    match read_turn(&mut lines)? {
        Some(turn) => Ok(turn),
        None => Err(io::Error::new(1, 0, "expected a board row, found end of input")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

    fn board_from(rows: &[&str; 9]) -> Board {
        let text = format!("{}\n111\n", rows.join("\n"));
        parse_turn(&text).unwrap().board
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
    fn move_text_round_trips_and_follows_the_convention() {
        let mv: Move = "I8F6".parse().unwrap();
        assert_eq!(mv, Move { from: cell(8, 7), to: cell(5, 5) });
        assert_eq!(mv.to_string(), "I8F6");
        let other = Move::parse_with("I8F6", Convention::LetterIsColumn).unwrap();
        assert_eq!(other, Move { from: cell(7, 8), to: cell(5, 5) });
        assert_eq!(other.to_text(Convention::LetterIsColumn), "I8F6");
        assert!("J1A1".parse::<Move>().is_err());
        assert!("A0A1".parse::<Move>().is_err());
        assert!("A1A1".parse::<Move>().is_err());
        assert!("A1A".parse::<Move>().is_err());
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
    fn turn_text_round_trips() {
        let text = "1........\n.2.......\n..3......\n...4.....\n....5....\n.....6...\n......7..\n.........\n........1\n352\n";
        let turn = parse_turn(text).unwrap();
        assert_eq!(turn.next_three, [3, 5, 2]);
        assert_eq!(turn.board.get(cell(6, 6)), 7);
        assert_eq!(turn.to_string(), text);
        assert_eq!(parse_turn(&text.replace("352", "3 5 2")).unwrap(), turn);
    }

    #[test]
    fn malformed_turns_are_positioned_errors() {
        let good = "1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n352\n";
        let err = |text: &str| parse_turn(text).unwrap_err().to_string();
        assert!(err(&good.replacen("1........", "8........", 1)).starts_with("line 1, token 1:"));
        assert!(err(&good.replacen(".........\n", "........\n", 1)).starts_with("line 2, token 1:"));
        assert!(err(&good.replace("352", "358")).starts_with("line 10, token 1:"));
        assert!(err(&good.replace("352", "35")).contains("line 10"));
        assert!(err(&good.replace("352", "3521")).starts_with("line 10, token 1:"));
        assert!(err(&good.replace("352\n", ""))
            .contains("line 10: expected the next three numbers, found end of input"));
        assert!(err(&good.replacen("1........", "1........ x", 1)).starts_with("line 1, token 2:"));
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
