//! The playouts' local answers (MoHex's playout policy, its 6-neighbour part): after each
//! move, the empty cells among its 12 shape cells (neighbours and bridge partners) are drawn by
//! their learned 6-neighbour shape weight and recent-move weight (the prior's tables of
//! [`crate::patterns`], as weights instead of their logarithms), against a flat weight for every
//! other empty cell.
//!
//! The playouts are the hot loop, so the shapes are kept as codes per cell, updated by the
//! stones as they are placed ([`NeighbourCodes`]), and the weights are read from tables indexed
//! by those codes, whose sizes are powers of two so that masks take the place of bounds checks.

use crate::board::CELLS;
use crate::patterns::{
    distance_class, shape_nodes, Shapes, DISTANCE_CLASSES, OTHER_SIDE, PACK_BASE, SHAPE6_CODES, SHAPE_CELLS,
};
use crate::playout_table::{PLAYOUT_RECENT, PLAYOUT_SHAPE6};
use crate::position::Position;

/// The tables of the local answers, derived once from the learned shapes.
#[derive(Clone, Debug)]
pub struct LocalShapes {
    /// `neighbours[frame][cell]`: the node at each 6-neighbour slot in the frame (0 red's, 1
    /// blue's), the node of a side holding the digit the frame gives that slot off the board.
    neighbours: Vec<[[u8; 6]; CELLS]>,
    /// `shape6_by_stones[frame][code]`: the 6-neighbour shape weight (not its ln) of the shape whose
    /// digits are the node bytes ([`crate::position::EMPTY`] or a [`crate::position::stone`]) at the frame's slots.
    /// (Tables of powers of two, indexed through a mask: no bounds checks in the hot loop.)
    shape6_by_stones: Vec<[f32; 1024]>,
    /// The weight (not its ln) of each [`crate::patterns::RECENT_MOVE_CLASSES`] class.
    recent_weight: [f32; 32],
    /// `local[cell]`: the shape cells around `cell` on the board, the touching ones first.
    local: Vec<LocalCells>,
    /// `distance_classes[other][cell]`: [`distance_class`]`(cell, other)`, row `CELLS` for no move.
    distance_classes: Vec<[u8; 128]>,
    /// `updates[cell]`: each cell with `cell` among its six neighbours, and the power of 3 of
    /// that slot in frames 0 and 1 (a stone on `cell` adds its byte times it to the codes).
    updates: Vec<CodeUpdates>,
}

/// The cells whose codes a stone changes, with the powers of 3 in frames 0 and 1, and how many.
type CodeUpdates = ([(u8, u16, u16); 6], u8);

/// Every cell's 6-neighbour code in both frames, with the node bytes as digits (the index of the
/// weight table [`LocalShapes::local_answers`] reads), kept up to date stone by stone.
#[derive(Clone, Debug)]
pub struct NeighbourCodes([[u16; 128]; 2]);

/// The shape cells of a cell that lie on the board: its neighbours, then its bridge partners,
/// the slots past them holding the cell itself (occupied whenever they are read).
#[derive(Clone, Copy, Debug, Default)]
struct LocalCells {
    cells: [u8; SHAPE_CELLS],
    /// The first index of each slot's [`crate::patterns::RECENT_MOVE_CLASSES`] class: 0 touching, else a bridge away.
    classes: [u8; SHAPE_CELLS],
}

/// A 6-digit code with the digits 1 and 2 exchanged.
fn exchange_colours(code: usize) -> usize {
    let mut rest = code;
    let mut exchanged = 0;
    let mut power = 1;
    for _ in 0..6 {
        exchanged += [0, 2, 1][rest % 3] * power;
        rest /= 3;
        power *= 3;
    }
    exchanged
}

/// The playout table's quantization: `ln w = (q - PLAYOUT_ZERO) / PLAYOUT_SCALE`, `q` in 14 bits
/// (`ln w` in -8..8 by steps of 1/1024, fine enough for simulation balancing's small steps).
pub const PLAYOUT_SCALE: f32 = 1024.0;
/// The quantized value of `ln w = 0`.
pub const PLAYOUT_ZERO: u32 = 8192;

/// The local answers' ln weights the bot plays with: each 6-neighbour code's (in the mover's frame)
/// and each recent-move class's, decoded from `playout_table.rs` (written by `hex-train balance`).
pub fn playout_weights() -> (Vec<f32>, Vec<f32>) {
    let decode = |text: &str| -> Vec<f32> {
        text.chars()
            .map(|c| (c as u32 - PACK_BASE) as f32 - PLAYOUT_ZERO as f32)
            .map(|q| q / PLAYOUT_SCALE)
            .collect()
    };
    (decode(PLAYOUT_SHAPE6), decode(PLAYOUT_RECENT))
}

impl LocalShapes {
    /// The bot's local answers: the shapes' cells with the playout table's weights.
    pub fn new(shapes: &Shapes) -> LocalShapes {
        let (shape6, recent) = playout_weights();
        LocalShapes::with_weights(shapes, &shape6, &recent)
    }

