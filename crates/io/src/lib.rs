//! Tokens in, text out: the input and output layer shared by every contest binary.
//!
//! * **Batch mode** ([`Scanner`], [`run`]): the whole input is read once and tokens are handed out as
//!   slices of it, without a per-token allocation. Integers are parsed by hand ([`Int`]), which is what
//!   makes reading millions of them cheap.
//! * **Line mode** ([`LineReader`], [`stdin_lines`]): interactive bots read one turn's lines as they
//!   arrive and never wait for the end of input.
//! * **Errors** ([`Error`]) are values, never panics, and say where the input went wrong:
//!   `line 3, token 2: expected a die value 0..=6, found "7"`. [`run`] and [`fail`] print them as one
//!   `error: ...` line on stderr and exit with status 1.
//! * **Output** ([`Output`]) is buffered: batch binaries flush once, bots once per turn.
//!
//! The crate has no dependencies, so a solver bundled with it still compiles with plain `rustc`.

use std::fmt::{self, Display};
use std::io::{BufRead, Read, Write};
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A malformed or out-of-range input, with its 1-based position.
///
/// Displays as `line L, token T: MESSAGE`, or `line L: MESSAGE` when no single token is to blame
/// (`token == 0`), e.g. at the end of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// 1-based line number.
    pub line: usize,
    /// 1-based index of the token within its line; 0 when the error is about the line as a whole.
    pub token: usize,
    /// What was wrong, e.g. `expected a die value 0..=6, found "7"`.
    pub message: String,
}

impl Error {
    /// Creates an error at `line`, `token` (0 = the line as a whole).
    pub fn new(line: usize, token: usize, message: impl Into<String>) -> Error {
        Error { line, token, message: message.into() }
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token == 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(f, "line {}, token {}: {}", self.line, self.token, self.message)
        }
    }
}

impl std::error::Error for Error {}

/// The result of reading input.
pub type Result<T> = std::result::Result<T, Error>;

/// Quotes a token for an error message, shortened so that one bad token cannot flood stderr.
fn quoted(token: &[u8]) -> String {
    const MAX: usize = 32;
    let text = String::from_utf8_lossy(&token[..token.len().min(MAX)]);
    if token.len() > MAX {
        format!("{:?}...", text)
    } else {
        format!("{:?}", text)
    }
}

/// An integer type that [`Scanner::int`] can parse straight from the input bytes.
///
/// Accepts an optional `-` (signed types only) followed by ASCII digits; anything else, or a value
/// that does not fit the type, is rejected.
pub trait Int: Copy + Ord + Display + fmt::Debug {
    /// Parses a whole token, or returns `None` if it is not a valid value of this type.
    fn from_token(token: &[u8]) -> Option<Self>;

    /// The value with this sign and magnitude, or `None` if the type cannot hold it (or has no sign).
    fn from_parts(negative: bool, magnitude: u64) -> Option<Self>;

    /// `value` if the type can hold it.
    fn from_i64(value: i64) -> Option<Self>;

    /// True for the unsigned types, which reject a `-` sign even on zero.
    const UNSIGNED: bool;
}

/// Parses the decimal digits of `digits` into a `u64`, rejecting empty input, non-digits and overflow.
#[inline]
fn parse_magnitude(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &byte in digits {
        // `wrapping_sub` maps every non-digit byte above 9, so one comparison checks the range.
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(digit))?;
    }
    Some(value)
}

macro_rules! impl_unsigned_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            #[inline]
            fn from_token(token: &[u8]) -> Option<Self> {
                <$t>::try_from(parse_magnitude(token)?).ok()
            }

            const UNSIGNED: bool = true;

            #[inline]
            fn from_i64(value: i64) -> Option<Self> {
                <$t>::try_from(value).ok()
            }

            #[inline]
            fn from_parts(negative: bool, magnitude: u64) -> Option<Self> {
                if negative {
                    return None;
                }
                <$t>::try_from(magnitude).ok()
            }
        }
    )*};
}

