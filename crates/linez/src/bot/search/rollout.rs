//! Rollouts on crowded boards: a few moves of a greedy policy against random numbers, lines
//! taken as soon as there are some; the policy keeps its few best quiet moves ([`TopMoves`]).

use super::{place_random, SampleRng, Scored, Search};
use crate::bot::evaluation::{EmptyRegions, WindowCounts};
use crate::*;

impl Search<'_> {
    /// A rollout: from `board` (our move, the next colours unknown) the rollout policy plays
    /// [`Rollout::plies`] quiet moves, each followed by three random numbers at random
    /// cells (lines are taken as soon as there are some: free moves, their points count); the
    /// value is the points on the way plus the evaluation at the end, or the loss.
    pub(super) fn rollout_value(&self, board: &Board, mut counts: WindowCounts, rng: &mut SampleRng) -> i32 {
        let (eval, rollout) = (self.eval, self.rollout);
        let mut board = *board;
        let mut gained = 0i32;
        let mut plies = 0;
        let mut top = TopMoves::new(rollout.policy_moves.max(1));
        // The evaluations of the policy's options at one ply (reused from ply to ply).
        let mut values: Vec<i32> = Vec::with_capacity(top.k);
        loop {
            if plies == rollout.plies {
                return gained + eval.evaluate(&board, &counts, true);
            }
            gained += self.take_lines(&mut board, &mut counts, &mut top);
            if top.is_empty() {
                // A clear board (evaluated 0) or no quiet move left.
                return gained + eval.evaluate(&board, &counts, true);
            }
            // The policy: the best of its options by the evaluation after them (the first on ties);
            // the options are quiet moves (a board with a line to take offers none).
            let pick = if top.best.len() == 1 || rollout.policy_moves <= 1 {
                0
            } else {
                values.clear();
                for option in &top.best {
                    let mut after = board;
                    after.apply_quiet_move(option.mv);
                    let after_counts = eval.derive_quiet(&counts, &board, option.mv);
                    values.push(eval.evaluate(&after, &after_counts, false));
                }
                let best = values.iter().copied().max().expect("options");
                values.iter().position(|&v| v == best).expect("best")
            };
            // The chosen option's board again (cheaper than keeping every option's board and
            // counts), then the random numbers.
            let mut placed = board;
            placed.apply_quiet_move(top.best[pick].mv);
            let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
            let points = place_random(&mut placed, colours, rng);
            if placed.is_full() {
                return gained - eval.weights.loss;
            }
            // The move and the placements at once: derived counts follow any change of cells.
            eval.update(&mut counts, &board, &placed);
            board = placed;
            gained += points as i32 * eval.weights.point;
            plies += 1;
        }
    }

    /// Takes line-completing moves on `board` while there are some (each is a free move: no
    /// placement follows), keeping `counts` current, and leaves in `quiet` the quiet moves of the
    /// board it stops at (none if that board is clear) by the quick view
    /// ([`Search::quick_line_or_moves`]). Returns the value of the points taken.
    fn take_lines(&self, board: &mut Board, counts: &mut WindowCounts, quiet: &mut TopMoves) -> i32 {
        let mut gained = 0;
        loop {
            quiet.best.clear();
            if board.is_clear() {
                return gained;
            }
            let Some((points, mv)) = self.quick_line_or_moves(board, counts, quiet) else {
                return gained;
            };
            let before = *board;
            board.apply_legal_move(mv);
            self.eval.update(counts, &before, board);
            gained += points as i32 * self.eval.weights.point;
        }
    }

    /// The rollout policy's cheap view of `board`: the line-completing move with the most points
    /// (the first found on ties), if any, else, for each number and each region of empty cells it
    /// touches, one quiet move offered to `quiet`: to the region's cell with the best `arrive` for
    /// its colour, valued `leave + arrive` (the windows through both cells are not taken back out,
    /// as [`super::evaluation::MoveDeltas::window_delta`] does). O(cells) per board instead of O(moves).
    /// `counts` are `board`'s window counts.
    fn quick_line_or_moves(
        &self,
        board: &Board,
        counts: &WindowCounts,
        quiet: &mut TopMoves,
    ) -> Option<(u32, Move)> {
        let deltas = self.eval.deltas(counts, board);
        let regions = EmptyRegions::new(board);
        let region_best = deltas.best_arrivals(board, &regions);
        let completing = deltas.completing_cells(board);
        let mut best_line: Option<(u32, Move)> = None;
        // The numbers with an empty neighbour (the others offer nothing), in the same order.
        for a in cells_of(board.occupied_cells() & neighbours(board.empty_cells())) {
            let colour = board.get(a) as usize;
            // The regions already offered (fewer than 64: a shift of one word, not two).
            let mut seen = 0u64;
            for at in cells_of(neighbours_of(a) & board.empty_cells()) {
                let region = regions.id[at] as usize;
                if seen >> region & 1 == 1 {
                    continue;
                }
                seen |= 1 << region;
                for b in cells_of(regions.sets()[region] & completing[colour]) {
                    let mv = Move { from: a, to: b };
                    let mut after = *board;
                    let removal = after.apply_legal_move(mv);
                    if removal.count > 0 && best_line.map_or(true, |(p, _)| removal.points > p) {
                        best_line = Some((removal.points, mv));
                    }
                }
                if best_line.is_none() {
                    let (arrive, b) = region_best.get(region, colour);
                    quiet.offer(Scored {
                        mv: Move { from: a, to: b },
                        value: i64::from(deltas.leave[a] + arrive),
                    });
                }
            }
        }
        best_line
    }
}

