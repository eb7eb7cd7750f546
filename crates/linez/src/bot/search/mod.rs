//! The search for one move: lines first, then the best quiet moves by the evaluation, each valued
//! over sampled placements of the known nextThree (rollouts on crowded boards), spent by successive
//! halving with common random numbers.

use super::evaluation::{EmptyRegions, Evaluator, WindowCounts};
use super::schedule::{rollout_ply_quarters, Effort};
use crate::*;

mod halving;
mod rollout;

/// Where and how samples roll out: the search's settings (the evaluation's are
/// [`super::Weights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollout {
    /// Our moves a rollout plays (each followed by three random numbers at random cells) before
    /// the evaluation (0: the evaluation right after the placements, as on open boards).
    pub plies: usize,
    /// How many quiet moves (best by window change) the rollout policy re-ranks by the evaluation.
    pub policy_moves: usize,
    /// Samples roll out on boards with at least this many numbers (crowded boards, where games
    /// are lost); on the others a sample is the evaluation after the placements.
    pub from: u32,
}

impl Default for Rollout {
    fn default() -> Rollout {
        Rollout { plies: 4, policy_moves: 4, from: 40 }
    }
}

/// The search for one move: the evaluation it ranks and values by, its rollout settings, when
/// successive halving stops early, and the threads that sample.
pub(super) struct Search<'a> {
    pub(super) eval: &'a Evaluator,
    pub(super) rollout: Rollout,
    /// Successive halving stops once the leader's margin over the runner-up is this many standard
    /// errors of their paired difference ([`leader_is_clear`]); `None`: it spends the whole budget.
    pub(super) stop_z: Option<f64>,
    /// Threads that sample a move's candidates (1 or 2); the moves do not depend on it.
    pub(super) threads: usize,
}

/// The bot's [`Search::stop_z`]: successive halving stops once the leader is this clear.
pub(super) const STOP_Z: Option<f64> = Some(2.0);

/// A move and the placement samples its search took (what it cost: samples times the board's
/// sample cost; 0 for a line or the 1-ply ranking).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub mv: Move,
    pub samples: usize,
}

impl Chosen {
    /// The work units the search took on a board whose samples cost `sample_cost` units each
    /// (what [`super::Effort::units`] is for the effort offered).
    pub fn units(self, sample_cost: u64) -> u64 {
        self.samples as u64 * sample_cost
    }
}

/// A small deterministic generator for the bot's own sampling (xorshift64*).
pub(super) struct SampleRng(u64);