macro_rules! impl_signed_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            #[inline]
            fn from_token(token: &[u8]) -> Option<Self> {
                let (negative, digits) = match token.split_first() {
                    Some((b'-', rest)) => (true, rest),
                    _ => (false, token),
                };
                Self::from_parts(negative, parse_magnitude(digits)?)
            }

            const UNSIGNED: bool = false;

            #[inline]
            fn from_i64(value: i64) -> Option<Self> {
                <$t>::try_from(value).ok()
            }

            #[inline]
            fn from_parts(negative: bool, magnitude: u64) -> Option<Self> {
                let value: i64 = if negative {
                    if magnitude > 1 << 63 {
                        return None;
                    }
                    // -(2^63) is representable although +2^63 is not.
                    0i64.wrapping_sub(magnitude as i64)
                } else {
                    i64::try_from(magnitude).ok()?
                };
                <$t>::try_from(value).ok()
            }
        }
    )*};
}

impl_unsigned_int!(u8, u16, u32, u64, usize);
impl_signed_int!(i8, i16, i32, i64, isize);

/// Every byte of a `u64` set to `byte`.
const fn lanes(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

/// Powers of ten up to 10^8, to append a run of digits to a number.
const POWERS_OF_TEN: [u64; 9] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/// The value of the decimal digits in the high bytes of `lanes_value`, whose bytes hold digit values
/// 0..=9 (not ASCII), the first digit in the lowest byte that is not a leading zero.
///
/// SWAR: each step multiplies adjacent lanes together, so three multiplications combine 8 digits
/// (pairs of digits into 2-digit numbers, then 4-digit, then 8-digit).
#[inline]
fn eight_digit_value(lanes_value: u64) -> u64 {
    let pairs = (lanes_value.wrapping_mul(10 * 256 + 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs.wrapping_mul(100 * 65_536 + 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    quads.wrapping_mul(10_000 * (1 << 32) + 1) >> 32
}

/// Reads the run of ASCII digits that starts at `input[start]`: returns its value (wrapping on
/// overflow: callers reject runs longer than 18 digits) and the index just past it.
///
/// Eight bytes at a time while eight remain: the chunk is XORed with `'0'` in every lane, so digit
/// bytes become 0..=9; adding 0x76 to the low seven bits sets a lane's top bit exactly when its value
/// is 10 or more, without carries between lanes; ORing the original top bit also catches bytes >= 0x80.
/// The first flagged lane ends the run. A test pins this against the plain byte loop.
#[inline]
fn scan_digits(input: &[u8], start: usize) -> (u64, usize) {
    let mut value: u64 = 0;
    let mut i = start;
    while let Some(chunk) = input.get(i..i + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let digit_values = u64::from_le_bytes(bytes) ^ lanes(b'0');
        let not_digit = (((digit_values & lanes(0x7F)) + lanes(0x76)) | digit_values) & lanes(0x80);
        let run = (not_digit.trailing_zeros() / 8) as usize;
        if run > 0 {
            // Shift the run to the top lanes: the vacated low lanes are leading zeros.
            let run_value = eight_digit_value(digit_values << (8 * (8 - run)));
            value = value.wrapping_mul(POWERS_OF_TEN[run]).wrapping_add(run_value);
        }
        i += run;
        if run < 8 {
            return (value, i);
        }
    }
    while let Some(&byte) = input.get(i) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        i += 1;
    }
    (value, i)
}

/// Input bytes at or below the space character separate tokens (space, tab, CR, LF, ...).
#[inline]
fn is_separator(byte: u8) -> bool {
    byte <= b' '
}

/// What [`Scanner`] (tokens of a whole input) and [`Line`] (tokens of one line) have in common: a
/// stream of tokens and errors positioned on them. Their token methods are written once, here, and
/// the public methods of both call them.
trait Tokens<'a> {
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
        let (magnitude, i) = scan_digits(input, digits_start);
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
            return Ok(Line { text, pos: 0, number, tokens: first_token, last_token: first_token });
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
        Line { text, pos: 0, number, tokens: 0, last_token: 0 }
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

/// Buffered text for standard output.
///
/// Write with [`Output::line`] or `write!`/`writeln!` (it implements [`fmt::Write`]), then
/// [`Output::flush`]: once at the end of a batch program, once per turn in a bot.
#[derive(Default)]
pub struct Output {
    buffer: String,
}

impl Output {
    /// An empty buffer.
    pub fn new() -> Self {
        Output::default()
    }

    /// Appends `value` and a line break.
    pub fn line(&mut self, value: impl Display) {
        use fmt::Write as _;
        // Writing into a String cannot fail.
        let _ = writeln!(self.buffer, "{value}");
    }

    /// The text buffered so far.
    pub fn as_str(&self) -> &str {
        &self.buffer
    }

    /// Writes the buffered text to standard output, flushes it and empties the buffer.
    ///
    /// If standard output is gone (the judge or referee closed it), prints one `error:` line on
    /// stderr and exits with status 1.
    pub fn flush(&mut self) {
        let mut stdout = std::io::stdout().lock();
        if let Err(error) = stdout.write_all(self.buffer.as_bytes()).and_then(|()| stdout.flush()) {
            fail(format_args!("cannot write to standard output: {error}"));
        }
        self.buffer.clear();
    }
}

impl fmt::Write for Output {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.buffer.push_str(text);
        Ok(())
    }
}

/// Prints `error: <message>` as one line on stderr and exits with status 1.
pub fn fail(message: impl Display) -> ! {
    let text = message.to_string().replace('\n', " ");
    eprintln!("error: {text}");
    std::process::exit(1)
}

/// Makes a panic (a bug, never an input error) print one `error: internal error: ...` line on
/// stderr and exit with status 101, instead of a multi-line report with a backtrace.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string().replace('\n', " ");
        eprintln!("error: internal error: {text}");
        std::process::exit(101);
    }));
}

