//! The value network's input frame, shared by its trainer (`hex-train value`) and the engine that
//! searches with it (`hex-baseline --engine ubfm`): one-hot stones read in the side to move's
//! frame, the board transposed for blue so that the mover always joins top and bottom.

use hex::{Color, CELLS, SIZE};

/// The inputs: the mover's stones (`0..CELLS`), then the opponent's.
pub const INPUTS: usize = 2 * CELLS;

/// The input of a stone of `owner` on `cell` when `to_move` is to play.
pub fn input(cell: usize, owner: Color, to_move: Color) -> usize {
    let frame_cell = match to_move {
        Color::Red => cell,
        Color::Blue => (cell % SIZE) * SIZE + cell / SIZE,
    };
    if owner == to_move {
        frame_cell
    } else {
        CELLS + frame_cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_makes_blue_a_transposed_red() {
        // A blue stone on (r, c) with blue to move is the input of a red stone on (c, r) with red
        // to move: the mover's own stone at the transposed cell.
        for cell in 0..CELLS {
            let transposed = (cell % SIZE) * SIZE + cell / SIZE;
            assert_eq!(input(cell, Color::Blue, Color::Blue), input(transposed, Color::Red, Color::Red));
            assert_eq!(input(cell, Color::Red, Color::Blue), CELLS + transposed);
            assert_eq!(input(cell, Color::Blue, Color::Red), CELLS + cell);
            assert!(input(cell, Color::Red, Color::Red) < INPUTS);
        }
    }
}
