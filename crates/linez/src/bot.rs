//! The bot: for each move, the best quiet moves by a static evaluation, each valued over sampled
//! placements of the known nextThree, with short rollouts on crowded boards.
//!
//! * [`Bot`] (here): one game's player, its constructors and [`Bot::choose`], which asks the
//!   schedule for the move's work and the search for the move.
//! * `bot/evaluation/` ([`Weights`], `Evaluator`): 5-cell windows of one colour by their count,
//!   line plans per colour, where placements help, isolated and stranded empty cells, and the best
//!   follow-up move; window changes of every move in O(1) each.
//! * `bot/search/` ([`Rollout`], `Search`): a line is always taken (it costs no placement); otherwise
//!   the best quiet moves are valued by samples: the nextThree placed at random empty
//!   cells, then on crowded boards a rollout of a few moves of a greedy policy against random
//!   numbers, then the evaluation. Samples are spent by successive halving with common random
//!   numbers.
//! * `bot/schedule.rs` ([`Effort`], [`effort_of_units`]): pure functions for the work per move in
//!   deterministic units, so that a game replays move for move; the wall clock is only a safety net.
//! * `bot/protocol.rs` ([`play`]): the stdin/stdout loop.

mod evaluation;
mod protocol;
mod schedule;
mod search;

pub use evaluation::Weights;
pub use protocol::{play, GAME_BUDGET};
pub use schedule::{effort_of_units, Effort};
pub use search::{Chosen, Rollout};

use crate::*;
use evaluation::Evaluator;
use schedule::{clock_limit, effort_for, game_plan, offered_units, SAFETY_NET_PERCENT, THREADS_MAX};
use search::Search;
use std::time::{Duration, Instant};

/// A Linez player for one game. It tracks its own thinking time against the budget.
pub struct Bot {
    budget: Duration,
    used: Duration,
    moves: u64,
    /// Moves so far on crowded boards (samples that roll out): what the schedule counts.
    crowded_moves: u64,
    evaluator: Evaluator,
    rollout: Rollout,
    /// When successive halving stops early ([`search::STOP_Z`] unless tuned).
    stop_z: Option<f64>,
    /// Work units the deterministic schedule may still spend this game.
    units_left: u64,
    /// A fixed number of work units for every move instead of the schedule (the survival curve).
    move_units: Option<u64>,
    /// Whether the wall clock may cut the schedule short (the safety net).
    clock: bool,
    /// Threads that sample a move's candidates (1 or 2); the moves do not depend on it.
    threads: usize,
    /// Work units of this game's sampled moves (cost above 1 unit a sample) and the time they
    /// took: the rate the clock measures.
    rate_units: u64,
    rate_time: Duration,
    /// Work units this game's sampled moves were offered (their efforts): over those they took
    /// (`rate_units`), the scale of the units left ([`schedule::offered_units`]).
    offered: u64,
}

