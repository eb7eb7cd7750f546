//! `hex-train patterns`: learns the shape weights of the bot's move prior from game records and writes
//! `crates/hex/src/shape_table.rs`.
//!
//! RECORDS are `hex-arena` record files (one game a line, `moves=` every move). Every move that is
//! a cell (not the referee's forced opening, not a swap), made by an engine whose name starts with
//! NAME if given, is one observation: the chosen cell won against every other empty cell. Each
//! candidate cell has three features (its 6-neighbour shape, its 12-cell shape if that shape was
//! chosen at least `--min-wins` times, and its distances from the opponent's last move and the
//! mover's own move before it, [`hex::MoveFeatures`]), and a cell is chosen with
//! probability proportional to the product of its features' weights (generalized Bradley-Terry).
//! The weights are fitted by minorization-maximization (Hunter 2004, as Coulom 2007 did for Go
//! patterns), each weight with one virtual win and one virtual loss against a weight of 1.
//! Every tenth game is held out and reported: the held-out cross-entropy per move (minus the
//! log-likelihood of the move played) and how often the highest-weighted cell is the one played.
//! Record files are read plain or gzip (`match_kit::files::read_text`), so the committed
//! `crates/hex/data/mohex-selfplay/*.txt.gz` go in as they are.

use crate::observations::{self, RawObservation};
use hex::{ShapeFeatures, ShapeWeights, CELLS, RECENT_MOVE_CLASSES, SHAPE6_CODES};
use hex_tools::hex_record::Record;
use std::collections::HashMap;

/// One observation: the candidates' features and which of them won (a chosen move is one win of
/// 1.0).
#[derive(Clone)]
pub struct Observation {
    /// `(shape6 class, shape12 index or NONE, last-move class)` per candidate.
    pub candidates: Vec<(u16, u32, u8)>,
    /// `(candidate index, share)`; the shares sum to 1.
    pub wins: Vec<(usize, f64)>,
}

pub const NONE: u32 = u32::MAX;

/// The options of `hex-train patterns`.
pub struct Options {
    pub player: Option<String>,
    pub min_wins: usize,
    pub max_shapes: usize,
    pub iterations: usize,
    pub out: std::path::PathBuf,
}

/// Fits the weights to `records` and writes the table to `options.out`.
///
/// # Errors
/// A table that cannot be written.
pub fn run(options: &Options, records: &[Record]) -> Result<(), String> {
    let Options { player, min_wins, max_shapes, iterations, out } = options;
    let (min_wins, max_shapes, iterations) = (*min_wins, *max_shapes, *iterations);
    let shapes = ShapeFeatures::new();
    let raw = observations::from_records(records, player.as_deref(), &shapes)?;
    eprintln!("{} games, {} observations", records.len(), raw.len());
    // The frequent 12-cell shapes: chosen at least `min_wins` times (training games only).
    let mut wins12: HashMap<u32, usize> = HashMap::new();
    for (candidates, wins, held_out) in &raw {
        if !held_out {
            *wins12.entry(candidates[wins[0].0].1).or_default() += 1;
        }
    }
    let mut frequent: Vec<(u32, usize)> = wins12.into_iter().filter(|&(_, w)| w >= min_wins).collect();
    frequent.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    frequent.truncate(max_shapes);
    let index12: HashMap<u32, u32> = frequent.iter().enumerate().map(|(i, &(c, _))| (c, i as u32)).collect();
    eprintln!("{} frequent 12-cell shapes", frequent.len());
    let (train, test) = split(raw.into_iter(), &index12);
    let mut weights = Weights::uniform(frequent.len());
    report(&weights, &test, "uniform");
    fit(&mut weights, &train, &test, iterations);
    // Normalize: 6-shape weights to a weighted mean ln of 0 over the chosen cells is not needed;
    // the search only uses ratios. Keep the numbers in the quantized range by centring each group
    // on its median.
    let centre = |v: &mut Vec<f64>| {
        let mut logs: Vec<f64> = v.iter().map(|w| w.ln()).collect();
        logs.sort_by(|x, y| x.partial_cmp(y).unwrap());
        let median = if logs.is_empty() { 0.0 } else { logs[logs.len() / 2] };
        for w in v.iter_mut() {
            *w = (w.ln() - median).exp();
        }
    };
    centre(&mut weights.a);
    centre(&mut weights.c);
    let shape12: Vec<(u32, f64)> =
        frequent.iter().enumerate().map(|(i, &(code, _))| (code, weights.b[i])).collect();
    let (text, kept) = hex::shape_table_source(&ShapeWeights {
        shape6: &weights.a,
        shape12: &shape12,
        recent_moves: &weights.c,
    });
    match_kit::files::write_text(out, &text)?;
    eprintln!("wrote {}: {kept} 12-cell shapes, recent-move weights {:?}", out.display(), weights.c);
    Ok(())
}

