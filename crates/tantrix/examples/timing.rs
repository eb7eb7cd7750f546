//! In-process timing of the solver's phases on the 50-case benchmark file:
//! `cargo run --release -p tantrix --example timing` (from the workspace root).
use std::time::Instant;

const INPUT: &str = "crates/tantrix/benches-data/50x20.in";
const RUNS: u32 = 2000;

fn micros_per_run(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e6 / f64::from(RUNS)
}

fn main() {
    let input = std::fs::read(INPUT).expect("run from the workspace root");
    let start = Instant::now();
    let mut cases = Vec::new();
    for _ in 0..RUNS {
        let mut scanner = io::Scanner::new(&input);
        let _ = scanner.line("the number of cases").unwrap();
        cases.clear();
        while let Ok(case) = tantrix::read_case(&mut scanner) {
            cases.push(case);
        }
    }
    println!("read and validate {} cases: {:.1} us", cases.len(), micros_per_run(start));
    let start = Instant::now();
    let mut total = 0;
    for _ in 0..RUNS {
        total = cases.iter().map(|case| tantrix::count_legal_moves(&case.board, &case.hand)).sum::<usize>();
    }
    println!("count the moves: {:.1} us (sum of answers {total})", micros_per_run(start));
    let start = Instant::now();
    for _ in 0..RUNS {
        let mut scanner = io::Scanner::new(&input);
        let mut out = io::Output::new();
        tantrix::solve_input(&mut scanner, &mut out).unwrap();
    }
    println!("solve_input: {:.1} us", micros_per_run(start));
}