/// Reads all of standard input.
///
/// Exits through [`fail`] if it cannot be read.
pub fn read_stdin() -> Vec<u8> {
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().lock().read_to_end(&mut input) {
        fail(format_args!("cannot read standard input: {error}"));
    }
    input
}

/// Reads `reader` up to and including its `lines`-th line that holds a token, then stops: it never
/// waits for more. Whatever had already arrived with those lines (the rest of the reader's buffer)
/// is kept too, so that trailing input sent along with them is still seen and rejected.
///
/// Stops early at the end of the input.
///
/// # Errors
/// If reading fails.
pub fn read_lines<R: Read>(reader: R, lines: usize) -> std::io::Result<Vec<u8>> {
    // A large buffer: one read takes everything a pipe or a file holds at that moment.
    let mut reader = std::io::BufReader::with_capacity(1 << 16, reader);
    let mut input = Vec::new();
    let mut found = 0;
    while found < lines {
        let start = input.len();
        let read = reader.read_until(b'\n', &mut input)?;
        if read == 0 || input.last() != Some(&b'\n') {
            return Ok(input); // the end of the input
        }
        if !input[start..].iter().all(|&b| is_separator(b)) {
            found += 1;
        }
    }
    input.extend_from_slice(reader.buffer());
    Ok(input)
}

