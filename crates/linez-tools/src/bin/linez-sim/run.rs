//! A run: every bot on every seed (a seed's games in the bots' order, seeds on `-j` workers),
//! lines printed in seed-list order, the games file appended (plain or gzip), the live page
//! rewritten as games finish ([`LivePage`]), the SPRT's stop, and the summary.

use std::io::Write as _;

use linez::Move;
use linez_tools::games_file::Play;
use match_kit::files::{write_text, Appender};
use match_kit::page::LivePage;
use match_kit::pool::{self, InOrder, Progress};
use match_kit::stats::{self, Verdict};

use crate::bots::{letter, make_player};
use crate::cli::Config;
use crate::play::{play_game, GameRecord};
use crate::tally::{self, differences, row_of, Bots, SPRT_MIN_SEEDS};
use crate::{say, svg};

/// Plays the run `config` describes.
///
/// # Errors
/// A bot that cannot start, or a file that cannot be written (named).
pub fn run(config: &Config) -> Result<(), String> {
    for dir in [&config.transcript_dir, &config.svg_dir].into_iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    }
    let mut games_file = config.games_file.as_deref().map(Appender::create).transpose()?;
    let played = play_all(config, games_file.as_mut());
    // A gzip games file is finished (readable to its end) even when the run stops on an error.
    let finished =
        games_file.map_or(Ok(()), |file| file.finish().map_err(|error| format!("--games-file: {error}")));
    played.and(finished)
}

fn play_all(config: &Config, mut games_file: Option<&mut Appender>) -> Result<(), String> {
    let budget = match config.move_units {
        Some(units) => format!("{units} work units a move"),
        None => format!("{} s", config.options.budget.as_secs_f64()),
    };
    let players: Vec<String> =
        config.bots.iter().map(|bot| format!("{} = {}", bot.name, bot.spec.describe())).collect();
    say!(
        "# linez-sim: {} games, budget {budget}, rules: {}; {}: {}",
        config.seeds.len(),
        config.options.rules,
        if players.len() == 1 { "player" } else { "bots" },
        if players.len() == 1 { config.bots[0].spec.describe() } else { players.join("; ") }
    );
    let several = config.bots.len() > 1;
    let width = config.bots.iter().map(|bot| bot.name.chars().count()).max().unwrap_or(1).max(3);
    let bot_column = if several { format!("{:<width$} ", "bot") } else { String::new() };
    say!("{bot_column}{:<8} {:>7} {:>6} {:<8} {:>8}", "seed", "score", "moves", "end", "think_s");
    // Games finish in any order; their lines are printed in seed-list order as soon as the prefix
    // is complete, so the output (and a sequential test's decision) does not depend on -j.
    let mut progress = Progress::new(config.seeds.len(), config.quiet);
    let mut in_order = InOrder::default();
    let mut bots: Bots = config.bots.iter().map(|bot| (bot.name.clone(), Vec::new())).collect();
    let mut score_sums = vec![0u64; config.bots.len()];
    // With --html: the games so far, and the page rewritten at most every 2 s, then at the end.
    let mut page_games = Vec::new();
    let mut live = config.html.as_deref().map(LivePage::new);
    let play = |index: usize, seed: u64| {
        make_player(&config.bots[index].spec, config.options.budget, config.move_units)
            .map(|mut player| play_game(seed, &config.options, player.as_mut()))
    };
    pool::run_until(
        config.jobs,
        config.seeds.len(),
        || (),
        |(), index| (0..config.bots.len()).map(|bot| play(bot, config.seeds[index])).collect(),
        |index, result: Result<Vec<GameRecord>, String>| {
            let records = result?;
            for (bot, record) in records.iter().enumerate() {
                write_files(config, record, bot)?;
                score_sums[bot] += record.score;
            }
            progress.finished(progress_line(config, &records, &score_sums, progress.done() + 1));
            for records in in_order.push(index, records) {
                for (bot, record) in records.iter().enumerate() {
                    let name = &config.bots[bot].name;
                    let prefix = if several { format!("{name:<width$} ") } else { String::new() };
                    say!("{prefix}{}", game_line(record));
                    let row = row_of(name, record);
                    let play = Play { bot: name.clone(), ..record.play.clone() };
                    if let Some(file) = games_file.as_deref_mut() {
                        writeln!(file, "{}\n{}", row.to_line(), play.to_line())
                            .and_then(|()| file.flush())
                            .map_err(|error| format!("--games-file: {error}"))?;
                    }
                    if live.is_some() {
                        page_games.push((row.clone(), Some(play)));
                    }
                    bots[bot].1.push(row);
                }
                if let Some(live) = &mut live {
                    live.update(|| {
                        let summary = format!(
                            "# linez-sim: {} of {} games so far\n{}",
                            bots[0].1.len(),
                            config.seeds.len(),
                            tally::summary(&bots, config.sprt.as_ref())
                        );
                        crate::html::render(&page_games, &summary)
                    })?;
                }
                if let (Some(sprt), [(_, a), (_, b)]) = (&config.sprt, bots.as_slice()) {
                    let llr = stats::paired_llr(&differences(a, b), sprt.h0, sprt.h1);
                    if b.len() >= SPRT_MIN_SEEDS && sprt.verdict(llr) != Verdict::Inconclusive {
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        },
    )?;
    let summary = tally::summary(&bots, config.sprt.as_ref());
    say!("{}", summary.trim_end());
    if let Some(live) = &mut live {
        let games = bots[0].1.len();
        let summary = format!("# linez-sim: {games} games, rules: {}\n{summary}", config.options.rules);
        live.write(&crate::html::render(&page_games, &summary)?)?;
    }
    Ok(())
}

/// The progress line of a seed's games: the first bot's game and mean so far, then each other
/// bot's score and mean difference from the first so far.
fn progress_line(config: &Config, records: &[GameRecord], sums: &[u64], done: usize) -> String {
    let a = &records[0];
    let mut line = format!(
        "seed {} score {} moves {} {} {:.3} s (mean so far {:.1})",
        a.seed,
        a.score,
        a.moves,
        a.end.name(),
        a.thinking.as_secs_f64(),
        sums[0] as f64 / done as f64
    );
    let first = &config.bots[0].name;
    for (bot, record) in records.iter().enumerate().skip(1) {
        let name = &config.bots[bot].name;
        let difference = (sums[bot] as f64 - sums[0] as f64) / done as f64;
        line.push_str(&format!(
            " | {name} score {} ({name} - {first} so far {difference:+.1})",
            record.score
        ));
    }
    line
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

/// The transcript and pictures of the game of the bot at `bot`: the first bot's named by the seed,
/// the others' with `-b`, `-c`, ... after it.
fn write_files(config: &Config, record: &GameRecord, bot: usize) -> Result<(), String> {
    let tag = if bot == 0 { String::new() } else { format!("-{}", letter(bot).to_ascii_lowercase()) };
    if let Some(dir) = &config.transcript_dir {
        write_text(&dir.join(format!("seed-{}{tag}.txt", record.seed)), &record.transcript)?;
    }
    if let Some(dir) = &config.svg_dir {
        let title = format!(
            "seed {}: score {} after {} moves ({})",
            record.seed,
            record.score,
            record.moves,
            record.end.name()
        );
        let path = |name: String| dir.join(format!("seed-{}{tag}-{name}.svg", record.seed));
        write_text(&path("score".into()), &svg::score_svg(&record.scores, &title))?;
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
            let picture = svg::board_svg(board, *next_three, played, &title, convention);
            write_text(&path(format!("board-{at}")), &picture)?;
        }
    }
    Ok(())
}
