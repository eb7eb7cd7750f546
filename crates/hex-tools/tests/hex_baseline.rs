//! `hex-baseline`'s command line (clap: `--help` exits 0, a bad option exits 2 naming it, with the
//! usage).

use test_support::command_line::{assert_help, assert_rejected, run};

const HEX_BASELINE: &str = env!("CARGO_BIN_EXE_hex-baseline");

#[test]
fn help_exits_0_and_shows_the_defaults() {
    assert_help(
        HEX_BASELINE,
        &["--help"],
        &["[default: rave]", "[default: 800]", "[default: 80]", "random", "uct"],
    );
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
        assert_rejected(HEX_BASELINE, args, named);
    }
    // Good options and no game (stdin closed at once): exit 0.
    assert_eq!(run(HEX_BASELINE, &["--engine", "random", "--seed", "3"]).status.code(), Some(0));
}