/// The observations with their 12-cell codes replaced by the frequent shapes' indexes, split into
/// the training ones and the held-out ones.
pub fn split(
    raw: impl Iterator<Item = RawObservation>,
    index12: &HashMap<u32, u32>,
) -> (Vec<Observation>, Vec<Observation>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (candidates, wins, held_out) in raw {
        let candidates = candidates
            .into_iter()
            .map(|(a, b, c)| (a, index12.get(&b).copied().unwrap_or(NONE), c))
            .collect();
        let observation = Observation { candidates, wins };
        if held_out { &mut test } else { &mut train }.push(observation);
    }
    (train, test)
}

/// `iterations` rounds of minorization-maximization over the three feature groups, reporting on
/// `test` every fifth round and after the last.
fn fit(weights: &mut Weights, train: &[Observation], test: &[Observation], iterations: usize) {
    for iteration in 0..iterations {
        for group in 0..3 {
            mm_step(weights, train, group);
        }
        if iteration % 5 == 4 || iteration + 1 == iterations {
            report(weights, test, &format!("iteration {}", iteration + 1));
        }
    }
}

struct Weights {
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
}

impl Weights {
    /// Every weight 1, with `shapes12` frequent 12-cell shapes.
    fn uniform(shapes12: usize) -> Weights {
        Weights { a: vec![1.0; SHAPE6_CODES], b: vec![1.0; shapes12], c: vec![1.0; RECENT_MOVE_CLASSES] }
    }

    fn of(&self, &(a, b, c): &(u16, u32, u8)) -> f64 {
        let b = if b == NONE { 1.0 } else { self.b[b as usize] };
        self.a[usize::from(a)] * b * self.c[usize::from(c)]
    }
}

/// One minorization-maximization update of one feature group: `w_f = W_f / sum_j C_fj / E_j`, with
/// `W_f` the wins of feature `f`, `E_j` the total weight of observation `j`'s candidates and `C_fj`
/// the summed weight of its candidates with feature `f`, divided by `w_f` (the team-mates' product).
/// An observation's wins are shares: each adds its share to its candidate's features' wins.
fn mm_step(weights: &mut Weights, train: &[Observation], group: usize) {
    let size = [weights.a.len(), weights.b.len(), weights.c.len()][group];
    let mut wins = vec![0.0f64; size];
    let mut denominators = vec![0.0f64; size];
    let feature = |&(a, b, c): &(u16, u32, u8)| -> Option<usize> {
        match group {
            0 => Some(usize::from(a)),
            1 => (b != NONE).then_some(b as usize),
            _ => Some(usize::from(c)),
        }
    };
    let current = |weights: &Weights, f: usize| [&weights.a, &weights.b, &weights.c][group][f];
    for observation in train {
        let total: f64 = observation.candidates.iter().map(|c| weights.of(c)).sum();
        for candidate in &observation.candidates {
            if let Some(f) = feature(candidate) {
                denominators[f] += weights.of(candidate) / current(weights, f) / total;
            }
        }
        for &(index, share) in &observation.wins {
            if let Some(f) = feature(&observation.candidates[index]) {
                wins[f] += share;
            }
        }
    }
    for f in 0..size {
        let w = current(weights, f);
        // The prior: one virtual win and one virtual loss against a weight of 1.
        let updated = (wins[f] + 1.0) / (denominators[f] + 2.0 / (w + 1.0));
        match group {
            0 => weights.a[f] = updated,
            1 => weights.b[f] = updated,
            _ => weights.c[f] = updated,
        }
    }
}