impl SampleRng {
    /// The generator of sample `index` of a position seeded with `seed`.
    pub(super) fn for_sample(seed: u64, index: usize) -> SampleRng {
        let mut z = seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        SampleRng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (`n` small, so the bias of a plain modulo is negligible here).
    pub(super) fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// A hash of the board for seeding the sampling, so that a position always gets the same samples.
fn board_hash(board: &Board, next_three: [u8; 3]) -> u64 {
    let mut hash = 0x9E37_79B9_7F4A_7C15u64;
    for &colour in board.colours().iter().chain(next_three.iter()) {
        hash = (hash ^ u64::from(colour)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash | 1
}

/// What a move does ([`Search::visit_moves`]).
enum MoveOutcome<'a> {
    /// It completes lines: the board after it, and its points.
    Line(&'a Board, u32),
    /// It completes none: its window change.
    Quiet(i32),
}

/// One move with its value.
#[derive(Clone, Copy, Debug)]
struct Scored {
    mv: Move,
    value: i64,
}

impl Search<'_> {
    /// The move for `board` with a given search effort (no time keeping).
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub(super) fn choose(&self, board: &Board, next_three: [u8; 3], effort: Effort) -> Chosen {
        let eval = self.eval;
        let counts = eval.counts(board);
        let (line, mut quiet) = self.rank_moves(board, &counts);
        if let Some(mv) = line {
            return Chosen { mv, samples: 0 };
        }
        if effort.samples == 0 || quiet.len() == 1 {
            return Chosen { mv: quiet[0].mv, samples: 0 };
        }
        self.rerank(board, &counts, &mut quiet);
        quiet.truncate(effort.candidates.max(1));
        let budget = effort.candidates * effort.samples;
        self.halving(board, &counts, &quiet, next_three, budget, self.stop_z, |_, _, _| {})
    }

    /// Re-ranks the quiet moves `quiet` of `board` by the whole evaluation after each (plans, free
    /// space), not only windows, best first (a stable sort). (Quiet: no line to look for.)
    fn rerank(&self, board: &Board, counts: &WindowCounts, quiet: &mut [Scored]) {
        let eval = self.eval;
        for candidate in quiet.iter_mut() {
            let mut after = *board;
            after.apply_quiet_move(candidate.mv);
            let after_counts = eval.derive_quiet(counts, board, candidate.mv);
            candidate.value = i64::from(eval.evaluate(&after, &after_counts, false));
        }
        quiet.sort_by_key(|x| std::cmp::Reverse(x.value));
    }

    /// The bot's 1-ply view of `board`: the line-completing move it would take (the most points,
    /// then the best evaluation after it), if any, and the quiet moves ranked by their window
    /// change (ties in enumeration order).
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    #[cfg(test)]
    fn ranked_moves(&self, board: &Board) -> (Option<Move>, Vec<Move>) {
        let (line, quiet) = self.rank_moves(board, &self.eval.counts(board));
        (line, quiet.into_iter().map(|scored| scored.mv).collect())
    }

    /// The 1-ply view of `board` with its window counts at hand: the line-completing move to take,
    /// if any, and the quiet moves with their
    /// window change.
    fn rank_moves(&self, board: &Board, counts: &WindowCounts) -> (Option<Move>, Vec<Scored>) {
        let mut scoring: Vec<Scored> = Vec::new();
        let mut quiet: Vec<Scored> = Vec::new();
        self.visit_moves(board, counts, |mv, outcome| match outcome {
            MoveOutcome::Line(after, points) => {
                let after_counts = self.eval.derive(counts, board, after);
                let value =
                    i64::from(points) * 1_000_000 + i64::from(self.eval.evaluate(after, &after_counts, true));
                scoring.push(Scored { mv, value });
            }
            MoveOutcome::Quiet(delta) => quiet.push(Scored { mv, value: i64::from(delta) }),
        });
        assert!(!scoring.is_empty() || !quiet.is_empty(), "no legal move on this board:\n{board}");
        // Stable order on ties: the enumeration order, so the choice is deterministic.
        quiet.sort_by_key(|x| std::cmp::Reverse(x.value));
        (best_of(&scoring), quiet)
    }

    /// Whether the samples on `board` roll out (a crowded board).
    fn is_deep(&self, board: &Board) -> bool {
        board.occupied_cells().count_ones() >= self.rollout.from
    }

    /// The work units one sample on `board` costs: 1 on an open board, a rollout its plies at
    /// [`rollout_ply_quarters`] quarter units each (rounded up, at least 1).
    pub(super) fn sample_cost(&self, board: &Board) -> u64 {
        if self.is_deep(board) {
            let quarters = rollout_ply_quarters(board.occupied_cells().count_ones());
            (self.rollout.plies as u64 * quarters).div_ceil(4).max(1)
        } else {
            1
        }
    }

    /// One sample: place `next_three` at random empty cells of `board`, remove the lines they
    /// complete, and evaluate (on a crowded board, `deep`, after a rollout).
    /// `counts` are `board`'s window counts.
    fn sample_value(
        &self,
        board: &Board,
        counts: &WindowCounts,
        next_three: [u8; 3],
        rng: &mut SampleRng,
        deep: bool,
    ) -> i32 {
        let eval = self.eval;
        let mut placed = *board;
        let points = place_random(&mut placed, next_three, rng);
        if placed.is_full() {
            return -eval.weights.loss;
        }
        let counts = eval.derive(counts, board, &placed);
        let points = points as i32 * eval.weights.point;
        if deep {
            points + self.rollout_value(&placed, counts, rng)
        } else {
            points + eval.evaluate(&placed, &counts, true)
        }
    }

    /// Every legal move of `board` in enumeration order (sources, then targets, by cell) with what
    /// it does: the board after it and its points if it completes a line, else its window change.
    /// `counts` are `board`'s window counts.
    fn visit_moves(&self, board: &Board, counts: &WindowCounts, mut visit: impl FnMut(Move, MoveOutcome)) {
        let eval = self.eval;
        let deltas = eval.deltas(counts, board);
        let regions = EmptyRegions::new(board);
        // The numbers with an empty neighbour (the others cannot move), in the same order.
        for a in cells_of(board.occupied_cells() & neighbours(board.empty_cells())) {
            let colour = board.get(a) as usize;
            for b in cells_of(regions.reachable_from(a)) {
                let mv = Move { from: a, to: b };
                // Only a target where the colour completes a window of four can make a line.
                if deltas.completes[b] >> colour & 1 == 1 {
                    let mut after = *board;
                    let removal = after.apply_legal_move(mv);
                    if removal.count > 0 {
                        visit(mv, MoveOutcome::Line(&after, removal.points));
                        continue;
                    }
                }
                visit(
                    mv,
                    MoveOutcome::Quiet(deltas.window_delta(&eval.table, counts, &eval.weights, a, b, colour)),
                );
            }
        }
    }
}

/// Places `colours` at random empty cells (until the board is full), removes the lines they
/// complete as one removal (the default rules) and returns its points.
pub(super) fn place_random(board: &mut Board, colours: [u8; 3], rng: &mut SampleRng) -> u32 {
    let mut placed: CellSet = 0;
    for colour in colours {
        let empty = board.empty_cells();
        let count = empty.count_ones() as usize;
        if count == 0 {
            break;
        }
        let at = nth_cell(empty, rng.below(count));
        board.set(at, colour);
        placed |= 1u128 << at;
    }
    board.remove_lines_through(placed).points
}

/// The `n`-th (0-based) cell of `set` in increasing order.
#[inline]
fn nth_cell(mut set: CellSet, n: usize) -> Cell {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros() as Cell
}

/// The highest-valued move, the first one on ties.
fn best_of(moves: &[Scored]) -> Option<Move> {
    let mut best: Option<Scored> = None;
    for &scored in moves {
        if best.map_or(true, |top| scored.value > top.value) {
            best = Some(scored);
        }
    }
    best.map(|scored| scored.mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::{plain_window_score, playable_boards};
    use crate::bot::Weights;

    /// The default bot's search, sampling on `threads` threads.
    pub(super) fn default_search(eval: &Evaluator, threads: usize) -> Search<'_> {
        Search { eval, rollout: Rollout::default(), stop_z: STOP_Z, threads }
    }

    #[test]
    fn nth_cell_walks_the_set_in_order() {
        let set: CellSet = (1 << 3) | (1 << 17) | (1u128 << 80);
        assert_eq!([nth_cell(set, 0), nth_cell(set, 1), nth_cell(set, 2)], [3, 17, 80]);
    }

    #[test]
    fn ranked_moves_split_the_legal_moves_and_rank_by_the_plain_window_score() {
        let eval = Evaluator::new(Weights::default());
        let (bot, weights) = (default_search(&eval, 1), eval.weights);
        for board in playable_boards(5, [10, 40, 60, 85], 15) {
            let (line, quiet) = bot.ranked_moves(&board);
            let mut scoring = Vec::new();
            let mut plain_quiet = Vec::new();
            for mv in board.legal_moves() {
                let mut after = board;
                if after.apply_legal_move(mv).count > 0 {
                    scoring.push(mv);
                } else {
                    plain_quiet.push(mv);
                }
            }
            assert_eq!(line.is_some(), !scoring.is_empty());
            assert!(line.map_or(true, |mv| scoring.contains(&mv)));
            let mut sorted = quiet.clone();
            sorted.sort_by_key(|mv| (mv.from, mv.to));
            plain_quiet.sort_by_key(|mv| (mv.from, mv.to));
            assert_eq!(sorted, plain_quiet);
            // Each quiet move leaves a window score no higher than the one ranked before it.
            let scores: Vec<i32> = quiet
                .iter()
                .map(|&mv| {
                    let mut after = board;
                    after.apply_legal_move(mv);
                    plain_window_score(&after, &weights)
                })
                .collect();
            assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "{board}");
        }
    }

    #[test]
    fn two_threads_choose_what_one_thread_chooses() {
        let eval = Evaluator::new(Weights::default());
        let (one, two) = (default_search(&eval, 1), default_search(&eval, 2));
        let mut differs = 0;
        // Open boards (depth-1 samples) and crowded ones (rollouts), odd and even numbers of
        // samples a round.
        for board in playable_boards(13, [20, 45, 60, 75], 6) {
            for effort in [Effort { candidates: 8, samples: 7 }, Effort { candidates: 12, samples: 30 }] {
                let chosen = one.choose(&board, [4, 5, 6], effort);
                assert_eq!(chosen, two.choose(&board, [4, 5, 6], effort), "{board}");
                differs += usize::from(chosen.mv != one.choose(&board, [4, 5, 6], Effort::FAST).mv);
            }
        }
        // The samples decide some moves (the test is not comparing the 1-ply ranking alone).
        assert!(differs > 5, "{differs}");
    }

    #[test]
    fn chosen_moves_are_legal_and_lines_are_taken() {
        let eval = Evaluator::new(Weights::default());
        let bot = default_search(&eval, 1);
        for board in playable_boards(11, [5, 30, 60, 90], 20) {
            for effort in [Effort::FAST, Effort { candidates: 4, samples: 3 }] {
                assert!(board.is_legal(bot.choose(&board, [1, 2, 3], effort).mv));
            }
        }
        let mut board = Board::new();
        for column in 0..4 {
            board.set(crate::cell(2, column), 6);
        }
        board.set(crate::cell(8, 8), 6);
        board.set(crate::cell(0, 0), 1);
        let chosen = bot.choose(&board, [1, 1, 1], Effort { candidates: 4, samples: 4 });
        assert_eq!((chosen.mv.to_string(), chosen.samples), ("I9C5".to_string(), 0));
    }
}
