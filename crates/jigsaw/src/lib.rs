//! Counts the solutions of 3x3 edge-matching jigsaw puzzles (AOJ 1116, "Jigsaw Puzzles for Computers").
//!
//! A puzzle is nine square [`Piece`]s whose edges carry one of the symbols `R G B W r g b w`; a
//! solution places and rotates all nine on a 3x3 grid so that each of the 12 facing edge pairs is
//! `R`-`r`, `G`-`g`, `B`-`b` or `W`-`w`. [`count_solutions`] counts them without enumerating them:
//!
//! 1. **Rows.** Every ordered, rotated triple of distinct pieces whose two inner edges match is a
//!    possible top row. [`SolutionCounter`] tallies them by (set of pieces used, the three bottom
//!    symbols). A bottom row turned by 180 degrees is a top row, so the same table answers "how many
//!    bottom rows use these pieces and show these top symbols".
//! 2. **Middle rows.** Turning a whole solution by 90 degrees gives another one with the centre piece
//!    turned, so only solutions whose centre piece is unrotated are counted, and the total is
//!    multiplied by 4. For every middle row (west, centre, east) the six pieces left over are split
//!    into a top set and a bottom set in each of the 20 ways, and the solutions with that middle row
//!    are the sum of (top rows on the top set showing the needed symbols) x (bottom rows on the rest).
//!
//! The work per puzzle is a few thousand row steps plus 20 table look-ups per middle row, whatever the
//! number of solutions, which may reach hundreds of thousands.
//!
//! [`solve_input`] reads the judge's input format (a count, then one puzzle of nine pieces per line),
//! checks it, including the statement's guarantees on the pieces, and prints one count per puzzle.

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

/// Piece index and edges of one of the 36 (piece, rotation) pairs.
#[derive(Clone, Copy, Debug)]
struct Oriented {
    /// Bit `1 << index` of the piece in the puzzle.
    bit: u16,
    edges: [u8; 4],
}

/// The nine-bit set of all pieces.
const ALL_PIECES: u16 = (1 << 9) - 1;
/// Three symbol codes packed 3 bits each: the number of label keys.
const LABEL_KEYS: usize = 1 << 9;
/// The number of 3-piece sets, C(9, 3).
const TRIPLES: usize = 84;
/// `SolutionCounter::triple_index` of a mask that is not a 3-piece set: a spare column of the row
/// table that absorbs rows reusing a piece, so that the row loop needs no branch to skip them.
const NOT_A_TRIPLE: u8 = TRIPLES as u8;
/// Columns per label key in the row table: the 84 triples and the spare one.
const STRIDE: usize = TRIPLES + 1;

/// Packs three symbol codes (left to right) into a label key.
#[inline]
fn label_key(a: u8, b: u8, c: u8) -> usize {
    (usize::from(a) << 6) | (usize::from(b) << 3) | usize::from(c)
}

/// Counts puzzle solutions, keeping its tables between puzzles so that a file of many puzzles does
/// not allocate or clear large buffers per puzzle.
#[derive(Clone, Debug)]
pub struct SolutionCounter {
    /// `rows[label_key * STRIDE + triple]`: top rows using that 3-piece set with those bottom
    /// symbols. At most 3! orders x 4^3 rotations = 384, so `u16` suffices (the spare column takes at
    /// most 36 * 35 * 36 < 2^16 increments per puzzle). Label-major, so the 20
    /// look-ups of one middle row fall in two runs of 84 counts (a few cache lines) instead of 40
    /// scattered lines of an 86 KB table.
    rows: Vec<u16>,
    /// Slots of `rows` that are non-zero, so they can be reset without clearing the whole table.
    touched: Vec<u32>,
    /// Top rows per bottom-symbol key over all piece sets: a quick "no row fits" test.
    rows_with_labels: Vec<u32>,
    /// `triple_index[mask]`: a 3-piece set's index 0..84, or [`NOT_A_TRIPLE`].
    triple_index: Vec<u8>,
    /// `splits[t]`: the 20 ways to split the six pieces outside the 3-piece set with index `t` into
    /// (top set, bottom set), as triple indices.
    splits: Vec<[(u8, u8); 20]>,
    /// `by_left[s]` / `by_right[s]`: rotated pieces whose left / right edge has symbol `s`.
    by_left: [Vec<Oriented>; 8],
    by_right: [Vec<Oriented>; 8],
}

impl Default for SolutionCounter {
    fn default() -> Self {
        SolutionCounter::new()
    }
}

