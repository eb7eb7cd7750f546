//! `hex-train balance`: how well the bot's playouts match its teacher, the measure simulation
//! balancing minimises (Silver and Tesauro, ICML 2009): for labelled positions, the mean outcome of
//! many playouts from the position under each playout setting, against the deep search's value.
//! A playout policy whose means track the teacher's values (small error, no bias) is what the
//! search wants from its simulations, whether or not it plays strong moves.
//!
//! The positions are those of the held-out games (game % 10 == 9, as `patterns` holds out), not
//! proven by the teacher; every setting plays the same random numbers on a position (common random
//! numbers), so the settings' differences are not sampling noise of the seeds.

use crate::labels::Label;
use hex::{stone, Answers, Cell, Color, Fill, Move, PlayoutWeights, Playouts, Rng, Stones, CELLS, EMPTY};
use std::time::Instant;

/// One playout policy measured: the bot's local answers with a weight and a number of moves, the
/// bridge answers alone, or every cell uniform.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    pub name: String,
    /// `(global, moves)` of the local answers; `None` with `bridges` for bridge answers alone.
    answers: Option<(f32, u32)>,
    bridges: bool,
}

impl Setting {
    /// `G/M` (local answers: every cell's weight G against the shape weights, for the first M moves),
    /// `bridges` (bridge answers only) or `uniform` (every cell uniform).
    pub fn parse(text: &str) -> Result<Setting, String> {
        let (answers, bridges) = match text {
            "uniform" => (None, false),
            "bridges" => (None, true),
            _ => {
                let bad = || format!("bad playout setting {text:?}: expected G/M, bridges or uniform");
                let (global, moves) = text.split_once('/').ok_or_else(bad)?;
                let global: f32 = global.parse().map_err(|_| bad())?;
                let moves: u32 = moves.parse().map_err(|_| bad())?;
                if !(global > 0.0 && global.is_finite()) || moves == 0 {
                    return Err(bad());
                }
                (Some((global, moves)), true)
            }
        };
        Ok(Setting { name: text.to_string(), answers, bridges })
    }
}

/// The options of one measurement.
pub struct Options {
    pub playouts: u32,
    pub settings: Vec<Setting>,
    pub seed: u64,
    /// At most this many positions (the first of the held-out games).
    pub limit: usize,
}

/// A labelled position ready to play out.
pub struct Position {
    stones: Stones,
    fill: Fill,
    own_last: Option<Cell>,
    /// The teacher's value for the side to move.
    teacher: f64,
    /// Whether the side to move won the real game.
    won: bool,
    /// Stones on the board.
    stones_on: usize,
}

pub fn position_of(label: &Label) -> Result<Position, String> {
    let game = label.game_position()?;
    let mut stones = [EMPTY; CELLS];
    for cell in Cell::all() {
        stones[cell.index()] = game.board().get(cell).map_or(EMPTY, stone);
    }
    let placed = |mv: Option<&Move>| match mv {
        Some(Move::Place(cell)) => Some(*cell),
        _ => None,
    };
    let to_move = game.to_move();
    Ok(Position {
        stones,
        fill: Fill { to_move, last: placed(label.moves.last()), answer_bridges: true },
        own_last: placed(label.moves.iter().rev().nth(1)),
        teacher: f64::from(label.value),
        won: label.winner == to_move,
        stones_on: stones.iter().filter(|&&s| s != EMPTY).count(),
    })
}

/// The share of `playouts` playouts from `position` the side to move wins under `setting`.
pub fn playout_mean(
    playouts: &Playouts,
    position: &Position,
    setting: &Setting,
    count: u32,
    seed: u64,
) -> f64 {
    let mut rng = Rng::new(seed);
    let mut wins = 0u32;
    for _ in 0..count {
        let mut stones = position.stones;
        let fill = Fill { answer_bridges: setting.bridges, ..position.fill };
        let winner = match setting.answers {
            Some((global, moves)) => {
                let answers = Answers { own_last: position.own_last, global, moves };
                playouts.fill_answering(&mut stones, fill, answers, &mut rng)
            }
            None => playouts.fill(&mut stones, fill, &mut rng),
        };
        wins += u32::from(winner == position.fill.to_move);
    }
    f64::from(wins) / f64::from(count)
}

