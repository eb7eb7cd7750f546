//! CodinGame writes a test's input and waits for the answer without closing standard input. Every
//! CodinGame binary (`cephalopods`, `hex`), as the crate builds it and as its bundled single file,
//! must therefore answer each sample within a second while its standard input stays open.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// CodinGame's limit for a first answer.
const LIMIT: Duration = Duration::from_secs(1);

/// The crates whose judge is CodinGame.
const CODINGAME: [&str; 2] = ["cephalopods", "hex"];

/// Feeds `input` to `program`, keeps its standard input open, and returns its first line of output
/// with the time it took, or a description of what went wrong.
fn first_line_with_stdin_open(program: &Path, input: &[u8]) -> Result<(String, Duration), String> {
    let start = Instant::now();
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).map_err(|e| format!("cannot write the input: {e}"))?;
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = sender.send(line);
    });
    let answer = receiver.recv_timeout(LIMIT);
    let elapsed = start.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    drop(stdin); // held open until the program has answered or been killed
    match answer {
        Ok(line) if line.is_empty() => Err("ended without an answer".into()),
        Ok(line) => Ok((line.trim().to_string(), elapsed)),
        Err(_) => Err(format!("no answer within {LIMIT:?}")),
    }
}

fn check_codingame_binaries(bundled: bool) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for name in CODINGAME {
        let program = if bundled { common::bundled_binary(name) } else { common::binary(name) };
        for (_, sample) in common::samples().iter().filter(|(crate_name, _)| crate_name == name) {
            let input = std::fs::read(&sample.input).unwrap();
            let expected = std::fs::read_to_string(&sample.answer).unwrap();
            let expected = expected.lines().next().unwrap_or("").trim();
            checked += 1;
            match first_line_with_stdin_open(&program, &input) {
                Ok((line, _)) if common::judged_answer(name, &line) == expected => {}
                Ok((line, elapsed)) => failures.push(format!(
                    "{}: answered {line:?} after {elapsed:?}, expected {expected:?}",
                    sample.input.display()
                )),
                Err(problem) => failures.push(format!("{}: {problem}", sample.input.display())),
            }
        }
    }
    assert!(checked > 0, "no samples for {CODINGAME:?}");
    let kind = if bundled { "bundled" } else { "crate" };
    assert!(failures.is_empty(), "{kind} binaries with stdin open:\n{}", failures.join("\n"));
}

#[test]
fn crate_binaries_answer_with_stdin_open() {
    check_codingame_binaries(false);
}

#[test]
fn bundled_binaries_answer_with_stdin_open() {
    check_codingame_binaries(true);
}
