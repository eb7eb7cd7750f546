//! `linez-baseline`'s command line (clap: `--help` exits 0, a bad option exits 2 naming it).

use std::process::{Command, Output, Stdio};

const LINEZ_BASELINE: &str = env!("CARGO_BIN_EXE_linez-baseline");

fn run(args: &[&str]) -> Output {
    Command::new(LINEZ_BASELINE).args(args).stdin(Stdio::null()).output().expect("linez-baseline runs")
}

#[test]
fn help_exits_0_and_shows_the_defaults() {
    let output = run(&["--help"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    for shown in ["Usage: linez-baseline", "[default: greedy]", "[default: 1]", "random"] {
        assert!(stdout.contains(shown), "{shown}: {stdout}");
    }
}

#[test]
fn bad_options_exit_2_naming_what_is_wrong() {
    for (args, named) in [
        (&["--no-such-option"][..], "--no-such-option"),
        (&["--bot", "clever"], "clever"),
        (&["--seed"], "--seed"),
        (&["--seed", "one"], "one"),
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(named) && stderr.contains("--help"), "{args:?}: {stderr}");
        assert!(!named.starts_with("--no-such") || stderr.contains("Usage:"), "{args:?}: {stderr}");
    }
    // Good options and no game (stdin closed at once): exit 0.
    assert_eq!(run(&["--bot", "random", "--seed", "7"]).status.code(), Some(0));
}
