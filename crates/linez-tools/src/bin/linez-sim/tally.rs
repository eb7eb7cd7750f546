//! The run's tally, made from the games file's summary lines alone (so that merging the files of a
//! run's shards gives the whole run's summary): each bot's summary lines (mean ± 2 s.e., median,
//! moves, thinking, ends), with several bots the table of their means and paired differences from
//! the first bot, the SPRT for two, and `merge`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use linez_tools::games_file::{self, Entry, Row};
use match_kit::stats::{self, Sprt, Summary};

use crate::play::GameRecord;

/// The paired-difference SPRT does not decide on fewer seeds: its variance comes from the data,
/// and from two or three differences it can be near 0 (10 and 12 points would "accept" a mean of
/// 10 against 0 with LLR 120).
pub const SPRT_MIN_SEEDS: usize = 10;

/// Each bot's games in seed-list order: (name, rows), the first bot the reference.
pub type Bots = Vec<(String, Vec<Row>)>;

/// The summary line of a game `bot` played.
pub fn row_of(bot: &str, record: &GameRecord) -> Row {
    Row {
        bot: bot.to_string(),
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

/// B's score minus A's on each seed both played.
pub fn differences(a: &[Row], b: &[Row]) -> Vec<f64> {
    a.iter().zip(b).map(|(a, b)| b.score as f64 - a.score as f64).collect()
}

/// The rows grouped by bot, bots in the order they first appear (a run writes each seed's games in
/// its bots' order, so its first bot comes first).
///
/// # Errors
/// A bot whose games do not pair up seed by seed with the first bot's.
pub fn group<'a>(rows: impl IntoIterator<Item = &'a Row>) -> Result<Bots, String> {
    let mut bots: Bots = Vec::new();
    for row in rows {
        match bots.iter_mut().find(|(name, _)| *name == row.bot) {
            Some((_, games)) => games.push(row.clone()),
            None => bots.push((row.bot.clone(), vec![row.clone()])),
        }
    }
    if let Some(((first, reference), others)) = bots.split_first() {
        for (name, games) in others {
            if games.len() != reference.len() || games.iter().zip(reference).any(|(a, b)| a.seed != b.seed) {
                return Err(format!("the games of {name:?} and {first:?} do not pair up seed by seed"));
            }
        }
    }
    Ok(bots)
}

/// The games of games files (`--games-file` outputs, e.g. of a run's shards; plain or gzip), and
/// the summary the whole run prints, under a first line naming the files.
///
/// # Errors
/// A file that cannot be read, a malformed line (file and line named), or bots whose games do
/// not pair up seed by seed.
pub fn merge(files: &[PathBuf]) -> Result<(Vec<Entry>, String), String> {
    let games = games_file::read_files(files)?;
    let bots = group(games.iter().map(|(row, _)| row))?;
    let count = bots.first().map_or(0, |(_, rows)| rows.len());
    let mut text = format!("# linez-sim merge: {count} games from {} files\n", files.len());
    text.push_str(&summary(&bots, None));
    Ok((games, text))
}

/// One line of the summary text.
macro_rules! say {
    ($text:expr, $($arg:tt)*) => {{
        let _ = writeln!($text, $($arg)*);
    }};
}

/// One bot's line of the bots table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub name: String,
    pub games: usize,
    pub mean: f64,
    pub two_se: f64,
    /// From the second bot on: the paired difference from the first bot.
    pub paired: Option<Paired>,
}

/// A bot's paired difference from the first bot, seed by seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub mean: f64,
    pub two_se: f64,
    /// Seeds where it scored more than the first bot, and less.
    pub better: usize,
    pub worse: usize,
}

/// The bots table: each bot's mean ± 2 s.e. and, after the first, its paired difference from the
/// first bot.
pub fn table(bots: &Bots) -> Vec<TableRow> {
    let Some((_, reference)) = bots.first() else { return Vec::new() };
    bots.iter()
        .enumerate()
        .map(|(index, (name, rows))| {
            let scores: Vec<f64> = rows.iter().map(|r| r.score as f64).collect();
            let summary = Summary::of(&scores);
            let differences = differences(reference, rows);
            let paired = Summary::of(&differences).filter(|_| index > 0).map(|d| Paired {
                mean: d.mean,
                two_se: d.two_se,
                better: differences.iter().filter(|&&d| d > 0.0).count(),
                worse: differences.iter().filter(|&&d| d < 0.0).count(),
            });
            TableRow {
                name: name.clone(),
                games: rows.len(),
                mean: summary.as_ref().map_or(0.0, |s| s.mean),
                two_se: summary.as_ref().map_or(0.0, |s| s.two_se),
                paired,
            }
        })
        .collect()
}

impl TableRow {
    /// The row's cells as the terminal and the page show them: bot, games, mean ± 2 s.e., the
    /// paired difference ± 2 s.e., better on, worse on.
    pub fn cells(&self) -> [String; 6] {
        let (difference, better, worse) = match &self.paired {
            Some(p) => {
                (format!("{:+.1} ± {:.1}", p.mean, p.two_se), p.better.to_string(), p.worse.to_string())
            }
            None => (String::new(), String::new(), String::new()),
        };
        let mean = format!("{:.1} ± {:.1}", self.mean, self.two_se);
        [self.name.clone(), self.games.to_string(), mean, difference, better, worse]
    }
}

