//! The size of the work for the yardstick's inputs (`support/yardstick.rs`), by a plain
//! breadth-first walk over canonical boards, one depth at a time:
//!
//! * `boards`: distinct canonical boards reached at some depth (what the enumerator expands, once
//!   each, for all depths at once);
//! * `pairs`: distinct (canonical board, depth) pairs (what a search one depth at a time expands);
//! * `moves`: the moves out of the distinct boards that can still move (one successor's canonical
//!   form, map look-up and row add each in the enumerator), and `pair moves`: the moves out of the
//!   pairs (a search one depth at a time);
//! * `per depth`: the pairs at each depth.
//!
//! `cargo run --release -p cephalopods --example cephalopods_counts -- [--only TEXT]` (default: the
//! four heavy boards). Instructions and cache misses per move: `valgrind --tool=callgrind
//! --cache-sim=yes target/release/cephalopods < INPUT`, divided by `moves` (RESULTS.md).

#[path = "support/yardstick.rs"]
mod yardstick;

use cephalopods::{after, canonical, for_each_placement, is_full};
use std::collections::{HashMap, HashSet};
use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1);
    let only: Vec<String> = match (args.next().as_deref(), args.next()) {
        (Some("--only"), Some(text)) => vec![text],
        (None, _) => ["empty-d40", "corner-1-d40", "edge-1-d40", "pair-1-2-d40"].map(String::from).to_vec(),
        _ => panic!("usage: cephalopods_counts [--only TEXT]"),
    };
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    println!("input | boards | pairs | moves | pair moves | pairs per depth");
    for input in yardstick::inputs(&workspace) {
        if !only.iter().any(|text| input.name.contains(text.as_str())) {
            continue;
        }
        let mut layer: HashSet<u32> = HashSet::from([canonical(input.board.bits()).0]);
        let mut first_depth: HashMap<u32, u32> = HashMap::new();
        let (mut pairs, mut pair_moves, mut per_depth) = (0u64, 0u64, Vec::new());
        for depth in 0..=input.depth {
            per_depth.push(layer.len());
            pairs += layer.len() as u64;
            let mut next = HashSet::new();
            for &board in &layer {
                first_depth.entry(board).or_insert(depth);
                if is_full(board) || depth == input.depth {
                    continue;
                }
                for_each_placement(board, |cell, subset, value| {
                    pair_moves += 1;
                    next.insert(canonical(after(board, cell, subset, value)).0);
                });
            }
            layer = next;
        }
        let mut moves = 0u64;
        for (&board, &depth) in &first_depth {
            if !is_full(board) && depth < input.depth {
                for_each_placement(board, |_, _, _| moves += 1);
            }
        }
        let per_depth: Vec<String> = per_depth.iter().map(usize::to_string).collect();
        println!(
            "{} | {} | {pairs} | {moves} | {pair_moves} | {}",
            input.name,
            first_depth.len(),
            per_depth.join(" ")
        );
    }
}