impl SolutionCounter {
    /// A counter with empty tables (about 100 KB).
    pub fn new() -> SolutionCounter {
        let triples: Vec<u16> = (0..1u16 << 9).filter(|mask| mask.count_ones() == 3).collect();
        debug_assert_eq!(triples.len(), TRIPLES);
        let mut triple_index = vec![NOT_A_TRIPLE; 1 << 9];
        for (index, &mask) in triples.iter().enumerate() {
            triple_index[usize::from(mask)] = index as u8;
        }
        let splits = triples
            .iter()
            .map(|&middle| {
                let rest = ALL_PIECES & !middle;
                let mut split = [(0, 0); 20];
                let tops = triples.iter().filter(|&&top| top & rest == top);
                for (slot, &top) in split.iter_mut().zip(tops) {
                    *slot = (triple_index[usize::from(top)], triple_index[usize::from(rest ^ top)]);
                }
                split
            })
            .collect();
        SolutionCounter {
            rows: vec![0; STRIDE * LABEL_KEYS],
            touched: Vec::new(),
            rows_with_labels: vec![0; LABEL_KEYS],
            triple_index,
            splits,
            by_left: Default::default(),
            by_right: Default::default(),
        }
    }

    /// The number of solutions of `puzzle`: placements and rotations of its nine pieces on the 3x3 grid
    /// with all 12 facing edge pairs matching. Always a multiple of 4.
    ///
    /// # Complexity
    /// O(R + 20 M) where R <= 36 * 32 * 28 is the number of matching rows and M <= 9 * 32 * 28 the number
    /// of middle rows with an unrotated centre; in practice a few thousand steps, independent of the
    /// number of solutions.
    pub fn count(&mut self, puzzle: &Puzzle) -> u64 {
        self.index_pieces(puzzle);
        self.tally_rows();
        let total = self.count_with_unrotated_centre(puzzle);
        self.reset();
        // Turning a solution by 90, 180 and 270 degrees turns its centre piece, and a non-symmetric
        // centre piece makes the four solutions distinct: exactly one of them has it unrotated.
        4 * total
    }

    fn index_pieces(&mut self, puzzle: &Puzzle) {
        for list in self.by_left.iter_mut().chain(self.by_right.iter_mut()) {
            list.clear();
        }
        for (index, &piece) in puzzle.pieces().iter().enumerate() {
            for turns in 0..4 {
                let oriented = Oriented { bit: 1 << index, edges: piece.rotated(turns).edges() };
                self.by_left[usize::from(oriented.edges[LEFT])].push(oriented);
                self.by_right[usize::from(oriented.edges[RIGHT])].push(oriented);
            }
        }
    }

    /// Fills `rows` with every top row: a, b, c left to right, distinct pieces, inner edges matching.
    fn tally_rows(&mut self) {
        let (by_left, rows) = (&self.by_left, &mut self.rows);
        for a in self.by_right.iter().flatten() {
            for b in &by_left[usize::from(matching_symbol(a.edges[RIGHT]))] {
                if b.bit == a.bit {
                    continue;
                }
                // A c that repeats a or b is not skipped (a branch that mispredicts about one time in
                // five) but tallied in the spare column NOT_A_TRIPLE, which is never read.
                for c in &by_left[usize::from(matching_symbol(b.edges[RIGHT]))] {
                    let valid = c.bit & (a.bit | b.bit) == 0;
                    let labels = label_key(a.edges[BOTTOM], b.edges[BOTTOM], c.edges[BOTTOM]);
                    let triple = self.triple_index[usize::from(a.bit | b.bit | c.bit)];
                    let slot = labels * STRIDE + usize::from(triple);
                    // Recorded on every increment, not just the first: a repeated slot costs one
                    // extra store at reset, cheaper than a branch here.
                    self.touched.push(slot as u32);
                    rows[slot] += 1;
                    self.rows_with_labels[labels] += u32::from(valid);
                }
            }
        }
    }

    /// Solutions whose centre piece is in its input orientation.
    fn count_with_unrotated_centre(&self, puzzle: &Puzzle) -> u64 {
        let rows = &self.rows;
        let mut total = 0u64;
        for (index, &centre) in puzzle.pieces().iter().enumerate() {
            let centre_bit = 1u16 << index;
            let c = centre.edges();
            for west in &self.by_right[usize::from(matching_symbol(c[LEFT]))] {
                if west.bit == centre_bit {
                    continue;
                }
                for east in &self.by_left[usize::from(matching_symbol(c[RIGHT]))] {
                    if east.bit & (centre_bit | west.bit) != 0 {
                        continue;
                    }
                    // The top row must show the symbols matching the middle row's top edges.
                    let above = label_key(
                        matching_symbol(west.edges[TOP]),
                        matching_symbol(c[TOP]),
                        matching_symbol(east.edges[TOP]),
                    );
                    if self.rows_with_labels[above] == 0 {
                        continue;
                    }
                    // The bottom row turned by 180 degrees is a top row, read right to left.
                    let below = label_key(
                        matching_symbol(east.edges[BOTTOM]),
                        matching_symbol(c[BOTTOM]),
                        matching_symbol(west.edges[BOTTOM]),
                    );
                    if self.rows_with_labels[below] == 0 {
                        continue;
                    }
                    let middle = self.triple_index[usize::from(centre_bit | west.bit | east.bit)];
                    let tops = &rows[above * STRIDE..][..TRIPLES];
                    let bottoms = &rows[below * STRIDE..][..TRIPLES];
                    // Branch-free: most products are 0, in no pattern a predictor could learn.
                    // 20 products of at most 384 * 384 fit in a u32.
                    let mut with_this_middle = 0u32;
                    for &(top_set, bottom_set) in &self.splits[usize::from(middle)] {
                        with_this_middle += u32::from(tops[usize::from(top_set)])
                            * u32::from(bottoms[usize::from(bottom_set)]);
                    }
                    total += u64::from(with_this_middle);
                }
            }
        }
        total
    }

