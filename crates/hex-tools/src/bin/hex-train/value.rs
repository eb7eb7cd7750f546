//! `hex-train value`: fits a value network to the outcomes of recorded games: the probability that
//! the side to move wins, from one hidden layer (ReLU) over the stones, the design of the strongest
//! CodinGame Hex bots (crates/hex/README.md, "What did not help", has how it fared inside the
//! bot's search).
//!
//! The input is one-hot: a stone of the mover's and a stone of the opponent's on each cell, read in
//! the mover's frame (for blue the board is transposed, so the mover always joins top and bottom).
//! Every position of every game that ended by a connection is a sample: the stones as the
//! network's one-hot inputs in the side to move's frame, the label whether that side went on to
//! win; each sample also counts turned by half a turn (a symmetry of the mover's frame: the mover
//! still joins top and bottom). Every tenth game is held out. Plain minibatch Adam on the
//! cross-entropy, deterministic by its seed; weights are clamped to -8..8.

use crate::network::{input, network_text, parse_network, INPUTS};
use hex::{Game, Move, CELLS};
use hex_tools::hex_label::Label;
use hex_tools::hex_record::{Reason, Record};
use std::time::Instant;

/// Weights are kept in -8..8 (room for a 14-bit packing of 1/1024 steps).
const WEIGHT_LIMIT: f32 = 8.0;

/// One position: its active inputs, whether the side to move won, and what the network is fitted
/// to (the outcome, or a deep search's value).
pub struct Sample {
    inputs: Vec<u16>,
    won: bool,
    target: f32,
}

/// The active inputs of `game`'s position, in the side to move's frame.
fn inputs_of(game: &Game) -> Vec<u16> {
    let (to_move, board) = (game.to_move(), game.board());
    hex::Cell::all()
        .filter_map(|cell| board.get(cell).map(|owner| input(cell.index(), owner, to_move) as u16))
        .collect()
}

/// Replays `record`, calling `visit` with every position before the winning move, the move that
/// led to it and its sample.
fn replay(record: &Record, mut visit: impl FnMut(&Game, Move, Sample)) -> Result<(), String> {
    let mut game = Game::new();
    for mv in &record.moves {
        game.play(*mv).map_err(|e| format!("game {}: {e}", record.game))?;
        if game.winner().is_some() {
            break;
        }
        let won = record.winner == game.to_move();
        visit(&game, *mv, Sample { inputs: inputs_of(&game), won, target: f32::from(u8::from(won)) });
    }
    Ok(())
}

/// The samples of one game (every position before the winning move).
pub fn samples(record: &Record) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    replay(record, |_, _, sample| samples.push(sample))?;
    Ok(samples)
}

/// The same position turned by half a turn: cell `i` of the frame becomes `CELLS - 1 - i`.
fn half_turn(sample: &Sample) -> Sample {
    let inputs = sample
        .inputs
        .iter()
        .map(|&i| {
            let (base, cell) = if usize::from(i) < CELLS { (0, i) } else { (CELLS as u16, i - CELLS as u16) };
            base + (CELLS as u16 - 1 - cell)
        })
        .collect();
    Sample { inputs, ..*sample }
}

/// The network being fitted, its weights in the order of [`WEIGHTS`].
pub struct Trainer {
    /// Hidden units.
    hidden: usize,
    /// The hidden layer input by input (`hidden` each), its biases, the output weights, the output
    /// bias.
    weights: Vec<f32>,
    /// Adam's moment estimates.
    first: Vec<f32>,
    second: Vec<f32>,
    step: i32,
    rng: u64,
}

impl Trainer {
    pub fn new(seed: u64, hidden: usize) -> Trainer {
        let mut rng = seed ^ 0x853C_49E6_748F_EA9B;
        let count = INPUTS * hidden + 2 * hidden + 1;
        let mut weights = vec![0.0f32; count];
        for w in weights.iter_mut().take(INPUTS * hidden) {
            *w = (uniform(&mut rng) - 0.5) * 0.2;
        }
        let output = INPUTS * hidden;
        for w in weights[output + hidden..output + 2 * hidden].iter_mut() {
            *w = (uniform(&mut rng) - 0.5) * 0.4;
        }
        Trainer { hidden, weights, first: vec![0.0; count], second: vec![0.0; count], step: 0, rng }
    }

    /// A trainer that continues from the network of `text` (written by [`Trainer::to_text`]); the
    /// shuffles are seeded by `seed`.
    pub fn from_text(seed: u64, text: &str) -> Result<Trainer, String> {
        let (hidden, weights) = parse_network(text)?;
        let mut trainer = Trainer::new(seed, hidden);
        trainer.weights = weights;
        Ok(trainer)
    }

