//! Inferior cells, found by local patterns on a cell's ring of six neighbours: cells whose colour
//! cannot change who wins (dead), and cells where a neighbour is at least as good a move
//! (dominated).

use crate::position::EMPTY;

/// Whether a cell whose ring holds `states` (0 empty, 1 red, 2 blue; sides as their owner's stones)
/// is useless to colour byte `x`: every two neighbours `x` might join through the cell are already
/// joined around the ring through `x`'s stones, so any `x` chain through the cell can be rerouted.
fn useless_for(states: &[u8; 6], x: u8) -> bool {
    let open = |i: usize| states[i] == EMPTY || states[i] == x;
    for a in 0..6 {
        for b in a + 1..6 {
            if !open(a) || !open(b) {
                continue;
            }
            let clockwise = (a + 1..b).all(|i| states[i] == x);
            let anticlockwise = (b + 1..a + 6).all(|i| states[i % 6] == x);
            if !clockwise && !anticlockwise {
                return false;
            }
        }
    }
    true
}

/// Whether a cell whose ring holds `states` is dominated for colour byte `x` by its empty neighbour
/// `d` (ring position): with `x` on `d` and the opponent on the cell, `x` is connected whenever it
/// is with the two swapped. An `x` chain through the cell enters and leaves it by two open
/// neighbours other than `d` (which is the opponent's there); with `x` on `d` those two are joined
/// around the ring through `x`'s stones and `d`. So playing `d` is at least as good as playing the
/// cell: a strategy after the cell is followed after `d`, answering the cell for `d`.
fn dominated_by(states: &[u8; 6], x: u8, d: usize) -> bool {
    if states[d] != EMPTY {
        return false;
    }
    let open = |i: usize| i != d && (states[i] == EMPTY || states[i] == x);
    let joins = |i: usize| i == d || states[i] == x;
    for a in 0..6 {
        for b in a + 1..6 {
            if !open(a) || !open(b) {
                continue;
            }
            let clockwise = (a + 1..b).all(joins);
            let anticlockwise = (b + 1..a + 6).all(|i| joins(i % 6));
            if !clockwise && !anticlockwise {
                return false;
            }
        }
    }
    true
}

/// For each of the 3^6 ring patterns (`sum states[i] * 3^i`), whether the centre cell is dead: its
/// colour cannot change who wins. A cell useless to one player is dead, because on a full Hex board
/// exactly one player is connected, so if one player's connection never depends on the cell, the
/// result never does.
/// With it, for each pattern and colour, the ring positions whose empty cell dominates the centre
/// (see `dominated_by`).
#[derive(Clone, Debug)]
pub struct InferiorTable {
    dead: Vec<bool>,
    /// `dominators[code][x - 1]`: bit `i` set if ring position `i` dominates the centre for `x`.
    dominators: Vec<[u8; 2]>,
}

impl Default for InferiorTable {
    fn default() -> Self {
        InferiorTable::new()
    }
}

impl InferiorTable {
    /// Builds the table by checking every pattern.
    pub fn new() -> InferiorTable {
        let states = |mut code: usize| {
            let mut states = [0u8; 6];
            for state in states.iter_mut() {
                *state = (code % 3) as u8;
                code /= 3;
            }
            states
        };
        let dead =
            (0..729).map(|code| useless_for(&states(code), 1) || useless_for(&states(code), 2)).collect();
        let mask = |states: &[u8; 6], x: u8| {
            (0..6).filter(|&d| dominated_by(states, x, d)).fold(0, |m, d| m | 1 << d)
        };
        let dominators = (0..729).map(|code| [mask(&states(code), 1), mask(&states(code), 2)]).collect();
        InferiorTable { dead, dominators }
    }

    /// Whether pattern `code` makes the centre dead.
    pub fn is_dead(&self, code: usize) -> bool {
        self.dead[code]
    }

