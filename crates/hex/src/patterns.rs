//! Learned local shape: how likely a strong player is to play a cell, from the stones around it.
//!
//! A cell's **shape** is the contents of the 12 cells around it that matter most for connections:
//! its 6 neighbours and its 6 bridge partners (two steps away across two common neighbours), seen
//! from the side to move. The board is read in the **mover's frame**: for blue it is transposed
//! (row and column exchanged, which keeps hex adjacency), so the mover always joins top and
//! bottom, and each cell is empty, the mover's or the opponent's. Off the board, the frame's top
//! and bottom count as the mover's stones, its left and right as the opponent's (a cell off in
//! both directions counts as the mover's). Turning the frame half a turn keeps every side's
//! owner, so a shape and its half-turn share one weight.
//!
//! The weights are Bradley-Terry strengths (a cell is chosen with probability proportional to the
//! product of its features' weights) learned offline from strong games (`hex-train patterns` in crates/hex-tools,
//! see the README): one weight per 6-neighbour shape, a correction for each frequent 12-cell
//! shape, and one for where the cell is relative to the two most recent moves (the opponent's
//! last one and the mover's own before it). The search uses them as move priors.

mod recent_moves;
mod shape_map;

use crate::board::{CELLS, DIRECTIONS, SIZE};
use crate::geometry::{LEFT, TOP};
use crate::position::{stone, Position, EMPTY};
use crate::shape_table::{RECENT_MOVES, SHAPE12, SHAPE6};
pub use recent_moves::{distance_class, recent_move_class, DISTANCE_CLASSES, RECENT_MOVE_CLASSES};
use shape_map::ShapeMap;

/// Cells in a shape: the 6 neighbours in [`DIRECTIONS`] order, then the 6 bridge partners, the
/// `i`-th lying between neighbours `i` and `i + 1`.
pub const SHAPE_CELLS: usize = 12;
/// Distinct 12-cell shape codes (3 states a cell).
#[cfg(test)]
pub const SHAPE_CODES: usize = 531_441;
/// Distinct 6-neighbour shape codes.
pub const SHAPE6_CODES: usize = 729;

/// The shape offsets `(row, col)` in the red frame.
pub fn shape_offsets() -> [(isize, isize); SHAPE_CELLS] {
    let mut offsets = [(0, 0); SHAPE_CELLS];
    for i in 0..6 {
        let (a, b) = (DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]);
        offsets[i] = a;
        offsets[6 + i] = (a.0 + b.0, a.1 + b.1);
    }
    offsets
}

/// The shape code after a half turn: slot `i` moves to the opposite slot (`i + 3` in its ring).
pub fn half_turn(code: usize) -> usize {
    let mut digits = [0; SHAPE_CELLS];
    let mut rest = code;
    for digit in &mut digits {
        *digit = rest % 3;
        rest /= 3;
    }
    (0..SHAPE_CELLS).rev().fold(0, |acc, slot| {
        let from = if slot < 6 { (slot + 3) % 6 } else { 6 + (slot + 3) % 6 };
        acc * 3 + digits[from]
    })
}

/// One representative per half-turn class: the smaller code.
pub fn canonical(code: usize) -> usize {
    code.min(half_turn(code))
}

/// Precomputed cell offsets and the decoded weights.
#[derive(Clone, Debug)]
pub struct Shapes {
    /// `cells[frame][cell][slot]`: the board cell at that shape slot in the red (0) or blue (1)
    /// frame, or `OWN_SIDE` / `OTHER_SIDE` off the board.
    pub(crate) cells: Vec<[[u16; SHAPE_CELLS]; CELLS]>,
    /// ln weight of each 6-neighbour code (the low 6 digits of the shape code).
    pub(crate) shape6: Vec<f32>,
    /// ln weight correction of the 12-cell codes in the table (0 for the others).
    shape12: ShapeMap,
    /// ln weight of each [`RECENT_MOVE_CLASSES`] class.
    pub(crate) recent_moves: [f32; RECENT_MOVE_CLASSES],
    /// The expansion's fast path ([`Shapes::ln_sixteenths`]): `nodes[frame][cell]`, the node at
    /// each shape slot, a side node whose stone byte reads as the frame's digit off the board.
    nodes: Vec<[[u8; SHAPE_CELLS]; CELLS]>,
    /// The ln weights as integers, in units of `1 / LN_SCALE` (every ln weight is one: exact).
    shape6_q: Vec<i16>,
    recent_q: [i16; RECENT_MOVE_CLASSES],
    /// `distance_classes[other][cell]`: [`distance_class`]`(cell, other)`, row `CELLS` for no move.
    distance_classes: Vec<[u8; CELLS]>,
    /// The largest and the smallest sum of ln weights a cell can have, in `1 / LN_SCALE` units.
    q_range: (i32, i32),
}

