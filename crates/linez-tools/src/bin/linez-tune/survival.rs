//! The survival mode (issue 43, lever 3's first step): how well the evaluation a rollout ends on,
//! its 25 terms, and global measures of free space predict how long the game goes on, as
//! `ln(1 + moves left)` of the bot's own games at a fixed budget a move. Least squares, held out
//! by seed (fitted on even seeds, measured on odd ones and the other way round), by band of
//! numbers on the board: the held-out R² of each set of features.

use super::{for_each_seed, mean_and_error, play_at, tuned_bot, Config};
use crate::rank::TERMS;
use linez::{cells_of, flood, neighbours_of, Board, Bot, Game, Rules, CELLS};
use std::sync::Mutex;

/// The global features' names ([`globals`]), after the evaluation and its 25 terms.
const GLOBALS: [&str; 7] = ["numbers", "regions", "largest", "lone", "small", "reach", "pairs"];

/// The bands of numbers on the board a fit is made for: all, open, crowded, the death phase.
const BANDS: [(&str, u32, u32); 4] = [("all", 0, 81), ("0-39", 0, 39), ("40-51", 40, 51), ("52+", 52, 81)];

/// The sets of features compared, as ranges of a row's features: the evaluation alone, its terms,
/// the globals, the terms and globals, all.
const MODELS: [(&str, usize, usize); 5] =
    [("evaluation", 0, 1), ("terms", 1, 26), ("globals", 26, 33), ("terms+globals", 1, 33), ("all", 0, 33)];

/// One position before the bot's move: its seed, numbers on the board, features and target.
struct Row {
    seed: u64,
    numbers: u32,
    features: Vec<f64>,
    target: f64,
}

/// The global features of `board`: numbers, empty regions, the largest one's size, regions of one
/// cell, of two or three, the (number, reachable empty cell) pairs over 81, and the orthogonally
/// adjacent pairs of equal numbers.
fn globals(board: &Board) -> Vec<f64> {
    let empty = board.empty_cells();
    let mut regions = Vec::new();
    let mut left = empty;
    while left != 0 {
        let region = flood(left & left.wrapping_neg(), empty);
        regions.push(region);
        left &= !region;
    }
    let sizes: Vec<u32> = regions.iter().map(|r| r.count_ones()).collect();
    let (mut reach, mut pairs) = (0u32, 0u32);
    for a in cells_of(board.occupied_cells()) {
        let touching = neighbours_of(a) & empty;
        reach += regions.iter().filter(|&&r| r & touching != 0).map(|r| r.count_ones()).sum::<u32>();
        let colour = board.get(a);
        // Each pair once: from its lower cell.
        pairs += cells_of(neighbours_of(a)).filter(|&b| b > a && board.get(b) == colour).count() as u32;
    }
    vec![
        f64::from(board.occupied_cells().count_ones()),
        sizes.len() as f64,
        f64::from(sizes.iter().copied().max().unwrap_or(0)),
        sizes.iter().filter(|&&s| s == 1).count() as f64,
        sizes.iter().filter(|&&s| (2..=3).contains(&s)).count() as f64,
        f64::from(reach) / CELLS as f64,
        f64::from(pairs),
    ]
}

/// The features of `board` (our move next): the evaluation, its 25 terms, the [`GLOBALS`].
fn features(bot: &Bot, board: &Board) -> Vec<f64> {
    let mut values = vec![f64::from(bot.evaluation(board))];
    values.extend(bot.evaluation_terms(board).into_iter().map(f64::from));
    values.extend(globals(board));
    values
}