    /// The ring positions (bit `i` for `rings[cell][i]`) whose empty cells dominate the centre of
    /// pattern `code` for the player with stone byte `x`.
    pub fn dominators(&self, code: usize, x: u8) -> u8 {
        self.dominators[code][usize::from(x) - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell, Color, Game, CELLS};
    use crate::geometry::Geometry;
    use crate::position::Position;
    use proptest::prelude::*;

    /// Plain check of deadness by brute force on the real board: a cell is dead if, for every way
    /// to fill the other empty cells of a small window... too big in general, so we check the local
    /// claim instead: in a random position, filling a table-dead cell with either colour never
    /// changes the winner of random completions.
    fn winner_after_fill(board: &Board, order: &[Cell], first: Color) -> Option<Color> {
        let mut game = Game::from_position(board.clone(), first);
        for &cell in order {
            if game.board().get(cell).is_none() {
                let mut b = game.board().clone();
                b.set(cell, Some(game.to_move()));
                game = Game::from_position(b, game.to_move().opponent());
            }
        }
        game.winner()
    }

    #[test]
    fn dead_table_basics() {
        let table = InferiorTable::new();
        assert!(!table.is_dead(0), "an empty ring is alive");
        // Four consecutive red neighbours: dead.
        assert!(table.is_dead(1 + 3 + 9 + 27));
        // Surrounded by blue: dead.
        assert!(table.is_dead(2 * (1 + 3 + 9 + 27 + 81 + 243)));
        // Red on two opposite sides (0 and 3), rest empty: a red connector, alive.
        assert!(!table.is_dead(1 + 27));
    }

    #[test]
    fn dominance_basics() {
        let table = InferiorTable::new();
        assert_eq!(table.dominators(0, 1), 0, "an empty ring dominates nothing");
        // Blue on ring positions 2, 3 and 4: for red, position 0 (facing them) dominates, and so
        // do 1 and 5, each next to every other open neighbour; for blue too, as its stones
        // already join 1 to 5 around the ring.
        let code = 2 * (9 + 27 + 81);
        assert_eq!(table.dominators(code, 1), 0b10_0011);
        assert_eq!(table.dominators(code, 2), 0b10_0011);
        // Red on opposite sides (0 and 3): the centre joins them for red and separates them for
        // blue (whose neighbours 1 and 4 only it joins): no neighbour dominates it.
        assert_eq!(table.dominators(1 + 27, 1), 0);
        assert_eq!(table.dominators(1 + 27, 2), 0);
    }

    proptest! {
        #[test]
        fn dead_cells_never_matter(seed in any::<u64>(), stones in 20usize..90) {
            let geometry = Geometry::new();
            let dead = InferiorTable::new();
            let mut rng = seed | 1;
            let mut next = || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
            let mut board = Board::new();
            for _ in 0..stones {
                let cell = Cell::from_index((next() % CELLS as u64) as usize);
                let color = if next() % 2 == 0 { Color::Red } else { Color::Blue };
                board.set(cell, Some(color));
            }
            prop_assume!(board.winner().is_none());
            let position = Position::new(&board, Color::Red);
            for cell in Cell::all() {
                if board.get(cell).is_some() || !dead.is_dead(position.pattern(&geometry, cell.index())) {
                    continue;
                }
                for _ in 0..4 {
                    let mut order: Vec<Cell> = Cell::all().collect();
                    for i in (1..order.len()).rev() {
                        order.swap(i, (next() % (i as u64 + 1)) as usize);
                    }
                    let mut red = board.clone();
                    red.set(cell, Some(Color::Red));
                    let mut blue = board.clone();
                    blue.set(cell, Some(Color::Blue));
                    prop_assert_eq!(winner_after_fill(&red, &order, Color::Red), winner_after_fill(&blue, &order, Color::Red));
                }
            }
        }

        /// Dominance is the swap property on the real board: for random fills of the other cells,
        /// whenever `x` wins with its stone on the cell and the opponent's on the dominator, it
        /// also wins with the two swapped.
        #[test]
        fn dominated_cells_lose_nothing_to_their_dominator(seed in any::<u64>(), stones in 10usize..80) {
            let geometry = Geometry::new();
            let table = InferiorTable::new();
            let mut rng = seed | 1;
            let mut next = || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
            let mut board = Board::new();
            for _ in 0..stones {
                let cell = Cell::from_index((next() % CELLS as u64) as usize);
                let color = if next() % 2 == 0 { Color::Red } else { Color::Blue };
                board.set(cell, Some(color));
            }
            let position = Position::new(&board, Color::Red);
            let mut checked = 0;
            for cell in Cell::all() {
                if board.get(cell).is_some() {
                    continue;
                }
                let code = position.pattern(&geometry, cell.index());
                for x in [Color::Red, Color::Blue] {
                    let mask = table.dominators(code, crate::position::stone(x));
                    for i in (0..6).filter(|i| mask >> i & 1 == 1) {
                        let dominator = Cell::from_index(geometry.rings[cell.index()][i]);
                        for _ in 0..8 {
                            let mut fill = board.clone();
                            for other in Cell::all() {
                                if fill.get(other).is_none() {
                                    fill.set(other, Some(if next() % 2 == 0 { Color::Red } else { Color::Blue }));
                                }
                            }
                            let mut on_cell = fill.clone();
                            on_cell.set(cell, Some(x));
                            on_cell.set(dominator, Some(x.opponent()));
                            let mut on_dominator = fill;
                            on_dominator.set(cell, Some(x.opponent()));
                            on_dominator.set(dominator, Some(x));
                            if on_cell.winner() == Some(x) {
                                prop_assert_eq!(on_dominator.winner(), Some(x), "{} {:?} over {}", cell, x, dominator);
                            }
                            checked += 1;
                        }
                    }
                }
            }
            // Random boards of this density always have some dominated cells to check.
            prop_assert!(stones < 40 || checked > 0);
        }
    }
}
