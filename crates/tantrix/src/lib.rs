//! Counts the legal moves of a Tantrix position (Kattis `tantrix`, NWERC 2005).
//!
//! A position is up to 20 played tiles and the five tiles in the hand of the player to move. A move
//! is a (hand tile, cell, orientation) triple allowed by the five rules of the statement:
//!
//! 1. the tile goes next to a played tile ([`Spaces::frontier`]);
//! 2. every touching link matches in colour;
//! 3. if some tile can legally go into a *forced space* (an empty cell with three or more played
//!    neighbours, [`Spaces::forced_spaces`]), only such placements are moves;
//! 4. no empty cell may be left holding three links of one colour;
//! 5. no tile goes on a *controlled side* ([`Spaces::is_controlled`]): the straight lines of empty
//!    cells that run from a forced space alongside a wall of played tiles next to it.
//!
//! Rules 4 and 5 bind every placement, the ones into forced spaces included. A tile that is
//! rotation symmetric (the statement says there are none, yet its sample holds `GBYGBY`) is
//! accepted and counted once per distinct orientation.
//!
//! How: [`Spaces::new`] looks at the empty cells once per position (dense grid around the tiles,
//! links per colour ending in each empty cell, controlled sides walked out from each forced space).
//! Rules 2 and 4 at a cell then become one bit mask over (edge, colour) pairs
//! ([`Spaces::edge_colour_mask`]), and a tile orientation fits when its one-hot edge colours survive
//! the mask: an AND and a popcount ([`Spaces::allows`]).
//!
//! The model: [`Colour`], [`Tile`] (six edge colours), [`Direction`] and [`Hex`] (the
//! coordinate system of the statement), [`Board`] (the played tiles), [`Move`].

mod board;
mod hex;
mod rules;
mod tile;

pub use board::{Board, BoardError};
pub use hex::{Direction, Hex};
pub use rules::{count_legal_moves, legal_moves, legal_moves_under, Move, Rules, Spaces};
pub use tile::{Colour, Tile, TileError};

/// Most cases in one input.
pub const MAX_CASES: usize = 50;
/// Most played tiles in one case.
pub const MAX_PLAYED: usize = 20;
/// Tiles in the hand of the player to move.
pub const HAND_SIZE: usize = 5;

/// One case of the input: the board and the hand.
#[derive(Clone, Debug)]
pub struct Case {
    /// The played tiles.
    pub board: Board,
    /// The five tiles in hand.
    pub hand: Vec<Tile>,
}

/// The pieces read so far in one case, to reject a piece seen twice.
struct SeenPieces {
    /// Bit `code` is set when a piece with [`Tile::piece_code`] `code` was read.
    codes: [u64; 64],
    /// Where each piece was read: (code, line, token), searched only to explain a repeat.
    places: Vec<(u16, usize, usize)>,
}

impl SeenPieces {
    fn new() -> SeenPieces {
        SeenPieces { codes: [0; 64], places: Vec::with_capacity(MAX_PLAYED + HAND_SIZE) }
    }
}

/// Reads a tile token, rejecting what is not a Tantrix tile and pieces seen before in this case.
fn read_tile(line: &mut io::Line<'_>, seen: &mut SeenPieces, what: &str) -> io::Result<Tile> {
    let text = line.token(what)?;
    let tile = Tile::parse(text).map_err(|error| line.error(format!("{what} {text:?}: {error}")))?;
    let code = tile.piece_code();
    let (word, bit) = (usize::from(code / 64), 1u64 << (code % 64));
    // The position of the token just read, as `Line` reports it.
    let here = line.error("");
    if seen.codes[word] & bit != 0 {
        let &(_, first_line, first_token) =
            seen.places.iter().find(|place| place.0 == code).expect("every seen code has a place");
        return Err(line.error(format!(
            "{what} {text:?} is the same piece as the tile at line {first_line}, token {first_token} \
             (all tiles are distinct)"
        )));
    }
    seen.codes[word] |= bit;
    seen.places.push((code, here.line, here.token));
    Ok(tile)
}

