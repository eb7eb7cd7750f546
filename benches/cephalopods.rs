//! Cephalopods, in-process, over the yardstick (`crates/cephalopods/yardstick.txt`): each of the 12
//! public tests and all 12 in a row (the public-12 sum), the four heavy boards (near-empty, depth
//! 40), and the yardstick's near-empty boards at each depth in a row (the sums CodinGame's hidden
//! validators would add up). Whole-process and judge's-clock figures come from
//! `crates/cephalopods/measure.sh`; both are in `crates/cephalopods/README.md`.

#[path = "../crates/cephalopods/examples/support/yardstick.rs"]
mod yardstick;

use cephalopods::final_hash_sum;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;
use yardstick::Input;

/// Every input of `set`, one after another.
fn solve_all(set: &[&Input]) -> u32 {
    set.iter()
        .map(|input| final_hash_sum(black_box(input.board), black_box(input.depth)))
        .fold(0, u32::wrapping_add)
}

fn public_tests(c: &mut Criterion) {
    let inputs = yardstick::inputs(Path::new(env!("CARGO_MANIFEST_DIR")));
    let mut group = c.benchmark_group("cephalopods/public");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500));
    let public: Vec<&Input> = inputs.iter().filter(|input| input.is_public()).collect();
    for input in &public {
        group.bench_function(&input.name, |b| b.iter(|| solve_all(&[input])));
    }
    group.bench_function("all-12", |b| b.iter(|| solve_all(&public)));
    group.finish();
}

fn heavy_inputs(c: &mut Criterion) {
    let inputs = yardstick::inputs(Path::new(env!("CARGO_MANIFEST_DIR")));
    let mut group = c.benchmark_group("cephalopods/heavy");
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    // Shared symmetries: 1 lane for the empty board, 4 for the corner and edge ones, 8 (none) for the
    // pair.
    for name in ["empty-d40", "corner-1-d40", "edge-1-d40", "pair-1-2-d40"] {
        let input = inputs.iter().find(|input| input.name == name).expect("a heavy board");
        group.bench_function(name, |b| b.iter(|| solve_all(&[input])));
    }
    group.finish();
}

fn yardstick_sets(c: &mut Criterion) {
    let inputs = yardstick::inputs(Path::new(env!("CARGO_MANIFEST_DIR")));
    let mut group = c.benchmark_group("cephalopods/yardstick");
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(5));
    for depth in [20, 30, 40] {
        let set: Vec<&Input> = inputs.iter().filter(|i| !i.is_public() && i.depth == depth).collect();
        group.bench_function(format!("near-empty-d{depth}-x{}", set.len()), |b| b.iter(|| solve_all(&set)));
    }
    group.finish();
}

criterion_group!(benches, public_tests, heavy_inputs, yardstick_sets);
criterion_main!(benches);
