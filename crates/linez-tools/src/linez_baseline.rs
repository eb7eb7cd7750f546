//! The yardstick players of the spec's reference table for Linez, used by `linez-baseline` and
//! `linez-sim`'s in-process mode (`--bot random|greedy`): a random legal move and the greedy one.
//! They serve the referees only, so they live here, out of the `linez` library and its bundle.

use linez::SplitMix64;
use linez::{Board, Move, CELLS, SIZE};

/// A uniformly random legal move (every (source, target) pair equally likely).
///
/// # Panics
/// If the board has no legal move (it is empty or full).
pub fn random_move(board: &Board, rng: &mut SplitMix64) -> Move {
    let moves = board.legal_moves();
    assert!(!moves.is_empty(), "no legal move");
    moves[rng.below(moves.len() as u64) as usize]
}

/// The greedy move: the one that removes the most numbers now; if none removes any, the one
/// whose resulting board has the highest [`window_potential`]. Ties go to the first move in
/// [`Board::legal_moves`] order, so the choice is deterministic.
///
/// # Panics
/// If the board has no legal move (it is empty or full).
pub fn greedy_move(board: &Board) -> Move {
    let mut best: Option<(u64, Move)> = None;
    for mv in board.legal_moves() {
        let mut after = *board;
        let removal = after.apply_legal_move(mv);
        // Removals rank above every potential: the potential is below 2^32.
        let value =
            if removal.count > 0 { (1 << 32) + u64::from(removal.count) } else { window_potential(&after) };
        if best.is_none_or(|(top, _)| value > top) {
            best = Some((value, mv));
        }
    }
    best.expect("no legal move").1
}

/// Sum over every 5-cell window (row, column or diagonal) holding numbers of one colour only
/// (and empty cells) of `WINDOW_WEIGHT[count of numbers]`.
pub fn window_potential(board: &Board) -> u64 {
    let colours = board.colours();
    let mut total = 0;
    for start in 0..CELLS {
        let (row, column) = ((start / SIZE) as isize, (start % SIZE) as isize);
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            let (end_row, end_column) = (row + 4 * dr, column + 4 * dc);
            if end_row >= SIZE as isize || end_column < 0 || end_column >= SIZE as isize {
                continue;
            }
            let (mut colour, mut count, mut mixed) = (0u8, 0usize, false);
            for step in 0..5 {
                let here = colours[((row + step * dr) * SIZE as isize + column + step * dc) as usize];
                if here != 0 {
                    mixed |= colour != 0 && here != colour;
                    colour = here;
                    count += 1;
                }
            }
            if !mixed {
                total += WINDOW_WEIGHT[count];
            }
        }
    }
    total
}

/// Weight of a one-colour window by its count of numbers (0..=5).
pub const WINDOW_WEIGHT: [u64; 6] = [0, 1, 4, 16, 64, 256];

#[cfg(test)]
mod tests {
    use super::*;
    use linez::{Game, Rules};

    #[test]
    fn greedy_takes_the_biggest_line_and_random_moves_are_legal() {
        let mut board = Board::new();
        for column in 0..4 {
            board.set(linez::cell(0, column), 5);
        }
        board.set(linez::cell(8, 8), 5);
        board.set(linez::cell(4, 0), 2);
        assert_eq!(greedy_move(&board), Move { from: linez::cell(8, 8), to: linez::cell(0, 4) });
        let mut rng = SplitMix64::new(1);
        let game = Game::new(3, Rules::default());
        for _ in 0..50 {
            assert!(game.board().is_legal(random_move(game.board(), &mut rng)));
        }
    }

    #[test]
    fn window_potential_counts_one_colour_windows() {
        // One number alone: every window through it counts WINDOW_WEIGHT[1]. At the corner A1 the
        // windows are: row 1, column 1, diagonal 1 = 3 windows.
        let mut board = Board::new();
        board.set(0, 4);
        assert_eq!(window_potential(&board), 3 * WINDOW_WEIGHT[1]);
        // A different colour at A2 spoils the shared row window A1-A5: A1 keeps its column and
        // diagonal, A2 has row A2-A6, its column and its diagonal.
        board.set(1, 6);
        assert_eq!(window_potential(&board), (2 + 3) * WINDOW_WEIGHT[1]);
        assert_eq!(window_potential(&Board::new()), 0);
    }
}
