//! `linez-sim` with several bots on the same seeds (`--compare`, repeated): the bots table, the
//! paired SPRT, the games file (plain or gzip) and `merge` / `html` rebuilding the same summary from
//! it, shards included; the repository's compressed records read as their text.

mod common;

use common::tallies;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LINEZ_SIM: &str = env!("CARGO_BIN_EXE_linez-sim");
const LINEZ_BASELINE: &str = env!("CARGO_BIN_EXE_linez-baseline");

fn sim(args: &[&str]) -> Output {
    Command::new(LINEZ_SIM).args(args).output().expect("linez-sim runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("linez-sim-bots").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn baseline() -> String {
    LINEZ_BASELINE.to_string()
}

fn stdout_of(args: &[&str]) -> String {
    let output = sim(args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "linez-sim {args:?}: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn shards_merge_into_the_whole_runs_summary() {
    let dir = scratch("shards");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let base = ["--bot", "greedy", "--compare", "random", "--seeds", "1-8", "-q"];
    let whole = stdout_of(
        &base.iter().copied().chain(["-j", "2", "--games-file", &path("whole.txt")]).collect::<Vec<_>>(),
    );
    assert!(whole.contains("\n# B        8"), "{whole}");
    // The whole run's own games file merges to exactly its summary, times included.
    let merged = stdout_of(&["merge", &path("whole.txt")]);
    let summary = |text: &str| {
        text.lines().skip(1).filter(|l| l.starts_with("# ")).map(str::to_string).collect::<Vec<_>>()
    };
    assert_eq!(summary(&merged), summary(&whole));
    assert_eq!(summary(&whole).len(), 7, "{whole}");
    // Four shards: disjoint blocks of two seeds each, the same games, the same tallies merged.
    let mut seeds = Vec::new();
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let file = path(&format!("shard-{k}.txt"));
        stdout_of(
            &base.iter().copied().chain(["--shard", &shard, "--games-file", &file]).collect::<Vec<_>>(),
        );
        let text = std::fs::read_to_string(&file).unwrap();
        // Each game's summary line (`bot seed ...`), then the game as played (`+ bot seed ...`).
        seeds.extend(text.lines().map(|l| {
            let words = if l.starts_with('+') { 3 } else { 2 };
            l.split(' ').take(words).collect::<Vec<_>>().join(" ")
        }));
    }
    let expected: Vec<String> = (1..=8)
        .flat_map(|s| ["A", "B"].map(|bot| [format!("{bot} {s}"), format!("+ {bot} {s}")]))
        .flatten()
        .collect();
    assert_eq!(seeds, expected);
    let shards: Vec<String> = (1..=4).map(|k| path(&format!("shard-{k}.txt"))).collect();
    let merged = stdout_of(&["merge", &shards[3], &shards[1], &shards[0], &shards[2]]);
    assert!(merged.starts_with("# linez-sim merge: 8 games from 4 files"), "{merged}");
    assert_eq!(tallies(&merged), tallies(&whole));
    // The same files gzip-compressed (one whole, the others as one stream of members) merge alike.
    let packed = |name: &str, parts: &[&String]| {
        let mut bytes = Vec::new();
        for part in parts {
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            encoder.write_all(&std::fs::read(part).unwrap()).unwrap();
            bytes.extend(encoder.finish().unwrap());
        }
        std::fs::write(path(name), bytes).unwrap();
        path(name)
    };
    let (first, rest) =
        (packed("shard-4.txt.gz", &[&shards[3]]), packed("rest.gz", &[&shards[1], &shards[0], &shards[2]]));
    assert_eq!(
        stdout_of(&["merge", &first, &rest]).lines().skip(1).collect::<Vec<_>>(),
        merged.lines().skip(1).collect::<Vec<_>>()
    );
    // A truncated one: one error line naming it, exit 1.
    let bytes = std::fs::read(&rest).unwrap();
    std::fs::write(&rest, &bytes[..bytes.len() - 20]).unwrap();
    let bad = sim(&["merge", &first, &rest]);
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr.lines().count() == 1 && stderr.contains("rest.gz") && stderr.contains("truncated"),
        "{stderr}"
    );
    // Without --compare the lines are A's only and the summary the usual one.
    let plain = stdout_of(&["--bot", "greedy", "--seeds", "3-4", "-q", "--games-file", &path("plain.txt")]);
    assert_eq!(summary(&stdout_of(&["merge", &path("plain.txt")])), summary(&plain));
    assert!(plain.contains("\n# games 2  mean "), "{plain}");
    let bad = sim(&["merge", &path("missing.txt")]);
    assert_eq!(bad.status.code(), Some(1));
}

/// The bots table's line of `bot`: games, mean, ±, 2 s.e., and after the first bot the paired
/// difference, ±, 2 s.e., better, worse.
fn table_line(stdout: &str, bot: &str) -> Vec<String> {
    let at = stdout.lines().position(|l| l.starts_with("# bot ")).expect("a bots table");
    let line = stdout.lines().skip(at + 1).find(|l| l.split_whitespace().nth(1) == Some(bot)).unwrap();
    line.split_whitespace().skip(2).map(String::from).collect()
}

