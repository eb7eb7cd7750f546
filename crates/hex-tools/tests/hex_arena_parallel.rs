//! A match spread over two shards by GNU parallel (`parallel`, Debian's package), as ARENA.md
//! "Shards and merge" shows it: `hex-arena merge` of the shards' records gives the tallies of the
//! same match played in one run. The engines are the seeded random baseline, so the games are the
//! same whatever the scheduling. Without GNU parallel the test is skipped with a
//! note, except under CI (`CI` set), where it fails.

mod common;

use common::*;
use std::process::Command;

#[test]
fn two_shards_through_gnu_parallel_merge_into_the_whole_match() {
    if !test_support::tool::gnu_parallel() {
        return;
    }
    let scratch = Scratch::new("parallel");
    let random = random_baseline();
    let base =
        ["-q", "-n", "8", "--seed", "9", "--openings", "a1,b2,c3,d4", "--name-a", "ra", "--name-b", "rb"];
    let whole_args: Vec<&str> = base.iter().copied().chain([random.as_str(), random.as_str()]).collect();
    let whole = arena(&scratch, &whole_args);
    assert_eq!(whole.records.len(), 8);
    // `-I @@` as the replacement string, so that the engines' `{seed}` reaches hex-arena.
    let dir = scratch.dir.display();
    let shard = format!(
        "{HEX_ARENA} {} --shard @@/2 --records {dir}/part-@@.txt {} {} >/dev/null",
        base.join(" "),
        quote(&random),
        quote(&random)
    );
    let output = Command::new("parallel")
        .args(["--will-cite", "-I", "@@", &shard, ":::", "1", "2"])
        .output()
        .expect("parallel runs");
    assert!(output.status.success(), "parallel failed: {}", String::from_utf8_lossy(&output.stderr));
    let parts = [scratch.path("part-1.txt"), scratch.path("part-2.txt")];
    for part in &parts {
        let games = std::fs::read_to_string(part).unwrap().lines().count();
        assert_eq!(games, 4, "{}", part.display());
    }
    let merged = Command::new(HEX_ARENA).arg("merge").args(&parts).output().unwrap();
    let merged_out = String::from_utf8_lossy(&merged.stdout);
    assert!(merged.status.success(), "{merged_out}");
    assert!(merged_out.starts_with("8 games merged from 2 records files: A = ra vs B = rb"), "{merged_out}");
    assert_eq!(tallies(&merged_out), tallies(&whole.stdout));
    assert_eq!(tallies(&whole.stdout).len(), 6, "{}", whole.stdout);
}
