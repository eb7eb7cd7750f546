//! The bot (placeholder: first legal move by greedy line potential; the search comes next).

use crate::board::{Board, Move};
use std::time::{Duration, Instant};

/// A Linez player for one game. It tracks its own thinking time against the budget.
pub struct Bot {
    budget: Duration,
    used: Duration,
}

impl Bot {
    /// A bot for one game with `budget` of total thinking time.
    pub fn new(budget: Duration) -> Bot {
        Bot { budget, used: Duration::ZERO }
    }

    /// Thinking time used so far in this game.
    pub fn time_used(&self) -> Duration {
        self.used
    }

    /// The move for `board` with `next_three` to be placed after a non-scoring move.
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn choose(&mut self, board: &Board, next_three: [u8; 3]) -> Move {
        let start = Instant::now();
        let _ = (next_three, self.budget);
        let mv = board.legal_moves()[0];
        self.used += start.elapsed();
        mv
    }
}

/// The thinking budget of one game in the protocol (the statement's 20 s, less a safety margin for
/// the time the referee measures around the bot: pipes, scheduling).
pub const GAME_BUDGET: Duration = Duration::from_millis(18_500);

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
    while let Some(turn) = crate::board::read_turn(lines)? {
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
