//! The five placement rules, and the legal moves they leave.

use crate::board::Board;
use crate::hex::{Direction, Hex};
use crate::tile::{Colour, Tile};

/// Which of the switchable rules apply; rules 1 (next to a played tile) and 2 (colours match)
/// always do. The problem's answer uses [`Rules::ALL`]; the others exist to show what each rule
/// contributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Rule 3: if a tile can legally go into a forced space, only such placements are moves.
    pub forced_spaces: bool,
    /// Rule 4: no placement may leave an empty cell with three links of one colour.
    pub no_dead_spaces: bool,
    /// Rule 5: no placement on a controlled side.
    pub controlled_sides: bool,
}

impl Rules {
    /// All five rules, as in the problem.
    pub const ALL: Rules = Rules { forced_spaces: true, no_dead_spaces: true, controlled_sides: true };
}

/// One move: hand tile `hand_index` turned clockwise by `rotation` sixths and played on `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Index into the hand.
    pub hand_index: usize,
    /// Clockwise turns (`0..6`) applied to the hand tile as written.
    pub rotation: usize,
    /// Where the tile goes.
    pub cell: Hex,
    /// The hand tile in the orientation it is played in.
    pub tile: Tile,
}

/// The empty cells of a board as the rules see them: where tiles may go (rule 1), which cells are
/// forced spaces (rule 3) or on a controlled side (rule 5), and the links ending in each empty
/// cell (rule 4). Computed once per position.
#[derive(Clone, Debug)]
pub struct Spaces<'a> {
    board: &'a Board,
    frontier: Vec<Hex>,
    forced_spaces: Vec<Hex>,
    /// By grid slot: whether the cell lies on a controlled side.
    controlled: Vec<bool>,
    /// By grid slot: how many links of each colour end in the (empty) cell.
    links: Vec<[u8; 4]>,
}

