//! The puzzle model: edge symbols, [`Piece`]s and [`Puzzle`]s that keep the statement's guarantees.

use std::fmt;

/// The eight edge symbols, indexed by their code (see [`Piece::edges`]).
///
/// A code's low two bits are its colour and bit 2 its case, so two symbols match exactly when their
/// codes differ in bit 2 alone (`code ^ 4`).
pub const SYMBOLS: [u8; 8] = *b"RGBWrgbw";

/// The side of a piece: indices into [`Piece::edges`], in the statement's order.
pub const TOP: usize = 0;
/// The right edge's index.
pub const RIGHT: usize = 1;
/// The bottom edge's index.
pub const BOTTOM: usize = 2;
/// The left edge's index.
pub const LEFT: usize = 3;

/// The code of the symbol that may face the symbol with code `code` (`R` <-> `r`, ...).
///
/// # Panics
/// Never; `code` above 7 gives a meaningless result.
#[inline]
pub fn matching_symbol(code: u8) -> u8 {
    code ^ 4
}

/// Whether edges with symbol codes `a` and `b` may face each other.
#[inline]
pub fn symbols_match(a: u8, b: u8) -> bool {
    a ^ b == 4
}

/// The code (0..8) of a symbol byte, or `None` if it is not one of [`SYMBOLS`].
pub fn symbol_code(symbol: u8) -> Option<u8> {
    SYMBOLS.iter().position(|&s| s == symbol).map(|code| code as u8)
}

/// One square piece in one orientation: four symbol codes, top, right, bottom, left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Piece {
    edges: [u8; 4],
}

impl Piece {
    /// A piece from four symbol codes (top, right, bottom, left).
    ///
    /// # Panics
    /// If a code is not below 8.
    pub fn from_codes(edges: [u8; 4]) -> Piece {
        assert!(edges.iter().all(|&code| code < 8), "symbol codes are 0..8, got {:?}", edges);
        Piece { edges }
    }

    /// Parses the statement's notation, four of `RGBWrgbw` (`"gwgW"`); `None` otherwise.
    pub fn parse(text: &str) -> Option<Piece> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 {
            return None;
        }
        let mut edges = [0; 4];
        for (edge, &byte) in edges.iter_mut().zip(bytes) {
            *edge = symbol_code(byte)?;
        }
        Some(Piece { edges })
    }

    /// The four symbol codes: top, right, bottom, left ([`TOP`], [`RIGHT`], [`BOTTOM`], [`LEFT`]).
    #[inline]
    pub fn edges(self) -> [u8; 4] {
        self.edges
    }

    /// The piece turned `quarter_turns` times, as the statement writes rotations: the string shifted
    /// left by `quarter_turns` (`gwgW` -> `wgWg` -> `gWgw` -> `Wgwg`), so the old right edge is on top.
    #[inline]
    pub fn rotated(self, quarter_turns: usize) -> Piece {
        let e = self.edges;
        let k = quarter_turns % 4;
        Piece { edges: [e[k], e[(k + 1) % 4], e[(k + 2) % 4], e[(k + 3) % 4]] }
    }

    /// The smallest of the four rotations: two pieces are rotationally equal exactly when their
    /// canonical forms are equal.
    pub fn canonical(self) -> Piece {
        (1..4).map(|k| self.rotated(k)).fold(self, Piece::min)
    }

    /// Whether some 90, 180 or 270 degree turn leaves the piece unchanged (`RgRg`, `RRRR`).
    pub fn is_rotationally_symmetric(self) -> bool {
        // A 90 degree symmetry implies the 180 degree one.
        self.rotated(2) == self
    }

    /// Whether `other` is this piece turned by 0, 90, 180 or 270 degrees.
    pub fn is_rotation_of(self, other: Piece) -> bool {
        (0..4).any(|k| self.rotated(k) == other)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<u8> = self.edges.iter().map(|&code| SYMBOLS[usize::from(code)]).collect();
        f.write_str(std::str::from_utf8(&text).expect("symbols are ASCII"))
    }
}

