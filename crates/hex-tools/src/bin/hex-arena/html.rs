//! The match page (`--html FILE` during a match, `hex-arena html` from records): the summary the
//! terminal prints, the records themselves, and Hex's script (`page/hex.js`), which rebuilds every
//! position from the moves and draws the board, the move list and the engines' win estimates, in
//! the match kit's page ([`match_kit::page`]).

use crate::record::Record;
use match_kit::files::write_text;
use match_kit::page::Page;
use std::path::Path;

const SCRIPT: &str = include_str!("page/hex.js");
const STYLE: &str = include_str!("page/hex.css");

/// The page of `records` (in game order) under `summary`.
pub fn render(records: &[Record], summary: &str) -> String {
    let text: String = records.iter().map(|record| record.to_line() + "\n").collect();
    let names = records.first().map_or(("A".to_string(), "B".to_string()), |r| {
        if r.game % 2 == 1 {
            (r.red.clone(), r.blue.clone())
        } else {
            (r.blue.clone(), r.red.clone())
        }
    });
    let title = format!("hex-arena: {} vs {}, {} games", names.0, names.1, records.len());
    Page { title: &title, summary, records: &text, records_name: "records.txt", script: SCRIPT, style: STYLE }
        .render()
}

/// Writes the page of `records` to `path`, whole or not at all.
///
/// # Errors
/// The file cannot be written.
pub fn write(path: &Path, records: &[Record], summary: &str) -> Result<(), String> {
    write_text(path, &render(records, summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_holds_the_records_and_the_summary() {
        let line = "game=2 seed=7 red=uct blue=hex winner=blue reason=connect opening=- moves=a1,b2,c3 \
                    times=1.0,2.0,3.0 late=0,0 messages=,51%25, detail=";
        let record = Record::parse(line).unwrap();
        let page = render(&[record], "A hex wins 1 of 1 <all>");
        assert!(page.contains("<title>hex-arena: hex vs uct, 1 games</title>"), "A is blue in even games");
        assert!(page.contains("A hex wins 1 of 1 &lt;all&gt;"));
        assert!(page.contains(&format!("const RECORDS = \"{line}\\n\";")));
        assert!(page.contains("const GAME = ") && page.contains("GAME.load(RECORDS)"));
    }
}
