//! `linez-tune`: in-process Linez games for what `linez-sim` cannot play (other evaluation weights,
//! rollout settings and bands of units, the schedule without its clock, the death phase alone, the
//! schedule's calibration), timed in CPU seconds (a busy machine does not inflate them) and with the
//! wall-clock safety net off, so that results depend on the seeds alone. Usage: `linez-tune --help`.
//!
//! A module a mode: `games`, `crowded`, `costs`, `paired`; the command line (clap) and what they
//! share here.

mod costs;
mod crowded;
mod games;
mod paired;

use clap::builder::RangedU64ValueParser;
use clap::{Args, CommandFactory, Parser, Subcommand};
use linez::{effort_of_units, Board, Bot, Game, Rollout, Weights, GAME_BUDGET};
use match_kit::stats::Summary;
use std::path::PathBuf;

/// In-process Linez games for tuning the bot
///
/// One thread a game (the moves do not depend on the threads), timed in CPU seconds, the
/// wall-clock safety net off: results depend on the seeds alone.
///
/// Without a command: games, what `linez-sim --bot linez --move-units UNITS` cannot play. Plays
/// seeds FIRST..=LAST (default rules) on JOBS threads with --weights, --rollout, --band or --stop at
/// UNITS > 0 work units a move, or with UNITS = 0 the bot's own schedule for the protocol's game
/// budget without the clock. (The default bot at fixed UNITS is `linez-sim --bot linez
/// --move-units UNITS --max-moves MAX_MOVES --seeds FIRST-LAST -j JOBS`, and this mode says so.) A
/// game stops after MAX_MOVES moves (counted as alive). Prints one line per game, then the mean
/// score and moves with two standard errors and the CPU time per game and per move.
#[derive(Parser)]
#[command(name = "linez-tune", subcommand_negates_reqs = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Mode>,
    #[command(flatten)]
    tuning: Tuning,
    /// games: the first seed
    #[arg(value_name = "FIRST", required = true)]
    first: Option<u64>,
    /// games: the last seed
    #[arg(value_name = "LAST", required = true)]
    last: Option<u64>,
    /// games: work units a move, or 0 for the bot's schedule without the clock
    #[arg(value_name = "UNITS", required = true)]
    units: Option<u64>,
    /// games: a game stops after this many moves
    #[arg(value_name = "MAX_MOVES", required = true)]
    max_moves: Option<u64>,
    /// games: threads, a game each
    #[arg(value_name = "JOBS", required = true, value_parser = RangedU64ValueParser::<usize>::new().range(1..=256))]
    jobs: Option<usize>,
}

/// The bot under test: other weights, rollouts, early stops, or a band of boards at other units.
#[derive(clap::Args, Clone, Default)]
pub(crate) struct Tuning {
    /// Evaluation weights by their `Weights` field names (`window` and `plan` take /-separated
    /// values), e.g. isolated=12,plan=0/300 [default: the bot's]
    #[arg(long, global = true, value_name = "NAME=VALUE,...", value_parser = parse_weights)]
    weights: Option<Weights>,
    /// Rollout plies, the quiet moves the rollout policy re-ranks, the numbers on the board from
    /// which samples roll out
    #[arg(long, global = true, value_name = "PLIES,MOVES,FROM", default_value = "4,4,40", value_parser = parse_rollout)]
    rollout: Rollout,
    /// Successive halving stops once the leader is Z standard errors clear of the runner-up (off:
    /// never) [default: the bot's]
    #[arg(long, global = true, value_name = "Z|off", value_parser = parse_stop)]
    stop: Option<Stop>,
    /// Fixed-units games: moves on boards with LO..=HI numbers get UNITS instead (which part of a
    /// game the budget pays in)
    #[arg(long, global = true, value_name = "LO,HI,UNITS", value_parser = parse_band)]
    band: Option<Band>,
}

/// The seeds a mode plays and the work units it gives a move.
#[derive(Args, Debug, PartialEq)]
struct SeedsAtUnits {
    /// The first seed
    #[arg(value_name = "FIRST")]
    first: u64,
    /// The last seed
    #[arg(value_name = "LAST")]
    last: u64,
    /// Work units a move
    #[arg(value_name = "UNITS")]
    units: u64,
}

