//! In-process games for tuning the bot's search, timed in CPU seconds (a busy machine does not
//! inflate them) and with the wall-clock safety net off, so that results depend on the seeds alone.
//!
//! ```text
//! cargo run --release -p linez --example tune -- FIRST LAST UNITS MAX_MOVES JOBS
//! ```
//!
//! Plays seeds FIRST..=LAST (default rules) on JOBS threads. UNITS > 0: that many work units every
//! move (a point of the survival curve); UNITS = 0: the bot's own schedule for the protocol's game
//! budget. A game stops after MAX_MOVES moves (counted as alive). Prints one line per game, then
//! the mean score and moves with two standard errors and the CPU time per move.
//!
//! ```text
//! cargo run --release -p linez --example tune -- crowded FIRST LAST UNITS HORIZON
//! ```
//!
//! The death phase alone, paired: for each seed FIRST..=LAST, the default bot (without strict
//! supply: the same positions for every run) plays the game at 1,000 units a move until the
//! board first holds 52 and then 58 numbers; from each of these two positions (the game's own
//! later numbers and cells) the bot under test plays at most HORIZON moves at UNITS a move.
//! Prints one line per position (moves survived, points, whether the board filled), then the
//! deaths and the mean moves survived with two standard errors. Every variant starts from the
//! same positions and meets the same generator, so two runs compare position by position; games
//! are lost in this climb from about 50 numbers to a full board.
//!
//! ```text
//! cargo run --release -p linez --example tune -- costs FIRST LAST UNITS THREADS
//! ```
//!
//! The schedule's calibration: plays the seeds at UNITS a move sampling on THREADS threads (1 or
//! 2) and prints the wall-clock time a work unit took, over all moves and by the numbers on the
//! board (run it on an otherwise idle machine; `UNITS_PER_SECOND` and `PARALLEL_PERCENT` in
//! `bot/schedule.rs` come from it).
//!
//! Search settings from the environment:
//! `LINEZ_ROLL=plies,k,temperature[,deep_from[,replies[,quick]]]` (rollout plies, 0 = the reply
//! search; the policy's re-ranked moves; its softmax temperature, 0 = greedy; the numbers on the
//! board from which samples go deep; the reply search's replies; 1 = the quick rollout policy, the
//! default, 0 = the exact one). `LINEZ_BAND=lo,hi,units` (fixed-units games): moves on boards with
//! `lo..=hi` numbers get `units` instead of UNITS (which part of a game the budget pays in).
//! `LINEZ_W=name=value,...` sets evaluation weights by their `Weights` field names (`window` and
//! `plan` take `/`-separated values, `strict_supply` 0 or 1), e.g. `LINEZ_W=isolated=12,plan=0/300`.

use linez::bot::{effort_of_units, Weights, GAME_BUDGET};
use linez::game::{Game, Rules};
use linez::Bot;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// CPU seconds of the calling thread (Linux: utime + stime of /proc/thread-self/stat, in ticks of
/// 10 ms; 0 elsewhere).
fn thread_cpu() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = text.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |at: usize| fields.get(at).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// The mean of `values` and two standard errors of it.
fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 2.0 * (var / n).sqrt())
}

