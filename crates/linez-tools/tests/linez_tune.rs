//! `linez-tune`'s command line (clap: `--help` exits 0 for it and every mode, a bad option exits 2
//! naming it) and its `paired` mode on plain and gzip outputs.

use std::path::PathBuf;
use std::process::{Command, Output};
use test_support::command_line::{assert_help, assert_rejected};

const LINEZ_TUNE: &str = env!("CARGO_BIN_EXE_linez-tune");

fn run(args: &[&str]) -> Output {
    Command::new(LINEZ_TUNE).args(args).output().expect("linez-tune runs")
}

#[test]
fn help_exits_0_for_the_binary_and_every_mode() {
    for args in [&["crowded", "--help"][..], &["costs", "--help"], &["paired", "--help"], &["help", "costs"]]
    {
        assert_help(LINEZ_TUNE, args, &[]);
    }
    assert_help(LINEZ_TUNE, &["--help"], &["[default: 4,4,40]", "<MAX_MOVES>"]);
}

#[test]
fn bad_options_exit_2_naming_what_is_wrong() {
    for (args, named) in [
        (&["--no-such-option", "1", "2", "0", "10", "1"][..], "--no-such-option"),
        (&["costs", "1", "2", "many", "1"], "many"),
        (&["costs", "1", "2", "400", "3"], "THREADS"),
        (&["--rollout", "4,4", "crowded", "1001", "1001", "100", "5"], "4,4"),
        (&["--weights", "nothing=3", "1", "2", "0", "10", "1"], "nothing"),
        (&["crowded", "1001", "1002", "100"], "HORIZON"),
        (&["--stop"], "--stop"),
        (&["label", "2001", "2070"], "label"),
        (&["1001", "1008", "2000", "5000", "2"], "linez-sim --bot linez --move-units 2000"),
    ] {
        assert_rejected(LINEZ_TUNE, args, named);
    }
}

#[test]
fn paired_reads_plain_and_gzip_outputs() {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("linez-tune-paired-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.txt");
    let b = dir.join("b.txt.gz");
    std::fs::write(&a, "seed 1 score 100 moves 40\nseed 2 score 200 moves 50\n").unwrap();
    match_kit::files::write_text(
        &b,
        "seed 1 score 130 moves 41\nseed 2 score 230 moves 52\nseed 3 score 1 moves 1\n",
    )
    .unwrap();
    let output = run(&["paired", a.to_str().unwrap(), b.to_str().unwrap(), "score"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.starts_with("pairs 2  A 150.00  B 180.00  B-A +30.00"), "{stdout}");
    let missing = dir.join("missing.txt");
    let output = run(&["paired", a.to_str().unwrap(), missing.to_str().unwrap(), "score"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}
