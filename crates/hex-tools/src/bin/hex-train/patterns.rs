//! `hex-train patterns`: learns the shape weights of [`hex::patterns`] from game records and writes
//! `crates/hex/src/shape_table.rs`.
//!
//! RECORDS are `hex-arena` record files (one game a line, `moves=` every move). Every move that is
//! a cell (not the referee's forced opening, not a swap), made by an engine whose name starts with
//! NAME if given, is one observation: the chosen cell won against every other empty cell. Each
//! candidate cell has three features (its 6-neighbour shape, its 12-cell shape if that shape was
//! chosen at least `--min-wins` times, and its distances from the opponent's last move and the
//! mover's own move before it, `patterns::recent_move_class`), and a cell is chosen with
//! probability proportional to the product of its features' weights (generalized Bradley-Terry).
//! The weights are fitted by minorization-maximization (Hunter 2004, as Coulom 2007 did for Go
//! patterns), each weight with one virtual win and one virtual loss against a weight of 1.
//! Every tenth game is held out and reported: the held-out log-likelihood per move and how often
//! the highest-weighted cell is the one played.

use hex::geometry::NODES;
use hex::patterns::{
    canonical, recent_move_class, Shapes, LN_SCALE, PACK_BASE, RECENT_MOVE_CLASSES, SHAPE6_CODES,
};
use hex::position::Position;
use hex::{Cell, Color, Game, Move, CELLS};
use hex_tools::hex_record::Record;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The byte of an ln weight, clamped to the representable range (the inverse of
/// [`hex::patterns::dequantize`]).
fn quantize(ln: f32) -> u32 {
    (ln * LN_SCALE + 128.0).round().clamp(0.0, 255.0) as u32
}

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
    let shapes = Shapes::new();
    // Raw features: (6-code canonical, 12-code canonical, class) per candidate.
    let mut raw: Vec<(Vec<Features>, usize, bool)> = Vec::new();
    let games = records.len();
    for (number, record) in records.iter().enumerate() {
        let forced = record.opening.is_some();
        let held_out = number % 10 == 9;
        let mut game = Game::new();
        let mut last = NODES;
        let mut own_last = NODES;
        for (index, &mv) in record.moves.iter().enumerate() {
            let mover = game.to_move();
            let name = if mover == Color::Red { &record.red } else { &record.blue };
            let learn = !(forced && index == 0) && player.as_deref().map_or(true, |p| name.starts_with(p));
            if let (Move::Place(cell), true) = (mv, learn) {
                let position = Position::new(game.board(), mover);
                let mut candidates = Vec::new();
                let mut chosen = usize::MAX;
                for empty in game.board().empty_cells() {
                    if empty == cell {
                        chosen = candidates.len();
                    }
                    // The features: the 6-neighbour shape (the 12-cell code's low digits), the
                    // 12-cell shape, the recent-move class.
                    let code12 = shapes.code(&position, empty.index());
                    let code6 = code12 % SHAPE6_CODES;
                    let class = recent_move_class(empty.index(), last, own_last);
                    candidates.push((canonical(code6) as u16, canonical(code12) as u32, class as u8));
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
                Move::Place(c) => (last, c.index()),
                // After a swap the swapped stone is the last move, and the mover's own first
                // stone is gone (the bot does not know it either).
                Move::Swap => (NODES, last_stone(&game).map_or(NODES, Cell::index)),
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
    let pack = |q: u32| char::from_u32(PACK_BASE + q).unwrap();
    let mut shape6 = String::new();
    for code in 0..SHAPE6_CODES {
        shape6.push(pack(quantize(weights.a[canonical(code)].ln() as f32)));
    }
    let mut shape12 = String::new();
    for (i, &(code, _)) in frequent.iter().enumerate() {
        let q = quantize(weights.b[i].ln() as f32);
        if q == 128 {
            continue;
        }
        let bits = (code << 8) | q;
        shape12.push(pack(bits >> 14));
        shape12.push(pack(bits & 0x3FFF));
    }
    let recent_moves: String = weights.c.iter().map(|w| pack(quantize(w.ln() as f32))).collect();
    let mut text = String::new();
    text.push_str(
        "//! The learned shape weights packed for [`crate::patterns`] (written by `hex-train patterns`;\n",
    );
    text.push_str("//! each character holds 14 bits as `char - 0x4E00`).\n\n");
    text.push_str(
        "/// ln weight of each 6-neighbour code, one character each (quantized: `ln w = (q - 128) / LN_SCALE`).\n",
    );
    let _ = writeln!(text, "pub const SHAPE6: &str = \"{shape6}\";");
    text.push_str("/// Frequent 12-cell shapes: two characters each, `canonical code << 8 | quantized ln correction`.\n");
    let _ = writeln!(text, "pub const SHAPE12: &str = \"{shape12}\";");
    text.push_str(
        "/// ln weight of each recent-move class (`patterns::recent_move_class`), one character each.\n",
    );
    let _ = writeln!(text, "pub const RECENT_MOVES: &str = \"{recent_moves}\";");
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "wrote {out}: {} 12-cell shapes, recent-move weights {:?}",
        shape12.chars().count() / 2,
        weights.c
    );
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
