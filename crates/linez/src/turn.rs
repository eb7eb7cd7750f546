//! The 10-line turn text of the protocol: nine board rows and the nextThree line.

use crate::*;
use std::fmt;
use std::io::BufRead;

/// One turn of the protocol: the board and the three numbers to be placed next (in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The board.
    pub board: Board,
    /// The next three numbers, each `1..=7`.
    pub next_three: [u8; 3],
}

/// The 10 lines the referee writes: 9 board rows, then the nextThree line (`"352"`), each ending
/// in a line break.
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board, f)?;
        let [a, b, c] = self.next_three;
        writeln!(f, "{a}{b}{c}")
    }
}

/// Parses one board row: one token of 9 characters, each `'1'`-`'7'` or `'.'`.
///
/// # Errors
/// Positioned on the line: a missing row, a wrong length, a bad character or an extra token.
pub fn parse_row(line: &mut io::Line<'_>) -> io::Result<[u8; SIZE]> {
    const WHAT: &str = "a board row of 9 characters '1'-'7' or '.'";
    let token = line.token(WHAT)?;
    let bytes = token.as_bytes();
    if bytes.len() != SIZE {
        return Err(line.error(format!(
            "expected {WHAT}, found {:?} ({} characters)",
            token,
            token.chars().count()
        )));
    }
    let mut row = [0u8; SIZE];
    for (column, &byte) in bytes.iter().enumerate() {
        row[column] = match byte {
            b'.' => 0,
            b'1'..=b'7' => byte - b'0',
            _ => {
                return Err(line.error(format!(
                    "expected {WHAT}, found {:?} (character {} is {:?})",
                    token,
                    column + 1,
                    byte as char
                )))
            }
        };
    }
    line.end()?;
    Ok(row)
}

/// Parses the nextThree line: three numbers `1..=7`, written together (`"352"`) or apart (`"3 5 2"`).
///
/// # Errors
/// Positioned on the line, naming the bad token.
pub fn parse_next_three(line: &mut io::Line<'_>) -> io::Result<[u8; 3]> {
    const WHAT: &str = "the next three numbers 1-7 like \"352\"";
    let mut next = [0u8; 3];
    let mut count = 0;
    while count < 3 {
        let token = line.token(WHAT)?;
        for &byte in token.as_bytes() {
            if count == 3 || !(b'1'..=b'7').contains(&byte) {
                return Err(line.error(format!("expected {WHAT}, found {token:?}")));
            }
            next[count] = byte - b'0';
            count += 1;
        }
    }
    line.end()?;
    Ok(next)
}

/// Reads one turn (10 lines). `Ok(None)` if the input ends before the turn's first line (the
/// referee's normal end of the game).
///
/// # Errors
/// If the input ends inside the turn or a line is malformed.
pub fn read_turn<R: BufRead>(lines: &mut io::LineReader<R>) -> io::Result<Option<Turn>> {
    let mut board = Board::new();
    for row in 0..SIZE {
        let what = "a board row";
        let mut line = if row == 0 {
            match lines.next_line()? {
                Some(line) => line,
                None => return Ok(None),
            }
        } else {
            lines.expect_line(what)?
        };
        let colours = parse_row(&mut line)?;
        for (column, &colour) in colours.iter().enumerate() {
            board.set(cell(row, column), colour);
        }
    }
    let mut line = lines.expect_line("the next three numbers")?;
    let next_three = parse_next_three(&mut line)?;
    Ok(Some(Turn { board, next_three }))
}

/// Parses a whole turn from text (10 lines), e.g. for tests and tools.
///
/// # Errors
/// As [`read_turn`]; also if the text holds no turn at all.
pub fn parse_turn(text: &str) -> io::Result<Turn> {
    let mut lines = io::LineReader::new(text.as_bytes());
    match read_turn(&mut lines)? {
        Some(turn) => Ok(turn),
        None => Err(io::Error::new(1, 0, "expected a board row, found end of input")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_text_round_trips() {
        let text = "1........\n.2.......\n..3......\n...4.....\n....5....\n.....6...\n......7..\n.........\n........1\n352\n";
        let turn = parse_turn(text).unwrap();
        assert_eq!(turn.next_three, [3, 5, 2]);
        assert_eq!(turn.board.get(cell(6, 6)), 7);
        assert_eq!(turn.to_string(), text);
        assert_eq!(parse_turn(&text.replace("352", "3 5 2")).unwrap(), turn);
    }

    #[test]
    fn malformed_turns_are_positioned_errors() {
        let good = "1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n352\n";
        let err = |text: &str| parse_turn(text).unwrap_err().to_string();
        assert!(err(&good.replacen("1........", "8........", 1)).starts_with("line 1, token 1:"));
        assert!(err(&good.replacen(".........\n", "........\n", 1)).starts_with("line 2, token 1:"));
        assert!(err(&good.replace("352", "358")).starts_with("line 10, token 1:"));
        assert!(err(&good.replace("352", "35")).contains("line 10"));
        assert!(err(&good.replace("352", "3521")).starts_with("line 10, token 1:"));
        assert!(err(&good.replace("352\n", ""))
            .contains("line 10: expected the next three numbers, found end of input"));
        assert!(err(&good.replacen("1........", "1........ x", 1)).starts_with("line 1, token 2:"));
    }
}
