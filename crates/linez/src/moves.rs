//! Moves and their notation: the letter/digit naming of cells lives in [`CONVENTION`], the one
//! place to change it.

use crate::*;
use std::fmt;

/// How a move's letter and digit name a cell: the original statement's figure that fixed it is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// `A`-`I` is the row (A = top), `1`-`9` the column (1 = left): `"I8"` is row 9, column 8.
    LetterIsRow,
    /// `A`-`I` is the column (A = left), `1`-`9` the row (1 = top).
    LetterIsColumn,
}

#[cfg(feature = "game")]
switch_names!(Convention { LetterIsRow => "letter-row", LetterIsColumn => "letter-column" });

/// The convention the bot speaks and [`Move`]'s `Display`/`FromStr` use. The one line to change.
pub const CONVENTION: Convention = Convention::LetterIsRow;

impl Convention {
    /// The 2-character name of `cell`, e.g. `"I8"`.
    pub fn name(self, cell: Cell) -> [u8; 2] {
        let (letter, digit) = match self {
            Convention::LetterIsRow => (row_of(cell), column_of(cell)),
            Convention::LetterIsColumn => (column_of(cell), row_of(cell)),
        };
        [b'A' + letter as u8, b'1' + digit as u8]
    }

    /// The cell named by 2 bytes (letter `A`-`I`, either case, then digit `1`-`9`), if valid.
    pub fn parse(self, name: &[u8]) -> Option<Cell> {
        if name.len() != 2 {
            return None;
        }
        let letter = name[0].to_ascii_uppercase().wrapping_sub(b'A') as usize;
        let digit = name[1].wrapping_sub(b'1') as usize;
        if letter >= SIZE || digit >= SIZE {
            return None;
        }
        Some(match self {
            Convention::LetterIsRow => cell(letter, digit),
            Convention::LetterIsColumn => cell(digit, letter),
        })
    }
}

/// A move: the number at `from` goes to the empty cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell whose number moves.
    pub from: Cell,
    /// The empty cell it moves to.
    pub to: Cell,
}

impl Move {
    /// The 4-character text of the move in `convention`, e.g. `"I8F6"`.
    pub fn to_text(self, convention: Convention) -> String {
        let [a, b] = convention.name(self.from);
        let [c, d] = convention.name(self.to);
        [a, b, c, d].iter().map(|&byte| byte as char).collect()
    }

    /// Parses a 4-character move in `convention` (surrounding whitespace allowed).
    ///
    /// # Errors
    /// A message naming what is wrong, e.g. `expected a move like "I8F6", found "J1A1"`.
    pub fn parse_with(text: &str, convention: Convention) -> Result<Move, String> {
        let bytes = text.trim().as_bytes();
        let parsed = if bytes.len() == 4 {
            convention.parse(&bytes[..2]).zip(convention.parse(&bytes[2..]))
        } else {
            None
        };
        match parsed {
            Some((from, to)) if from != to => Ok(Move { from, to }),
            Some(_) => Err(format!("expected a move between two different cells, found {:?}", text.trim())),
            None => Err(format!("expected a move like \"I8F6\", found {:?}", text.trim())),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(CONVENTION))
    }
}

impl std::str::FromStr for Move {
    type Err = String;
    fn from_str(text: &str) -> Result<Move, String> {
        Move::parse_with(text, CONVENTION)
    }
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The source cell holds no number.
    EmptySource,
    /// The target cell is not empty.
    OccupiedTarget,
    /// No 4-connected path of empty cells joins source and target.
    NoPath,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::EmptySource => "the source cell is empty",
            IllegalMove::OccupiedTarget => "the target cell is not empty",
            IllegalMove::NoPath => "no path of empty cells joins source and target",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trips_and_follows_the_convention() {
        let mv: Move = "I8F6".parse().unwrap();
        assert_eq!(mv, Move { from: cell(8, 7), to: cell(5, 5) });
        assert_eq!(mv.to_string(), "I8F6");
        let other = Move::parse_with("I8F6", Convention::LetterIsColumn).unwrap();
        assert_eq!(other, Move { from: cell(7, 8), to: cell(5, 5) });
        assert_eq!(other.to_text(Convention::LetterIsColumn), "I8F6");
        assert!("J1A1".parse::<Move>().is_err());
        assert!("A0A1".parse::<Move>().is_err());
        assert!("A1A1".parse::<Move>().is_err());
        assert!("A1A".parse::<Move>().is_err());
    }
}
