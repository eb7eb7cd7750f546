//! Every solver bundles into one `.rs` file (the compact layout, what a judge is given) that compiles
//! alone with `rustc --edition 2021 -O` and behaves exactly like the crate's own binary: the same output on every sample, the same error line
//! and exit code on every bad input. (The bots' bundles also play whole games through their referees:
//! `tests/hex_bundle_games.rs`, `tests/linez_bundle_games.rs`.)

mod common;

use std::time::Duration;

#[test]
fn bundles_are_single_files_within_the_judge_limit() {
    for name in common::solver_crates() {
        let text = common::bundle_source(&name);
        let size = text.chars().count();
        assert!(size <= bundle::SIZE_LIMIT, "{name}: {size} characters");
        assert_eq!(text, common::bundle_source(&name), "{name}: bundling is not deterministic");
        for leftover in ["#[cfg(test)]", "extern crate", "mod tests"] {
            assert!(!text.contains(leftover), "{name}: the bundle still contains `{leftover}`");
        }
        let mod_declarations = bundle::lex(&text).unwrap().windows(4).any(|w| {
            let word = |i: usize| &text[w[i].start..w[i].end];
            word(0) == "mod" && word(2) == ";" && w[1].kind == bundle::TokenKind::Whitespace
        });
        assert!(!mod_declarations, "{name}: a `mod x;` was left for a file the judge does not have");
        common::bundled_binary(&name);
    }
}

#[test]
fn bundled_solvers_answer_every_sample_like_the_crates() {
    let mut failures = Vec::new();
    for (name, sample) in common::samples() {
        let input = std::fs::read(&sample.input).unwrap();
        let expected = std::fs::read_to_string(&sample.answer).unwrap();
        let bundled = common::run(&common::bundled_binary(&name), &input, Duration::from_secs(60));
        let crate_run = common::run(&common::binary(&name), &input, Duration::from_secs(60));
        let problem = if bundled.code() != Some(0) {
            Some(format!("bundle exit {:?}, stderr {:?}", bundled.status, common::truncate(&bundled.stderr)))
        } else if common::judged_answer(&name, &bundled.stdout)
            != common::judged_answer(&name, &crate_run.stdout)
        {
            Some("bundle output differs from the crate's".to_string())
        } else {
            common::token_difference(&expected, &common::judged_answer(&name, &bundled.stdout))
        };
        if let Some(problem) = problem {
            failures.push(format!("{}: {problem}", sample.input.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bundled_solvers_reject_bad_input_like_the_crates() {
    let mut failures = Vec::new();
    for name in common::solver_crates() {
        for case in common::bad_inputs(&name) {
            let input = std::fs::read(&case.input).unwrap();
            let bundled = common::run(&common::bundled_binary(&name), &input, Duration::from_secs(20));
            let crate_run = common::run(&common::binary(&name), &input, Duration::from_secs(20));
            if let Some(problem) = common::rejection_problem(&bundled, &case.expected) {
                failures.push(format!("{}: bundle: {problem}", case.input.display()));
            } else if (bundled.code(), &bundled.stderr) != (crate_run.code(), &crate_run.stderr) {
                failures.push(format!(
                    "{}: bundle says {:?} (exit {:?}), crate says {:?} (exit {:?})",
                    case.input.display(),
                    bundled.stderr.trim(),
                    bundled.code(),
                    crate_run.stderr.trim(),
                    crate_run.code()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