    /// Where the hidden biases start (the output weights follow them).
    fn output(&self) -> usize {
        INPUTS * self.hidden
    }

    /// The weights as text: `hidden H` on the first line, then every weight in order, one a line
    /// (read back by `--init`).
    pub fn to_text(&self) -> String {
        network_text(self.hidden, &self.weights)
    }

    /// The hidden sums and the win probability of a sample.
    fn forward(&self, sample: &Sample) -> (Vec<f32>, f32) {
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

    /// Cross-entropy (natural log) and whether the prediction's side of 1/2 was right.
    fn loss(&self, sample: &Sample) -> (f64, bool) {
        cross_entropy(self.forward(sample).1, sample.won)
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
        let (mut loss, mut right) = (0.0, 0usize);
        for sample in samples {
            let (l, r) = self.loss(sample);
            loss += l;
            right += usize::from(r);
        }
        let n = samples.len().max(1) as f64;
        (loss / n, right as f64 / n)
    }
}

/// Cross-entropy (natural log) of the probability `p` that the side to move wins, and whether its
/// side of 1/2 was right.
fn cross_entropy(p: f32, won: bool) -> (f64, bool) {
    let p = f64::from(p).clamp(1e-6, 1.0 - 1e-6);
    let loss = if won { -p.ln() } else { -(1.0 - p).ln() };
    (loss, (p > 0.5) == won)
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

/// The training and held-out samples of `records` (games that ended by a connection; every tenth
/// game held out), the training ones with their half turns.
pub fn split(records: &[Record]) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (k, record) in connected(records).enumerate() {
        let game = samples(record)?;
        if held_out_game(k) {
            held_out.extend(game);
        } else {
            for sample in game {
                train.push(half_turn(&sample));
                train.push(sample);
            }
        }
    }
    Ok((train, held_out))
}

/// The games that ended by a connection (the only ones with samples).
fn connected(records: &[Record]) -> impl Iterator<Item = &Record> {
    records.iter().filter(|r| r.reason == Reason::Connect)
}

/// The training and held-out samples of `labels` (every tenth game held out, as [`split`] does),
/// fitted to `(1 - outcome_share)` times the search's value plus `outcome_share` times the outcome;
/// the training ones with their half turns, the first `limit` labels of the training games only.
/// Also the held-out labels' own values as predictions of the outcomes, with the outcomes.
pub fn split_labels(labels: &[Label], outcome_share: f32, limit: usize) -> Result<LabelSplit, String> {
    let (mut train, mut held_out, mut searched) = (Vec::new(), Vec::new(), Vec::new());
    for label in labels {
        let game = label.game_position()?;
        let won = label.winner == game.to_move();
        // A proven value is taken at 1% from certain, as in [`compare_with_search`].
        let value = label.value.clamp(0.01, 0.99);
        let target = (1.0 - outcome_share) * value + outcome_share * f32::from(u8::from(won));
        let sample = Sample { inputs: inputs_of(&game), won, target };
        if held_out_game(label.game) {
            searched.push((value, value, won));
            held_out.push(sample);
        } else if train.len() < 2 * limit {
            train.push(half_turn(&sample));
            train.push(sample);
        }
    }
    Ok(LabelSplit { train, held_out, searched })
}

/// What [`split_labels`] makes: the training and held-out samples, and for each held-out label
/// its search's value (in both value places of [`Valued`]) with the outcome.
pub struct LabelSplit {
    pub train: Vec<Sample>,
    pub held_out: Vec<Sample>,
    pub searched: Vec<Valued>,
}

/// Whether the `k`-th game of [`connected`] is held out: every tenth.
fn held_out_game(k: usize) -> bool {
    k % 10 == 9
}

/// A held-out position valued by a search and by the network, and whether the side to move won.
pub type Valued = (f32, f32, bool);

/// The bar a network must clear inside the search: every `every`-th held-out position (those of
/// [`split`], in order) valued by the bot's own search of `playouts` playouts (the chosen move's win
/// rate for the side to move, as the search reports it) and by the network. Printed: the
/// cross-entropy and accuracy of the two, and of their mixes in logit space.
pub fn compare_with_search(
    trainer: &Trainer,
    records: &[Record],
    playouts: u32,
    every: usize,
) -> Result<(), String> {
    let mut valued = Vec::new(); // (search, network, won)
    let mut position_index = 0usize;
    let started = Instant::now();
    for (k, record) in connected(records).enumerate().filter(|&(k, _)| held_out_game(k)) {
        replay(record, |game, mv, sample| {
            position_index += 1;
            if position_index % every != 0 {
                return;
            }
            let last = match mv {
                Move::Place(cell) => Some(cell),
                Move::Swap => None,
            };
            let seed = (k * 1000 + position_index) as u64;
            let result = hex::analyse(game, last, playouts, seed);
            // A proven result is taken at 1% from certain: the game's players may still let it go.
            let searched = result.value.clamp(0.01, 0.99);
            valued.push((searched, trainer.forward(&sample).1, sample.won));
        })?;
    }
    println!(
        "{} held-out positions (every {every}), searched at {playouts} playouts in {:.0} s",
        valued.len(),
        started.elapsed().as_secs_f64()
    );
    print_mixes(&valued);
    Ok(())
}

/// The held-out positions of labels: the deep search's own values, the network's, and their mixes
/// in logit space, as predictions of the real outcomes (the bar of [`compare_with_search`], from
/// the labels' searches).
pub fn compare_with_labels(trainer: &Trainer, held_out: &[Sample], searched: &[Valued]) {
    let valued: Vec<Valued> = held_out
        .iter()
        .zip(searched)
        .map(|(sample, &(value, _, won))| (value, trainer.forward(sample).1, won))
        .collect();
    print_mixes(&valued);
}

/// The cross-entropy and accuracy of the mixes of `(search, network, won)` triples, from the
/// search alone (share 0) to the network alone (share 1).
fn print_mixes(valued: &[Valued]) {
    println!("network share  cross-entropy  accuracy   ({} held-out positions)", valued.len());
    for share in [0.0f32, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0] {
        let (loss, accuracy) = mixed_loss(valued, share);
        println!("{share:13.1}  {loss:13.4}  {:7.1}%", 100.0 * accuracy);
    }
}

/// Mean cross-entropy and accuracy of `(search, network, won)` triples valued by the mix
/// `(1 - share) logit(search) + share logit(network)`.
fn mixed_loss(valued: &[Valued], share: f32) -> (f64, f64) {
    let logit = |p: f32| {
        let p = p.clamp(1e-6, 1.0 - 1e-6);
        (p / (1.0 - p)).ln()
    };
    let (mut loss, mut right) = (0.0, 0usize);
    for &(searched, net, won) in valued {
        let mixed = (1.0 - share) * logit(searched) + share * logit(net);
        let (l, r) = cross_entropy(1.0 / (1.0 + (-mixed).exp()), won);
        loss += l;
        right += usize::from(r);
    }
    let n = valued.len().max(1) as f64;
    (loss / n, right as f64 / n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hex::Color;

    const HIDDEN: usize = 32;

    fn record(moves: &str, winner: Color) -> Record {
        Record::parse(&format!(
            "game=1 seed=1 red=a blue=b winner={winner} reason=connect opening=- moves={moves} times=- detail="
        ))
        .unwrap()
    }

    #[test]
    fn samples_are_labelled_for_the_side_to_move() {
        let r = record("a1,swap-pieces,c3", Color::Blue);
        let s = samples(&r).unwrap();
        assert_eq!(s.len(), 3);
        // After a1: blue to move, the opponent's (red) stone at a1 = index 0 in blue's frame too.
        assert_eq!(s[0].inputs, vec![(CELLS) as u16]);
        assert!(s[0].won);
        // After the swap: red to move, blue's stone on a1's mirror (a1 stays a1).
        assert_eq!(s[1].inputs, vec![(CELLS) as u16]);
        assert!(!s[1].won);
        assert_eq!(half_turn(&half_turn(&s[2])).inputs, s[2].inputs);
    }

    #[test]
    fn labels_are_fitted_to_the_search_and_measured_against_the_outcome() {
        let label = |game: usize, moves: &str, value: f32| {
            let line = format!(
                "game={game} winner=blue moves={moves} playouts=100 value={value} proven=0 best=k11 visits=-"
            );
            Label::parse(&line).unwrap()
        };
        // Game 9 is held out (every tenth); after a1 blue moves (and wins), after a1,b2 red.
        let labels =
            [label(0, "a1", 0.3), label(0, "a1,b2", 0.999), label(9, "a1,b2", 0.2), label(1, "c3", 0.6)];
        let LabelSplit { train, held_out, searched } = split_labels(&labels, 0.25, 2).unwrap();
        assert_eq!(train.len(), 4, "two training labels (the limit) with their half turns");
        assert!(train[1].won && (train[1].target - (0.75 * 0.3 + 0.25)).abs() < 1e-6);
        assert!(!train[3].won && (train[3].target - 0.75 * 0.99).abs() < 1e-6, "clamped to 0.99");
        assert_eq!(train[1].inputs, samples(&record("a1,b2", Color::Blue)).unwrap()[0].inputs);
        assert_eq!(held_out.len(), 1);
        assert!(!held_out[0].won);
        assert_eq!(searched, [(0.2, 0.2, false)]);
    }

    /// The forward pass against the plain computation over all the inputs.
    #[test]
    fn forward_is_the_plain_network() {
        let trainer = Trainer::new(3, HIDDEN);
        let (output, count) = (INPUTS * HIDDEN, trainer.weights.len());
        let r = record("d5,e4,f6,g2,b3", Color::Red);
        for sample in samples(&r).unwrap() {
            let mut inputs = [0.0f32; INPUTS];
            for &i in &sample.inputs {
                inputs[usize::from(i)] = 1.0;
            }
            let w = &trainer.weights;
            let mut logit = w[count - 1];
            for h in 0..HIDDEN {
                let sum: f32 =
                    w[output + h] + (0..INPUTS).map(|i| inputs[i] * w[i * HIDDEN + h]).sum::<f32>();
                logit += sum.max(0.0) * w[output + HIDDEN + h];
            }
            let plain = 1.0 / (1.0 + (-logit).exp());
            assert!((trainer.forward(&sample).1 - plain).abs() < 1e-5);
        }
    }

    /// The text of `--out`: the header, then every weight in order.
    #[test]
    fn the_text_holds_every_weight_in_order() {
        let trainer = Trainer::new(2, 5);
        let text = trainer.to_text();
        assert_eq!(Trainer::from_text(9, &text).unwrap().weights, trainer.weights);
        assert!(Trainer::from_text(9, "hidden 5\n0.5\n").is_err());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "hidden 5");
        assert_eq!(lines.len(), 1 + INPUTS * 5 + 2 * 5 + 1);
        for (line, w) in lines[1..].iter().zip(&trainer.weights) {
            assert_eq!(line.parse::<f32>().unwrap(), *w);
        }
    }

    #[test]
    fn the_mix_ends_are_the_search_and_the_network() {
        let trainer = Trainer::new(5, 8);
        let record = record("f6,e7,d8,c9,b10", Color::Red);
        let game = samples(&record).unwrap();
        let searched = [0.2f32, 0.9, 0.6, 0.3];
        let valued: Vec<Valued> =
            game.iter().zip(searched).map(|(s, v)| (v, trainer.forward(s).1, s.won)).collect();
        let (net_loss, net_accuracy) = mixed_loss(&valued, 1.0);
        let (loss, accuracy) = trainer.measure(&game[..valued.len()]);
        assert!((net_loss - loss).abs() < 1e-5 && net_accuracy == accuracy, "{net_loss} {loss}");
        let plain: f64 = valued
            .iter()
            .map(|&(v, _, won)| if won { -f64::from(v).ln() } else { -(1.0 - f64::from(v)).ln() })
            .sum::<f64>()
            / valued.len() as f64;
        assert!((mixed_loss(&valued, 0.0).0 - plain).abs() < 1e-5);
    }

    #[test]
    fn training_lowers_the_loss_on_a_learnable_rule() {
        // Red wins every game where it holds the centre f6: the network must find that input.
        let mut records = Vec::new();
        let cells: Vec<String> = hex::Cell::all().map(|c| c.to_string()).collect();
        for g in 0..60usize {
            let mut moves: Vec<String> = (0..8).map(|k| cells[(g * 13 + k * 29) % CELLS].clone()).collect();
            moves.sort();
            moves.dedup();
            moves.retain(|m| m != "f6");
            let red_centre = g % 2 == 0;
            if red_centre {
                moves.insert(0, "f6".into());
            } else if moves.len() > 1 {
                moves.insert(1, "f6".into());
            }
            let winner = if red_centre { Color::Red } else { Color::Blue };
            records.push(record(&moves.join(","), winner));
        }
        let (train, _) = split(&records).unwrap();
        let mut trainer = Trainer::new(1, HIDDEN);
        let before = trainer.measure(&train).0;
        for _ in 0..30 {
            trainer.epoch(&train, 32, 0.01, 0.0);
        }
        let (after, accuracy) = trainer.measure(&train);
        assert!(after < before * 0.5, "{before} -> {after}");
        assert!(accuracy > 0.95, "{accuracy}");
    }
}
