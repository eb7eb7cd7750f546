//! Can a learned evaluation beat the hand-made one? A first measurement:
//! `cargo run --release -p linez --example td -- TRAIN_GAMES [EVAL_FIRST EVAL_LAST]`.
//!
//! The value of a board is a sum over its 140 five-cell windows of a weight per window *pattern*
//! (the cells' colours relabelled by first appearance, empty cells kept, a window and its mirror
//! image one pattern: 129 patterns occur, shared by every window) plus a weight per count of
//! numbers on the board; the pattern weights start from the hand-made window weights. It is learned by temporal differences on afterstates (the board after
//! our move, before the placement), as the strong 2048 players learn theirs: the player moves to
//! the afterstate with the most `removed numbers + value`, and each afterstate's value moves
//! towards the next one's plus the numbers removed in between (discount 0.995). Training games
//! use seeds from 1,000,000 on; then the greedy player (no learning) plays seeds EVAL_FIRST..=LAST
//! (default 1-100), and the bot's own 1-ply ranking (`Effort::FAST`) plays the same seeds, for
//! comparison at the same depth. `LZ_RATE` sets the learning rate (default 0.0005);
//! `LZ_POSITIONAL=1` gives every window its own pattern weights (140 x the patterns).
//!
//! `LZ_BASE=1`: the patterns learn a *correction* to the hand-made evaluation instead (the value
//! is the bot's evaluation with the follow-up, divided by 16, plus the patterns, which start at
//! 0); the player takes a line when it can, as the bot does, else the best of the 24 quiet moves
//! that rank first by window change, and is compared with the same player without the correction.
//! `LZ_WARMUP=N`: the first N training games learn only the weights per count of numbers (rate
//! 0.01), so that the value's level is right before the patterns start to learn.

mod support;

use linez::bot::{Effort, Weights};
use linez::game::{Game, Rules};
use linez::{Board, Bot, Move, CELLS};
use std::time::Duration;

/// Window patterns are base-6 codes of 5 cells (0 empty, 1-5 colours by first appearance).
const PATTERNS: usize = 6 * 6 * 6 * 6 * 6;
const DISCOUNT: f64 = 0.995;

struct Windows {
    cells: Vec<[usize; 5]>,
    of_cell: Vec<Vec<usize>>,
}

impl Windows {
    fn new() -> Windows {
        let cells = linez::bot::window_cells();
        let mut of_cell = vec![Vec::new(); CELLS];
        for (index, window) in cells.iter().enumerate() {
            for &at in window {
                of_cell[at].push(index);
            }
        }
        Windows { cells, of_cell }
    }
}

/// The canonical pattern of 5 colours (0 = empty): relabelled by first appearance, the smaller
/// code of the window and its mirror image.
fn pattern(colours: [u8; 5]) -> usize {
    let code = |order: &mut dyn Iterator<Item = u8>| {
        let mut labels = [0u8; 8];
        let mut next = 1;
        let mut code = 0usize;
        for colour in order {
            let label = if colour == 0 {
                0
            } else {
                if labels[colour as usize] == 0 {
                    labels[colour as usize] = next;
                    next += 1;
                }
                labels[colour as usize]
            };
            code = code * 6 + label as usize;
        }
        code
    };
    code(&mut colours.into_iter()).min(code(&mut colours.into_iter().rev()))
}

struct Value {
    rate: f64,
    /// One weight per (window, pattern) instead of per pattern (`LZ_POSITIONAL=1`).
    positional: bool,
    windows: Windows,
    patterns: Vec<f64>,
    by_numbers: Vec<f64>,
    /// The hand-made evaluation the patterns correct (`LZ_BASE=1`), with its weights.
    base: Option<(Bot, Weights)>,
    /// Only the weights per count of numbers learn (the warm-up, `LZ_WARMUP` games).
    level_only: bool,
}

/// The learning rate of the weights per count of numbers during the warm-up.
const LEVEL_RATE: f64 = 0.01;

/// Quiet moves a player with a base evaluation chooses from (the first by window change).
const BASE_CANDIDATES: usize = 24;

impl Value {
    /// The weight index of `window` on `board`.
    fn window_pattern(&self, board: &Board, window: usize) -> usize {
        let pattern = pattern(self.windows.cells[window].map(|at| board.get(at)));
        if self.positional {
            window * PATTERNS + pattern
        } else {
            pattern
        }
    }

    fn of(&self, board: &Board) -> f64 {
        let windows: f64 =
            (0..self.windows.cells.len()).map(|w| self.patterns[self.window_pattern(board, w)]).sum();
        windows + self.by_numbers[board.occupied_cells().count_ones() as usize] + self.base_of(board)
    }

    /// The hand-made part of the value (0 without `LZ_BASE`), on the scale of removed numbers.
    fn base_of(&self, board: &Board) -> f64 {
        match &self.base {
            Some((bot, weights)) if !board.is_clear() => {
                f64::from(bot.terms(board, true).value(weights)) / 16.0
            }
            _ => 0.0,
        }
    }

    /// `of(after) - of(before)`, reading only the windows through the changed cells.
    fn change(&self, before: &Board, after: &Board) -> f64 {
        let mut touched = [false; 140];
        let mut delta = 0.0;
        for at in 0..CELLS {
            if before.get(at) == after.get(at) {
                continue;
            }
            for &w in &self.windows.of_cell[at] {
                if !touched[w] {
                    touched[w] = true;
                    delta += self.patterns[self.window_pattern(after, w)]
                        - self.patterns[self.window_pattern(before, w)];
                }
            }
        }
        delta + self.by_numbers[after.occupied_cells().count_ones() as usize]
            - self.by_numbers[before.occupied_cells().count_ones() as usize]
    }