/// Reads one case (the line with n, n played tiles, the hand line).
///
/// # Errors
/// On any malformed line, an invalid or repeated tile, no tile at `0 0`, or a layout no game can
/// reach (tiles on one cell, not connected, links that do not match).
pub fn read_case(input: &mut io::Scanner<'_>) -> io::Result<Case> {
    let mut count_line = input.line("the number of played tiles")?;
    let played = count_line.int_in(1..=MAX_PLAYED, "the number of played tiles")?;
    count_line.end()?;

    let mut seen = SeenPieces::new();
    let mut tiles = Vec::with_capacity(played);
    let mut lines = Vec::with_capacity(played);
    for _ in 0..played {
        let mut line = input.line("a played tile line \"x y TILE\"")?;
        let limit = Board::COORDINATE_LIMIT;
        let x = line.int_in(-limit..=limit, "an x coordinate")?;
        let y = line.int_in(-limit..=limit, "a y coordinate")?;
        let tile = read_tile(&mut line, &mut seen, "played tile")?;
        line.end()?;
        tiles.push((Hex::new(x, y), tile));
        lines.push(line.number());
    }
    let mut hand_line = input.line("the line with the five tiles in hand")?;
    let mut hand = Vec::with_capacity(HAND_SIZE);
    for _ in 0..HAND_SIZE {
        hand.push(read_tile(&mut hand_line, &mut seen, "hand tile")?);
    }
    hand_line.end()?;

    if !tiles.iter().any(|&(cell, _)| cell == Hex::ORIGIN) {
        return Err(io::Error::new(
            count_line.number(),
            0,
            format!("none of the {played} played tiles of this case is at 0 0"),
        ));
    }
    let board = Board::new(tiles).map_err(|error| {
        let (index, token) = match error {
            BoardError::Empty => (0, 0),
            BoardError::SameCell { index }
            | BoardError::Disconnected { index }
            | BoardError::TooFar { index } => (index, 1),
            BoardError::Mismatch { index, .. } => (index, 3),
        };
        io::Error::new(lines[index], token, format!("impossible layout: {error}"))
    })?;
    Ok(Case { board, hand })
}

