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
//! Every tenth game is held out and reported: the held-out log-likelihood per move and how often
//! the highest-weighted cell is the one played.

use hex::{Cell, Color, Game, Move, ShapeFeatures, ShapeWeights, CELLS, RECENT_MOVE_CLASSES, SHAPE6_CODES};
use hex_tools::hex_record::Record;
use std::collections::HashMap;

/// One observation: the candidates' features and the index of the chosen one.
struct Observation {
    /// `(shape6 class, shape12 index or NONE, last-move class)` per candidate.
    candidates: Vec<(u16, u32, u8)>,
    chosen: usize,
}

const NONE: u32 = u32::MAX;

/// A candidate's raw features: 6-neighbour class, canonical 12-cell code, last-move class.
type Features = (u16, u32, u8);

/// The options of `hex-train patterns`.
pub struct Options {
    pub player: Option<String>,
    pub min_wins: usize,
    pub max_shapes: usize,
    pub iterations: usize,
    pub out: String,
}

/// Fits the weights to `records` and writes the table to `options.out`.
///
/// # Errors
/// A table that cannot be written.
pub fn run(options: &Options, records: &[Record]) -> Result<(), String> {
    let Options { player, min_wins, max_shapes, iterations, out } = options;
    let (min_wins, max_shapes, iterations) = (*min_wins, *max_shapes, *iterations);
    let shapes = ShapeFeatures::new();
    // Raw features: (6-code canonical, 12-code canonical, class) per candidate.
    let mut raw: Vec<(Vec<Features>, usize, bool)> = Vec::new();
    let games = records.len();
    for (number, record) in records.iter().enumerate() {
        let forced = record.opening.is_some();
        let held_out = number % 10 == 9;
        let mut game = Game::new();
        let mut last = None;
        let mut own_last = None;
        for (index, &mv) in record.moves.iter().enumerate() {
            let mover = game.to_move();
            let name = if mover == Color::Red { &record.red } else { &record.blue };
            let learn = !(forced && index == 0) && player.as_deref().map_or(true, |p| name.starts_with(p));
            if let (Move::Place(cell), true) = (mv, learn) {
                let mut candidates = Vec::new();
                let mut chosen = usize::MAX;
                // The features: the 6-neighbour shape, the 12-cell shape, the recent-move class.
                for (empty, f) in shapes.of_moves(game.board(), mover, last, own_last) {
                    if empty == cell {
                        chosen = candidates.len();
                    }
                    candidates.push((f.shape6, f.shape12, f.recent));
                }
                if chosen != usize::MAX {
                    raw.push((candidates, chosen, held_out));
                }
            }
            // A record that ended by an illegal move holds that move last.
            if game.play(mv).is_err() {
                break;
            }
            (own_last, last) = match mv {
                Move::Place(c) => (last, Some(c)),
                // After a swap the swapped stone is the last move, and the mover's own first
                // stone is gone (the bot does not know it either).
                Move::Swap => (None, last_stone(&game)),
            };
            if game.winner().is_some() {
                break;
            }
        }
    }
    eprintln!("{games} games, {} observations", raw.len());
    // The frequent 12-cell shapes: chosen at least `min_wins` times (training games only).
    let mut wins12: HashMap<u32, usize> = HashMap::new();
    for (candidates, chosen, held_out) in &raw {
        if !held_out {
            *wins12.entry(candidates[*chosen].1).or_default() += 1;
        }
    }
    let mut frequent: Vec<(u32, usize)> = wins12.into_iter().filter(|&(_, w)| w >= min_wins).collect();
    frequent.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    frequent.truncate(max_shapes);
    let index12: HashMap<u32, u32> = frequent.iter().enumerate().map(|(i, &(c, _))| (c, i as u32)).collect();
    eprintln!("{} frequent 12-cell shapes", frequent.len());
    let (train, test): (Vec<_>, Vec<_>) = raw
        .into_iter()
        .map(|(candidates, chosen, held_out)| {
            let candidates = candidates
                .into_iter()
                .map(|(a, b, c)| (a, index12.get(&b).copied().unwrap_or(NONE), c))
                .collect();
            (Observation { candidates, chosen }, held_out)
        })
        .partition(|(_, held_out)| !held_out);
    let train: Vec<Observation> = train.into_iter().map(|(o, _)| o).collect();
    let test: Vec<Observation> = test.into_iter().map(|(o, _)| o).collect();
    let mut weights = Weights {
        a: vec![1.0; SHAPE6_CODES],
        b: vec![1.0; frequent.len()],
        c: vec![1.0; RECENT_MOVE_CLASSES],
    };
    report(&weights, &test, "uniform");
    for iteration in 0..iterations {
        for group in 0..3 {
            mm_step(&mut weights, &train, group);
        }
        if iteration % 5 == 4 || iteration + 1 == iterations {
            report(&weights, &test, &format!("iteration {}", iteration + 1));
        }
    }
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
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}: {kept} 12-cell shapes, recent-move weights {:?}", weights.c);
    Ok(())
}

/// The stone the swap placed (the only stone on the board after it).
fn last_stone(game: &Game) -> Option<Cell> {
    Cell::all().find(|&c| game.board().get(c).is_some())
}

struct Weights {
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
}

impl Weights {
    fn of(&self, &(a, b, c): &(u16, u32, u8)) -> f64 {
        let b = if b == NONE { 1.0 } else { self.b[b as usize] };
        self.a[usize::from(a)] * b * self.c[usize::from(c)]
    }
}

/// One minorization-maximization update of one feature group: `w_f = W_f / sum_j C_fj / E_j`, with
/// `W_f` the wins of feature `f`, `E_j` the total weight of observation `j`'s candidates and `C_fj`
/// the summed weight of its candidates with feature `f`, divided by `w_f` (the team-mates' product).
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
        if let Some(f) = feature(&observation.candidates[observation.chosen]) {
            wins[f] += 1.0;
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

fn report(weights: &Weights, test: &[Observation], label: &str) {
    let mut log_likelihood = 0.0;
    let mut top = 0usize;
    for observation in test {
        let values: Vec<f64> = observation.candidates.iter().map(|c| weights.of(c)).collect();
        let total: f64 = values.iter().sum();
        log_likelihood += (values[observation.chosen] / total).ln();
        // The first cell of highest weight (ties count against the prediction).
        let best = (0..values.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        if best == observation.chosen {
            top += 1;
        }
    }
    let n = test.len().max(1) as f64;
    eprintln!(
        "{label}: held-out log-likelihood per move {:.3}, top choice played {:.1}% ({} moves; {} cells)",
        log_likelihood / n,
        100.0 * top as f64 / n,
        test.len(),
        CELLS
    );
}
