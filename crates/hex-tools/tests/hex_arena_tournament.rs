//! Tournaments: a round robin and a gauntlet of seeded random engines, every pairing on the same
//! openings with the colours reversed, the cross table and the ratings printed, and shards that
//! `merge` rebuilds into the whole tournament from the records alone.

mod common;

use common::*;
use std::collections::BTreeMap;
use std::process::Command;

fn engine(name: &str) -> [String; 3] {
    ["--engine".to_string(), name.to_string(), random_baseline()]
}

/// The summary's lines from the cross table to the game ends (what the records decide).
fn standings(stdout: &str) -> Vec<&str> {
    stdout.lines().skip(1).take_while(|line| !line.starts_with("losses/times")).collect()
}

#[test]
fn a_round_robin_plays_every_pairing_on_the_same_openings_and_its_shards_merge() {
    let scratch = Scratch::new("round-robin");
    let mut args: Vec<String> =
        ["-q", "-n", "4", "-j", "2", "--seed", "4", "--openings", "a1,e5"].map(String::from).to_vec();
    for name in ["r1", "r2", "r3"] {
        args.extend(engine(name));
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let whole = arena(&scratch, &refs);
    assert_eq!(whole.records.len(), 12);
    // Pairings r1-r2, r1-r3, r2-r3 in turn: four games each, A red in the odd ones, each opening
    // played twice with the colours reversed.
    let mut per_pairing: BTreeMap<(String, String), Vec<(String, String)>> = BTreeMap::new();
    for (i, record) in whole.records.iter().enumerate() {
        assert_eq!(field(record, "game"), (i + 1).to_string());
        let (red, blue) = (field(record, "red").to_string(), field(record, "blue").to_string());
        let mut pair = [red.clone(), blue.clone()];
        pair.sort();
        let a_is_red = i % 4 % 2 == 0;
        assert_eq!(red == pair[0], a_is_red, "{record}");
        per_pairing
            .entry((pair[0].clone(), pair[1].clone()))
            .or_default()
            .push((red, field(record, "opening").to_string()));
    }
    assert_eq!(per_pairing.len(), 3);
    for games in per_pairing.values() {
        let openings: Vec<&str> = games.iter().map(|(_, o)| o.as_str()).collect();
        assert_eq!(openings, ["a1", "a1", "e5", "e5"]);
        assert_ne!(games[0].0, games[1].0, "colours reversed");
    }
    // The cross table agrees with the records.
    let wins = |a: &str, b: &str| {
        whole
            .records
            .iter()
            .filter(|r| {
                let (red, blue) = (field(r, "red"), field(r, "blue"));
                ((red, blue) == (a, b) || (red, blue) == (b, a)) && field(r, field(r, "winner")) == a
            })
            .count()
    };
    let table: Vec<&str> =
        whole.stdout.lines().skip_while(|l| !l.starts_with("cross table")).skip(2).take(3).collect();
    for row in &table {
        let words: Vec<&str> = row.split_whitespace().collect();
        let me = words[1];
        let order: Vec<&str> = table.iter().map(|r| r.split_whitespace().nth(1).unwrap()).collect();
        for (k, other) in order.iter().enumerate() {
            let cell = words[3 + k];
            if *other == me {
                assert_eq!(cell, "-");
            } else {
                assert_eq!(cell, format!("{}/4", wins(me, other)), "{row}");
            }
        }
    }
    let ratings: Vec<&str> =
        whole.stdout.lines().filter(|l| l.contains(" ± ") && l.starts_with(char::is_numeric)).collect();
    assert_eq!(ratings.len(), 3, "{}", whole.stdout);
    assert!(ratings[0].starts_with("1. ") && ratings[2].starts_with("3. "), "{ratings:?}");
    // Two shards (pairs of games kept together across the pairings), merged from their records.
    let mut parts = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let mut shard_args = refs.clone();
        shard_args.extend(["--shard", &shard]);
        let run = arena(&scratch, &shard_args);
        assert_eq!(run.records.len(), 6);
        let part = scratch.path(&format!("part-{k}.txt"));
        std::fs::write(&part, run.records.join("\n") + "\n").unwrap();
        parts.push(part);
    }
    let merged = Command::new(HEX_ARENA).arg("merge").args(&parts).output().unwrap();
    let merged = String::from_utf8(merged.stdout).unwrap();
    assert!(
        merged.starts_with("12 games merged from 2 records files: a tournament of 3 engines: r1, r2, r3"),
        "{merged}"
    );
    assert_eq!(standings(&merged), standings(&whole.stdout));
    let sprt = Command::new(HEX_ARENA).args(["merge", "--sprt", "0,5"]).args(&parts).output().unwrap();
    assert_eq!(sprt.status.code(), Some(1));
}

#[test]
fn a_gauntlet_from_an_engines_file_pairs_the_first_with_each_other() {
    let scratch = Scratch::new("gauntlet");
    let list = scratch.path("engines.txt");
    let random = random_baseline();
    std::fs::write(&list, format!("# name command\nhero {random}\n\nfoe1 {random}\nfoe2 {random}\n"))
        .unwrap();
    let run =
        arena(&scratch, &["-q", "-n", "2", "--tournament", "gauntlet", "--engines", list.to_str().unwrap()]);
    assert_eq!(run.records.len(), 4);
    for record in &run.records {
        assert!(field(record, "red") == "hero" || field(record, "blue") == "hero", "{record}");
    }
    assert!(run.stdout.contains("gauntlet of 3 engines, 2 games a pairing"), "{}", run.stdout);
    let table: Vec<&str> =
        run.stdout.lines().skip_while(|l| !l.starts_with("cross table")).skip(2).take(3).collect();
    let foes: Vec<&&str> = table.iter().filter(|r| !r.contains("hero")).collect();
    assert!(foes.iter().all(|r| r.matches(" - ").count() + r.matches("  -").count() >= 2), "{table:?}");
    std::fs::write(&list, "lonely\n").unwrap();
    let output = Command::new(HEX_ARENA).args(["--engines", list.to_str().unwrap()]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 1: expected NAME CMD"));
}