/// Error statistics of playout means against the teacher's values (and the real outcomes).
#[derive(Default)]
struct Tally {
    n: f64,
    bias: f64,
    squared: f64,
    /// Sums for the correlation of the means with the teacher's values.
    sum_m: f64,
    sum_t: f64,
    sum_mm: f64,
    sum_tt: f64,
    sum_mt: f64,
    /// Cross-entropy of the mean against the real outcome.
    outcome_loss: f64,
}

impl Tally {
    fn add(&mut self, mean: f64, teacher: f64, won: bool, count: u32) {
        let error = mean - teacher;
        self.n += 1.0;
        self.bias += error;
        self.squared += error * error;
        self.sum_m += mean;
        self.sum_t += teacher;
        self.sum_mm += mean * mean;
        self.sum_tt += teacher * teacher;
        self.sum_mt += mean * teacher;
        // A mean of 0 or 1 from finitely many playouts is not certainty: add half a win and a loss.
        let p = (mean * f64::from(count) + 0.5) / (f64::from(count) + 1.0);
        self.outcome_loss -= if won { p.ln() } else { (1.0 - p).ln() };
    }

    fn line(&self) -> String {
        let n = self.n.max(1.0);
        let cov = self.sum_mt / n - self.sum_m / n * self.sum_t / n;
        let var_m = self.sum_mm / n - (self.sum_m / n).powi(2);
        let var_t = self.sum_tt / n - (self.sum_t / n).powi(2);
        format!(
            "{:6} {:+8.4} {:7.4} {:7.4} {:9.4}",
            self.n,
            self.bias / n,
            (self.squared / n).sqrt(),
            cov / (var_m * var_t).sqrt().max(1e-12),
            self.outcome_loss / n
        )
    }
}

/// The stone-count bands the errors are also given by.
const BANDS: [(usize, usize); 3] = [(0, 19), (20, 39), (40, CELLS)];

/// Measures every setting on the held-out, unproven labels and prints a table.
///
/// # Errors
/// No position to measure, or a label whose moves do not replay.
pub fn run(options: &Options, labels: &[Label]) -> Result<(), String> {
    let chosen: Vec<&Label> =
        labels.iter().filter(|l| l.game % 10 == 9 && !l.proven).take(options.limit).collect();
    if chosen.is_empty() {
        return Err("no unproven position of a held-out game (game % 10 == 9) in the labels".into());
    }
    let positions: Vec<Position> = chosen.iter().map(|l| position_of(l)).collect::<Result<_, _>>()?;
    let teacher_loss = positions
        .iter()
        .map(|p| {
            let t = p.teacher.clamp(0.001, 0.999);
            -(if p.won { t.ln() } else { (1.0 - t).ln() })
        })
        .sum::<f64>()
        / positions.len() as f64;
    println!(
        "{} positions of held-out games, {} playouts each a setting; the teacher's own cross-entropy \
         against the real outcomes {teacher_loss:.4}; sampling noise alone gives an error of about {:.4}",
        positions.len(),
        options.playouts,
        0.5 / f64::from(options.playouts).sqrt()
    );
    println!("setting    band      n     bias    rmse    corr  outcome-CE  seconds");
    let playouts = Playouts::new();
    for setting in &options.settings {
        let started = Instant::now();
        let (all, bands) = tally(&playouts, &positions, setting, options.playouts, options.seed);
        let seconds = started.elapsed().as_secs_f64();
        println!("{:10} {:8} {} {seconds:8.1}", setting.name, "all", all.line());
        for ((lo, hi), tally) in BANDS.iter().zip(&bands) {
            println!("{:10} {:8} {}", "", format!("{lo}-{}", hi.min(&(CELLS - 1))), tally.line());
        }
    }
    let red = positions.iter().filter(|p| p.fill.to_move == Color::Red).count();
    println!(
        "(bias: playout mean minus the teacher's value, for the side to move; {red} positions red to move)"
    );
    Ok(())
}

