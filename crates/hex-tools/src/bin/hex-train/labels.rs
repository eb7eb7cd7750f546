//! Positions labelled by a deep search (the teacher: the bot's own search at 20,000 playouts, the
//! files of `crates/hex/data/labels/`, written by `hex-train label` up to commit 0f321a2), one line
//! each, `key=value` fields separated by single spaces, read by `hex-train balance`:
//!
//! ```text
//! game=17 winner=blue moves=d5,swap-pieces,f6 playouts=20000 value=0.6132 proven=0 best=e6 visits=e6:9120,f5:3301
//! ```
//!
//! `game` is the game's index among the labelled records' games that ended by a connection (the
//! index the trainers hold out every tenth game by), `winner` that game's real winner, `moves` the
//! moves that led to the position (the side to move follows from them), `value` the search's win
//! rate for the side to move (1 or 0 when `proven`), `best` its chosen move and `visits` each root
//! move's playouts (the moves with none left out), most visited first.

use hex::{Cell, Color, Game, Move};

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub game: usize,
    pub winner: Color,
    pub moves: Vec<Move>,
    pub playouts: u32,
    pub value: f32,
    pub proven: bool,
    pub best: Cell,
    pub visits: Vec<(Cell, u32)>,
}

impl Label {
    /// Parses a label line.
    ///
    /// # Errors
    /// A missing or malformed field, named in the message.
    pub fn parse(line: &str) -> Result<Label, String> {
        let field = |key: &str| -> Result<&str, String> {
            line.split(' ')
                .find_map(|pair| pair.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')))
                .ok_or_else(|| format!("missing field {key}="))
        };
        let bad = |key: &str, value: &str| format!("bad {key}={value}");
        fn list(value: &str) -> Vec<&str> {
            if value == "-" {
                Vec::new()
            } else {
                value.split(',').collect()
            }
        }
        let number = |key: &str| -> Result<f64, String> {
            let text = field(key)?;
            text.parse::<f64>().map_err(|_| bad(key, text))
        };
        let moves = list(field("moves")?)
            .into_iter()
            .map(|m| m.parse::<Move>().map_err(|()| bad("moves", m)))
            .collect::<Result<Vec<_>, _>>()?;
        let visits = list(field("visits")?)
            .into_iter()
            .map(|pair| {
                let (cell, n) = pair.split_once(':').ok_or_else(|| bad("visits", pair))?;
                Ok((
                    cell.parse().map_err(|()| bad("visits", pair))?,
                    n.parse().map_err(|_| bad("visits", pair))?,
                ))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let (game, winner, best, proven) =
            (field("game")?, field("winner")?, field("best")?, field("proven")?);
        Ok(Label {
            game: game.parse().map_err(|_| bad("game", game))?,
            winner: winner.parse().map_err(|()| bad("winner", winner))?,
            moves,
            playouts: number("playouts")? as u32,
            value: number("value")? as f32,
            proven: match proven {
                "0" => false,
                "1" => true,
                _ => return Err(bad("proven", proven)),
            },
            best: best.parse().map_err(|()| bad("best", best))?,
            visits,
        })
    }

    /// The labelled position, replayed from its moves.
    ///
    /// # Errors
    /// A move that is not legal where it is played.
    pub fn game_position(&self) -> Result<Game, String> {
        let mut game = Game::new();
        for mv in &self.moves {
            game.play(*mv).map_err(|e| format!("game {}: {e}", self.game))?;
        }
        Ok(game)
    }
}

/// The labels of `paths`, file by file in their order; blank lines and `#` comments are skipped.
///
/// # Errors
/// A file that cannot be read (plain or gzip), or a line that is not a label (its file and line named).
pub fn read_labels<P: AsRef<std::path::Path>>(paths: &[P]) -> Result<Vec<Label>, String> {
    let mut labels = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let text = match_kit::files::read_text(path)?;
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            labels.push(
                Label::parse(line).map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?,
            );
        }
    }
    Ok(labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_line_parses_and_replays() {
        let line = "game=17 winner=blue moves=d5,swap-pieces,f6 playouts=20000 value=0.6132 proven=0 best=e6 visits=e6:9120,f5:3301";
        let label = Label {
            game: 17,
            winner: Color::Blue,
            moves: vec!["d5".parse().unwrap(), Move::Swap, "f6".parse().unwrap()],
            playouts: 20_000,
            value: 0.6132,
            proven: false,
            best: "e6".parse().unwrap(),
            visits: vec![("e6".parse().unwrap(), 9120), ("f5".parse().unwrap(), 3301)],
        };
        assert_eq!(Label::parse(line).unwrap(), label);
        let game = label.game_position().unwrap();
        assert_eq!(game.to_move(), Color::Blue, "after d5, swap and f6 blue moves");
        let empty = Label { moves: Vec::new(), visits: Vec::new(), ..label };
        let line = "game=17 winner=blue moves=- playouts=20000 value=0.6132 proven=0 best=e6 visits=-";
        assert_eq!(Label::parse(line).unwrap(), empty);
    }

    #[test]
    fn a_malformed_label_names_its_field() {
        let good = "game=1 winner=red moves=a1 playouts=10 value=0.5 proven=0 best=b2 visits=b2:10";
        assert!(Label::parse(good).is_ok());
        for (bad, field) in [
            (good.replace("winner=red", "winner=green"), "winner"),
            (good.replace("proven=0", "proven=2"), "proven"),
            (good.replace("b2:10", "b2"), "visits"),
            (good.replace(" value=0.5", ""), "value"),
            (good.replace("moves=a1", "moves=z9"), "moves"),
        ] {
            let error = Label::parse(&bad).unwrap_err();
            assert!(error.contains(field), "{bad}: {error}");
        }
    }
}