    /// The local answers with the ln weights `shape6` (`SHAPE6_CODES`, by code in the mover's frame)
    /// and `recent` (`RECENT_MOVE_CLASSES`).
    pub fn with_weights(shapes: &Shapes, shape6: &[f32], recent: &[f32]) -> LocalShapes {
        let neighbours: Vec<[[u8; 6]; CELLS]> =
            (0..2).map(|frame| shape_nodes(&shapes.cells[frame], frame)).collect();
        let shape6_by_stones = (0..2)
            .map(|frame| {
                let mut table = [0f32; 1024];
                for (code, weight) in table.iter_mut().enumerate().take(SHAPE6_CODES) {
                    // Frame 1's mover is blue: its stone bytes 1 and 2 are the digits 2 and 1.
                    let mover_code = if frame == 0 { code } else { exchange_colours(code) };
                    *weight = shape6[mover_code].exp();
                }
                table
            })
            .collect();
        let mut recent_weight = [0.0; 32];
        for (weight, ln) in recent_weight.iter_mut().zip(recent) {
            *weight = ln.exp();
        }
        let local = shapes.cells[0]
            .iter()
            .enumerate()
            .map(|(cell, shape)| {
                let mut local = LocalCells { cells: [cell as u8; SHAPE_CELLS], ..LocalCells::default() };
                let on_board = shape.iter().enumerate().filter(|&(_, &n)| n < OTHER_SIDE);
                for (i, (slot, &n)) in on_board.enumerate() {
                    local.cells[i] = n as u8;
                    local.classes[i] = if slot < 6 { 0 } else { DISTANCE_CLASSES as u8 };
                }
                local
            })
            .collect();
        let distance_classes = (0..=CELLS)
            .map(|other| {
                let mut row = [0u8; 128];
                for (cell, class) in row.iter_mut().enumerate().take(CELLS) {
                    *class = distance_class(cell, other) as u8;
                }
                row
            })
            .collect();
        let mut updates = vec![([(0u8, 0u16, 0u16); 6], 0u8); CELLS];
        for (cell, (slots, other_slots)) in neighbours[0].iter().zip(neighbours[1].iter()).enumerate() {
            for (slot, &n) in slots.iter().enumerate() {
                let n = usize::from(n);
                if n < CELLS {
                    let other = other_slots.iter().position(|&m| usize::from(m) == n);
                    let other = other.expect("a neighbour in one frame is one in the other");
                    let (list, len) = &mut updates[n];
                    list[usize::from(*len)] = (cell as u8, 3u16.pow(slot as u32), 3u16.pow(other as u32));
                    *len += 1;
                }
            }
        }
        LocalShapes { neighbours, shape6_by_stones, recent_weight, local, distance_classes, updates }
    }

    /// The 6-neighbour codes of every cell of `position` in both frames.
    pub fn neighbour_codes(&self, position: &Position) -> NeighbourCodes {
        let mut codes = [[0u16; 128]; 2];
        for (frame, frame_codes) in codes.iter_mut().enumerate() {
            for (code, slots) in frame_codes.iter_mut().zip(self.neighbours[frame].iter()) {
                *code = slots
                    .iter()
                    .rev()
                    .fold(0, |code, &n| code * 3 + u16::from(position.nodes[usize::from(n)]));
            }
        }
        NeighbourCodes(codes)
    }

    /// Updates `codes` for a stone (node byte `stone`) placed on `cell`.
    #[inline]
    pub fn place(&self, codes: &mut NeighbourCodes, cell: usize, stone: u8) {
        let (list, len) = &self.updates[cell];
        for &(other, power0, power1) in &list[..usize::from(*len)] {
            codes.0[0][usize::from(other)] += u16::from(stone) * power0;
            codes.0[1][usize::from(other)] += u16::from(stone) * power1;
        }
    }

    /// The playouts' hot loop: the local answers to a move at `last` (a cell holding a stone) for
    /// the side to move in `position` (whose codes are `codes`): the cells touching `last`, then
    /// those a bridge away, padded with `last` itself, and the running sums of their weights (0
    /// for an occupied cell): the 6-neighbour shape weight (not its ln) times that of the cell's
    /// recent-move class (`own_last` the mover's move before). The 12-cell corrections are left
    /// out. Always the 12 slots: a loop of fixed length, without branches.
    #[inline]
    pub fn local_answers(
        &self,
        codes: &NeighbourCodes,
        position: &Position,
        last: usize,
        own_last: usize,
    ) -> (&[u8; SHAPE_CELLS], [f32; SHAPE_CELLS]) {
        let local = &self.local[last];
        let frame = position.to_move.index() & 1;
        let (weights, codes) = (&self.shape6_by_stones[frame], &codes.0[frame]);
        let own = &self.distance_classes[own_last.min(CELLS)];
        let mut sums = [0.0; SHAPE_CELLS];
        let mut total = 0.0;
        for ((sum, &cell), &first_class) in sums.iter_mut().zip(&local.cells).zip(&local.classes) {
            let cell = usize::from(cell) & 127;
            let class = usize::from(first_class + own[cell]) & 31;
            let empty = [1.0, 0.0, 0.0, 0.0][usize::from(position.nodes[cell]) & 3];
            total += empty * weights[usize::from(codes[cell]) & 1023] * self.recent_weight[class];
            *sum = total;
        }
        (&local.cells, sums)
    }