/// Plays seeds `first..=last` at `units` a move on `jobs` threads; the rows of every position.
fn play(config: &Config, first: u64, last: u64, units: u64, jobs: usize) -> Vec<Row> {
    let rows = Mutex::new(Vec::new());
    for_each_seed(first, last, jobs, |seed| {
        let mut game = Game::new(seed, Rules::default());
        let bot = tuned_bot(config, config.weights);
        let mut positions = Vec::new();
        while !game.is_over() {
            let board = *game.board();
            positions.push((game.moves(), board.occupied_cells().count_ones(), features(&bot, &board)));
            play_at(&bot, &mut game, units);
        }
        let end = game.moves();
        let mut rows = rows.lock().expect("rows");
        for (at, numbers, features) in positions {
            rows.push(Row { seed, numbers, features, target: ((end - at) as f64).ln_1p() });
        }
    });
    let mut rows = rows.into_inner().expect("rows");
    rows.sort_by(|a, b| a.seed.cmp(&b.seed).then(b.target.total_cmp(&a.target)));
    rows
}

/// Least squares with an intercept on standardized columns (ridge `1e-6` a row, so constant
/// columns do no harm): the intercept and the weights in the features' own units.
pub(crate) fn fit(xs: &[&[f64]], ys: &[f64]) -> (f64, Vec<f64>) {
    let (n, dims) = (xs.len() as f64, xs.first().map_or(0, |x| x.len()));
    let mean: Vec<f64> = (0..dims).map(|j| xs.iter().map(|x| x[j]).sum::<f64>() / n).collect();
    let scale: Vec<f64> = (0..dims)
        .map(|j| {
            let var = xs.iter().map(|x| (x[j] - mean[j]).powi(2)).sum::<f64>() / n;
            if var > 1e-12 {
                var.sqrt()
            } else {
                1.0
            }
        })
        .collect();
    let y_mean = ys.iter().sum::<f64>() / n;
    let mut a = vec![vec![0.0; dims]; dims];
    let mut b = vec![0.0; dims];
    for (x, &y) in xs.iter().zip(ys) {
        let z: Vec<f64> = (0..dims).map(|j| (x[j] - mean[j]) / scale[j]).collect();
        for j in 0..dims {
            b[j] += z[j] * (y - y_mean);
            for k in 0..dims {
                a[j][k] += z[j] * z[k];
            }
        }
    }
    for (j, row) in a.iter_mut().enumerate() {
        row[j] += 1e-6 * n;
    }
    let beta = super::logistic::solve(a, b);
    let weights: Vec<f64> = beta.iter().zip(&scale).map(|(b, s)| b / s).collect();
    let intercept = y_mean - weights.iter().zip(&mean).map(|(w, m)| w * m).sum::<f64>();
    (intercept, weights)
}

/// The held-out R² of features `lo..hi` on `rows`: two folds by seed parity, the squared errors
/// of both summed, against the spread around each fold's training mean.
fn held_out_r2(rows: &[&Row], lo: usize, hi: usize) -> f64 {
    let (mut error, mut spread) = (0.0, 0.0);
    for fold in 0..2 {
        let (train, test): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.seed % 2 != fold);
        if train.is_empty() || test.is_empty() {
            return f64::NAN;
        }
        let xs: Vec<&[f64]> = train.iter().map(|r| &r.features[lo..hi]).collect();
        let ys: Vec<f64> = train.iter().map(|r| r.target).collect();
        let (intercept, weights) = fit(&xs, &ys);
        let y_mean = ys.iter().sum::<f64>() / ys.len() as f64;
        for r in test {
            let p = intercept + weights.iter().zip(&r.features[lo..hi]).map(|(w, x)| w * x).sum::<f64>();
            error += (r.target - p).powi(2);
            spread += (r.target - y_mean).powi(2);
        }
    }
    1.0 - error / spread
}

