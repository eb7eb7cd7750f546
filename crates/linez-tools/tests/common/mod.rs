//! What the linez-sim tests share.

/// The summary lines (`# ...` after the games), with the thinking times cut out of the
/// moves/game lines (two runs never think equally long).
pub fn tallies(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .skip(1)
        .filter(|line| line.starts_with("# "))
        .map(|line| match (line.find("think/game"), line.find("ends:")) {
            (Some(think), Some(ends)) => format!("{}{}", &line[..think], &line[ends..]),
            _ => line.to_string(),
        })
        .collect()
}
