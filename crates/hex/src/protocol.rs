//! The CodinGame protocol: a header line `11 red`, then per turn a `lastMove` line and the rows.

use crate::board::{Board, Color, Move, SIZE};
use std::io::BufRead;

/// One turn's input: the opponent's last move (`None` for `empty` on red's first turn) and the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub last_move: Option<Move>,
    pub board: Board,
}

/// Reads the header line `boardSize playerColor`; returns `None` at end of input.
///
/// # Errors
/// A size other than 11, a colour other than `red`/`blue`, or extra tokens.
pub fn read_header<R: BufRead>(lines: &mut io::LineReader<R>) -> io::Result<Option<Color>> {
    let Some(mut line) = lines.next_line()? else {
        return Ok(None);
    };
    line.int_in(SIZE..=SIZE, "the board size")?;
    let color = line.parse("a colour: red or blue")?;
    line.end()?;
    Ok(Some(color))
}

/// Reads one turn; returns `None` at end of input before the turn starts.
///
/// # Errors
/// A malformed `lastMove` (not `empty`, a cell or `swap-pieces`), or malformed rows.
pub fn read_turn<R: BufRead>(lines: &mut io::LineReader<R>) -> io::Result<Option<Turn>> {
    let last_move = {
        let Some(mut line) = lines.next_line()? else {
            return Ok(None);
        };
        let token = line.token("the last move")?;
        let last_move = if token == "empty" {
            None
        } else {
            match token.parse::<Move>() {
                Ok(mv) => Some(mv),
                Err(()) => {
                    return Err(line.error(format!(
                        "expected the last move: empty, a cell a1..k11 or swap-pieces, found {token:?}"
                    )))
                }
            }
        };
        line.end()?;
        last_move
    };
    let mut board = Board::new();
    for row in 0..SIZE {
        let mut line = lines.expect_line("a board row")?;
        board.read_row(row, &mut line)?;
    }
    Ok(Some(Turn { last_move, board }))
}
