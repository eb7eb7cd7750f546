//! The teacher's labels as shards (`hex-train label --shard K/N`) through GNU parallel, as the
//! crate README shows it: the shards' lines, put together, are the lines of one whole run, and a
//! run repeats itself exactly. Without GNU parallel the test is skipped with a
//! note, except under CI (`CI` set), where it fails.

mod common;

use common::*;
use std::process::Command;

/// The label lines of `text` (the `#` header names the shard, so it differs).
fn labels(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('#')).collect()
}

fn label(args: &[&str]) -> String {
    let output = Command::new(HEX_TRAIN).arg("label").args(args).output().expect("hex-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn label_shards_through_gnu_parallel_make_the_whole_run() {
    if !test_support::tool::gnu_parallel() {
        return;
    }
    let scratch = Scratch::new("label");
    let random = random_baseline();
    arena(&scratch, &["-q", "-n", "5", "--seed", "3", &random, &random]);
    let records = scratch.path("records.txt");
    let records = records.to_str().unwrap();
    let options = ["--playouts", "60", "--every", "7", "--seed", "4"];
    let whole_args: Vec<&str> = options.iter().copied().chain([records]).collect();
    let whole = label(&whole_args);
    assert_eq!(label(&whole_args), whole, "a run repeats itself");
    let lines = labels(&whole);
    assert!(lines.len() >= 5, "{whole}");
    let games: std::collections::BTreeSet<&str> =
        lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(games.len(), 5, "every game has labels: {games:?}");

    let dir = scratch.dir.display();
    let shard = format!("{HEX_TRAIN} label {} --shard @@/2 {records} > {dir}/part-@@.txt", options.join(" "));
    let output = Command::new("parallel")
        .args(["--will-cite", "-I", "@@", &shard, ":::", "1", "2"])
        .output()
        .expect("parallel runs");
    assert!(output.status.success(), "parallel failed: {}", String::from_utf8_lossy(&output.stderr));
    let parts: Vec<String> = ["part-1.txt", "part-2.txt"]
        .iter()
        .map(|p| std::fs::read_to_string(scratch.path(p)).unwrap())
        .collect();
    assert!(parts.iter().all(|part| !labels(part).is_empty()), "both shards label games");
    let joined: Vec<&str> = parts.iter().flat_map(|part| labels(part)).collect();
    assert_eq!(joined, lines);
}