/// The options of a fit ([`fit`]).
pub struct FitOptions {
    pub epochs: usize,
    /// The step size of the weights' update.
    pub rate: f64,
    /// Positions a step.
    pub batch: usize,
    /// At most this many training positions (the first of the training games).
    pub train_limit: usize,
    /// The file the fitted weights are written to as the bot's playout table
    /// (`crates/hex/src/playout_table.rs`).
    pub table: Option<std::path::PathBuf>,
}

/// The error on `positions` of the playouts under `playouts` and `setting`, in all and by band of
/// stones ([`BANDS`]); position `i` plays from the seed `seed` and `i` (common random numbers).
fn tally(
    playouts: &Playouts,
    positions: &[Position],
    setting: &Setting,
    count: u32,
    seed: u64,
) -> (Tally, Vec<Tally>) {
    let mut all = Tally::default();
    let mut bands: Vec<Tally> = BANDS.iter().map(|_| Tally::default()).collect();
    for (index, position) in positions.iter().enumerate() {
        let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64;
        let mean = playout_mean(playouts, position, setting, count, seed);
        all.add(mean, position.teacher, position.won, count);
        let band = BANDS.iter().position(|&(lo, hi)| (lo..=hi).contains(&position.stones_on));
        bands[band.expect("bands cover every count")].add(mean, position.teacher, position.won, count);
    }
    (all, bands)
}