pub(crate) const OWN_SIDE: u16 = u16::MAX;
pub(crate) const OTHER_SIDE: u16 = u16::MAX - 1;

/// The first `N` shape cells of every cell in `frame` (red moves in frame 0, blue in frame 1) as
/// node indices: off the board, the mover's side node for [`OWN_SIDE`], the opponent's for
/// [`OTHER_SIDE`].
pub(crate) fn shape_nodes<const N: usize>(
    cells: &[[u16; SHAPE_CELLS]; CELLS],
    frame: usize,
) -> [[u8; N]; CELLS] {
    let (own, other) = [(TOP, LEFT), (LEFT, TOP)][frame];
    let mut table = [[0u8; N]; CELLS];
    for (slots, shape) in table.iter_mut().zip(cells.iter()) {
        for (slot, &n) in slots.iter_mut().zip(shape.iter()) {
            *slot = match n {
                OWN_SIDE => own,
                OTHER_SIDE => other,
                _ => usize::from(n),
            } as u8;
        }
    }
    table
}

impl Default for Shapes {
    fn default() -> Self {
        Shapes::new()
    }
}

/// First character of the packed tables: each character holds `char - BASE`, 14 bits.
pub const PACK_BASE: u32 = 0x4E00;
/// Quantization of the ln weights: `ln w = (q - 128) / LN_SCALE`.
pub const LN_SCALE: f32 = 16.0;

/// Decodes one packed character.
fn unpack(c: char) -> u32 {
    c as u32 - PACK_BASE
}

/// The ln weight of a quantized byte.
pub fn dequantize(q: u32) -> f32 {
    (q as f32 - 128.0) / LN_SCALE
}

/// The ln weight of a quantized byte in units of `1 / LN_SCALE`.
fn sixteenths(q: u32) -> i16 {
    q as i16 - 128
}

impl Shapes {
    pub fn new() -> Shapes {
        let offsets = shape_offsets();
        let mut cells = vec![[[0u16; SHAPE_CELLS]; CELLS]; 2];
        for (frame, table) in cells.iter_mut().enumerate() {
            for (cell, slots) in table.iter_mut().enumerate() {
                let (r, c) = ((cell / SIZE) as isize, (cell % SIZE) as isize);
                // The cell's coordinates in the frame.
                let (fr, fc) = if frame == 0 { (r, c) } else { (c, r) };
                for (slot, &(dr, dc)) in slots.iter_mut().zip(offsets.iter()) {
                    let (nr, nc) = (fr + dr, fc + dc);
                    let n = SIZE as isize;
                    *slot = if !(0..n).contains(&nr) {
                        OWN_SIDE
                    } else if !(0..n).contains(&nc) {
                        OTHER_SIDE
                    } else if frame == 0 {
                        (nr * n + nc) as u16
                    } else {
                        (nc * n + nr) as u16
                    };
                }
            }
        }
        let shape6: Vec<f32> = SHAPE6.chars().map(|c| dequantize(unpack(c))).collect();
        let packed: Vec<u32> = SHAPE12.chars().map(unpack).collect();
        let mut shape12 = ShapeMap::with_room(packed.len());
        for pair in packed.chunks_exact(2) {
            // 28 bits: the canonical code (20 bits) and the quantized weight (8 bits).
            let bits = pair[0] << 14 | pair[1];
            let code = (bits >> 8) as usize;
            let ln = dequantize(bits & 255);
            shape12.insert(code, ln);
            shape12.insert(half_turn(code), ln);
        }
        let mut recent_moves = [0.0; RECENT_MOVE_CLASSES];
        let mut recent_q = [0; RECENT_MOVE_CLASSES];
        for ((slot, q), c) in recent_moves.iter_mut().zip(recent_q.iter_mut()).zip(RECENT_MOVES.chars()) {
            *slot = dequantize(unpack(c));
            *q = sixteenths(unpack(c));
        }
        let shape6_q: Vec<i16> = SHAPE6.chars().map(|c| sixteenths(unpack(c))).collect();
        let nodes = (0..2).map(|frame| shape_nodes(&cells[frame], frame)).collect();
        let distance_classes = (0..=CELLS)
            .map(|other| {
                let mut row = [0u8; CELLS];
                for (cell, class) in row.iter_mut().enumerate() {
                    *class = distance_class(cell, other) as u8;
                }
                row
            })
            .collect();
        let bounds =
            |values: &[i32]| values.iter().fold((i32::MIN, i32::MAX), |(hi, lo), &v| (hi.max(v), lo.min(v)));
        let s6 = bounds(&shape6_q.iter().map(|&q| i32::from(q)).collect::<Vec<_>>());
        // Absent 12-cell codes weigh 0.
        let mut s12_values = vec![0];
        s12_values.extend(shape12.values.iter().map(|&v| (v * LN_SCALE) as i32));
        let s12 = bounds(&s12_values);
        let r = bounds(&recent_q.iter().map(|&q| i32::from(q)).collect::<Vec<_>>());
        let q_range = (s6.0 + s12.0 + r.0, s6.1 + s12.1 + r.1);
        Shapes { cells, shape6, shape12, recent_moves, nodes, shape6_q, recent_q, distance_classes, q_range }
    }

