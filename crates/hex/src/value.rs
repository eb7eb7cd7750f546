//! A learned evaluation: the probability that the side to move wins, from a network with one
//! hidden layer over the stones (the design of the strongest CodinGame Hex bots, see the README).
//!
//! The input is one-hot: a stone of the mover's and a stone of the opponent's on each cell, read in
//! the mover's frame (for blue the board is transposed, so the mover always joins top and bottom).
//! A stone changes one input, so the hidden layer's sums are kept for both movers' frames and a
//! move adds one weight column to each ([`Accumulator::add`]); evaluating is then `HIDDEN`
//! multiply-adds. The weights are fitted by `hex-train value` (crates/tools) and packed in
//! [`crate::value_table`].

use crate::board::{Color, CELLS, SIZE};
use crate::patterns::PACK_BASE;
use crate::position::{stone, Position, EMPTY};
use crate::value_table::VALUE_NET;

/// Hidden units.
pub const HIDDEN: usize = 32;
/// Inputs: the mover's stones (`0..CELLS`), then the opponent's.
pub const INPUTS: usize = 2 * CELLS;
/// The packed weights: each character holds 14 bits, `q = char - PACK_BASE` (the shape tables'
/// packing), a weight `(q - PACK_ZERO) / PACK_SCALE` (so weights lie in about -8..8).
pub const PACK_ZERO: f32 = 8192.0;
pub const PACK_SCALE: f32 = 1024.0;
/// Weights in the packed order: the hidden layer input by input (`HIDDEN` each), its biases, the
/// output weights, the output bias.
pub const WEIGHTS: usize = INPUTS * HIDDEN + 2 * HIDDEN + 1;

/// The input of a stone of `owner` on `cell` when `to_move` is to play.
#[inline]
pub fn input(cell: usize, owner: Color, to_move: Color) -> usize {
    let frame_cell = match to_move {
        Color::Red => cell,
        Color::Blue => (cell % SIZE) * SIZE + cell / SIZE,
    };
    if owner == to_move {
        frame_cell
    } else {
        CELLS + frame_cell
    }
}

/// The network's weights.
#[derive(Clone, Debug)]
pub struct ValueNet {
    /// `hidden[input]`: the input's column of hidden weights.
    hidden: Vec<[f32; HIDDEN]>,
    hidden_bias: [f32; HIDDEN],
    output: [f32; HIDDEN],
    output_bias: f32,
}

/// The hidden layer's sums (before the activation) for either side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Accumulator {
    sums: [[f32; HIDDEN]; 2],
}

impl Default for ValueNet {
    fn default() -> Self {
        ValueNet::new()
    }
}

impl ValueNet {
    /// The shipped network.
    pub fn new() -> ValueNet {
        let weights: Vec<f32> = VALUE_NET
            .chars()
            .map(|c| (c as u32 - PACK_BASE) as f32 / PACK_SCALE - PACK_ZERO / PACK_SCALE)
            .collect();
        ValueNet::from_weights(&weights)
    }

    /// A network from its [`WEIGHTS`] weights in the packed order.
    ///
    /// # Panics
    /// If `weights` has another length.
    pub fn from_weights(weights: &[f32]) -> ValueNet {
        assert_eq!(weights.len(), WEIGHTS, "a value network has {WEIGHTS} weights");
        let mut hidden = vec![[0.0; HIDDEN]; INPUTS];
        for (column, chunk) in hidden.iter_mut().zip(weights.chunks_exact(HIDDEN)) {
            column.copy_from_slice(chunk);
        }
        let rest = &weights[INPUTS * HIDDEN..];
        let mut hidden_bias = [0.0; HIDDEN];
        hidden_bias.copy_from_slice(&rest[..HIDDEN]);
        let mut output = [0.0; HIDDEN];
        output.copy_from_slice(&rest[HIDDEN..2 * HIDDEN]);
        ValueNet { hidden, hidden_bias, output, output_bias: rest[2 * HIDDEN] }
    }

    /// The sums of `position`'s stones.
    pub fn accumulator(&self, position: &Position) -> Accumulator {
        let mut accumulator = Accumulator { sums: [self.hidden_bias; 2] };
        for cell in 0..CELLS {
            match position.nodes[cell] {
                EMPTY => {}
                s if s == stone(Color::Red) => self.add(&mut accumulator, cell, Color::Red),
                _ => self.add(&mut accumulator, cell, Color::Blue),
            }
        }
        accumulator
    }

