//! The move ranker of crowded boards: a pairwise logistic regression over cheap features of the
//! board after a move, fitted by `linez-tune rank --write` to the choices of the teacher (the
//! bot's own search at many times its units, [`crate::Bot::teach`]). It re-orders the 1-ply
//! ranking's best [`RANKER_POOL`] quiet moves before the search cuts its candidates, so that the
//! move a deeper search would choose is among them more often.

use super::{Scored, Search};
use crate::bot::evaluation::EmptyRegions;
use crate::*;

/// How many features a move has ([`Search::move_features`]).
pub const RANKER_FEATURES: usize = 30;

/// The ranker's weights, one a feature in the feature's own units: a move's score is their dot
/// product with its features.
pub type RankerWeights = [f64; RANKER_FEATURES];

/// How many of the 1-ply ranking's best quiet moves the ranker re-orders (the teacher's
/// candidates: the fit saw no others).
pub(super) const RANKER_POOL: usize = 32;

impl Search<'_> {
    /// The features of quiet move `mv` of `board` at 1-ply rank `rank` (from 1) whose 1-ply value
    /// is `value`: that value, ln of the rank, the distance moved, the number of empty regions
    /// and the largest one's size after the move, and the evaluation's 25 terms after it (with
    /// the follow-up move's).
    pub(super) fn move_features(&self, board: &Board, mv: Move, rank: usize, value: i64) -> RankerWeights {
        let mut after = *board;
        after.apply_quiet_move(mv);
        let distance = row_of(mv.from).abs_diff(row_of(mv.to)) + column_of(mv.from).abs_diff(column_of(mv.to));
        let regions = EmptyRegions::new(&after);
        let largest = regions.sets().iter().map(|region| region.count_ones()).max().unwrap_or(0);
        let mut features = [0.0; RANKER_FEATURES];
        features[..5].copy_from_slice(&[
            value as f64,
            (rank as f64).ln(),
            distance as f64,
            regions.sets().len() as f64,
            f64::from(largest),
        ]);
        for (feature, term) in features[5..].iter_mut().zip(self.eval.term_values(&after)) {
            *feature = f64::from(term);
        }
        features
    }

    /// `quiet` (the 1-ply ranking, best first) with its best [`RANKER_POOL`] re-ordered by the
    /// ranker's `weights`, best score first (ties keep the 1-ply order); the rest unchanged.
    pub(super) fn rank_by(&self, board: &Board, quiet: &mut [Scored], weights: &RankerWeights) {
        let pool = quiet.len().min(RANKER_POOL);
        let mut scored: Vec<(f64, Scored)> = quiet[..pool]
            .iter()
            .enumerate()
            .map(|(at, &candidate)| {
                let features = self.move_features(board, candidate.mv, at + 1, candidate.value);
                (features.iter().zip(weights).map(|(f, w)| f * w).sum(), candidate)
            })
            .collect();
        // A stable sort: equal scores keep their 1-ply order.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (slot, (_, candidate)) in quiet.iter_mut().zip(scored) {
            *slot = candidate;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::default_search;
    use super::*;
    use crate::bot::evaluation::tests::playable_boards;
    use crate::bot::evaluation::Evaluator;
    use crate::bot::Weights;

    /// The empty regions and the largest one, plainly: flood fills from every empty cell.
    fn plain_regions(board: &Board) -> (usize, u32) {
        let mut seen: CellSet = 0;
        let (mut count, mut largest) = (0, 0);
        for at in cells_of(board.empty_cells()) {
            if seen & cell_bit(at) == 0 {
                let region = flood(cell_bit(at), board.empty_cells());
                seen |= region;
                count += 1;
                largest = largest.max(region.count_ones());
            }
        }
        (count, largest)
    }

    #[test]
    fn features_are_the_plain_ones() {
        let eval = Evaluator::new(Weights::default());
        let search = default_search(&eval, 1);
        for board in playable_boards(23, [30, 50, 60, 70], 3) {
            let counts = eval.counts(&board);
            let (_, quiet) = search.rank_moves(&board, &counts);
            for (at, candidate) in quiet.iter().take(5).enumerate() {
                let f = search.move_features(&board, candidate.mv, at + 1, 17);
                let mut after = board;
                after.apply_quiet_move(candidate.mv);
                let (count, largest) = plain_regions(&after);
                assert_eq!(f[0], 17.0);
                assert!((f[1] - ((at + 1) as f64).ln()).abs() < 1e-12);
                let (from, to) = (candidate.mv.from, candidate.mv.to);
                let distance = row_of(from).abs_diff(row_of(to)) + column_of(from).abs_diff(column_of(to));
                assert_eq!(f[2], distance as f64);
                assert_eq!((f[3], f[4]), (count as f64, f64::from(largest)), "{after}");
                let terms: Vec<f64> = eval.term_values(&after).into_iter().map(f64::from).collect();
                assert_eq!(&f[5..], &terms[..]);
            }
        }
    }

    #[test]
    fn the_ranker_reorders_only_its_pool_by_score_ties_in_1_ply_order() {
        let eval = Evaluator::new(Weights::default());
        let search = default_search(&eval, 1);
        let board = playable_boards(5, [60, 60, 60, 60], 1)[0];
        let counts = eval.counts(&board);
        let (_, mut quiet) = search.rank_moves(&board, &counts);
        search.rerank(&board, &counts, &mut quiet);
        assert!(quiet.len() > RANKER_POOL, "{}", quiet.len());
        // Weight on the distance moved only: the pool sorted by distance, longest first, the
        // 1-ply order among equals; the moves past the pool untouched.
        let mut weights = [0.0; RANKER_FEATURES];
        weights[2] = 1.0;
        let mut ranked = quiet.clone();
        search.rank_by(&board, &mut ranked, &weights);
        let distance = |s: &Scored| row_of(s.mv.from).abs_diff(row_of(s.mv.to)) + column_of(s.mv.from).abs_diff(column_of(s.mv.to));
        let mut plain: Vec<(usize, Scored)> = quiet[..RANKER_POOL].iter().copied().enumerate().collect();
        plain.sort_by_key(|&(at, s)| (std::cmp::Reverse(distance(&s)), at));
        let moves = |list: &[Scored]| list.iter().map(|s| s.mv).collect::<Vec<_>>();
        assert_eq!(moves(&ranked[..RANKER_POOL]), plain.iter().map(|(_, s)| s.mv).collect::<Vec<_>>());
        assert_eq!(moves(&ranked[RANKER_POOL..]), moves(&quiet[RANKER_POOL..]));
        // Zero weights: every score ties, the 1-ply order stays.
        let mut same = quiet.clone();
        search.rank_by(&board, &mut same, &[0.0; RANKER_FEATURES]);
        assert_eq!(moves(&same), moves(&quiet));
    }
}