/// The bots table's column titles, `reference` the first bot's name.
pub fn table_columns(reference: &str) -> [String; 6] {
    ["bot", "games", "mean ± 2 s.e.", &format!("bot - {reference} (paired)"), "better", "worse"]
        .map(String::from)
}

/// The summary: each bot's lines (one bot: unlabelled, as always), then with several bots the
/// bots table, then with `sprt` (two bots) the test's line.
pub fn summary(bots: &Bots, sprt: Option<&Sprt>) -> String {
    let mut text = String::new();
    match bots.as_slice() {
        [] => say!(text, "# no games"),
        [(_, rows)] => summarise(&mut text, "", rows),
        _ => {
            for (name, rows) in bots {
                summarise(&mut text, &format!("{name} "), rows);
            }
            let rows = table(bots);
            let mut lines = vec![table_columns(&bots[0].0)];
            lines.extend(rows.iter().map(TableRow::cells));
            let width = |k: usize| lines.iter().map(|l| l[k].chars().count()).max().unwrap_or(0);
            let widths: Vec<usize> = (0..6).map(width).collect();
            for line in &lines {
                let mut out = format!("# {:<w$}", line[0], w = widths[0]);
                for k in 1..6 {
                    let _ = write!(out, "  {:>w$}", line[k], w = widths[k]);
                }
                say!(text, "{}", out.trim_end());
            }
        }
    }
    if let (Some(sprt), [(_, a), (_, b)]) = (sprt, bots.as_slice()) {
        let differences = differences(a, b);
        let llr = stats::paired_llr(&differences, sprt.h0, sprt.h1);
        say!(
            text,
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
    text
}

/// One bot's two summary lines, each after `# ` and `label`.
fn summarise(text: &mut String, label: &str, rows: &[Row]) {
    let scores: Vec<f64> = rows.iter().map(|r| r.score as f64).collect();
    let Some(summary) = Summary::of(&scores) else {
        say!(text, "# {label}no games");
        return;
    };
    let count = rows.len() as f64;
    let seconds = |us: u64| us as f64 / 1e6;
    let moves: u64 = rows.iter().map(|r| r.moves).sum();
    let thinking: f64 = rows.iter().map(|r| seconds(r.think_us)).sum();
    let max_thinking = rows.iter().map(|r| seconds(r.think_us)).fold(0.0, f64::max);
    let longest_turn = rows.iter().map(|r| seconds(r.longest_us)).fold(0.0, f64::max);
    say!(
        text,
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
    say!(text,
        "# {label}moves/game {:.1}  think/game {:.3} s (max {:.3} s, longest turn {:.3} s)  points/think-s {:.0}  ends: {}",
        moves as f64 / count,
        thinking / count,
        max_thinking,
        longest_turn,
        scores.iter().sum::<f64>() / thinking.max(1e-9),
        ends.join(", ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(bot: &str, seed: u64, score: u64, end: &str) -> Row {
        Row {
            bot: bot.into(),
            seed,
            score,
            moves: 10,
            end: end.into(),
            think_us: 2_000_000,
            longest_us: 50_000,
            detail: String::new(),
        }
    }

    #[test]
    fn the_summary_reports_means_ends_and_the_bots_table() {
        let a = vec![row("A", 1, 100, "full"), row("A", 2, 300, "full"), row("A", 3, 200, "crash")];
        let text = summary(&vec![("A".into(), a.clone())], None);
        assert!(
            text.starts_with("# games 3  mean 200.0 ± 115.5  median 200.0  min 100  max 300\n"),
            "{text}"
        );
        assert!(text.contains("ends: crash 1, full 2"), "{text}");
        let b = vec![row("B", 1, 110, "full"), row("B", 2, 330, "full"), row("B", 3, 190, "full")];
        let c = vec![row("c<", 1, 100, "full"), row("c<", 2, 300, "full"), row("c<", 3, 200, "full")];
        let bots = group(a.iter().chain(&b).chain(&c)).unwrap();
        let text = summary(&bots, None);
        // Differences 10, 30, -10: mean 10, standard deviation 20, 2 s.e. 2 * 20 / sqrt(3) = 23.1.
        assert!(text.starts_with("# A games 3  mean 200.0"), "{text}");
        let table: Vec<&str> = text.lines().skip(6).collect();
        assert_eq!(
            table,
            [
                "# bot  games  mean ± 2 s.e.  bot - A (paired)  better  worse",
                "# A        3  200.0 ± 115.5",
                "# B        3  210.0 ± 128.6      +10.0 ± 23.1       2      1",
                "# c<       3  200.0 ± 115.5        +0.0 ± 0.0       0      0",
            ],
            "{text}"
        );
        assert_eq!(differences(&a, &b), [10.0, 30.0, -10.0]);
        assert_eq!(summary(&Vec::new(), None), "# no games\n");
        let unpaired = [row("A", 1, 0, "full"), row("B", 2, 0, "full")];
        assert!(group(&unpaired).unwrap_err().contains("do not pair up"));
    }
}
