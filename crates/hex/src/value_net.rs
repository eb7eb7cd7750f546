//! A value network over the stones, in the side to move's frame (the design of the strongest
//! CodinGame Hex bots): one-hot inputs, the mover's stones first, then the opponent's, with the
//! board transposed when blue is to move, so that the mover always joins top and bottom; one hidden
//! layer of ReLU units; the probability that the mover wins from a sigmoid, read as a value in
//! -1..1. A search keeps the hidden sums of both frames and adds one stone's column a move, so a
//! child costs one column and the output layer.
//!
//! The text file (`hex-train value --out`, `hex-train selfplay`'s networks): `hidden H` on the first
//! line (`hidden H inputs N` for a trainer's wider inputs), then every weight, one a line: the
//! hidden layer input by input (`H` each), its biases, the output weights, the output bias.

use crate::board::{Color, CELLS, SIZE};
use crate::position::{stone, Position};

/// The stones' inputs: the mover's stones (`0..CELLS`), then the opponent's.
pub const VALUE_INPUTS: usize = 2 * CELLS;

/// The input of a stone of `owner` on `cell` when `to_move` is to play.
pub fn value_input(cell: usize, owner: Color, to_move: Color) -> usize {
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

/// A network of `hidden` units over `inputs` inputs as text (see the module's documentation).
pub fn network_text(hidden: usize, inputs: usize, weights: &[f32]) -> String {
    let mut text = if inputs == VALUE_INPUTS {
        format!("hidden {hidden}\n")
    } else {
        format!("hidden {hidden} inputs {inputs}\n")
    };
    for w in weights {
        text.push_str(&format!("{w}\n"));
    }
    text
}

/// Reads the text of [`network_text`]: the hidden units, the inputs and the weights.
///
/// # Errors
/// A bad header, a line that is not a number (its line named), or the wrong number of weights.
pub fn parse_network(text: &str) -> Result<(usize, usize, Vec<f32>), String> {
    let mut lines = text.lines();
    let header: Vec<usize> = lines
        .next()
        .and_then(|l| l.strip_prefix("hidden "))
        .map(|l| l.split(" inputs ").map(|n| n.trim().parse().unwrap_or(0)).collect())
        .unwrap_or_default();
    let (hidden, inputs) = match header[..] {
        [h] if h > 0 => (h, VALUE_INPUTS),
        [h, n] if h > 0 && n > 0 => (h, n),
        _ => return Err("line 1: expected `hidden N` or `hidden N inputs M`".into()),
    };
    let weights: Vec<f32> = lines
        .enumerate()
        .map(|(k, l)| l.trim().parse().map_err(|_| format!("line {}: expected a number", k + 2)))
        .collect::<Result<_, _>>()?;
    let expected = inputs * hidden + 2 * hidden + 1;
    if weights.len() != expected {
        return Err(format!("{} weights, expected {expected}", weights.len()));
    }
    Ok((hidden, inputs, weights))
}

/// The hidden units are evaluated in lanes of this many (a multiple the compiler vectorizes).
const LANES: usize = 8;

/// A value network over the stones alone.
#[derive(Clone, Debug)]
pub struct ValueNet {
    /// Hidden units, rounded up to [`LANES`] (the padding units weigh nothing).
    hidden: usize,
    /// Input by input, `hidden` weights each.
    columns: Vec<f32>,
    biases: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

impl ValueNet {
    /// Reads a network of [`network_text`] over the stones' [`VALUE_INPUTS`].
    ///
    /// # Errors
    /// As [`parse_network`], or a network over other inputs.
    pub fn parse(text: &str) -> Result<ValueNet, String> {
        let (hidden, inputs, weights) = parse_network(text)?;
        if inputs != VALUE_INPUTS {
            return Err(format!(
                "a network over {inputs} inputs: the search reads the stones' {VALUE_INPUTS}"
            ));
        }
        let padded = hidden.div_ceil(LANES) * LANES;
        let pad = |values: &[f32]| {
            let mut v = values.to_vec();
            v.resize(padded, 0.0);
            v
        };
        let columns = weights[..inputs * hidden].chunks(hidden).flat_map(pad).collect();
        let at = inputs * hidden;
        Ok(ValueNet {
            hidden: padded,
            columns,
            biases: pad(&weights[at..at + hidden]),
            output: pad(&weights[at + hidden..at + 2 * hidden]),
            output_bias: weights[at + 2 * hidden],
        })
    }

    fn column(&self, input: usize) -> &[f32] {
        &self.columns[input * self.hidden..(input + 1) * self.hidden]
    }

    /// Adds `input`'s column to `sums`.
    pub(crate) fn add(&self, sums: &mut [f32], input: usize) {
        for (s, &w) in sums.iter_mut().zip(self.column(input)) {
            *s += w;
        }
    }

    /// The hidden sums of `position`'s stones in `frame`'s frame (as if `frame` were to move).
    pub(crate) fn sums(&self, position: &Position, frame: Color) -> Vec<f32> {
        let mut sums = self.biases.clone();
        for (cell, &content) in position.cells().iter().enumerate() {
            for owner in [Color::Red, Color::Blue] {
                if content == stone(owner) {
                    self.add(&mut sums, value_input(cell, owner, frame));
                }
            }
        }
        sums
    }

    /// The value in -1..1, for the side whose frame `sums` are in, of its position with the stone
    /// of `input` added.
    pub(crate) fn value_with(&self, sums: &[f32], input: usize) -> f32 {
        let mut lanes = [0.0f32; LANES];
        for ((s, c), w) in sums
            .chunks_exact(LANES)
            .zip(self.column(input).chunks_exact(LANES))
            .zip(self.output.chunks_exact(LANES))
        {
            for k in 0..LANES {
                lanes[k] += (s[k] + c[k]).max(0.0) * w[k];
            }
        }
        squash(self.output_bias + lanes.iter().sum::<f32>())
    }

    /// The value in -1..1 of `position` for its side to move.
    pub fn value(&self, position: &Position) -> f32 {
        let sums = self.sums(position, position.to_move);
        let logit: f32 = sums.iter().zip(&self.output).map(|(&s, &w)| s.max(0.0) * w).sum();
        squash(self.output_bias + logit)
    }
}

/// The win probability's sigmoid, read as a value in -1..1.
fn squash(logit: f32) -> f32 {
    2.0 / (1.0 + (-logit).exp()) - 1.0
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::position::tests::random_game;
    use crate::position::EMPTY;

    /// A network of `hidden` units with weights drawn from `seed`, as text.
    pub(crate) fn random_network(hidden: usize, seed: u64) -> String {
        let mut state = seed;
        let weights: Vec<f32> = (0..VALUE_INPUTS * hidden + 2 * hidden + 1)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.6
            })
            .collect();
        network_text(hidden, VALUE_INPUTS, &weights)
    }

    #[test]
    fn a_network_is_read_with_its_errors() {
        let written: Vec<f32> = (0..VALUE_INPUTS + 3).map(|k| k as f32 / 4.0 - 7.3).collect();
        let text = network_text(1, VALUE_INPUTS, &written);
        assert!(text.starts_with("hidden 1\n-7.3\n-7.05\n"));
        assert_eq!(parse_network(&text).unwrap(), (1, VALUE_INPUTS, written));
        let wider: Vec<f32> = (0..2 * (VALUE_INPUTS + 5) + 2 * 2 + 1).map(|k| k as f32).collect();
        let text = network_text(2, VALUE_INPUTS + 5, &wider);
        assert!(text.starts_with("hidden 2 inputs 247\n0\n1\n"));
        assert_eq!(parse_network(&text).unwrap(), (2, VALUE_INPUTS + 5, wider));
        assert!(ValueNet::parse(&text).unwrap_err().contains("247 inputs"));
        assert!(parse_network("hidden 1 inputs 0\n").unwrap_err().starts_with("line 1"));
        assert!(parse_network("hidden 1\n0.5\n").unwrap_err().contains("weights, expected"));
        assert!(parse_network("hidden x\n").unwrap_err().starts_with("line 1"));
        assert!(parse_network("hidden 1\nfoo\n").unwrap_err().starts_with("line 2"));
    }

    #[test]
    fn the_frame_makes_blue_a_transposed_red() {
        // A blue stone on (r, c) with blue to move is the input of a red stone on (c, r) with red
        // to move: the mover's own stone at the transposed cell.
        for cell in 0..CELLS {
            let transposed = (cell % SIZE) * SIZE + cell / SIZE;
            assert_eq!(
                value_input(cell, Color::Blue, Color::Blue),
                value_input(transposed, Color::Red, Color::Red)
            );
            assert_eq!(value_input(cell, Color::Red, Color::Blue), CELLS + transposed);
            assert_eq!(value_input(cell, Color::Blue, Color::Red), CELLS + cell);
            assert!(value_input(cell, Color::Red, Color::Red) < VALUE_INPUTS);
        }
    }

    /// The value of a position plus one stone from kept sums (lanes, padding) against the plain
    /// network over every input of the new position, for sizes that do and do not fill the lanes.
    #[test]
    fn incremental_values_are_the_plain_network() {
        for hidden in [5, 8, 13] {
            let text = random_network(hidden, hidden as u64);
            let net = ValueNet::parse(&text).unwrap();
            let (_, _, weights) = parse_network(&text).unwrap();
            for seed in 0..20 {
                let game = random_game(seed, (seed * 5) as usize);
                let position = Position::new(game.board(), game.to_move());
                let me = position.to_move;
                for cell in (0..CELLS).filter(|&c| position.cells()[c] == EMPTY).step_by(7) {
                    let fast = net.value_with(
                        &net.sums(&position, me.opponent()),
                        value_input(cell, me, me.opponent()),
                    );
                    let mut after = position.clone();
                    after.play(cell);
                    let mut logit = weights[weights.len() - 1];
                    for h in 0..hidden {
                        let mut sum = weights[VALUE_INPUTS * hidden + h];
                        for (c, &content) in after.cells().iter().enumerate() {
                            for owner in [Color::Red, Color::Blue] {
                                if content == stone(owner) {
                                    sum += weights[value_input(c, owner, after.to_move) * hidden + h];
                                }
                            }
                        }
                        logit += sum.max(0.0) * weights[VALUE_INPUTS * hidden + hidden + h];
                    }
                    let plain = squash(logit);
                    assert!((fast - plain).abs() < 1e-4, "{fast} vs {plain}");
                    assert!((net.value(&after) - plain).abs() < 1e-4);
                }
            }
        }
    }
}
