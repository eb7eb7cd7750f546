//! Link colours and tiles.

use crate::hex::Direction;
use std::fmt;

/// The colour of a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// `R`
    Red,
    /// `G`
    Green,
    /// `Y`
    Yellow,
    /// `B`
    Blue,
}

impl Colour {
    /// All four colours.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue];

    /// The colour written as `letter` (`R`, `G`, `Y` or `B`).
    pub fn from_letter(letter: u8) -> Option<Colour> {
        match letter {
            b'R' => Some(Colour::Red),
            b'G' => Some(Colour::Green),
            b'Y' => Some(Colour::Yellow),
            b'B' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// The letter of this colour in a tile string.
    pub fn letter(self) -> char {
        ['R', 'G', 'Y', 'B'][self.index()]
    }

    /// `0..4`, in the order of [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a string is not a Tantrix tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileError {
    /// Not six characters long.
    Length(usize),
    /// A character other than `R`, `G`, `Y`, `B`.
    Letter(char),
    /// Not exactly three colours on two edges each (every tile has three two-ended links).
    ColourCounts,
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileError::Length(length) => write!(f, "a tile has six edge letters, this has {length}"),
            TileError::Letter(letter) => write!(f, "{letter:?} is not a link colour (R, G, Y or B)"),
            TileError::ColourCounts => f.write_str("a tile carries three colours on two edges each"),
        }
    }
}

/// A tile in a fixed orientation: the link colour at each of its six edges.
///
/// Rotating a tile gives another value of this type; [`Tile::canonical`] names the physical piece.
///
/// The statement promises that no tile is rotation symmetric, yet its own sample hand holds
/// `GBYGBY` (three straight links, the same after a half turn; other copies of the problem print
/// `GBGYBY` there). So such tiles are accepted: [`Tile::orientation_count`] gives them three
/// orientations instead of six, and [`Tile::full_set`] leaves them out like the game does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    edges: [Colour; 6],
}

impl Tile {
    /// The tile with these edge colours, clockwise from the top edge.
    ///
    /// # Errors
    /// If the colours are not three colours twice each.
    pub fn from_edges(edges: [Colour; 6]) -> Result<Tile, TileError> {
        let mut counts = [0usize; 4];
        for colour in edges {
            counts[colour.index()] += 1;
        }
        if counts.iter().filter(|&&count| count == 2).count() != 3 {
            return Err(TileError::ColourCounts);
        }
        Ok(Tile { edges })
    }

    /// Whether some turn other than a full one leaves the tile unchanged. With each colour on two
    /// edges only a half turn can, and only for three straight links (`RGBRGB`).
    pub fn is_rotation_symmetric(self) -> bool {
        self.rotated(3) == self
    }

    /// How many different orientations the tile has: 6, or 3 for a rotation symmetric tile, whose
    /// orientations `r` and `r + 3` coincide. Orientations `0..orientation_count()` are all distinct.
    pub fn orientation_count(self) -> usize {
        if self.is_rotation_symmetric() {
            3
        } else {
            6
        }
    }

    /// Parses a six-letter tile string such as `BRYRBY` (first letter = top edge, then clockwise).
    ///
    /// # Errors
    /// See [`TileError`].
    pub fn parse(text: &str) -> Result<Tile, TileError> {
        let bytes = text.as_bytes();
        if let Some(bad) = text.chars().find(|&c| !c.is_ascii() || Colour::from_letter(c as u8).is_none()) {
            return Err(TileError::Letter(bad));
        }
        if bytes.len() != 6 {
            return Err(TileError::Length(bytes.len()));
        }
        let mut edges = [Colour::Red; 6];
        for (edge, &letter) in edges.iter_mut().zip(bytes) {
            *edge = Colour::from_letter(letter).ok_or(TileError::Letter(char::from(letter)))?;
        }
        Tile::from_edges(edges)
    }

    /// The colour of the link at edge `direction`.
    #[inline]
    pub fn edge(self, direction: Direction) -> Colour {
        self.edges[direction.index()]
    }

    /// The edge colours, clockwise from the top edge.
    pub fn edges(self) -> [Colour; 6] {
        self.edges
    }

    /// This tile turned clockwise by `steps` sixths of a turn: the link at edge `d` moves to edge
    /// `d + steps`.
    #[inline]
    pub fn rotated(self, steps: usize) -> Tile {
        let steps = steps % 6;
        Tile { edges: [0, 1, 2, 3, 4, 5].map(|k| self.edges[(k + 6 - steps) % 6]) }
    }

    /// This tile reflected in the vertical axis (see [`Direction::mirrored`]).
    pub fn mirrored(self) -> Tile {
        Tile { edges: Direction::ALL.map(|direction| self.edge(direction.mirrored())) }
    }

