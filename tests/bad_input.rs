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
    let linez = common::binary("linez");
    let limit = Duration::from_secs(20);
    for value in ["0", "two", ""] {
        let run = common::run_with_env(&linez, &[("LINEZ_THREADS", value)], b"", limit);
        if let Some(problem) = common::rejection_problem(&run, "LINEZ_THREADS") {
            panic!("LINEZ_THREADS={value:?}: {problem}");
        }
        assert_eq!(run.code(), Some(1), "LINEZ_THREADS={value:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: LINEZ_THREADS"), "LINEZ_THREADS={value:?}: {}", run.stderr);
    }
    // A good value is taken, and the threads do not change the move.
    let turn = b"1........\n.........\n....2....\n.........\n.........\n.........\n......3..\n.........\n.........\n352\n";
    let answers: Vec<String> = ["1", "2"]
        .iter()
        .map(|threads| {
            let run = common::run_with_env(&linez, &[("LINEZ_THREADS", threads)], turn, limit);
            assert_eq!(run.code(), Some(0), "LINEZ_THREADS={threads}: {}", run.stderr);
            run.stdout
        })
        .collect();
    assert_eq!(answers[0].len(), 5, "{:?}", answers[0]);
    assert_eq!(answers[0], answers[1]);
}
