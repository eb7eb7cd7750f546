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
//!
//! One module a concept (`error`, `integers`, `scanner`, `lines`, `output`), re-exported here.

mod error;
mod integers;
mod lines;
mod output;
mod scanner;

use std::io::{BufRead, Read};

pub use error::{fail, install_panic_hook, Error, Result};
pub use integers::Int;
pub use lines::{stdin_lines, Line, LineReader};
pub use output::Output;
pub use scanner::Scanner;

use scanner::is_separator;

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
}