/// Policy-gradient simulation balancing (Silver and Tesauro 2009, Algorithm 1): for each training
/// position, the playouts' mean `V` from one set of playouts and the score-weighted outcomes
/// `g = mean((z - V) * sum of score functions)` from another, independent one; the weights move by
/// `rate * (teacher - V) * g`, averaged over a batch. The local answers' ln weights (6-neighbour
/// shapes and recent-move classes) start at the move prior's (so the fit does not depend on the
/// playout table it may rewrite); the setting (the first of `--settings`, a
/// `G/M`) fixes the rest. Prints the held-out error after each epoch.
///
/// # Errors
/// No positions, a first setting without local answers, or an unwritable `out`.
pub fn fit(options: &Options, fit: &FitOptions, labels: &[Label]) -> Result<(), String> {
    let setting = options.settings.first().ok_or("no setting")?;
    let Some((global, moves)) = setting.answers else {
        return Err(format!("the fitted setting must have local answers (G/M), not {}", setting.name));
    };
    let unproven = |held: bool| labels.iter().filter(move |l| (l.game % 10 == 9) == held && !l.proven);
    let train: Vec<Position> =
        unproven(false).take(fit.train_limit).map(position_of).collect::<Result<_, _>>()?;
    let held: Vec<Position> =
        unproven(true).take(options.limit).map(position_of).collect::<Result<_, _>>()?;
    if train.is_empty() || held.is_empty() {
        return Err("no unproven training or held-out position in the labels".into());
    }
    println!(
        "simulation balancing of {}: {} training positions, {} held out, {} playouts each for the mean \
         and for the gradient, rate {}, batch {}",
        setting.name,
        train.len(),
        held.len(),
        options.playouts,
        fit.rate,
        fit.batch
    );
    println!("epoch      n     bias    rmse    corr  outcome-CE  seconds");
    let mut weights = PlayoutWeights::prior();
    let started = Instant::now();
    let report = |epoch: usize, weights: &PlayoutWeights| {
        let (tally, _) =
            tally(&Playouts::with_weights(weights), &held, setting, options.playouts, options.seed);
        println!("{epoch:5} {} {:8.1}", tally.line(), started.elapsed().as_secs_f64());
    };
    report(0, &weights);
    let mut score = vec![0.0; PlayoutWeights::LEN];
    let mut order: Vec<usize> = (0..train.len()).collect();
    for epoch in 1..=fit.epochs {
        let mut rng = Rng::new(options.seed ^ (epoch as u64) << 32);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for (batch, chunk) in order.chunks(fit.batch).enumerate() {
            let playouts = Playouts::with_weights(&weights);
            let mut step = vec![0.0; PlayoutWeights::LEN];
            for (i, &index) in chunk.iter().enumerate() {
                let position = &train[index];
                let seed = options.seed ^ ((epoch * 1_000_003 + batch) as u64) << 20 ^ i as u64;
                let mean = playout_mean(&playouts, position, setting, options.playouts, seed);
                let mut gradient = vec![0.0; PlayoutWeights::LEN];
                let mut rng = Rng::new(seed ^ 0x5bd1_e995);
                let answers = Answers { own_last: position.own_last, global, moves };
                for _ in 0..options.playouts {
                    score.iter_mut().for_each(|s| *s = 0.0);
                    let mut stones = position.stones;
                    let winner =
                        playouts.fill_scored(&mut stones, position.fill, answers, &mut rng, &mut score);
                    let advantage = f64::from(u8::from(winner == position.fill.to_move)) - mean;
                    for (g, s) in gradient.iter_mut().zip(&score) {
                        *g += advantage * s;
                    }
                }
                let error = position.teacher - mean;
                for (total, g) in step.iter_mut().zip(&gradient) {
                    *total += error * g / f64::from(options.playouts);
                }
            }
            let scale = fit.rate / chunk.len() as f64;
            for (k, total) in step.iter().enumerate() {
                let weight = if k < hex::SHAPE6_CODES {
                    &mut weights.shape6[k]
                } else {
                    &mut weights.recent[k - hex::SHAPE6_CODES]
                };
                *weight = (f64::from(*weight) + scale * total).clamp(-8.0, 8.0) as f32;
            }
        }
        report(epoch, &weights);
    }
    if let Some(table) = &fit.table {
        match_kit::files::write_text(table, &hex::playout_table_source(&weights))?;
        println!("wrote {}", table.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_bad_ones_are_refused() {
        let local = Setting::parse("0.64/30").unwrap();
        assert_eq!((local.answers, local.bridges), (Some((0.64, 30)), true));
        assert_eq!(Setting::parse("bridges").unwrap().answers, None);
        assert!(!Setting::parse("uniform").unwrap().bridges);
        for bad in ["0/30", "0.64/0", "x/3", "0.64", "-1/5", "inf/3"] {
            assert!(Setting::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn playout_means_follow_the_position() {
        // Red to move, a chain from the top row to f10, a bridge from the bottom edge (e11, f11):
        // the bot's playouts answer an intrusion into it, so red wins every one; uniform playouts
        // lose it whenever blue happens to fill both cells first.
        let playouts = Playouts::new();
        let mut game = hex::Game::new();
        let mut moves: Vec<Move> = Vec::new();
        for row in 1..=10 {
            for mv in [format!("f{row}"), format!("a{row}")] {
                let mv: Move = mv.parse().unwrap();
                game.play(mv).unwrap();
                moves.push(mv);
            }
        }
        let label = Label {
            game: 9,
            winner: Color::Red,
            moves,
            playouts: 1,
            value: 1.0,
            proven: false,
            best: "f11".parse().unwrap(),
            visits: Vec::new(),
        };
        let position = position_of(&label).unwrap();
        assert_eq!(position.fill.to_move, Color::Red);
        assert_eq!(position.stones_on, 20);
        for setting in ["bridges", "0.64/30"] {
            let setting = Setting::parse(setting).unwrap();
            assert_eq!(playout_mean(&playouts, &position, &setting, 64, 3), 1.0, "{}", setting.name);
        }
        let uniform = playout_mean(&playouts, &position, &Setting::parse("uniform").unwrap(), 256, 3);
        assert!((0.5..0.98).contains(&uniform), "{uniform}");
    }
}
