//! The bot: for each move, the best quiet moves by a static evaluation, each valued over sampled
//! placements of the known nextThree, with short rollouts on crowded boards.
//!
//! * `bot/evaluation.rs` ([`Weights`]): 5-cell windows of one colour by
//!   their count, line plans per colour, where placements help, isolated and stranded empty cells,
//!   and the best follow-up move; window changes of every move in O(1) each.
//! * `bot/search.rs`: a line is always taken (it costs no placement); otherwise the best quiet
//!   moves are valued by samples: the nextThree placed at random empty cells, then on crowded
//!   boards a rollout of a few moves of a greedy policy against random numbers, then the
//!   evaluation. Samples are spent by successive halving with common random numbers.
//! * `bot/schedule.rs` ([`Effort`], [`effort_for`]): the work per move in deterministic units, so
//!   that a game replays move for move; the wall clock is only a safety net.
//! * `bot/protocol.rs` ([`play`]): the stdin/stdout loop.

mod evaluation;
mod protocol;
mod schedule;
mod search;

pub use evaluation::Weights;
pub use protocol::{play, GAME_BUDGET};
pub use schedule::{
    clock_limit, effort_for, effort_of_units, Effort, CLOCK_LIMIT_FROM_PERCENT, DEATH_PHASE_FROM,
    DEATH_PHASE_SHARES, DEEP_COST, EXACT_ROLLOUT_PLY_QUARTERS, MOVE_SAMPLES_MAX, MOVE_SAMPLES_MIN,
    MOVE_SHALLOW_MAX, PARALLEL_PERCENT, PLANNED_MOVES, PLANNED_SHARE_PERCENT, PLANNED_UNITS_PER_SECOND,
    ROLLOUT_PLY_QUARTERS, SAFETY_NET_PERCENT, SLOW_MACHINE_PERCENT, THREADS_MAX, UNITS_PER_SECOND,
};

use evaluation::WindowTable;
use std::time::Duration;

/// A Linez player for one game. It tracks its own thinking time against the budget.
pub struct Bot {
    budget: Duration,
    used: Duration,
    moves: u64,
    weights: Weights,
    table: WindowTable,
    /// Samples the deterministic effort schedule may still spend this game.
    samples_left: u64,
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
}
