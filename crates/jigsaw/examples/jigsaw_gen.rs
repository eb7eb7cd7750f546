//! Writes a seeded file of valid puzzles for timing the solver:
//! `cargo run --release -p jigsaw --example jigsaw_gen -- COUNT SEED [KIND] > puzzles.in`
//! (defaults 10000, 1, all kinds).
//!
//! Puzzle `i` is of kind `i % 3`, or of kind `KIND` for every puzzle if it is given:
//! * 0: a solved grid over all four colours (12 matching inner edges, random outer edges), shuffled,
//!   each piece turned at random, so it has at least 4 solutions;
//! * 1: nine random pieces over all four colours (mostly 0 solutions);
//! * 2: two or three colours only, half solved grids and half random pieces (large counts). One colour
//!   alone is impossible: only three pieces over `R`/`r` are neither symmetric nor rotations of each other.
//!
//! Sets that break the statement's guarantees are drawn again.

use jigsaw::{Piece, Puzzle, BOTTOM, LEFT, RIGHT, TOP};

/// SplitMix64: tiny, seedable, good enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A random symbol code of one of `colours` (colour indices 0..4), either case.
    fn symbol(&mut self, colours: &[u8]) -> u8 {
        colours[self.below(colours.len())] | (self.below(2) as u8) << 2
    }
}

fn random_pieces(rng: &mut Rng, colours: &[u8]) -> [[u8; 4]; 9] {
    let mut pieces = [[0; 4]; 9];
    for piece in pieces.iter_mut() {
        for edge in piece.iter_mut() {
            *edge = rng.symbol(colours);
        }
    }
    pieces
}

fn solved_grid(rng: &mut Rng, colours: &[u8]) -> [[u8; 4]; 9] {
    let mut grid = random_pieces(rng, colours);
    for row in 0..3 {
        for col in 0..3 {
            let cell = row * 3 + col;
            if col < 2 {
                grid[cell + 1][LEFT] = grid[cell][RIGHT] ^ 4;
            }
            if row < 2 {
                grid[cell + 3][TOP] = grid[cell][BOTTOM] ^ 4;
            }
        }
    }
    grid
}

fn puzzle(rng: &mut Rng, kind: usize) -> Puzzle {
    loop {
        let colours: Vec<u8> = match kind {
            2 => {
                let mut all = vec![0, 1, 2, 3];
                let keep = 2 + rng.below(2);
                while all.len() > keep {
                    let drop = rng.below(all.len());
                    all.remove(drop);
                }
                all
            }
            _ => vec![0, 1, 2, 3],
        };
        let solved = kind == 0 || (kind == 2 && rng.below(2) == 0);
        let mut codes = if solved { solved_grid(rng, &colours) } else { random_pieces(rng, &colours) };
        for i in (1..9).rev() {
            codes.swap(i, rng.below(i + 1));
        }
        let pieces = codes.map(|edges| Piece::from_codes(edges).rotated(rng.below(4)));
        if let Ok(puzzle) = Puzzle::new(pieces) {
            return puzzle;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(default, |a| a.parse().expect("a number"));
    let count = number(0, 10_000) as usize;
    let mut rng = Rng(number(1, 1));
    let only_kind = args.get(2).map(|a| a.parse::<usize>().expect("a kind 0..=2") % 3);
    let mut text = format!("{}\n", count);
    for i in 0..count {
        let p = puzzle(&mut rng, only_kind.unwrap_or(i % 3));
        let line: Vec<String> = p.pieces().iter().map(|piece| piece.to_string()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    print!("{}", text);
}
