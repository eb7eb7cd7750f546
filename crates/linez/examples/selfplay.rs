//! In-process self-play for tuning the bot: `cargo run --release -p linez --example selfplay -- FIRST LAST [CANDIDATES SAMPLES]`.
//! Plays seeds FIRST..=LAST with the default rules, one line per game, then the mean.

use linez::bot::Effort;
use linez::game::{Game, Rules};
use linez::Bot;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (first, last) = (args[0], args[1]);
    let fixed = if args.len() >= 4 {
        Some(Effort {
            candidates: args[2] as usize,
            samples: args[3] as usize,
            depth: args.get(5).copied().unwrap_or(0) as usize,
            rank_full: args.get(6).copied().unwrap_or(0) > 0,
            prefilter: args.get(6).copied().unwrap_or(0) as usize,
            reply: args.get(7).copied().unwrap_or(0) as usize,
        })
    } else {
        None
    };
    let max_moves = args.get(4).copied().unwrap_or(u64::MAX);
    let mut scores = Vec::new();
    for seed in first..=last {
        let mut game = Game::new(seed, Rules::default());
        let mut bot = Bot::with_weights(Duration::from_secs(20), weights());
        let start = Instant::now();
        while !game.is_over() && game.moves() < max_moves {
            let turn = game.turn();
            let mv = match fixed {
                Some(effort) => bot.choose_with(&turn.board, turn.next_three, effort),
                None => bot.choose(&turn.board, turn.next_three),
            };
            let step = game.play(mv).expect("legal");
            if std::env::var("LINEZ_SHOW").is_ok() {
                println!(
                    "{}next {:?} move {mv} removed {} placed-removed {} score {}",
                    turn.board,
                    turn.next_three,
                    step.removal.count,
                    step.placement_removed,
                    game.score()
                );
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "seed {seed} score {} moves {} time {secs:.2}s over {}",
            game.score(),
            game.moves(),
            game.is_over()
        );
        scores.push(game.score() as f64);
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!("mean {mean:.1} +- {:.1}", 2.0 * (var / n).sqrt());
}

/// Weights from `LINEZ_W="w0,w1,w2,w3,w4,isolated,stranded,follow,point"` (defaults otherwise).
fn weights() -> linez::bot::Weights {
    let mut w = linez::bot::Weights::default();
    if let Ok(text) = std::env::var("LINEZ_W") {
        let v: Vec<i32> = text.split(',').map(|x| x.parse().expect("weight")).collect();
        w.window = [v[0], v[1], v[2], v[3], v[4], v[4]];
        w.isolated = v[5];
        w.stranded = v[6];
        w.follow_up_line = v[7];
        w.point = v[8];
        if v.len() > 9 {
            w.plan = [0, v[9], v[10], v[11], v[12], 0];
            w.plan_ways = v[13];
        }
        if v.len() > 14 {
            w.blocked_percent = v[14];
        }
    }
    w
}
