//! The run's page (`--html FILE` during a run, `linez-sim html` from games files): the summary the
//! terminal prints, the games file's lines themselves, and Linez's script (`page/linez.js`), which
//! rebuilds every board from the recorded moves and placements, in the match kit's page
//! ([`match_kit::page`]).

use linez_tools::games_file::Entry;
use match_kit::files::write_text;
use match_kit::page::Page;
use std::path::Path;

const SCRIPT: &str = include_str!("page/linez.js");
const STYLE: &str = include_str!("page/linez.css");

/// The page of `games` (each game's summary line and its moves) under `summary`.
///
/// # Errors
/// A game without its moves (a games file written before they were recorded).
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
    let title = format!("linez-sim: {} games", games.len());
    Ok(Page {
        title: &title,
        summary,
        records: &text,
        records_name: "games.txt",
        script: SCRIPT,
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
        let row = Row::parse("A 7 0 0 limit 0.000000 0.000000").unwrap();
        let start = ".".repeat(81);
        let play = Play::parse(&format!("+ A 7 letter-row {start} 123 0")).unwrap();
        let page = render(&[(row.clone(), Some(play))], "# games 1").unwrap();
        assert!(page.contains(&format!(
            "const RECORDS = \"{}\\n+ A 7 letter-row {start} 123 0\\n\";",
            row.to_line()
        )));
        assert!(page.contains("<pre id=\"summary\"># games 1</pre>"));
        let error = render(&[(row, None)], "").unwrap_err();
        assert!(error.contains("game A seed 7 has no moves"), "{error}");
    }
}
