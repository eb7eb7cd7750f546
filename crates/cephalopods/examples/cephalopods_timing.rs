//! Timings over the yardstick: the 12 public tests and the near-empty boards of
//! `crates/cephalopods/yardstick.txt` (`support/yardstick.rs`), each input and the sums of its groups.
//!
//! * In-process (default): `final_hash_sum`, best of `--runs N` (default 9) wall-clock runs, the
//!   runs of all inputs interleaved so that a burst of load on a shared machine spreads over all.
//! * `--judge-clock BIN [--entry NAME=BIN]...`: as CodinGame times it, from the first read of stdin
//!   to the answer. Each binary is started, left 30 ms to reach its first read, then sent the input;
//!   the time until its answer line arrives is taken, best of `--runs N`. Other binaries (public
//!   contest entries built outside this repository) run beside ours on the same inputs, and any
//!   answer that differs from ours is flagged.
//!
//! `--only TEXT` keeps the inputs whose name contains TEXT.
//!
//! `cargo run --release -p cephalopods --example cephalopods_timing -- --runs 9` (from the workspace root).

#[path = "support/yardstick.rs"]
mod yardstick;

use cephalopods::final_hash_sum;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use yardstick::Input;

struct Options {
    runs: usize,
    only: Option<String>,
    /// Binaries timed by the judge's clock, by name: ours first.
    binaries: Vec<(String, String)>,
}

fn options() -> Options {
    let mut options = Options { runs: 9, only: None, binaries: Vec::new() };
    let mut args = std::env::args().skip(1);
    let usage =
        "usage: cephalopods_timing [--runs N] [--only TEXT] [--judge-clock BIN [--entry NAME=BIN]...]";
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} needs a value\n{usage}"));
        match arg.as_str() {
            "--runs" => options.runs = value().parse().expect("--runs: a number"),
            "--only" => options.only = Some(value()),
            "--judge-clock" => options.binaries.insert(0, ("ours".into(), value())),
            "--entry" => {
                let entry = value();
                let (name, bin) = entry.split_once('=').expect("--entry NAME=BIN");
                options.binaries.push((name.into(), bin.into()));
            }
            _ => panic!("unknown argument {arg}\n{usage}"),
        }
    }
    assert!(
        options.binaries.is_empty() || options.binaries[0].0 == "ours",
        "--entry needs --judge-clock BIN (ours)"
    );
    options
}

/// The answer of `bin` to `input` and the time from sending the input to the answer's arrival.
fn judge_clock(bin: &str, input: &Input) -> (String, Duration) {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{bin}: {e}"));
    // Long enough for a process to start and block on its first read.
    std::thread::sleep(Duration::from_millis(30));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut answer = String::new();
    let started = Instant::now();
    stdin.write_all(input.text().as_bytes()).and_then(|()| stdin.flush()).expect("write the input");
    stdout.read_line(&mut answer).expect("read the answer");
    let elapsed = started.elapsed();
    drop(stdin);
    child.wait().expect("wait");
    (answer.trim().to_string(), elapsed)
}

fn main() {
    let options = options();
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let inputs: Vec<Input> = yardstick::inputs(&workspace)
        .into_iter()
        .filter(|input| options.only.as_ref().map_or(true, |text| input.name.contains(text.as_str())))
        .collect();
    let columns: Vec<String> = if options.binaries.is_empty() {
        vec!["in-process".into()]
    } else {
        options.binaries.iter().map(|(name, _)| name.clone()).collect()
    };
    let mut best = vec![vec![f64::INFINITY; columns.len()]; inputs.len()];
    let mut answers = vec![vec![String::new(); columns.len()]; inputs.len()];
    for _ in 0..options.runs {
        for (k, input) in inputs.iter().enumerate() {
            for column in 0..columns.len() {
                let (answer, elapsed) = if options.binaries.is_empty() {
                    let started = Instant::now();
                    let answer = final_hash_sum(input.board, input.depth);
                    (answer.to_string(), started.elapsed())
                } else {
                    judge_clock(&options.binaries[column].1, input)
                };
                best[k][column] = best[k][column].min(elapsed.as_secs_f64() * 1e3);
                answers[k][column] = answer;
            }
        }
    }
    let clock = if options.binaries.is_empty() { "in-process" } else { "judge's clock" };
    println!("ms, {clock}, best of {} | {}", options.runs, columns.join(" | "));
    for (k, input) in inputs.iter().enumerate() {
        let differ = answers[k].iter().any(|a| *a != answers[k][0]);
        let times: Vec<String> = best[k].iter().map(|t| format!("{t:.3}")).collect();
        let flag = if differ { format!(" ANSWERS DIFFER: {:?}", answers[k]) } else { String::new() };
        println!("{} | {} | {}{flag}", input.name, answers[k][0], times.join(" | "));
    }
    type Member = fn(&Input) -> bool;
    let groups: [(&str, Member); 6] = [
        ("public-12 sum", |i| i.is_public()),
        ("yardstick d20 sum", |i| !i.is_public() && i.depth == 20),
        ("yardstick d30 sum", |i| !i.is_public() && i.depth == 30),
        ("yardstick d40 sum", |i| !i.is_public() && i.depth == 40),
        ("heavy-4 sum", |i| {
            ["empty-d40", "corner-1-d40", "edge-1-d40", "pair-1-2-d40"].contains(&i.name.as_str())
        }),
        ("whole set sum", |_| true),
    ];
    for (name, member) in groups {
        let sums: Vec<String> = (0..columns.len())
            .map(|c| {
                let times = inputs.iter().zip(&best).filter(|(i, _)| member(i)).map(|(_, b)| b[c]);
                format!("{:.1}", times.fold(0.0, |sum, t| sum + t))
            })
            .collect();
        println!("{name} | | {}", sums.join(" | "));
    }
}
