//! The schedule: how much work each move gets, counted in work units (a sample's depth), spread
//! over the moves expected to remain ([`effort_for`]). The units a game may still spend are what
//! the time left in its plan buys at the rate this game has measured so far ([`units_left`]), so
//! that the plan's time is spent on a fast machine and a slow or busy one alike; past the safety
//! net every move is the 1-ply ranking. Pure functions of the game so far ([`effort`]);
//! [`super::Bot::choose`] applies them.

use std::time::Duration;

/// How much the search does for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// How many of the best-ranked non-scoring moves are played out against placements.
    pub candidates: usize,
    /// Placement samples per candidate on average: `candidates * samples` is the move's budget
    /// of samples, spent by successive halving.
    pub samples: usize,
}

impl Effort {
    /// The 1-ply ranking alone (no sampling): the fast mode when time is short.
    pub const FAST: Effort = Effort { candidates: 1, samples: 0 };

    /// The work units this effort spends on a board whose samples cost `sample_cost` units each
    /// ([`super::Bot::sample_cost`]).
    pub fn units(self, sample_cost: u64) -> u64 {
        (self.candidates * self.samples) as u64 * sample_cost
    }
}

/// Work units per second of one thread: one unit is about one placement sample of depth 1; a
/// rollout costs [`ROLLOUT_PLY_QUARTERS`] quarter units a ply.
/// Calibrated on whole games (`linez-tune costs`) on the slower of the 2-core x86_64 sandboxes seen
/// (AMD EPYC, rustc 1.95), where a unit took 5.1 us of one core (196,000 a second); others ran at
/// 3.6-3.9 us. The prior of the schedule's rate only: a game measures its own ([`rate`]).
pub(super) const UNITS_PER_SECOND: u64 = 190_000;
/// The most threads that sample a move ([`super::Bot::new`] takes as many as the system offers,
/// up to this): the target machine has two cores.
pub(super) const THREADS_MAX: usize = 2;
/// What a second thread adds to the rate, in per cent of one thread's (its start and the work
/// split cost the rest): 2.57-2.94 us a unit on two threads, game by game, against 5.1 on one.
pub(super) const PARALLEL_PERCENT: u64 = 80;
/// The share of the game's budget the schedule plans to spend, in per cent: what the units of the
/// plan cost is measured as the game goes ([`units_left`]), so the plan can come close to the
/// safety net at [`SAFETY_NET_PERCENT`]; the rest is the margin for a measurement that lags behind
/// a machine turning busy (the referee counts wall-clock time).
pub(super) const PLANNED_SHARE_PERCENT: u64 = 96;
/// Past this share of the game's budget (in per cent) every move is the 1-ply ranking, whatever the
/// schedule says: the wall clock's safety net, so that a slow or busy machine cannot time out.
pub(super) const SAFETY_NET_PERCENT: u32 = 98;
/// The weight of the planned rate in the rate the schedule works with, as thinking time at that
/// rate: the first moves (open boards, a few milliseconds each) are planned at about the planned
/// rate, and after a second or two of thinking the game's own measurement dominates ([`rate`]).
pub(super) const PRIOR_TIME: Duration = Duration::from_secs(1);
/// The most units one move gets (about 0.23 s at [`PLANNED_UNITS_PER_SECOND`]).
pub(super) const MOVE_UNITS_MAX: u64 = 80_000;
/// The most depth-1 samples one move gets (more does not help).
pub(super) const MOVE_SHALLOW_MAX: u64 = 480;
/// The quarter units one ply of a rollout costs (a 4-ply rollout: 6 units).
pub(super) const ROLLOUT_PLY_QUARTERS: u64 = 6;
/// The fewest units a move gets while the schedule has any left (below: [`Effort::FAST`]).
pub(super) const MOVE_UNITS_MIN: u64 = 64;
/// The game length the schedule plans for at least: a game that has lasted `m` moves is expected
/// to last about `m` more, never fewer than this.
pub(super) const PLANNED_MOVES: u64 = 400;

/// The numbers on the board from which a move is in the death phase: the schedule gives it
/// [`DEATH_PHASE_SHARES`] planned shares instead of the 2 of other crowded boards.
pub(super) const DEATH_PHASE_FROM: u32 = 52;
/// The planned shares of a move in the death phase (see [`effort_for`]).
pub(super) const DEATH_PHASE_SHARES: u64 = 4;

