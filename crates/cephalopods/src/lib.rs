//! Cephalopods (CodinGame Spring Challenge 2025): the sum, modulo 2^30, of the hashes of the final
//! boards of every game of at most `depth` placements from a given 3x3 board.
//!
//! A placement next to two or more dice captures any combination of at least two of them summing to
//! at most 6 (each combination is its own move, captures are mandatory) and shows their sum; otherwise
//! it shows 1. A game ends when the board is full or after `depth` placements.
//!
//! How ([`search`] has the details): boards are packed three bits a cell ([`Board`]); each symmetry
//! class of the square is stored once, with eight path counts, one per orientation, so that final
//! hashes stay exact ([`Symmetry`], [`canonical_after`]), fewer when the start board is symmetric
//! ([`LaneGroup`]); moves come from compile-time capture tables ([`for_each_placement`]); boards are
//! expanded once each, for all depths at once, in the order of `(pip sum, -dice)`, which every move
//! increases. Single-threaded, no `unsafe`.
//!
//! The building blocks are public for the tests: [`moves`] (plain rules), [`Board::canonical`],
//! [`final_cell_sums`] (per-cell totals, which symmetries permute) and [`final_hash_sum`] (the answer).

mod board;
mod memory;
pub mod search;

pub use board::{
    after, canonical, canonical_after, compose, for_each_placement, images, is_full, least_image_after,
    moves, tagged_images, transform, transformed_hash, transformed_hashes, Board, Move, Symmetry, CELLS,
    HASH_WEIGHTS, IMAGE_INVERSE, MAX_DIE, NEIGHBOURS,
};
pub use memory::prepare as prepare_memory;
pub use search::{enumerate, CellTally, HashTally, LaneGroup, Tally, ANSWER_MASK};

/// Largest supported depth.
pub const MAX_DEPTH: u32 = 40;

/// The answer: the sum of the hashes of the final boards of all games of at most `depth` moves from
/// `start`, modulo 2^30.
///
/// # Complexity
/// About 30-50 ms for a near-empty board at depth 40 (see the crate README); tiny for shallow depths.
pub fn final_hash_sum(start: Board, depth: u32) -> u32 {
    let mut tally = HashTally::default();
    // Each game is counted `shared` times (1, 2 or 4); the sum is exact modulo 2^32, so dividing
    // leaves at least 30 exact bits.
    let shared = enumerate(start.bits(), depth, true, &mut tally);
    (tally.sum >> shared.trailing_zeros()) & ANSWER_MASK
}

/// For each cell, the sum over all games of the value it shows on the final board, modulo 2^32.
/// `final_hash_sum` is `sum(cells[i] * HASH_WEIGHTS[i])` modulo 2^30, and moving the start board by
/// a symmetry moves these sums the same way.
pub fn final_cell_sums(start: Board, depth: u32) -> [u32; CELLS] {
    let mut tally = CellTally::default();
    // Without shared symmetries every game is counted once, so the sums stay exact modulo 2^32.
    enumerate(start.bits(), depth, false, &mut tally);
    tally.sums
}

/// Reads `depth` and the three board lines, writes the answer.
///
/// # Errors
/// A depth outside `1..=40`, a die value outside `0..=6`, a line with fewer or more than its values,
/// or anything after the board.
pub fn solve_input(input: &mut io::Scanner<'_>, out: &mut io::Output) -> io::Result<()> {
    let mut line = input.line("the depth")?;
    let depth = line.int_in(1..=MAX_DEPTH, "a depth")?;
    line.end()?;
    let mut cells = [0u8; CELLS];
    for row in 0..3 {
        let mut line = input.line(&format!("board row {}", row + 1))?;
        for column in 0..3 {
            cells[3 * row + column] = line.int_in(0..=MAX_DIE, "a die value")?;
        }
        line.end()?;
    }
    out.line(final_hash_sum(Board::from_cells(cells), depth));
    Ok(())
}
