//! `linez-sim`: the seeded Linez simulator. Generates games from seeds exactly as the spec says,
//! plays them with a bot process (the protocol) or an in-process player, enforces legality, the
//! thinking budget and the end of the game, and reports per-game lines and a summary.
//! Options and output format: `crates/linez-tools/SIM.md` or `linez-sim --help`.

mod cli;
mod play;
mod player;
mod svg;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use linez::SplitMix64;
use linez::{Bot, Move};

use cli::{Command, Config, PlayerSpec};
use linez_tools::linez_baseline as baseline;
use match_kit::pool::{self, InOrder, Progress};
use match_kit::stats::{self, Sprt, Summary, Verdict};
use play::{play_game, GameRecord};
use player::{InProcess, Player, Subprocess};

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
            if let Err(message) = run_merge(&files) {
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

/// The paired-difference SPRT does not decide on fewer seeds: its variance comes from the data,
/// and from two or three differences it can be near 0 (10 and 12 points would "accept" a mean of
/// 10 against 0 with LLR 120).
const SPRT_MIN_SEEDS: usize = 10;

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
                    let row = Row::of(label, record);
                    if let Some(file) = &mut games_file {
                        writeln!(file, "{}", row.to_line())
                            .and_then(|()| file.flush())
                            .map_err(|error| format!("--games-file: {error}"))?;
                    }
                    rows.push(row);
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
    print_summary(&rows_a, config.compare.as_ref().map(|_| rows_b.as_slice()), config.sprt.as_ref());
    Ok(())
}

/// One game as the games file holds it: enough for the summary, times in microseconds so that the
/// summary made from the file is the one the run printed.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    /// `A`, or `B` for `--compare`'s bot.
    bot: char,
    seed: u64,
    score: u64,
    moves: u64,
    end: String,
    think_us: u64,
    longest_us: u64,
    detail: String,
}

impl Row {
    fn of(bot: char, record: &GameRecord) -> Row {
        Row {
            bot,
            seed: record.seed,
            score: record.score,
            moves: record.moves,
            end: record.end.name().to_string(),
            think_us: record.thinking.as_micros() as u64,
            longest_us: record.longest_turn.as_micros() as u64,
            // One line per game, whatever a crashing bot wrote.
            detail: record.end.detail().unwrap_or("").replace(['\n', '\r'], " "),
        }
    }

    /// `bot seed score moves end think_s longest_s [detail]`.
    fn to_line(&self) -> String {
        let seconds = |us: u64| format!("{}.{:06}", us / 1_000_000, us % 1_000_000);
        let line = format!(
            "{} {} {} {} {} {} {}",
            self.bot,
            self.seed,
            self.score,
            self.moves,
            self.end,
            seconds(self.think_us),
            seconds(self.longest_us)
        );
        if self.detail.is_empty() {
            line
        } else {
            format!("{line} {}", self.detail)
        }
    }

    fn parse(line: &str) -> Result<Row, String> {
        let bad = || format!("expected bot seed score moves end think_s longest_s [detail], found {line:?}");
        let mut fields = line.splitn(8, ' ');
        let mut next = || fields.next().ok_or_else(bad);
        let bot = match next()? {
            "A" => 'A',
            "B" => 'B',
            _ => return Err(bad()),
        };
        let number = |text: &str| text.parse::<u64>().map_err(|_| bad());
        let micros = |text: &str| -> Result<u64, String> {
            let (whole, fraction) = text.split_once('.').ok_or_else(bad)?;
            if fraction.len() != 6 {
                return Err(bad());
            }
            Ok(number(whole)? * 1_000_000 + number(fraction)?)
        };
        Ok(Row {
            bot,
            seed: number(next()?)?,
            score: number(next()?)?,
            moves: number(next()?)?,
            end: next()?.to_string(),
            think_us: micros(next()?)?,
            longest_us: micros(next()?)?,
            detail: fields.next().unwrap_or("").to_string(),
        })
    }
}

/// B's score minus A's on each seed both played.
fn differences(a: &[Row], b: &[Row]) -> Vec<f64> {
    a.iter().zip(b).map(|(a, b)| b.score as f64 - a.score as f64).collect()
}