/// The effort for move number `moves` (0-based) on a board holding `numbers` numbers when
/// `units_left` units remain, for a board whose samples cost `sample_cost` units each
/// ([`super::Bot::sample_cost`]).
///
/// No clock here (the clock is in `units_left`): the units left are
/// spread over the moves expected to remain, `max(PLANNED_MOVES, moves)`, so a long game slows
/// down gradually instead of running out. Crowded boards (deep samples, where games are lost)
/// get twice the share, boards in the death phase ([`DEATH_PHASE_FROM`] numbers and more, where
/// survival keeps growing with the units) [`DEATH_PHASE_SHARES`] times: open boards spend at most
/// [`MOVE_SHALLOW_MAX`] of theirs.
pub(super) fn effort_for(units_left: u64, moves: u64, sample_cost: u64, numbers: u32) -> Effort {
    let remaining = PLANNED_MOVES.max(moves);
    let share = match (sample_cost > 1, numbers >= DEATH_PHASE_FROM) {
        (false, _) => 1,
        (true, false) => 2,
        (true, true) => DEATH_PHASE_SHARES,
    };
    effort_of_units((share * units_left / remaining).min(MOVE_UNITS_MAX), sample_cost)
}

/// The effort one move gets from `units` work units when each sample costs `sample_cost` units:
/// depth-1 samples (cost 1) at most 480 units (`MOVE_SHALLOW_MAX`), 8-16 candidates, the 1-ply
/// ranking ([`Effort::FAST`]) below 64 units (`MOVE_UNITS_MIN`).
pub fn effort_of_units(units: u64, sample_cost: u64) -> Effort {
    if units < MOVE_UNITS_MIN {
        return Effort::FAST;
    }
    let budget = if sample_cost > 1 { units / sample_cost } else { units.min(MOVE_SHALLOW_MAX) };
    let candidates = (budget / 30).clamp(8, 16) as usize;
    Effort { candidates, samples: budget as usize / candidates }
}

/// The work units a second of thinking buys on the target machine, two cores: one thread's
/// [`UNITS_PER_SECOND`] and what the second adds ([`PARALLEL_PERCENT`]). The prior of the rate the
/// schedule works with ([`rate`]), and the only rate without the clock ([`planned_units`]).
pub(super) const PLANNED_UNITS_PER_SECOND: u64 = UNITS_PER_SECOND * (100 + PARALLEL_PERCENT) / 100;

/// The units of a game's plan at the planned rate: [`PLANNED_SHARE_PERCENT`] of `budget` at
/// [`PLANNED_UNITS_PER_SECOND`]. Without the clock (tuning) the schedule spends these, whatever
/// the machine, so that a game replays move for move.
pub(super) fn planned_units(budget: Duration) -> u64 {
    (budget.as_secs_f64() * (PLANNED_UNITS_PER_SECOND * PLANNED_SHARE_PERCENT / 100) as f64) as u64
}

/// The units a second of thinking buys, as far as this game tells: all the units spent so far
/// (`spent`) over all the thinking time so far (`used`), so that the time units do not count (the
/// 1-ply ranking, the re-ranking of every move; most of an open board's move) is priced in,
/// blended with [`PLANNED_UNITS_PER_SECOND`] weighted as [`PRIOR_TIME`] of thinking at that rate.
pub(super) fn rate(spent: u64, used: Duration) -> f64 {
    let prior = PRIOR_TIME.as_secs_f64();
    (spent as f64 + PLANNED_UNITS_PER_SECOND as f64 * prior) / (used.as_secs_f64() + prior)
}

/// The units the schedule may still spend in a game of `budget` after `used` of thinking that
/// spent `spent` units: what the plan's time left ([`PLANNED_SHARE_PERCENT`] of `budget`, less
/// `used`) buys at the [`rate`] measured. Recomputed before every move, so that a machine faster
/// or slower than planned, or one whose load changes during the game, spends about the plan's
/// time: a move that took longer than its units were priced at leaves less for the rest.
pub(super) fn units_left(budget: Duration, used: Duration, spent: u64) -> u64 {
    let plan = budget.as_secs_f64() * PLANNED_SHARE_PERCENT as f64 / 100.0;
    (rate(spent, used) * (plan - used.as_secs_f64()).max(0.0)) as u64
}

