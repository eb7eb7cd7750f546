//! The protocol loop: 10 lines a turn in, one move out.

use super::Bot;
use crate::*;
use std::time::Duration;

/// The thinking budget of one game in the protocol (the statement's 20 s, less a safety margin for
/// the time the referee measures around the bot: pipes, scheduling).
pub const GAME_BUDGET: Duration = Duration::from_millis(19_000);

/// Plays one game over the protocol: reads turns from `lines` until the input ends between turns,
/// and hands each chosen move to `answer`.
///
/// # Errors
/// Empty input, input ending inside a turn, a malformed line, or a board with no legal move
/// (empty or full: the referee should not ask for a move then).
pub fn play<R: std::io::BufRead>(
    lines: &mut io::LineReader<R>,
    bot: &mut Bot,
    mut answer: impl FnMut(Move),
) -> io::Result<()> {
    let mut turns = 0usize;
    while let Some(turn) = crate::read_turn(lines)? {
        turns += 1;
        if turn.board.is_full() || turn.board.is_clear() {
            let state = if turn.board.is_full() { "full" } else { "empty" };
            return Err(io::Error::new(
                lines.lines_read() - 1,
                0,
                format!("the board of turn {turns} is {state}, so it has no legal move"),
            ));
        }
        answer(bot.choose(&turn.board, turn.next_three));
    }
    if turns == 0 {
        return Err(io::Error::new(1, 0, "expected a board row, found end of input (no turn at all)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TURN: &str = "1........\n.........\n..3......\n.........\n....5....\n.........\n......7..\n.........\n........2\n352\n";

    fn play_text(text: &str) -> (io::Result<()>, Vec<Move>) {
        let mut lines = io::LineReader::new(text.as_bytes());
        let mut bot = Bot::new(Duration::from_secs(20));
        let mut moves = Vec::new();
        let result = play(&mut lines, &mut bot, |mv| moves.push(mv));
        (result, moves)
    }

    #[test]
    fn the_protocol_ends_quietly_between_turns_and_fails_inside_one() {
        let (result, moves) = play_text(&TURN.repeat(2));
        assert!(result.is_ok());
        assert_eq!(moves.len(), 2);
        let board = crate::parse_turn(TURN).unwrap().board;
        assert!(moves.iter().all(|&mv| board.is_legal(mv)));

        let (result, moves) = play_text("");
        assert_eq!(
            result.unwrap_err().to_string(),
            "line 1: expected a board row, found end of input (no turn at all)"
        );
        assert!(moves.is_empty());

        let (result, moves) = play_text(&format!("{TURN}1........\n"));
        assert_eq!(result.unwrap_err().to_string(), "line 12: expected a board row, found end of input");
        assert_eq!(moves.len(), 1);

        let full = format!("{}352\n", "123456712\n".repeat(9));
        assert!(play_text(&full).0.unwrap_err().to_string().contains("is full"));
    }
}