    fn learn(&mut self, board: &Board, error: f64) {
        let step = self.rate * error;
        if self.level_only {
            self.by_numbers[board.occupied_cells().count_ones() as usize] += LEVEL_RATE * error;
            return;
        }
        for w in 0..self.windows.cells.len() {
            let p = self.window_pattern(board, w);
            self.patterns[p] += step;
        }
        self.by_numbers[board.occupied_cells().count_ones() as usize] += step;
    }

    /// The greedy move on `board`: the most `removed + value(afterstate)`; with the afterstate.
    fn choose(&self, board: &Board) -> (Move, Board, f64) {
        let base = self.of(board) - self.base_of(board);
        let moves = match &self.base {
            None => board.legal_moves(),
            Some((bot, _)) => match bot.ranked_moves(board) {
                (Some(line), _) => vec![line],
                (None, quiet) => quiet.into_iter().take(BASE_CANDIDATES).collect(),
            },
        };
        let mut best: Option<(f64, Move, Board, f64)> = None;
        for mv in moves {
            let mut after = *board;
            let removed = f64::from(after.apply_legal_move(mv).count);
            let value = base + self.change(board, &after) + self.base_of(&after);
            let total = removed + value;
            if best.as_ref().map_or(true, |(top, ..)| total > *top) {
                best = Some((total, mv, after, removed));
            }
        }
        let (_, mv, after, removed) = best.expect("a legal move");
        (mv, after, removed)
    }
}

/// One game with the greedy player; learns when `learning`. Returns the score.
fn play(value: &mut Value, seed: u64, learning: bool) -> u64 {
    let mut game = Game::new(seed, Rules::default());
    let mut previous: Option<Board> = None;
    while !game.is_over() {
        let turn = game.turn();
        let (mv, after, removed) = value.choose(&turn.board);
        if learning {
            if let Some(previous) = previous {
                // The previous afterstate led (through a placement) to this turn, whose best
                // afterstate is `after`: the removed numbers count as the reward on the way.
                let target = removed + DISCOUNT * value.of(&after);
                let error = target - value.of(&previous);
                value.learn(&previous, error);
            }
        }
        previous = Some(after);
        game.play(mv).expect("legal");
    }
    if learning {
        if let Some(previous) = previous {
            // The board filled after the last afterstate: nothing more to remove.
            let error = -value.of(&previous);
            value.learn(&previous, error);
        }
    }
    game.score()
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let training = args[0];
    let (first, last) = (args.get(1).copied().unwrap_or(1), args.get(2).copied().unwrap_or(100));
    let rate = std::env::var("LZ_RATE").map_or(0.0005, |r| r.parse().expect("rate"));
    let positional = std::env::var("LZ_POSITIONAL").is_ok_and(|p| p == "1");
    let windows = Windows::new();
    let patterns = vec![0.0; if positional { windows.cells.len() * PATTERNS } else { PATTERNS }];
    let base = std::env::var("LZ_BASE")
        .is_ok_and(|b| b == "1")
        .then(|| (Bot::with_weights(Duration::from_secs(20), support::weights()), support::weights()));
    let mut value = Value {
        rate,
        positional,
        windows,
        patterns,
        by_numbers: vec![0.0; CELLS + 1],
        base,
        level_only: false,
    };
    let warm_up: u64 = std::env::var("LZ_WARMUP").map_or(0, |w| w.parse().expect("games"));
    // Start from the hand-made window weights (a one-colour window of n numbers), on the scale of
    // removed numbers (a window of four, 64, about 4 numbers), so that the first games are played
    // like the bot's 1-ply ranking and the rewards are not too rare to learn from.
    let hand = support::weights();
    let residual = value.base.is_some();
    for (index, weight) in value.patterns.iter_mut().enumerate().filter(|_| !residual) {
        let code = index % PATTERNS;
        let digits: Vec<usize> = (0..5).map(|i| code / 6usize.pow(i) % 6).collect();
        if digits.iter().all(|&d| d <= 1) {
            let numbers = digits.iter().filter(|&&d| d == 1).count();
            *weight = f64::from(hand.window[numbers]) / 16.0;
        }
    }
    let mut log = support::TrainingLog::new();
    for game in 0..training {
        value.level_only = game < warm_up;
        log.record(game, play(&mut value, 1_000_000 + game, true) as f64);
    }
    let learned: Vec<f64> = (first..=last).map(|seed| play(&mut value, seed, false) as f64).collect();
    let bot = Bot::with_weights(Duration::from_secs(20), support::weights());
    // The same player without what was learned (LZ_BASE), or the bot's own 1-ply ranking.
    let mut plain = Value {
        patterns: vec![0.0; value.patterns.len()],
        by_numbers: vec![0.0; CELLS + 1],
        base: value.base.take(),
        windows: Windows::new(),
        ..value
    };
    let fast: Vec<f64> = (first..=last)
        .map(|seed| {
            if plain.base.is_some() {
                return play(&mut plain, seed, false) as f64;
            }
            let mut game = Game::new(seed, Rules::default());
            while !game.is_over() {
                let turn = game.turn();
                game.play(bot.choose_with(&turn.board, turn.next_three, Effort::FAST)).expect("legal");
            }
            game.score() as f64
        })
        .collect();
    let paired: Vec<f64> = learned.iter().zip(&fast).map(|(a, b)| a - b).collect();
    let (l, le) = support::mean_and_error(&learned);
    let (f, fe) = support::mean_and_error(&fast);
    let (d, de) = support::mean_and_error(&paired);
    println!("seeds {first}-{last}: learned 1-ply {l:.1} +- {le:.1}, without it {f:.1} +- {fe:.1}, paired {d:+.1} +- {de:.1}");
    let used = value.patterns.iter().filter(|&&w| w != 0.0).count();
    println!("patterns with a weight: {used}");
}
