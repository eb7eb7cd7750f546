//! `linez-tune`: in-process Linez games for what `linez-sim` cannot play (other evaluation weights,
//! rollout settings and bands of units, the schedule without its clock, the death phase alone, the
//! schedule's calibration), timed in CPU seconds (a busy machine does not inflate them) and with the
//! wall-clock safety net off, so that results depend on the seeds alone. Usage: `linez-tune --help`.
//!
//! A module a mode: `games`, `crowded`, `costs`, `paired`, `label`, `recall`, `rank`
//! (with `logistic`), `survival`; the command line and what they share here.

mod costs;
mod crowded;
mod games;
mod label;
mod logistic;
mod paired;
mod rank;
mod recall;
mod survival;

use linez::{effort_of_units, Board, Bot, Game, Rollout, Weights, GAME_BUDGET};
use match_kit::cli::{Opt, Parsed, Spec};
use match_kit::stats::Summary;

const SPEC: Spec = Spec {
    usage: &[
        "linez-tune [OPTIONS] FIRST LAST UNITS MAX_MOVES JOBS",
        "linez-tune [OPTIONS] crowded FIRST LAST UNITS HORIZON",
        "linez-tune [OPTIONS] costs FIRST LAST UNITS THREADS",
        "linez-tune paired A B FIELD",
        "linez-tune [OPTIONS] label FIRST LAST",
        "linez-tune recall [--agree] FILE...",
        "linez-tune rank [--folds N] [--lambda L] [--gap] [--per-band] FILE...",
        "linez-tune [OPTIONS] survival FIRST LAST UNITS JOBS",
    ],
    about: "In-process Linez games for tuning the bot, one thread a game (the moves do not depend on \
the threads), timed in CPU seconds, the wall-clock safety net off: results depend on the seeds alone.

Games: what `linez-sim --bot linez --move-units UNITS` cannot play: plays seeds FIRST..=LAST \
(default rules) on JOBS threads with --weights, --rollout or --band at UNITS > 0 work units a move, \
or with UNITS = 0 the bot's own schedule for the protocol's game budget without the clock, timed \
in CPU seconds. (The default bot at fixed UNITS is `linez-sim --bot linez --move-units UNITS \
--max-moves MAX_MOVES --seeds FIRST-LAST -j JOBS`, and this mode says so.) A game stops after \
MAX_MOVES moves (counted as alive). Prints one line per game, then the mean score and moves with \
two standard errors and the CPU time per game and per move.

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

paired: compares two outputs of this tool line by line: for every game (`seed S`) or position \
(`position S/M`) both files A and B hold, the difference B - A of FIELD (`score`, `moves`, ...; \
paired by common random numbers), and prints their count, both means and the mean difference with \
two standard errors. (Two bots linez-sim can play are paired by `linez-sim --compare`; this pairs \
what it cannot: games with other weights and the positions of crowded.)

label: the teacher's labels. Plays seeds FIRST..=LAST (sharded by --shard) at --play-units a move and takes every --every'th position (open boards, crowded ones from --crowded-from numbers) with at least --min-numbers numbers, or with --stored the stored crowded positions of the seeds; each position with a quiet choice is searched at --units with the 1-ply ranking's top --candidates (successive halving). Prints a header (the command, the format), then one line a position: the position, the teacher's choice, each candidate's 1-ply rank, sampled mean and samples. One thread; the throughput on stderr.

recall: from label files, how often the teacher's choice is the 1-ply ranking's top 1, in its top 8, 16 and 24 (today's candidates are its top 8-16), by band of numbers on the board; with --agree, how often today's bot at its usual units of the band (480, 30,000, 60,000) chooses the same move.

rank: from label files, a pairwise logistic regression (L2, Newton) on cheap move features (the \
1-ply value and ln rank, the distance moved, the empty regions and the largest after, the \
evaluation's 25 terms after) of the teacher's choice against each other candidate (--gap: weighted \
by the gap of sampled means), held out by seed (fit k leaves out seeds with seed % --folds == k; \
--per-band: a fit a band); prints the held-out recall of the teacher's choice at 1, 8 and 16 by \
band for the 1-ply ranking and the re-ranking (among the label's candidates), then the weights of \
the fit on all positions.",
    options: &[
        Opt::value(
            "rollout",
            "PLIES,MOVES,FROM",
            "rollout plies, the quiet moves the rollout policy re-ranks, the numbers on the board \
from which samples roll out",
        )
        .default("4,4,40"),
        Opt::value("units", "N", "label: the teacher's work units a position").default("40000"),
        Opt::value("candidates", "N", "label: the 1-ply ranking's top moves the teacher values").default("32"),
        Opt::value("play-units", "N", "label: work units a move of the games played").default("1000"),
        Opt::value("every", "OPEN,CROWDED", "label: every how many moves a position is taken").default("10,2"),
        Opt::value("crowded-from", "N", "label: numbers from which --every's CROWDED applies").default("45"),
        Opt::value("min-numbers", "N", "label: positions with fewer numbers are not taken").default("0"),
        Opt::flag("stored", "label: the stored crowded positions of the seeds instead of games"),
        Opt::value("shard", "K/N", "label: the K-th of N contiguous parts of the seeds"),
        Opt::value("folds", "N", "rank: cross-validation folds by seed % N").default("5"),
        Opt::value("lambda", "L", "rank: the L2 penalty on standardized features").default("1"),
        Opt::flag("gap", "rank: pairs weighted by the gap of sampled means"),
        Opt::flag("per-band", "rank: a fit for each band of numbers"),
        Opt::flag("agree", "recall: also today's bot's choice at its usual units of the band (a search each)"),
        Opt::value(
            "weights",
            "NAME=VALUE,...",
            "evaluation weights by their `Weights` field names (`window` and `plan` take /-separated \
values), e.g. isolated=12,plan=0/300",
        ),
        Opt::value(
            "stop",
            "Z|off",
            "successive halving stops once the leader is Z standard errors clear of the runner-up \
(off: never; default: the bot's)",
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
pub(crate) const CROWDED_POSITIONS: &str = include_str!("../../../crowded-positions.txt");

/// What the command line asks for.
pub(crate) struct Config {
    mode: Mode,
    weights: Weights,
    rollout: Rollout,
    band: Option<Band>,
    /// `--stop`: the halving's early stop, where it is not the bot's own.
    stop: Option<Option<f64>>,
}

/// The mode and its numbers.
pub(crate) enum Mode {
    Games { first: u64, last: u64, units: u64, max_moves: u64, jobs: usize },
    Crowded { first: u64, last: u64, units: u64, horizon: u64 },
    Costs { first: u64, last: u64, units: u64, threads: usize },
    Paired { a: String, b: String, field: String },
    Label(label::LabelOptions),
    Recall { files: Vec<String>, agree: bool },
    Rank(rank::RankOptions),
    Survival { first: u64, last: u64, units: u64, jobs: usize },
}

/// A band of boards played at other units (`--band lo,hi,units`).
#[derive(Clone, Copy)]
pub(crate) struct Band {
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
    let stop = args.parsed("stop", |text| match text {
        "off" => Ok(None),
        z => z.parse::<f64>().map(Some).map_err(|_| format!("expected Z or off, found {z:?}")),
    })?;
    let words = &args.positional;
    if words.first().map(String::as_str) == Some("paired") {
        let [_, a, b, field] = &words[..] else {
            return Err("paired: expected two files and a field (see --help)".into());
        };
        let mode = Mode::Paired { a: a.clone(), b: b.clone(), field: field.clone() };
        return Ok(Some(Config { mode, weights, rollout, band, stop }));
    }
    if words.first().map(String::as_str) == Some("recall") {
        let mode = Mode::Recall { files: words[1..].to_vec(), agree: args.flag("agree") };
        return Ok(Some(Config { mode, weights, rollout, band, stop }));
    }
    if words.first().map(String::as_str) == Some("rank") {
        let options = rank::RankOptions {
            files: words[1..].to_vec(),
            folds: args.get("folds", "a count of folds")?,
            lambda: args.get("lambda", "a penalty")?,
            gap: args.flag("gap"),
            per_band: args.flag("per-band"),
        };
        return Ok(Some(Config { mode: Mode::Rank(options), weights, rollout, band, stop }));
    }
    if words.first().map(String::as_str) == Some("label") {
        let [_, first, last] = &words[..] else {
            return Err("label: expected FIRST LAST (see --help)".into());
        };
        let seed =
            |word: &String| word.parse().map_err(|_| format!("label: expected a seed, found {word:?}"));
        let every = args.get_with("every", |text| integers(text, 2))?;
        let options = label::LabelOptions {
            first: seed(first)?,
            last: seed(last)?,
            units: args.get("units", "a count of units")?,
            candidates: args.get_in("candidates", 2..=81 * 80, "a count of moves")?,
            play_units: args.get("play-units", "a count of units")?,
            every: (every[0].max(1), every[1].max(1)),
            crowded_from: args.get("crowded-from", "a count of numbers")?,
            min_numbers: args.get("min-numbers", "a count of numbers")?,
            stored: args.flag("stored"),
            shard: args.parsed("shard", match_kit::pool::Shard::parse)?,
        };
        return Ok(Some(Config { mode: Mode::Label(options), weights, rollout, band, stop }));
    }
    let (name, rest) = match words.first().map(String::as_str) {
        Some(name @ ("crowded" | "costs" | "survival")) => (name, &words[1..]),
        _ => ("games", &words[..]),
    };
    let numbers: Vec<u64> = rest
        .iter()
        .map(|word| word.parse().map_err(|_| format!("expected a number, found {word:?} (see --help)")))
        .collect::<Result<_, _>>()?;
    let mode = match (name, &numbers[..]) {
        ("crowded", &[first, last, units, horizon]) => Mode::Crowded { first, last, units, horizon },
        ("survival", &[first, last, units, jobs]) => {
            Mode::Survival { first, last, units, jobs: jobs as usize }
        }
        ("costs", &[first, last, units, threads]) => {
            Mode::Costs { first, last, units, threads: threads as usize }
        }
        ("games", &[first, last, units, max_moves, jobs]) => {
            if units > 0
                && weights == Weights::default()
                && rollout == Rollout::default()
                && band.is_none()
                && stop.is_none()
            {
                return Err(format!(
                    "games: the default bot at {units} units a move is `linez-sim --bot linez --move-units {units} \
--max-moves {max_moves} --seeds {first}-{last} -j {jobs}`; this mode plays what it cannot (--weights, \
--rollout, --band, --stop, or UNITS 0)"
                ));
            }
            Mode::Games { first, last, units, max_moves, jobs: jobs as usize }
        }
        _ => return Err(format!("{name}: wrong count of numbers {numbers:?} (see --help)")),
    };
    Ok(Some(Config { mode, weights, rollout, band, stop }))
}

/// CPU seconds of the calling thread (Linux: the time on a CPU of /proc/thread-self/schedstat, in
/// nanoseconds; 0 elsewhere). Unlike the wall clock, other processes on the machine hardly change it.
pub(crate) fn thread_cpu() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    text.split_whitespace().next().and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0) / 1e9
}

/// `mean ± 2 s.e.` of `values`.
pub(crate) fn mean_and_error(values: &[f64]) -> (f64, f64) {
    Summary::of(values).map_or((0.0, 0.0), |summary| (summary.mean, summary.two_se))
}

/// Runs `work(seed)` for every seed of `first..=last` on `jobs` threads (at least one), each
/// thread taking the next seed not yet taken.
pub(crate) fn for_each_seed(first: u64, last: u64, jobs: usize, work: impl Fn(u64) + Sync) {
    let seeds: Vec<u64> = (first..=last).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                while let Some(&seed) = seeds.get(next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)) {
                    work(seed);
                }
            });
        }
    });
}

