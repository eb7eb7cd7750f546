//! A tournament's tally and summary, made from the game records alone (so that `merge` and `html`
//! rebuild a tournament from its records, shards included): the cross table, the ratings fitted to
//! all games at once (`match_kit::stats::Ratings`), the game ends, and each engine's losses and
//! answer times. Records of more than two engines are a tournament's.

use crate::record::Record;
use crate::referee::Reason;
use crate::tally::{times_table, EngineTotals};
use hex::Color;
use match_kit::stats::{CrossTable, Ratings, PRIOR_DRAWS};
use std::fmt::Write as _;

/// Everything a tournament's summary reports.
#[derive(Default)]
pub struct TournamentTally {
    pub table: CrossTable,
    /// Each engine's totals, in the table's order.
    pub totals: Vec<EngineTotals>,
    pub reasons: [usize; Reason::ALL.len()],
    pub red_wins: usize,
    pub games: usize,
}

impl TournamentTally {
    /// A tally of `names` (the tournament's order) with no games yet.
    pub fn new(names: &[String]) -> TournamentTally {
        let mut tally = TournamentTally::default();
        for name in names {
            tally.engine(name);
        }
        tally
    }

    fn engine(&mut self, name: &str) -> usize {
        let i = self.table.engine(name);
        if i == self.totals.len() {
            self.totals.push(EngineTotals::default());
        }
        i
    }

    pub fn add(&mut self, record: &Record) {
        let (red, blue) = (self.engine(&record.red), self.engine(&record.blue));
        self.totals[red].add_game(record, Color::Red);
        self.totals[blue].add_game(record, Color::Blue);
        let red_won = record.winner == Color::Red;
        self.table.add(red, blue, if red_won { 1.0 } else { 0.0 });
        self.reasons[record.reason as usize] += 1;
        self.red_wins += usize::from(red_won);
        self.games += 1;
    }

    /// `3 - 1`: the points of `a` and `b` against each other so far.
    pub fn pair_score(&self, a: &str, b: &str) -> String {
        let names = self.table.names();
        match (names.iter().position(|n| n == a), names.iter().position(|n| n == b)) {
            (Some(i), Some(j)) => format!("{} - {}", self.table.points(i, j), self.table.points(j, i)),
            _ => "0 - 0".to_string(),
        }
    }

    /// The ratings fitted to the games so far (`None` before the games connect every engine).
    pub fn ratings(&self) -> Option<Ratings> {
        Ratings::fit(&self.table, PRIOR_DRAWS).ok()
    }
}

/// Whether `records` are a tournament's: more than two engines play in them.
pub fn is_tournament(records: &[Record]) -> bool {
    let mut names: Vec<&str> = Vec::new();
    for record in records {
        for name in [&record.red, &record.blue] {
            if !names.contains(&name.as_str()) {
                names.push(name);
                if names.len() > 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// The tournament's summary under `first_line`: the cross table (engines by rating), the rating
/// list, red's wins, the game ends, each engine's losses and answer times.
pub fn summary(first_line: &str, tally: &TournamentTally) -> String {
    let mut out = String::new();
    if tally.games == 0 {
        out.push_str("no games played\n");
        return out;
    }
    let _ = writeln!(out, "{first_line}");
    let ratings = tally.ratings();
    let order = ratings.as_ref().map_or_else(|| (0..tally.table.len()).collect(), Ratings::order);
    let _ = writeln!(out, "cross table (the row's points against the column, of the games they played):");
    out.push_str(&tally.table.render(&order));
    match &ratings {
        Some(ratings) => {
            let _ = writeln!(
                out,
                "ratings (logistic Elo fitted to all games at once, mean 0, ± 95% interval; one virtual draw a pairing):"
            );
            out.push_str(&ratings.render(&tally.table));
        }
        None => out.push_str("ratings: not yet (the games so far do not connect every engine)\n"),
    }
    let games = tally.games;
    let _ = writeln!(
        out,
        "red won {} of {games} ({:.1}%)",
        tally.red_wins,
        100.0 * tally.red_wins as f64 / games as f64
    );
    let ends: Vec<String> =
        Reason::ALL.iter().map(|r| format!("{} {}", r.as_str(), tally.reasons[*r as usize])).collect();
    let _ = writeln!(out, "game ends: {}", ends.join(", "));
    let names = tally.table.names();
    let width = names.iter().map(String::len).max().unwrap_or(0).max("losses/times".len());
    let rows: Vec<(&String, &EngineTotals)> = order.iter().map(|&i| (&names[i], &tally.totals[i])).collect();
    out.push_str(&times_table(&rows, width));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: usize, red: &str, blue: &str, winner: &str) -> Record {
        Record::parse(&format!(
            "game={game} seed=1 red={red} blue={blue} winner={winner} reason=connect opening=- \
             moves=a1,b2 times=1,2 late=0,0 detail="
        ))
        .unwrap()
    }

    #[test]
    fn a_tournament_is_tallied_from_its_records() {
        let records = [
            record(1, "x", "y", "red"),
            record(2, "y", "x", "blue"),
            record(3, "x", "z", "red"),
            record(4, "z", "x", "red"),
            record(5, "y", "z", "blue"),
        ];
        assert!(is_tournament(&records) && !is_tournament(&records[..2]));
        let mut tally = TournamentTally::new(&[]);
        for r in &records {
            tally.add(r);
        }
        assert_eq!(tally.table.names(), ["x", "y", "z"]);
        assert_eq!(tally.pair_score("x", "y"), "2 - 0");
        assert_eq!(tally.pair_score("z", "x"), "1 - 1");
        assert_eq!((tally.totals[0].wins, tally.totals[0].games_as), (3, [2, 2]));
        assert_eq!((tally.red_wins, tally.games), (3, 5));
        let text = summary("5 games", &tally);
        assert!(text.starts_with("5 games\ncross table"), "{text}");
        assert!(text.contains("\n1. x  ") && text.contains(" ± "), "{text}");
        assert!(text.contains("game ends: connect 5,"), "{text}");
    }
}
