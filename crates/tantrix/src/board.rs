//! The played tiles.

use crate::hex::{Direction, Hex};
use crate::tile::Tile;
use std::fmt;

/// Why a list of placed tiles is not a position that could arise in a game. Indices refer to the
/// list given to [`Board::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// No tile at all.
    Empty,
    /// Tile `index` is on the same cell as an earlier tile.
    SameCell {
        /// The later of the two tiles.
        index: usize,
    },
    /// Tile `index` is not connected (through neighbours) to the first tile.
    Disconnected {
        /// The first tile, in list order, that the first tile cannot reach.
        index: usize,
    },
    /// Tile `index` lies beyond [`Board::COORDINATE_LIMIT`] (in either coordinate).
    TooFar {
        /// The offending tile.
        index: usize,
    },
    /// Tile `index` has a link at edge `direction` whose colour differs from its neighbour's.
    Mismatch {
        /// The later of the two touching tiles.
        index: usize,
        /// The edge of tile `index` that touches the earlier tile.
        direction: Direction,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => f.write_str("no played tile"),
            BoardError::SameCell { .. } => f.write_str("this cell already holds a played tile"),
            BoardError::Disconnected { .. } => {
                f.write_str("this tile is not connected to the other played tiles")
            }
            BoardError::TooFar { .. } => {
                write!(f, "coordinates beyond +-{} are not supported", Board::COORDINATE_LIMIT)
            }
            BoardError::Mismatch { direction, .. } => {
                write!(f, "the link at edge {} does not match the neighbouring tile's", direction.index())
            }
        }
    }
}

/// Empty cells kept around the played tiles in the dense grid: the rules look at most two cells
/// away from a played tile (a neighbour of a candidate cell), so three always suffices.
const MARGIN: i32 = 3;

/// The played tiles of a position, on a dense grid around them for constant-time look-ups.
#[derive(Clone, Debug)]
pub struct Board {
    tiles: Vec<(Hex, Tile)>,
    /// The grid's lowest `x` and `y`.
    corner: Hex,
    width: i32,
    height: i32,
    cells: Vec<Option<Tile>>,
}

impl Board {
    /// The largest coordinate magnitude a tile may have, far from where `i32` arithmetic overflows.
    pub const COORDINATE_LIMIT: i32 = 1 << 29;

    /// The board holding `tiles` (cell and oriented tile each).
    ///
    /// # Errors
    /// If the list is empty, a coordinate is beyond [`Board::COORDINATE_LIMIT`], two tiles share a
    /// cell, the tiles are not connected, or two touching links differ in colour: no legal game
    /// reaches such a layout.
    ///
    /// # Complexity
    /// O(n^2) for n tiles: the area of the grid around them (a game has at most 56 tiles).
    pub fn new(tiles: Vec<(Hex, Tile)>) -> Result<Board, BoardError> {
        if tiles.is_empty() {
            return Err(BoardError::Empty);
        }
        let limit = Board::COORDINATE_LIMIT.unsigned_abs();
        if let Some(index) =
            tiles.iter().position(|(cell, _)| cell.x.unsigned_abs() > limit || cell.y.unsigned_abs() > limit)
        {
            return Err(BoardError::TooFar { index });
        }
        let min_x = tiles.iter().map(|(cell, _)| cell.x).min().unwrap_or(0);
        let max_x = tiles.iter().map(|(cell, _)| cell.x).max().unwrap_or(0);
        let min_y = tiles.iter().map(|(cell, _)| cell.y).min().unwrap_or(0);
        let max_y = tiles.iter().map(|(cell, _)| cell.y).max().unwrap_or(0);
        // n connected cells span fewer than n columns and rows; anything wider is disconnected. This
        // keeps the grid small whatever the coordinates.
        let span = i32::try_from(tiles.len()).unwrap_or(i32::MAX);
        if max_x - min_x >= span || max_y - min_y >= span {
            return Err(spread_out_error(&tiles));
        }
        let (width, height) = (max_x - min_x + 1 + 2 * MARGIN, max_y - min_y + 1 + 2 * MARGIN);
        let mut board = Board {
            tiles: Vec::new(),
            corner: Hex::new(min_x - MARGIN, min_y - MARGIN),
            width,
            height,
            cells: vec![None; (width * height) as usize],
        };
        // By slot: the index of the tile there, to blame the later of two tiles.
        let mut order = vec![usize::MAX; board.cells.len()];
        for (index, &(cell, tile)) in tiles.iter().enumerate() {
            let slot = board.slot(cell).expect("the grid covers the bounding box");
            if board.cells[slot].is_some() {
                return Err(BoardError::SameCell { index });
            }
            board.cells[slot] = Some(tile);
            order[slot] = index;
        }
        let mut reached = vec![false; board.cells.len()];
        let mut stack = vec![tiles[0].0];
        reached[order.iter().position(|&index| index == 0).expect("tile 0 is on the grid")] = true;
        while let Some(cell) = stack.pop() {
            for next in cell.neighbours() {
                if let Some(slot) = board.slot(next) {
                    if board.cells[slot].is_some() && !reached[slot] {
                        reached[slot] = true;
                        stack.push(next);
                    }
                }
            }
        }
        if let Some(index) =
            tiles.iter().position(|&(cell, _)| board.slot(cell).is_some_and(|slot| !reached[slot]))
        {
            return Err(BoardError::Disconnected { index });
        }
        for (index, &(cell, tile)) in tiles.iter().enumerate() {
            for direction in Direction::ALL {
                let next = cell.neighbour(direction);
                if let (Some(other), Some(slot)) = (board.tile_at(next), board.slot(next)) {
                    if order[slot] < index && other.edge(direction.opposite()) != tile.edge(direction) {
                        return Err(BoardError::Mismatch { index, direction });
                    }
                }
            }
        }
        board.tiles = tiles;
        Ok(board)
    }