/// Why nine pieces are not a puzzle of the statement. Pieces are numbered 0..9 in input order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PuzzleError {
    /// Pieces `.0` and `.1` (`.0 < .1`) are the same string.
    IdenticalPieces(usize, usize),
    /// Piece `.1` is piece `.0` turned by 90, 180 or 270 degrees (`.0 < .1`).
    RotationallyEqualPieces(usize, usize),
    /// The piece looks the same after a 90, 180 or 270 degree turn.
    RotationallySymmetricPiece(usize),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PuzzleError::IdenticalPieces(a, b) => {
                write!(f, "pieces {} and {} are identical", a + 1, b + 1)
            }
            PuzzleError::RotationallyEqualPieces(a, b) => {
                write!(f, "piece {} is piece {} rotated", b + 1, a + 1)
            }
            PuzzleError::RotationallySymmetricPiece(a) => {
                write!(f, "piece {} is rotationally symmetric", a + 1)
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Nine pieces that satisfy the statement's guarantees: no two identical, no two rotationally equal,
/// none rotationally symmetric.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Puzzle {
    pieces: [Piece; 9],
}

impl Puzzle {
    /// Checks the guarantees.
    ///
    /// # Errors
    /// The first violation found: pieces are checked in input order, each against the earlier ones
    /// (identical, then rotationally equal) and then for symmetry.
    pub fn new(pieces: [Piece; 9]) -> Result<Puzzle, PuzzleError> {
        for (j, &piece) in pieces.iter().enumerate() {
            for (i, &earlier) in pieces[..j].iter().enumerate() {
                if earlier == piece {
                    return Err(PuzzleError::IdenticalPieces(i, j));
                }
                if earlier.is_rotation_of(piece) {
                    return Err(PuzzleError::RotationallyEqualPieces(i, j));
                }
            }
            if piece.is_rotationally_symmetric() {
                return Err(PuzzleError::RotationallySymmetricPiece(j));
            }
        }
        Ok(Puzzle { pieces })
    }

    /// The nine pieces in input order.
    pub fn pieces(&self) -> &[Piece; 9] {
        &self.pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_rotation_and_symmetry() {
        let piece = Piece::parse("gwgW").unwrap();
        let turns: Vec<String> = (0..4).map(|k| piece.rotated(k).to_string()).collect();
        assert_eq!(turns, ["gwgW", "wgWg", "gWgw", "Wgwg"]);
        assert!(!piece.is_rotationally_symmetric());
        assert!(Piece::parse("RgRg").unwrap().is_rotationally_symmetric());
        assert!(Piece::parse("RRRR").unwrap().is_rotationally_symmetric());
        assert!(!Piece::parse("RRRr").unwrap().is_rotationally_symmetric());
        assert_eq!(piece.rotated(3).canonical(), piece.canonical());
        assert_eq!(Piece::parse("gwgX"), None);
        assert_eq!(Piece::parse("gwg"), None);
        assert_eq!(Piece::parse("gwgWw"), None);
    }

    #[test]
    fn guarantees_are_checked() {
        let pieces = |line: &str| -> [Piece; 9] {
            let v: Vec<Piece> = line.split_whitespace().map(|t| Piece::parse(t).unwrap()).collect();
            v.try_into().unwrap()
        };
        assert_eq!(
            Puzzle::new(pieces("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB WwRR")),
            Err(PuzzleError::IdenticalPieces(0, 8))
        );
        assert_eq!(
            Puzzle::new(pieces("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB RRWw")),
            Err(PuzzleError::RotationallyEqualPieces(0, 8))
        );
        assert_eq!(
            Puzzle::new(pieces("WwRR wwrg RRGb rGBG RgRg RrRg RGrg rgBB Wrgr")),
            Err(PuzzleError::RotationallySymmetricPiece(4))
        );
    }
}
