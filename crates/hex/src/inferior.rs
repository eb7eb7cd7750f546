//! Inferior cells: cells whose colour cannot change who wins (dead), found by local patterns on
//! a cell's ring of six neighbours.

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

/// For each of the 3^6 ring patterns (`sum states[i] * 3^i`), whether the centre cell is dead: its
/// colour cannot change who wins. A cell useless to one player is dead, because on a full Hex board
/// exactly one player is connected, so if one player's connection never depends on the cell, the
/// result never does.
#[derive(Clone, Debug)]
pub struct DeadTable {
    /// `verdicts[opponent - 1][code]` for an empty cell of ring pattern `code` (see
    /// [`DeadTable::verdict`]).
    verdicts: Vec<[u8; 729]>,
}

impl Default for DeadTable {
    fn default() -> Self {
        DeadTable::new()
    }
}

impl DeadTable {
    /// Builds the table by checking every pattern.
    pub fn new() -> DeadTable {
        let dead = (0..729)
            .map(|mut code: usize| {
                let mut states = [0u8; 6];
                for state in states.iter_mut() {
                    *state = (code % 3) as u8;
                    code /= 3;
                }
                useless_for(&states, 1) || useless_for(&states, 2)
            })
            .collect::<Vec<bool>>();
        let verdicts = (1..=2)
            .map(|opponent: usize| {
                let mut row = [0u8; 729];
                for (code, verdict) in row.iter_mut().enumerate() {
                    *verdict = if dead[code] {
                        1
                    } else {
                        let mut power = 1;
                        let mut found = 0;
                        for slot in 0..6 {
                            if (code / power) % 3 == 0 && dead[code + power * opponent] {
                                found = 2 + slot as u8;
                                break;
                            }
                            power *= 3;
                        }
                        found
                    };
                }
                row
            })
            .collect();
        DeadTable { verdicts }
    }

    /// What the expansion's pruning needs of an empty cell of ring pattern `code` when the
    /// opponent's stone byte is `opponent`: 0 live, 1 dead, `2 + i` vulnerable (not dead, but dead
    /// once the opponent takes ring slot `i`, the first such empty slot). An empty ring slot is a
    /// digit 0: the sides always hold stones.
    #[inline]
    pub fn verdict(&self, code: usize, opponent: u8) -> u8 {
        self.verdicts[usize::from(opponent - 1) & 1][code % 729]
    }

    /// Whether pattern `code` makes the centre dead.
    #[cfg(test)]
    pub fn is_dead(&self, code: usize) -> bool {
        self.verdicts[0][code] == 1
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
        let table = DeadTable::new();
        assert!(!table.is_dead(0), "an empty ring is alive");
        // Four consecutive red neighbours: dead.
        assert!(table.is_dead(1 + 3 + 9 + 27));
        // Surrounded by blue: dead.
        assert!(table.is_dead(2 * (1 + 3 + 9 + 27 + 81 + 243)));
        // Red on two opposite sides (0 and 3), rest empty: a red connector, alive.
        assert!(!table.is_dead(1 + 27));
    }

    proptest! {
        #[test]
        fn dead_cells_never_matter(seed in any::<u64>(), stones in 20usize..90) {
            let geometry = Geometry::new();
            let dead = DeadTable::new();
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
    }
}