/// The bot under test, one thread, without the clock.
pub(crate) fn tuned_bot(config: &Config, weights: Weights) -> Bot {
    let bot =
        Bot::with_weights(GAME_BUDGET, weights).with_rollout(config.rollout).without_clock().with_threads(1);
    match config.stop {
        Some(stop_z) => bot.with_stop_z(stop_z),
        None => bot,
    }
}

/// Plays the bot's move at a fixed `units` of work (the survival curve's unit of budget);
/// returns the units its search took (fewer where successive halving stopped early).
pub(crate) fn play_at(bot: &Bot, game: &mut Game, units: u64) -> u64 {
    let turn = game.turn();
    let cost = bot.sample_cost(&turn.board);
    let chosen = bot.search_with(&turn.board, turn.next_three, effort_of_units(units, cost));
    game.play(chosen.mv).expect("the bot plays legal moves");
    chosen.units(cost)
}

/// The units for a move on `board` when the game runs at `units` a move, `band` aside.
pub(crate) fn band_units(band: Option<Band>, board: &Board, units: u64) -> u64 {
    match band {
        Some(band) if (band.numbers.0..=band.numbers.1).contains(&board.occupied_cells().count_ones()) => {
            band.units
        }
        _ => units,
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
            games::games(&config, first, last, units, max_moves, jobs);
            Ok(())
        }
        Mode::Crowded { first, last, units, horizon } => {
            crowded::crowded(&config, first, last, units, horizon)
        }
        Mode::Costs { first, last, units, threads } => {
            costs::costs(&config, first, last, units, threads);
            Ok(())
        }
        Mode::Paired { ref a, ref b, ref field } => paired::paired(a, b, field),
        Mode::Label(ref options) => label::label(&config, options),
        Mode::Recall { ref files, agree } => recall::recall(&config, files, agree),
        Mode::Rank(ref options) => rank::rank(&config, options),
        Mode::Survival { first, last, units, jobs } => {
            survival::survival(&config, (first, last), units, jobs)
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
    fn options_name_weights_rollouts_and_modes() {
        let words = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
        let config = parse_args(&words("--weights isolated=12,plan=0/300 --rollout 3,4,30 costs 1 2 4000 2"))
            .unwrap()
            .unwrap();
        assert_eq!(config.weights.isolated, 12);
        assert_eq!(config.weights.plan[..3], [0, 300, 80]);
        assert_eq!(config.rollout, Rollout { plies: 3, policy_moves: 4, from: 30 });
        assert!(matches!(config.mode, Mode::Costs { first: 1, last: 2, units: 4000, threads: 2 }));
        let config = parse_args(&words("--weights point=70 1001 1008 2000 5000 2")).unwrap().unwrap();
        assert_eq!(config.rollout, Rollout::default());
        assert!(matches!(config.mode, Mode::Games { units: 2000, max_moves: 5000, jobs: 2, .. }));
        assert!(parse_args(&words("crowded 1 2 3")).is_err());
        assert!(parse_args(&words("--weights nothing=3 1 2 3 4 5")).is_err());
        assert!(parse_args(&words("--rollout 4,4 1 2 3 4 5")).is_err());
        assert!(parse_args(&words("cma 1001 1040 1000 30 15 1")).is_err(), "the CMA-ES tuner is gone");
        // The default bot at fixed units is linez-sim's: this mode refuses it.
        assert!(parse_args(&words("1001 1008 2000 5000 2"))
            .err()
            .unwrap()
            .contains("linez-sim --bot linez --move-units 2000"));
        assert!(parse_args(&words("--band 52,81,4000 1001 1008 2000 5000 2")).is_ok());
        // --stop: a z, or off; absent, the bot's own.
        let stop = |text: &str| parse_args(&words(text)).map(|config| config.unwrap().stop);
        assert_eq!(stop("--stop off crowded 1 2 3 4"), Ok(Some(None)));
        assert_eq!(stop("--stop 2.5 crowded 1 2 3 4"), Ok(Some(Some(2.5))));
        assert_eq!(stop("crowded 1 2 3 4"), Ok(None));
        assert!(stop("--stop never crowded 1 2 3 4").is_err());
        assert!(parse_args(&words("--stop 3 1001 1008 2000 5000 2")).is_ok(), "not the default bot");
        assert!(parse_args(&words("1001 1008 0 5000 2")).is_ok());
    }
}