impl Bot {
    /// A bot for one game with `budget` of total thinking time, sampling on as many threads as the
    /// system offers, up to two (the target machine's cores).
    pub fn new(budget: Duration) -> Bot {
        Bot {
            budget,
            used: Duration::ZERO,
            moves: 0,
            crowded_moves: 0,
            evaluator: Evaluator::new(Weights::default()),
            rollout: Rollout::default(),
            stop_z: search::STOP_Z,
            units_left: game_plan(budget),
            move_units: None,
            clock: true,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()).min(THREADS_MAX),
            rate_units: 0,
            rate_time: Duration::ZERO,
            offered: 0,
        }
    }

    /// A bot with explicit evaluation weights (tuning).
    #[cfg(feature = "tuning")]
    pub fn with_weights(budget: Duration, weights: Weights) -> Bot {
        Bot { evaluator: Evaluator::new(weights), ..Bot::new(budget) }
    }

    /// The same bot with other rollout settings (tuning).
    #[cfg(feature = "tuning")]
    pub fn with_rollout(self, rollout: Rollout) -> Bot {
        Bot { rollout, ..self }
    }

    /// The same bot with successive halving stopping early at `stop_z` standard errors, or never
    /// (tuning).
    #[cfg(feature = "tuning")]
    pub fn with_stop_z(self, stop_z: Option<f64>) -> Bot {
        Bot { stop_z, ..self }
    }

    /// The same bot sampling on `threads` threads (at least 1, at most 2): the same moves (see
    /// [`Bot::choose_with`]) in less or more time; the schedule does not change.
    pub fn with_threads(self, threads: usize) -> Bot {
        Bot { threads: threads.clamp(1, THREADS_MAX), ..self }
    }

    /// Threads that sample a move.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The same bot without the safety net: the schedule alone decides, whatever the clock says
    /// (tuning: measuring the schedule in process on a machine busy with other work).
    #[cfg(feature = "tuning")]
    pub fn without_clock(self) -> Bot {
        Bot { clock: false, ..self }
    }

    /// A bot that spends `units` work units on every move, however long the game: no schedule
    /// and no clock (tuning: the budget per move of a survival curve; a unit is about 1/245,000 s
    /// of one core). The same moves as [`Bot::choose_with`] at [`effort_of_units`]`(units, ..)`.
    #[cfg(feature = "tuning")]
    pub fn with_move_units(units: u64) -> Bot {
        Bot { move_units: Some(units), ..Bot::new(Duration::MAX) }
    }

    /// Thinking time used so far in this game.
    pub fn time_used(&self) -> Duration {
        self.used
    }

    /// Moves chosen so far in this game.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The move for `board` with `next_three` to be placed after a non-scoring move.
    ///
    /// Deterministic for a given game as long as the clock does not act: from half the safety
    /// net's time on, the schedule's clock limit shrinks the units left to what the time left
    /// buys (a long game, a slower machine), and past the safety net (98% of the budget) every
    /// move is the fast 1-ply ranking.
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn choose(&mut self, board: &Board, next_three: [u8; 3]) -> Move {
        let start = Instant::now();
        let cost = self.sample_cost(board);
        let scheduled = self.move_units.is_none();
        let net = self.budget.saturating_mul(SAFETY_NET_PERCENT) / 100;
        let left = if self.clock && scheduled {
            clock_limit(self.units_left, self.rate_units, self.rate_time, self.used, net)
        } else {
            self.units_left
        };
        let mut effort = match self.move_units {
            Some(units) => effort_of_units(units, cost),
            None => {
                let offered = offered_units(left, self.offered, self.rate_units);
                effort_for(offered, self.crowded_moves, cost, board.occupied_cells().count_ones())
            }
        };
        // The safety net: past it the clock, not the schedule, decides.
        if self.clock && scheduled && self.used >= net {
            effort = Effort::FAST;
        }
        let chosen = self.search_with(board, next_three, effort);
        // What the search took: an early stop leaves the rest of the effort to later moves.
        let units = chosen.units(cost);
        self.units_left = self.units_left.saturating_sub(units);
        self.moves += 1;
        self.crowded_moves += u64::from(cost > 1);
        let elapsed = start.elapsed();
        self.used += elapsed;
        if cost > 1 {
            self.rate_units += units;
            self.rate_time += elapsed;
            self.offered += effort.units(cost);
        }
        chosen.mv
    }

    /// The move for `board` with a given search effort (no time keeping).
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn choose_with(&self, board: &Board, next_three: [u8; 3], effort: Effort) -> Move {
        self.search_with(board, next_three, effort).mv
    }

    /// The move for `board` with a given search effort and the samples the search took (at most
    /// `effort`'s; fewer where successive halving stopped early), with no time keeping.
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn search_with(&self, board: &Board, next_three: [u8; 3], effort: Effort) -> Chosen {
        self.search().choose(board, next_three, effort)
    }

    /// The work units one sample on `board` costs: 1 on an open board, 6 for a 4-ply rollout on a
    /// crowded one (1.5 units a ply), down to 2 on the fullest boards, whose rollouts take less
    /// time.
    pub fn sample_cost(&self, board: &Board) -> u64 {
        self.search().sample_cost(board)
    }

    /// The search with this bot's evaluation and settings.
    fn search(&self) -> Search<'_> {
        Search { eval: &self.evaluator, rollout: self.rollout, stop_z: self.stop_z, threads: self.threads }
    }
}
