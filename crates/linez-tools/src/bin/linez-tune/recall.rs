//! The recall mode: how often the teacher's choice ([`super::label`]) is among today's candidates,
//! the 1-ply ranking's top 1, 8 and 16, by band of numbers on the board.

use super::label::Label;

/// The bands of numbers on the board the table splits by: open boards (no rollouts), crowded ones,
/// the death phase.
const BANDS: [(&str, u32, u32); 3] = [("<40", 0, 39), ("40-51", 40, 51), ("52+", 52, 81)];
/// The ranking's tops the table counts the teacher's choice in.
const TOPS: [usize; 4] = [1, 8, 16, 24];

/// The labels of `paths` (comment lines skipped).
fn read_labels(paths: &[String]) -> Result<Vec<Label>, String> {
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

/// The recall mode: prints the table (a markdown table).
pub(crate) fn recall(paths: &[String]) -> Result<(), String> {
    let labels = read_labels(paths)?;
    if labels.is_empty() {
        return Err("recall: no labels".into());
    }
    let tops: Vec<String> = TOPS.iter().map(|top| format!("recall@{top}")).collect();
    println!("| numbers | positions | {} | mean rank | candidates |", tops.join(" | "));
    println!("|---|---|{}---|---|", "---|".repeat(TOPS.len()));
    let all: Vec<&Label> = labels.iter().collect();
    let bands = BANDS.iter().map(|&(name, lo, hi)| {
        (name, labels.iter().filter(|l| (lo..=hi).contains(&l.numbers())).collect::<Vec<_>>())
    });
    for (name, band) in bands.chain([("all", all)]) {
        let (count, shares, rank, candidates) = row(&band);
        let shares: Vec<String> = shares.iter().map(|share| format!("{share:.1}%")).collect();
        println!("| {name} | {count} | {} | {rank:.2} | {candidates:.1} |", shares.join(" | "));
    }
    Ok(())
}
