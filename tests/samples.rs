//! Every `samples/<crate>/NN.in` is run through the crate's binary and its output compared,
//! token by token, with `NN.ans`. Adding a sample file adds a case; nothing is listed by hand.

mod common;

use std::time::Duration;

#[test]
fn every_sample_matches_its_answer() {
    let solvers = common::solver_crates();
    let samples = common::samples();
    let mut failures = Vec::new();
    for (name, sample) in &samples {
        assert!(solvers.contains(name), "samples/{name} belongs to no solver crate");
        let input = std::fs::read(&sample.input).unwrap();
        let expected = std::fs::read_to_string(&sample.answer).unwrap();
        let run = common::run(&common::binary(name), &input, Duration::from_secs(60));
        let problem = if run.code() != Some(0) {
            Some(format!("exit {:?}, stderr {:?}", run.status, common::truncate(&run.stderr)))
        } else {
            common::token_difference(&expected, &common::judged_answer(name, &run.stdout))
        };
        if let Some(problem) = problem {
            failures.push(format!("{}: {problem}", sample.input.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} samples failed:\n{}",
        failures.len(),
        samples.len(),
        failures.join("\n")
    );
}

#[test]
fn every_batch_solver_has_samples() {
    // The bots (their judges are interactive) are tested by games through their referees instead.
    for name in ["tantrix", "jigsaw", "cephalopods"] {
        let count = common::samples().iter().filter(|(crate_name, _)| crate_name == name).count();
        assert!(count > 0, "samples/{name} has no NN.in + NN.ans");
    }
}

#[test]
fn token_comparison_reports_the_first_difference() {
    assert_eq!(common::token_difference("1 2\n3\n", "1  2 3"), None);
    let difference = common::token_difference("46\n2\n", "46\n3\n").unwrap();
    assert!(difference.starts_with("token 2: expected \"2\", found \"3\""), "{difference}");
    assert!(common::token_difference("1 2", "1").unwrap().contains("found \"<end>\""));
}
