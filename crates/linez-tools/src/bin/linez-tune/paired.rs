//! The paired mode: B - A of a field over the games or positions two outputs of this tool hold.

use match_kit::stats::Summary;
use std::path::Path;

/// The `FIELD` value of each `seed S ...` or `position S/M ...` line of `text`, keyed by `S` or
/// `S/M` (the last occurrence of the field on a line).
fn field_values(text: &str, field: &str) -> Vec<(String, f64)> {
    text.lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() < 2 || !matches!(words[0], "seed" | "position") {
                return None;
            }
            let value = words.windows(2).rfind(|w| w[0] == field)?[1].parse().ok()?;
            Some((words[1].to_string(), value))
        })
        .collect()
}

/// The paired mode: B - A of `field` over the games or positions both outputs hold.
pub(crate) fn paired(a: &Path, b: &Path, field: &str) -> Result<(), String> {
    let read = match_kit::files::read_text;
    let first: std::collections::HashMap<String, f64> = field_values(&read(a)?, field).into_iter().collect();
    let pairs: Vec<(f64, f64)> = field_values(&read(b)?, field)
        .into_iter()
        .filter_map(|(key, value)| first.get(&key).map(|&before| (before, value)))
        .collect();
    let mean = |values: Vec<f64>| Summary::of(&values);
    let (Some(sa), Some(sb), Some(d)) = (
        mean(pairs.iter().map(|p| p.0).collect()),
        mean(pairs.iter().map(|p| p.1).collect()),
        mean(pairs.iter().map(|p| p.1 - p.0).collect()),
    ) else {
        return Err(format!("no {field:?} in lines both {} and {} hold", a.display(), b.display()));
    };
    println!(
        "pairs {}  A {:.2}  B {:.2}  B-A {:+.2} +- {:.2} (2 s.e.)",
        d.count, sa.mean, sb.mean, d.mean, d.two_se
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_values_pair_games_and_positions_by_their_keys() {
        let text = "# header\nseed 3 score 120 moves 40\nposition 1001/1 moves 7 points 30 moves 9\nmean 5\n";
        assert_eq!(field_values(text, "moves"), vec![("3".to_string(), 40.0), ("1001/1".to_string(), 9.0)]);
        assert_eq!(field_values(text, "score"), vec![("3".to_string(), 120.0)]);
    }
}
