//! Cephalopods: the enumerator against a deliberately plain brute force, symmetry of the per-cell
//! sums, and the public tests through the library.

use cephalopods::{final_cell_sums, final_hash_sum, Board, Symmetry, CELLS};
use proptest::prelude::*;
use std::path::PathBuf;

/// The statement's rules, written out again without tables, packing, memo or symmetry.
mod plain {
    pub type Grid = [u8; 9];

    fn neighbours(cell: usize) -> Vec<usize> {
        let (row, column) = (cell / 3, cell % 3);
        let mut list = Vec::new();
        if row > 0 {
            list.push(cell - 3);
        }
        if row < 2 {
            list.push(cell + 3);
        }
        if column > 0 {
            list.push(cell - 1);
        }
        if column < 2 {
            list.push(cell + 1);
        }
        list
    }

    /// Every board one placement can lead to (with multiplicity).
    pub fn successors(grid: &Grid) -> Vec<Grid> {
        let mut result = Vec::new();
        for cell in 0..9 {
            if grid[cell] != 0 {
                continue;
            }
            let occupied: Vec<usize> = neighbours(cell).into_iter().filter(|&q| grid[q] != 0).collect();
            let mut captured_any = false;
            for subset in 0..(1u32 << occupied.len()) {
                if subset.count_ones() < 2 {
                    continue;
                }
                let chosen: Vec<usize> =
                    (0..occupied.len()).filter(|&k| subset & (1 << k) != 0).map(|k| occupied[k]).collect();
                let sum: u32 = chosen.iter().map(|&q| u32::from(grid[q])).sum();
                if sum <= 6 {
                    captured_any = true;
                    let mut next = *grid;
                    for &q in &chosen {
                        next[q] = 0;
                    }
                    next[cell] = sum as u8;
                    result.push(next);
                }
            }
            if !captured_any {
                let mut next = *grid;
                next[cell] = 1;
                result.push(next);
            }
        }
        result
    }

    pub fn hash(grid: &Grid) -> u64 {
        grid.iter().fold(0, |h, &v| h * 10 + u64::from(v))
    }

    /// Sum of final hashes over every game, by recursion over every move.
    pub fn hash_sum(grid: &Grid, depth: u32) -> u64 {
        let next = successors(grid);
        if depth == 0 || next.is_empty() {
            return hash(grid);
        }
        next.iter().map(|g| hash_sum(g, depth - 1)).sum()
    }

    /// Sum of final hashes by layers of depth over every actual board (no symmetry), counting games
    /// per board: slower than the enumerator but fast enough for deep games.
    pub fn hash_sum_by_layers(grid: &Grid, depth: u32) -> u64 {
        use std::collections::HashMap;
        let mut layer: HashMap<Grid, u64> = [(*grid, 1)].into_iter().collect();
        let mut total = 0u64;
        for _ in 0..depth {
            let mut next: HashMap<Grid, u64> = HashMap::new();
            for (g, &count) in &layer {
                let successors = successors(g);
                if successors.is_empty() {
                    total = total.wrapping_add(count.wrapping_mul(hash(g)));
                }
                for s in successors {
                    let entry = next.entry(s).or_insert(0);
                    *entry = entry.wrapping_add(count);
                }
            }
            layer = next;
        }
        for (g, &count) in &layer {
            total = total.wrapping_add(count.wrapping_mul(hash(g)));
        }
        total
    }

    /// Per-cell sums of final values over every game.
    pub fn cell_sums(grid: &Grid, depth: u32) -> [u64; 9] {
        let next = successors(grid);
        if depth == 0 || next.is_empty() {
            return grid.map(u64::from);
        }
        let mut sums = [0u64; 9];
        for g in &next {
            for (s, v) in sums.iter_mut().zip(cell_sums(g, depth - 1)) {
                *s += v;
            }
        }
        sums
    }
}

fn any_grid() -> impl Strategy<Value = [u8; 9]> {
    // Mostly near-empty boards, like the heavy validators, but every value can appear.
    proptest::array::uniform9(prop_oneof![4 => Just(0u8), 1 => 1u8..=6])
}

