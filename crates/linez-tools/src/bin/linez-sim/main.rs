//! `linez-sim`: the seeded Linez simulator. Generates games from seeds exactly as the spec says,
//! plays them with a bot process (the protocol) or an in-process player, enforces legality, the
//! thinking budget and the end of the game, and reports per-game lines and a summary.
//! Options and output format: `crates/linez-tools/SIM.md` or `linez-sim --help`.

mod cli;
mod html;
mod play;
mod player;
mod svg;
mod tally;

use std::path::Path;
use std::time::{Duration, Instant};

use linez::SplitMix64;
use linez::{Bot, Move};

use cli::{Command, Config, PlayerSpec};
use linez_tools::linez_baseline as baseline;
use match_kit::pool::{self, InOrder, Progress};
use match_kit::stats::{self, Verdict};
use play::{play_game, GameRecord};
use player::{InProcess, Player, Subprocess};
use tally::{differences, row_of, SPRT_MIN_SEEDS};

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
        Ok(Command::Merge(files)) => {
            match tally::merge(&files) {
                Ok((_, summary)) => say!("{}", summary.trim_end()),
                Err(message) => {
                    eprintln!("error: {message}");
                    std::process::exit(1);
                }
            }
            return;
        }
        Ok(Command::Html(page, files)) => {
            if let Err(message) =
                tally::merge(&files).and_then(|(games, summary)| html::write(&page, &games, &summary))
            {
                eprintln!("error: {message}");
                std::process::exit(1);
            }
            return;
        }
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

fn create(path: &Path) -> Result<std::fs::File, String> {
    std::fs::File::create(path).map_err(|error| format!("cannot create {}: {error}", path.display()))
}

fn run(config: &Config) -> Result<(), String> {
    use std::io::Write as _;
    for dir in [&config.transcript_dir, &config.svg_dir].into_iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    }
    let mut games_file = config.games_file.as_deref().map(create).transpose()?;
    let budget = match config.move_units {
        Some(units) => format!("{units} work units a move"),
        None => format!("{} s", config.options.budget.as_secs_f64()),
    };
    say!(
        "# linez-sim: {} games, budget {budget}, rules: {}; player: {}{}",
        config.seeds.len(),
        config.options.rules,
        config.player.describe(),
        config.compare.as_ref().map_or(String::new(), |b| format!("; compared with B: {}", b.describe()))
    );
    let bot_column = if config.compare.is_some() { "bot " } else { "" };
    say!("{bot_column}{:<8} {:>7} {:>6} {:<8} {:>8}", "seed", "score", "moves", "end", "think_s");
    // Games finish in any order; their lines are printed in seed-list order as soon as the prefix
    // is complete, so the output (and a sequential test's decision) does not depend on -j.
    let mut progress = Progress::new(config.seeds.len(), config.quiet);
    let mut in_order = InOrder::default();
    let (mut rows_a, mut rows_b) = (Vec::new(), Vec::new());
    let mut score_sums = [0u64; 2];
    // With --html: the games so far, and when the page was last written (at most every 2 s during
    // the run, then once at the end).
    let mut page_games = Vec::new();
    let mut page_written: Option<Instant> = None;
    let play = |spec: &PlayerSpec, seed: u64| {
        make_player(spec, config.options.budget, config.move_units)
            .map(|mut player| play_game(seed, &config.options, player.as_mut()))
    };
    pool::run_until(
        config.jobs,
        config.seeds.len(),
        || (),
        |(), index| {
            let seed = config.seeds[index];
            let a = play(&config.player, seed)?;
            let b = config.compare.as_ref().map(|spec| play(spec, seed)).transpose()?;
            Ok::<_, String>((a, b))
        },
        |index, result| {
            let (a, b) = result?;
            write_files(config, &a, "")?;
            score_sums[0] += a.score;
            let done = (progress.done() + 1) as f64;
            let compared = match &b {
                Some(b) => {
                    write_files(config, b, "-b")?;
                    score_sums[1] += b.score;
                    format!(
                        " | B score {} (B - A so far {:+.1})",
                        b.score,
                        (score_sums[1] as f64 - score_sums[0] as f64) / done
                    )
                }
                None => String::new(),
            };
            progress.finished(format_args!(
                "seed {} score {} moves {} {} {:.3} s (mean so far {:.1}){compared}",
                a.seed,
                a.score,
                a.moves,
                a.end.name(),
                a.thinking.as_secs_f64(),
                score_sums[0] as f64 / done
            ));
            for (a, b) in in_order.push(index, (a, b)) {
                for (label, record, rows) in [('A', Some(&a), &mut rows_a), ('B', b.as_ref(), &mut rows_b)] {
                    let Some(record) = record else { continue };
                    let prefix = if b.is_some() { format!("{label}   ") } else { String::new() };
                    say!("{prefix}{}", game_line(record));
                    let row = row_of(label, record);
                    let play = linez_tools::games_file::Play { bot: label, ..record.play.clone() };
                    if let Some(file) = &mut games_file {
                        writeln!(file, "{}\n{}", row.to_line(), play.to_line())
                            .and_then(|()| file.flush())
                            .map_err(|error| format!("--games-file: {error}"))?;
                    }
                    if config.html.is_some() {
                        page_games.push((row.clone(), Some(play)));
                    }
                    rows.push(row);
                }
                if let Some(path) = &config.html {
                    if page_written.map_or(true, |at| at.elapsed() >= Duration::from_secs(2)) {
                        let rows_b = config.compare.as_ref().map(|_| rows_b.as_slice());
                        let summary = format!(
                            "# linez-sim: {} of {} games so far\n{}",
                            rows_a.len(),
                            config.seeds.len(),
                            tally::summary(&rows_a, rows_b, config.sprt.as_ref())
                        );
                        html::write(path, &page_games, &summary)?;
                        page_written = Some(Instant::now());
                    }
                }
                if let Some(sprt) = &config.sprt {
                    let llr = stats::paired_llr(&differences(&rows_a, &rows_b), sprt.h0, sprt.h1);
                    if rows_b.len() >= SPRT_MIN_SEEDS && sprt.verdict(llr) != Verdict::Inconclusive {
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        },
    )?;
    let summary =
        tally::summary(&rows_a, config.compare.as_ref().map(|_| rows_b.as_slice()), config.sprt.as_ref());
    say!("{}", summary.trim_end());
    if let Some(path) = &config.html {
        let summary =
            format!("# linez-sim: {} games, rules: {}\n{summary}", rows_a.len(), config.options.rules);
        html::write(path, &page_games, &summary)?;
    }
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

/// The transcript and pictures of one game; `tag` ("-b" for `--compare`'s bot) goes after the seed
/// in the file names.
fn write_files(config: &Config, record: &GameRecord, tag: &str) -> Result<(), String> {
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))
    };
    if let Some(dir) = &config.transcript_dir {
        write(&dir.join(format!("seed-{}{tag}.txt", record.seed)), &record.transcript)?;
    }
    if let Some(dir) = &config.svg_dir {
        let title = format!(
            "seed {}: score {} after {} moves ({})",
            record.seed,
            record.score,
            record.moves,
            record.end.name()
        );
        write(
            &dir.join(format!("seed-{}{tag}-score.svg", record.seed)),
            &svg::score_svg(&record.scores, &title),
        )?;
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
                &dir.join(format!("seed-{}{tag}-board-{}.svg", record.seed, at)),
                &svg::board_svg(board, *next_three, played, &title, convention),
            )?;
        }
    }
    Ok(())
}
