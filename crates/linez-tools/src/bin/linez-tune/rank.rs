//! The rank mode: re-ranking the teacher's candidates ([`super::label`]) by a pairwise logistic
//! regression ([`super::logistic`]) on cheap move features, measured offline as the recall of the
//! teacher's choice, held out by seed, against today's 1-ply ranking.

use super::label::Label;
use super::logistic::{fit, Pair};
use super::recall::{read_labels, BANDS};
use super::{tuned_bot, Config};
use linez::{column_of, flood, row_of, Board, Bot, Move};

/// The names of a move's own features ([`features`]), before the evaluation's [`TERMS`].
const MOVE_FEATURES: [&str; 5] = ["value", "ln_rank", "distance", "regions", "largest"];

/// The names of the evaluation's 25 terms ([`linez::Bot::evaluation_terms`]), in order.
#[rustfmt::skip]
pub(crate) const TERMS: [&str; 25] = [
    "open0", "open1", "open2", "open3", "open4", "open5", "blocked0", "blocked1", "blocked2",
    "blocked3", "blocked4", "blocked5", "plan0", "plan1", "plan2", "plan3", "plan4", "plan5",
    "plan_ways", "useful2", "useful3", "isolated", "stranded", "ready", "best_quiet",
];

/// The names of a move's features ([`features`]), in order.
fn feature_names() -> impl Iterator<Item = &'static str> {
    MOVE_FEATURES.iter().chain(TERMS.iter()).copied()
}

/// The ranking's tops the table counts the teacher's choice in.
const TOPS: [usize; 3] = [1, 8, 16];

/// What the rank mode fits and how.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RankOptions {
    pub(crate) files: Vec<String>,
    /// Positions of seeds with `seed % folds == k` are held out of fit `k` (cross-validation).
    pub(crate) folds: u64,
    pub(crate) lambda: f64,
    /// Pairs weighted by the gap of sampled means (choice minus other), not 1 each.
    pub(crate) gap: bool,
    /// A fit for each band of numbers, not one for all.
    pub(crate) per_band: bool,
}

/// The empty regions of `board` and the largest one's size.
fn regions(board: &Board) -> (f64, f64) {
    let mut left = board.empty_cells();
    let (mut count, mut largest) = (0u32, 0u32);
    while left != 0 {
        let region = flood(left & left.wrapping_neg(), board.empty_cells());
        count += 1;
        largest = largest.max(region.count_ones());
        left &= !region;
    }
    (f64::from(count), f64::from(largest))
}

/// The features of quiet move `mv` (1-ply rank `rank`) on `board`: the 1-ply value, ln rank, the
/// distance moved, the empty regions and the largest one after, and the evaluation's 25 terms after
/// (with the follow-up move's).
pub(crate) fn features(bot: &Bot, board: &Board, mv: Move, rank: usize) -> Vec<f64> {
    let mut after = *board;
    after.apply_quiet_move(mv);
    let distance = row_of(mv.from).abs_diff(row_of(mv.to)) + column_of(mv.from).abs_diff(column_of(mv.to));
    let (count, largest) = regions(&after);
    let mut values =
        vec![f64::from(bot.ranking_value(&after)), (rank as f64).ln(), distance as f64, count, largest];
    values.extend(bot.evaluation_terms(&after).into_iter().map(f64::from));
    values
}

/// A labelled position with its candidates' features.
struct Position<'a> {
    label: &'a Label,
    features: Vec<Vec<f64>>,
}

/// The index of the band of `numbers`.
fn band_of(numbers: u32) -> usize {
    BANDS.iter().position(|&(_, lo, hi)| (lo..=hi).contains(&numbers)).expect("a band")
}

/// The training pairs of a position: the teacher's choice against every other candidate.
fn pairs_of(position: &Position, gap: bool, pairs: &mut Vec<Pair>) {
    let candidates = &position.label.candidates;
    let at = candidates.iter().position(|c| c.0 == position.label.choice).expect("the choice is a candidate");
    for (other, candidate) in candidates.iter().enumerate().filter(|&(other, _)| other != at) {
        let weight = if gap { (candidates[at].2 - candidate.2).max(0.0) } else { 1.0 };
        if weight > 0.0 {
            let diff =
                position.features[at].iter().zip(&position.features[other]).map(|(a, b)| a - b).collect();
            pairs.push(Pair { diff, weight });
        }
    }
}

/// The rank (from 1) of the choice among `scores` (ties broken by the 1-ply rank, `ranks`).
pub(crate) fn rank_by(scores: &[f64], ranks: &[usize], choice: usize) -> usize {
    let better =
        |i: usize| scores[i] > scores[choice] || (scores[i] == scores[choice] && ranks[i] < ranks[choice]);
    1 + (0..scores.len()).filter(|&i| i != choice && better(i)).count()
}

/// The recall table's share for each of [`TOPS`] (per cent) of `ranks`.
pub(crate) fn recall_of(ranks: &[usize]) -> Vec<f64> {
    let n = ranks.len().max(1) as f64;
    TOPS.iter().map(|&top| 100.0 * ranks.iter().filter(|&&rank| rank <= top).count() as f64 / n).collect()
}