fn weights_from_env() -> Weights {
    let mut weights = Weights::default();
    if let Ok(text) = std::env::var("LINEZ_ROLL") {
        let v: Vec<i64> = text.split(',').map(|x| x.parse().expect("LINEZ_ROLL: integers")).collect();
        weights.rollout_plies = v[0] as usize;
        weights.rollout_k = v[1] as usize;
        weights.rollout_temperature = v[2] as i32;
        if let Some(&from) = v.get(3) {
            weights.reply_from = from as u32;
        }
        if let Some(&replies) = v.get(4) {
            weights.reply_k = replies as usize;
        }
        if let Some(&quick) = v.get(5) {
            weights.rollout_quick = quick != 0;
        }
    }
    if let Ok(text) = std::env::var("LINEZ_W") {
        for item in text.split(',') {
            let (name, value) = item.split_once('=').expect("LINEZ_W: name=value,...");
            let v: Vec<i32> = value.split('/').map(|x| x.parse().expect("LINEZ_W: integers")).collect();
            match name {
                "window" => weights.window[..v.len()].copy_from_slice(&v),
                "plan" => weights.plan[..v.len()].copy_from_slice(&v),
                "isolated" => weights.isolated = v[0],
                "stranded" => weights.stranded = v[0],
                "follow_up_line" => weights.follow_up_line = v[0],
                "point" => weights.point = v[0],
                "loss" => weights.loss = v[0],
                "plan_ways" => weights.plan_ways = v[0],
                "blocked_percent" => weights.blocked_percent = v[0],
                "useful2" => weights.useful2 = v[0],
                "useful3" => weights.useful3 = v[0],
                "dirty_plans" => weights.dirty_plans = v[0],
                "strict_supply" => weights.strict_supply = v[0] != 0,
                _ => panic!("LINEZ_W: unknown weight {name}"),
            }
        }
    }
    weights
}

/// Plays the bot's move at a fixed `units` of work (the survival curve's unit of budget).
fn play_at(bot: &Bot, game: &mut Game, units: u64) {
    let turn = game.turn();
    let effort = effort_of_units(units, bot.sample_cost(&turn.board));
    game.play(bot.choose_with(&turn.board, turn.next_three, effort)).expect("the bot plays legal moves");
}

/// A band of boards played at other units: `LINEZ_BAND=lo,hi,u` gives boards with `lo..=hi`
/// numbers `u` units a move (which part of a game the budget buys); read once.
#[derive(Clone, Copy)]
struct Band {
    numbers: (u32, u32),
    units: u64,
}

impl Band {
    fn from_env() -> Option<Band> {
        let text = std::env::var("LINEZ_BAND").ok()?;
        let v: Vec<u64> = text.split(',').map(|x| x.parse().expect("LINEZ_BAND: lo,hi,units")).collect();
        let [lo, hi, units] = v[..] else { panic!("LINEZ_BAND: lo,hi,units") };
        Some(Band { numbers: (lo as u32, hi as u32), units })
    }
}

/// The units for a move on `board` when the game runs at `units` a move, `band` aside.
fn band_units(band: Option<Band>, board: &linez::Board, units: u64) -> u64 {
    match band {
        Some(band) if (band.numbers.0..=band.numbers.1).contains(&board.occupied_cells().count_ones()) => {
            band.units
        }
        _ => units,
    }
}

/// The positions of the crowded mode: the game of `seed` played at 1,000 units a move, as it
/// stands when the board first holds 52 and then 58 numbers (none if it ends first). The player is
/// the default bot without strict supply, the one these positions were first drawn with, so that
/// the README's death-phase results stay comparable with new runs.
fn crowded_positions(seed: u64) -> Vec<Game> {
    let player = Weights { strict_supply: false, ..Weights::default() };
    let bot = Bot::with_weights(GAME_BUDGET, player).without_clock().with_threads(1);
    let mut game = Game::new(seed, Rules::default());
    let mut found = Vec::new();
    for threshold in [52, 58] {
        while !game.is_over() && game.board().occupied_cells().count_ones() < threshold {
            play_at(&bot, &mut game, 1_000);
        }
        if game.is_over() {
            break;
        }
        found.push(game.clone());
    }
    found
}

/// The crowded mode (see the crate docs above): `[first, last, units, horizon]`.
fn crowded(args: &[u64], weights: Weights) {
    let [first, last, units, horizon] = args[..] else {
        panic!("usage: tune crowded FIRST LAST UNITS HORIZON")
    };
    let bot = Bot::with_weights(GAME_BUDGET, weights).without_clock().with_threads(1);
    let (mut survived, mut deaths) = (Vec::new(), 0);
    for seed in first..=last {
        for mut game in crowded_positions(seed) {
            let (start, score, numbers) =
                (game.moves(), game.score(), game.board().occupied_cells().count_ones());
            while !game.is_over() && game.moves() - start < horizon {
                play_at(&bot, &mut game, units);
            }
            let moves = game.moves() - start;
            println!(
                "position {seed}/{start} numbers {numbers} moves {moves} points {} full {}",
                game.score() - score,
                game.is_over()
            );
            survived.push(moves as f64);
            deaths += usize::from(game.is_over());
        }
    }
    let (mean, error) = mean_and_error(&survived);
    println!(
        "positions {} full {deaths} ({:.1}%) moves survived {mean:.2} +- {error:.2} of {horizon}",
        survived.len(),
        100.0 * deaths as f64 / survived.len() as f64
    );
}