    /// The played tiles, in the order given.
    pub fn tiles(&self) -> &[(Hex, Tile)] {
        &self.tiles
    }

    /// The tile on `cell`, if one is played there.
    #[inline]
    pub fn tile_at(&self, cell: Hex) -> Option<Tile> {
        self.slot(cell).and_then(|slot| self.cells[slot])
    }

    /// Whether a tile is played on `cell`.
    #[inline]
    pub fn is_played(&self, cell: Hex) -> bool {
        self.tile_at(cell).is_some()
    }

    /// How many of the six neighbours of `cell` hold a played tile.
    pub fn played_neighbours(&self, cell: Hex) -> usize {
        cell.neighbours().iter().filter(|&&next| self.is_played(next)).count()
    }

    /// The empty cells next to at least one played tile (rule 1: the only cells a tile may go to),
    /// in a fixed order: by played tile, then by direction.
    pub fn frontier(&self) -> Vec<Hex> {
        let mut seen = vec![false; self.cells.len()];
        let mut frontier = Vec::new();
        for &(cell, _) in &self.tiles {
            for next in cell.neighbours() {
                if let Some(slot) = self.slot(next) {
                    if self.cells[slot].is_none() && !seen[slot] {
                        seen[slot] = true;
                        frontier.push(next);
                    }
                }
            }
        }
        frontier
    }

    /// The board with `tile` played on `cell`.
    ///
    /// # Errors
    /// As [`Board::new`]: if `cell` is taken, not next to a played tile, or a link does not match.
    pub fn with_tile(&self, cell: Hex, tile: Tile) -> Result<Board, BoardError> {
        let mut tiles = self.tiles.clone();
        tiles.push((cell, tile));
        Board::new(tiles)
    }

    /// Index of `cell` in the dense grid, `None` outside it (such cells are empty).
    #[inline]
    pub(crate) fn slot(&self, cell: Hex) -> Option<usize> {
        let (x, y) = (cell.x - self.corner.x, cell.y - self.corner.y);
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        Some((y * self.width + x) as usize)
    }

    /// Number of cells in the dense grid (one past the largest [`Board::slot`]).
    pub(crate) fn slot_count(&self) -> usize {
        self.cells.len()
    }
}

/// The error for tiles spread too far apart to be connected: a repeated cell if there is one,
/// otherwise the first tile that the first tile cannot reach. Pairwise scans, as a grid would be too
/// large; a game has 56 tiles at most.
fn spread_out_error(tiles: &[(Hex, Tile)]) -> BoardError {
    for (index, &(cell, _)) in tiles.iter().enumerate() {
        if tiles[..index].iter().any(|&(other, _)| other == cell) {
            return BoardError::SameCell { index };
        }
    }
    let mut reached = vec![false; tiles.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(index) = stack.pop() {
        let neighbours = tiles[index].0.neighbours();
        for (other, &(cell, _)) in tiles.iter().enumerate() {
            if !reached[other] && neighbours.contains(&cell) {
                reached[other] = true;
                stack.push(other);
            }
        }
    }
    let index = reached.iter().position(|&was| !was).unwrap_or(tiles.len() - 1);
    BoardError::Disconnected { index }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(text: &str) -> Tile {
        Tile::parse(text).unwrap()
    }

    #[test]
    fn rejects_impossible_layouts() {
        let a = tile("BRYRBY");
        assert_eq!(Board::new(vec![]).unwrap_err(), BoardError::Empty);
        assert_eq!(
            Board::new(vec![(Hex::ORIGIN, a), (Hex::ORIGIN, a)]).unwrap_err(),
            BoardError::SameCell { index: 1 }
        );
        assert_eq!(
            Board::new(vec![(Hex::ORIGIN, a), (Hex::new(2, 0), a)]).unwrap_err(),
            BoardError::Disconnected { index: 1 }
        );
        // Up edge of a is B; the tile above must show B on its down edge (edge 3).
        let above = tile("RRBGBG"); // edge 3 = G
        assert_eq!(
            Board::new(vec![(Hex::ORIGIN, a), (Hex::new(0, 1), above)]).unwrap_err(),
            BoardError::Mismatch { index: 1, direction: Direction::new(3) }
        );
        let above = tile("RRGBGB"); // edge 3 = B
        let board = Board::new(vec![(Hex::ORIGIN, a), (Hex::new(0, 1), above)]).unwrap();
        assert_eq!(board.tile_at(Hex::new(0, 1)), Some(above));
        assert_eq!(board.tile_at(Hex::new(100, -100)), None);
        assert_eq!(board.frontier().len(), 8);
        assert_eq!(board.played_neighbours(Hex::new(1, 0)), 2);
    }

    #[test]
    fn far_away_coordinates_are_fine_when_connected() {
        let a = tile("BRYRBY");
        let board = Board::new(vec![(Hex::new(-1_000_000, 1_000_000), a)]).unwrap();
        assert_eq!(board.frontier().len(), 6);
        assert_eq!(
            Board::new(vec![(Hex::new(i32::MIN, 0), a)]).unwrap_err(),
            BoardError::TooFar { index: 0 }
        );
    }
}