/// The effort for move number `moves` (0-based) on a board holding `numbers` numbers whose samples
/// cost `sample_cost` units each, in a game of `budget` after `used` of thinking that spent
/// `spent` units: with the clock, [`units_left`] spread by [`effort_for`], and past the safety net
/// ([`SAFETY_NET_PERCENT`] of `budget`) [`Effort::FAST`]; without it (tuning), [`planned_units`]
/// less `spent`, so that the game replays.
pub(super) fn effort(
    budget: Duration,
    used: Duration,
    spent: u64,
    clock: bool,
    moves: u64,
    sample_cost: u64,
    numbers: u32,
) -> Effort {
    if !clock {
        return effort_for(planned_units(budget).saturating_sub(spent), moves, sample_cost, numbers);
    }
    if used >= budget.saturating_mul(SAFETY_NET_PERCENT) / 100 {
        return Effort::FAST;
    }
    effort_for(units_left(budget, used, spent), moves, sample_cost, numbers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_is_deterministic_and_slows_down_in_long_games() {
        let total = 20 * UNITS_PER_SECOND;
        // Depth 1 and 4-ply rollouts (4 plies at q quarter units: q units).
        for cost in [1, ROLLOUT_PLY_QUARTERS] {
            let early = effort_for(total, 0, cost, 45);
            assert_eq!(early, effort_for(total, 0, cost, 45));
            assert!((early.candidates * early.samples) as u64 * cost <= MOVE_UNITS_MAX);
            let late = effort_for(total / 20, 2_000, cost, 45);
            assert!(late.candidates * late.samples < early.candidates * early.samples);
            assert_eq!(effort_for(MOVE_UNITS_MIN - 1, 0, cost, 45), Effort::FAST);
        }
    }

    const BUDGET: Duration = Duration::from_millis(18_500);

    #[test]
    fn the_prior_dominates_the_first_moves_and_the_measurement_the_rest() {
        let planned = PLANNED_UNITS_PER_SECOND as f64;
        // A machine twice as fast as planned, or half as fast, measured over `used`.
        for speed in [2.0, 0.5] {
            let measured = |used: Duration| rate((used.as_secs_f64() * planned * speed) as u64, used);
            // Nothing measured yet: the planned rate.
            assert_eq!(measured(Duration::ZERO), planned);
            // The first moves (a tenth of a second of open boards): within 10% of the plan.
            let first = measured(Duration::from_millis(100)) / planned;
            assert!((first - 1.0).abs() < 0.1, "{speed}: {first}");
            // After 10 s of thinking, within 10% of the machine's own rate.
            let late = measured(Duration::from_secs(10)) / planned / speed;
            assert!((late - 1.0).abs() < 0.1, "{speed}: {late}");
        }
    }

    /// The thinking time of a synthetic game of `moves` moves (the board mix of [`planned_spend`])
    /// with the clock, on a machine whose units cost `1 / speed` of the planned time and whose
    /// moves take `overhead` more each (the 1-ply ranking and the re-ranking, which units do not
    /// count); `slow_from` makes the machine half as fast from that move on (a second game starting
    /// on the other core). Returns the time used and the most time one move took.
    fn game_time(moves: u64, speed: f64, overhead: Duration, slow_from: u64) -> (Duration, Duration) {
        let (mut used, mut spent, mut longest) = (Duration::ZERO, 0, Duration::ZERO);
        let (open, crowded) = (moves * 32 / 100, moves * 75 / 100);
        for m in 0..moves {
            let (cost, numbers) = match m {
                m if m < open => (1, 30),
                m if m < crowded => (ROLLOUT_PLY_QUARTERS, 45),
                _ => (ROLLOUT_PLY_QUARTERS, DEATH_PHASE_FROM + 4),
            };
            let units = effort(BUDGET, used, spent, true, m, cost, numbers).units(cost);
            let speed = if m >= slow_from { speed / 2.0 } else { speed };
            let took =
                Duration::from_secs_f64(units as f64 / (PLANNED_UNITS_PER_SECOND as f64 * speed)) + overhead;
            (used, spent, longest) = (used + took, spent + units, longest.max(took));
        }
        (used, longest)
    }

    #[test]
    fn the_plans_time_is_spent_on_machines_faster_or_slower_than_planned() {
        let plan = BUDGET.as_secs_f64() * PLANNED_SHARE_PERCENT as f64 / 100.0;
        let overhead = Duration::from_micros(400);
        // A game of 374 moves (the mean on seeds 5001-5200) spends about the share of the plan it
        // spends at the planned rate (82%), on a machine twice as fast, as planned or half as fast
        // (the units of a fixed plan would take half, the same, or twice the time).
        for speed in [2.0, 1.0, 0.5] {
            let share = game_time(374, speed, overhead, u64::MAX).0.as_secs_f64() / plan;
            assert!((share - planned_spend(374)).abs() < 0.06, "{speed}: {share}");
        }
        // A long game on a slow machine that turns twice as slow halfway (two threads on one
        // core, then a second game on it): in time, the net not reached, no move over 0.5 s.
        let net = BUDGET * SAFETY_NET_PERCENT / 100;
        for speed in [1.0, 0.5, 0.25] {
            let (used, longest) = game_time(1_500, speed, overhead, 750);
            assert!(used < net && longest < Duration::from_millis(500), "{speed}: {used:?} {longest:?}");
        }
    }

    #[test]
    fn the_net_cuts_and_without_the_clock_the_plan_replays() {
        let clocked = |used, spent| effort(BUDGET, used, spent, true, 100, ROLLOUT_PLY_QUARTERS, 45);
        let plan = BUDGET * PLANNED_SHARE_PERCENT as u32 / 100;
        let net = BUDGET * SAFETY_NET_PERCENT / 100;
        let spent = planned_units(BUDGET);
        assert_ne!(clocked(plan - Duration::from_millis(500), spent), Effort::FAST);
        // The plan's time used up, and past the net whatever the units spent: the 1-ply ranking.
        assert_eq!(clocked(plan, spent), Effort::FAST);
        assert_eq!(clocked(net, u64::MAX / 4), Effort::FAST);
        // Without the clock the time used does not matter, only the units spent of the plan.
        let spent = planned_units(BUDGET) / 3;
        let unclocked = |used| effort(BUDGET, used, spent, false, 100, ROLLOUT_PLY_QUARTERS, 45);
        assert_eq!(unclocked(Duration::ZERO), unclocked(2 * BUDGET));
        let left = planned_units(BUDGET) - spent;
        assert_eq!(unclocked(Duration::ZERO), effort_for(left, 100, ROLLOUT_PLY_QUARTERS, 45));
        // With it, before any time is used, the plan is the same.
        assert!(units_left(BUDGET, Duration::ZERO, 0).abs_diff(planned_units(BUDGET)) <= 1);
    }

    #[test]
    fn the_death_phase_gets_twice_the_share_of_other_crowded_boards() {
        let left = 20 * UNITS_PER_SECOND / 20;
        let samples = |numbers| {
            let effort = effort_for(left, 0, ROLLOUT_PLY_QUARTERS, numbers);
            effort.candidates * effort.samples
        };
        let (crowded, death) = (samples(DEATH_PHASE_FROM - 1), samples(DEATH_PHASE_FROM));
        // Twice the units, up to the rounding of 8-16 candidates' samples.
        assert!(death.abs_diff(2 * crowded) <= 16, "{crowded} {death}");
        // Open boards are not crowded, however many numbers: their share is 1.
        assert_eq!(effort_for(left, 0, 1, DEATH_PHASE_FROM), effort_for(left, 0, 1, 10));
    }

    /// The share of the game's plan the schedule spends over a synthetic game of `moves` moves:
    /// the mix of boards of whole games (`linez-tune costs 4 9 8000 1`: 32% open, 43% with 40-51
    /// numbers, 24% with 52+) in that order.
    fn planned_spend(moves: u64) -> f64 {
        let plan = planned_units(BUDGET);
        let mut left = plan;
        let (open, crowded) = (moves * 32 / 100, moves * 75 / 100);
        for m in 0..moves {
            let (cost, numbers) = match m {
                m if m < open => (1, 30),
                m if m < crowded => (ROLLOUT_PLY_QUARTERS, 45),
                _ => (ROLLOUT_PLY_QUARTERS, DEATH_PHASE_FROM + 4),
            };
            left -= effort_for(left, m, cost, numbers).units(cost);
        }
        1.0 - left as f64 / plan as f64
    }

    #[test]
    fn short_games_leave_most_of_the_plan_unspent() {
        // What RESULTS.md ("The whole 20 s") cites: 60% of the plan spent in a game of 200
        // moves, 82% in one of 374 (the mean length on seeds 5001-5200), 91% in one of 600.
        for (moves, spent) in [(200, 0.60), (374, 0.82), (600, 0.91)] {
            assert!((planned_spend(moves) - spent).abs() < 0.02, "{moves}: {}", planned_spend(moves));
        }
    }
}