/// The costs mode: `[first, last, units, threads]`. Plays the seeds at `units` a move sampling on
/// `threads` threads and prints the wall-clock time a work unit took, over all moves and by the
/// numbers on the board (the schedule counts units, so these should be about equal; run it on an
/// otherwise idle machine).
fn costs(args: &[u64]) {
    let [first, last, units, threads] = args[..] else {
        panic!("usage: tune costs FIRST LAST UNITS THREADS")
    };
    let bot =
        Bot::with_weights(GAME_BUDGET, weights_from_env()).without_clock().with_threads(threads as usize);
    const BANDS: [u32; 7] = [0, 40, 45, 50, 55, 60, 65];
    let (mut nanos, mut spent, mut count) = ([0u128; 7], [0u64; 7], [0u64; 7]);
    for seed in first..=last {
        let mut game = Game::new(seed, Rules::default());
        while !game.is_over() {
            let turn = game.turn();
            let numbers = turn.board.occupied_cells().count_ones();
            let band = BANDS.iter().rposition(|&from| numbers >= from).expect("band");
            let cost = bot.sample_cost(&turn.board);
            let effort = effort_of_units(units, cost);
            let start = std::time::Instant::now();
            let mv = bot.choose_with(&turn.board, turn.next_three, effort);
            nanos[band] += start.elapsed().as_nanos();
            spent[band] += effort.units(cost);
            count[band] += 1;
            game.play(mv).expect("the bot plays legal moves");
        }
    }
    let total: u128 = nanos.iter().sum();
    let units_total: u64 = spent.iter().sum();
    println!("all moves units {units_total} ns/unit {:.0}", total as f64 / units_total as f64);
    for (band, from) in BANDS.iter().enumerate() {
        if spent[band] > 0 {
            println!(
                "numbers {from}+ moves {} units {} ns/unit {:.0}",
                count[band],
                spent[band],
                nanos[band] as f64 / spent[band] as f64
            );
        }
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("costs") {
        let args: Vec<u64> = std::env::args()
            .skip(2)
            .map(|a| a.parse().expect("usage: tune costs FIRST LAST UNITS THREADS"))
            .collect();
        return costs(&args);
    }
    if std::env::args().nth(1).as_deref() == Some("crowded") {
        let args: Vec<u64> = std::env::args()
            .skip(2)
            .map(|a| a.parse().expect("usage: tune crowded FIRST LAST UNITS HORIZON"))
            .collect();
        return crowded(&args, weights_from_env());
    }
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: tune FIRST LAST UNITS MAX_MOVES JOBS"))
        .collect();
    let [first, last, units, max_moves, jobs] = args[..] else {
        panic!("usage: tune FIRST LAST UNITS MAX_MOVES JOBS")
    };
    let weights = weights_from_env();
    let band = Band::from_env();
    let seeds: Vec<u64> = (first..=last).collect();
    let results = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                while let Some(&seed) = seeds.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let mut game = Game::new(seed, Rules::default());
                    let mut bot = Bot::with_weights(GAME_BUDGET, weights).without_clock().with_threads(1);
                    let cpu = thread_cpu();
                    while !game.is_over() && game.moves() < max_moves {
                        if units == 0 {
                            let turn = game.turn();
                            game.play(bot.choose(&turn.board, turn.next_three))
                                .expect("the bot plays legal moves");
                        } else {
                            let units = band_units(band, game.board(), units);
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
                }
            });
        }
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
