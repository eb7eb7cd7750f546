//! One game from a seed: turns to the player, answers checked and applied, the thinking clock,
//! and the record of what happened (score curve, optional boards and transcript).

use std::fmt::Write as _;
use std::time::Duration;

use linez::{Board, Convention, Move};
use linez::{Game, Rules, Step};
use linez_tools::games_file::{Play, PlayedMove};

use crate::player::{Player, Reply};

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The board filled after a placement: the normal end.
    Full,
    /// The total thinking time exceeded the budget.
    Timeout,
    /// A malformed answer or an illegal move (the message says which).
    Illegal(String),
    /// The bot died, closed its output or could not be written to.
    Crash(String),
    /// The simulator's `--max-moves` cap was reached.
    MoveLimit,
}

impl End {
    /// The one-word name used in the per-game lines.
    pub fn name(&self) -> &'static str {
        match self {
            End::Full => "full",
            End::Timeout => "timeout",
            End::Illegal(_) => "illegal",
            End::Crash(_) => "crash",
            End::MoveLimit => "limit",
        }
    }

    /// The detail for illegal moves and crashes.
    pub fn detail(&self) -> Option<&str> {
        match self {
            End::Illegal(detail) | End::Crash(detail) => Some(detail),
            _ => None,
        }
    }
}

/// How games are played.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub rules: Rules,
    /// Total thinking time per game.
    pub budget: Duration,
    /// Stop a game after this many moves (for quick tuning runs).
    pub max_moves: Option<u64>,
    /// Keep the board before every move (for the SVG picture).
    pub keep_boards: bool,
    /// Write a transcript.
    pub transcript: bool,
}

/// Everything a finished game reports.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    pub score: u64,
    pub moves: u64,
    pub end: End,
    /// The bot's total thinking time.
    pub thinking: Duration,
    /// The longest single answer.
    pub longest_turn: Duration,
    /// `scores[m]` = the score after `m` moves (`scores[0]` is the score before the first move).
    pub scores: Vec<u64>,
    /// When kept: `boards[m]` = the board and nextThree after `m` moves, with the answer given to it.
    pub boards: Vec<(Board, [u8; 3], Option<String>)>,
    /// When asked for: the transcript text.
    pub transcript: String,
    /// The game as played, move by move (for the games file and the page).
    pub play: Play,
}

/// Plays the game of `seed` with `player` to its end and reports it. Always lets the player go.
pub fn play_game(seed: u64, options: &PlayOptions, player: &mut dyn Player) -> GameRecord {
    let mut game = Game::new(seed, options.rules);
    let mut record = GameRecord {
        seed,
        score: 0,
        moves: 0,
        end: End::Full,
        thinking: Duration::ZERO,
        longest_turn: Duration::ZERO,
        scores: vec![game.score()],
        boards: Vec::new(),
        transcript: String::new(),
        play: Play {
            bot: "A".to_string(),
            seed,
            convention: options.rules.convention,
            start: *game.board(),
            next_three: game.next_three(),
            score: game.score(),
            moves: Vec::new(),
        },
    };
    if options.transcript {
        let _ = writeln!(record.transcript, "# linez-sim transcript: seed {seed}, {}", options.rules);
        if game.score() > 0 {
            let _ = writeln!(record.transcript, "# initial placement scored {}", game.score());
        }
    }
    record.end = loop {
        if game.is_over() {
            break End::Full;
        }
        if options.max_moves.is_some_and(|limit| game.moves() >= limit) {
            break End::MoveLimit;
        }
        if options.keep_boards {
            record.boards.push((*game.board(), game.next_three(), None));
        }
        if options.transcript {
            let _ = write!(record.transcript, "turn {}\n{}", game.moves() + 1, game.turn());
        }
        let reply = player.reply(&game, options.budget.saturating_sub(record.thinking));
        let (answer, thinking) = match reply {
            Reply::Answer(answer, thinking) => (answer, thinking),
            Reply::Timeout(thinking) => {
                record.thinking += thinking;
                break End::Timeout;
            }
            Reply::Crash(reason, thinking) => {
                record.thinking += thinking;
                break End::Crash(reason);
            }
        };
        record.thinking += thinking;
        record.longest_turn = record.longest_turn.max(thinking);
        if record.thinking > options.budget {
            break End::Timeout;
        }
        if let Some(last) = record.boards.last_mut() {
            last.2 = Some(answer.clone());
        }
        let before = *game.board();
        match game.play_text(&answer) {
            Ok(step) => {
                let mv = Move::parse_with(&answer, options.rules.convention).expect("played, so it parses");
                let think_us = thinking.as_micros() as u64;
                let mut played = PlayedMove::new(&before, mv, &step, game.board(), think_us);
                played.next_three = game.next_three();
                played.score = game.score();
                record.play.moves.push(played);
                record.scores.push(game.score());
                if options.transcript {
                    let line = describe_step(&answer, &step, game.score(), options.rules.convention);
                    record.transcript.push_str(&line);
                }
            }
            Err(message) => break End::Illegal(message),
        }
    };
    player.finish();
    if options.keep_boards && game.is_over() {
        record.boards.push((*game.board(), game.next_three(), None));
    }
    record.score = game.score();
    record.moves = game.moves();
    if options.transcript {
        let _ = write!(
            record.transcript,
            "end {} score {} moves {}",
            record.end.name(),
            record.score,
            record.moves
        );
        if let Some(detail) = record.end.detail() {
            let _ = write!(record.transcript, ": {detail}");
        }
        record.transcript.push('\n');
    }
    record
}

/// One transcript line for a played move: `> A1B2 removed 5 +10 placed 3@C4 1@E5 7@A9 score 10`.
fn describe_step(answer: &str, step: &Step, score: u64, convention: Convention) -> String {
    let mut line = format!("> {}", answer.trim());
    if step.removal.count > 0 {
        let _ = write!(line, " removed {}", step.removal.count);
    }
    if !step.placed.is_empty() {
        line.push_str(" placed");
        for &(cell, colour) in &step.placed {
            let [letter, digit] = convention.name(cell);
            let _ = write!(line, " {colour}@{}{}", letter as char, digit as char);
        }
    }
    if step.placement_removed > 0 {
        let _ = write!(line, " placement-removed {}", step.placement_removed);
    }
    if step.points > 0 {
        let _ = write!(line, " +{}", step.points);
    }
    let _ = writeln!(line, " score {score}");
    line
}
