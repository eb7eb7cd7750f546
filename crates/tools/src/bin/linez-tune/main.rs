//! `linez-tune`: in-process Linez games for tuning the bot (`linez::Bot`), timed in CPU seconds (a
//! busy machine does not inflate them) and with the wall-clock safety net off, so that results
//! depend on the seeds alone. Usage: `linez-tune --help`.

use linez::bot::{effort_of_units, Rollout, Weights, GAME_BUDGET};
use linez::game::{Game, Rules};
use linez::{Board, Bot, Move};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use tools::cli::{Opt, Parsed, Spec};
use tools::stats::Summary;

const SPEC: Spec = Spec {
    usage: &[
        "linez-tune [OPTIONS] FIRST LAST UNITS MAX_MOVES JOBS",
        "linez-tune [OPTIONS] crowded FIRST LAST UNITS HORIZON",
        "linez-tune [OPTIONS] costs FIRST LAST UNITS THREADS",
    ],
    about: "In-process Linez games for tuning the bot, one thread a game (the moves do not depend on \
the threads), timed in CPU seconds, the wall-clock safety net off: results depend on the seeds alone.

Games: plays seeds FIRST..=LAST (default rules) on JOBS threads. UNITS > 0: that many work units \
every move (a point of the survival curve); UNITS = 0: the bot's own schedule for the protocol's \
game budget. A game stops after MAX_MOVES moves (counted as alive). Prints one line per game, then \
the mean score and moves with two standard errors and the CPU time per game and per move.

crowded: the death phase alone, paired. For each seed FIRST..=LAST (1001-1200 are stored), the \
positions of crowded-positions.txt (in crates/tools/linez: the game as it stood when the board \
first held 52 and then 58 numbers); from each the bot plays at most HORIZON moves at UNITS a move, \
meeting the game's own later numbers and cells. Prints one line per position (moves survived, \
points, whether the board filled), then the deaths and the mean moves survived.

costs: the schedule's calibration. Plays the seeds at UNITS a move sampling on THREADS threads (1 \
or 2) and prints the wall-clock time a work unit took, over all moves and by the numbers on the \
board (UNITS_PER_SECOND and PARALLEL_PERCENT in the bot's schedule come from it, on an idle \
machine), and on one thread its CPU time (run two versions side by side, under the same load, to \
compare them).",
    options: &[
        Opt::value(
            "rollout",
            "PLIES,MOVES,FROM",
            "rollout plies, the quiet moves the rollout policy re-ranks, the numbers on the board \
from which samples roll out",
        )
        .default("4,4,40"),
        Opt::value(
            "weights",
            "NAME=VALUE,...",
            "evaluation weights by their `Weights` field names (`window` and `plan` take /-separated \
values), e.g. isolated=12,plan=0/300",
        ),
        Opt::value(
            "band",
            "LO,HI,UNITS",
            "fixed-units games: moves on boards with LO..=HI numbers get UNITS instead (which part \
of a game the budget pays in)",
        ),
    ],
    trailing: false,
    notes: "",
};

/// The death-phase positions of `crowded` (see the file's header).
const CROWDED_POSITIONS: &str = include_str!("../../../linez/crowded-positions.txt");

/// What the command line asks for.
struct Config {
    mode: Mode,
    weights: Weights,
    rollout: Rollout,
    band: Option<Band>,
}

enum Mode {
    Games { first: u64, last: u64, units: u64, max_moves: u64, jobs: usize },
    Crowded { first: u64, last: u64, units: u64, horizon: u64 },
    Costs { first: u64, last: u64, units: u64, threads: usize },
}

/// A band of boards played at other units (`--band lo,hi,units`).
#[derive(Clone, Copy)]
struct Band {
    numbers: (u32, u32),
    units: u64,
}

/// Comma-separated integers, exactly `count` of them.
fn integers(text: &str, count: usize) -> Result<Vec<u64>, String> {
    let values: Result<Vec<u64>, _> = text.split(',').map(|x| x.trim().parse::<u64>()).collect();
    match values {
        Ok(values) if values.len() == count => Ok(values),
        _ => Err(format!("expected {count} comma-separated integers, found {text:?}")),
    }
}

