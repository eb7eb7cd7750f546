//! Property tests for the jigsaw solution counter: generated valid puzzles of three kinds, a plain
//! brute force that must agree with the solver, and the symmetries every count has.
//!
//! Kinds (as in the `jigsaw_gen` example, but generated independently here):
//! * solved grids over all four colours, shuffled and turned (at least 4 solutions);
//! * nine random pieces over all four colours (mostly 0 solutions);
//! * two or three colours only, solved grids or random pieces (up to hundreds of thousands of
//!   solutions). One colour cannot give nine admissible pieces: over `R`/`r` only `RRRr`, `RRrr` and
//!   `Rrrr` are neither symmetric nor rotations of each other.

use jigsaw::{count_solutions, Piece, Puzzle, SolutionCounter};
use proptest::prelude::*;
use test_support::rng::Rng;

/// Symbol codes as in the library: colour in bits 0-1, lower case in bit 2, so `x ^ 4` matches `x`.
const fn matches(a: u8, b: u8) -> bool {
    a ^ b == 4
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    SolvedGrid,
    RandomPieces,
    FewColours,
}

/// Rotation as the statement writes it: the string shifted left.
fn rotate(edges: [u8; 4], turns: usize) -> [u8; 4] {
    [edges[turns % 4], edges[(turns + 1) % 4], edges[(turns + 2) % 4], edges[(turns + 3) % 4]]
}

/// The statement's guarantees, checked here without the library's `Puzzle::new`.
fn admissible(pieces: &[[u8; 4]; 9]) -> bool {
    for (j, &piece) in pieces.iter().enumerate() {
        if rotate(piece, 1) == piece || rotate(piece, 2) == piece {
            return false;
        }
        for &earlier in &pieces[..j] {
            if (0..4).any(|k| rotate(earlier, k) == piece) {
                return false;
            }
        }
    }
    true
}

/// A valid puzzle of `kind`; `solved` says whether it was built from a solved grid.
fn generate(kind: Kind, seed: u64) -> ([[u8; 4]; 9], bool) {
    let mut rng = Rng(seed);
    loop {
        let mut colours = vec![0u8, 1, 2, 3];
        if kind == Kind::FewColours {
            let keep = 2 + rng.below(2);
            while colours.len() > keep {
                let drop = rng.below(colours.len());
                colours.remove(drop);
            }
        }
        let mut grid = [[0u8; 4]; 9];
        for edge in grid.iter_mut().flatten() {
            *edge = colours[rng.below(colours.len())] | (rng.below(2) as u8) << 2;
        }
        let solved = match kind {
            Kind::SolvedGrid => true,
            Kind::RandomPieces => false,
            Kind::FewColours => rng.below(2) == 0,
        };
        if solved {
            // Row-major cells; right = 1, bottom = 2, left = 3, top = 0.
            for cell in 0..9 {
                if cell % 3 < 2 {
                    grid[cell + 1][3] = grid[cell][1] ^ 4;
                }
                if cell < 6 {
                    grid[cell + 3][0] = grid[cell][2] ^ 4;
                }
            }
        }
        for i in (1..9).rev() {
            grid.swap(i, rng.below(i + 1));
        }
        for piece in grid.iter_mut() {
            *piece = rotate(*piece, rng.below(4));
        }
        if admissible(&grid) {
            return (grid, solved);
        }
    }
}

fn to_puzzle(codes: &[[u8; 4]; 9]) -> Puzzle {
    Puzzle::new(codes.map(Piece::from_codes)).expect("generated puzzles are admissible")
}

fn text(codes: &[[u8; 4]; 9]) -> String {
    let names: Vec<String> = codes.iter().map(|&c| Piece::from_codes(c).to_string()).collect();
    names.join(" ")
}

/// The plain search: cells column by column (top to bottom, then the next column), every unused piece
/// in every rotation, each complete grid counted one at a time. No symmetry, no tables.
fn brute_force(pieces: &[[u8; 4]; 9]) -> u64 {
    // Column-major order: cell k is at row k % 3, column k / 3.
    fn place(pieces: &[[u8; 4]; 9], grid: &mut [[u8; 4]; 9], used: &mut [bool; 9], k: usize) -> u64 {
        if k == 9 {
            return 1;
        }
        let (row, col) = (k % 3, k / 3);
        let mut total = 0;
        for index in 0..9 {
            if used[index] {
                continue;
            }
            for turns in 0..4 {
                let piece = rotate(pieces[index], turns);
                // The piece above was placed just before; the one to the left, three cells before.
                if row > 0 && !matches(grid[k - 1][2], piece[0]) {
                    continue;
                }
                if col > 0 && !matches(grid[k - 3][1], piece[3]) {
                    continue;
                }
                used[index] = true;
                grid[k] = piece;
                total += place(pieces, grid, used, k + 1);
                used[index] = false;
            }
        }
        total
    }
    place(pieces, &mut [[0; 4]; 9], &mut [false; 9], 0)
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![Just(Kind::SolvedGrid), Just(Kind::RandomPieces), Just(Kind::FewColours)]
}

#[test]
fn brute_force_matches_the_statement_sample() {
    // The statement's sample, as the samples directory holds it: a count line, then one puzzle a line.
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/jigsaw/01");
    let input = std::fs::read_to_string(format!("{samples}.in")).unwrap();
    let answers = std::fs::read_to_string(format!("{samples}.ans")).unwrap();
    let puzzles: Vec<&str> = input.lines().skip(1).collect();
    let expected: Vec<u64> = answers.lines().map(|line| line.trim().parse().unwrap()).collect();
    assert_eq!(puzzles.len(), expected.len());
    for (line, expected) in puzzles.into_iter().zip(expected) {
        let codes: Vec<[u8; 4]> = line.split(' ').map(|t| Piece::parse(t).unwrap().edges()).collect();
        assert_eq!(brute_force(&codes.try_into().unwrap()), expected, "{}", line);
    }
}

