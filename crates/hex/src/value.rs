//! A learned evaluation: the probability that the side to move wins, from a network with one
//! hidden layer (ReLU) over the stones, the design of the strongest CodinGame Hex bots (README,
//! "The value network"). The search mixes it into its leaves' results.
//!
//! The input is one-hot: a stone of the mover's and a stone of the opponent's on each cell, read in
//! the mover's frame (for blue the board is transposed, so the mover always joins top and bottom).
//! A stone changes one input, so a position's hidden sums are the root's plus one weight column per
//! stone added since ([`ValueNet::add`]). The weights are fitted by `hex-train value` (crates/tools)
//! and packed in [`crate::value_table`], two 7-bit levels a character.

use crate::board::{Color, CELLS, SIZE};
use crate::position::{stone, Position, EMPTY};
use crate::value_table::{VALUE_HIDDEN, VALUE_NET, VALUE_OUTPUT_BIAS, VALUE_STEPS};

/// Inputs: the mover's stones (`0..CELLS`), then the opponent's.
pub const INPUTS: usize = 2 * CELLS;
/// A packed weight is a level in `0..LEVELS`, the weight `(level - LEVEL_ZERO) * step`.
pub const LEVELS: u32 = 128;
pub const LEVEL_ZERO: u32 = 64;

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

/// The two levels a packed character holds (see `hex-train value --pack`).
pub fn unpack(c: char) -> [u32; 2] {
    let q = c as u32 - crate::patterns::PACK_BASE;
    [q / LEVELS, q % LEVELS]
}

/// The network's weights.
#[derive(Clone, Debug)]
pub struct ValueNet {
    hidden: usize,
    /// Input by input, `hidden` weights each.
    columns: Vec<f32>,
    biases: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

impl Default for ValueNet {
    fn default() -> Self {
        ValueNet::new()
    }
}

impl ValueNet {
    /// The shipped network.
    pub fn new() -> ValueNet {
        let levels = VALUE_NET.chars().flat_map(unpack);
        let hidden = VALUE_HIDDEN;
        let weights: Vec<f32> = levels
            .enumerate()
            .map(|(k, level)| {
                let step = VALUE_STEPS[usize::from(k >= (INPUTS + 1) * hidden)];
                (level as f32 - LEVEL_ZERO as f32) * step
            })
            .chain([VALUE_OUTPUT_BIAS])
            .collect();
        ValueNet::from_weights(hidden, &weights)
    }

    /// A network of `hidden` units from its weights in the trainer's order: the hidden layer
    /// input by input (`hidden` each), its biases, the output weights, the output bias.
    ///
    /// # Panics
    /// If `weights` has another length.
    pub fn from_weights(hidden: usize, weights: &[f32]) -> ValueNet {
        let inputs = INPUTS * hidden;
        assert_eq!(weights.len(), inputs + 2 * hidden + 1, "weights of a network of {hidden} hidden units");
        ValueNet {
            hidden,
            columns: weights[..inputs].to_vec(),
            biases: weights[inputs..inputs + hidden].to_vec(),
            output: weights[inputs + hidden..inputs + 2 * hidden].to_vec(),
            output_bias: weights[inputs + 2 * hidden],
        }
    }

    /// Writes into `sums` the hidden sums of `position` in `to_move`'s frame.
    pub fn sums(&self, position: &Position, to_move: Color, sums: &mut Vec<f32>) {
        sums.clear();
        sums.extend_from_slice(&self.biases);
        for cell in 0..CELLS {
            let node = position.nodes[cell];
            if node != EMPTY {
                let owner = if node == stone(Color::Red) { Color::Red } else { Color::Blue };
                self.add(sums, input(cell, owner, to_move));
            }
        }
    }

    /// Adds the column of `input` to `sums`.
    #[inline]
    pub fn add(&self, sums: &mut [f32], input: usize) {
        let column = &self.columns[input * self.hidden..(input + 1) * self.hidden];
        for (s, &w) in sums.iter_mut().zip(column) {
            *s += w;
        }
    }

    /// The probability that the side in whose frame `sums` are wins.
    #[inline]
    pub fn evaluate(&self, sums: &[f32]) -> f32 {
        let mut logit = self.output_bias;
        for (&s, &w) in sums.iter().zip(&self.output) {
            logit += s.max(0.0) * w;
        }
        1.0 / (1.0 + (-logit).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let h = net.hidden;
        let mut logit = net.output_bias;
        for k in 0..h {
            let sum: f32 =
                net.biases[k] + (0..INPUTS).map(|i| inputs[i] * net.columns[i * h + k]).sum::<f32>();
            logit += sum.max(0.0) * net.output[k];
        }
        1.0 / (1.0 + (-logit).exp())
    }

    /// Sums kept by adding the stones played since a root are the sums of the position.
    #[test]
    fn added_columns_match_the_plain_network() {
        let net = ValueNet::new();
        let (mut root_sums, mut sums) = (Vec::new(), Vec::new());
        for seed in 0..30 {
            let game = random_game(seed, (seed as usize * 7) % 80);
            let root = Position::new(game.board(), game.to_move());
            let mut position = root.clone();
            let mut played = Vec::new();
            for cell in (0..CELLS).filter(|&c| root.nodes[c] == EMPTY).step_by(9).take(6) {
                played.push((cell, position.to_move));
                position.play(cell);
            }
            let me = position.to_move;
            net.sums(&root, me, &mut root_sums);
            for &(cell, owner) in &played {
                net.add(&mut root_sums, input(cell, owner, me));
            }
            net.sums(&position, me, &mut sums);
            for (a, b) in root_sums.iter().zip(&sums) {
                assert!((a - b).abs() < 1e-4, "seed {seed}");
            }
            assert!((net.evaluate(&sums) - plain(&net, &position)).abs() < 1e-4, "seed {seed}");
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
            assert_eq!(input(cell, Color::Blue, Color::Red), CELLS + cell);
        }
    }

    /// The table holds every weight but the output bias, two a character.
    #[test]
    fn the_table_holds_the_network() {
        assert_eq!(2 * VALUE_NET.chars().count(), (INPUTS + 2) * VALUE_HIDDEN);
        assert!(VALUE_NET.chars().flat_map(unpack).all(|level| level < LEVELS));
    }
}
