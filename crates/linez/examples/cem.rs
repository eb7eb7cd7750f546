//! The evaluation's weights tuned on whole games by the cross-entropy method (as Tetris players'
//! feature weights are): `cargo run --release -p linez --example cem -- GENERATIONS [POPULATION
//! SEEDS_PER_GENERATION]`.
//!
//! The player is fast and greedy: it takes a line when it can (as the bot does), else the best of
//! the 24 quiet moves that rank first by window change, by the bot's evaluation with the follow-up
//! move (`Bot::terms(after, true)`) under the candidate weights; the bot's search has the same
//! evaluation at its leaves. Each generation draws POPULATION weight vectors (default 40) from a
//! normal distribution per weight (started at the hand-made weights, `LINEZ_W`, spread half their
//! size), plays each on the same SEEDS_PER_GENERATION fresh seeds (default 100, common to the
//! generation), and refits the distribution to the best fifth; two threads. Prints each
//! generation's best and mean and the distribution's mean, as a `LINEZ_W` vector; at the end the
//! final mean and the starting weights play seeds 1-400, paired.
//!
//! `LZ_SEARCH=C,S,M`: the players are the bot's search instead (C candidates x S samples a move,
//! depth 2 on crowded boards as the bot; at most M moves a game), for tuning where the
//! evaluation is used.

mod support;

use linez::bot::{Effort, Weights};
use linez::game::{Game, Rules, SplitMix64};
use linez::Bot;
use std::time::{Duration, Instant};

/// The weights in `LINEZ_W` order ([`support::linez_w`]); all are tuned but the window of none
/// (0) and the point (8, used only by the search's samples).
const WEIGHTS: usize = 17;
const FIXED: [usize; 2] = [0, 8];

fn to_vector(w: &Weights) -> [f64; WEIGHTS] {
    support::linez_w(w).map(f64::from)
}

fn from_vector(v: &[f64; WEIGHTS]) -> Weights {
    support::weights_from(&v.map(|x| x.round() as i32))
}

/// The `LINEZ_W` text of `w`.
fn linez_w_text(w: &Weights) -> String {
    support::linez_w(w).map(|x| x.to_string()).join(",")
}

/// One game of the greedy player with `weights`; its score.
fn play(bot: &Bot, weights: &Weights, seed: u64) -> u64 {
    let mut game = Game::new(seed, Rules::default());
    if let Ok(text) = std::env::var("LZ_SEARCH") {
        let v: Vec<usize> = text.split(',').map(|x| x.parse().expect("search")).collect();
        let effort = Effort { candidates: v[0], samples: v[1] };
        let searcher = Bot::with_weights(Duration::from_secs(20), *weights);
        while !game.is_over() && game.moves() < v[2] as u64 {
            let turn = game.turn();
            game.play(searcher.choose_with(&turn.board, turn.next_three, effort)).expect("legal");
        }
        return game.score();
    }
    while !game.is_over() {
        let turn = game.turn();
        let (mv, _) = support::greedy_move(bot, &turn.board, 24, |after| {
            (f64::from(bot.terms(after, true).value(weights)), ())
        });
        game.play(mv).expect("legal");
    }
    game.score()
}

/// The mean score of each weight vector over `seeds`, on two threads.
fn evaluate(bot: &Bot, population: &[Weights], seeds: &[u64]) -> Vec<f64> {
    let half = population.len().div_ceil(2);
    let score = |part: &[Weights]| -> Vec<f64> {
        part.iter()
            .map(|w| seeds.iter().map(|&seed| play(bot, w, seed) as f64).sum::<f64>() / seeds.len() as f64)
            .collect()
    };
    std::thread::scope(|scope| {
        let first = scope.spawn(|| score(&population[..half]));
        let mut scores = score(&population[half..]);
        let mut all = first.join().expect("thread");
        all.append(&mut scores);
        all
    })
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let u1 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let u2 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * (u1.max(1e-300)).ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let generations = args[0];
    let population = args.get(1).copied().unwrap_or(40) as usize;
    let per_generation = args.get(2).copied().unwrap_or(100);
    let elite = (population / 5).max(2);
    let bot = Bot::with_weights(Duration::from_secs(20), support::weights());
    let mut mean = to_vector(&support::weights());
    let mut spread = mean.map(|m| (m.abs() * 0.5).max(2.0));
    let mut rng = SplitMix64::new(77);
    let start = Instant::now();
    for generation in 0..generations {
        let first_seed = 3_000_000 + generation * per_generation;
        let seeds: Vec<u64> = (first_seed..first_seed + per_generation).collect();
        // The current mean plays too, as a reference on the same seeds.
        let mut vectors = vec![mean];
        for _ in 1..population {
            let mut v = mean;
            for (k, (x, s)) in v.iter_mut().zip(spread).enumerate() {
                if !FIXED.contains(&k) {
                    *x += s * normal(&mut rng);
                }
            }
            vectors.push(v);
        }
        let weights: Vec<Weights> = vectors.iter().map(from_vector).collect();
        let scores = evaluate(&bot, &weights, &seeds);
        let mut order: Vec<usize> = (0..population).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        let best: Vec<&[f64; WEIGHTS]> = order[..elite].iter().map(|&i| &vectors[i]).collect();
        for k in 0..WEIGHTS {
            let m = best.iter().map(|v| v[k]).sum::<f64>() / elite as f64;
            let var = best.iter().map(|v| (v[k] - m).powi(2)).sum::<f64>() / elite as f64;
            mean[k] = m;
            // A floor keeps the search from collapsing on noise.
            spread[k] = var.sqrt().max(0.5);
        }
        let population_mean = scores.iter().sum::<f64>() / population as f64;
        println!(
            "generation {generation:>3}: reference {:.1}, best {:.1}, mean {population_mean:.1}, elite mean -> LINEZ_W={} ({:.0} s)",
            scores[0],
            scores[order[0]],
            linez_w_text(&from_vector(&mean)),
            start.elapsed().as_secs_f64()
        );
    }
    let seeds: Vec<u64> = (1..=400).collect();
    let pair = [from_vector(&mean), support::weights()];
    let per_seed: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let runs: Vec<_> = pair
            .iter()
            .map(|w| {
                scope.spawn(|| seeds.iter().map(|&seed| play(&bot, w, seed) as f64).collect::<Vec<f64>>())
            })
            .collect();
        runs.into_iter().map(|run| run.join().expect("thread")).collect()
    });
    let (tuned, tuned_error) = support::mean_and_error(&per_seed[0]);
    let (start_mean, start_error) = support::mean_and_error(&per_seed[1]);
    let paired: Vec<f64> = per_seed[0].iter().zip(&per_seed[1]).map(|(a, b)| a - b).collect();
    let (difference, difference_error) = support::mean_and_error(&paired);
    println!(
        "seeds 1-400: tuned {tuned:.1} +- {tuned_error:.1}, start {start_mean:.1} +- {start_error:.1}, paired {difference:+.1} +- {difference_error:.1}"
    );
}