#[derive(Subcommand)]
enum Mode {
    /// The death phase alone, paired
    ///
    /// For each seed FIRST..=LAST (1001-1200 are stored), the positions of crowded-positions.txt
    /// (in crates/linez-tools: the game as it stood when the board first held 52 and then 58
    /// numbers); from each the bot plays at most HORIZON moves at UNITS a move, meeting the game's
    /// own later numbers and cells. Prints one line per position (moves survived, points, whether
    /// the board filled), then the deaths and the mean moves survived.
    Crowded {
        #[command(flatten)]
        seeds: SeedsAtUnits,
        /// At most this many moves from each position
        #[arg(value_name = "HORIZON")]
        horizon: u64,
    },
    /// The schedule's calibration: the time a work unit takes
    ///
    /// Plays the seeds at UNITS a move sampling on THREADS threads (1 or 2) and prints the
    /// wall-clock time a work unit took, over all moves and by the numbers on the board
    /// (UNITS_PER_SECOND and PARALLEL_PERCENT in the bot's schedule come from it, on an idle
    /// machine), and on one thread its CPU time (run two versions side by side, under the same
    /// load, to compare them).
    Costs {
        #[command(flatten)]
        seeds: SeedsAtUnits,
        /// Threads that sample a move
        #[arg(value_name = "THREADS", value_parser = RangedU64ValueParser::<usize>::new().range(1..=2))]
        threads: usize,
    },
    /// The paired difference B - A of a field of two outputs of this tool
    ///
    /// For every game (`seed S`) or position (`position S/M`) both files A and B hold (plain or
    /// gzip), the difference B - A of FIELD (`score`, `moves`, ...; paired by common random
    /// numbers); prints their count, both means and the mean difference with two standard errors.
    /// (Two bots linez-sim can play are paired by `linez-sim --compare`; this pairs what it cannot:
    /// games with other weights and the positions of crowded.)
    Paired {
        #[arg(value_name = "A")]
        a: PathBuf,
        #[arg(value_name = "B")]
        b: PathBuf,
        /// The field compared: score, moves, points, ...
        #[arg(value_name = "FIELD")]
        field: String,
    },
}

/// The bot under test, as [`Tuning`] asks for it.
pub(crate) struct Config {
    weights: Weights,
    rollout: Rollout,
    band: Option<Band>,
    /// `--stop`: the halving's early stop, where it is not the bot's own.
    stop: Option<Option<f64>>,
}

impl Tuning {
    fn config(&self) -> Config {
        Config {
            weights: self.weights.unwrap_or_default(),
            rollout: self.rollout,
            band: self.band,
            stop: self.stop.map(|stop| stop.0),
        }
    }

    /// Whether anything differs from the default bot (the games mode's reason to exist).
    fn is_default(&self) -> bool {
        let config = self.config();
        config.weights == Weights::default()
            && config.rollout == Rollout::default()
            && config.band.is_none()
            && config.stop.is_none()
    }
}

/// `--stop`: the halving's early stop at a z, or never.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stop(Option<f64>);

/// The death-phase positions of `crowded` (see the file's header).
pub(crate) const CROWDED_POSITIONS: &str = include_str!("../../../crowded-positions.txt");

/// A band of boards played at other units (`--band lo,hi,units`).
#[derive(Clone, Copy, Debug)]
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

fn parse_rollout(text: &str) -> Result<Rollout, String> {
    let v = integers(text, 3)?;
    Ok(Rollout { plies: v[0] as usize, policy_moves: v[1] as usize, from: v[2] as u32 })
}

fn parse_band(text: &str) -> Result<Band, String> {
    let v = integers(text, 3)?;
    Ok(Band { numbers: (v[0] as u32, v[1] as u32), units: v[2] })
}

