//! `linez-sim`: the seeded Linez simulator. Generates games from seeds exactly as the spec says,
//! plays them with a bot process (the protocol) or an in-process player, enforces legality, the
//! thinking budget and the end of the game, and reports per-game lines and a summary.
//! Options and output format: `crates/tools/SIM.md` or `linez-sim --help`.

mod cli;
mod play;
mod player;
mod svg;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use linez::game::SplitMix64;
use linez::{Bot, Move};

use cli::{Command, Config, PlayerSpec};
use play::{play_game, GameRecord};
use player::{InProcess, Player, Subprocess};
use tools::linez_baseline as baseline;
use tools::pool::{self, InOrder, Progress};
use tools::stats::Summary;

/// The random baseline's generator seed, the same in process and in `linez-baseline` (its
/// default `--seed`), so that both give the same games.
pub const RANDOM_BASELINE_SEED: u64 = 1;

/// Prints one line on stdout; if stdout is gone (e.g. `linez-sim ... | head`), stops quietly
/// instead of panicking.
fn say(line: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    if writeln!(std::io::stdout().lock(), "{line}").is_err() {
        std::process::exit(0);
    }
}

/// `println!` through [`say`].
macro_rules! say {
    ($($arg:tt)*) => { say(format_args!($($arg)*)) };
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match cli::parse(&args) {
        Ok(Command::Run(config)) => config,
        Ok(Command::Help) => {
            say(format_args!("{}", cli::SPEC.help().trim_end()));
            return;
        }
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(2);
        }
    };
    if let Err(message) = run(&config) {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}

/// A player for one game.
fn make_player(
    spec: &PlayerSpec,
    budget: Duration,
    move_units: Option<u64>,
) -> Result<Box<dyn Player>, String> {
    Ok(match spec {
        PlayerSpec::Program(program, args) => Box::new(
            Subprocess::spawn(program, args)
                .map_err(|error| format!("cannot start the bot {program:?}: {error}"))?,
        ),
        PlayerSpec::Random => {
            let mut rng = SplitMix64::new(RANDOM_BASELINE_SEED);
            Box::new(InProcess::new(move |game| baseline::random_move(game.board(), &mut rng).to_string()))
        }
        PlayerSpec::Greedy => {
            Box::new(InProcess::new(|game| baseline::greedy_move(game.board()).to_string()))
        }
        PlayerSpec::Bot => {
            let mut bot = match move_units {
                Some(units) => Bot::with_move_units(units),
                None => Bot::new(budget),
            };
            Box::new(InProcess::new(move |game| {
                let mv: Move = bot.choose(game.board(), game.next_three());
                mv.to_string()
            }))
        }
    })
}

fn run(config: &Config) -> Result<(), String> {
    for dir in [&config.transcript_dir, &config.svg_dir].into_iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    }
    let budget = match config.move_units {
        Some(units) => format!("{units} work units a move"),
        None => format!("{} s", config.options.budget.as_secs_f64()),
    };
    say!(
        "# linez-sim: {} games, budget {budget}, rules: {}; player: {}",
        config.seeds.len(),
        config.options.rules,
        config.player.describe()
    );
    say!("{:<8} {:>7} {:>6} {:<8} {:>8}", "seed", "score", "moves", "end", "think_s");
    // Games finish in any order; their lines are printed in seed-list order as soon as the prefix
    // is complete, so the output does not depend on -j.
    let mut progress = Progress::new(config.seeds.len(), config.quiet);
    let mut in_order = InOrder::default();
    let mut done: Vec<GameRecord> = Vec::with_capacity(config.seeds.len());
    let mut score_sum = 0u64;
    pool::run(
        config.jobs,
        config.seeds.len(),
        || (),
        |(), index| {
            make_player(&config.player, config.options.budget, config.move_units)
                .map(|mut player| play_game(config.seeds[index], &config.options, player.as_mut()))
        },
        |index, result| {
            let record = result?;
            write_files(config, &record)?;
            score_sum += record.score;
            progress.finished(format_args!(
                "seed {} score {} moves {} {} {:.3} s (mean so far {:.1})",
                record.seed,
                record.score,
                record.moves,
                record.end.name(),
                record.thinking.as_secs_f64(),
                score_sum as f64 / (progress.done() + 1) as f64
            ));
            for record in in_order.push(index, record) {
                say!("{}", game_line(&record));
                done.push(record);
            }
            Ok(())
        },
    )?;
    print_summary(&done);
    Ok(())
}

/// `seed score moves end think_s [detail]`.
fn game_line(record: &GameRecord) -> String {
    let mut line = format!(
        "{:<8} {:>7} {:>6} {:<8} {:>8.3}",
        record.seed,
        record.score,
        record.moves,
        record.end.name(),
        record.thinking.as_secs_f64()
    );
    if let Some(detail) = record.end.detail() {
        line.push_str("  ");
        line.push_str(detail);
    }
    line
}

fn print_summary(records: &[GameRecord]) {
    let scores: Vec<f64> = records.iter().map(|r| r.score as f64).collect();
    let Some(summary) = Summary::of(&scores) else {
        say!("# no games");
        return;
    };
    let count = records.len() as f64;
    let moves: u64 = records.iter().map(|r| r.moves).sum();
    let thinking: f64 = records.iter().map(|r| r.thinking.as_secs_f64()).sum();
    let max_thinking = records.iter().map(|r| r.thinking.as_secs_f64()).fold(0.0, f64::max);
    let longest_turn = records.iter().map(|r| r.longest_turn.as_secs_f64()).fold(0.0, f64::max);
    say!(
        "# games {}  mean {:.1} ± {:.1}  median {:.1}  min {}  max {}",
        summary.count,
        summary.mean,
        summary.two_se,
        summary.median,
        summary.min,
        summary.max
    );
    let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
    for record in records {
        *ends.entry(record.end.name()).or_default() += 1;
    }
    let ends: Vec<String> = ends.iter().map(|(name, n)| format!("{name} {n}")).collect();
    say!(
        "# moves/game {:.1}  think/game {:.3} s (max {:.3} s, longest turn {:.3} s)  points/think-s {:.0}  ends: {}",
        moves as f64 / count,
        thinking / count,
        max_thinking,
        longest_turn,
        scores.iter().sum::<f64>() / thinking.max(1e-9),
        ends.join(", ")
    );
}

fn write_files(config: &Config, record: &GameRecord) -> Result<(), String> {
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))
    };
    if let Some(dir) = &config.transcript_dir {
        write(&dir.join(format!("seed-{}.txt", record.seed)), &record.transcript)?;
    }
    if let Some(dir) = &config.svg_dir {
        let title = format!(
            "seed {}: score {} after {} moves ({})",
            record.seed,
            record.score,
            record.moves,
            record.end.name()
        );
        write(&dir.join(format!("seed-{}-score.svg", record.seed)), &svg::score_svg(&record.scores, &title))?;
        if !record.boards.is_empty() {
            let last = record.boards.len() - 1;
            let at = config.svg_move.map_or(last, |m| (m as usize).min(last));
            let (board, next_three, answer) = &record.boards[at];
            let convention = config.options.rules.convention;
            let played = answer.as_deref().and_then(|text| Move::parse_with(text, convention).ok());
            let title = format!(
                "seed {}: after {} moves, score {}",
                record.seed,
                at,
                record.scores.get(at).copied().unwrap_or(record.score)
            );
            write(
                &dir.join(format!("seed-{}-board-{}.svg", record.seed, at)),
                &svg::board_svg(board, *next_three, played, &title, convention),
            )?;
        }
    }
    Ok(())
}
