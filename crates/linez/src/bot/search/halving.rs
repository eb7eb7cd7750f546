//! Successive halving: a move's candidates valued by samples on common random numbers, the better
//! half kept each round, stopped early once the leader is clear of the runner-up.

use super::{best_of, board_hash, Chosen, SampleRng, Scored, Search};
use crate::bot::evaluation::WindowCounts;
use crate::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The fewest samples a candidate has before successive halving may stop early.
const STOP_MIN_SAMPLES: usize = 8;

/// A candidate of the search: its move with the sum of its samples so far, each sample's value
/// (sample `i` at index `i`: the same placements for every candidate), the board after the move
/// with its window counts, and its place in the list the search began with.
struct Candidate {
    scored: Scored,
    values: Vec<i32>,
    after: Board,
    counts: WindowCounts,
    id: usize,
}

impl Search<'_> {
    /// The best of the `candidates` (at least one) by successive halving with `budget` samples in
    /// all: every round samples the surviving candidates on the same new placements (sample `i`
    /// is the same for every candidate: common random numbers), then keeps the better half, so the
    /// samples go where the choice is still open; with `stop_z`, it stops after a round once the
    /// leader is clear of the runner-up ([`leader_is_clear`]), and the samples not taken are left
    /// to later moves. `record(k, sum, samples)` hears each round's sum for `candidates[k]` (the
    /// teacher keeps them; the bot does not). Returns the move and the samples taken.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn halving(
        &self,
        board: &Board,
        counts: &WindowCounts,
        candidates: &[Scored],
        next_three: [u8; 3],
        budget: usize,
        stop_z: Option<f64>,
        mut record: impl FnMut(usize, i64, usize),
    ) -> Chosen {
        let seed = board_hash(board, next_three);
        let deep = self.is_deep(board);
        let mut pool: Vec<Candidate> = candidates
            .iter()
            .enumerate()
            .map(|(id, &candidate)| {
                let mut after = *board;
                after.apply_quiet_move(candidate.mv);
                let counts = self.eval.derive_quiet(counts, board, candidate.mv);
                let scored = Scored { mv: candidate.mv, value: 0 };
                Candidate { scored, values: Vec::new(), after, counts, id }
            })
            .collect();
        // ceil(log2(candidates)) rounds take the pool down to one.
        let rounds = ((usize::BITS - (pool.len() - 1).leading_zeros()) as usize).max(1);
        let mut budget = budget;
        let (mut taken, mut samples) = (0usize, 0usize);
        for round in 0..rounds {
            let per = (budget / ((rounds - round) * pool.len())).max(1);
            let values = self.sample_values(&pool, next_three, seed, deep, taken..taken + per);
            for (candidate, values) in pool.iter_mut().zip(values.chunks(per)) {
                let sum = values.iter().map(|&v| i64::from(v)).sum();
                candidate.scored.value += sum;
                candidate.values.extend_from_slice(values);
                record(candidate.id, sum, per);
            }
            taken += per;
            samples += per * pool.len();
            budget = budget.saturating_sub(per * pool.len());
            if round + 1 < rounds {
                pool.sort_by_key(|candidate| std::cmp::Reverse(candidate.scored.value));
                // A clear leader's sum is the greatest, strictly: the move the halving would end on
                // if its margin held.
                if stop_z.is_some_and(|z| leader_is_clear(&pool[0].values, &pool[1].values, z)) {
                    return Chosen { mv: pool[0].scored.mv, samples };
                }
                pool.truncate(pool.len().div_ceil(2));
            }
        }
        let scored: Vec<Scored> = pool.iter().map(|candidate| candidate.scored).collect();
        Chosen { mv: best_of(&scored).expect("at least one candidate"), samples }
    }

    /// Each candidate's samples with the given indices, candidate after candidate (`pool.len()`
    /// runs of `indices.len()` values).
    ///
    /// Sample `i` depends only on the position's `seed`, `i` and the candidate's board, so the
    /// samples may be shared between threads in any way: with
    /// [`Search::threads`] = 2 both threads take the next (candidate, sample) pair from a shared
    /// counter until none is left (samples differ in cost: one that fills the board stops early),
    /// each writing the values it took (the values are those of one thread: a game replays move
    /// for move whatever the threads). Where the system refuses a thread, this thread samples
    /// them all.
    fn sample_values(
        &self,
        pool: &[Candidate],
        next_three: [u8; 3],
        seed: u64,
        deep: bool,
        indices: std::ops::Range<usize>,
    ) -> Vec<i32> {
        let per = indices.len();
        let tasks = pool.len() * per;
        let next = AtomicUsize::new(0);
        // Each thread's values at the tasks it took (the others stay 0: the two are summed).
        let work = || -> Vec<i32> {
            let mut values = vec![0i32; tasks];
            loop {
                let task = next.fetch_add(1, Ordering::Relaxed);
                if task >= tasks {
                    return values;
                }
                let (at, index) = (task / per, indices.start + task % per);
                let candidate = &pool[at];
                let mut rng = SampleRng::for_sample(seed, index);
                values[task] =
                    self.sample_value(&candidate.after, &candidate.counts, next_three, &mut rng, deep);
            }
        };
        if self.threads < 2 || tasks < 2 {
            return work();
        }
        std::thread::scope(|scope| {
            let helper = std::thread::Builder::new().spawn_scoped(scope, work);
            let mut values = work();
            if let Ok(helper) = helper {
                let theirs = helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                for (value, their) in values.iter_mut().zip(theirs) {
                    *value += their;
                }
            }
            values
        })
    }
}