#[test]
fn compare_reports_paired_differences_and_the_sprt_stops_when_it_decides() {
    let sprt_line = |stdout: &str| stdout.lines().find(|l| l.starts_with("# SPRT")).unwrap().to_string();
    // Greedy (B) against random (A): hundreds of points better on every seed, H1 at the first
    // seed the test may decide on (10), whatever -j is.
    let args = ["--bot", "random", "--compare", "greedy", "--seeds", "1-40", "--sprt", "0,20", "-q"];
    let one = stdout_of(&args.iter().copied().chain(["-j", "1"]).collect::<Vec<_>>());
    let two = stdout_of(&args.iter().copied().chain(["-j", "2"]).collect::<Vec<_>>());
    assert!(
        sprt_line(&one).contains("(paired differences, 10 seeds): LLR ")
            && sprt_line(&one).ends_with("H1 accepted"),
        "{one}"
    );
    assert_eq!(tallies(&one), tallies(&two));
    assert_eq!(one.lines().filter(|l| l.starts_with("B ")).count(), 10);
    // The paired line against the means of the per-game lines.
    let scores = |bot: &str| -> Vec<f64> {
        one.lines()
            .filter(|l| l.starts_with(bot))
            .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
            .collect()
    };
    let (a, b) = (scores("A "), scores("B "));
    let mean_difference = (b.iter().sum::<f64>() - a.iter().sum::<f64>()) / 10.0;
    let b_line = table_line(&one, "B");
    assert_eq!(b_line[0], "10");
    assert_eq!(b_line[4], format!("{mean_difference:+.1}"), "{one}");
    let better = a.iter().zip(&b).filter(|(a, b)| b > a).count();
    assert_eq!(b_line[7], better.to_string(), "{one}");
    // The same bot in process and through the protocol plays the same games: every difference 0,
    // so the test accepts H0 (the variance is 0) at 10 seeds.
    let process = format!("{} --bot greedy", baseline());
    let same =
        stdout_of(&["--bot", "greedy", "--compare", &process, "--seeds", "1-12", "--sprt", "0,20", "-q"]);
    assert_eq!(table_line(&same, "B")[4..], ["+0.0", "±", "0.0", "0", "0"], "{same}");
    assert!(sprt_line(&same).ends_with("H0 accepted"), "{same}");
    // Without --sprt every seed is played.
    let all = stdout_of(&["--bot", "random", "--compare", "random", "--seeds", "1-3", "-q"]);
    assert_eq!(table_line(&all, "B")[..1], ["3"], "{all}");
    assert_eq!(table_line(&all, "B")[4..], ["+0.0", "±", "0.0", "0", "0"], "{all}");
}

#[test]
fn several_bots_play_the_same_seeds_and_merge_rebuilds_their_table() {
    let dir = scratch("several");
    let file = dir.join("games.txt.gz");
    let process = format!("{} --bot greedy", baseline());
    let run = stdout_of(&[
        "--name",
        "greedy",
        "--bot",
        "greedy",
        "--compare",
        "random",
        "--compare",
        &format!("piped={process}"),
        "--seeds",
        "5,7,9-10",
        "-j",
        "2",
        "-q",
        "--games-file",
        file.to_str().unwrap(),
    ]);
    // Each seed's games in the bots' order, each line its bot's name.
    let bots: Vec<&str> =
        run.lines().filter(|l| !l.starts_with('#')).skip(1).map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(bots, ["greedy", "B", "piped"].repeat(4), "{run}");
    assert_eq!(
        table_line(&run, "greedy")[..4],
        [
            "4".to_string(),
            table_line(&run, "piped")[1].clone(),
            "±".into(),
            table_line(&run, "piped")[3].clone()
        ]
    );
    // The same bot in process and through the protocol: the same games.
    assert_eq!(table_line(&run, "piped")[4..], ["+0.0", "±", "0.0", "0", "0"], "{run}");
    let b = table_line(&run, "B");
    assert_eq!((b[7].as_str(), b[8].as_str()), ("0", "4"), "random is worse on every seed: {run}");
    let merged = stdout_of(&["merge", file.to_str().unwrap()]);
    assert_eq!(tallies(&merged), tallies(&run));
    assert!(merged.starts_with("# linez-sim merge: 4 games from 1 files"), "{merged}");
}

#[test]
fn the_committed_gzip_records_merge_and_make_a_page_as_their_text_does() {
    let dir = scratch("committed");
    let packed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("results/acceptance-5001-5200-offered-scale.txt.gz");
    let mut text = String::new();
    let bytes = std::fs::read(&packed).unwrap();
    std::io::Read::read_to_string(&mut flate2::read::MultiGzDecoder::new(&bytes[..]), &mut text).unwrap();
    let plain = dir.join("acceptance.txt");
    std::fs::write(&plain, &text).unwrap();
    let (packed, plain) = (packed.to_str().unwrap(), plain.to_str().unwrap());
    let merged = stdout_of(&["merge", packed]);
    assert!(merged.starts_with("# linez-sim merge: 200 games from 1 files\n# games 200  mean "), "{merged}");
    assert_eq!(merged, stdout_of(&["merge", plain]));
    let page = |records: &str, name: &str| {
        let page = dir.join(name);
        stdout_of(&["html", "-o", page.to_str().unwrap(), records]);
        std::fs::read_to_string(page).unwrap()
    };
    let html = page(packed, "packed.html");
    assert_eq!(html, page(plain, "plain.html"));
    assert!(html.contains("const BOTS_TABLE = ") && html.len() > 1_000_000, "{} bytes", html.len());
    // Cut short: one error line naming the file, exit 1, the page before left as it was.
    let cut = dir.join("cut.txt.gz");
    std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
    let page = dir.join("packed.html");
    let output = sim(&["html", "-o", page.to_str().unwrap(), cut.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("error: cannot read {}: truncated", cut.display())), "{stderr}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), html, "no page half written");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 4, "no temporary file left");
}