    /// The tile as a bit set: bit `4 * k + c` is set when edge `k` has colour `c` (see
    /// [`Colour::index`]). Exactly one bit in each of the six nibbles, see [`crate::Spaces::allows`].
    #[inline]
    pub fn one_hot_edges(self) -> u32 {
        let mut bits = 0;
        for (k, colour) in self.edges.iter().enumerate() {
            bits |= 1 << (4 * k + colour.index());
        }
        bits
    }

    /// The six rotations of this tile; entry `r` is [`Tile::rotated`]`(r)`. They are all different
    /// unless the tile [`is_rotation_symmetric`](Tile::is_rotation_symmetric).
    pub fn orientations(self) -> [Tile; 6] {
        [0, 1, 2, 3, 4, 5].map(|steps| self.rotated(steps))
    }

    /// The same physical piece in a fixed reference orientation (the smallest of its orientations),
    /// so two tiles are the same piece exactly when their canonical forms are equal.
    pub fn canonical(self) -> Tile {
        self.orientations().into_iter().min().unwrap_or(self)
    }

    /// A number below 4096 naming the physical piece: equal for two tiles exactly when they are
    /// rotations of each other (2 bits per edge colour, smallest over the six rotations).
    pub fn piece_code(self) -> u16 {
        let code =
            |tile: Tile| tile.edges.iter().fold(0u16, |code, colour| code << 2 | colour.index() as u16);
        self.orientations().into_iter().map(code).min().unwrap_or(0)
    }

    /// The 56 pieces of the game, each in its canonical orientation, sorted.
    pub fn full_set() -> Vec<Tile> {
        let mut set = Vec::new();
        for first in 0..4usize.pow(6) {
            let edges = [0, 1, 2, 3, 4, 5].map(|edge| Colour::ALL[first / 4usize.pow(edge) % 4]);
            if let Ok(tile) = Tile::from_edges(edges) {
                if tile.canonical() == tile && !tile.is_rotation_symmetric() {
                    set.push(tile);
                }
            }
        }
        set.sort();
        set
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for colour in self.edges {
            write!(f, "{}", colour.letter())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Tile {
    type Err = TileError;

    fn from_str(text: &str) -> Result<Tile, TileError> {
        Tile::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let tile = Tile::parse("BRYRBY").unwrap();
        assert_eq!(tile.to_string(), "BRYRBY");
        assert_eq!(tile.edge(Direction::new(0)), Colour::Blue);
        assert_eq!(tile.edge(Direction::new(5)), Colour::Yellow);
        assert_eq!(tile.rotated(1).to_string(), "YBRYRB");
        assert_eq!(tile.rotated(6), tile);
    }

    #[test]
    fn rejects_what_is_not_a_tile() {
        assert_eq!(Tile::parse("BRYRB"), Err(TileError::Length(5)));
        assert_eq!(Tile::parse("BRYRBYY"), Err(TileError::Length(7)));
        assert_eq!(Tile::parse("BRYRBX"), Err(TileError::Letter('X')));
        assert_eq!(Tile::parse("bryrby"), Err(TileError::Letter('b')));
        assert_eq!(Tile::parse("RRRGGB"), Err(TileError::ColourCounts));
        assert_eq!(Tile::parse("RRGGBB").map(|_| ()), Ok(()));
        assert_eq!(Tile::parse("RRGGYB"), Err(TileError::ColourCounts));
    }

    #[test]
    fn piece_codes_name_pieces() {
        let set = Tile::full_set();
        let mut codes: Vec<u16> = set.iter().map(|tile| tile.piece_code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), 56);
        assert!(codes.iter().all(|&code| code < 4096));
        for tile in set {
            assert!(tile.orientations().iter().all(|turned| turned.piece_code() == tile.piece_code()));
        }
    }

    #[test]
    fn rotation_symmetric_tiles_have_three_orientations() {
        for text in ["RGBRGB", "RBGRBG", "GBYGBY"] {
            let tile = Tile::parse(text).unwrap();
            assert!(tile.is_rotation_symmetric());
            assert_eq!(tile.orientation_count(), 3);
        }
        let tile = Tile::parse("GBGYBY").unwrap();
        assert!(!tile.is_rotation_symmetric());
        assert_eq!(tile.orientation_count(), 6);
        let orientations = tile.orientations();
        for (i, a) in orientations.iter().enumerate() {
            assert!(orientations[..i].iter().all(|b| b != a));
        }
    }

    #[test]
    fn the_full_set_has_56_pieces_14_per_colour_triple() {
        let set = Tile::full_set();
        assert_eq!(set.len(), 56);
        for missing in Colour::ALL {
            let without = set.iter().filter(|tile| !tile.edges().contains(&missing)).count();
            assert_eq!(without, 14);
        }
        // Mirroring maps the set onto itself.
        let mut mirrored: Vec<Tile> = set.iter().map(|tile| tile.mirrored().canonical()).collect();
        mirrored.sort();
        assert_eq!(mirrored, set);
    }
}