/// The `k` best moves offered, in the order a stable sort by decreasing value would give them
/// (equal values: the first offered first), without sorting every move: the rollout policy keeps
/// a few of the tens of moves offered.
struct TopMoves {
    k: usize,
    best: Vec<Scored>,
}

impl TopMoves {
    fn new(k: usize) -> TopMoves {
        TopMoves { k, best: Vec::with_capacity(k + 1) }
    }

    fn is_empty(&self) -> bool {
        self.best.is_empty()
    }

    #[inline]
    fn offer(&mut self, scored: Scored) {
        if self.best.len() == self.k && self.best.last().map_or(true, |last| scored.value <= last.value) {
            return;
        }
        // After every kept move of at least this value: ties keep the offering order.
        let at = self.best.partition_point(|kept| kept.value >= scored.value);
        self.best.insert(at, scored);
        self.best.truncate(self.k);
    }

    #[cfg(test)]
    fn into_vec(self) -> Vec<Scored> {
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::{may_share_window, plain_window_score, playable_boards};
    use crate::bot::evaluation::Evaluator;
    use crate::bot::search::tests::default_search;
    use crate::bot::Weights;

    #[test]
    fn top_moves_keep_what_a_stable_sort_keeps() {
        let mut state = 5u64;
        for k in [0, 1, 3, 10] {
            let mut all = Vec::new();
            let mut top = TopMoves::new(k);
            for index in 0..300 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Few distinct values, so that ties are common.
                let scored =
                    Scored { mv: Move { from: index % 81, to: index / 81 }, value: (state >> 60) as i64 };
                all.push(scored);
                top.offer(scored);
            }
            all.sort_by_key(|x| std::cmp::Reverse(x.value));
            all.truncate(k);
            let kept: Vec<(Move, i64)> = top.into_vec().iter().map(|x| (x.mv, x.value)).collect();
            assert_eq!(kept, all.iter().map(|x| (x.mv, x.value)).collect::<Vec<_>>(), "k = {k}");
        }
    }

    #[test]
    fn quick_moves_find_the_best_line_and_each_regions_best_target() {
        let eval = Evaluator::new(Weights::default());
        let (bot, weights) = (default_search(&eval, 1), eval.weights);
        let (mut with_lines, mut without) = (0, 0);
        // Random boards seldom hold a line to complete: add one that does (four 6s and a fifth).
        let mut ready = Board::new();
        for column in 0..4 {
            ready.set(crate::cell(2, column), 6);
        }
        ready.set(crate::cell(8, 8), 6);
        ready.set(crate::cell(0, 0), 1);
        let mut boards = playable_boards(7, [10, 40, 60, 85], 25);
        boards.push(ready);
        for board in boards {
            let counts = eval.counts(&board);
            let mut offered = TopMoves::new(10_000);
            let line = bot.quick_line_or_moves(&board, &counts, &mut offered);
            // Plainly: every legal move applied, its points and window change rescored.
            let before = plain_window_score(&board, &weights);
            let mut best_points = 0;
            let mut quiet_delta = std::collections::HashMap::new();
            for mv in board.legal_moves() {
                let mut after = board;
                let removal = after.apply_legal_move(mv);
                if removal.count > 0 {
                    best_points = best_points.max(removal.points);
                } else {
                    quiet_delta.insert(mv, plain_window_score(&after, &weights) - before);
                }
            }
            assert_eq!(line.map_or(0, |(points, _)| points), best_points, "{board}");
            if let Some((points, mv)) = line {
                with_lines += 1;
                let mut after = board;
                assert_eq!(after.apply_legal_move(mv).points, points);
                continue;
            }
            without += 1;
            let regions = EmptyRegions::new(&board);
            let offers = offered.into_vec();
            let touched: usize = cells_of(board.occupied_cells())
                .map(|a| {
                    let ids: std::collections::HashSet<u8> =
                        cells_of(neighbours_of(a) & board.empty_cells()).map(|at| regions.id[at]).collect();
                    ids.len()
                })
                .sum();
            // One offer per (number, region it touches).
            assert_eq!(offers.len(), touched, "{board}");
            for offer in offers {
                let (a, b) = (offer.mv.from, offer.mv.to);
                assert!(board.is_legal(offer.mv));
                // Quiet: the rollout plays it with `apply_quiet_move`.
                assert!(quiet_delta.contains_key(&offer.mv), "{}\n{board}", offer.mv);
                if !may_share_window(a, b) {
                    assert_eq!(offer.value, i64::from(quiet_delta[&offer.mv]), "{board}");
                }
                // No other target of the region is better, among those sharing no window with `a`.
                for other in cells_of(regions.sets()[regions.id[b] as usize]) {
                    if !may_share_window(a, other) && !may_share_window(a, b) {
                        assert!(i64::from(quiet_delta[&Move { from: a, to: other }]) <= offer.value);
                    }
                }
            }
        }
        assert!(with_lines >= 2 && without > 20, "{with_lines} {without}");
    }
}
