//! The bot's fast position: one byte per node, the four board sides as extra always-owned nodes,
//! and union-find over a colour's groups. Derived from the rules in [`crate::board`] (side
//! ownership, adjacency through [`crate::geometry::Geometry`]), never restated.

use crate::board::{Board, Cell, Color, CELLS, SIZE};
use crate::geometry::{Geometry, BOTTOM, LEFT, NODES, RIGHT, TOP};

/// Every cell, as a bit set.
pub(crate) const ALL_CELLS: u128 = (1 << CELLS) - 1;
/// The cells of the first and of the last row, as bit sets (see [`Position::full_board_winner`]).
const FIRST_ROW: u128 = (1 << SIZE) - 1;
const LAST_ROW: u128 = FIRST_ROW << (CELLS - SIZE);
/// The cells of the first and of the last column, as bit sets.
const FIRST_COLUMN: u128 = {
    let mut bits = 0;
    let mut row = 0;
    while row < SIZE {
        bits |= 1 << (row * SIZE);
        row += 1;
    }
    bits
};
const LAST_COLUMN: u128 = FIRST_COLUMN << (SIZE - 1);
/// The cells on the board's rim (first or last row or column), as a bit set.
pub(crate) const RIM: u128 = FIRST_ROW | LAST_ROW | FIRST_COLUMN | LAST_COLUMN;

/// For the contents of a cell's ring (slot `i` at bits `2i`: 0 empty, 1 red, 2 blue; the sides
/// count as their owner's stones), the ring slots whose cell answers an intrusion at the cell
/// into a bridge: red's in bits 0-5, blue's in bits 8-13. Slot `i` answers for a colour when it
/// is empty and both slots beside it are the colour's: they are the bridge's ends, the cell and
/// slot `i` its carrier.
const BRIDGE_SLOTS: [u16; 4096] = bridge_slots_table();

const fn bridge_slots_table() -> [u16; 4096] {
    let mut table = [0u16; 4096];
    let mut code = 0;
    while code < 4096 {
        let mut i = 0;
        while i < 6 {
            let before = (code >> (2 * ((i + 5) % 6))) & 3;
            let after = (code >> (2 * ((i + 1) % 6))) & 3;
            if (code >> (2 * i)) & 3 == 0 {
                if before == 1 && after == 1 {
                    table[code] |= 1 << i;
                }
                if before == 2 && after == 2 {
                    table[code] |= 1 << (8 + i);
                }
            }
            i += 1;
        }
        code += 1;
    }
    table
}

/// The neighbours of the cells of `bits` (bit sets): `(r-1, c)` and `(r+1, c)` are `SIZE` bits
/// down and up; `(r, c+1)` one bit up and `(r-1, c+1)` `SIZE - 1` bits down, from cells not in the
/// last column; `(r, c-1)` one bit down and `(r+1, c-1)` `SIZE - 1` bits up, from cells not in the
/// first column.
pub(crate) fn neighbour_bits(bits: u128) -> u128 {
    let (right, left) = (bits & !LAST_COLUMN, bits & !FIRST_COLUMN);
    ((bits >> SIZE)
        | (bits << SIZE)
        | (right << 1)
        | (right >> (SIZE - 1))
        | (left >> 1)
        | (left << (SIZE - 1)))
        & ALL_CELLS
}

/// Node contents: empty, or the stone byte of [`stone`].
pub const EMPTY: u8 = 0;

/// The byte for a colour's stones: 1 red, 2 blue.
pub fn stone(color: Color) -> u8 {
    color.index() as u8 + 1
}