    /// `exp(-j / LN_SCALE)` for every `j` from 0 to the largest spread of two cells' ln weights
    /// ([`Shapes::ln_sixteenths`]): the softmax of an expansion's shape weights without a call
    /// to `exp`, bit for bit (`-j / LN_SCALE` is exactly the f32 difference of the two ln weights).
    pub fn exp_table(&self) -> Vec<f32> {
        (0..=self.q_range.0 - self.q_range.1).map(|j| (-(j as f32) / LN_SCALE).exp()).collect()
    }

    /// [`Shapes::ln_weight`] times `LN_SCALE`, as an integer (every term is a multiple of
    /// `1 / LN_SCALE`, so the f32 sum is exact and equals this over `LN_SCALE`). The shape's code
    /// reads the stones through [`Shapes::nodes`]' side nodes and one digit map, the recent-move
    /// class from a table: `dist_last` and `dist_own` are the rows of [`Shapes::distance_rows`].
    #[inline]
    pub fn ln_sixteenths(
        &self,
        position: &Position,
        cell: usize,
        dist_last: &[u8; CELLS],
        dist_own: &[u8; CELLS],
    ) -> i32 {
        let frame = position.to_move.index() & 1;
        // Stone bytes (1 red, 2 blue) to the mover's digits (1 own, 2 the opponent's).
        let digits: [usize; 4] = if frame == 0 { [0, 1, 2, 0] } else { [0, 2, 1, 0] };
        let mut code = 0;
        for &n in self.nodes[frame][cell].iter().rev() {
            code = code * 3 + digits[usize::from(position.nodes[usize::from(n)] & 3)];
        }
        let class = usize::from(dist_last[cell]) * DISTANCE_CLASSES + usize::from(dist_own[cell]);
        i32::from(self.shape6_q[code % SHAPE6_CODES])
            + self.shape12.get_sixteenths(code)
            + i32::from(self.recent_q[class % RECENT_MOVE_CLASSES])
    }

    /// The [`distance_class`] rows of the recent moves `last` and `own_last` (either `>= CELLS` if
    /// none), for [`Shapes::ln_sixteenths`].
    pub fn distance_rows(&self, last: usize, own_last: usize) -> (&[u8; CELLS], &[u8; CELLS]) {
        (&self.distance_classes[last.min(CELLS)], &self.distance_classes[own_last.min(CELLS)])
    }

    /// The 12-cell shape code of `cell` for the side to move (digit `i` is slot `i`: 0 empty,
    /// 1 the mover's, 2 the opponent's).
    #[inline]
    pub fn code(&self, position: &Position, cell: usize) -> usize {
        let frame = position.to_move.index();
        let own = stone(position.to_move);
        let mut code = 0;
        for &n in self.cells[frame][cell].iter().rev() {
            let digit = match n {
                OWN_SIDE => 1,
                OTHER_SIDE => 2,
                _ => match position.nodes[usize::from(n)] {
                    EMPTY => 0,
                    s if s == own => 1,
                    _ => 2,
                },
            };
            code = code * 3 + digit;
        }
        code
    }

