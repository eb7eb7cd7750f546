//! The run's tally, made from the games file's summary lines alone (so that merging the files of a
//! run's shards gives the whole run's summary): the summary lines (mean ± 2 s.e., median, moves,
//! thinking, ends; with `--compare` the paired differences and the SPRT) and `merge`.

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

/// The summary line of a played game (`bot` A, or B for `--compare`'s).
pub fn row_of(bot: char, record: &GameRecord) -> Row {
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

/// B's score minus A's on each seed both played.
pub fn differences(a: &[Row], b: &[Row]) -> Vec<f64> {
    a.iter().zip(b).map(|(a, b)| b.score as f64 - a.score as f64).collect()
}

/// The games of games files (`--games-file` outputs, e.g. of a run's shards), and the summary the
/// whole run prints, under a first line naming the files.
///
/// # Errors
/// A file that cannot be read, a malformed line (file and line named), or A and B games that do
/// not pair up seed by seed.
pub fn merge(files: &[PathBuf]) -> Result<(Vec<Entry>, String), String> {
    let games = games_file::read_files(files)?;
    let (rows_a, rows_b): (Vec<Row>, Vec<Row>) =
        games.iter().map(|(row, _)| row.clone()).partition(|r| r.bot == 'A');
    // With --compare each seed's B line follows its A line.
    let compared = !rows_b.is_empty();
    if compared && (rows_a.len() != rows_b.len() || rows_a.iter().zip(&rows_b).any(|(a, b)| a.seed != b.seed))
    {
        return Err("the files' A and B games do not pair up seed by seed".to_string());
    }
    let mut text = format!("# linez-sim merge: {} games from {} files\n", rows_a.len(), files.len());
    text.push_str(&summary(&rows_a, compared.then_some(rows_b.as_slice()), None));
    Ok((games, text))
}

/// One line of the summary text.
macro_rules! say {
    ($text:expr, $($arg:tt)*) => {{
        let _ = writeln!($text, $($arg)*);
    }};
}

/// The summary of A's games, and with `--compare` of B's and of the paired differences B - A.
pub fn summary(rows_a: &[Row], rows_b: Option<&[Row]>, sprt: Option<&Sprt>) -> String {
    let mut text = String::new();
    let Some(rows_b) = rows_b else {
        summarise(&mut text, "", rows_a);
        return text;
    };
    summarise(&mut text, "A ", rows_a);
    summarise(&mut text, "B ", rows_b);
    let differences = differences(rows_a, rows_b);
    if let Some(paired) = Summary::of(&differences) {
        let mean = |rows: &[Row]| rows.iter().map(|r| r.score as f64).sum::<f64>() / rows.len() as f64;
        say!(
            text,
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

    fn row(bot: char, seed: u64, score: u64, end: &str) -> Row {
        Row {
            bot,
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
    fn the_summary_reports_means_ends_and_paired_differences() {
        let a = [row('A', 1, 100, "full"), row('A', 2, 300, "full"), row('A', 3, 200, "crash")];
        let text = summary(&a, None, None);
        assert!(
            text.starts_with("# games 3  mean 200.0 ± 115.5  median 200.0  min 100  max 300\n"),
            "{text}"
        );
        assert!(text.contains("ends: crash 1, full 2"), "{text}");
        let b = [row('B', 1, 110, "full"), row('B', 2, 330, "full"), row('B', 3, 190, "full")];
        let text = summary(&a, Some(&b), None);
        // Differences 10, 30, -10: mean 10, standard deviation 20, 2 s.e. 2 * 20 / sqrt(3) = 23.1.
        assert!(text.starts_with("# A games 3  mean 200.0"), "{text}");
        assert!(text.contains("# B - A  mean +10.0 ± 23.1 (paired, 3 seeds)  A 200.0  B 210.0"), "{text}");
        assert_eq!(differences(&a, &b), [10.0, 30.0, -10.0]);
        assert_eq!(summary(&[], None, None), "# no games\n");
    }
}
