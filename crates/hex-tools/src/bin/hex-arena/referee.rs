//! One game between two engines, refereed through the library's rules ([`hex::Game`]): every
//! answer is parsed with [`hex::Move`]'s parser and checked with [`Game::is_legal`], the swap rule
//! and the win test are the library's, so the referee holds no second copy of them.

use crate::engine::{Answer, Fault, Player};
use hex::{Cell, Color, Game, Move};
pub use hex_tools::hex_record::Reason;
use std::time::Duration;

/// The judge's clock for one engine.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// Limit for the engine's first answer of the game (CodinGame: 1 s).
    pub first: Duration,
    /// Limit for every later answer (CodinGame: 100 ms).
    pub per_move: Duration,
    /// A late answer loses (CodinGame); otherwise it is counted and the game goes on.
    pub strict: bool,
}

/// How a game is refereed.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// In either mode, an engine silent for this long loses by timeout.
    pub hard_limit: Duration,
}

/// One measured answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub color: Color,
    /// Whether this was the engine's first answer of the game (on the longer clock).
    pub first: bool,
    pub elapsed: Duration,
    /// Over the engine's limit for this answer.
    pub late: bool,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Every move, including a forced opening (which has no timing).
    pub moves: Vec<Move>,
    /// The forced opening, if the referee placed red's first stone.
    pub opening: Option<Cell>,
    /// Each engine answer's time in order, `None` for the forced opening; a crash has no entry.
    pub timings: Vec<Option<Timing>>,
    /// Each engine answer's message (the text after its move), aligned with `timings`; empty for
    /// none and for the forced opening.
    pub messages: Vec<String>,
    pub winner: Color,
    pub reason: Reason,
    /// What went wrong, for non-`Connect` endings (the bad answer, the crash message).
    pub detail: String,
}

/// Plays one game. `players[0]` is red, `players[1]` blue; both must have been `start`ed.
/// With an `opening`, the referee places red's first stone and red's engine first answers on
/// move 3 (still on its first-answer clock).
pub fn play_game(
    players: [&mut dyn Player; 2],
    clocks: [Clock; 2],
    rules: Rules,
    opening: Option<Cell>,
    mut log: impl FnMut(&str),
) -> Outcome {
    let mut game = Game::new();
    let mut timings = Vec::new();
    let mut messages = Vec::new();
    if let Some(cell) = opening {
        game.play(Move::Place(cell)).expect("an opening on an empty board is legal");
        timings.push(None);
        messages.push(String::new());
    }
    let mut answered = [false; 2];
    let end = |game: Game, timings, messages, winner: Color, reason, detail: String| Outcome {
        moves: game.moves().to_vec(),
        opening,
        timings,
        messages,
        winner,
        reason,
        detail,
    };
    loop {
        if let Some(winner) = game.winner() {
            return end(game, timings, messages, winner, Reason::Connect, String::new());
        }
        let color = game.to_move();
        let side = color.index();
        let first = !answered[side];
        answered[side] = true;
        let limit = if first { clocks[side].first } else { clocks[side].per_move };
        // Strict: stop waiting at the limit. Lenient: wait up to the hard limit and count lateness.
        let wait = if clocks[side].strict { limit } else { rules.hard_limit.max(limit) };
        let Answer { result, elapsed, message } = players[side].genmove(&game, wait);
        let late = elapsed > limit;
        let timing = Timing { color, first, elapsed, late };
        let loser_wins = color.opponent();
        let text = match result {
            Ok(text) => {
                timings.push(Some(timing));
                messages.push(message);
                text
            }
            Err(fault) => {
                let (reason, detail) = match fault {
                    Fault::Timeout => {
                        timings.push(Some(Timing { late: true, ..timing }));
                        messages.push(String::new());
                        (Reason::Timeout, format!("no answer in {} ms", wait.as_millis()))
                    }
                    Fault::Crash(message) => {
                        // Give the engine's last stderr lines time to arrive.
                        std::thread::sleep(Duration::from_millis(30));
                        let tail = players[side].stderr_tail();
                        let detail =
                            if tail.is_empty() { message } else { format!("{message}; stderr: {tail}") };
                        (Reason::Crash, detail)
                    }
                    Fault::Resign => {
                        timings.push(Some(timing));
                        messages.push(message);
                        (Reason::Resign, String::new())
                    }
                };
                log(&format!("{color} loses: {} {detail}", reason.as_str()));
                return end(game, timings, messages, loser_wins, reason, detail);
            }
        };
        if clocks[side].strict && late {
            let detail =
                format!("answered {text:?} after {:.1} ms, limit {} ms", ms(elapsed), limit.as_millis());
            log(&format!("{color} loses: late, {detail}"));
            return end(game, timings, messages, loser_wins, Reason::Timeout, detail);
        }
        let mv = match text.parse::<Move>() {
            Ok(mv) if game.is_legal(mv) => mv,
            Ok(mv) => {
                let why = game.clone().play(mv).expect_err("an illegal move is refused");
                let detail = format!("{text}: {why}");
                log(&format!("{color} loses: illegal move {detail}"));
                return end(game, timings, messages, loser_wins, Reason::Illegal, detail);
            }
            Err(()) => {
                let detail = format!("{text:?} is not a move (a cell a1..k11 or swap-pieces)");
                log(&format!("{color} loses: {detail}"));
                return end(game, timings, messages, loser_wins, Reason::Illegal, detail);
            }
        };
        game.play(mv).expect("checked legal");
        log(&format!("{color} {mv} ({:.1} ms{})", ms(elapsed), if late { ", late" } else { "" }));
    }
}

/// Milliseconds as a float, for display.
pub fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
