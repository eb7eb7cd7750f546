//! The survival fit (issue 43, lever 3): `ln(1 + moves left)` predicted by least squares from the
//! evaluation's 25 terms and 7 global measures of free space, fitted by `linez-tune survival` to
//! the bot's own games ([`super::survival_table`]). In the death phase a rollout may end on it
//! instead of the evaluation ([`crate::Rollout::survival`]).

use super::survival_table::{INTERCEPT, WEIGHTS};
use super::{EmptyRegions, EvalTerms, Evaluator, WindowCounts};
use crate::*;

/// The features of the fit: the terms (with the follow-up move's), then the globals.
pub(crate) const FEATURES: usize = 32;

impl Evaluator {
    /// The fit's features of `board` (our move next): `open[0..6]`, `blocked[0..6]`, `plan[0..6]`,
    /// `plan_ways`, `useful2`, `useful3`, `isolated`, `stranded`, `ready`, `best_quiet`, then the
    /// numbers on the board, the empty regions, the largest one's cells, the regions of one cell,
    /// of two or three, the (number, reachable empty cell) pairs over 81, and the orthogonally
    /// adjacent pairs of equal numbers. `counts` are `board`'s window counts.
    pub(in crate::bot) fn survival_features(&self, board: &Board, counts: &WindowCounts) -> [f32; FEATURES] {
        let regions = EmptyRegions::new(board);
        let t: EvalTerms = self.terms_in(board, counts, &regions, true);
        let mut features = [0.0f32; FEATURES];
        let rest = [t.plan_ways, t.useful2, t.useful3, t.isolated, t.stranded, t.ready, t.best_quiet];
        let terms = t.open.iter().chain(&t.blocked).chain(&t.plan).chain(&rest);
        for (feature, &term) in features.iter_mut().zip(terms) {
            *feature = term as f32;
        }
        let sizes: Vec<u32> = regions.sets().iter().map(|r| r.count_ones()).collect();
        let mut reach = 0u32;
        let mut pairs = 0u32;
        for a in cells_of(board.occupied_cells()) {
            reach += regions.reachable_from(a).count_ones();
            let colour = board.get(a);
            // Each pair once: from its lower cell.
            pairs += cells_of(neighbours_of(a)).filter(|&b| b > a && board.get(b) == colour).count() as u32;
        }
        features[25..].copy_from_slice(&[
            board.occupied_cells().count_ones() as f32,
            sizes.len() as f32,
            regions.largest() as f32,
            sizes.iter().filter(|&&s| s == 1).count() as f32,
            sizes.iter().filter(|&&s| (2..=3).contains(&s)).count() as f32,
            reach as f32 / CELLS as f32,
            pairs as f32,
        ]);
        features
    }

    /// The fit's `ln(1 + moves left)` of `board` (our move next), at least 0.
    pub(in crate::bot) fn survival(&self, board: &Board, counts: &WindowCounts) -> f32 {
        let features = self.survival_features(board, counts);
        let sum: f32 = features.iter().zip(&WEIGHTS).map(|(x, w)| x * w).sum();
        (INTERCEPT + sum).max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Weights;

    #[test]
    fn the_globals_count_regions_reach_and_pairs() {
        // Row 0: 1 1 . 2 . . . . . ; row 1: nine 3s; rows 2-8 empty.
        let mut board = Board::new();
        board.set(0, 1);
        board.set(1, 1);
        board.set(3, 2);
        for column in 0..9 {
            board.set(9 + column, 3);
        }
        let eval = Evaluator::new(Weights::default());
        let f = eval.survival_features(&board, &eval.counts(&board));
        // 12 numbers; regions: cell 2 alone, cells 4-8, rows 2-8 (63 cells).
        assert_eq!(f[25..30], [12.0, 3.0, 63.0, 1.0, 0.0]);
        // Reach: cell 1 reaches cell 2; cell 3 cell 2 and cells 4-8; every 3 the 63 below, the
        // ones under cells 2 and 4-8 those too; cell 0 nothing.
        assert_eq!(f[30], (1 + 6 + 9 * 63 + 1 + 5 * 5) as f32 / 81.0);
        // Pairs: the two 1s, eight along the 3s.
        assert_eq!(f[31], 9.0);
        // The terms are the evaluation's.
        let terms = eval.terms(&board, true);
        assert_eq!(f[21], terms.isolated as f32);
        assert_eq!(f[0..6], terms.open.map(|x| x as f32));
        assert_eq!(f[24], terms.best_quiet as f32);
    }
}
