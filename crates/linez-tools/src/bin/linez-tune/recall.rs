//! The recall mode: how often the teacher's choice ([`super::label`]) is among today's candidates,
//! the 1-ply ranking's top 1, 8 and 16, by band of numbers on the board.

use super::label::Label;
use super::{thread_cpu, tuned_bot, Config};
use linez::{effort_of_units, Bot};

/// The bands of numbers on the board the table splits by: open boards (no rollouts), crowded ones,
/// the death phase.
pub(crate) const BANDS: [(&str, u32, u32); 3] = [("<40", 0, 39), ("40-51", 40, 51), ("52+", 52, 81)];
/// The ranking's tops the table counts the teacher's choice in.
const TOPS: [usize; 4] = [1, 8, 16, 24];

/// The units today's bot usually spends on a move of each band at the start of a game on its
/// schedule (`effort_for` at the protocol's budget: 480 depth-1 samples on open boards, 2 and 4
/// shares of 15,050 units on crowded ones): `--agree`'s budgets.
const USUAL_UNITS: [u64; 3] = [480, 30_000, 60_000];

/// Whether today's bot, at its usual units of the label's band, chooses the teacher's move.
fn agrees(bot: &Bot, label: &Label) -> bool {
    let band = BANDS.iter().position(|&(_, lo, hi)| (lo..=hi).contains(&label.numbers())).expect("a band");
    let effort = effort_of_units(USUAL_UNITS[band], bot.sample_cost(&label.board));
    bot.choose_with(&label.board, label.next_three, effort) == label.choice
}

/// The labels of `paths` (comment lines skipped).
pub(crate) fn read_labels(paths: &[String]) -> Result<Vec<Label>, String> {
    let mut labels = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
            labels.push(Label::parse(line).map_err(|e| format!("{path}: {e}"))?);
        }
    }
    Ok(labels)
}

/// One row of the table: positions, then the share (in per cent) of teacher's choices within each
/// of [`TOPS`], the mean rank of the choice and the mean count of candidates.
fn row(labels: &[&Label]) -> (usize, Vec<f64>, f64, f64) {
    let n = labels.len().max(1) as f64;
    let shares = TOPS
        .iter()
        .map(|&top| 100.0 * labels.iter().filter(|l| l.choice_rank() <= top).count() as f64 / n)
        .collect();
    let rank = labels.iter().map(|l| l.choice_rank() as f64).sum::<f64>() / n;
    let candidates = labels.iter().map(|l| l.candidates.len() as f64).sum::<f64>() / n;
    (labels.len(), shares, rank, candidates)
}

/// The recall mode: prints the table (a markdown table); with `agree`, a column more: how often
/// today's bot at its usual units of the band chooses the teacher's move.
pub(crate) fn recall(config: &Config, paths: &[String], agree: bool) -> Result<(), String> {
    let labels = read_labels(paths)?;
    if labels.is_empty() {
        return Err("recall: no labels".into());
    }
    let start = thread_cpu();
    let agreed: Vec<bool> = if agree {
        let bot = tuned_bot(config, config.weights);
        labels.iter().map(|label| agrees(&bot, label)).collect()
    } else {
        Vec::new()
    };
    let tops: Vec<String> = TOPS.iter().map(|top| format!("recall@{top}")).collect();
    let extra = if agree { " today's choice |" } else { "" };
    println!("| numbers | positions | {} | mean rank | candidates |{extra}", tops.join(" | "));
    println!("|---|---|{}---|---|{}", "---|".repeat(TOPS.len()), if agree { "---|" } else { "" });
    let all: Vec<usize> = (0..labels.len()).collect();
    let bands = BANDS.iter().map(|&(name, lo, hi)| {
        (
            name,
            all.iter().copied().filter(|&at| (lo..=hi).contains(&labels[at].numbers())).collect::<Vec<_>>(),
        )
    });
    for (name, band) in bands.chain([("all", all.clone())]) {
        let (count, shares, rank, candidates) = row(&band.iter().map(|&at| &labels[at]).collect::<Vec<_>>());
        let shares: Vec<String> = shares.iter().map(|share| format!("{share:.1}%")).collect();
        let same = if agree {
            let share =
                100.0 * band.iter().filter(|&&at| agreed[at]).count() as f64 / band.len().max(1) as f64;
            format!(" {share:.1}% |")
        } else {
            String::new()
        };
        println!("| {name} | {count} | {} | {rank:.2} | {candidates:.1} |{same}", shares.join(" | "));
    }
    if agree {
        eprintln!("today's choices: {:.1} s CPU", thread_cpu() - start);
    }
    Ok(())
}
