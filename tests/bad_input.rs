//! Every solver binary is fed malformed input and must reject it cleanly: a non-zero exit, exactly one
//! `error: ` line on stderr naming what was wrong and where, and no panic.
//!
//! The cases are `samples/<crate>/bad/NAME.in`, each with a `NAME.err` holding text the error line must
//! contain (usually its position, `line 3, token 2`); a few inputs that are malformed for every binary
//! are added here.

mod common;

use std::time::Duration;

/// Inputs that no binary accepts, with what their error line must say.
const MALFORMED_FOR_ALL: [(&[u8], &str); 3] =
    [(b"", "line 1"), (b"x\n", "line 1"), (b"\xff\xfe\xfd\n", "line 1")];

/// Every binary must come with its own cases: empty, truncated, a letter for a number, out of
/// range, a wrong line length at least.
const MINIMUM_CASES: usize = 5;

#[test]
fn malformed_input_is_rejected_with_one_clear_line() {
    let mut failures = Vec::new();
    for name in common::solver_crates() {
        let binary = common::binary(&name);
        let cases = common::bad_inputs(&name);
        if cases.len() < MINIMUM_CASES {
            failures
                .push(format!("samples/{name}/bad has {} cases, fewer than {MINIMUM_CASES}", cases.len()));
        }
        for case in &cases {
            let input = std::fs::read(&case.input).unwrap();
            let run = common::run(&binary, &input, Duration::from_secs(20));
            if let Some(problem) = common::rejection_problem(&run, &case.expected) {
                failures.push(format!("{}: {problem}", case.input.display()));
            }
        }
        for (input, expected) in MALFORMED_FOR_ALL {
            let run = common::run(&binary, input, Duration::from_secs(20));
            if let Some(problem) = common::rejection_problem(&run, expected) {
                failures.push(format!("{name} on {:?}: {problem}", String::from_utf8_lossy(input)));
            }
        }
    }
    assert!(failures.is_empty(), "{} rejections went wrong:\n{}", failures.len(), failures.join("\n"));
}

/// The Linez bot's thread switch is checked like its input (one line naming it, exit status 1), and
/// a good value plays the same move.
#[test]
fn a_malformed_thread_switch_is_rejected_with_one_clear_line() {
    for value in ["0", "two", ""] {
        let run = std::process::Command::new(common::binary("linez"))
            .env("LINEZ_THREADS", value)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("linez runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "LINEZ_THREADS={value:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "LINEZ_THREADS={value:?}: {stderr}");
        assert!(stderr.starts_with("error: LINEZ_THREADS"), "LINEZ_THREADS={value:?}: {stderr}");
    }
    // A good value is taken, and the threads do not change the move.
    let turn = b"1........\n.........\n....2....\n.........\n.........\n.........\n......3..\n.........\n.........\n352\n";
    let answers: Vec<Vec<u8>> = ["1", "2"]
        .iter()
        .map(|threads| {
            let mut child = std::process::Command::new(common::binary("linez"))
                .env("LINEZ_THREADS", threads)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("linez runs");
            std::io::Write::write_all(&mut child.stdin.take().unwrap(), turn).unwrap();
            let run = child.wait_with_output().unwrap();
            assert!(run.status.success(), "LINEZ_THREADS={threads}");
            run.stdout
        })
        .collect();
    assert_eq!(answers[0].len(), 5, "{:?}", String::from_utf8_lossy(&answers[0]));
    assert_eq!(answers[0], answers[1]);
}
