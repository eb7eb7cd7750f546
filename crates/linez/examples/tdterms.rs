//! Can temporal differences find better weights for the hand-made evaluation's own terms?
//! `cargo run --release -p linez --example tdterms -- TRAIN_GAMES [EVAL_FIRST EVAL_LAST [K]]`.
//!
//! The value of an afterstate (the board after our quiet move, before the placement) is linear in
//! the evaluation's counted terms (`EvalTerms`: windows by count, plans, useful cells, free space,
//! the follow-up), each scaled to a few units, plus a weight per count of numbers on the board; it
//! starts from the hand-made weights (on the scale of removed numbers: a window of four, 64, is
//! about 4 numbers) and learns by TD(0) towards the numbers removed until the next afterstate plus
//! that afterstate's value (discount `LZ_DISCOUNT`, default 0.995). The player takes a line when it can (as the bot does),
//! otherwise the best of the K quiet moves that rank first by window change (default 24). Training
//! uses seeds from 2,000,000 on; then the learned player and the hand-made one (the same K
//! candidates ranked by the bot's evaluation without search) play seeds EVAL_FIRST..=EVAL_LAST
//! (default 1-100). `LZ_RATE` sets the learning rate (default 0.0005). The learned weights are
//! printed, relative to the hand-made ones. `LZ_SCORES=FILE` writes the learned player's score per
//! seed (with 0 training games: the hand-made weights, `LINEZ_W`, ranking with the follow-up; a
//! fast 1-ply yardstick for weights).

mod support;

use linez::bot::{EvalTerms, Weights};
use linez::game::{Game, Rules};
use linez::{Board, Bot, Move, CELLS};
use std::time::Duration;

const FEATURES: usize = 25;
/// Names of the features, in the order of [`features`].
fn names() -> Vec<String> {
    let counted =
        ["open", "blocked", "plan"].iter().flat_map(|kind| (0..6).map(move |n| format!("{kind}{n}")));
    let single = ["plan_ways", "useful2", "useful3", "isolated", "stranded", "ready", "best_quiet"];
    counted.chain(single.iter().map(|name| name.to_string())).collect()
}
/// The typical size of each feature, so that every scaled feature counts a few units.
const SCALE: [f64; FEATURES] = [
    10.0, 10.0, 10.0, 5.0, 2.0, 1.0, 5.0, 5.0, 5.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 5.0, 20.0,
    10.0, 2.0, 5.0, 1.0, 50.0,
];

fn features(terms: &EvalTerms) -> [f64; FEATURES] {
    let mut raw = [0.0; FEATURES];
    for n in 0..6 {
        raw[n] = f64::from(terms.open[n]);
        raw[6 + n] = f64::from(terms.blocked[n]);
        raw[12 + n] = f64::from(terms.plan[n]);
    }
    raw[18] = f64::from(terms.plan_ways);
    raw[19] = f64::from(terms.useful2);
    raw[20] = f64::from(terms.useful3);
    raw[21] = f64::from(terms.isolated);
    raw[22] = f64::from(terms.stranded);
    raw[23] = f64::from(terms.ready);
    raw[24] = f64::from(terms.best_quiet);
    for (value, scale) in raw.iter_mut().zip(SCALE) {
        *value /= scale;
    }
    raw
}

/// The hand-made weight of each (unscaled) feature, from the bot's `Weights` (`EvalTerms::value`).
fn hand_weights() -> [f64; FEATURES] {
    let w = support::weights();
    let mut hand = [0.0; FEATURES];
    for n in 0..6 {
        hand[n] = f64::from(w.window[n]);
        hand[6 + n] = f64::from(w.window[n] * w.blocked_percent) / 100.0;
        hand[12 + n] = f64::from(w.plan[n]);
    }
    hand[18] = f64::from(w.plan_ways);
    hand[19] = f64::from(w.useful2);
    hand[20] = f64::from(w.useful3);
    hand[21] = -f64::from(w.isolated);
    hand[22] = -f64::from(w.stranded);
    hand[23] = f64::from(w.follow_up_line);
    hand[24] = 1.0;
    hand
}

struct Value {
    rate: f64,
    discount: f64,
    weights: [f64; FEATURES],
    by_numbers: [f64; CELLS + 1],
}

impl Value {
    fn of(&self, board: &Board, x: &[f64; FEATURES]) -> f64 {
        let linear: f64 = self.weights.iter().zip(x).map(|(w, f)| w * f).sum();
        linear + self.by_numbers[board.occupied_cells().count_ones() as usize]
    }

    fn learn(&mut self, board: &Board, x: &[f64; FEATURES], error: f64) {
        let step = self.rate * error;
        for (w, f) in self.weights.iter_mut().zip(x) {
            *w += step * f;
        }
        self.by_numbers[board.occupied_cells().count_ones() as usize] += step;
    }
}

