//! The self-play loop (crates/hex-tools/selfplay-loop.sh) at a toy size: one iteration writes
//! every file it documents, the games replay legally with a value a search, the networks are read
//! by the search, a second run of the same command changes nothing (a run continues where it
//! stopped), and the same seeds write the same games in another folder (every file regenerable).

mod common;

use common::*;
use hex::{Game, ValueNet};
use hex_tools::hex_record::Record;
use std::path::Path;
use std::process::Command;

fn run_loop(dir: &Path) {
    run_loop_with(dir, &[("YARDSTICK_EVERY", "1000")]);
}

/// One iteration at the toy size, with `settings` (environment variables of the script) besides.
fn run_loop_with(dir: &Path, settings: &[(&str, &str)]) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/selfplay-loop.sh");
    let bin = Path::new(HEX_TRAIN).parent().unwrap();
    let output = Command::new("bash")
        .arg(script)
        .arg("1")
        .env("BIN", bin)
        .env("DIR", dir)
        .env("GAMES", "6")
        .env("SHARDS", "2")
        .env("HIDDEN", "8")
        .env("EXPANSIONS", "8")
        .envs(settings.iter().copied())
        .output()
        .expect("bash runs");
    assert!(output.status.success(), "the loop failed: {}", String::from_utf8_lossy(&output.stderr));
}

fn unzip(path: &Path) -> String {
    let output = Command::new("zcat").arg(path).output().unwrap();
    assert!(output.status.success(), "{}", path.display());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn one_iteration_writes_its_files_and_continues_and_repeats() {
    let scratch = Scratch::new("selfplay-loop");
    let dir = scratch.path("a");
    run_loop(&dir);
    for name in
        ["net-000.txt.gz", "net-001.txt.gz", "fit-001.log.gz", "gate-001.txt.gz", "best.txt", "cpu.txt"]
    {
        assert!(dir.join(name).exists(), "{name} missing");
    }
    for name in ["net-000.txt.gz", "net-001.txt.gz"] {
        ValueNet::parse(&unzip(&dir.join(name))).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let mut games = Vec::new();
    for shard in ["games-000-s1of2.txt.gz", "games-000-s2of2.txt.gz"] {
        for line in unzip(&dir.join(shard)).lines() {
            let record = Record::parse(line).unwrap();
            assert_eq!(record.values.len(), record.moves.len(), "a value a move");
            let mut game = Game::new();
            for &mv in &record.moves {
                game.play(mv).unwrap();
            }
            assert_eq!(game.winner(), Some(record.winner));
            games.push(record.game);
        }
    }
    assert_eq!(games, (1..=6).collect::<Vec<_>>(), "the shards hold every game once, in order");
    let gates = std::fs::read_to_string(dir.join("gates.txt")).unwrap();
    assert!(gates.starts_with("iteration=1 net=net-001 best=net-000 wins="), "{gates}");
    assert!(gates.contains(" of=242 "), "{gates}");
    let best = std::fs::read_to_string(dir.join("best.txt")).unwrap();
    assert!(["0\n", "1\n"].contains(&best.as_str()), "{best}");
    // Continued: nothing is played or fitted again.
    run_loop(&dir);
    assert_eq!(std::fs::read_to_string(dir.join("gates.txt")).unwrap(), gates);
    // Repeated elsewhere: the same games and networks, byte for byte.
    let again = scratch.path("b");
    run_loop(&again);
    for name in ["games-000-s1of2.txt.gz", "games-000-s2of2.txt.gz", "net-000.txt.gz", "net-001.txt.gz"] {
        assert_eq!(unzip(&dir.join(name)), unzip(&again.join(name)), "{name}");
    }
}

#[test]
fn a_run_killed_during_the_yardsticks_plays_them_again_and_nothing_else() {
    let scratch = Scratch::new("selfplay-loop-yardsticks");
    let dir = scratch.path("a");
    // The tools, and the random baseline standing in for the bot (`hex`, another crate's binary).
    let bin = scratch.path("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for tool in [HEX_TRAIN, HEX_ARENA, HEX_BASELINE] {
        std::os::unix::fs::symlink(tool, bin.join(Path::new(tool).file_name().unwrap())).unwrap();
    }
    let hex = scratch.script("hex", &format!("#!/bin/sh\nexec {} --engine random\n", quote(HEX_BASELINE)));
    std::fs::rename(hex, bin.join("hex")).unwrap();
    let bin = bin.to_str().unwrap();
    let yardsticks = [("BIN", bin), ("YARDSTICK_EVERY", "1"), ("YARDSTICK_GAMES", "2")];
    run_loop_with(&dir, &yardsticks);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let opponents = |curve: &str| -> Vec<String> {
        curve.lines().map(|line| line.split_whitespace().nth(3).unwrap_or("").to_string()).collect()
    };
    let curve = read("curve.txt");
    assert_eq!(opponents(&curve), ["opponent=rave", "opponent=uct", "opponent=hex"], "{curve}");
    assert!(curve.lines().all(|line| line.starts_with("iteration=1 games=6 ")), "{curve}");
    let (gates, gate) = (read("gates.txt"), std::fs::read(dir.join("gate-001.txt.gz")).unwrap());
    // Killed during the yardsticks: the loop stores their file and their curve lines last, so
    // neither is there; the next run plays them again, and neither the gate nor the fit.
    std::fs::remove_file(dir.join("yard-001.txt.gz")).unwrap();
    std::fs::write(dir.join("curve.txt"), "").unwrap();
    run_loop_with(&dir, &yardsticks);
    assert!(dir.join("yard-001.txt.gz").exists());
    assert_eq!(opponents(&read("curve.txt")), opponents(&curve));
    assert_eq!(read("gates.txt"), gates, "the gate is not played again");
    assert_eq!(std::fs::read(dir.join("gate-001.txt.gz")).unwrap(), gate);
}