    fn reset(&mut self) {
        for &slot in &self.touched {
            self.rows[slot as usize] = 0;
        }
        self.touched.clear();
        self.rows_with_labels.iter_mut().for_each(|count| *count = 0);
    }
}

/// The number of solutions of `puzzle` (see [`SolutionCounter::count`]; reuse a counter for many
/// puzzles).
pub fn count_solutions(puzzle: &Puzzle) -> u64 {
    SolutionCounter::new().count(puzzle)
}

/// A token quoted for an error message, shortened so that one bad token cannot flood stderr.
fn quoted(token: &str) -> String {
    // Long enough for a whole 44-character puzzle line.
    const MAX: usize = 48;
    match token.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}...", &token[..cut]),
        None => format!("{:?}", token),
    }
}

/// Reads one puzzle line: exactly nine pieces, each four of `RGBWrgbw`, satisfying the guarantees.
///
/// # Errors
/// A malformed piece (positioned at its token), fewer or more than nine pieces, or a broken guarantee
/// (positioned at the later of the offending pieces).
pub fn parse_puzzle(line: &mut io::Line<'_>) -> io::Result<Puzzle> {
    let mut pieces = [Piece::from_codes([0; 4]); 9];
    for (index, piece) in pieces.iter_mut().enumerate() {
        let token = line.token("a line of nine pieces").map_err(|_| {
            io::Error::new(
                line.number(),
                0,
                format!("expected nine pieces, found {} ({})", index, quoted(line.as_str().trim())),
            )
        })?;
        *piece = Piece::parse(token).ok_or_else(|| {
            line.error(format!("expected a piece of four symbols from RGBWrgbw, found {}", quoted(token)))
        })?;
    }
    if let Err(error) = line.end() {
        return Err(io::Error::new(
            error.line,
            error.token,
            format!("expected nine pieces, found more ({})", quoted(line.as_str().trim())),
        ));
    }
    Puzzle::new(pieces).map_err(|error| {
        let culprit = match error {
            PuzzleError::IdenticalPieces(_, later) | PuzzleError::RotationallyEqualPieces(_, later) => later,
            PuzzleError::RotationallySymmetricPiece(piece) => piece,
        };
        io::Error::new(
            line.number(),
            culprit + 1,
            format!("{} ({}), which the statement rules out", error, quoted(&pieces[culprit].to_string())),
        )
    })
}