/// The rank mode: the features, a fit a fold (and band), the held-out recall table, the weights
/// of the fit on all positions.
pub(crate) fn rank(config: &Config, options: &RankOptions) -> Result<(), String> {
    let labels = read_labels(&options.files)?;
    if labels.is_empty() {
        return Err("rank: no labels".into());
    }
    let bot = tuned_bot(config, config.weights);
    let positions: Vec<Position> = labels
        .iter()
        .map(|label| Position {
            label,
            features: label.candidates.iter().map(|c| features(&bot, &label.board, c.0, c.1)).collect(),
        })
        .collect();
    let group = |p: &Position| if options.per_band { band_of(p.label.numbers()) } else { 0 };
    let fit_on = |keep: &dyn Fn(&Position) -> bool| -> Vec<Vec<f64>> {
        (0..BANDS.len())
            .map(|band| {
                let mut pairs = Vec::new();
                for p in positions.iter().filter(|p| keep(p) && (!options.per_band || group(p) == band)) {
                    pairs_of(p, options.gap, &mut pairs);
                }
                fit(&pairs, options.lambda)
            })
            .collect()
    };
    // The held-out rank of each position's choice: the fit without its seed's fold.
    let folds = options.folds.max(2);
    let mut held = vec![0usize; positions.len()];
    for fold in 0..folds {
        let weights = fit_on(&|p: &Position| p.label.seed % folds != fold);
        for (at, p) in positions.iter().enumerate().filter(|(_, p)| p.label.seed % folds == fold) {
            let w = &weights[group(p)];
            let scores: Vec<f64> =
                p.features.iter().map(|f| f.iter().zip(w).map(|(a, b)| a * b).sum()).collect();
            let ranks: Vec<usize> = p.label.candidates.iter().map(|c| c.1).collect();
            let choice = p.label.candidates.iter().position(|c| c.0 == p.label.choice).expect("a candidate");
            held[at] = rank_by(&scores, &ranks, choice);
        }
    }
    let tops: Vec<String> = TOPS.iter().map(|top| format!("@{top}")).collect();
    println!(
        "| numbers | positions | 1-ply {} | re-ranked {} | mean rank 1-ply / re-ranked | top 16 gained / lost |",
        tops.join(" | 1-ply "),
        tops.join(" | re-ranked ")
    );
    println!("|---|---|{}---|---|", "---|".repeat(2 * TOPS.len()));
    let all: Vec<usize> = (0..positions.len()).collect();
    let bands = BANDS.iter().enumerate().map(|(band, &(name, _, _))| {
        (name, all.iter().copied().filter(|&at| band_of(labels[at].numbers()) == band).collect::<Vec<_>>())
    });
    for (name, members) in bands.chain([("all", all.clone())]) {
        let before: Vec<usize> = members.iter().map(|&at| labels[at].choice_rank()).collect();
        let after: Vec<usize> = members.iter().map(|&at| held[at]).collect();
        let cells = |ranks: &[usize]| {
            recall_of(ranks).iter().map(|share| format!("{share:.1}%")).collect::<Vec<_>>().join(" | ")
        };
        let mean = |ranks: &[usize]| ranks.iter().sum::<usize>() as f64 / ranks.len().max(1) as f64;
        let gained = before.iter().zip(&after).filter(|&(&b, &a)| b > 16 && a <= 16).count();
        let lost = before.iter().zip(&after).filter(|&(&b, &a)| b <= 16 && a > 16).count();
        println!(
            "| {name} | {} | {} | {} | {:.2} / {:.2} | {gained} / {lost} |",
            members.len(),
            cells(&before),
            cells(&after),
            mean(&before),
            mean(&after)
        );
    }
    let weights = fit_on(&|_: &Position| true);
    let bands = if options.per_band { BANDS.len() } else { 1 };
    for (band, w) in weights.iter().take(bands).enumerate() {
        let name = if options.per_band { BANDS[band].0 } else { "all" };
        let items: Vec<String> = feature_names().zip(w).map(|(f, w)| format!("{f}={w:.4}")).collect();
        println!("weights ({name}, all positions): {}", items.join(" "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reranked_rank_and_recall_count_as_plainly_computed() {
        let scores: [f64; 5] = [0.5, 2.0, 2.0, -1.0, 3.0];
        let ranks = [1, 2, 3, 4, 5];
        // Plainly: sort by score descending, ties by 1-ply rank, find the choice.
        for choice in 0..scores.len() {
            let mut order: Vec<usize> = (0..scores.len()).collect();
            order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(ranks[a].cmp(&ranks[b])));
            let plain = order.iter().position(|&i| i == choice).unwrap() + 1;
            assert_eq!(rank_by(&scores, &ranks, choice), plain);
        }
        let held = [1, 3, 8, 9, 16, 17, 30, 2];
        let plain: Vec<f64> = [1, 8, 16]
            .iter()
            .map(|&top| 100.0 * held.iter().filter(|&&r| r <= top).count() as f64 / held.len() as f64)
            .collect();
        assert_eq!(recall_of(&held), plain);
        assert_eq!(recall_of(&held), vec![12.5, 50.0, 75.0]);
    }

    #[test]
    fn features_are_deterministic_and_count_regions() {
        let bot =
            tuned_bot(&crate::parse_args(&["recall".to_string()]).unwrap().unwrap(), Default::default());
        let mut board = Board::new();
        // A wall down column 4 splits the board in two regions.
        for row in 0..9 {
            board.set(row * 9 + 4, 1 + (row % 7) as u8);
        }
        board.set(0, 2);
        assert_eq!(regions(&board), (2.0, 36.0));
        let mv = board.legal_moves()[0];
        let f = features(&bot, &board, mv, 3);
        assert_eq!(f.len(), feature_names().count());
        assert_eq!(f, features(&bot, &board, mv, 3));
        assert!((f[1] - 3f64.ln()).abs() < 1e-12);
    }
}
