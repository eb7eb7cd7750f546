//! In-process timings: each of the 12 public tests and their sum, and each heavy input, best of `N`
//! runs (wall clock, first argument, default 9), the runs of all inputs interleaved so that a burst
//! of load on a shared machine spreads over all of them.
//!
//! `cargo run --release -p cephalopods --example cephalopods_timing -- 9` (from the workspace root).

use cephalopods::{final_hash_sum, Board};
use std::path::Path;
use std::time::Instant;

/// Reads a test input: depth, then nine die values.
fn read_input(path: &Path) -> (Board, u32) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let numbers: Vec<u8> = text.split_whitespace().map(|t| t.parse().expect("a number")).collect();
    let mut cells = [0u8; 9];
    cells.copy_from_slice(&numbers[1..10]);
    (Board::from_cells(cells), u32::from(numbers[0]))
}

fn main() {
    let runs: usize = std::env::args().nth(1).map_or(9, |a| a.parse().expect("a number of runs"));
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let samples = crate_dir.join("../../samples/cephalopods");
    let mut inputs: Vec<(String, Board, u32)> = Vec::new();
    for case in 1..=12 {
        let name = format!("{case:02}");
        let (board, depth) = read_input(&samples.join(format!("{name}.in")));
        inputs.push((name, board, depth));
    }
    for name in ["empty", "corner", "edge", "asymmetric"] {
        let (board, depth) = read_input(&crate_dir.join(format!("heavy/{name}.in")));
        inputs.push((name.to_string(), board, depth));
    }
    let mut best = vec![f64::INFINITY; inputs.len()];
    let mut answers = vec![0; inputs.len()];
    for _ in 0..runs {
        for (k, (_, board, depth)) in inputs.iter().enumerate() {
            let start = Instant::now();
            answers[k] = final_hash_sum(*board, *depth);
            best[k] = best[k].min(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    println!("input | answer | ms in-process (best of {runs})");
    for (k, (name, ..)) in inputs.iter().enumerate() {
        println!("{name} | {} | {:.3}", answers[k], best[k]);
        if k == 11 {
            println!("public-12 sum | | {:.3}", best[..12].iter().sum::<f64>());
        }
    }
}
