//! The match page (`--html FILE` during a match, `hex-arena html` from records): the summary the
//! terminal prints, the records themselves, and Hex's script (`page/hex.js`), which rebuilds every
//! position from the moves and draws the board, the move list and the engines' win estimates, in
//! the match kit's page ([`match_kit::page`]). A tournament's page also holds its standings (the
//! cross table and the rating list, as `STANDINGS`), which the script shows above the games.

use crate::record::Record;
use crate::tournament::TournamentTally;
use match_kit::page::{js_string, Page};

const SCRIPT: &str = include_str!("page/hex.js");
const STYLE: &str = include_str!("page/hex.css");

/// The page of `records` (in game order) under `summary`, with a tournament's standings.
pub fn render(records: &[Record], summary: &str, tournament: Option<&TournamentTally>) -> String {
    let text: String = records.iter().map(|record| record.to_line() + "\n").collect();
    let (title, standings) = match tournament {
        Some(tally) => (
            format!("hex-arena: a tournament of {} engines, {} games", tally.table.len(), records.len()),
            standings(tally),
        ),
        None => {
            let names = records.first().map_or(("A".to_string(), "B".to_string()), |r| {
                if r.game % 2 == 1 {
                    (r.red.clone(), r.blue.clone())
                } else {
                    (r.blue.clone(), r.red.clone())
                }
            });
            (format!("hex-arena: {} vs {}, {} games", names.0, names.1, records.len()), "null".to_string())
        }
    };
    let script = format!("const STANDINGS = {standings};\n{SCRIPT}");
    Page {
        title: &title,
        summary,
        records: &text,
        records_name: "records.txt",
        script: &script,
        style: STYLE,
    }
    .render()
}

/// A tournament's standings as a JavaScript object, engines by rating: `names`, `elo` and
/// `interval` (half the 95% interval; `null` before the games connect every engine), `points` and
/// `games` (the row's against the column's).
fn standings(tally: &TournamentTally) -> String {
    let table = &tally.table;
    let ratings = tally.ratings();
    let order: Vec<usize> = ratings.as_ref().map_or_else(|| (0..table.len()).collect(), |r| r.order());
    let list = |items: Vec<String>| format!("[{}]", items.join(","));
    let number = |v: f64| if v.is_finite() { format!("{v:.1}") } else { "null".to_string() };
    let names = list(order.iter().map(|&i| js_string(&table.names()[i])).collect());
    let (elo, interval) = match &ratings {
        Some(r) => (
            list(order.iter().map(|&i| number(r.elo[i])).collect()),
            list(order.iter().map(|&i| number(r.interval(i))).collect()),
        ),
        None => ("null".to_string(), "null".to_string()),
    };
    let matrix = |cell: &dyn Fn(usize, usize) -> String| {
        list(order.iter().map(|&i| list(order.iter().map(|&j| cell(i, j)).collect())).collect())
    };
    let points = matrix(&|i, j| format!("{}", table.points(i, j)));
    let games = matrix(&|i, j| table.games(i, j).to_string());
    format!(
        "{{\"names\":{names},\"elo\":{elo},\"interval\":{interval},\"points\":{points},\"games\":{games}}}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_holds_the_records_and_the_summary() {
        let line = "game=2 seed=7 red=uct blue=hex winner=blue reason=connect opening=- moves=a1,b2,c3 \
                    times=1.0,2.0,3.0 late=0,0 messages=,51%25, detail=";
        let record = Record::parse(line).unwrap();
        let page = render(&[record], "A hex wins 1 of 1 <all>", None);
        assert!(page.contains("<title>hex-arena: hex vs uct, 1 games</title>"), "A is blue in even games");
        assert!(page.contains("A hex wins 1 of 1 &lt;all&gt;"));
        assert!(page.contains(&format!("const RECORDS = \"{line}\\n\";")));
        assert!(page.contains("const STANDINGS = null;"));
        assert!(page.contains("const GAME = ") && page.contains("GAME.load(RECORDS)"));
    }

    #[test]
    fn a_tournament_page_holds_its_standings_with_the_names_escaped() {
        let records: Vec<Record> = [("x</script>", "y", "red"), ("y", "z", "blue"), ("z", "x</script>", "red")]
            .iter()
            .enumerate()
            .map(|(i, (red, blue, winner))| {
                Record::parse(&format!(
                    "game={} seed=1 red={red} blue={blue} winner={winner} reason=connect opening=- moves=a1 times=1 late=0,0 detail=",
                    i + 1
                ))
                .unwrap()
            })
            .collect();
        let mut tally = TournamentTally::new(&[]);
        records.iter().for_each(|r| tally.add(r));
        let page = render(&records, "3 games", Some(&tally));
        assert!(page.contains("<title>hex-arena: a tournament of 3 engines, 3 games</title>"));
        let standings = page.lines().find(|l| l.starts_with("const STANDINGS = {")).unwrap();
        assert!(standings.contains("\"x\\u003c/script>\"") && !standings.contains("</"), "{standings}");
        assert!(standings.contains("\"games\":[[0,1,1],[1,0,1],[1,1,0]]"), "{standings}");
    }
}
