//! The bot's fast position: one byte per node, the four board sides as extra always-owned nodes,
//! and union-find over a colour's groups. Derived from the rules in [`crate::board`] (side
//! ownership, adjacency through [`crate::geometry::Geometry`]), never restated.

use crate::board::{Board, Cell, Color, CELLS};
use crate::geometry::Geometry;

pub const TOP: usize = CELLS;
/// Node index of the bottom side (red's).
pub const BOTTOM: usize = CELLS + 1;
/// Node index of the left side (blue's).
pub const LEFT: usize = CELLS + 2;
/// Node index of the right side (blue's).
pub const RIGHT: usize = CELLS + 3;
/// Cells plus the four sides.
pub const NODES: usize = CELLS + 4;

/// Node contents: empty, or the stone byte of [`stone`].
pub const EMPTY: u8 = 0;

/// The byte for a colour's stones: 1 red, 2 blue.
pub fn stone(color: Color) -> u8 {
    color.index() as u8 + 1
}

/// The two side nodes a colour joins.
pub fn sides(color: Color) -> (usize, usize) {
    match color {
        Color::Red => (TOP, BOTTOM),
        Color::Blue => (LEFT, RIGHT),
    }
}

/// The fast position: one byte per node (sides pre-filled with their owners) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub nodes: [u8; NODES],
    pub to_move: Color,
}

impl Position {
    /// The position of a rules board with `to_move` to play.
    pub fn new(board: &Board, to_move: Color) -> Position {
        let mut nodes = [EMPTY; NODES];
        for cell in Cell::all() {
            nodes[cell.index()] = board.get(cell).map_or(EMPTY, stone);
        }
        nodes[TOP] = stone(Color::Red);
        nodes[BOTTOM] = stone(Color::Red);
        nodes[LEFT] = stone(Color::Blue);
        nodes[RIGHT] = stone(Color::Blue);
        Position { nodes, to_move }
    }

    /// Places a stone of the side to move on `cell` and passes the turn.
    pub fn play(&mut self, cell: usize) {
        debug_assert_eq!(self.nodes[cell], EMPTY);
        self.nodes[cell] = stone(self.to_move);
        self.to_move = self.to_move.opponent();
    }

    /// The ring pattern code of `cell` (see [`DeadTable`]).
    pub fn pattern(&self, geometry: &Geometry, cell: usize) -> usize {
        geometry.rings[cell].iter().rev().fold(0, |code, &n| code * 3 + usize::from(self.nodes[n]))
    }

    /// The winner of a full board (every cell occupied): red iff red's stones join top and bottom.
    ///
    /// # Complexity
    /// O(CELLS): one flood fill.
    pub fn full_board_winner(&self, geometry: &Geometry) -> Color {
        if self.connects(geometry, Color::Red) {
            Color::Red
        } else {
            Color::Blue
        }
    }

    /// Whether `color` joins its sides (any board, full or not).
    #[allow(clippy::needless_range_loop)] // `cell` indexes three arrays
    pub fn connects(&self, geometry: &Geometry, color: Color) -> bool {
        let own = stone(color);
        let (start, goal) = sides(color);
        let mut seen = [false; NODES];
        let mut stack = [0usize; NODES];
        let mut len = 0;
        seen[start] = true;
        for cell in 0..CELLS {
            if self.nodes[cell] == own && geometry.rings[cell].contains(&start) {
                seen[cell] = true;
                stack[len] = cell;
                len += 1;
            }
        }
        while len > 0 {
            len -= 1;
            let cell = stack[len];
            for &next in &geometry.rings[cell] {
                if next == goal {
                    return true;
                }
                if next < CELLS && !seen[next] && self.nodes[next] == own {
                    seen[next] = true;
                    stack[len] = next;
                    len += 1;
                }
            }
        }
        false
    }
}

/// Disjoint sets over the nodes (cells and sides), with path halving.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: [u8; NODES],
}

impl UnionFind {
    /// The groups of `color`: its stones joined through adjacency, and to its own sides.
    ///
    /// # Complexity
    /// O(CELLS * 6 * α).
    pub fn groups(position: &Position, geometry: &Geometry, color: Color) -> UnionFind {
        let mut uf = UnionFind { parent: [0; NODES] };
        for (i, p) in uf.parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        let own = stone(color);
        for cell in 0..CELLS {
            if position.nodes[cell] != own {
                continue;
            }
            for &next in &geometry.rings[cell] {
                if position.nodes[next] == own {
                    uf.union(cell, next);
                }
            }
        }
        uf
    }

    /// The representative of `node`'s set.
    pub fn find(&mut self, mut node: usize) -> usize {
        while usize::from(self.parent[node]) != node {
            let grand = self.parent[usize::from(self.parent[node])];
            self.parent[node] = grand;
            node = usize::from(grand);
        }
        node
    }

    /// Joins the sets of `a` and `b`.
    pub fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b as u8;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{Game, Move};
    use proptest::prelude::*;

    /// A game of up to `stones` uniformly random legal moves (swaps skipped) from `seed`.
    pub(crate) fn random_game(seed: u64, stones: usize) -> Game {
        let mut rng = seed | 1;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut game = Game::new();
        for _ in 0..stones {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            if mv != Move::Swap {
                game.play(mv).unwrap();
            }
        }
        game
    }

    proptest! {
        #[test]
        fn connects_matches_the_rules(seed in any::<u64>(), stones in 0usize..121) {
            let geometry = Geometry::new();
            let game = random_game(seed, stones);
            let position = Position::new(game.board(), game.to_move());
            for color in [Color::Red, Color::Blue] {
                prop_assert_eq!(position.connects(&geometry, color), game.board().connects(color));
            }
        }
    }
}
