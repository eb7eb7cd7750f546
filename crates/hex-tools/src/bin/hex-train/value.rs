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
//! cross-entropy, deterministic by its seed; weights are clamped to -8..8 (crate::network). With
//! `--inputs potentials` the network also sees the two players' two-distance potentials
//! (crate::inputs, crate::two_distance).

use crate::inputs::{self, Inputs};
use crate::network::{mean_cross_entropy, Sample, Trainer};
use hex::{Game, Move};
use hex_tools::hex_label::Label;
use hex_tools::hex_record::{Reason, Record};
use std::time::Instant;

/// Replays `record`, calling `visit` with every position before the winning move, the move that
/// led to it and its sample. The sample's target is the outcome, or with `value_share` F > 0 and
/// the search's recorded value v of the position (`values=`, for its side to move, in -1..1),
/// `(1 - F) x outcome + F x (v + 1) / 2`.
fn replay(
    record: &Record,
    kind: Inputs,
    value_share: f32,
    mut visit: impl FnMut(&Game, Move, Sample),
) -> Result<(), String> {
    let mut game = Game::new();
    for (k, mv) in record.moves.iter().enumerate() {
        game.play(*mv).map_err(|e| format!("game {}: {e}", record.game))?;
        if game.winner().is_some() {
            break;
        }
        let won = record.winner == game.to_move();
        let outcome = f32::from(u8::from(won));
        let target = match record.values.get(k + 1).copied().flatten() {
            Some(value) if value_share > 0.0 => {
                (1.0 - value_share) * outcome + value_share * (value + 1.0) / 2.0
            }
            _ => outcome,
        };
        visit(&game, *mv, kind.sample(&game, won, target));
    }
    Ok(())
}

/// The samples of one game (every position before the winning move).
pub fn samples(record: &Record, kind: Inputs, value_share: f32) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    replay(record, kind, value_share, |_, _, sample| samples.push(sample))?;
    Ok(samples)
}

/// The same position turned by half a turn: cell `i` of the frame becomes `CELLS - 1 - i`
/// ([`inputs::half_turn`]).
fn half_turn(sample: &Sample) -> Sample {
    Sample { inputs: sample.inputs.iter().map(|&i| inputs::half_turn(i)).collect(), ..*sample }
}

/// The two-distance potentials (crate::two_distance) of every held-out position of `records`
/// (those of [`split`]), timed alone: the positions and the seconds.
pub fn time_potentials(records: &[Record]) -> Result<(usize, f64), String> {
    let mut boards = Vec::new();
    for record in connected(records).enumerate().filter(|&(k, _)| held_out_game(k)).map(|(_, r)| r) {
        replay(record, Inputs::Stones, 0.0, |game, _, _| boards.push(game.board().clone()))?;
    }
    let started = Instant::now();
    let minima: u64 =
        boards.iter().map(|b| u64::from(crate::two_distance::Potentials::new(b).minimum[0])).sum();
    std::hint::black_box(minima);
    Ok((boards.len(), started.elapsed().as_secs_f64()))
}