    /// Adds a stone of `owner` on `cell`.
    #[inline]
    pub fn add(&self, accumulator: &mut Accumulator, cell: usize, owner: Color) {
        for to_move in [Color::Red, Color::Blue] {
            let column = &self.hidden[input(cell, owner, to_move)];
            for (sum, &weight) in accumulator.sums[to_move.index()].iter_mut().zip(column) {
                *sum += weight;
            }
        }
    }

    /// The probability that `to_move` wins.
    #[inline]
    pub fn evaluate(&self, accumulator: &Accumulator, to_move: Color) -> f32 {
        self.output_of(&accumulator.sums[to_move.index()], None)
    }

    /// The probability that `mover` wins after playing `cell` (the position of `accumulator`,
    /// `mover` to play), without changing the sums: only the opponent's frame is read.
    #[inline]
    pub fn evaluate_after(&self, accumulator: &Accumulator, cell: usize, mover: Color) -> f32 {
        let next = mover.opponent();
        let column = &self.hidden[input(cell, mover, next)];
        1.0 - self.output_of(&accumulator.sums[next.index()], Some(column))
    }

    /// The output for hidden sums `sums` (plus `column`, if any).
    #[inline]
    fn output_of(&self, sums: &[f32; HIDDEN], column: Option<&[f32; HIDDEN]>) -> f32 {
        let mut logit = self.output_bias;
        match column {
            None => {
                for (&sum, &weight) in sums.iter().zip(&self.output) {
                    logit += sum.max(0.0) * weight;
                }
            }
            Some(column) => {
                for ((&sum, &add), &weight) in sums.iter().zip(column).zip(&self.output) {
                    logit += (sum + add).max(0.0) * weight;
                }
            }
        }
        1.0 / (1.0 + (-logit).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Game;
    use crate::position::tests::random_game;

    /// The plain computation: the hidden layer from the one-hot inputs, input by input.
    fn plain(net: &ValueNet, position: &Position) -> f32 {
        let me = position.to_move;
        let mut inputs = [0.0f32; INPUTS];
        for cell in 0..CELLS {
            if position.nodes[cell] != EMPTY {
                let owner = if position.nodes[cell] == stone(Color::Red) { Color::Red } else { Color::Blue };
                inputs[input(cell, owner, me)] = 1.0;
            }
        }
        let mut logit = net.output_bias;
        for h in 0..HIDDEN {
            let sum: f32 =
                net.hidden_bias[h] + (0..INPUTS).map(|i| inputs[i] * net.hidden[i][h]).sum::<f32>();
            logit += sum.max(0.0) * net.output[h];
        }
        1.0 / (1.0 + (-logit).exp())
    }

    #[test]
    fn incremental_sums_match_the_plain_network() {
        let net = ValueNet::new();
        for seed in 0..40 {
            let game: Game = random_game(seed, (seed as usize * 7) % 90);
            let position = Position::new(game.board(), game.to_move());
            let from_scratch = net.accumulator(&position);
            let value = net.evaluate(&from_scratch, position.to_move);
            assert!((value - plain(&net, &position)).abs() < 1e-4, "seed {seed}");
            // Built stone by stone on an empty board: the same sums.
            let mut built = net.accumulator(&Position::new(&crate::board::Board::new(), Color::Red));
            for cell in 0..CELLS {
                if position.nodes[cell] != EMPTY {
                    let owner =
                        if position.nodes[cell] == stone(Color::Red) { Color::Red } else { Color::Blue };
                    net.add(&mut built, cell, owner);
                }
            }
            for (a, b) in built.sums.iter().flatten().zip(from_scratch.sums.iter().flatten()) {
                assert!((a - b).abs() < 1e-3);
            }
            // A move's value without playing it: the played position's value for the opponent.
            for cell in (0..CELLS).filter(|&c| position.nodes[c] == EMPTY).take(5) {
                let mut after = position.clone();
                after.play(cell);
                let played = 1.0 - net.evaluate(&net.accumulator(&after), after.to_move);
                assert!((net.evaluate_after(&from_scratch, cell, position.to_move) - played).abs() < 1e-4);
            }
        }
    }

    #[test]
    fn the_frame_makes_blue_a_transposed_red() {
        // A blue stone on (r, c) with blue to move is the input of a red stone on (c, r) with red
        // to move: the mover's own stone at the transposed cell.
        for cell in 0..CELLS {
            let transposed = (cell % SIZE) * SIZE + cell / SIZE;
            assert_eq!(input(cell, Color::Blue, Color::Blue), input(transposed, Color::Red, Color::Red));
            assert_eq!(input(cell, Color::Red, Color::Blue), CELLS + transposed);
        }
        assert_eq!(VALUE_NET.chars().count(), WEIGHTS);
    }
}
