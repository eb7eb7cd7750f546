//! The batch reader: [`Scanner`] hands out the tokens of an input held in memory as slices of it,
//! and the token methods it shares with [`Line`] (`Tokens`).

use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::error::quoted;
use crate::{Error, Int, Line, Result};

/// Input bytes at or below the space character separate tokens (space, tab, CR, LF, ...).
#[inline]
pub(crate) fn is_separator(byte: u8) -> bool {
    byte <= b' '
}

/// What [`Scanner`] (tokens of a whole input) and [`Line`] (tokens of one line) have in common: a
/// stream of tokens and errors positioned on them. Their token methods are written once, here, and
/// the public methods of both call them.
pub(crate) trait Tokens<'a> {
    /// `"input"` or `"line"`: what ends when the tokens run out.
    const WHOLE: &'static str;

    /// The next token's bytes, or `None` at the end.
    fn next_token(&mut self) -> Option<&'a [u8]>;

    /// `expected WHAT, found end of input` (or `of line`), positioned where the tokens ran out.
    fn missing(&self, what: &str) -> Error;

    /// An error positioned at the last token read.
    fn error_here(&self, message: String) -> Error;

    fn token(&mut self, what: &str) -> Result<&'a str> {
        let bytes = self.next_token().ok_or_else(|| self.missing(what))?;
        std::str::from_utf8(bytes)
            .map_err(|_| self.error_here(format!("expected {what}, found {}", quoted(bytes))))
    }

    fn int<T: Int>(&mut self, what: &str) -> Result<T> {
        let bytes = self.next_token().ok_or_else(|| self.missing(what))?;
        T::from_token(bytes)
            .ok_or_else(|| self.error_here(format!("expected {what}, found {}", quoted(bytes))))
    }

    fn int_in<T: Int>(&mut self, range: RangeInclusive<T>, what: &str) -> Result<T> {
        let bytes = self.next_token().ok_or_else(|| self.missing(what))?;
        match T::from_token(bytes) {
            Some(value) if range.contains(&value) => Ok(value),
            _ => Err(self.error_here(out_of_range(what, &range, bytes))),
        }
    }

    fn parse<T: FromStr>(&mut self, what: &str) -> Result<T> {
        let token = self.token(what)?;
        token
            .parse()
            .map_err(|_| self.error_here(format!("expected {what}, found {}", quoted(token.as_bytes()))))
    }

    fn end(&mut self) -> Result<()> {
        match self.next_token() {
            None => Ok(()),
            Some(bytes) => {
                Err(self.error_here(format!("expected end of {}, found {}", Self::WHOLE, quoted(bytes))))
            }
        }
    }
}

impl<'a> Tokens<'a> for Scanner<'a> {
    const WHOLE: &'static str = "input";

    fn next_token(&mut self) -> Option<&'a [u8]> {
        self.next_bytes()
    }

    fn missing(&self, what: &str) -> Error {
        self.end_of_input(what)
    }

    fn error_here(&self, message: String) -> Error {
        self.error(message)
    }
}

/// Tokens of a text held in memory, with the line and token positions that errors report.
///
/// Lines are numbered from 1; tokens within a line from 1.
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    input: &'a [u8],
    pos: usize,
    /// Line of `pos`.
    line: usize,
    /// Tokens already read on line `line`.
    tokens_on_line: usize,
    /// Position of the last token handed out, for [`Scanner::error`].
    last: (usize, usize),
}

impl<'a> Scanner<'a> {
    /// A scanner over `input`, positioned at line 1.
    pub fn new(input: &'a [u8]) -> Self {
        Scanner { input, pos: 0, line: 1, tokens_on_line: 0, last: (1, 0) }
    }

    /// Skips separators, counting newlines.
    #[inline]
    fn skip_separators(&mut self) {
        // Locals, not fields, in the loop: the hot path then lives in registers.
        let input = self.input;
        let mut pos = self.pos;
        while let Some(&byte) = input.get(pos) {
            if !is_separator(byte) {
                break;
            }
            if byte == b'\n' {
                self.line += 1;
                self.tokens_on_line = 0;
            }
            pos += 1;
        }
        self.pos = pos;
    }

