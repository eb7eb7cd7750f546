//! The schedule: how much work each move gets, counted in deterministic work units so that a game
//! replays move for move; the wall clock is only a safety net. Pure functions of the game so far
//! ([`effort_for`], [`clock_limit`]); [`super::Bot::choose`] applies them.

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
/// 3.6-3.9 us, and there the bot uses less of its budget, with the same moves. Units 13.7% cheaper
/// since (2026-11-28, the same moves; `LINEZ_THREADS=1 linez-tune costs 4 5 4000 1`, 8 runs each
/// side by side with the bot of 7ef02b4: 5,419 against 6,277 ns a unit) make that 4.4 us (227,000
/// a second), planned at the same margin. Units 10.4% cheaper again (2026-11-28, the same moves;
/// 14 runs each side by side with the bot of 3bf7a63 on the loaded sandbox: 4,855 against 5,419
/// cpu-ns a unit) make that 3.95 us (253,000 a second): 245,000 planned, the same margin.
pub(super) const UNITS_PER_SECOND: u64 = 245_000;
/// The most threads that sample a move ([`super::Bot::new`] takes as many as the system offers,
/// up to this): the target machine has two cores.
pub(super) const THREADS_MAX: usize = 2;
/// What a second thread adds to the rate, in per cent of one thread's (its start and the work
/// split cost the rest): 2.57-2.94 us a unit on two threads, game by game, against 5.1 on one.
pub(super) const PARALLEL_PERCENT: u64 = 80;
/// The share of the game's budget the schedule plans to spend, in per cent: the rest is the margin
/// for a machine busy with other work (the referee counts wall-clock time), below the safety net
/// at [`SAFETY_NET_PERCENT`].
pub(super) const PLANNED_SHARE_PERCENT: u64 = 88;
/// Past this share of the game's budget (in per cent) every move is the 1-ply ranking, whatever the
/// schedule says: the wall clock's safety net, so that a slow or busy machine cannot time out.
pub(super) const SAFETY_NET_PERCENT: u32 = 98;
/// From this share of the safety net's time on (in per cent), [`clock_limit`] may shrink the
/// units left: late enough that a stretch of a busy machine early in a game does not change its
/// moves, early enough to spread what the clock allows over the rest of a game on a slow machine.
pub(super) const CLOCK_LIMIT_FROM_PERCENT: u32 = 50;
/// The measured rate below which, in per cent of [`PLANNED_UNITS_PER_SECOND`], the machine is not
/// the one planned for (one core, or two games on two cores) and [`clock_limit`] binds. The sandbox
/// the rates were measured on ran some games up to a third slower than others (its host is
/// shared): a limit that bound there would change their moves, and the net keeps them in time.
pub(super) const SLOW_MACHINE_PERCENT: u64 = 60;
/// The most units one move gets (about 0.2 s at [`PLANNED_UNITS_PER_SECOND`]).
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
/// Deterministic (no clock), so that the same game replays move for move: the units left are
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
/// [`UNITS_PER_SECOND`] and what the second adds ([`PARALLEL_PERCENT`]). The schedule plans
/// with this rate whatever the threads; on a machine that does much less, the clock shrinks the
/// plan ([`clock_limit`]), and the safety net ([`SAFETY_NET_PERCENT`]) keeps every game in time.
pub(super) const PLANNED_UNITS_PER_SECOND: u64 = UNITS_PER_SECOND * (100 + PARALLEL_PERCENT) / 100;

/// The units the schedule may spend of `units_left`, the clock considered: from
/// [`CLOCK_LIMIT_FROM_PERCENT`] of the safety net's time `net` on, on a machine whose rate on the
/// sampled moves so far (`rate_units` in `rate_time`; the time of the 1-ply ranking and of the
/// re-ranking of every move, which units do not count, weighs most on open boards) is below
/// [`SLOW_MACHINE_PERCENT`] of the planned rate, at most what the time left before the net buys
/// at that rate. `used` is the thinking time so far.
///
/// On the machine the rates were measured on this never binds, so games replay move for move; on
/// a much slower one (busy, or a core short) it spreads what the clock allows over the rest of the
/// game instead of leaving the end to the net.
pub(super) fn clock_limit(
    units_left: u64,
    rate_units: u64,
    rate_time: Duration,
    used: Duration,
    net: Duration,
) -> u64 {
    if used < net * CLOCK_LIMIT_FROM_PERCENT / 100 || rate_time.is_zero() {
        return units_left;
    }
    let rate = rate_units as f64 / rate_time.as_secs_f64();
    if rate * 100.0 >= (PLANNED_UNITS_PER_SECOND * SLOW_MACHINE_PERCENT) as f64 {
        return units_left;
    }
    let affordable = rate * net.saturating_sub(used).as_secs_f64();
    units_left.min(affordable as u64)
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

    #[test]
    fn the_clock_limits_the_plan_only_late_and_on_a_machine_much_slower_than_planned() {
        let budget = Duration::from_millis(18_500);
        let net = budget * SAFETY_NET_PERCENT / 100;
        let rate = PLANNED_UNITS_PER_SECOND as f64;
        let total = (budget.as_secs_f64() * rate * PLANNED_SHARE_PERCENT as f64 / 100.0) as u64;
        let at = |spent: u64, slowdown: f64| Duration::from_secs_f64(spent as f64 / rate * slowdown);
        // At the planned rate or a third below it, the plan stands at every point of the game
        // (the net keeps the slower games in time).
        for slowdown in [1.0, 1.35] {
            for tenth in 1..=9 {
                let spent = total * tenth / 10;
                let used = at(spent, slowdown);
                assert_eq!(
                    clock_limit(total - spent, spent, used, used, net),
                    total - spent,
                    "{slowdown} {tenth}"
                );
            }
        }
        // At half the rate (two threads on one core): not before half the net's time...
        let half = net * CLOCK_LIMIT_FROM_PERCENT / 100;
        let early = half - Duration::from_millis(1);
        let spent = (early.as_secs_f64() * rate / 2.0) as u64;
        assert_eq!(clock_limit(total - spent, spent, early, early, net), total - spent);
        // ...and from then on, what the time left buys at the rate measured.
        let left = clock_limit(total - spent, spent, half, half, net);
        let buys = spent as f64 / half.as_secs_f64() * (net - half).as_secs_f64();
        assert!((left as f64 - buys).abs() < 2.0, "{left} {buys}");
        // The rate is that of the sampled moves: other time only counts as time used.
        assert_eq!(clock_limit(total - spent, spent, half / 2, half, net), total - spent);
        // Past the net nothing is left.
        assert_eq!(clock_limit(total, spent, 2 * net, net, net), 0);
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
        let plan = PLANNED_UNITS_PER_SECOND * PLANNED_SHARE_PERCENT / 100 * 185 / 10;
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
