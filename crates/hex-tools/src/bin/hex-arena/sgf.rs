//! Games as SGF, the format HexGui (and the other Hex tools) read and write:
//!
//! ```text
//! (;FF[4]GM[11]SZ[11]AP[hex-arena]GN[game 5]PB[hex]PW[uct]RE[B+]C[seed 17, connect];B[c3];W[swap-pieces];B[h4])
//! ```
//!
//! `GM[11]` is Hex. Red moves first and is SGF's black (`B`, `PB`), blue is white, as in GTP; cells
//! are named as the referee names them (`d5`: letter = column, number = row), and blue's swap is the
//! move `W[swap-pieces]`, HexGui's name for it (the stone moves to the mirrored cell, blue's).
//! `RE[B+]`/`RE[W+]` name the winner; how the game ended and its seed go in the comment.

use crate::record::Record;
use hex::Color;
#[cfg(test)]
use hex::Move;

/// One game tree for `record` (no line break).
pub fn game(record: &Record) -> String {
    let winner = match record.winner {
        Color::Red => "B+",
        Color::Blue => "W+",
    };
    let mut text = format!(
        "(;FF[4]GM[11]SZ[11]AP[hex-arena]GN[game {}]PB[{}]PW[{}]RE[{winner}]C[seed {}, {}]",
        record.game,
        escape(&record.red),
        escape(&record.blue),
        record.seed,
        escape(record.reason.as_str())
    );
    for (i, mv) in record.moves.iter().enumerate() {
        // Moves alternate from red's (black's) first, the swap included.
        text.push_str(if i % 2 == 0 { ";B[" } else { ";W[" });
        text.push_str(&mv.to_string());
        text.push(']');
    }
    text.push(')');
    text
}

/// SGF text escapes `]` and `\` inside a value.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// What [`parse`] reads back from a game tree.
#[cfg(test)]
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    pub black: String,
    pub white: String,
    pub winner: Option<Color>,
    pub moves: Vec<Move>,
}

/// Reads the game trees of an SGF collection (without variations, as [`game`] writes them and
/// HexGui saves a game): the players, the result and the moves. The tests' reader: the round trip
/// records -> SGF -> moves.
///
/// # Errors
/// Malformed SGF, a game that is not 11x11 Hex, or a move that is not a cell or `swap-pieces`.
#[cfg(test)]
pub fn parse(text: &str) -> Result<Vec<SgfGame>, String> {
    let mut games = Vec::new();
    let mut chars = text.chars();
    let mut current: Option<SgfGame> = None;
    let mut ident = String::new();
    let mut in_ident = false;
    while let Some(c) = chars.next() {
        let was_ident = std::mem::replace(&mut in_ident, c.is_ascii_uppercase());
        match c {
            // hex-arena writes no variations; a game with them is refused rather than misread.
            '(' if current.is_some() => return Err("variations are not read".to_string()),
            '(' => {
                current = Some(SgfGame {
                    black: String::new(),
                    white: String::new(),
                    winner: None,
                    moves: Vec::new(),
                });
            }
            ')' => games.extend(current.take()),
            '[' => {
                let mut value = String::new();
                loop {
                    match chars.next() {
                        Some('\\') => value.extend(chars.next()),
                        Some(']') => break,
                        Some(c) => value.push(c),
                        None => return Err("unterminated [ value".to_string()),
                    }
                }
                let game = current.as_mut().ok_or("a property outside a game tree")?;
                let mv = || value.parse::<Move>().map_err(|()| format!("{value:?} is not a move"));
                match ident.as_str() {
                    "GM" if value != "11" => return Err(format!("GM[{value}] is not Hex (GM[11])")),
                    "SZ" if value != "11" => return Err(format!("SZ[{value}]: only 11x11 is played")),
                    "PB" => game.black = value,
                    "PW" => game.white = value,
                    "RE" => {
                        game.winner = match value.chars().next() {
                            Some('B') => Some(Color::Red),
                            Some('W') => Some(Color::Blue),
                            _ => None,
                        }
                    }
                    "B" | "W" => {
                        let expected = if game.moves.len() % 2 == 0 { "B" } else { "W" };
                        if ident != expected {
                            return Err(format!(
                                "move {}: {ident}[{value}] out of turn",
                                game.moves.len() + 1
                            ));
                        }
                        game.moves.push(mv()?);
                    }
                    _ => {}
                }
            }
            // A property name: the upper-case letters before its value(s); `AB[k1][k2]` keeps it.
            c if c.is_ascii_uppercase() => {
                if !was_ident {
                    ident.clear();
                }
                ident.push(c);
            }
            _ => {}
        }
    }
    if current.is_some() {
        return Err("unterminated game tree (missing ')')".to_string());
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Reason;

    #[test]
    fn records_to_sgf_and_back_give_the_same_moves() {
        let record = |game: usize, moves: &str, winner| Record {
            game,
            seed: 17,
            red: "hex".into(),
            blue: "uct]x".into(),
            winner,
            reason: Reason::Connect,
            opening: None,
            moves: moves.split(',').map(|m| m.parse().unwrap()).collect(),
            times: Vec::new(),
            late: [0, 0],
            values: Vec::new(),
            messages: Vec::new(),
            detail: String::new(),
        };
        let games =
            [record(5, "c3,swap-pieces,h4,e7,f7,k11", Color::Red), record(6, "a1,b2,c3,d4,e5", Color::Blue)];
        let first = game(&games[0]);
        assert_eq!(
            first,
            "(;FF[4]GM[11]SZ[11]AP[hex-arena]GN[game 5]PB[hex]PW[uct\\]x]RE[B+]C[seed 17, connect]\
             ;B[c3];W[swap-pieces];B[h4];W[e7];B[f7];W[k11])"
        );
        let collection = format!("{first}\n{}\n", game(&games[1]));
        let parsed = parse(&collection).unwrap();
        assert_eq!(parsed.len(), 2);
        for (back, record) in parsed.iter().zip(&games) {
            assert_eq!(back.moves, record.moves);
            assert_eq!((back.black.as_str(), back.white.as_str()), ("hex", "uct]x"));
            assert_eq!(back.winner, Some(record.winner));
        }
        // HexGui's own layout: properties on separate lines, a value list, a variation-free tree.
        let hexgui = "(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[11]\n;B[a1]\n;W[swap-pieces]\n;B[f6]AB[k1][k2])";
        let moves: Vec<String> = parse(hexgui).unwrap()[0].moves.iter().map(Move::to_string).collect();
        assert_eq!(moves, ["a1", "swap-pieces", "f6"]);
        assert!(parse("(;GM[1]SZ[19];B[a1])").unwrap_err().contains("GM[1]"));
        assert!(parse("(;GM[11];B[a1];B[b2])").unwrap_err().contains("out of turn"));
        assert!(parse("(;GM[11];B[z9])").unwrap_err().contains("z9"));
        assert!(parse("(;GM[11];B[a1](;W[b2])(;W[c3]))").unwrap_err().contains("variations"));
    }
}
