//! The teacher (tuning only): the search of [`Search::choose`] over a wider list of candidates
//! with a given budget of samples, returning every candidate's samples as well as the choice.

use super::Search;
use crate::*;

impl Bot {
    /// The wide search on `board` with `next_three` (tuning: the teacher of a move ranker): the
    /// best `candidates` quiet moves of the 1-ply ranking, valued by samples as the bot values its
    /// own (successive halving, common random numbers, the same seed a position) with
    /// `units` work units (`units / sample_cost` samples in all). `None` where a line is there to
    /// take or the board has fewer than two quiet moves (the bot does not search there).
    /// Deterministic; it spends the whole budget (no early stop), and with the bot's own
    /// candidates and units it chooses what [`Bot::choose_with`] does when the bot's halving does
    /// not stop early.
    pub fn teach(
        &self,
        board: &Board,
        next_three: [u8; 3],
        units: u64,
        candidates: usize,
    ) -> Option<Teaching> {
        let search = self.search();
        let samples = (units / search.sample_cost(board)) as usize;
        search.teach(board, next_three, samples.max(1), candidates.max(2))
    }

    /// The evaluation's terms of `board` (our move next, with the follow-up move's) as the 1-ply
    /// ranking counts them, flat (tuning: a move ranker's features, the board after a move):
    /// `open[0..6]`, `blocked[0..6]`, `plan[0..6]`, `plan_ways`, `useful2`, `useful3`,
    /// `isolated`, `stranded`, `ready`, `best_quiet` (25 values).
    pub fn evaluation_terms(&self, board: &Board) -> Vec<i32> {
        self.search().eval.term_values(board)
    }

    /// The evaluation of `board` (our move next, with the follow-up move's) as a rollout's end
    /// counts it (tuning: what a survival fit is measured against).
    pub fn evaluation(&self, board: &Board) -> i32 {
        let eval = self.search().eval;
        eval.evaluate(board, &eval.counts(board), true)
    }

    /// The 1-ply ranking's value of `board` after a quiet move (the whole evaluation, without the
    /// follow-up move), as [`Bot::teach`] ranks by.
    pub fn ranking_value(&self, board: &Board) -> i32 {
        let eval = self.search().eval;
        eval.evaluate(board, &eval.counts(board), false)
    }
}

impl Search<'_> {
    /// [`Bot::teach`] with `samples` samples in all.
    fn teach(
        &self,
        board: &Board,
        next_three: [u8; 3],
        samples: usize,
        candidates: usize,
    ) -> Option<Teaching> {
        let eval = self.eval;
        let counts = eval.counts(board);
        let (line, mut quiet) = self.rank_moves(board, &counts);
        if line.is_some() || quiet.len() < 2 {
            return None;
        }
        // The 1-ply ranking and the successive halving of `choose`, every round's sums kept.
        self.rerank(board, &counts, &mut quiet);
        let total = quiet.len();
        quiet.truncate(candidates);
        let mut taught: Vec<Taught> = quiet
            .iter()
            .enumerate()
            .map(|(at, scored)| Taught { mv: scored.mv, rank: at + 1, sum: 0, samples: 0 })
            .collect();
        // The whole budget: the teacher's values, not an early stop.
        let choice = self.halving(board, &counts, &quiet, next_three, samples, None, |id, sum, per| {
            taught[id].sum += sum;
            taught[id].samples += per;
        });
        let choice = choice.mv;
        Some(Teaching { quiet: total, candidates: taught, choice })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::default_search;
    use super::super::Search;
    use crate::bot::evaluation::tests::playable_boards;
    use crate::bot::evaluation::Evaluator;
    use crate::bot::Weights;
    use crate::*;

    #[test]
    fn the_teacher_at_the_bots_effort_chooses_the_bots_move_and_is_deterministic() {
        let eval = Evaluator::new(Weights::default());
        // The bot's search spending its whole budget, as the teacher does.
        let search = Search { stop_z: None, ..default_search(&eval, 1) };
        let mut seen = 0;
        for board in playable_boards(17, [20, 45, 55, 65], 5) {
            for effort in [Effort { candidates: 8, samples: 7 }, Effort { candidates: 12, samples: 20 }] {
                let Some(taught) =
                    search.teach(&board, [2, 5, 7], effort.candidates * effort.samples, effort.candidates)
                else {
                    continue;
                };
                seen += 1;
                assert_eq!(taught.choice, search.choose(&board, [2, 5, 7], effort).mv, "{board}");
                assert_eq!(
                    Some(&taught),
                    search
                        .teach(&board, [2, 5, 7], effort.candidates * effort.samples, effort.candidates)
                        .as_ref()
                );
                assert_eq!(taught.candidates.len(), effort.candidates.min(taught.quiet));
                assert!(taught
                    .candidates
                    .iter()
                    .enumerate()
                    .all(|(at, c)| c.rank == at + 1 && c.samples > 0));
                assert!(taught.candidates.iter().any(|c| c.mv == taught.choice));
            }
        }
        assert!(seen > 10, "{seen}");
    }
}
