//! Buffered output ([`Output`]): batch binaries flush once, bots once per turn.

use std::fmt::{self, Display};
use std::io::Write;

use crate::fail;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_buffers_lines() {
        use std::fmt::Write as _;
        let mut out = Output::new();
        out.line(42);
        write!(out, "{}-{}", 1, 2).unwrap();
        assert_eq!(out.as_str(), "42\n1-2");
    }
}
