//! Cephalopods, in-process: each of the 12 public tests, all 12 one after another (the public-12
//! sum), and the four heavy inputs (near-empty boards at depth 40). Whole-process figures (start-up
//! included) come from `crates/cephalopods/measure.sh`; both are in `crates/cephalopods/README.md`.

use cephalopods::{final_hash_sum, Board};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// Parses a test input: depth, then nine die values.
fn parse(text: &str) -> (Board, u32) {
    let numbers: Vec<u8> = text.split_whitespace().map(|t| t.parse().expect("a number")).collect();
    let mut cells = [0u8; 9];
    cells.copy_from_slice(&numbers[1..10]);
    (Board::from_cells(cells), u32::from(numbers[0]))
}

fn public_tests(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cephalopods");
    let mut group = c.benchmark_group("cephalopods/public");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500));
    let mut cases = Vec::new();
    for case in 1..=12 {
        let name = format!("{case:02}");
        let (board, depth) = parse(&std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap());
        group.bench_function(&name, |b| b.iter(|| final_hash_sum(black_box(board), black_box(depth))));
        cases.push((board, depth));
    }
    group.bench_function("all-12", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|&(board, depth)| final_hash_sum(black_box(board), black_box(depth)))
                .sum::<u32>()
        })
    });
    group.finish();
}

fn heavy_inputs(c: &mut Criterion) {
    let mut group = c.benchmark_group("cephalopods/heavy");
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/cephalopods/heavy");
    // Shared symmetries: 1 lane for the empty board, 4 for the corner and edge ones, 8 (none) for the
    // asymmetric one.
    for name in ["empty", "corner", "edge", "asymmetric"] {
        let (board, depth) = parse(&std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap());
        group.bench_function(name, |b| b.iter(|| final_hash_sum(black_box(board), black_box(depth))));
    }
    group.finish();
}

criterion_group!(benches, public_tests, heavy_inputs);
criterion_main!(benches);