/// Solves a whole input: the number of cases, then the cases; one count per line.
///
/// # Errors
/// On malformed input (see [`read_case`]), a case count outside `1..=50`, or trailing tokens.
pub fn solve_input(input: &mut io::Scanner<'_>, out: &mut io::Output) -> io::Result<()> {
    let mut first = input.line("the number of cases")?;
    let cases = first.int_in(1..=MAX_CASES, "the number of cases")?;
    first.end()?;
    for _ in 0..cases {
        let case = read_case(input)?;
        out.line(count_legal_moves(&case.board, &case.hand));
    }
    input.end()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "2
6
0 0 BRYRBY
1 0 GRGBRB
-1 1 GGYBYB
0 1 YYBBGG
-2 2 YYBGBG
-3 3 BYGYGB
BBRRGG GBYBYG RBRBGG GYBGBY GRBBRG
4
0 0 BYYGBG
-1 1 GRGBBR
1 0 YRBRYB
2 0 YGGRRY
RBBRYY GBYGBY YBBRYR YBYBRR RBBRGG
";

    fn run(input: &str) -> Result<String, String> {
        let mut scanner = io::Scanner::new(input.as_bytes());
        let mut out = io::Output::new();
        solve_input(&mut scanner, &mut out).map_err(|error| error.to_string())?;
        Ok(out.as_str().to_string())
    }

    fn sample_cases() -> Vec<Case> {
        let mut scanner = io::Scanner::new(SAMPLE.as_bytes());
        let _ = scanner.line("count").unwrap();
        vec![read_case(&mut scanner).unwrap(), read_case(&mut scanner).unwrap()]
    }

    fn count_under(case: &Case, rules: Rules) -> usize {
        legal_moves_under(&case.board, &case.hand, rules).len()
    }

    #[test]
    fn sample() {
        assert_eq!(run(SAMPLE).unwrap(), "46\n2\n");
    }

    #[test]
    fn sample_one_gets_46_through_long_controlled_sides() {
        let case = &sample_cases()[0];
        let spaces = Spaces::new(&case.board);
        // The one forced space, -1 2, has played neighbours 0 1, -1 1 and -2 2 (edges 2, 3, 4).
        assert_eq!(spaces.forced_spaces(), &[Hex::new(-1, 2)]);
        // Its side to the upper right ends after one cell: the wall 0 1 does not continue at 1 1.
        // Its side to the upper left runs along the two-tile wall -2 2, -3 3, so it holds two cells.
        assert_eq!(spaces.controlled_cells(), vec![Hex::new(0, 2), Hex::new(-2, 3), Hex::new(-3, 4)]);
        // Each rule matters here: without controlled sides there are more moves, and without the
        // second cell -3 4 of the long side (walks cut after one cell) there would be 54.
        assert_eq!(count_under(case, Rules::ALL), 46);
        assert_eq!(count_under(case, Rules { controlled_sides: false, ..Rules::ALL }), 56);
        assert_eq!(count_under(case, Rules { no_dead_spaces: false, ..Rules::ALL }), 50);
    }

    #[test]
    fn sample_two_gets_2_because_rule_4_binds_forced_spaces_too() {
        let case = &sample_cases()[1];
        let spaces = Spaces::new(&case.board);
        assert_eq!(spaces.forced_spaces(), &[Hex::new(0, 1)]);
        assert_eq!(count_under(case, Rules::ALL), 2);
        // Without rule 4 a third tile fits the forced space; without rule 3 the free moves count too.
        assert_eq!(count_under(case, Rules { no_dead_spaces: false, ..Rules::ALL }), 3);
        // (GBYGBY, rotation symmetric, adds 4 free moves: 2 cells x 2 of its 3 orientations.)
        assert_eq!(count_under(case, Rules { forced_spaces: false, ..Rules::ALL }), 34);
        let moves = legal_moves(&case.board, &case.hand);
        assert!(moves.iter().all(|mv| mv.cell == Hex::new(0, 1)));
    }

    #[test]
    fn reports_bad_input_with_positions() {
        let cases = [
            ("", "line 1: expected the number of cases, found end of input"),
            ("1\n", "line 2: expected the number of played tiles, found end of input"),
            ("x\n", "line 1, token 1: expected the number of cases 1..=50"),
            ("51\n", "line 1, token 1: expected the number of cases 1..=50"),
            ("1\n21\n", "line 2, token 1: expected the number of played tiles 1..=20"),
            ("1\n1\n0 0 BRYRBY\n", "line 4: expected the line with the five tiles in hand, found end"),
            ("1\n1\n0 0\n", "line 3: expected played tile, found end of line"),
            ("1\n1\n0 0 BRYRBY 7\n", "line 3, token 4: expected end of line"),
            ("1\n1\n0 0 BRYRBX\n", "line 3, token 3: played tile \"BRYRBX\": 'X' is not a link colour"),
            ("1\n1\n0 0 BRYRB\n", "line 3, token 3: played tile \"BRYRB\": a tile has six edge letters"),
            ("1\n1\n0 0 RRRGGB\n", "three colours on two edges each"),
            (
                "1\n1\n0 0 BRYRBY\nBBRRGG GBYBYG RBRBGG GYBGBY YBRYRB\n",
                "line 4, token 5: hand tile \"YBRYRB\" is the same piece as the tile at line 3, token 3",
            ),
            ("1\n1\n1 0 BRYRBY\nBBRRGG GBYBYG RBRBGG GYBGBY GRBBRG\n", "line 2: none of the 1 played"),
            ("1\n1\n0 0 BRYRBY\nBBRRGG GBYBYG RBRBGG GYBGBY\n", "line 4: expected hand tile, found end"),
            ("1\n1\n0 0 BRYRBY\nBBRRGG GBYBYG RBRBGG GYBGBY GRBBRG x\n", "line 4, token 6: expected end"),
            ("1\n1\n0 0 BRYRBY\nBBRRGG GBYBYG RBRBGG GYBGBY GRBBRG\n9\n", "expected end of input"),
            (
                "1\n2\n0 0 BRYRBY\n0 0 GRGBRB\nBBRRGG GBYBYG RBRBGG GYBGBY GRBBRG\n",
                "line 4, token 1: impossible layout: this cell already holds",
            ),
            (
                "1\n2\n0 0 BRYRBY\n5 0 GRGBRB\nBBRRGG GBYBYG RBRBGG GYBGBY GRBBRG\n",
                "line 4, token 1: impossible layout: this tile is not connected",
            ),
            (
                "1\n2\n0 0 BRYRBY\n0 1 GRGRBB\nBBRRGG GBYBYG RBRBGG GYBGBY GRBBRG\n",
                "line 4, token 3: impossible layout: the link at edge 3 does not match",
            ),
        ];
        for (input, expected) in cases {
            let error = run(input).expect_err(input);
            assert!(error.contains(expected), "input {input:?}: got {error:?}, expected {expected:?}");
        }
    }
}
