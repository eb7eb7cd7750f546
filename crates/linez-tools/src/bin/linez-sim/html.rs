//! The run's page (`--html FILE` during a run, `linez-sim html` from games files): the summary the
//! terminal prints, the games file's lines themselves, and Linez's script (`page/linez.js`), which
//! rebuilds every board from the recorded moves and placements, in the match kit's page
//! ([`match_kit::page`]). Above the games, the bots table (`tally::table`: each bot's mean and
//! paired difference from the first), given to the script as `BOTS_TABLE`.

use linez_tools::games_file::Entry;
use match_kit::files::write_text;
use match_kit::page::{js_string, Page};
use std::path::Path;

const SCRIPT: &str = include_str!("page/linez.js");
const STYLE: &str = include_str!("page/linez.css");

/// The page of `games` (each game's summary line and its moves) under `summary`.
///
/// # Errors
/// A game without its moves (a games file written before they were recorded), or bots whose
/// games do not pair up seed by seed.
pub fn render(games: &[Entry], summary: &str) -> Result<String, String> {
    let mut text = String::new();
    for (row, play) in games {
        let play = play.as_ref().ok_or_else(|| {
            format!(
                "game {} seed {} has no moves in the games file (written before linez-sim recorded them): \
                 play it again with --games-file or --html",
                row.bot, row.seed
            )
        })?;
        text.push_str(&row.to_line());
        text.push('\n');
        text.push_str(&play.to_line());
        text.push('\n');
    }
    let bots = crate::tally::group(games.iter().map(|(row, _)| row))?;
    let array = |cells: [String; 6]| {
        format!("[{}]", cells.iter().map(|cell| js_string(cell)).collect::<Vec<_>>().join(","))
    };
    let rows: Vec<String> = crate::tally::table(&bots).into_iter().map(|row| array(row.cells())).collect();
    let columns = array(crate::tally::table_columns(bots.first().map_or("A", |(name, _)| name)));
    let script =
        format!("const BOTS_TABLE = {{ columns: {columns}, rows: [{}] }};\n{SCRIPT}", rows.join(","));
    let title = format!("linez-sim: {} games", games.len());
    Ok(Page {
        title: &title,
        summary,
        records: &text,
        records_name: "games.txt",
        script: &script,
        style: STYLE,
    }
    .render())
}

/// Writes the page of `games` to `path`, whole or not at all.
///
/// # Errors
/// A game without its moves, or the file cannot be written.
pub fn write(path: &Path, games: &[Entry], summary: &str) -> Result<(), String> {
    write_text(path, &render(games, summary)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use linez_tools::games_file::{Play, Row};

    #[test]
    fn the_page_holds_the_games_and_refuses_a_game_without_moves() {
        let row = Row::parse("<b>&amp; 7 0 0 limit 0.000000 0.000000").unwrap();
        let start = ".".repeat(81);
        let play = Play::parse(&format!("+ <b>&amp; 7 letter-row {start} 123 0")).unwrap();
        let page = render(&[(row.clone(), Some(play))], "# games 1").unwrap();
        let records = format!("{}\n+ <b>&amp; 7 letter-row {start} 123 0\n", row.to_line());
        assert!(page.contains(&format!("const RECORDS = {};", js_string(&records))));
        assert!(page.contains("<pre id=\"summary\"># games 1</pre>"));
        let table = "const BOTS_TABLE = { columns: [\"bot\",\"games\",\"mean ± 2 s.e.\",\
                     \"bot - \\u003cb>&amp; (paired)\",\"better\",\"worse\"], \
                     rows: [[\"\\u003cb>&amp;\",\"1\",\"0.0 ± 0.0\",\"\",\"\",\"\"]] };";
        assert!(page.contains(table), "{page}");
        let error = render(&[(row, None)], "").unwrap_err();
        assert!(error.contains("game <b>&amp; seed 7 has no moves"), "{error}");
    }
}