#[test]
fn generated_kinds_reach_their_ranges() {
    // The generators must produce what the properties rely on: a spread of zero and large counts.
    let mut counter = SolutionCounter::new();
    let mut largest = 0;
    let mut zeros = 0;
    for seed in 0..300 {
        let (codes, _) = generate(Kind::FewColours, seed);
        largest = largest.max(counter.count(&to_puzzle(&codes)));
        let (codes, _) = generate(Kind::RandomPieces, seed);
        zeros += usize::from(counter.count(&to_puzzle(&codes)) == 0);
    }
    assert!(largest >= 10_000, "largest few-colour count {}", largest);
    assert!(zeros >= 150, "only {} of 300 random puzzles have no solution", zeros);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// The main check: 2,000 generated puzzles (a third few-colour), solver against brute force.
    #[test]
    fn solver_agrees_with_brute_force(kind in kind(), seed in any::<u64>()) {
        let (codes, _) = generate(kind, seed);
        prop_assert_eq!(count_solutions(&to_puzzle(&codes)), brute_force(&codes), "{}", text(&codes));
    }

    /// Counts are multiples of 4 and do not depend on the order of the pieces or on how each piece's
    /// string is written (any rotation of it).
    #[test]
    fn counts_are_multiples_of_four_and_ignore_order_and_rotation(
        kind in kind(),
        seed in any::<u64>(),
        order in Just((0..9).collect::<Vec<usize>>()).prop_shuffle(),
        turns in proptest::collection::vec(0..4usize, 9),
    ) {
        let (codes, solved) = generate(kind, seed);
        let count = count_solutions(&to_puzzle(&codes));
        prop_assert_eq!(count % 4, 0, "{}", text(&codes));
        if solved {
            prop_assert!(count >= 4, "a solved grid has {} solutions: {}", count, text(&codes));
        }
        let mut moved = [[0u8; 4]; 9];
        for (slot, &from) in order.iter().enumerate() {
            moved[slot] = rotate(codes[from], turns[slot]);
        }
        prop_assert_eq!(count_solutions(&to_puzzle(&moved)), count, "{} vs {}", text(&codes), text(&moved));
    }

    /// A solved grid has at least its own four rotations as solutions.
    #[test]
    fn solved_grids_have_at_least_four_solutions(few_colours in any::<bool>(), seed in any::<u64>()) {
        let kind = if few_colours { Kind::FewColours } else { Kind::SolvedGrid };
        let (codes, solved) = generate(kind, seed);
        prop_assume!(solved);
        let count = count_solutions(&to_puzzle(&codes));
        prop_assert!(count >= 4, "{} solutions: {}", count, text(&codes));
    }

    /// Many puzzles in one input: the whole-input path (parsing, one reused counter) gives the same
    /// counts as counting each puzzle alone.
    #[test]
    fn whole_input_matches_single_counts(seeds in proptest::collection::vec(any::<u64>(), 1..20)) {
        let kinds = [Kind::SolvedGrid, Kind::RandomPieces, Kind::FewColours];
        let mut input = format!("{}\n", seeds.len());
        let mut expected = String::new();
        for (i, &seed) in seeds.iter().enumerate() {
            let (codes, _) = generate(kinds[i % 3], seed);
            input.push_str(&text(&codes));
            input.push('\n');
            expected.push_str(&format!("{}\n", count_solutions(&to_puzzle(&codes))));
        }
        let mut scanner = io::Scanner::new(input.as_bytes());
        let mut out = io::Output::new();
        prop_assert!(jigsaw::solve_input(&mut scanner, &mut out).is_ok());
        prop_assert_eq!(out.as_str(), expected.as_str());
    }
}

/// The brute force over a whole input file, e.g. the 10,000 puzzles of the `jigsaw_gen` example:
/// `JIGSAW_INPUT=$PWD/jigsaw-10k.in cargo test -p jigsaw --test properties --release -- --ignored
/// --nocapture` (a relative path is taken from `crates/jigsaw`, where the test runs). Checks every
/// count and reports how long the plain search took.
#[test]
#[ignore = "minutes; run by hand on a generated file"]
fn brute_force_agrees_on_a_whole_file() {
    let path = std::env::var("JIGSAW_INPUT").expect("JIGSAW_INPUT names an input file");
    let input = std::fs::read_to_string(&path).unwrap();
    let mut lines = input.lines();
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let puzzles: Vec<[u8; 4]> =
        lines.flat_map(|l| l.split_whitespace().map(|t| Piece::parse(t).unwrap().edges())).collect();
    assert_eq!(puzzles.len(), 9 * count);
    let mut counter = SolutionCounter::new();
    let mut brute_time = std::time::Duration::ZERO;
    for codes in puzzles.chunks(9) {
        let codes: [[u8; 4]; 9] = codes.try_into().unwrap();
        let start = std::time::Instant::now();
        let plain = brute_force(&codes);
        brute_time += start.elapsed();
        assert_eq!(counter.count(&to_puzzle(&codes)), plain, "{}", text(&codes));
    }
    println!("{} puzzles agree; the plain search took {:.1} s", count, brute_time.as_secs_f64());
}
