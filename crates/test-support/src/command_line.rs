//! A tool's command line as its user meets it, for the tools' tests: `--help` (of the binary or a
//! subcommand) exits 0 showing the usage and what it should show; a bad command line exits 2 with
//! an error that names what is wrong and shows the usage (`match_kit::command_line::parse`).

use std::process::{Command, Output, Stdio};

/// Runs `binary` with `args` and standard input closed.
pub fn run(binary: &str, args: &[&str]) -> Output {
    Command::new(binary).args(args).stdin(Stdio::null()).output().unwrap_or_else(|e| panic!("{binary}: {e}"))
}

/// `binary ARGS` (a `--help`) exits 0 and prints `Usage: NAME` and each of `shown`; returns the text.
pub fn assert_help(binary: &str, args: &[&str], shown: &[&str]) -> String {
    let output = run(binary, args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    let name = std::path::Path::new(binary).file_name().unwrap().to_string_lossy().into_owned();
    assert!(stdout.contains(&format!("Usage: {name}")), "{args:?}: {stdout}");
    for text in shown {
        assert!(stdout.contains(text), "{args:?} should show {text:?}: {stdout}");
    }
    stdout
}

/// `binary ARGS` is refused as a command line: exit 2, an error naming `named`, the usage, and a
/// pointer to `--help`.
pub fn assert_rejected(binary: &str, args: &[&str], named: &str) {
    let output = run(binary, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(named),
        "{args:?} should name {named:?}: {stderr}"
    );
    assert!(stderr.contains("Usage: ") && stderr.contains("--help"), "{args:?}: {stderr}");
}