/// Solves a whole input: `N`, then `N` puzzle lines; prints one solution count per puzzle.
///
/// # Errors
/// A missing or non-numeric count, a bad puzzle line (see [`parse_puzzle`]), fewer puzzle lines than
/// the count, or anything after the last puzzle.
pub fn solve_input(scanner: &mut io::Scanner<'_>, out: &mut io::Output) -> io::Result<()> {
    let mut first = scanner.line("the number of puzzles")?;
    let count: usize = first.int("the number of puzzles")?;
    first.end()?;
    let mut counter = SolutionCounter::new();
    for index in 0..count {
        let mut line = scanner.line(&format!("puzzle {} of {}", index + 1, count))?;
        let puzzle = parse_puzzle(&mut line)?;
        out.line(counter.count(&puzzle));
    }
    scanner.end().map_err(|error| {
        io::Error::new(
            error.line,
            error.token,
            format!("{}; the count on the first line is {}", error.message, count),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(line: &str) -> Puzzle {
        let pieces: Vec<Piece> = line.split_whitespace().map(|t| Piece::parse(t).unwrap()).collect();
        Puzzle::new(pieces.try_into().unwrap()).unwrap()
    }

    const SAMPLE: [(&str, u64); 6] = [
        ("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr", 40),
        ("RrGb WWGR rGgb Wbrg wgBb GgBg WbBG Wwwg WWGG", 8),
        ("RBbr Wrbr wGGG wggR WgGR WBWb WRgB wBgG WBgG", 32),
        ("wBrg rGgb WRrB WWbw wRRB RbbB WRrb wrbb WgrG", 4),
        ("WrwB WWww wRRB WGGb Wbbg WBgG WrbG Wrww RBgg", 12),
        ("WWgg RBrr Rggr RGBg Wbgr WGbg WBbr WGWB GGGg", 0),
    ];

    /// The plain count the row tables replace: cells in reading order, every unused piece in every
    /// rotation, each full grid counted one by one.
    fn plain_count(puzzle: &Puzzle) -> u64 {
        fn place(pieces: &[Piece; 9], grid: &mut Vec<Piece>, used: &mut [bool; 9]) -> u64 {
            let cell = grid.len();
            if cell == 9 {
                return 1;
            }
            let mut total = 0;
            for index in 0..9 {
                if used[index] {
                    continue;
                }
                for turns in 0..4 {
                    let piece = pieces[index].rotated(turns);
                    let e = piece.edges();
                    if cell % 3 > 0 && !symbols_match(grid[cell - 1].edges()[RIGHT], e[LEFT]) {
                        continue;
                    }
                    if cell >= 3 && !symbols_match(grid[cell - 3].edges()[BOTTOM], e[TOP]) {
                        continue;
                    }
                    used[index] = true;
                    grid.push(piece);
                    total += place(pieces, grid, used);
                    grid.pop();
                    used[index] = false;
                }
            }
            total
        }
        place(puzzle.pieces(), &mut Vec::new(), &mut [false; 9])
    }

    #[test]
    fn sample_counts() {
        let mut counter = SolutionCounter::new();
        for (line, expected) in SAMPLE {
            assert_eq!(counter.count(&puzzle(line)), expected, "{}", line);
        }
    }

    #[test]
    fn row_tables_agree_with_the_plain_count() {
        // Reusing one counter also checks that `reset` leaves no stale rows behind.
        let mut counter = SolutionCounter::new();
        let lines = [
            SAMPLE[0].0,
            SAMPLE[1].0,
            SAMPLE[2].0,
            SAMPLE[5].0,
            // Two colours only: many solutions.
            "BwWw WwwW bWBw wBWW BWBw WbWB BWwB bbww wWBb",
            "RrrW WRWw wwRR RrWw rrRw wRRr RWwr WRRw rRRW",
        ];
        for line in lines {
            let p = puzzle(line);
            assert_eq!(counter.count(&p), plain_count(&p), "{}", line);
        }
    }

    #[test]
    fn splits_cover_the_six_other_pieces_exactly() {
        let counter = SolutionCounter::new();
        let mask_of = |index: u8| (0..1u16 << 9).position(|m| counter.triple_index[usize::from(m)] == index);
        for middle in 0..TRIPLES as u8 {
            let middle_mask = mask_of(middle).unwrap() as u16;
            let mut tops = Vec::new();
            for &(top, bottom) in &counter.splits[usize::from(middle)] {
                let (top_mask, bottom_mask) = (mask_of(top).unwrap() as u16, mask_of(bottom).unwrap() as u16);
                assert_eq!(top_mask & bottom_mask, 0);
                assert_eq!(top_mask | bottom_mask | middle_mask, ALL_PIECES);
                tops.push(top);
            }
            tops.sort_unstable();
            tops.dedup();
            assert_eq!(tops.len(), 20);
        }
    }

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

    fn run(input: &str) -> Result<String, String> {
        let mut scanner = io::Scanner::new(input.as_bytes());
        let mut out = io::Output::new();
        solve_input(&mut scanner, &mut out).map_err(|e| e.to_string())?;
        Ok(out.as_str().to_string())
    }

    #[test]
    fn input_errors_name_the_place() {
        let good = SAMPLE[0].0;
        let err = |input: &str| run(input).unwrap_err();
        assert!(err("").contains("line 1"), "{}", err(""));
        assert!(err("x\n").contains("line 1, token 1"));
        assert!(err(&format!("2\n{}\n", good)).contains("puzzle 2 of 2"));
        assert!(err(&format!("1\n{}\n{}\n", good, good)).contains("line 3, token 1"));
        assert!(err("1\nWwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB\n").contains("found 8"));
        assert!(err(&format!("1\n{} RRRr\n", good)).contains("line 2, token 10"));
        assert!(err("1\nWwRR wwrg RRGb rGBG RGxb RrRg RGrg rgBB Wrgr\n").contains("line 2, token 5"));
        assert!(err("1\nWwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB RRWw\n").contains("line 2, token 9"));
        assert!(err("1\nWwRR wwrg RRGb rGBG RgRg RrRg RGrg rgBB Wrgr\n").contains("symmetric"));
    }
}
