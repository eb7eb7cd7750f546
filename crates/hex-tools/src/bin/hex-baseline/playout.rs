//! Playouts for the baselines, on the hex library's own ([`hex::Playouts`]): its bridge-answering
//! playout for `rave`, uniformly random cells for plain `uct`. The baselines keep a flat board
//! (`EMPTY`, `RED`, `BLUE` per cell index, the library's stone bytes, [`hex::Stones`]).

use hex::{Cell, Color, Fill, Playouts, Stones};

/// The playout generator is the library's (xorshift64*), so the baselines draw like the bot.
pub use hex::Rng;
pub use hex::EMPTY;

/// Red's stone byte on the flat board (the library's [`hex::stone`]).
pub const RED: u8 = 1;
/// Blue's stone byte on the flat board.
pub const BLUE: u8 = 2;

/// Fills every empty cell of `board`, `to_move` first, then alternating, and returns the winner's
/// stone byte. With `bridges` the library's playout policy answers every intrusion into a bridge
/// (`last` is the move played just before, whose intrusions are answered first); without, every
/// cell is drawn uniformly at random.
pub fn fill(
    playouts: &Playouts,
    board: &mut Stones,
    to_move: u8,
    last: Option<u8>,
    bridges: bool,
    rng: &mut Rng,
) -> u8 {
    let to_move = if to_move == RED { Color::Red } else { Color::Blue };
    let last = last.map(|cell| Cell::from_index(usize::from(cell)));
    hex::stone(playouts.fill(board, Fill { to_move, last, answer_bridges: bridges }, rng))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hex::CELLS;

    fn index(text: &str) -> u8 {
        text.parse::<Cell>().unwrap().index() as u8
    }

    #[test]
    fn stone_bytes_are_the_library_s() {
        assert_eq!((hex::stone(Color::Red), hex::stone(Color::Blue)), (RED, BLUE));
    }

    #[test]
    fn fill_fills_and_agrees_with_the_library_winner() {
        let playouts = Playouts::new();
        let mut rng = Rng::new(5);
        for trial in 0..200 {
            let mut board = [EMPTY; CELLS];
            let winner = fill(
                &playouts,
                &mut board,
                if trial % 2 == 0 { RED } else { BLUE },
                None,
                trial % 3 == 0,
                &mut rng,
            );
            assert!(board.iter().all(|&c| c != EMPTY));
            let reds = board.iter().filter(|&&c| c == RED).count();
            assert!(reds == 60 || reds == 61);
            let mut library = hex::Board::new();
            for cell in Cell::all() {
                let color = if board[cell.index()] == RED { hex::Color::Red } else { hex::Color::Blue };
                library.set(cell, Some(color));
            }
            let expected = if library.winner() == Some(hex::Color::Red) { RED } else { BLUE };
            assert_eq!(winner, expected);
        }
    }

    #[test]
    fn an_intruded_bridge_is_answered() {
        let playouts = Playouts::new();
        let mut rng = Rng::new(9);
        for _ in 0..50 {
            // Red stones d4 and e5 (a bridge over d5/e4); blue just took e4: red must take d5.
            let mut board = [EMPTY; CELLS];
            board[usize::from(index("d4"))] = RED;
            board[usize::from(index("e5"))] = RED;
            board[usize::from(index("e4"))] = BLUE;
            // Fill only one move: mark everything else taken but d5 and a1.
            let mut filled = board;
            for (cell, value) in filled.iter_mut().enumerate() {
                if *value == EMPTY && cell != usize::from(index("d5")) && cell != 0 {
                    *value = BLUE;
                }
            }
            fill(&playouts, &mut filled, RED, Some(index("e4")), true, &mut rng);
            assert_eq!(filled[usize::from(index("d5"))], RED);
            assert_eq!(filled[0], BLUE);
        }
    }
}