/// The held-out cross-entropy per observation (`sum share x -ln p`) and the share of observations
/// whose highest-weighted cell is the one with the largest share (the move played; the first of
/// equal shares).
fn measure(weights: &Weights, test: &[Observation]) -> (f64, f64) {
    let mut cross_entropy = 0.0;
    let mut top = 0usize;
    for observation in test {
        let values: Vec<f64> = observation.candidates.iter().map(|c| weights.of(c)).collect();
        let total: f64 = values.iter().sum();
        for &(index, share) in &observation.wins {
            cross_entropy -= share * (values[index] / total).ln();
        }
        // The first cell of highest weight (ties count against the prediction).
        let best = (0..values.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        let target = observation.wins.iter().fold(None, |b: Option<(usize, f64)>, &w| match b {
            Some(b) if b.1 >= w.1 => Some(b),
            _ => Some(w),
        });
        if target.map(|t| t.0) == Some(best) {
            top += 1;
        }
    }
    let n = test.len().max(1) as f64;
    (cross_entropy / n, top as f64 / n)
}

fn report(weights: &Weights, test: &[Observation], label: &str) {
    let (cross_entropy, top) = measure(weights, test);
    eprintln!(
        "{label}: held-out cross-entropy per move {cross_entropy:.3}, top choice played {:.1}% ({} moves; {} cells)",
        100.0 * top,
        test.len(),
        CELLS
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn observation(wins: Vec<(usize, f64)>) -> Observation {
        Observation { candidates: vec![(0, NONE, 0), (1, NONE, 1), (2, NONE, 0)], wins }
    }

    fn close(x: &[f64], y: &[f64]) -> bool {
        x.len() == y.len() && x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-12)
    }

    fn weights() -> Weights {
        Weights { a: vec![1.0, 2.0, 0.5], b: Vec::new(), c: vec![1.5, 0.8] }
    }

    #[test]
    fn one_share_of_one_is_a_chosen_move() {
        // The plain computation: candidate 1 chosen, all its features win once.
        let mut plain = weights();
        let obs = [observation(vec![(1, 1.0)])];
        for group in 0..3 {
            mm_step(&mut plain, &obs, group);
        }
        let (mut expected_a, mut expected_c) = (weights().a, weights().c);
        let total = 1.0 * 1.5 + 2.0 * 0.8 + 0.5 * 1.5;
        for (f, wins) in [(0, 0.0), (1, 1.0), (2, 0.0)] {
            let denominator = [1.5, 0.8, 1.5][f] / total;
            expected_a[f] = (wins + 1.0) / (denominator + 2.0 / (expected_a[f] + 1.0));
        }
        assert!(close(&plain.a, &expected_a), "{:?} {expected_a:?}", plain.a);
        let a = &expected_a;
        let total = a[0] * 1.5 + a[1] * 0.8 + a[2] * 1.5;
        for (f, wins) in [(0, 0.0), (1, 1.0)] {
            let denominator = if f == 0 { (a[0] + a[2]) / total } else { a[1] / total };
            expected_c[f] = (wins + 1.0) / (denominator + 2.0 / (expected_c[f] + 1.0));
        }
        assert!(close(&plain.c, &expected_c), "{:?} {expected_c:?}", plain.c);
        assert_eq!(measure(&plain, &obs).1, 1.0);
    }

    #[test]
    fn fractional_shares_split_the_wins() {
        // A quarter to candidate 0 and three quarters to candidate 1: their 6-neighbour shapes win
        // 0.25 and 0.75, the third's none; the denominators do not depend on the shares.
        let mut split = weights();
        let shared = [observation(vec![(0, 0.25), (1, 0.75)])];
        mm_step(&mut split, &shared, 0);
        let total = 1.0 * 1.5 + 2.0 * 0.8 + 0.5 * 1.5;
        let expected: Vec<f64> = [(0.25, 1.5), (0.75, 0.8), (0.0, 1.5)]
            .iter()
            .zip(&weights().a)
            .map(|(&(wins, c), &w)| (wins + 1.0) / (c / total + 2.0 / (w + 1.0)))
            .collect();
        assert!(close(&split.a, &expected), "{:?} {expected:?}", split.a);
        // The cross-entropy is the shares' mean of -ln p; the target is the largest share.
        let (cross_entropy, top) = measure(&weights(), &shared);
        let p = |i: usize| weights().of(&shared[0].candidates[i]) / total;
        assert!((cross_entropy - (-0.25 * p(0).ln() - 0.75 * p(1).ln())).abs() < 1e-12);
        assert_eq!(top, 1.0);
    }
}
