//! `hex-baseline`'s command line (clap: `--help` exits 0, a bad option exits 2 naming it).

use std::process::{Command, Output, Stdio};

const HEX_BASELINE: &str = env!("CARGO_BIN_EXE_hex-baseline");

fn run(args: &[&str]) -> Output {
    Command::new(HEX_BASELINE).args(args).stdin(Stdio::null()).output().expect("hex-baseline runs")
}

#[test]
fn help_exits_0_and_shows_the_defaults() {
    let output = run(&["--help"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout.contains("Usage: hex-baseline"), "{stdout}");
    for shown in ["[default: rave]", "[default: 800]", "[default: 80]", "random", "uct"] {
        assert!(stdout.contains(shown), "{shown}: {stdout}");
    }
}

#[test]
fn bad_options_exit_2_naming_what_is_wrong() {
    for (args, named) in [
        (&["--no-such-option"][..], "--no-such-option"),
        (&["--engine", "ubfm"], "ubfm"),
        (&["--first-ms", "soon"], "soon"),
        (&["--seed"], "--seed"),
        (&["--expand-at", "0"], "--expand-at"),
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        // clap's errors: the usage after an unknown option or a missing one, a pointer to --help
        // after a malformed value.
        assert!(stderr.contains(named) && stderr.contains("--help"), "{args:?}: {stderr}");
        assert!(!named.starts_with("--no-such") || stderr.contains("Usage:"), "{args:?}: {stderr}");
    }
    // Good options and no game (stdin closed at once): exit 0.
    assert_eq!(run(&["--engine", "random", "--seed", "3"]).status.code(), Some(0));
}
