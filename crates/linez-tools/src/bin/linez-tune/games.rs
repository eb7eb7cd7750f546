//! The games mode: whole games of the tuned bot (other weights, rollouts or bands of units, or the
//! schedule without the clock), one thread a game, timed in CPU seconds.

use super::{band_units, for_each_seed, mean_and_error, play_at, thread_cpu, tuned_bot, Config};
use linez::{Game, Rules};
use std::sync::Mutex;

/// The games mode.
pub(crate) fn games(config: &Config, first: u64, last: u64, units: u64, max_moves: u64, jobs: usize) {
    let results = Mutex::new(Vec::new());
    for_each_seed(first, last, jobs, |seed| {
        let mut game = Game::new(seed, Rules::default());
        let mut bot = tuned_bot(config, config.weights);
        let cpu = thread_cpu();
        while !game.is_over() && game.moves() < max_moves {
            if units == 0 {
                let turn = game.turn();
                game.play(bot.choose(&turn.board, turn.next_three)).expect("the bot plays legal moves");
            } else {
                let units = band_units(config.band, game.board(), units);
                play_at(&bot, &mut game, units);
            }
        }
        let secs = thread_cpu() - cpu;
        println!(
            "seed {seed} score {} moves {} full {} cpu {secs:.2}s",
            game.score(),
            game.moves(),
            game.is_over()
        );
        results.lock().expect("results").push((game.score() as f64, game.moves() as f64, secs));
    });
    let results = results.into_inner().expect("results");
    let scores: Vec<f64> = results.iter().map(|r| r.0).collect();
    let moves: Vec<f64> = results.iter().map(|r| r.1).collect();
    let (score, score_error) = mean_and_error(&scores);
    let (length, length_error) = mean_and_error(&moves);
    let cpu: f64 = results.iter().map(|r| r.2).sum();
    println!(
        "games {} mean score {score:.1} +- {score_error:.1} moves {length:.1} +- {length_error:.1} cpu/game {:.2}s cpu/move {:.2}ms",
        results.len(),
        cpu / results.len() as f64,
        cpu * 1000.0 / moves.iter().sum::<f64>()
    );
}
