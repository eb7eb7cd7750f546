//! A match spread as shards through GNU parallel (the way SIM.md shows) merges to the summary of
//! the same match played whole. CI installs `parallel` (Debian's package); without it this test
//! is skipped with a note naming the package, except under CI (`CI` set), where it fails.

mod common;

use common::tallies;
use std::path::PathBuf;
use std::process::Command;

const LINEZ_SIM: &str = env!("CARGO_BIN_EXE_linez-sim");

/// The match: the bot at fixed work a move, so that its games depend on the seeds alone.
const MATCH: &str = "-q --bot linez --move-units 100 --max-moves 60 --seeds 1-6";

fn stdout_of(command: &mut Command) -> String {
    let output = command.output().unwrap_or_else(|error| panic!("{command:?} cannot start: {error}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{command:?}: {stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

#[test]
fn two_shards_through_gnu_parallel_merge_to_the_whole_matchs_summary() {
    if !test_support::tool::gnu_parallel() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("linez-shards");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let part = dir.join("part-{}.txt");
    let shard = format!("{LINEZ_SIM} {MATCH} --shard {{}}/2 --games-file {} >/dev/null", part.display());
    stdout_of(Command::new("parallel").args([
        "--will-cite",
        "--halt",
        "now,fail=1",
        &shard,
        ":::",
        "1",
        "2",
    ]));
    let parts: Vec<String> =
        (1..=2).map(|k| dir.join(format!("part-{k}.txt")).display().to_string()).collect();
    let merged = stdout_of(Command::new(LINEZ_SIM).arg("merge").args(&parts));
    assert!(merged.starts_with("# linez-sim merge: 6 games from 2 files"), "{merged}");
    let whole = stdout_of(Command::new(LINEZ_SIM).args(MATCH.split(' ')));
    assert_eq!(tallies(&merged), tallies(&whole), "merged:\n{merged}\nwhole:\n{whole}");
    assert_eq!(tallies(&whole).len(), 2, "{whole}");
}
