//! Input errors as values ([`Error`], positioned on a line and token), and the one-line `error:`
//! reports on stderr that end a program ([`fail`], [`install_panic_hook`]).

use std::fmt::{self, Display};

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
pub(crate) fn quoted(token: &[u8]) -> String {
    const MAX: usize = 32;
    let text = String::from_utf8_lossy(&token[..token.len().min(MAX)]);
    if token.len() > MAX {
        format!("{:?}...", text)
    } else {
        format!("{:?}", text)
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