    /// The ln of the cell's weight: the sum of its features' ln weights. `last` is the opponent's
    /// last move, `own_last` the mover's move before it (either `>= CELLS` if none). The plain
    /// computation [`Shapes::ln_sixteenths`] is tested against.
    #[cfg(test)]
    pub fn ln_weight(&self, position: &Position, cell: usize, last: usize, own_last: usize) -> f32 {
        let code = self.code(position, cell);
        self.shape6[code % SHAPE6_CODES]
            + self.shape12.get(code)
            + self.recent_moves[recent_move_class(cell, last, own_last)]
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{Board, Cell, Color, Game, Move};
    use crate::search::Rng;

    pub(crate) fn random_position(seed: u64, moves: usize) -> (Game, Position) {
        let mut rng = Rng::new(seed);
        let mut game = Game::new();
        for _ in 0..moves {
            let legal: Vec<Move> = game.legal_moves().into_iter().filter(|&m| m != Move::Swap).collect();
            if legal.is_empty() || game.winner().is_some() {
                break;
            }
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        let position = Position::new(game.board(), game.to_move());
        (game, position)
    }

    /// The plain definition of the shape: walk the offsets on the rules board.
    pub(crate) fn plain_code(board: &Board, to_move: Color, cell: Cell) -> usize {
        let mut code = 0;
        for &(dr, dc) in shape_offsets().iter().rev() {
            // The offset in board coordinates: transposed for blue.
            let (dr, dc) = if to_move == Color::Red { (dr, dc) } else { (dc, dr) };
            let (r, c) = (cell.row() as isize + dr, cell.col() as isize + dc);
            let n = SIZE as isize;
            // Off the board: the frame's rows are the mover's, the frame's columns the opponent's.
            let (frame_row_off, frame_col_off) = if to_move == Color::Red {
                (!(0..n).contains(&r), !(0..n).contains(&c))
            } else {
                (!(0..n).contains(&c), !(0..n).contains(&r))
            };
            let digit = if frame_row_off {
                1
            } else if frame_col_off {
                2
            } else {
                match board.get(Cell::new(r as usize, c as usize).unwrap()) {
                    None => 0,
                    Some(s) if s == to_move => 1,
                    Some(_) => 2,
                }
            };
            code = code * 3 + digit;
        }
        code
    }

    #[test]
    fn codes_match_the_plain_walk() {
        let shapes = Shapes::new();
        for seed in 0..200 {
            let (game, position) = random_position(seed, (seed % 90) as usize);
            for cell in game.board().empty_cells() {
                let plain = plain_code(game.board(), game.to_move(), cell);
                assert_eq!(shapes.code(&position, cell.index()), plain, "seed {seed} cell {cell}");
            }
        }
    }

    #[test]
    fn colour_exchange_with_transposition_keeps_the_shape() {
        // The same situation for the other player: transpose the board and exchange the colours.
        let shapes = Shapes::new();
        for seed in 0..100 {
            let (game, position) = random_position(seed, (seed % 70) as usize);
            let mut mirrored = Board::new();
            for cell in Cell::all() {
                let m = Cell::new(cell.col(), cell.row()).unwrap();
                mirrored.set(m, game.board().get(cell).map(Color::opponent));
            }
            let other = Position::new(&mirrored, game.to_move().opponent());
            for cell in game.board().empty_cells() {
                let m = Cell::new(cell.col(), cell.row()).unwrap();
                assert_eq!(shapes.code(&position, cell.index()), shapes.code(&other, m.index()));
            }
        }
    }

    #[test]
    fn half_turn_matches_rotating_the_board() {
        // Turning the whole board half a turn (cell (r, c) -> (10 - r, 10 - c)) turns every shape.
        let shapes = Shapes::new();
        for seed in 0..100 {
            let (game, position) = random_position(seed, (seed % 70) as usize);
            let mut turned = Board::new();
            for cell in Cell::all() {
                let t = Cell::new(SIZE - 1 - cell.row(), SIZE - 1 - cell.col()).unwrap();
                turned.set(t, game.board().get(cell));
            }
            let other = Position::new(&turned, game.to_move());
            for cell in game.board().empty_cells() {
                let t = Cell::new(SIZE - 1 - cell.row(), SIZE - 1 - cell.col()).unwrap();
                let code = shapes.code(&position, cell.index());
                assert_eq!(half_turn(code), shapes.code(&other, t.index()));
                assert_eq!(half_turn(half_turn(code)), code);
                assert_eq!(canonical(code), canonical(shapes.code(&other, t.index())));
            }
        }
    }

    /// The integer ln weights of the expansions are the plain f32 sums times `LN_SCALE`, and the
    /// exp table gives exactly the plain `exp` of the difference of two cells' f32 ln weights.
    #[test]
    fn sixteenths_and_exp_table_are_the_plain_ln_weights() {
        let shapes = Shapes::new();
        let table = shapes.exp_table();
        for seed in 0..200 {
            let (game, position) = random_position(seed, (seed % 90) as usize);
            let moves: Vec<usize> = game
                .moves()
                .iter()
                .filter_map(|m| if let Move::Place(c) = m { Some(c.index()) } else { None })
                .collect();
            let n = moves.len();
            let last = if n >= 1 { moves[n - 1] } else { crate::geometry::NODES };
            let own_last = if n >= 2 { moves[n - 2] } else { CELLS };
            let (dist_last, dist_own) = shapes.distance_rows(last, own_last);
            let empty: Vec<usize> = game.board().empty_cells().map(Cell::index).collect();
            let fast: Vec<i32> =
                empty.iter().map(|&c| shapes.ln_sixteenths(&position, c, dist_last, dist_own)).collect();
            let plain: Vec<f32> =
                empty.iter().map(|&c| shapes.ln_weight(&position, c, last, own_last)).collect();
            for (&q, &ln) in fast.iter().zip(&plain) {
                assert_eq!((q as f32 / LN_SCALE).to_bits(), ln.to_bits(), "seed {seed}");
                assert!(shapes.q_range.1 <= q && q <= shapes.q_range.0);
            }
            let (Some(&top), Some(&top_ln)) = (fast.iter().max(), plain.iter().max_by(|a, b| a.total_cmp(b)))
            else {
                continue;
            };
            for (&q, &ln) in fast.iter().zip(&plain) {
                assert_eq!(table[(top - q) as usize].to_bits(), (ln - top_ln).exp().to_bits(), "seed {seed}");
            }
        }
        // Every spread within the range, against the plain exp of a difference of two f32 sums.
        for (j, &e) in table.iter().enumerate() {
            let (a, b) =
                (shapes.q_range.0 as f32 / LN_SCALE, (shapes.q_range.0 - j as i32) as f32 / LN_SCALE);
            assert_eq!(e.to_bits(), (b - a).exp().to_bits(), "{j}");
        }
    }

    #[test]
    fn packed_tables_decode() {
        let shapes = Shapes::new();
        assert_eq!(shapes.shape6.len(), SHAPE6_CODES);
        assert_eq!(SHAPE12.chars().count() % 2, 0);
        // Each byte is its own step of 1 / LN_SCALE around 128.
        for q in 0..256 {
            assert_eq!(dequantize(q) * LN_SCALE, q as f32 - 128.0);
        }
        // The hash map holds exactly the packed entries (and their half turns): a dense table
        // decoded the plain way agrees on every code.
        let mut dense = vec![0.0; SHAPE_CODES];
        let packed: Vec<u32> = SHAPE12.chars().map(unpack).collect();
        for pair in packed.chunks_exact(2) {
            let bits = pair[0] << 14 | pair[1];
            dense[(bits >> 8) as usize] = dequantize(bits & 255);
            dense[half_turn((bits >> 8) as usize)] = dequantize(bits & 255);
        }
        for (code, &value) in dense.iter().enumerate() {
            assert_eq!(shapes.shape12.get(code), value, "{code}");
        }
        // A shape and its half turn share a weight.
        for code in (0..SHAPE_CODES).step_by(97) {
            assert_eq!(shapes.shape12.get(code), shapes.shape12.get(half_turn(code)));
        }
    }
}
