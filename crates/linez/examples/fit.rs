//! Fits the evaluation's weights to what happens next:
//! `cargo run --release -p linez --example fit -- FIRST LAST CANDIDATES SAMPLES HORIZON`.
//! Plays self-play games (seeds FIRST..=LAST, fixed effort, two threads), records the terms of the
//! evaluation ([`linez::bot::EvalTerms`]) at every turn, and fits by least squares, per band of
//! numbers on the board, the numbers on the board HORIZON moves later (81 when the game is lost
//! before). Prints each band's coefficients as weights on the evaluation's scale (100 = one number
//! fewer on the board later). Weights of the playing bot as in `selfplay` (`LINEZ_W`, ...).

mod support;

use linez::bot::{Effort, EvalTerms, Weights};
use linez::game::{Game, Rules};
use linez::Bot;
use std::time::Duration;

/// The names of the fitted features, in the order of [`features`].
const NAMES: [&str; 13] = [
    "constant",
    "windows",
    "plan1",
    "plan2",
    "plan3",
    "plan4",
    "plan_ways",
    "useful2",
    "useful3",
    "isolated",
    "stranded",
    "ready",
    "best_quiet",
];
/// How many features.
const F: usize = NAMES.len();
/// Numbers-on-the-board bands fitted separately (lower bounds).
const BANDS: [i32; 4] = [0, 30, 40, 50];

/// The features: the window score (open and blocked windows, weighted as the bot weighs them) is
/// one feature, so that the fitted weights keep the window weights' shape (the move deltas and the
/// follow-up use them) and only rescale everything else against them.
fn features(t: &EvalTerms, w: &Weights) -> [f64; F] {
    let open: i32 = (0..6).map(|n| w.window[n] * t.open[n]).sum();
    let blocked: i32 = (0..6).map(|n| w.window[n] * t.blocked[n]).sum();
    let v = [
        1,
        open + blocked * w.blocked_percent / 100,
        t.plan[1],
        t.plan[2],
        t.plan[3],
        t.plan[4],
        t.plan_ways,
        t.useful2,
        t.useful3,
        t.isolated,
        t.stranded,
        t.ready,
        t.best_quiet,
    ];
    v.map(f64::from)
}

/// One game's records: (terms, numbers now, numbers HORIZON moves later).
fn play(seed: u64, effort: Effort, horizon: usize) -> Vec<(EvalTerms, i32, i32)> {
    let mut game = Game::new(seed, Rules::default());
    let bot = Bot::with_weights(Duration::from_secs(20), support::weights());
    let mut seen: Vec<(EvalTerms, i32)> = Vec::new();
    while !game.is_over() && game.moves() < 1500 {
        let turn = game.turn();
        seen.push((bot.terms(&turn.board, true), turn.board.occupied_cells().count_ones() as i32));
        let mv = bot.choose_with(&turn.board, turn.next_three, effort);
        game.play(mv).expect("legal");
    }
    let lost = game.is_over();
    let mut records = Vec::new();
    for (index, &(terms, numbers)) in seen.iter().enumerate() {
        let later = if index + horizon < seen.len() {
            seen[index + horizon].1
        } else if lost {
            81
        } else {
            continue;
        };
        records.push((terms, numbers, later));
    }
    records
}

/// Least squares by the normal equations with a tiny ridge, solved by Gaussian elimination.
fn solve(xtx: &[[f64; F]; F], xty: &[f64; F]) -> [f64; F] {
    let n = F;
    let mut a = *xtx;
    let mut b = *xty;
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-6 * (1.0 + row[i]);
    }
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).expect("rows");
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col].abs() < 1e-12 {
            continue;
        }
        let pivot_row = a[col];
        let pivot_b = b[col];
        for (row, (a_row, b_row)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            if row != col {
                let factor = a_row[col] / pivot_row[col];
                if factor != 0.0 {
                    for (value, pivot) in a_row.iter_mut().zip(pivot_row).skip(col) {
                        *value -= factor * pivot;
                    }
                    *b_row -= factor * pivot_b;
                }
            }
        }
    }
    let mut x = [0.0; F];
    for i in 0..n {
        if a[i][i].abs() >= 1e-12 {
            x[i] = b[i] / a[i][i];
        }
    }
    x
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (first, last) = (args[0], args[1]);
    let effort = Effort { candidates: args[2] as usize, samples: args[3] as usize };
    let horizon = args[4] as usize;
    let weights = support::weights();
    let seeds: Vec<u64> = (first..=last).collect();
    let halves: Vec<Vec<u64>> =
        vec![seeds.iter().copied().step_by(2).collect(), seeds.iter().copied().skip(1).step_by(2).collect()];
    let records: Vec<(EvalTerms, i32, i32)> = std::thread::scope(|scope| {
        let workers: Vec<_> = halves
            .iter()
            .map(|half| {
                scope.spawn(move || {
                    half.iter().flat_map(|&seed| play(seed, effort, horizon)).collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().expect("worker")).collect()
    });
    println!("{} records from {} games, horizon {horizon}", records.len(), seeds.len());
    print!("{:>12}", "band");
    for lower in BANDS {
        print!("{:>10}", format!("{lower}+"));
    }
    println!();
    let mut fits = Vec::new();
    for (band, &lower) in BANDS.iter().enumerate() {
        let upper = BANDS.get(band + 1).copied().unwrap_or(82);
        let mut xtx = [[0.0; F]; F];
        let mut xty = [0.0; F];
        let mut changes: Vec<f64> = Vec::new();
        for (terms, numbers, later) in &records {
            if *numbers < lower || *numbers >= upper {
                continue;
            }
            let x = features(terms, &weights);
            // The change of the numbers on the board: positive is bad.
            let y = f64::from(later - numbers);
            for i in 0..F {
                for j in 0..F {
                    xtx[i][j] += x[i] * x[j];
                }
                xty[i] += x[i] * y;
            }
            changes.push(y);
        }
        fits.push((solve(&xtx, &xty), changes.len(), support::mean_and_error(&changes)));
    }
    print!("{:>12}", "records");
    for (_, count, _) in &fits {
        print!("{count:>10}");
    }
    println!();
    print!("{:>12}", "mean change");
    for (_, _, (mean, _)) in &fits {
        print!("{mean:>10.2}");
    }
    println!();
    print!("{:>12}", "+- 2 s.e.");
    for (_, _, (_, error)) in &fits {
        print!("{error:>10.2}");
    }
    println!();
    for (i, name) in NAMES.iter().enumerate() {
        print!("{name:>12}");
        for (coefficients, _, _) in &fits {
            // Weights: 100 per number fewer on the board later.
            print!("{:>10.1}", -100.0 * coefficients[i]);
        }
        println!();
    }
    // The same, relative to the window score (weight 1, as the bot has it).
    println!("relative to the window score:");
    for (i, name) in NAMES.iter().enumerate() {
        print!("{name:>12}");
        for (coefficients, _, _) in &fits {
            print!("{:>10.1}", coefficients[i] / coefficients[1]);
        }
        println!();
    }
}