    /// What [`LocalShapes::local_answers`] weighs each of its cells by (tools: simulation
    /// balancing): the index of its 6-neighbour weight in the shapes' table (the code in the
    /// mover's frame, `< SHAPE6_CODES`) and its recent-move class, slot by slot.
    pub fn features(
        &self,
        codes: &NeighbourCodes,
        position: &Position,
        last: usize,
        own_last: usize,
    ) -> [(u16, u8); SHAPE_CELLS] {
        let local = &self.local[last];
        let frame = position.to_move.index() & 1;
        let own = &self.distance_classes[own_last.min(CELLS)];
        let mut features = [(0, 0); SHAPE_CELLS];
        for ((feature, &cell), &first_class) in features.iter_mut().zip(&local.cells).zip(&local.classes) {
            let cell = usize::from(cell) & 127;
            let code = usize::from(codes.0[frame][cell]);
            let code = if frame == 0 { code } else { exchange_colours(code) };
            *feature = (code as u16, first_class + own[cell]);
        }
        features
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, Move};
    use crate::patterns::recent_move_class;
    use crate::patterns::tests::{plain_code, random_position};
    use crate::position::stone;
    use crate::search::Rng;

    /// The local answers are the cells touching the last move or a bridge away from it, each
    /// once, and their running sums add the plain weights of the empty ones: the shape tables'
    /// weights of the plain shape walk's six neighbours and of the recent-move class.
    #[test]
    fn local_answers_match_the_plain_shape_and_class() {
        let shapes = Shapes::new();
        let local = LocalShapes::new(&shapes);
        // The playout table's weights, by the plain shape code in the mover's frame.
        let (playout_shape6, playout_recent) = playout_weights();
        for seed in 0..200 {
            let (game, position) = random_position(seed, 1 + (seed % 90) as usize);
            let Some(&Move::Place(last)) = game.moves().last() else { continue };
            let (last, to_move) = (last.index(), game.to_move());
            let own_last = match game.moves().iter().rev().nth(1) {
                Some(&Move::Place(cell)) => cell.index(),
                _ => CELLS,
            };
            let codes = local.neighbour_codes(&position);
            let (cells, sums) = local.local_answers(&codes, &position, last, own_last);
            let listed: Vec<usize> =
                cells.iter().map(|&c| usize::from(c)).take_while(|&c| c != last).collect();
            // Touching first, then a bridge away, then only the padding.
            let classes: Vec<usize> =
                listed.iter().map(|&c| recent_move_class(c, last, CELLS) / DISTANCE_CLASSES).collect();
            assert!(
                classes.windows(2).all(|w| w[0] <= w[1]) && classes.iter().all(|&c| c <= 1),
                "seed {seed}"
            );
            assert!(cells[listed.len()..].iter().all(|&c| usize::from(c) == last), "seed {seed}");
            let mut plain: Vec<usize> =
                (0..CELLS).filter(|&c| recent_move_class(c, last, CELLS) / DISTANCE_CLASSES <= 1).collect();
            let mut sorted = listed.clone();
            sorted.sort_unstable();
            plain.sort_unstable();
            assert_eq!(sorted, plain, "seed {seed}");
            let (mut total, mut before) = (0.0, 0.0);
            for (slot, &cell) in listed.iter().enumerate() {
                if game.board().get(Cell::from_index(cell)).is_none() {
                    let code = plain_code(game.board(), to_move, Cell::from_index(cell));
                    let class = recent_move_class(cell, last, own_last);
                    let plain = (playout_shape6[code % SHAPE6_CODES] + playout_recent[class]).exp();
                    let weight = sums[slot] - before;
                    assert!(
                        (weight - plain).abs() <= 1e-4 * sums[slot].max(1.0),
                        "seed {seed} cell {cell}: {weight} {plain}"
                    );
                    total += plain;
                }
                assert!((sums[slot] - total).abs() <= 1e-4 * total.max(1.0), "seed {seed} slot {slot}");
                before = sums[slot];
            }
            assert_eq!(sums[SHAPE_CELLS - 1], before, "seed {seed}: the padding weighs nothing");
        }
    }

    /// Codes kept up to date stone by stone equal codes computed afresh.
    #[test]
    fn neighbour_codes_follow_the_stones() {
        let local = LocalShapes::new(&Shapes::new());
        for seed in 0..100 {
            let (game, mut position) = random_position(seed, (seed % 50) as usize);
            let mut codes = local.neighbour_codes(&position);
            let mut rng = Rng::new(seed ^ 5);
            let mut empty: Vec<usize> = game.board().empty_cells().map(|c| c.index()).collect();
            while !empty.is_empty() {
                let cell = empty.swap_remove(rng.below(empty.len()));
                local.place(&mut codes, cell, stone(position.to_move));
                position.play(cell);
                assert_eq!(codes.0, local.neighbour_codes(&position).0, "seed {seed}");
            }
        }
    }
}