/// `name=value,...` over the defaults (`window` and `plan` take `/`-separated values).
fn parse_weights(text: &str) -> Result<Weights, String> {
    let mut weights = Weights::default();
    for item in text.split(',') {
        let (name, value) =
            item.split_once('=').ok_or_else(|| format!("expected name=value, found {item:?}"))?;
        let v: Vec<i32> = value
            .split('/')
            .map(|x| x.parse().map_err(|_| format!("{name}: expected integers, found {value:?}")))
            .collect::<Result<_, _>>()?;
        let one = |v: &[i32]| match v {
            [x] => Ok(*x),
            _ => Err(format!("{name}: expected one integer, found {value:?}")),
        };
        match name {
            "window" | "plan" if v.len() > 6 => return Err(format!("{name}: at most 6 values")),
            "window" => weights.window[..v.len()].copy_from_slice(&v),
            "plan" => weights.plan[..v.len()].copy_from_slice(&v),
            "isolated" => weights.isolated = one(&v)?,
            "stranded" => weights.stranded = one(&v)?,
            "follow_up_line" => weights.follow_up_line = one(&v)?,
            "point" => weights.point = one(&v)?,
            "loss" => weights.loss = one(&v)?,
            "plan_ways" => weights.plan_ways = one(&v)?,
            "blocked_percent" => weights.blocked_percent = one(&v)?,
            "useful2" => weights.useful2 = one(&v)?,
            "useful3" => weights.useful3 = one(&v)?,
            "dirty_plans" => weights.dirty_plans = one(&v)?,
            _ => return Err(format!("unknown weight {name:?}")),
        }
    }
    Ok(weights)
}

fn parse_args(args: &[String]) -> Result<Option<Config>, String> {
    let args = match SPEC.parse(args)? {
        Parsed::Help => return Ok(None),
        Parsed::Args(args) => args,
    };
    let rollout = args.get_with("rollout", |text| {
        let v = integers(text, 3)?;
        Ok(Rollout { plies: v[0] as usize, policy_moves: v[1] as usize, from: v[2] as u32 })
    })?;
    let weights = args.parsed("weights", parse_weights)?.unwrap_or_default();
    let band = args.parsed("band", |text| {
        let v = integers(text, 3)?;
        Ok(Band { numbers: (v[0] as u32, v[1] as u32), units: v[2] })
    })?;
    let words = &args.positional;
    let (name, rest) = match words.first().map(String::as_str) {
        Some(name @ ("crowded" | "costs")) => (name, &words[1..]),
        _ => ("games", &words[..]),
    };
    let numbers: Vec<u64> = rest
        .iter()
        .map(|word| word.parse().map_err(|_| format!("expected a number, found {word:?} (see --help)")))
        .collect::<Result<_, _>>()?;
    let mode = match (name, &numbers[..]) {
        ("crowded", &[first, last, units, horizon]) => Mode::Crowded { first, last, units, horizon },
        ("costs", &[first, last, units, threads]) => {
            Mode::Costs { first, last, units, threads: threads as usize }
        }
        ("games", &[first, last, units, max_moves, jobs]) => {
            Mode::Games { first, last, units, max_moves, jobs: jobs as usize }
        }
        _ => return Err(format!("{name}: wrong count of numbers {numbers:?} (see --help)")),
    };
    Ok(Some(Config { mode, weights, rollout, band }))
}

/// CPU seconds of the calling thread (Linux: the time on a CPU of /proc/thread-self/schedstat, in
/// nanoseconds; 0 elsewhere). Unlike the wall clock, other processes on the machine hardly change it.
fn thread_cpu() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    text.split_whitespace().next().and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0) / 1e9
}

/// `mean ± 2 s.e.` of `values`.
fn mean_and_error(values: &[f64]) -> (f64, f64) {
    Summary::of(values).map_or((0.0, 0.0), |summary| (summary.mean, summary.two_se))
}

/// The bot under test, one thread, without the clock.
fn tuned_bot(config: &Config) -> Bot {
    Bot::with_weights(GAME_BUDGET, config.weights)
        .with_rollout(config.rollout)
        .without_clock()
        .with_threads(1)
}