fn parse_stop(text: &str) -> Result<Stop, String> {
    match text {
        "off" => Ok(Stop(None)),
        z => z.parse::<f64>().map(|z| Stop(Some(z))).map_err(|_| format!("expected Z or off, found {z:?}")),
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
    let cli: Cli = match_kit::command_line::parse();
    let config = cli.tuning.config();
    let result = match cli.command {
        Some(Mode::Crowded { seeds: SeedsAtUnits { first, last, units }, horizon }) => {
            crowded::crowded(&config, first, last, units, horizon)
        }
        Some(Mode::Costs { seeds: SeedsAtUnits { first, last, units }, threads }) => {
            costs::costs(&config, first, last, units, threads);
            Ok(())
        }
        Some(Mode::Paired { a, b, field }) => paired::paired(&a, &b, &field),
        None => {
            let games = games_of(&cli).unwrap_or_else(|message| {
                Cli::command().error(clap::error::ErrorKind::ArgumentConflict, message).exit()
            });
            let (first, last, units, max_moves, jobs) = games;
            games::games(&config, first, last, units, max_moves, jobs);
            Ok(())
        }
    };
    if let Err(message) = result {
        io::fail(message);
    }
}

/// The games mode's numbers, or why this mode does not play them: the default bot at fixed units
/// is `linez-sim`'s.
fn games_of(cli: &Cli) -> Result<(u64, u64, u64, u64, usize), String> {
    let (Some(first), Some(last), Some(units), Some(max_moves), Some(jobs)) =
        (cli.first, cli.last, cli.units, cli.max_moves, cli.jobs)
    else {
        return Err("games: expected FIRST LAST UNITS MAX_MOVES JOBS".into());
    };
    if units > 0 && cli.tuning.is_default() {
        return Err(format!(
            "games: the default bot at {units} units a move is `linez-sim --bot linez --move-units {units} \
--max-moves {max_moves} --seeds {first}-{last} -j {jobs}`; this mode plays what it cannot (--weights, \
--rollout, --band, --stop, or UNITS 0)"
        ));
    }
    Ok((first, last, units, max_moves, jobs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_name_weights_rollouts_and_modes() {
        let parse =
            |text: &str| Cli::try_parse_from(std::iter::once("linez-tune").chain(text.split_whitespace()));
        let cli = parse("--weights isolated=12,plan=0/300 --rollout 3,4,30 costs 1 2 4000 2").unwrap();
        let config = cli.tuning.config();
        assert_eq!(config.weights.isolated, 12);
        assert_eq!(config.weights.plan[..3], [0, 300, 80]);
        assert_eq!(config.rollout, Rollout { plies: 3, policy_moves: 4, from: 30 });
        assert!(matches!(
            cli.command,
            Some(Mode::Costs { seeds: SeedsAtUnits { first: 1, last: 2, units: 4000 }, threads: 2 })
        ));
        // The options may follow the mode too.
        let cli = parse("costs 1 2 4000 1 --weights isolated=12").unwrap();
        assert_eq!(cli.tuning.config().weights.isolated, 12);
        let cli = parse("--weights point=70 1001 1008 2000 5000 2").unwrap();
        assert_eq!(cli.tuning.config().rollout, Rollout::default());
        assert!(cli.command.is_none());
        assert_eq!(games_of(&cli), Ok((1001, 1008, 2000, 5000, 2)));
        assert!(parse("crowded 1 2 3").is_err());
        assert!(parse("--weights nothing=3 1 2 3 4 5").is_err());
        assert!(parse("--rollout 4,4 1 2 3 4 5").is_err());
        assert!(parse("costs 1 2 4000 3").is_err(), "one or two threads");
        assert!(parse("1 2 3 4").is_err());
        for gone in [
            "cma 1001 1040 1000 30 15 1",
            "label 2001 2070",
            "recall l.txt",
            "rank l.txt",
            "survival 1 2 3 4",
        ] {
            assert!(parse(gone).is_err(), "{gone}");
        }
        // The default bot at fixed units is linez-sim's: this mode refuses it.
        let cli = parse("1001 1008 2000 5000 2").unwrap();
        assert!(games_of(&cli).unwrap_err().contains("linez-sim --bot linez --move-units 2000"));
        assert!(games_of(&parse("--band 52,81,4000 1001 1008 2000 5000 2").unwrap()).is_ok());
        // --stop: a z, or off; absent, the bot's own.
        let stop = |text: &str| parse(text).map(|cli| cli.tuning.config().stop);
        assert_eq!(stop("--stop off crowded 1 2 3 4").unwrap(), Some(None));
        assert_eq!(stop("--stop 2.5 crowded 1 2 3 4").unwrap(), Some(Some(2.5)));
        assert_eq!(stop("crowded 1 2 3 4").unwrap(), None);
        assert!(stop("--stop never crowded 1 2 3 4").is_err());
        assert!(games_of(&parse("--stop 3 1001 1008 2000 5000 2").unwrap()).is_ok(), "not the default bot");
        assert!(games_of(&parse("1001 1008 0 5000 2").unwrap()).is_ok());
    }
}