/// The batch entry point: reads all of standard input, runs `solve`, then checks that no input is left.
///
/// On success prints the output once and returns. On an error prints `error: <message>` as one line
/// on stderr and exits with status 1, printing none of the output (a partial answer would look like a
/// wrong one).
pub fn run(solve: impl FnOnce(&mut Scanner<'_>, &mut Output) -> Result<()>) {
    install_panic_hook();
    solve_with(&read_stdin(), solve);
}

/// The entry point of a one-shot CodinGame program, whose judge sends a fixed number of lines and
/// waits for the answer without closing standard input: reads the input's first `lines` lines that
/// hold a token ([`read_lines`]), then does what [`run`] does.
pub fn run_lines(lines: usize, solve: impl FnOnce(&mut Scanner<'_>, &mut Output) -> Result<()>) {
    install_panic_hook();
    match read_lines(std::io::stdin(), lines) {
        Ok(input) => solve_with(&input, solve),
        Err(error) => fail(format_args!("cannot read standard input: {error}")),
    }
}

/// Runs `solve` on `input`, checks that no input is left, and prints the output or the error.
fn solve_with(input: &[u8], solve: impl FnOnce(&mut Scanner<'_>, &mut Output) -> Result<()>) {
    let mut scanner = Scanner::new(input);
    let mut output = Output::new();
    match solve(&mut scanner, &mut output).and_then(|()| scanner.end()) {
        Ok(()) => output.flush(),
        Err(error) => fail(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reader that hands out its chunks one `read` at a time and fails the test if read past them,
    /// as a judge that keeps standard input open would block.
    struct Chunks(Vec<&'static str>);

    impl Read for Chunks {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            assert!(!self.0.is_empty(), "read past the lines that were asked for");
            let chunk = self.0.remove(0).as_bytes();
            buf[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }

    #[test]
    fn read_lines_stops_after_the_asked_lines_and_keeps_what_came_with_them() {
        let reader = Chunks(vec!["20\n\n0 0", " 0\n0 0 0\n", "0 0 0\n5\n"]);
        assert_eq!(read_lines(reader, 4).unwrap(), b"20\n\n0 0 0\n0 0 0\n0 0 0\n5\n");
        let reader = Chunks(vec!["20\n", "0 0 0\n", "0 0 0\n", "0 0 0\n"]);
        assert_eq!(read_lines(reader, 4).unwrap(), b"20\n0 0 0\n0 0 0\n0 0 0\n");
        let reader = Chunks(vec!["20\n0 0 0", ""]);
        assert_eq!(read_lines(reader, 4).unwrap(), b"20\n0 0 0");
        let reader = Chunks(vec!["\n \n", "20\n", ""]);
        assert_eq!(read_lines(reader, 4).unwrap(), b"\n \n20\n");
    }

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
    fn rejects_overflow_signs_and_letters() {
        for bad in ["256", "-1", "+1", "1a", "-", "", " 1"] {
            assert_eq!(u8::from_token(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(u64::from_token(b"18446744073709551616"), None);
        assert_eq!(i64::from_token(b"9223372036854775808"), None);
        assert_eq!(i64::from_token(b"-9223372036854775809"), None);
        assert_eq!(i8::from_token(b"-129"), None);
        assert_eq!(i8::from_token(b"--1"), None);
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
    fn line_end_reports_the_extra_token() {
        let mut sc = Scanner::new(b"1 2 3 4\n");
        let mut line = sc.line("a row").unwrap();
        for _ in 0..3 {
            line.int::<u8>("v").unwrap();
        }
        assert_eq!(line.end().unwrap_err().to_string(), "line 1, token 4: expected end of line, found \"4\"");
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

    #[test]
    fn output_buffers_lines() {
        use std::fmt::Write as _;
        let mut out = Output::new();
        out.line(42);
        write!(out, "{}-{}", 1, 2).unwrap();
        assert_eq!(out.as_str(), "42\n1-2");
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

        #[test]
        fn swar_digit_scan_agrees_with_the_byte_loop(text in "[0-9]{0,30}[ -/:-~\\x80-\\u{7FF}]?[0-9]{0,9}", start in 0usize..8) {
            let bytes = text.as_bytes();
            let start = start.min(bytes.len());
            let run = bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
            let plain = bytes[start..start + run]
                .iter()
                .fold(0u64, |v, &b| v.wrapping_mul(10).wrapping_add(u64::from(b - b'0')));
            prop_assert_eq!(scan_digits(bytes, start), (plain, start + run));
        }

        #[test]
        fn int_agrees_with_std_parse(token in "-?[0-9]{1,22}|[0-9a-z+-]{0,6}") {
            prop_assert_eq!(i32::from_token(token.as_bytes()), token.parse::<i32>().ok().filter(|_| !token.starts_with('+')));
            prop_assert_eq!(u16::from_token(token.as_bytes()), token.parse::<u16>().ok().filter(|_| !token.starts_with('+')));
        }
    }
}