    /// The next token's bytes, or `None` at the end of the input.
    #[inline]
    fn next_bytes(&mut self) -> Option<&'a [u8]> {
        self.skip_separators();
        if self.pos >= self.input.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < self.input.len() && !is_separator(self.input[self.pos]) {
            self.pos += 1;
        }
        self.tokens_on_line += 1;
        self.last = (self.line, self.tokens_on_line);
        Some(&self.input[start..self.pos])
    }

    #[cold]
    #[inline(never)]
    fn end_of_input(&self, what: &str) -> Error {
        Error::new(self.line, 0, format!("expected {what}, found end of input"))
    }

    /// The next token, wherever it is (tokens may cross lines).
    ///
    /// # Errors
    /// At the end of the input, or if the token is not valid UTF-8.
    pub fn token(&mut self, what: &str) -> Result<&'a str> {
        Tokens::token(self, what)
    }

    /// The next token as an integer.
    ///
    /// # Errors
    /// At the end of the input, or if the token is not an integer of type `T`.
    ///
    /// # Complexity
    /// Linear in the token's length, without allocation.
    #[inline]
    pub fn int<T: Int>(&mut self, what: &str) -> Result<T> {
        // Fast path: scan and convert in one pass over the bytes. Tokens of up to 18 digits cannot
        // overflow the u64 accumulator; anything unusual (no digits, a longer number, a digit run
        // followed by other characters) goes through the general path below.
        self.skip_separators();
        let input = self.input;
        let start = self.pos;
        let negative = input.get(start) == Some(&b'-');
        let digits_start = start + usize::from(negative);
        let mut i = digits_start;
        let mut magnitude: u64 = 0;
        while let Some(&byte) = input.get(i) {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            // Wrapping: runs longer than 18 digits are rejected below and take the general path.
            magnitude = magnitude.wrapping_mul(10).wrapping_add(u64::from(digit));
            i += 1;
        }
        let digits = i - digits_start;
        if (1..=18).contains(&digits) && input.get(i).map_or(true, |&b| is_separator(b)) {
            self.pos = i;
            self.tokens_on_line += 1;
            self.last = (self.line, self.tokens_on_line);
            // At most 18 digits: the magnitude fits an i64, and the sign is applied without a branch.
            let sign = -i64::from(negative);
            let value = ((magnitude as i64) ^ sign) - sign;
            return match T::from_i64(value) {
                Some(value) if !(negative && T::UNSIGNED) => Ok(value),
                _ => Err(self.not_a(what, &input[start..i])),
            };
        }
        Tokens::int(self, what)
    }

    /// The error for a token that is not `what`; kept out of line so the hot paths stay small.
    #[cold]
    #[inline(never)]
    fn not_a(&self, what: &str, found: &[u8]) -> Error {
        self.error(format!("expected {what}, found {}", quoted(found)))
    }

    /// The next token as an integer in `range`.
    ///
    /// # Errors
    /// At the end of the input, or if the token is not an integer in `range`; the message names the
    /// range: `expected a die value 0..=6, found "7"`.
    pub fn int_in<T: Int>(&mut self, range: RangeInclusive<T>, what: &str) -> Result<T> {
        Tokens::int_in(self, range, what)
    }

    /// The next token parsed with [`FromStr`].
    ///
    /// # Errors
    /// At the end of the input, or if the token does not parse.
    pub fn parse<T: FromStr>(&mut self, what: &str) -> Result<T> {
        Tokens::parse(self, what)
    }

    /// The next line that holds a token: the rest of the current line if a token remains on it,
    /// otherwise the next non-blank line. The scanner moves past that line.
    ///
    /// # Errors
    /// At the end of the input (`what` names the line that was expected), or if the line is not UTF-8.
    pub fn line(&mut self, what: &str) -> Result<Line<'a>> {
        loop {
            let rest = &self.input[self.pos..];
            if rest.is_empty() {
                return Err(self.end_of_input(what));
            }
            let length = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let bytes = &rest[..length];
            let (number, first_token) = (self.line, self.tokens_on_line);
            self.pos += length;
            if self.pos < self.input.len() {
                self.pos += 1; // the newline
                self.line += 1;
                self.tokens_on_line = 0;
            }
            if bytes.iter().all(|&b| is_separator(b)) {
                continue;
            }
            let text = std::str::from_utf8(bytes).map_err(|_| {
                Error::new(number, 0, format!("expected {what}, found a line that is not UTF-8"))
            })?;
            return Ok(Line::after(text, number, first_token));
        }
    }

    /// Checks that no token remains.
    ///
    /// # Errors
    /// If a token remains: `expected end of input, found "x"`.
    pub fn end(&mut self) -> Result<()> {
        Tokens::end(self)
    }

    /// An error positioned at the last token read (line 1 before any token was read).
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::new(self.last.0, self.last.1, message)
    }
}