/// The training and held-out samples of `records` (games that ended by a connection; every tenth
/// game held out), the training ones with their half turns; targets as [`replay`] makes them.
pub fn split(
    records: &[Record],
    kind: Inputs,
    value_share: f32,
) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (k, record) in connected(records).enumerate() {
        let game = samples(record, kind, value_share)?;
        if held_out_game(k) {
            held_out.extend(game);
        } else {
            for sample in game {
                if !kind.folded() {
                    train.push(half_turn(&sample));
                }
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
pub fn split_labels(
    labels: &[Label],
    outcome_share: f32,
    limit: usize,
    kind: Inputs,
) -> Result<LabelSplit, String> {
    let (mut train, mut held_out, mut searched) = (Vec::new(), Vec::new(), Vec::new());
    for label in labels {
        let game = label.game_position()?;
        let won = label.winner == game.to_move();
        // A proven value is taken at 1% from certain, as in [`compare_with_search`].
        let value = label.value.clamp(0.01, 0.99);
        let target = (1.0 - outcome_share) * value + outcome_share * f32::from(u8::from(won));
        let sample = kind.sample(&game, won, target);
        if held_out_game(label.game) {
            searched.push((value, value, won));
            held_out.push(sample);
        } else if train.len() < if kind.folded() { limit } else { 2 * limit } {
            if !kind.folded() {
                train.push(half_turn(&sample));
            }
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
    kind: Inputs,
    playouts: u32,
    every: usize,
) -> Result<(), String> {
    let mut valued = Vec::new(); // (search, network, won)
    let mut position_index = 0usize;
    let started = Instant::now();
    for (k, record) in connected(records).enumerate().filter(|&(k, _)| held_out_game(k)) {
        replay(record, kind, 0.0, |game, mv, sample| {
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
    mean_cross_entropy(valued.iter().map(|&(searched, net, won)| {
        let mixed = (1.0 - share) * logit(searched) + share * logit(net);
        (1.0 / (1.0 + (-mixed).exp()), won)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::INPUTS;
    use hex::{Color, CELLS};

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
        let s = samples(&r, Inputs::Stones, 0.0).unwrap();
        assert_eq!(s.len(), 3);
        // After a1: blue to move, the opponent's (red) stone at a1 = index 0 in blue's frame too.
        assert_eq!(s[0].inputs, vec![(CELLS) as u16]);
        assert!(s[0].won);
        // After the swap: red to move, blue's stone on a1's mirror (a1 stays a1).
        assert_eq!(s[1].inputs, vec![(CELLS) as u16]);
        assert!(!s[1].won);
        assert_eq!(half_turn(&half_turn(&s[2])).inputs, s[2].inputs);
    }

    /// With a value share, a position's target mixes its outcome with the search's recorded value
    /// of that position (the value before the next move); a position without one keeps the outcome.
    #[test]
    fn targets_mix_the_outcome_with_the_recorded_value() {
        let r = Record { values: vec![None, Some(0.5), None], ..record("a1,b2,c3,d4", Color::Blue) };
        let s = samples(&r, Inputs::Stones, 0.5).unwrap();
        // After a1 blue is to move and won: 0.5 x 1 + 0.5 x (0.5 + 1) / 2.
        assert!((s[0].target - 0.875).abs() < 1e-6, "{}", s[0].target);
        // After b2 and c3 no value is recorded: the outcomes (red lost, blue won).
        assert_eq!((s[1].target, s[2].target), (0.0, 1.0));
        assert_eq!(samples(&r, Inputs::Stones, 0.0).unwrap()[0].target, 1.0);
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
        let LabelSplit { train, held_out, searched } =
            split_labels(&labels, 0.25, 2, Inputs::Stones).unwrap();
        assert_eq!(train.len(), 4, "two training labels (the limit) with their half turns");
        assert!(train[1].won && (train[1].target - (0.75 * 0.3 + 0.25)).abs() < 1e-6);
        assert!(!train[3].won && (train[3].target - 0.75 * 0.99).abs() < 1e-6, "clamped to 0.99");
        assert_eq!(
            train[1].inputs,
            samples(&record("a1,b2", Color::Blue), Inputs::Stones, 0.0).unwrap()[0].inputs
        );
        assert_eq!(held_out.len(), 1);
        assert!(!held_out[0].won);
        assert_eq!(searched, [(0.2, 0.2, false)]);
    }

    /// The forward pass against the plain computation over all the inputs, for every kind of inputs.
    #[test]
    fn forward_is_the_plain_network() {
        for kind in [Inputs::Stones, Inputs::Potentials, Inputs::Folded] {
            let n = kind.count();
            let trainer = Trainer::new(3, n, HIDDEN);
            let (output, count) = (n * HIDDEN, trainer.weights.len());
            let r = record("d5,e4,f6,g2,b3", Color::Red);
            for sample in samples(&r, kind, 0.0).unwrap() {
                let mut inputs = vec![0.0f32; n];
                // A folded input may be active twice (a cell and its half turn): it counts twice.
                for &i in &sample.inputs {
                    inputs[usize::from(i)] += 1.0;
                }
                let w = &trainer.weights;
                let mut logit = w[count - 1];
                for h in 0..HIDDEN {
                    let sum: f32 = w[output + h] + (0..n).map(|i| inputs[i] * w[i * HIDDEN + h]).sum::<f32>();
                    logit += sum.max(0.0) * w[output + HIDDEN + h];
                }
                let plain = 1.0 / (1.0 + (-logit).exp());
                assert!((trainer.forward(&sample).1 - plain).abs() < 1e-5);
            }
        }
    }

    /// The text of `--out`: the header, then every weight in order.
    #[test]
    fn the_text_holds_every_weight_in_order() {
        let trainer = Trainer::new(2, INPUTS, 5);
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
        let trainer = Trainer::new(5, INPUTS, 8);
        let record = record("f6,e7,d8,c9,b10", Color::Red);
        let game = samples(&record, Inputs::Stones, 0.0).unwrap();
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
        let (train, _) = split(&records, Inputs::Stones, 0.0).unwrap();
        let mut trainer = Trainer::new(1, INPUTS, HIDDEN);
        let before = trainer.measure(&train).0;
        for _ in 0..30 {
            trainer.epoch(&train, 32, 0.01, 0.0);
        }
        let (after, accuracy) = trainer.measure(&train);
        assert!(after < before * 0.5, "{before} -> {after}");
        assert!(accuracy > 0.95, "{accuracy}");
    }
}
