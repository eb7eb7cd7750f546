//! What the tuning examples share (each uses a part of it).
#![allow(dead_code)]

use linez::{Board, Bot, Move};
use std::time::Instant;

/// The greedy 1-ply player's move on `board`: the bot's line when it has one (no afterstate),
/// else the best of the `k` quiet moves that rank first by window change, by the first part of
/// `value` of the board after the move (ties: the first); with that board and the second part of
/// its value.
pub fn greedy_move<X>(
    bot: &Bot,
    board: &Board,
    k: usize,
    mut value: impl FnMut(&Board) -> (f64, X),
) -> (Move, Option<(Board, X)>) {
    let (line, quiet) = bot.ranked_moves(board);
    if let Some(line) = line {
        return (line, None);
    }
    let mut best: Option<(f64, Move, Board, X)> = None;
    for &mv in quiet.iter().take(k) {
        let mut after = *board;
        after.apply_legal_move(mv);
        let (score, extra) = value(&after);
        if best.as_ref().map_or(true, |(top, ..)| score > *top) {
            best = Some((score, mv, after, extra));
        }
    }
    let (_, mv, after, extra) = best.expect("a quiet move");
    (mv, Some((after, extra)))
}

/// The evaluation weights in `LINEZ_W` order: `w0,w1,w2,w3,w4,isolated,stranded,follow,point`, then
/// optionally `plan1,plan2,plan3,plan4,plan_ways`, then `blocked_percent`, then `useful2,useful3`.
pub fn linez_w(w: &linez::bot::Weights) -> [i32; 17] {
    let [w0, w1, w2, w3, w4, _] = w.window;
    let [_, p1, p2, p3, p4, _] = w.plan;
    [
        w0,
        w1,
        w2,
        w3,
        w4,
        w.isolated,
        w.stranded,
        w.follow_up_line,
        w.point,
        p1,
        p2,
        p3,
        p4,
        w.plan_ways,
        w.blocked_percent,
        w.useful2,
        w.useful3,
    ]
}

/// The default weights with the first `v.len()` values of [`linez_w`]'s order replaced by `v`
/// (at least the first 9).
pub fn weights_from(v: &[i32]) -> linez::bot::Weights {
    let mut full = linez_w(&linez::bot::Weights::default());
    full[..v.len()].copy_from_slice(v);
    let mut w = linez::bot::Weights::default();
    let f = full;
    w.window = [f[0], f[1], f[2], f[3], f[4], f[4]];
    (w.isolated, w.stranded, w.follow_up_line, w.point) = (f[5], f[6], f[7], f[8]);
    w.plan = [0, f[9], f[10], f[11], f[12], 0];
    (w.plan_ways, w.blocked_percent, w.useful2, w.useful3) = (f[13], f[14], f[15], f[16]);
    w
}

/// Weights from `LINEZ_W` ([`linez_w`]'s order; defaults otherwise), depth 2 from
/// `LINEZ_R=replies,samples[,from]`, mixed-window plans from `LINEZ_D`.
pub fn weights() -> linez::bot::Weights {
    let mut w = linez::bot::Weights::default();
    if let Ok(text) = std::env::var("LINEZ_W") {
        let v: Vec<i32> = text.split(',').map(|x| x.parse().expect("weight")).collect();
        w = weights_from(&v);
    }
    if let Ok(text) = std::env::var("LINEZ_R") {
        let v: Vec<usize> = text.split(',').map(|x| x.parse().expect("reply")).collect();
        w.reply_k = v[0];
        w.reply_samples = v[1];
        if v.len() > 2 {
            w.reply_from = v[2] as u32;
        }
    }
    if let Ok(text) = std::env::var("LINEZ_D") {
        w.dirty_plans = text.parse().expect("dirty");
    }
    w
}

/// The mean of `values` and two standard errors of it (0 for fewer than two values).
pub fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 2.0 * (var / n).sqrt())
}

/// Progress of a training run: the mean score of every 500 games, on stdout.
pub struct TrainingLog {
    start: Instant,
    recent: Vec<f64>,
}

impl TrainingLog {
    pub fn new() -> TrainingLog {
        TrainingLog { start: Instant::now(), recent: Vec::new() }
    }

    /// Records the score of training game `game` (0-based).
    pub fn record(&mut self, game: u64, score: f64) {
        self.recent.push(score);
        if self.recent.len() == 500 {
            let (mean, error) = mean_and_error(&self.recent);
            println!(
                "training games {:>6}: mean {mean:.1} +- {error:.1} ({:.0} s)",
                game + 1,
                self.start.elapsed().as_secs_f64()
            );
            self.recent.clear();
        }
    }
}