fn out_of_range<T: Int>(what: &str, range: &RangeInclusive<T>, found: &[u8]) -> String {
    format!("expected {what} {}..={}, found {}", range.start(), range.end(), quoted(found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LineReader;
    use proptest::prelude::*;

    #[test]
    fn reads_integers_of_every_width() {
        let mut sc = Scanner::new(b"-128 255 -9223372036854775808 18446744073709551615 0 -0");
        assert_eq!(sc.int::<i8>("x").unwrap(), -128);
        assert_eq!(sc.int::<u8>("x").unwrap(), 255);
        assert_eq!(sc.int::<i64>("x").unwrap(), i64::MIN);
        assert_eq!(sc.int::<u64>("x").unwrap(), u64::MAX);
        assert_eq!(sc.int::<usize>("x").unwrap(), 0);
        assert_eq!(sc.int::<i32>("x").unwrap(), 0);
        assert!(sc.end().is_ok());
    }
    #[test]
    fn errors_name_line_and_token() {
        let mut sc = Scanner::new(b"20\n0 6 0\n2 7 2\n");
        assert_eq!(sc.int_in(1..=40, "a depth").unwrap(), 20);
        for _ in 0..4 {
            sc.int_in(0..=6, "a die value").unwrap();
        }
        let error = sc.int_in(0..=6u8, "a die value").unwrap_err();
        assert_eq!(error.to_string(), "line 3, token 2: expected a die value 0..=6, found \"7\"");
    }

    #[test]
    fn end_of_input_is_reported_on_the_last_line() {
        let mut sc = Scanner::new(b"1 2\n3\n");
        for _ in 0..3 {
            sc.int::<u32>("n").unwrap();
        }
        let error = sc.int::<u32>("a fourth number").unwrap_err();
        assert_eq!(error.to_string(), "line 3: expected a fourth number, found end of input");
        let mut empty = Scanner::new(b"");
        assert_eq!(
            empty.token("a count").unwrap_err().to_string(),
            "line 1: expected a count, found end of input"
        );
    }

    #[test]
    fn lines_skip_blank_ones_and_continue_token_numbers() {
        let mut sc = Scanner::new(b"3 a b\r\n\n  \nx y\nlast");
        assert_eq!(sc.int::<u32>("n").unwrap(), 3);
        let mut rest = sc.line("the rest").unwrap();
        assert_eq!(rest.number(), 1);
        assert_eq!(rest.token("a").unwrap(), "a");
        assert_eq!(rest.token("b").unwrap(), "b");
        assert!(rest.end().is_ok());
        let mut line = sc.line("a pair").unwrap();
        assert_eq!((line.number(), line.as_str()), (4, "x y"));
        line.token("x").unwrap();
        line.token("y").unwrap();
        assert_eq!(line.token("z").unwrap_err().to_string(), "line 4: expected z, found end of line");
        let mut last = sc.line("the last line").unwrap();
        assert_eq!(last.number(), 5);
        assert_eq!(
            last.int::<u8>("n").unwrap_err().to_string(),
            "line 5, token 1: expected n, found \"last\""
        );
        assert_eq!(sc.line("more").unwrap_err().to_string(), "line 5: expected more, found end of input");
        assert!(sc.end().is_ok());
    }

    #[test]
    fn scanner_end_reports_leftovers() {
        let mut sc = Scanner::new(b"1\n2\n");
        sc.int::<u8>("n").unwrap();
        assert_eq!(sc.end().unwrap_err().to_string(), "line 2, token 1: expected end of input, found \"2\"");
    }

    #[test]
    fn long_tokens_are_shortened_in_messages() {
        let long = "9".repeat(100);
        let mut sc = Scanner::new(long.as_bytes());
        let message = sc.int::<u32>("n").unwrap_err().message;
        assert!(message.len() < 60, "{message}");
        assert!(message.ends_with("..."), "{message}");
    }

    proptest! {
        #[test]
        fn integers_read_back_through_any_whitespace(
            values in proptest::collection::vec(any::<i64>(), 0..60),
            gaps in proptest::collection::vec("[ \t\r\n]{1,4}", 61),
        ) {
            let mut text = gaps[0].clone();
            for (value, gap) in values.iter().zip(&gaps[1..]) {
                text.push_str(&value.to_string());
                text.push_str(gap);
            }
            let mut sc = Scanner::new(text.as_bytes());
            for &value in &values {
                prop_assert_eq!(sc.int::<i64>("v").unwrap(), value);
            }
            prop_assert!(sc.end().is_ok());
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut sc = Scanner::new(&bytes);
            let _ = sc.int::<u32>("n");
            let _ = sc.int_in(-5i16..=5, "small");
            let _ = sc.token("word");
            let _ = sc.parse::<f64>("real");
            if let Ok(mut line) = sc.line("a line") {
                let _ = line.int::<i8>("v");
                let _ = line.end();
            }
            let _ = sc.end();
            let mut reader = LineReader::new(&bytes[..]);
            while let Ok(Some(mut line)) = reader.next_line() {
                let _ = line.int::<u64>("v");
            }
        }

        #[test]
        fn fast_scanner_path_agrees_with_the_plain_parse(token in "-?[0-9]{0,21}[a-z-]?") {
            // `Scanner::int` converts while scanning; `Int::from_token` is the plain version.
            let scanned = Scanner::new(token.as_bytes()).int::<i64>("v").ok();
            prop_assert_eq!(scanned, i64::from_token(token.as_bytes()));
            let scanned = Scanner::new(token.as_bytes()).int::<u8>("v").ok();
            prop_assert_eq!(scanned, u8::from_token(token.as_bytes()));
        }
    }
}