/// The survival mode.
pub(crate) fn survival(
    config: &Config,
    (first, last): (u64, u64),
    units: u64,
    jobs: usize,
) -> Result<(), String> {
    let rows = play(config, first, last, units, jobs);
    let games = (first..=last).count();
    let (moves, error) = mean_and_error(
        &(first..=last).map(|seed| rows.iter().filter(|r| r.seed == seed).count() as f64).collect::<Vec<_>>(),
    );
    println!(
        "survival: {games} games at {units} units a move, {} positions, {moves:.1} +- {error:.1} moves a game",
        rows.len()
    );
    println!("target ln(1 + moves left); held-out R² (two folds by seed parity), by band of numbers:");
    let header: Vec<String> = MODELS.iter().map(|m| format!("{:>14}", m.0)).collect();
    println!("{:>6} {:>9} {}", "band", "positions", header.join(""));
    for (name, lo, hi) in BANDS {
        let band: Vec<&Row> = rows.iter().filter(|r| (lo..=hi).contains(&r.numbers)).collect();
        let r2: Vec<String> =
            MODELS.iter().map(|&(_, a, b)| format!("{:>14.4}", held_out_r2(&band, a, b))).collect();
        println!("{name:>6} {:>9} {}", band.len(), r2.join(""));
    }
    // The death phase's fit on every position of it, for reading.
    let band: Vec<&Row> = rows.iter().filter(|r| r.numbers >= BANDS[3].1).collect();
    if !band.is_empty() {
        let xs: Vec<&[f64]> = band.iter().map(|r| &r.features[1..33]).collect();
        let ys: Vec<f64> = band.iter().map(|r| r.target).collect();
        let (intercept, weights) = fit(&xs, &ys);
        let names: Vec<String> = TERMS.iter().chain(GLOBALS.iter()).map(|s| s.to_string()).collect();
        let shown: Vec<String> = names.iter().zip(&weights).map(|(n, w)| format!("{n} {w:.4}")).collect();
        println!("52+ terms+globals fit: intercept {intercept:.4}, {}", shown.join(", "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_a_linear_target_and_r2_is_one_on_it() {
        let xs: Vec<Vec<f64>> = (0..200).map(|k| vec![(k % 17) as f64, (k % 5) as f64 * 3.0, 7.0]).collect();
        let ys: Vec<f64> = xs.iter().map(|x| 2.0 + 0.5 * x[0] - 0.25 * x[1]).collect();
        let refs: Vec<&[f64]> = xs.iter().map(Vec::as_slice).collect();
        let (intercept, weights) = fit(&refs, &ys);
        assert!((intercept - 2.0).abs() < 1e-3 && (weights[0] - 0.5).abs() < 1e-4, "{intercept} {weights:?}");
        assert!((weights[1] + 0.25).abs() < 1e-4 && weights[2].abs() < 1e-9, "{weights:?}");
        let rows: Vec<Row> = xs
            .iter()
            .zip(&ys)
            .enumerate()
            .map(|(k, (x, &y))| Row { seed: k as u64, numbers: 50, features: x.clone(), target: y })
            .collect();
        let refs: Vec<&Row> = rows.iter().collect();
        assert!((held_out_r2(&refs, 0, 3) - 1.0).abs() < 1e-6);
        // A feature unrelated to the target explains nothing held out.
        assert!(held_out_r2(&refs, 2, 3).abs() < 1e-6);
    }

    #[test]
    fn globals_count_regions_reach_and_pairs() {
        // Row 0: 1 1 . 2 . . . . . ; row 1: nine 3s; rows 2-8 empty.
        let mut board = Board::new();
        board.set(0, 1);
        board.set(1, 1);
        board.set(3, 2);
        for column in 0..9 {
            board.set(9 + column, 3);
        }
        let g = globals(&board);
        // 12 numbers; regions: cell 2 alone, cells 4-8, rows 2-8 (63 cells).
        assert_eq!(g[..5], [12.0, 3.0, 63.0, 1.0, 0.0]);
        // Reach: cell 1 reaches cell 2; cell 3 cell 2 and cells 4-8; every 3 the 63 below, the
        // ones under cells 2 and 4-8 those too; cell 0 nothing.
        assert_eq!(g[5], f64::from(1 + 6 + 9 * 63 + 1 + 5 * 5) / 81.0);
        // Pairs: the two 1s, eight along the 3s.
        assert_eq!(g[6], 9.0);
    }
}