/// `linez-sim merge FILES...`: the summary of the games in the files (`--games-file` outputs, e.g.
/// of a match's shards), as the whole run prints it.
fn run_merge(files: &[std::path::PathBuf]) -> Result<(), String> {
    let (mut rows_a, mut rows_b) = (Vec::new(), Vec::new());
    for path in files {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let row = Row::parse(line).map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?;
            if row.bot == 'A' { &mut rows_a } else { &mut rows_b }.push(row);
        }
    }
    // With --compare each seed's B line follows its A line.
    let compared = !rows_b.is_empty();
    if compared && (rows_a.len() != rows_b.len() || rows_a.iter().zip(&rows_b).any(|(a, b)| a.seed != b.seed))
    {
        return Err("the files' A and B games do not pair up seed by seed".to_string());
    }
    say!("# linez-sim merge: {} games from {} files", rows_a.len(), files.len());
    print_summary(&rows_a, compared.then_some(rows_b.as_slice()), None);
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

/// The summary of A's games, and with `--compare` of B's and of the paired differences B - A.
fn print_summary(rows_a: &[Row], rows_b: Option<&[Row]>, sprt: Option<&Sprt>) {
    let Some(rows_b) = rows_b else {
        summarise("", rows_a);
        return;
    };
    summarise("A ", rows_a);
    summarise("B ", rows_b);
    let differences = differences(rows_a, rows_b);
    if let Some(paired) = Summary::of(&differences) {
        let mean = |rows: &[Row]| rows.iter().map(|r| r.score as f64).sum::<f64>() / rows.len() as f64;
        say!(
            "# B - A  mean {:+.1} ± {:.1} (paired, {} seeds)  A {:.1}  B {:.1}",
            paired.mean,
            paired.two_se,
            paired.count,
            mean(rows_a),
            mean(rows_b)
        );
    }
    if let Some(sprt) = sprt {
        let llr = stats::paired_llr(&differences, sprt.h0, sprt.h1);
        say!(
            "# SPRT d0 {}, d1 {}, alpha {}, beta {} (paired differences, {} seeds): {}{}",
            sprt.h0,
            sprt.h1,
            sprt.alpha,
            sprt.beta,
            differences.len(),
            sprt.describe(llr, true),
            if differences.len() < SPRT_MIN_SEEDS {
                format!(" (no decision before {SPRT_MIN_SEEDS} seeds)")
            } else {
                String::new()
            }
        );
    }
}

/// One bot's two summary lines, each after `# ` and `label`.
fn summarise(label: &str, rows: &[Row]) {
    let scores: Vec<f64> = rows.iter().map(|r| r.score as f64).collect();
    let Some(summary) = Summary::of(&scores) else {
        say!("# {label}no games");
        return;
    };
    let count = rows.len() as f64;
    let seconds = |us: u64| us as f64 / 1e6;
    let moves: u64 = rows.iter().map(|r| r.moves).sum();
    let thinking: f64 = rows.iter().map(|r| seconds(r.think_us)).sum();
    let max_thinking = rows.iter().map(|r| seconds(r.think_us)).fold(0.0, f64::max);
    let longest_turn = rows.iter().map(|r| seconds(r.longest_us)).fold(0.0, f64::max);
    say!(
        "# {label}games {}  mean {:.1} ± {:.1}  median {:.1}  min {}  max {}",
        summary.count,
        summary.mean,
        summary.two_se,
        summary.median,
        summary.min,
        summary.max
    );
    let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
    for row in rows {
        *ends.entry(row.end.as_str()).or_default() += 1;
    }
    let ends: Vec<String> = ends.iter().map(|(name, n)| format!("{name} {n}")).collect();
    say!(
        "# {label}moves/game {:.1}  think/game {:.3} s (max {:.3} s, longest turn {:.3} s)  points/think-s {:.0}  ends: {}",
        moves as f64 / count,
        thinking / count,
        max_thinking,
        longest_turn,
        scores.iter().sum::<f64>() / thinking.max(1e-9),
        ends.join(", ")
    );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_file_lines_round_trip() {
        let row = Row {
            bot: 'B',
            seed: 17,
            score: 440,
            moves: 139,
            end: "crash".into(),
            think_us: 1_234_567,
            longest_us: 89,
            detail: "no answer: exit status: 3, stderr: giving up".into(),
        };
        let line = row.to_line();
        assert_eq!(line, "B 17 440 139 crash 1.234567 0.000089 no answer: exit status: 3, stderr: giving up");
        assert_eq!(Row::parse(&line), Ok(row.clone()));
        let plain = Row { bot: 'A', detail: String::new(), ..row };
        assert_eq!(Row::parse(&plain.to_line()), Ok(plain));
        for bad in [
            "C 1 2 3 full 0.000001 0.000001",
            "A 1 2 3 full 0.1 0.000001",
            "A 1 2 3 full",
            "A x 2 3 full 0.000001 0.000001",
        ] {
            assert!(Row::parse(bad).is_err(), "{bad}");
        }
    }
}