/// Plays the bot's move at a fixed `units` of work (the survival curve's unit of budget).
fn play_at(bot: &Bot, game: &mut Game, units: u64) {
    let turn = game.turn();
    let effort = effort_of_units(units, bot.sample_cost(&turn.board));
    game.play(bot.choose_with(&turn.board, turn.next_three, effort)).expect("the bot plays legal moves");
}

/// The units for a move on `board` when the game runs at `units` a move, `band` aside.
fn band_units(band: Option<Band>, board: &Board, units: u64) -> u64 {
    match band {
        Some(band) if (band.numbers.0..=band.numbers.1).contains(&board.occupied_cells().count_ones()) => {
            band.units
        }
        _ => units,
    }
}

/// The games mode.
fn games(config: &Config, first: u64, last: u64, units: u64, max_moves: u64, jobs: usize) {
    let seeds: Vec<u64> = (first..=last).collect();
    let results = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                while let Some(&seed) = seeds.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let mut game = Game::new(seed, Rules::default());
                    let mut bot = tuned_bot(config);
                    let cpu = thread_cpu();
                    while !game.is_over() && game.moves() < max_moves {
                        if units == 0 {
                            let turn = game.turn();
                            game.play(bot.choose(&turn.board, turn.next_three))
                                .expect("the bot plays legal moves");
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

/// The stored positions of `seed` (see `crowded-positions.txt`): its game replayed to each mark.
fn crowded_positions(seed: u64) -> Result<Vec<Game>, String> {
    let line = CROWDED_POSITIONS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find(|line| line.split(' ').next() == Some(seed.to_string().as_str()))
        .ok_or_else(|| format!("crowded: no stored positions for seed {seed}"))?;
    let fields: Vec<&str> = line.split(' ').collect();
    let [_, marks, moves] = fields[..] else { return Err(format!("crowded: bad line for seed {seed}")) };
    let marks: Vec<u64> = marks.split(',').map(|m| m.parse().expect("a stored mark")).collect();
    let cells: Vec<usize> = moves.bytes().map(|b| usize::from(b - 40)).collect();
    let mut game = Game::new(seed, Rules::default());
    let mut found = Vec::new();
    for pair in cells.chunks(2) {
        if marks.contains(&game.moves()) {
            found.push(game.clone());
        }
        game.play(Move { from: pair[0], to: pair[1] }).map_err(|e| format!("crowded: seed {seed}: {e}"))?;
    }
    found.push(game);
    Ok(found)
}

/// The crowded mode.
fn crowded(config: &Config, first: u64, last: u64, units: u64, horizon: u64) -> Result<(), String> {
    let bot = tuned_bot(config);
    let (mut survived, mut deaths) = (Vec::new(), 0);
    for seed in first..=last {
        for mut game in crowded_positions(seed)? {
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
    Ok(())
}

/// The costs mode: the wall-clock time a work unit took, over all moves and by the numbers on the
/// board (the schedule counts units, so these should be about equal), and on one thread the CPU
/// time (what a busy machine hardly changes: compare two versions by it, side by side).
fn costs(config: &Config, first: u64, last: u64, units: u64, threads: usize) {
    let bot = tuned_bot(config).with_threads(threads);
    const BANDS: [u32; 7] = [0, 40, 45, 50, 55, 60, 65];
    let (mut nanos, mut cpu, mut spent, mut count) = ([0u128; 7], [0f64; 7], [0u64; 7], [0u64; 7]);
    for seed in first..=last {
        let mut game = Game::new(seed, Rules::default());
        while !game.is_over() {
            let turn = game.turn();
            let numbers = turn.board.occupied_cells().count_ones();
            let band = BANDS.iter().rposition(|&from| numbers >= from).expect("band");
            let cost = bot.sample_cost(&turn.board);
            let effort = effort_of_units(units, cost);
            let (start, cpu_start) = (std::time::Instant::now(), thread_cpu());
            let mv = bot.choose_with(&turn.board, turn.next_three, effort);
            nanos[band] += start.elapsed().as_nanos();
            cpu[band] += thread_cpu() - cpu_start;
            spent[band] += effort.units(cost);
            count[band] += 1;
            game.play(mv).expect("the bot plays legal moves");
        }
    }
    // The CPU time is the calling thread's: the whole move's on one thread only.
    let cpu_per_unit = |seconds: f64, units: u64| {
        if threads == 1 {
            format!(" cpu-ns/unit {:.0}", seconds * 1e9 / units as f64)
        } else {
            String::new()
        }
    };
    let total: u128 = nanos.iter().sum();
    let units_total: u64 = spent.iter().sum();
    println!(
        "all moves units {units_total} ns/unit {:.0}{}",
        total as f64 / units_total as f64,
        cpu_per_unit(cpu.iter().sum(), units_total)
    );
    for (band, from) in BANDS.iter().enumerate() {
        if spent[band] > 0 {
            println!(
                "numbers {from}+ moves {} units {} ns/unit {:.0}{}",
                count[band],
                spent[band],
                nanos[band] as f64 / spent[band] as f64,
                cpu_per_unit(cpu[band], spent[band])
            );
        }
    }
}

fn main() {
    io::install_panic_hook();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse_args(&args) {
        Ok(Some(config)) => config,
        Ok(None) => return print!("{}", SPEC.help()),
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(2);
        }
    };
    let result = match config.mode {
        Mode::Games { first, last, units, max_moves, jobs } => {
            games(&config, first, last, units, max_moves, jobs);
            Ok(())
        }
        Mode::Crowded { first, last, units, horizon } => crowded(&config, first, last, units, horizon),
        Mode::Costs { first, last, units, threads } => {
            costs(&config, first, last, units, threads);
            Ok(())
        }
    };
    if let Err(message) = result {
        io::fail(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_positions_are_where_the_board_first_holds_52_and_then_58_numbers() {
        let mut positions = 0;
        for seed in 1001..=1200 {
            let found = crowded_positions(seed).expect("stored");
            assert_eq!(found.len(), 2, "seed {seed}");
            // Replayed move by move, the board first reaches each threshold at the stored position.
            let mut game = Game::new(seed, Rules::default());
            for (position, threshold) in found.iter().zip([52, 58]) {
                while game.board().occupied_cells().count_ones() < threshold {
                    assert!(game.moves() < position.moves(), "seed {seed}: {threshold} reached late");
                    let line =
                        CROWDED_POSITIONS.lines().find(|l| l.starts_with(&format!("{seed} "))).unwrap();
                    let bytes = line.rsplit(' ').next().unwrap().as_bytes();
                    let at = 2 * game.moves() as usize;
                    game.play(Move {
                        from: usize::from(bytes[at] - 40),
                        to: usize::from(bytes[at + 1] - 40),
                    })
                    .unwrap();
                }
                assert_eq!(game.moves(), position.moves(), "seed {seed}");
                assert_eq!(game.board(), position.board(), "seed {seed}");
                assert!(!position.is_over());
                positions += 1;
            }
        }
        assert_eq!(positions, 400);
        assert!(crowded_positions(1201).is_err());
    }

    #[test]
    fn options_name_weights_rollouts_and_modes() {
        let words = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
        let config = parse_args(&words("--weights isolated=12,plan=0/300 --rollout 3,4,30 costs 1 2 4000 2"))
            .unwrap()
            .unwrap();
        assert_eq!(config.weights.isolated, 12);
        assert_eq!(config.weights.plan[..3], [0, 300, 80]);
        assert_eq!(config.rollout, Rollout { plies: 3, policy_moves: 4, from: 30 });
        assert!(matches!(config.mode, Mode::Costs { first: 1, last: 2, units: 4000, threads: 2 }));
        let config = parse_args(&words("1001 1008 2000 5000 2")).unwrap().unwrap();
        assert_eq!(config.rollout, Rollout::default());
        assert!(matches!(config.mode, Mode::Games { units: 2000, max_moves: 5000, jobs: 2, .. }));
        assert!(parse_args(&words("crowded 1 2 3")).is_err());
        assert!(parse_args(&words("--weights nothing=3 1 2 3 4 5")).is_err());
        assert!(parse_args(&words("--rollout 4,4 1 2 3 4 5")).is_err());
    }
}