impl<'a> Spaces<'a> {
    /// Analyses the empty cells around `board`.
    ///
    /// # Complexity
    /// O(n + grid area) for n played tiles; the controlled-side walks are bounded by the walls.
    pub fn new(board: &'a Board) -> Spaces<'a> {
        let mut links = vec![[0u8; 4]; board.slot_count()];
        for &(cell, tile) in board.tiles() {
            for direction in Direction::ALL {
                let next = cell.neighbour(direction);
                if !board.is_played(next) {
                    let slot = board.slot(next).expect("the grid margin covers neighbours of tiles");
                    links[slot][tile.edge(direction).index()] += 1;
                }
            }
        }
        let frontier = board.frontier();
        let forced_spaces: Vec<Hex> =
            frontier.iter().copied().filter(|&cell| board.played_neighbours(cell) >= 3).collect();

        // Controlled sides. From a forced space, walk in a straight line through empty cells in a
        // direction `walk` whose first cell touches a played neighbour of the forced space (the
        // `wall`, across edge `walk - 1` or `walk + 1`). Cell t of the walk (t = 1, 2, ...) touches
        // wall cells t-1 and t of the parallel line through that neighbour; it is controlled as long
        // as wall cells 0..t-1 are all played. Playing there would make cell t-1 a forced space,
        // then t-2 after filling it, and so on back to a forced space with four played sides.
        let mut controlled = vec![false; board.slot_count()];
        for &space in &forced_spaces {
            for walk in Direction::ALL {
                for side in [walk.counter_clockwise(), walk.clockwise()] {
                    let mut wall = space.neighbour(side);
                    let mut cell = space.neighbour(walk);
                    while board.is_played(wall) && !board.is_played(cell) {
                        let slot = board.slot(cell).expect("a walk cell touches a played tile");
                        controlled[slot] = true;
                        wall = wall.neighbour(walk);
                        cell = cell.neighbour(walk);
                    }
                }
            }
        }
        Spaces { board, frontier, forced_spaces, controlled, links }
    }

    /// The board analysed.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// Rule 1: the empty cells next to a played tile, the only cells a tile may be played on.
    pub fn frontier(&self) -> &[Hex] {
        &self.frontier
    }

    /// Rule 3: the empty cells with three or more played neighbours.
    pub fn forced_spaces(&self) -> &[Hex] {
        &self.forced_spaces
    }

    /// Rule 5: whether `cell` lies on a controlled side of some forced space.
    pub fn is_controlled(&self, cell: Hex) -> bool {
        self.board.slot(cell).is_some_and(|slot| self.controlled[slot])
    }

    /// Rule 5: the cells on controlled sides (all of them are on the frontier), in frontier order.
    pub fn controlled_cells(&self) -> Vec<Hex> {
        self.frontier.iter().copied().filter(|&cell| self.is_controlled(cell)).collect()
    }

    /// How many links of `colour` end in the empty cell `cell`.
    pub fn links_into(&self, cell: Hex, colour: Colour) -> usize {
        self.board.slot(cell).map_or(0, |slot| usize::from(self.links[slot][colour.index()]))
    }

    /// Rules 2 and 4 at `cell` as one bit set over (edge, colour) pairs, laid out like
    /// [`Tile::one_hot_edges`]: bit `4 * k + c` is set when a link of colour `c` may go on edge `k`.
    /// Next to a played tile only the colour it shows is allowed (rule 2); next to an empty cell
    /// every colour except those already ending there twice (rule 4, if `rules.no_dead_spaces`).
    pub fn edge_colour_mask(&self, cell: Hex, rules: Rules) -> u32 {
        let mut mask = 0;
        for direction in Direction::ALL {
            let next = cell.neighbour(direction);
            let allowed = match self.board.tile_at(next) {
                Some(neighbour) => 1 << neighbour.edge(direction.opposite()).index(),
                None => {
                    let mut colours = 0b1111;
                    if rules.no_dead_spaces {
                        for colour in Colour::ALL {
                            // The new link would be the third of its colour in `next`.
                            if self.links_into(next, colour) >= 2 {
                                colours &= !(1 << colour.index());
                            }
                        }
                    }
                    colours
                }
            };
            mask |= allowed << (4 * direction.index());
        }
        mask
    }

    /// Rules 1, 2, 4 (if `rules.no_dead_spaces`) and 5 (if `rules.controlled_sides`) for `tile`,
    /// in this orientation, on `cell`. Rule 3 is about the set of moves, see [`legal_moves_under`].
    ///
    /// The trick: a tile's [`one_hot_edges`](Tile::one_hot_edges) has exactly one bit per edge
    /// nibble, so AND-ing it with the cell's [`edge_colour_mask`](Spaces::edge_colour_mask) leaves at
    /// most one bit per nibble, and all six edges are allowed exactly when six bits remain.
    pub fn allows(&self, tile: Tile, cell: Hex, rules: Rules) -> bool {
        self.may_receive(cell, rules) && fits(tile.one_hot_edges(), self.edge_colour_mask(cell, rules))
    }

    /// Rules 1 and 5 (if `rules.controlled_sides`): whether any tile may go on `cell` at all.
    fn may_receive(&self, cell: Hex, rules: Rules) -> bool {
        !self.board.is_played(cell)
            && self.board.played_neighbours(cell) > 0
            && !(rules.controlled_sides && self.is_controlled(cell))
    }

    /// All placements of `hand` on `cells` that [`Spaces::allows`], each cell's mask computed once.
    fn placements(&self, cells: &[Hex], hand: &[Tile], rules: Rules) -> Vec<Move> {
        // A rotation symmetric tile (see `Tile`) counts each distinct orientation once.
        let mut orientations = Vec::with_capacity(hand.len() * 6);
        for (hand_index, &hand_tile) in hand.iter().enumerate() {
            for rotation in 0..hand_tile.orientation_count() {
                let tile = hand_tile.rotated(rotation);
                orientations.push((hand_index, rotation, tile, tile.one_hot_edges()));
            }
        }
        let mut moves = Vec::new();
        for &cell in cells {
            if !self.may_receive(cell, rules) {
                continue;
            }
            let mask = self.edge_colour_mask(cell, rules);
            for &(hand_index, rotation, tile, edges) in &orientations {
                if fits(edges, mask) {
                    moves.push(Move { hand_index, rotation, cell, tile });
                }
            }
        }
        moves
    }
}

/// Whether every edge of a tile given by [`Tile::one_hot_edges`] has a colour allowed by `mask`.
#[inline]
fn fits(edges: u32, mask: u32) -> bool {
    (edges & mask).count_ones() == 6
}

/// The legal moves of the player holding `hand` under all five rules.
///
/// # Complexity
/// O(grid area + |frontier| * |hand| * 36): a few thousand steps for 20 played tiles.
pub fn legal_moves(board: &Board, hand: &[Tile]) -> Vec<Move> {
    legal_moves_under(board, hand, Rules::ALL)
}

/// The legal moves under `rules`. With rule 3 on, the moves into forced spaces if there is any,
/// otherwise all moves; every move, into a forced space or not, obeys rules 1, 2, 4 and 5.
pub fn legal_moves_under(board: &Board, hand: &[Tile], rules: Rules) -> Vec<Move> {
    let spaces = Spaces::new(board);
    if rules.forced_spaces {
        let forced = spaces.placements(spaces.forced_spaces(), hand, rules);
        if !forced.is_empty() {
            return forced;
        }
    }
    spaces.placements(spaces.frontier(), hand, rules)
}

/// The number of legal moves: the problem's answer.
pub fn count_legal_moves(board: &Board, hand: &[Tile]) -> usize {
    legal_moves(board, hand).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the one-hot trick against the edge-by-edge reading of rules 2 and 4.
    #[test]
    fn mask_check_agrees_with_edge_by_edge_check() {
        let board = Board::new(vec![
            (Hex::new(0, 0), Tile::parse("BYYGBG").unwrap()),
            (Hex::new(-1, 1), Tile::parse("GRGBBR").unwrap()),
            (Hex::new(1, 0), Tile::parse("YRBRYB").unwrap()),
            (Hex::new(2, 0), Tile::parse("YGGRRY").unwrap()),
        ])
        .unwrap();
        let spaces = Spaces::new(&board);
        let mut fitting = 0;
        for &cell in spaces.frontier() {
            for piece in Tile::full_set() {
                for tile in piece.orientations() {
                    let by_edges = Direction::ALL.iter().all(|&d| {
                        let next = cell.neighbour(d);
                        match board.tile_at(next) {
                            Some(other) => other.edge(d.opposite()) == tile.edge(d),
                            None => spaces.links_into(next, tile.edge(d)) < 2,
                        }
                    });
                    let by_mask = fits(tile.one_hot_edges(), spaces.edge_colour_mask(cell, Rules::ALL));
                    assert_eq!(by_mask, by_edges, "{tile} at {cell:?}");
                    fitting += usize::from(by_mask);
                }
            }
        }
        assert!(fitting > 100);
    }
}
