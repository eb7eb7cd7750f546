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

mod count;
mod puzzle;

pub use count::{count_solutions, SolutionCounter};
pub use puzzle::{
    matching_symbol, symbol_code, symbols_match, Piece, Puzzle, PuzzleError, BOTTOM, LEFT, RIGHT, SYMBOLS,
    TOP,
};

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

    fn run(input: &str) -> Result<String, String> {
        let mut scanner = io::Scanner::new(input.as_bytes());
        let mut out = io::Output::new();
        solve_input(&mut scanner, &mut out).map_err(|e| e.to_string())?;
        Ok(out.as_str().to_string())
    }

    #[test]
    fn input_errors_name_the_place() {
        let good = "WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr";
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
