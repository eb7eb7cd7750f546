//! `linez-tune`: in-process Linez games for tuning the bot (`linez::Bot`), timed in CPU seconds (a
//! busy machine does not inflate them) and with the wall-clock safety net off, so that results
//! depend on the seeds alone. Usage: `linez-tune --help`.

use linez::{effort_of_units, Rollout, Weights, GAME_BUDGET};
use linez::{Board, Bot, Move};
use linez::{Game, Rules};
use linez_tools::cma::Cma;
use match_kit::cli::{Opt, Parsed, Spec};
use match_kit::stats::Summary;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const SPEC: Spec = Spec {
    usage: &[
        "linez-tune [OPTIONS] FIRST LAST UNITS MAX_MOVES JOBS",
        "linez-tune [OPTIONS] crowded FIRST LAST UNITS HORIZON",
        "linez-tune [OPTIONS] costs FIRST LAST UNITS THREADS",
        "linez-tune [OPTIONS] cma FIRST LAST UNITS HORIZON GENERATIONS JOBS",
        "linez-tune paired A B FIELD",
    ],
    about: "In-process Linez games for tuning the bot, one thread a game (the moves do not depend on \
the threads), timed in CPU seconds, the wall-clock safety net off: results depend on the seeds alone.

Games: plays seeds FIRST..=LAST (default rules) on JOBS threads. UNITS > 0: that many work units \
every move (a point of the survival curve); UNITS = 0: the bot's own schedule for the protocol's \
game budget. A game stops after MAX_MOVES moves (counted as alive). Prints one line per game, then \
the mean score and moves with two standard errors and the CPU time per game and per move.

crowded: the death phase alone, paired. For each seed FIRST..=LAST (1001-1200 are stored), the \
positions of crowded-positions.txt (in crates/linez-tools: the game as it stood when the board \
first held 52 and then 58 numbers); from each the bot plays at most HORIZON moves at UNITS a move, \
meeting the game's own later numbers and cells. Prints one line per position (moves survived, \
points, whether the board filled), then the deaths and the mean moves survived.

costs: the schedule's calibration. Plays the seeds at UNITS a move sampling on THREADS threads (1 \
or 2) and prints the wall-clock time a work unit took, over all moves and by the numbers on the \
board (UNITS_PER_SECOND and PARALLEL_PERCENT in the bot's schedule come from it, on an idle \
machine), and on one thread its CPU time (run two versions side by side, under the same load, to \
compare them).

cma: tunes the evaluation weights of TUNED (see the source: 12 of them, each searched as the log of \
its ratio to the starting weights, --weights or the defaults) by CMA-ES (`linez_tools::cma`) for \
GENERATIONS generations of --population candidates. A candidate's fitness is the death-phase screen \
of `crowded` on the positions of seeds FIRST..=LAST at UNITS a move for at most HORIZON moves, the \
same positions and numbers for every candidate (common random numbers; the bot is deterministic): \
the mean over positions of the moves survived, plus, for a position still alive at the horizon, \
its empty cells then (a survivor's health). Candidates are played on JOBS threads (the results do \
not depend on it); --seed fixes the draws. Prints the start's fitness, one line per candidate and \
per generation (best and mean fitness, the step size, the distribution's mean as --weights), and \
the last mean with its fitness: the recommendation.

paired: compares two outputs of this tool line by line: for every game (`seed S`) or position \
(`position S/M`) both files A and B hold, the difference B - A of FIELD (`score`, `moves`, ...; \
paired by common random numbers), and prints their count, both means and the mean difference with \
two standard errors.",
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
        Opt::value("seed", "N", "cma: the seed of the optimiser's draws").default("1"),
        Opt::value("sigma", "S", "cma: the initial step size, in log ratio of the weights").default("0.3"),
        Opt::value("population", "N", "cma: candidates a generation (0: CMA-ES's 4 + 3 ln n)").default("0"),
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
const CROWDED_POSITIONS: &str = include_str!("../../../crowded-positions.txt");

/// What the command line asks for.
struct Config {
    mode: Mode,
    weights: Weights,
    rollout: Rollout,
    band: Option<Band>,
    cma: CmaOptions,
}

/// The optimiser's settings (`cma` mode).
#[derive(Clone, Copy)]
struct CmaOptions {
    seed: u64,
    sigma: f64,
    population: usize,
}

