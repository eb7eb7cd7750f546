//! `linez-baseline`'s command line (clap: `--help` exits 0, a bad option exits 2 naming it, with the
//! usage).

use test_support::command_line::{assert_help, assert_rejected, run};

const LINEZ_BASELINE: &str = env!("CARGO_BIN_EXE_linez-baseline");

#[test]
fn help_exits_0_and_shows_the_defaults() {
    assert_help(LINEZ_BASELINE, &["--help"], &["[default: greedy]", "[default: 1]", "random"]);
}

#[test]
fn bad_options_exit_2_naming_what_is_wrong() {
    for (args, named) in [
        (&["--no-such-option"][..], "--no-such-option"),
        (&["--bot", "clever"], "clever"),
        (&["--seed"], "--seed"),
        (&["--seed", "one"], "one"),
    ] {
        assert_rejected(LINEZ_BASELINE, args, named);
    }
    // Good options and no game (stdin closed at once): exit 0.
    assert_eq!(run(LINEZ_BASELINE, &["--bot", "random", "--seed", "7"]).status.code(), Some(0));
}