/// A player: the learned value (`Some`) or the bot's own evaluation without the follow-up
/// (`None`, under `hand`), with the chosen afterstate and its features.
fn choose(
    bot: &Bot,
    value: Option<&Value>,
    hand: &Weights,
    board: &Board,
    k: usize,
) -> (Move, Option<(Board, [f64; FEATURES])>) {
    support::greedy_move(bot, board, k, |after| {
        let terms = bot.terms(after, value.is_some());
        let x = features(&terms);
        let score = match value {
            Some(value) => value.of(after, &x),
            None => f64::from(terms.value(hand)),
        };
        (score, x)
    })
}

/// One game; learns when `learning`. Returns the score.
fn play(bot: &Bot, value: &mut Option<Value>, seed: u64, learning: bool, k: usize) -> u64 {
    let hand = support::weights();
    let mut game = Game::new(seed, Rules::default());
    let mut previous: Option<(Board, [f64; FEATURES])> = None;
    let mut removed_since = 0.0;
    while !game.is_over() {
        let turn = game.turn();
        let (mv, afterstate) = choose(bot, value.as_ref(), &hand, &turn.board, k);
        if let (true, Some(value), Some((after, x))) = (learning, value.as_mut(), afterstate.as_ref()) {
            if let Some((board, px)) = previous.as_ref() {
                let target = removed_since + value.discount * value.of(after, x);
                let error = target - value.of(board, px);
                value.learn(board, px, error);
            }
        }
        if afterstate.is_some() {
            previous = afterstate;
            removed_since = 0.0;
        }
        let step = game.play(mv).expect("legal");
        removed_since += f64::from(step.removal.count) + f64::from(step.placement_removed);
    }
    if let (true, Some(value), Some((board, px))) = (learning, value.as_mut(), previous.as_ref()) {
        let error = removed_since - value.of(board, px);
        value.learn(board, px, error);
    }
    game.score()
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let training = args[0];
    let (first, last) = (args.get(1).copied().unwrap_or(1), args.get(2).copied().unwrap_or(100));
    let k = args.get(3).copied().unwrap_or(24) as usize;
    let rate = std::env::var("LZ_RATE").map_or(0.0005, |r| r.parse().expect("rate"));
    let bot = Bot::with_weights(Duration::from_secs(20), support::weights());
    let hand = hand_weights();
    let mut weights = [0.0; FEATURES];
    for i in 0..FEATURES {
        weights[i] = hand[i] * SCALE[i] / 16.0;
    }
    let discount = std::env::var("LZ_DISCOUNT").map_or(0.995, |d| d.parse().expect("discount"));
    let mut value = Some(Value { rate, discount, weights, by_numbers: [0.0; CELLS + 1] });
    let mut log = support::TrainingLog::new();
    for game in 0..training {
        log.record(game, play(&bot, &mut value, 2_000_000 + game, true, k) as f64);
    }
    let learned: Vec<f64> =
        (first..=last).map(|seed| play(&bot, &mut value, seed, false, k) as f64).collect();
    if let Ok(path) = std::env::var("LZ_SCORES") {
        let lines: Vec<String> =
            (first..=last).zip(&learned).map(|(seed, score)| format!("{seed} {score}")).collect();
        std::fs::write(path, lines.join("\n") + "\n").expect("write the scores");
    }
    let hand_made: Vec<f64> =
        (first..=last).map(|seed| play(&bot, &mut None, seed, false, k) as f64).collect();
    let paired: Vec<f64> = learned.iter().zip(&hand_made).map(|(a, b)| a - b).collect();
    let (l, le) = support::mean_and_error(&learned);
    let (h, he) = support::mean_and_error(&hand_made);
    let (d, de) = support::mean_and_error(&paired);
    println!("seeds {first}-{last}, {k} candidates: learned {l:.1} +- {le:.1}, hand-made {h:.1} +- {he:.1}, paired {d:+.1} +- {de:.1}");
    let value = value.expect("learned");
    // Relative to the window of four (hand-made 64), so the two sets compare on one scale.
    let unit = value.weights[4] / SCALE[4];
    for i in 0..FEATURES {
        println!(
            "{:>10}: learned {:>8.1}  hand-made {:>6.0}",
            names()[i],
            value.weights[i] / SCALE[i] / unit * 64.0,
            hand[i]
        );
    }
    let by_numbers: Vec<String> = value.by_numbers.iter().step_by(5).map(|b| format!("{b:.0}")).collect();
    println!("by numbers (0, 5, 10, ...): {}", by_numbers.join(" "));
}
