//! The value network of `hex-train value`: its trainer (one hidden layer of ReLU units over sparse
//! one-hot inputs, minibatch Adam on the cross-entropy). The input frame (one-hot stones read in the
//! side to move's frame, the board transposed for blue so that the mover always joins top and
//! bottom) and the text file are the value search's own (`hex::value_input`, `hex::network_text`).
//! The number of inputs is the trainer's: [`INPUTS`] for the stones alone, more with `--inputs
//! potentials` (crate::inputs).

use hex::parse_network;
pub use hex::{network_text, VALUE_INPUTS as INPUTS};

/// Weights are kept in -8..8 (room for a 14-bit packing of 1/1024 steps).
const WEIGHT_LIMIT: f32 = 8.0;

/// One position: its active inputs, whether the side to move won, and what the network is fitted
/// to (the outcome, or a deep search's value).
pub struct Sample {
    pub inputs: Vec<u16>,
    pub won: bool,
    pub target: f32,
    /// The opponent's minimum two-distance potential less the mover's (crate::inputs), for the
    /// one-feature logistic of `--logistic`; 0 with the stones alone.
    pub two_distance: f32,
}

/// The network being fitted, its weights in the order of [`network_text`].
pub struct Trainer {
    /// Inputs (one-hot, sparse).
    inputs: usize,
    /// Hidden units.
    hidden: usize,
    /// The hidden layer input by input (`hidden` each), its biases, the output weights, the output
    /// bias.
    pub weights: Vec<f32>,
    /// Adam's moment estimates.
    first: Vec<f32>,
    second: Vec<f32>,
    step: i32,
    rng: u64,
}

impl Trainer {
    /// A network of `hidden` units over `inputs` inputs, its weights drawn from `seed`.
    pub fn new(seed: u64, inputs: usize, hidden: usize) -> Trainer {
        let mut rng = seed ^ 0x853C_49E6_748F_EA9B;
        let count = inputs * hidden + 2 * hidden + 1;
        let mut weights = vec![0.0f32; count];
        for w in weights.iter_mut().take(inputs * hidden) {
            *w = (uniform(&mut rng) - 0.5) * 0.2;
        }
        let output = inputs * hidden;
        for w in weights[output + hidden..output + 2 * hidden].iter_mut() {
            *w = (uniform(&mut rng) - 0.5) * 0.4;
        }
        Trainer { inputs, hidden, weights, first: vec![0.0; count], second: vec![0.0; count], step: 0, rng }
    }

    /// A trainer that continues from the network of `text` (written by [`Trainer::to_text`]); the
    /// shuffles are seeded by `seed`.
    pub fn from_text(seed: u64, text: &str) -> Result<Trainer, String> {
        let (hidden, inputs, weights) = parse_network(text)?;
        let mut trainer = Trainer::new(seed, inputs, hidden);
        trainer.weights = weights;
        Ok(trainer)
    }

    /// Where the hidden biases start (the output weights follow them).
    fn output(&self) -> usize {
        self.inputs * self.hidden
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The weights as text: `hidden H` on the first line, then every weight in order, one a line
    /// (read back by `--init`).
    pub fn to_text(&self) -> String {
        network_text(self.hidden, self.inputs, &self.weights)
    }

    /// The hidden sums and the win probability of a sample.
    pub fn forward(&self, sample: &Sample) -> (Vec<f32>, f32) {
        let (hidden, output) = (self.hidden, self.output());
        let mut sums = self.weights[output..output + hidden].to_vec();
        for &i in &sample.inputs {
            let column = &self.weights[usize::from(i) * hidden..(usize::from(i) + 1) * hidden];
            for (s, &w) in sums.iter_mut().zip(column) {
                *s += w;
            }
        }
        let out = &self.weights[output + hidden..output + 2 * hidden];
        let mut logit = self.weights[self.weights.len() - 1];
        for (&s, &w) in sums.iter().zip(out) {
            logit += s.max(0.0) * w;
        }
        (sums, 1.0 / (1.0 + (-logit).exp()))
    }

    /// One Adam step on a minibatch, with decoupled weight decay `decay` (AdamW).
    #[allow(clippy::needless_range_loop)] // `k` indexes four arrays
    fn step(&mut self, batch: &[&Sample], rate: f32, decay: f32) {
        let (hidden, output, count) = (self.hidden, self.output(), self.weights.len());
        let mut gradient = vec![0.0f32; count];
        for sample in batch {
            let (sums, p) = self.forward(sample);
            let error = p - sample.target;
            gradient[count - 1] += error;
            for h in 0..hidden {
                let active = sums[h] > 0.0;
                gradient[output + hidden + h] += error * sums[h].max(0.0);
                if active {
                    let back = error * self.weights[output + hidden + h];
                    gradient[output + h] += back;
                    for &i in &sample.inputs {
                        gradient[usize::from(i) * hidden + h] += back;
                    }
                }
            }
        }
        self.step += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let correction1 = 1.0 - b1.powi(self.step);
        let correction2 = 1.0 - b2.powi(self.step);
        let scale = 1.0 / batch.len() as f32;
        let limit = WEIGHT_LIMIT;
        for k in 0..count {
            let g = gradient[k] * scale;
            self.first[k] = b1 * self.first[k] + (1.0 - b1) * g;
            self.second[k] = b2 * self.second[k] + (1.0 - b2) * g * g;
            let update =
                rate * (self.first[k] / correction1) / ((self.second[k] / correction2).sqrt() + 1e-8);
            let decayed = self.weights[k] * (1.0 - rate * decay);
            self.weights[k] = (decayed - update).clamp(-limit, limit);
        }
    }

    /// One pass over `samples` in a shuffled order.
    pub fn epoch(&mut self, samples: &[Sample], batch: usize, rate: f32, decay: f32) {
        let mut order: Vec<usize> = (0..samples.len()).collect();
        for i in (1..order.len()).rev() {
            let j = (next(&mut self.rng) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for chunk in order.chunks(batch) {
            let batch: Vec<&Sample> = chunk.iter().map(|&i| &samples[i]).collect();
            self.step(&batch, rate, decay);
        }
    }

    /// Mean cross-entropy and accuracy over `samples`.
    pub fn measure(&self, samples: &[Sample]) -> (f64, f64) {
        mean_cross_entropy(samples.iter().map(|sample| (self.forward(sample).1, sample.won)))
    }
}

/// Cross-entropy (natural log) of the probability `p` that the side to move wins, and whether its
/// side of 1/2 was right.
fn cross_entropy(p: f32, won: bool) -> (f64, bool) {
    let p = f64::from(p).clamp(1e-6, 1.0 - 1e-6);
    let loss = if won { -p.ln() } else { -(1.0 - p).ln() };
    (loss, (p > 0.5) == won)
}

/// The mean cross-entropy and accuracy of `(probability that the side to move wins, whether it
/// won)` pairs (0 and 0 for none).
pub fn mean_cross_entropy(predictions: impl IntoIterator<Item = (f32, bool)>) -> (f64, f64) {
    let (mut loss, mut right, mut n) = (0.0, 0usize, 0usize);
    for (p, won) in predictions {
        let (l, r) = cross_entropy(p, won);
        loss += l;
        right += usize::from(r);
        n += 1;
    }
    let n = n.max(1) as f64;
    (loss / n, right as f64 / n)
}

/// SplitMix64.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn uniform(state: &mut u64) -> f32 {
    (next(state) >> 40) as f32 / (1u64 << 24) as f32
}