/// The fast position: one byte per node (sides pre-filled with their owners) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) nodes: [u8; NODES],
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

    /// The position whose cells hold `cells` (one byte per cell index: [`EMPTY`] or a [`stone`]),
    /// `to_move` to play: for tools that keep a flat board of their own.
    pub fn from_cells(cells: &[u8; CELLS], to_move: Color) -> Position {
        let mut position = Position::new(&Board::new(), to_move);
        position.nodes[..CELLS].copy_from_slice(cells);
        position
    }

    /// The cells' bytes by cell index ([`EMPTY`] or a [`stone`]).
    pub fn cells(&self) -> &[u8; CELLS] {
        self.nodes[..CELLS].try_into().expect("the cells are the first CELLS nodes")
    }

    /// Places a stone of the side to move on `cell` and passes the turn.
    pub fn play(&mut self, cell: usize) {
        debug_assert_eq!(self.nodes[cell], EMPTY);
        self.nodes[cell] = stone(self.to_move);
        self.to_move = self.to_move.opponent();
    }

    /// The slots `i` (bit `i`) of `cell`'s ring where `color` has a bridge through `cell`: slot `i`
    /// is empty and the slots beside it (`i - 1` and `i + 1`, nodes, sides included) are
    /// `color`'s, so `cell` and slot `i` are the bridge's carrier. One lookup of the ring's
    /// contents in a table built at compile time.
    #[inline]
    pub fn bridge_slots(&self, geometry: &Geometry, cell: usize, color: Color) -> u32 {
        let mut code = 0;
        for (i, &node) in geometry.rings[cell].iter().enumerate() {
            code |= usize::from(self.nodes[node] & 3) << (2 * i);
        }
        u32::from(BRIDGE_SLOTS[code & 4095] >> (8 * color.index())) & 63
    }

    /// The ring pattern code of `cell` (see [`DeadTable`]).
    pub fn pattern(&self, geometry: &Geometry, cell: usize) -> usize {
        geometry.rings[cell].iter().rev().fold(0, |code, &n| code * 3 + usize::from(self.nodes[n]))
    }

    /// The winner of a full board (every cell occupied): red iff red's stones join top and bottom.
    ///
    /// A flood fill on bit sets (cell `r * SIZE + c` is bit `r * SIZE + c` of a `u128`): the region
    /// reached from the top row grows by all its neighbours at once, one step a round, until it
    /// touches the bottom row or stops growing; no branch per cell, where a flood fill cell by cell
    /// mispredicted its way through a sixth of every playout.
    ///
    /// # Complexity
    /// O(CELLS / 8) to gather the stones, then one round per step of the longest shortest path.
    pub fn full_board_winner(&self) -> Color {
        let red = self.stone_bits(stone(Color::Red));
        let mut reached = red & FIRST_ROW;
        while reached & LAST_ROW == 0 {
            let grown = (reached | neighbour_bits(reached)) & red;
            if grown == reached {
                return Color::Blue;
            }
            reached = grown;
        }
        Color::Red
    }

    /// The cells holding `stone`, as a bit set (bit `cell`).
    pub fn stone_bits(&self, stone: u8) -> u128 {
        // Bytes are 0, 1 or 2: a byte equals `stone` exactly where `byte ^ (3 & !stone)` is 3;
        // byte `i`'s verdict is moved to bit `8 * i + 7` and the eight are gathered into the top
        // byte by one multiplication.
        let flip = 0x0303_0303_0303_0303 & !(0x0101_0101_0101_0101 * u64::from(stone));
        let gather = |word: &[u8]| {
            let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ flip;
            let hits = (x & (x >> 1) & 0x0101_0101_0101_0101) << 7;
            hits.wrapping_mul(0x0002_0408_1020_4081) >> 56
        };
        // Fifteen whole words of cells in two halves of 64 bits (fixed shifts once unrolled),
        // then the last cell.
        const _: () = assert!(CELLS == 15 * 8 + 1);
        let (mut low, mut high) = (0u64, 0u64);
        for chunk in 0..8 {
            low |= gather(&self.nodes[8 * chunk..8 * chunk + 8]) << (8 * chunk);
        }
        for chunk in 0..7 {
            high |= gather(&self.nodes[64 + 8 * chunk..72 + 8 * chunk]) << (8 * chunk);
        }
        high |= u64::from(self.nodes[CELLS - 1] == stone) << (CELLS - 1 - 64);
        u128::from(low) | u128::from(high) << 64
    }

    /// Whether `color` joins its sides (any board, full or not; the tests' plain reference).
    #[cfg(test)]
    #[allow(clippy::needless_range_loop)] // `cell` indexes three arrays
    pub fn connects(&self, geometry: &Geometry, color: Color) -> bool {
        let own = stone(color);
        let (start, goal) = crate::geometry::sides(color);
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
        // The colour's stones in order from a bit set, instead of a test (a coin flip) a cell.
        let mut stones = position.stone_bits(own);
        while stones != 0 {
            let cell = stones.trailing_zeros() as usize;
            stones &= stones - 1;
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

    /// The slots `i` of `cell`'s ring, in order, that are empty with both slots beside them
    /// `color`'s: the plain tests [`Position::bridge_slots`] looks up.
    pub(crate) fn plain_bridge_slots<'a>(
        position: &'a Position,
        geometry: &'a Geometry,
        cell: usize,
        color: Color,
    ) -> impl Iterator<Item = usize> + 'a {
        let ring = geometry.rings[cell];
        let own = stone(color);
        (0..6).filter(move |&i| {
            position.nodes[ring[i]] == EMPTY
                && position.nodes[ring[(i + 5) % 6]] == own
                && position.nodes[ring[(i + 1) % 6]] == own
        })
    }

    /// [`UnionFind::groups`] as it was before its bit set: every cell tested.
    fn plain_groups(position: &Position, geometry: &Geometry, color: Color) -> UnionFind {
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

    proptest! {
        /// The groups over the colour's stone bits are the plain walk's, node by node: the same
        /// representative for every node (the same unions in the same order).
        #[test]
        fn groups_are_the_plain_walk(seed in any::<u64>(), stones in 0usize..121) {
            let geometry = Geometry::new();
            let game = random_game(seed, stones);
            let position = Position::new(game.board(), game.to_move());
            for color in [Color::Red, Color::Blue] {
                let (mut fast, mut plain) = (UnionFind::groups(&position, &geometry, color), plain_groups(&position, &geometry, color));
                for node in 0..NODES {
                    prop_assert_eq!(fast.find(node), plain.find(node));
                }
            }
        }

        /// The bit-set fill and its word-at-a-time stone gathering against the plain cell walks.
        #[test]
        fn full_board_winner_and_stone_bits_match_the_plain_walks(seed in any::<u64>(), stones in 0usize..121) {
            let geometry = Geometry::new();
            let game = random_game(seed, stones);
            let mut position = Position::new(game.board(), game.to_move());
            for s in [EMPTY, stone(Color::Red), stone(Color::Blue)] {
                let plain = (0..CELLS).filter(|&c| position.nodes[c] == s).fold(0u128, |b, c| b | 1 << c);
                prop_assert_eq!(position.stone_bits(s), plain);
            }
            // Completed at random (the winner of a full board is the rules' only connected side).
            let mut rng = crate::search::Rng::new(seed);
            for cell in 0..CELLS {
                if position.nodes[cell] == EMPTY {
                    position.nodes[cell] = stone(if rng.below(2) == 0 { Color::Red } else { Color::Blue });
                }
            }
            let plain = if position.connects(&geometry, Color::Red) { Color::Red } else { Color::Blue };
            prop_assert_eq!(position.full_board_winner(), plain);
        }

        /// The bridge-slot table against the plain tests of every ring slot.
        #[test]
        fn bridge_slots_are_the_plain_tests(seed in any::<u64>(), stones in 0usize..121) {
            let geometry = Geometry::new();
            let game = random_game(seed, stones);
            let position = Position::new(game.board(), game.to_move());
            for cell in 0..CELLS {
                for color in [Color::Red, Color::Blue] {
                    let plain = plain_bridge_slots(&position, &geometry, cell, color).fold(0, |bits, i| bits | 1 << i);
                    prop_assert_eq!(position.bridge_slots(&geometry, cell, color), plain);
                }
            }
        }

        /// A flat board of cells round-trips, and gets the same sides as the rules board's position.
        #[test]
        fn from_cells_equals_the_rules_boards_position(seed in any::<u64>(), stones in 0usize..121) {
            let game = random_game(seed, stones);
            let position = Position::new(game.board(), game.to_move());
            let flat = Position::from_cells(position.cells(), game.to_move());
            prop_assert_eq!(&flat, &position);
        }

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