enum Mode {
    Games { first: u64, last: u64, units: u64, max_moves: u64, jobs: usize },
    Crowded { first: u64, last: u64, units: u64, horizon: u64 },
    Costs { first: u64, last: u64, units: u64, threads: usize },
    Cma { first: u64, last: u64, units: u64, horizon: u64, generations: usize, jobs: usize },
    Paired { a: String, b: String, field: String },
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
    let cma = CmaOptions {
        seed: args.get("seed", "an integer")?,
        sigma: args.get("sigma", "a number")?,
        population: args.get("population", "an integer")?,
    };
    if cma.sigma.is_nan() || cma.sigma <= 0.0 || cma.population == 1 {
        return Err("--sigma must be positive and --population 0 or at least 2".into());
    }
    let words = &args.positional;
    if words.first().map(String::as_str) == Some("paired") {
        let [_, a, b, field] = &words[..] else {
            return Err("paired: expected two files and a field (see --help)".into());
        };
        let mode = Mode::Paired { a: a.clone(), b: b.clone(), field: field.clone() };
        return Ok(Some(Config { mode, weights, rollout, band, cma }));
    }
    let (name, rest) = match words.first().map(String::as_str) {
        Some(name @ ("crowded" | "costs" | "cma")) => (name, &words[1..]),
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
        ("cma", &[first, last, units, horizon, generations, jobs]) => {
            Mode::Cma { first, last, units, horizon, generations: generations as usize, jobs: jobs as usize }
        }
        ("games", &[first, last, units, max_moves, jobs]) => {
            Mode::Games { first, last, units, max_moves, jobs: jobs as usize }
        }
        _ => return Err(format!("{name}: wrong count of numbers {numbers:?} (see --help)")),
    };
    Ok(Some(Config { mode, weights, rollout, band, cma }))
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
fn tuned_bot(config: &Config, weights: Weights) -> Bot {
    Bot::with_weights(GAME_BUDGET, weights).with_rollout(config.rollout).without_clock().with_threads(1)
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
                    let mut bot = tuned_bot(config, config.weights);
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
    let bot = tuned_bot(config, config.weights);
    let (mut survived, mut deaths) = (Vec::new(), 0);
    for seed in first..=last {
        for mut game in crowded_positions(seed)? {
            let (start, score, numbers) =
                (game.moves(), game.score(), game.board().occupied_cells().count_ones());
            let moves = play_for(&bot, &mut game, units, horizon);
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

/// A tuned weight's field.
type WeightField = fn(&mut Weights) -> &mut i32;

/// The weights `cma` tunes: a name as `--weights` spells it, and the field.
const TUNED: [(&str, WeightField); 12] = [
    ("window1", |w| &mut w.window[1]),
    ("window2", |w| &mut w.window[2]),
    ("window3", |w| &mut w.window[3]),
    ("isolated", |w| &mut w.isolated),
    ("stranded", |w| &mut w.stranded),
    ("follow_up_line", |w| &mut w.follow_up_line),
    ("point", |w| &mut w.point),
    ("loss", |w| &mut w.loss),
    ("plan1", |w| &mut w.plan[1]),
    ("plan2", |w| &mut w.plan[2]),
    ("plan3", |w| &mut w.plan[3]),
    ("useful3", |w| &mut w.useful3),
];

/// The weights at `x` (per tuned weight, the log of its ratio to `start`'s; at least 1 each).
fn weights_at(start: &Weights, x: &[f64]) -> Weights {
    let mut weights = *start;
    for ((_, field), &x) in TUNED.iter().zip(x) {
        let value = field(&mut weights);
        *value = ((f64::from(*value) * x.exp()).round() as i32).max(1);
    }
    weights
}

/// `weights` as a `--weights` argument (every field `parse_weights` knows).
fn weights_arg(w: &Weights) -> String {
    let join = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join("/");
    format!(
        "window={},plan={},isolated={},stranded={},follow_up_line={},point={},loss={},plan_ways={},\
blocked_percent={},useful2={},useful3={},dirty_plans={}",
        join(&w.window),
        join(&w.plan),
        w.isolated,
        w.stranded,
        w.follow_up_line,
        w.point,
        w.loss,
        w.plan_ways,
        w.blocked_percent,
        w.useful2,
        w.useful3,
        w.dirty_plans
    )
}

/// Plays `game` on at `units` a move until it is over or `horizon` moves were played; returns
/// the moves played.
fn play_for(bot: &Bot, game: &mut Game, units: u64, horizon: u64) -> u64 {
    let start = game.moves();
    while !game.is_over() && game.moves() - start < horizon {
        play_at(bot, game, units);
    }
    game.moves() - start
}

/// The death-phase screen of one bot: from each position at most `horizon` moves at `units` a
/// move; per position the moves survived, plus the empty cells at the horizon if still alive.
fn screen(bot: &Bot, positions: &[Game], units: u64, horizon: u64) -> Vec<(u64, bool, f64)> {
    positions
        .iter()
        .map(|start| {
            let mut game = start.clone();
            let moves = play_for(bot, &mut game, units, horizon);
            let health = if game.is_over() { 0 } else { game.board().empty_cells().count_ones() };
            (moves, game.is_over(), (moves + u64::from(health)) as f64)
        })
        .collect()
}

/// The fitness of a screen (higher is better): the mean of its per-position values.
fn fitness(results: &[(u64, bool, f64)]) -> f64 {
    results.iter().map(|r| r.2).sum::<f64>() / results.len().max(1) as f64
}

/// The cma mode.
fn cma(
    config: &Config,
    first: u64,
    last: u64,
    units: u64,
    horizon: u64,
    generations: usize,
    jobs: usize,
) -> Result<(), String> {
    let mut positions = Vec::new();
    for seed in first..=last {
        positions.extend(crowded_positions(seed)?);
    }
    let start = config.weights;
    let evaluate = |points: &[Vec<f64>]| -> Vec<(f64, usize, f64)> {
        // (fitness, deaths, CPU seconds) of each point, on `jobs` threads.
        let mut results = vec![(0.0, 0, 0.0); points.len()];
        let work = |_: &mut (), index: usize| {
            let cpu = thread_cpu();
            let bot = tuned_bot(config, weights_at(&start, &points[index]));
            let screened = screen(&bot, &positions, units, horizon);
            let deaths = screened.iter().filter(|r| r.1).count();
            (fitness(&screened), deaths, thread_cpu() - cpu)
        };
        match_kit::pool::run(
            jobs,
            points.len(),
            || (),
            work,
            |index, result| {
                results[index] = result;
                Ok(())
            },
        )
        .expect("the results are only stored");
        results
    };
    let n = TUNED.len();
    let names: Vec<&str> = TUNED.iter().map(|t| t.0).collect();
    println!(
        "# cma: {} positions (seeds {first}-{last}), {units} units a move, horizon {horizon}, tuned {}",
        positions.len(),
        names.join(" ")
    );
    let origin = evaluate(&[vec![0.0; n]])[0];
    println!(
        "start fitness {:.3} deaths {} cpu {:.1}s weights {}",
        origin.0,
        origin.1,
        origin.2,
        weights_arg(&start)
    );
    let population = (config.cma.population > 0).then_some(config.cma.population);
    let mut optimiser = Cma::new(vec![0.0; n], config.cma.sigma, population, config.cma.seed);
    let mut best = (origin.0, vec![0.0; n]);
    for generation in 1..=generations {
        let points = optimiser.ask();
        let values = evaluate(&points);
        for (point, value) in points.iter().zip(&values) {
            println!(
                "candidate {generation} fitness {:.3} deaths {} cpu {:.1}s weights {}",
                value.0,
                value.1,
                value.2,
                weights_arg(&weights_at(&start, point))
            );
            if value.0 > best.0 {
                best = (value.0, point.clone());
            }
        }
        let fitnesses: Vec<f64> = values.iter().map(|v| v.0).collect();
        optimiser.tell(&points, &fitnesses.iter().map(|f| -f).collect::<Vec<_>>());
        let top = fitnesses.iter().copied().fold(f64::MIN, f64::max);
        let mean = fitnesses.iter().sum::<f64>() / fitnesses.len() as f64;
        println!(
            "generation {generation} best {top:.3} mean {mean:.3} sigma {:.4} mean-weights {}",
            optimiser.sigma(),
            weights_arg(&weights_at(&start, optimiser.mean()))
        );
    }
    let last_mean = optimiser.mean().to_vec();
    let result = evaluate(std::slice::from_ref(&last_mean))[0];
    println!(
        "final mean fitness {:.3} deaths {} (start {:.3}) weights {}",
        result.0,
        result.1,
        origin.0,
        weights_arg(&weights_at(&start, &last_mean))
    );
    println!("best candidate fitness {:.3} weights {}", best.0, weights_arg(&weights_at(&start, &best.1)));
    Ok(())
}

/// The costs mode: the wall-clock time a work unit took, over all moves and by the numbers on the
/// board (the schedule counts units, so these should be about equal), and on one thread the CPU
/// time (what a busy machine hardly changes: compare two versions by it, side by side).
fn costs(config: &Config, first: u64, last: u64, units: u64, threads: usize) {
    let bot = tuned_bot(config, config.weights).with_threads(threads);
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

/// The `FIELD` value of each `seed S ...` or `position S/M ...` line of `text`, keyed by `S` or
/// `S/M` (the last occurrence of the field on a line).
fn field_values(text: &str, field: &str) -> Vec<(String, f64)> {
    text.lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() < 2 || !matches!(words[0], "seed" | "position") {
                return None;
            }
            let value = words.windows(2).rfind(|w| w[0] == field)?[1].parse().ok()?;
            Some((words[1].to_string(), value))
        })
        .collect()
}

/// The paired mode: B - A of `field` over the games or positions both outputs hold.
fn paired(a: &str, b: &str, field: &str) -> Result<(), String> {
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let first: std::collections::HashMap<String, f64> = field_values(&read(a)?, field).into_iter().collect();
    let pairs: Vec<(f64, f64)> = field_values(&read(b)?, field)
        .into_iter()
        .filter_map(|(key, value)| first.get(&key).map(|&before| (before, value)))
        .collect();
    let mean = |values: Vec<f64>| Summary::of(&values);
    let (Some(sa), Some(sb), Some(d)) = (
        mean(pairs.iter().map(|p| p.0).collect()),
        mean(pairs.iter().map(|p| p.1).collect()),
        mean(pairs.iter().map(|p| p.1 - p.0).collect()),
    ) else {
        return Err(format!("no {field:?} in lines both {a} and {b} hold"));
    };
    println!(
        "pairs {}  A {:.2}  B {:.2}  B-A {:+.2} +- {:.2} (2 s.e.)",
        d.count, sa.mean, sb.mean, d.mean, d.two_se
    );
    Ok(())
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
        Mode::Cma { first, last, units, horizon, generations, jobs } => {
            cma(&config, first, last, units, horizon, generations, jobs)
        }
        Mode::Paired { ref a, ref b, ref field } => paired(a, b, field),
    };
    if let Err(message) = result {
        io::fail(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_values_pair_games_and_positions_by_their_keys() {
        let text = "# header\nseed 3 score 120 moves 40\nposition 1001/1 moves 7 points 30 moves 9\nmean 5\n";
        assert_eq!(field_values(text, "moves"), vec![("3".to_string(), 40.0), ("1001/1".to_string(), 9.0)]);
        assert_eq!(field_values(text, "score"), vec![("3".to_string(), 120.0)]);
    }

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
        let config = parse_args(&words("--seed 3 --sigma 0.5 cma 1001 1040 1000 30 15 1")).unwrap().unwrap();
        assert!(matches!(config.mode, Mode::Cma { first: 1001, horizon: 30, generations: 15, jobs: 1, .. }));
        assert_eq!((config.cma.seed, config.cma.sigma, config.cma.population), (3, 0.5, 0));
    }

    #[test]
    fn weights_scaled_together_play_the_same_moves() {
        // The evaluation and the rollout values are sums of weighted counts: every weight but
        // the percentage and the switch times 4 gives the same moves (what fixes `window[4]` in
        // `cma` and would allow finer integer steps).
        let mut scaled = Weights::default();
        for w in scaled.window.iter_mut().chain(scaled.plan.iter_mut()) {
            *w *= 4;
        }
        for w in [
            &mut scaled.isolated,
            &mut scaled.stranded,
            &mut scaled.follow_up_line,
            &mut scaled.point,
            &mut scaled.loss,
            &mut scaled.plan_ways,
            &mut scaled.useful2,
            &mut scaled.useful3,
        ] {
            *w *= 4;
        }
        let bot = |weights| Bot::with_weights(GAME_BUDGET, weights).without_clock().with_threads(1);
        let (plain, times4) = (bot(Weights::default()), bot(scaled));
        for start in (1001..=1003).flat_map(|seed| crowded_positions(seed).expect("stored")) {
            let (mut a, mut b) = (start.clone(), start);
            for _ in 0..12 {
                if a.is_over() {
                    break;
                }
                play_at(&plain, &mut a, 300);
                play_at(&times4, &mut b, 300);
                assert_eq!(a.board(), b.board());
            }
        }
    }

    #[test]
    fn cma_weights_start_at_the_defaults_and_print_as_an_argument() {
        let start = Weights::default();
        assert_eq!(weights_at(&start, &[0.0; 12]), start);
        assert_eq!(parse_weights(&weights_arg(&start)).unwrap(), start);
        let mut x = [0.0; 12];
        x[0] = 2f64.ln(); // window1 doubled
        x[7] = -100.0; // loss at its floor
        let moved = weights_at(&start, &x);
        assert_eq!((moved.window[1], moved.loss, moved.window[2]), (6, 1, start.window[2]));
        assert_eq!(parse_weights(&weights_arg(&moved)).unwrap(), moved);
    }
}
