//! The command line's typed values, each checked by clap before anything runs (a bad one is an
//! error naming its option, with the usage, exit 2): clocks, opening lists, shards, the sequential
//! test's hypotheses and error rates, GTP colour words, and engine command lines (split like a
//! shell does).

use clap::Args;
use hex::Cell;
use match_kit::pool::Shard;
use match_kit::stats::{self, Sprt};
use std::path::Path;
use std::time::Duration;

/// A clock `FIRST/MOVE` in milliseconds: the first answer's limit, then every later one's.
pub fn clock(text: &str) -> Result<(Duration, Duration), String> {
    let bad = || format!("expected FIRST/MOVE in milliseconds (e.g. 1000/100), found {text:?}");
    let (first, per_move) = text.split_once('/').ok_or_else(bad)?;
    let first: u64 = first.parse().map_err(|_| bad())?;
    let per_move: u64 = per_move.parse().map_err(|_| bad())?;
    if first == 0 || per_move == 0 {
        return Err(bad());
    }
    Ok((Duration::from_millis(first), Duration::from_millis(per_move)))
}

/// A count of at least 1 (games, jobs).
pub fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number of at least 1, found {text:?}")),
    }
}

/// `--jobs`: 1 to 1024.
pub fn jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(format!("expected a number of jobs from 1 to 1024, found {text:?}")),
    }
}

/// A list of cells (`--openings`), one value to clap.
#[derive(Clone, Debug, PartialEq)]
pub struct Cells(pub Vec<Cell>);

/// An opening list: `all`, cells separated by commas or spaces (`a1,b2`), or `@FILE` (cells
/// separated by spaces, commas or lines; the file may be gzip).
pub fn openings(text: &str) -> Result<Cells, String> {
    if text == "all" {
        return Ok(Cells(Cell::all().collect()));
    }
    let content = match text.strip_prefix('@') {
        Some(path) => match_kit::files::read_text(Path::new(path))?,
        None => text.to_string(),
    };
    let cells = content
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| word.parse::<Cell>().map_err(|()| format!("{word:?} is not a cell a1..k11")))
        .collect::<Result<Vec<_>, _>>()?;
    if cells.is_empty() {
        return Err("no cells given".to_string());
    }
    Ok(Cells(cells))
}

/// `--shard K/N`.
pub fn shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text)
}

/// `--sprt ELO0,ELO1`.
pub fn hypotheses(text: &str) -> Result<(f64, f64), String> {
    stats::parse_hypotheses(text)
}

/// `--alpha`, `--beta`: strictly between 0 and 0.5.
pub fn error_rate(text: &str) -> Result<f64, String> {
    stats::parse_error_rate(text)
}

/// `--gtp-colors RED,BLUE`: two different words.
pub fn gtp_colors(text: &str) -> Result<(String, String), String> {
    text.split_once(',')
        .filter(|(r, b)| !r.is_empty() && !b.is_empty() && r != b)
        .map(|(r, b)| (r.to_string(), b.to_string()))
        .ok_or_else(|| format!("expected RED,BLUE (e.g. black,white), found {text:?}"))
}

/// An engine's command line, checked for its quoting (the words are split again when the engine
/// is set up).
pub fn engine_command(text: &str) -> Result<String, String> {
    crate::engines::parse_engine(text)?;
    Ok(text.to_string())
}

/// The sequential test's options, shared by a match and `merge`.
#[derive(Args, Clone, Debug)]
pub struct SprtArgs {
    /// Stop when a sequential test decides H0 (A - B = ELO0 logistic Elo) against H1 (ELO1):
    /// GSPRT, pentanomial on opening pairs (binomial on single games without --openings); -n caps
    /// it
    #[arg(long, value_name = "ELO0,ELO1", value_parser = hypotheses, allow_hyphen_values = true)]
    pub sprt: Option<(f64, f64)>,
    /// --sprt false-positive rate
    #[arg(long, value_name = "A", default_value = "0.05", value_parser = error_rate)]
    pub alpha: f64,
    /// --sprt false-negative rate
    #[arg(long, value_name = "B", default_value = "0.05", value_parser = error_rate)]
    pub beta: f64,
}

impl SprtArgs {
    /// The test, if `--sprt` asked for one.
    pub fn sprt(&self) -> Option<Sprt> {
        self.sprt.map(|(h0, h1)| Sprt { h0, h1, alpha: self.alpha, beta: self.beta })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_or_say_what_they_expected() {
        assert_eq!(clock("1000/100"), Ok((Duration::from_secs(1), Duration::from_millis(100))));
        assert!(clock("100").unwrap_err().contains("FIRST/MOVE"));
        assert!(clock("0/100").is_err());
        assert_eq!(openings("all").unwrap().0.len(), 121);
        assert_eq!(openings("a1, b2").unwrap().0.len(), 2);
        assert!(openings("d5,z9").unwrap_err().contains("z9"));
        assert_eq!(shard("3/8"), Ok(Shard { index: 3, count: 8 }));
        assert!(shard("9/8").is_err());
        assert_eq!(hypotheses("-5,5"), Ok((-5.0, 5.0)));
        assert!(error_rate("0.7").is_err());
        assert!(positive("0").is_err() && jobs("1025").is_err() && jobs("2") == Ok(2));
        assert_eq!(gtp_colors("black,white"), Ok(("black".into(), "white".into())));
        assert!(gtp_colors("black,black").is_err());
    }
}