/// Whether the leader's samples `leader` are clear of the runner-up's `runner` (the same
/// placements, index by index): at least [`STOP_MIN_SAMPLES`] of them, and their mean paired
/// difference above `z` standard errors (an exact tie is not clear; an exactly constant positive
/// difference is).
fn leader_is_clear(leader: &[i32], runner: &[i32], z: f64) -> bool {
    let n = leader.len().min(runner.len());
    if n < STOP_MIN_SAMPLES {
        return false;
    }
    let differences = leader.iter().zip(runner).map(|(&a, &b)| f64::from(a) - f64::from(b));
    let (sum, squares) = differences.fold((0.0, 0.0), |(s, q), d| (s + d, q + d * d));
    let mean = sum / n as f64;
    let variance = (squares - sum * mean) / (n - 1) as f64;
    mean > 0.0 && mean * mean * n as f64 > z * z * variance.max(0.0)
}

#[cfg(test)]
mod tests {
    use super::super::tests::default_search;
    use super::*;
    use crate::bot::evaluation::tests::playable_boards;
    use crate::bot::evaluation::Evaluator;
    use crate::bot::Weights;

    #[test]
    fn the_leader_is_clear_past_z_standard_errors_of_the_paired_difference() {
        // Plainly: the t statistic of the differences, by the textbook two-pass variance.
        let plain = |a: &[i32], b: &[i32], z: f64| {
            let d: Vec<f64> = a.iter().zip(b).map(|(&x, &y)| f64::from(x - y)).collect();
            let n = d.len() as f64;
            let mean = d.iter().sum::<f64>() / n;
            let variance = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            d.len() >= STOP_MIN_SAMPLES && mean > 0.0 && (variance == 0.0 || mean / (variance / n).sqrt() > z)
        };
        let mut rng = SampleRng::for_sample(3, 0);
        let (mut clear, mut not) = (0, 0);
        for case in 0..2_000 {
            let n = 2 + case % 40;
            let shift = rng.below(400) as i32 - 100;
            let a: Vec<i32> = (0..n).map(|_| rng.below(1_000) as i32 + shift).collect();
            let b: Vec<i32> = (0..n).map(|_| rng.below(1_000) as i32).collect();
            let z = [2.0, 3.0][case % 2];
            let fast = leader_is_clear(&a, &b, z);
            assert_eq!(fast, plain(&a, &b, z), "{a:?} {b:?}");
            if fast {
                clear += 1;
            } else {
                not += 1;
            }
        }
        assert!(clear > 100 && not > 100, "{clear} {not}");
        // A constant positive difference is clear, a tie or fewer than the minimum never.
        assert!(leader_is_clear(&[5; 8], &[4; 8], 3.0));
        assert!(!leader_is_clear(&[5; 8], &[5; 8], 3.0));
        assert!(!leader_is_clear(&[9; 7], &[0; 7], 3.0));
    }

    #[test]
    fn an_early_stop_takes_fewer_samples_and_chooses_a_candidate_of_the_full_halving() {
        let eval = Evaluator::new(Weights::default());
        let full = Search { stop_z: None, ..default_search(&eval, 1) };
        let early = Search { stop_z: Some(3.0), ..default_search(&eval, 1) };
        let (mut stopped, mut same) = (0, 0);
        for board in playable_boards(23, [20, 45, 60, 70], 6) {
            let effort = Effort { candidates: 16, samples: 40 };
            let (a, b) = (full.choose(&board, [3, 1, 4], effort), early.choose(&board, [3, 1, 4], effort));
            assert!(board.is_legal(b.mv));
            assert!(a.samples <= 16 * 40 && b.samples <= a.samples, "{a:?} {b:?}");
            if b.samples < a.samples {
                stopped += 1;
            } else {
                // No stop: the very same halving.
                assert_eq!(a, b);
            }
            same += usize::from(a.mv == b.mv);
        }
        // Some moves are clear early, and those mostly go where the whole budget goes.
        assert!(stopped >= 3, "{stopped}");
        assert!(same * 4 >= 24 * 3, "{same} of 24");
    }
}
