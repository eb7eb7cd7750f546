//! Lines: [`Line`] (the tokens of one line) and [`LineReader`] (lines read as they arrive, for
//! interactive protocols).

use std::io::BufRead;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::scanner::{is_separator, Tokens};
use crate::{Error, Int, Result};

impl<'a> Tokens<'a> for Line<'a> {
    const WHOLE: &'static str = "line";

    fn next_token(&mut self) -> Option<&'a [u8]> {
        self.next_str().map(str::as_bytes)
    }

    fn missing(&self, what: &str) -> Error {
        Error::new(self.number, 0, format!("expected {what}, found end of line"))
    }

    fn error_here(&self, message: String) -> Error {
        self.error(message)
    }
}

/// The tokens of one line, with errors positioned on that line.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    text: &'a str,
    pos: usize,
    number: usize,
    /// Tokens read so far on this line (including any read before the `Line` was taken).
    tokens: usize,
    last_token: usize,
}

impl<'a> Line<'a> {
    /// A line of `text` numbered `number`, with no token read yet.
    pub fn new(text: &'a str, number: usize) -> Self {
        Line::after(text, number, 0)
    }

    /// A line of `text` numbered `number` whose first `tokens` tokens were read before it was taken.
    pub(crate) fn after(text: &'a str, number: usize, tokens: usize) -> Self {
        Line { text, pos: 0, number, tokens, last_token: tokens }
    }

    /// The 1-based line number.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The whole text of the line (without its line break).
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    fn next_str(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && is_separator(bytes[self.pos]) {
            self.pos += 1;
        }
        if self.pos >= bytes.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < bytes.len() && !is_separator(bytes[self.pos]) {
            self.pos += 1;
        }
        self.tokens += 1;
        self.last_token = self.tokens;
        Some(&self.text[start..self.pos])
    }

    /// The next token of the line.
    ///
    /// # Errors
    /// If the line has no more tokens: `line L: expected WHAT, found end of line`.
    pub fn token(&mut self, what: &str) -> Result<&'a str> {
        Tokens::token(self, what)
    }

    /// The next token as an integer.
    ///
    /// # Errors
    /// At the end of the line, or if the token is not an integer of type `T`.
    pub fn int<T: Int>(&mut self, what: &str) -> Result<T> {
        Tokens::int(self, what)
    }

    /// The next token as an integer in `range`.
    ///
    /// # Errors
    /// At the end of the line, or if the token is not an integer in `range`.
    pub fn int_in<T: Int>(&mut self, range: RangeInclusive<T>, what: &str) -> Result<T> {
        Tokens::int_in(self, range, what)
    }

    /// The next token parsed with [`FromStr`].
    ///
    /// # Errors
    /// At the end of the line, or if the token does not parse.
    pub fn parse<T: FromStr>(&mut self, what: &str) -> Result<T> {
        Tokens::parse(self, what)
    }

    /// Checks that the line has no more tokens.
    ///
    /// # Errors
    /// If a token remains: `line L, token T: expected end of line, found "x"`.
    pub fn end(&mut self) -> Result<()> {
        Tokens::end(self)
    }

    /// An error positioned at the last token read on this line (the line as a whole before any).
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::new(self.number, self.last_token, message)
    }
}

/// Reads lines one at a time as they arrive, for interactive protocols.
///
/// Unlike [`Scanner`] it never waits for the end of the input: each call blocks only until the
/// next line break.
pub struct LineReader<R> {
    inner: R,
    buffer: String,
    number: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Wraps a buffered reader; the first line read is line 1.
    pub fn new(inner: R) -> Self {
        LineReader { inner, buffer: String::new(), number: 0 }
    }

    /// The next line, without its line break, or `Ok(None)` at the end of the input.
    ///
    /// # Errors
    /// If reading fails or the line is not UTF-8.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>> {
        self.buffer.clear();
        let line_number = self.number + 1;
        match self.inner.read_line(&mut self.buffer) {
            Ok(0) => Ok(None),
            Ok(_) => {
                self.number = line_number;
                let text = self.buffer.trim_end_matches(['\n', '\r']);
                Ok(Some(Line::new(text, line_number)))
            }
            Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
                Err(Error::new(line_number, 0, "expected a line of text, found bytes that are not UTF-8"))
            }
            Err(error) => Err(Error::new(line_number, 0, format!("cannot read input: {error}"))),
        }
    }

    /// The next line, which must exist.
    ///
    /// # Errors
    /// At the end of the input (`line L: expected WHAT, found end of input`), or as [`Self::next_line`].
    pub fn expect_line(&mut self, what: &str) -> Result<Line<'_>> {
        let after = self.number;
        match self.next_line()? {
            Some(line) => Ok(line),
            None => Err(Error::new(after + 1, 0, format!("expected {what}, found end of input"))),
        }
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.number
    }
}

/// Standard input, line by line.
pub fn stdin_lines() -> LineReader<std::io::StdinLock<'static>> {
    LineReader::new(std::io::stdin().lock())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scanner;

    #[test]
    fn line_end_reports_the_extra_token() {
        let mut sc = Scanner::new(b"1 2 3 4\n");
        let mut line = sc.line("a row").unwrap();
        for _ in 0..3 {
            line.int::<u8>("v").unwrap();
        }
        assert_eq!(line.end().unwrap_err().to_string(), "line 1, token 4: expected end of line, found \"4\"");
    }
    #[test]
    fn line_reader_reads_as_lines_arrive() {
        let mut reader = LineReader::new(&b"11 red\r\nempty\n"[..]);
        let mut first = reader.expect_line("the first line").unwrap();
        assert_eq!(first.int::<u32>("a size").unwrap(), 11);
        assert_eq!(first.token("a colour").unwrap(), "red");
        assert_eq!(reader.next_line().unwrap().unwrap().as_str(), "empty");
        assert!(reader.next_line().unwrap().is_none());
        assert_eq!(
            reader.expect_line("a move").unwrap_err().to_string(),
            "line 3: expected a move, found end of input"
        );
        assert_eq!(reader.lines_read(), 2);
    }

    #[test]
    fn line_reader_reports_invalid_utf8() {
        let mut reader = LineReader::new(&b"ok\n\xff\xfe\n"[..]);
        reader.next_line().unwrap();
        let error = reader.next_line().err().unwrap();
        assert_eq!(error.line, 2);
    }
}