fn workspace_root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn read_case(name: &str) -> (Board, u32, u32) {
    let dir = workspace_root().join("samples/cephalopods");
    let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap();
    let answer = std::fs::read_to_string(dir.join(format!("{name}.ans"))).unwrap();
    let numbers: Vec<u32> = input.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut cells = [0u8; 9];
    for (cell, &value) in cells.iter_mut().zip(&numbers[1..10]) {
        *cell = value as u8;
    }
    (Board::from_cells(cells), numbers[0], answer.trim().parse().unwrap())
}

#[test]
fn public_tests_through_the_library() {
    for case in 1..=12 {
        let (board, depth, answer) = read_case(&format!("{case:02}"));
        assert_eq!(final_hash_sum(board, depth), answer, "public test {case:02}");
    }
}

#[test]
fn public_test_1_counts_games_with_multiplicity() {
    // Two free corners, neither can capture (6 + 2 > 6): two orders, the same final board.
    let (board, depth, answer) = read_case("01");
    assert_eq!(answer, 2 * 161_222_161);
    assert_eq!(final_hash_sum(board, depth), answer);
}

#[test]
fn depth_beyond_the_end_of_every_game_changes_nothing() {
    let board = Board::from_cells([0, 6, 0, 2, 2, 2, 1, 6, 1]);
    assert_eq!(final_hash_sum(board, 2), final_hash_sum(board, 40));
}

#[test]
fn full_board_is_its_own_only_final_board() {
    let board = Board::from_cells([1, 2, 3, 4, 5, 6, 1, 2, 3]);
    assert_eq!(final_hash_sum(board, 40), 123_456_123);
}

#[test]
fn empty_board_at_small_depths_matches_brute_force() {
    for depth in 1..=7 {
        let expected = (plain::hash_sum(&[0; 9], depth) % (1 << 30)) as u32;
        assert_eq!(final_hash_sum(Board::EMPTY, depth), expected, "depth {depth}");
    }
}

#[test]
fn deep_games_match_a_layered_walk_without_symmetry() {
    let cases: [([u8; 9], u32); 6] = [
        ([0; 9], 18),
        ([1, 0, 0, 0, 0, 0, 0, 0, 0], 18),
        ([0, 0, 0, 0, 0, 2, 0, 0, 0], 18),
        ([1, 2, 0, 0, 0, 0, 0, 0, 0], 16),
        ([0, 0, 4, 0, 2, 4, 1, 3, 4], 40),
        ([6, 0, 4, 2, 0, 2, 4, 0, 0], 40),
    ];
    for (grid, depth) in cases {
        let expected = (plain::hash_sum_by_layers(&grid, depth) % (1 << 30)) as u32;
        assert_eq!(final_hash_sum(Board::from_cells(grid), depth), expected, "{grid:?} at depth {depth}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn enumerator_matches_brute_force(grid in any_grid(), depth in 1u32..=6) {
        let expected = (plain::hash_sum(&grid, depth) % (1 << 30)) as u32;
        prop_assert_eq!(final_hash_sum(Board::from_cells(grid), depth), expected);
    }

    #[test]
    fn cell_sums_match_brute_force(grid in any_grid(), depth in 1u32..=5) {
        let expected = plain::cell_sums(&grid, depth).map(|s| s as u32);
        prop_assert_eq!(final_cell_sums(Board::from_cells(grid), depth), expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn symmetries_permute_cell_sums(grid in any_grid(), depth in 1u32..=40, s in 0usize..8) {
        let board = Board::from_cells(grid);
        let symmetry = Symmetry::from_index(s);
        let sums = final_cell_sums(board, depth);
        let moved = final_cell_sums(board.transformed(symmetry), depth);
        for i in 0..CELLS {
            prop_assert_eq!(moved[symmetry.cell(i)], sums[i], "cell {}", i);
        }
        // And the hash sum is the weighted cell sums.
        let weighted = (0..CELLS)
            .fold(0u32, |h, i| h.wrapping_add(sums[i].wrapping_mul(cephalopods::HASH_WEIGHTS[i])));
        prop_assert_eq!(final_hash_sum(board, depth), weighted & cephalopods::ANSWER_MASK);
    }
}
