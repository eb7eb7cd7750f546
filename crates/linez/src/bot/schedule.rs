//! The schedule: how much work each move gets, counted in deterministic work units so that a game
//! replays move for move; the wall clock only trims the plan and guards. Pure functions of the
//! game so far ([`game_plan`], [`effort_for`], [`clock_limit`]); [`super::Bot::choose`] applies
//! them.

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

/// Work units taken per second of one thread: one unit is about one placement sample of depth 1;
/// a rollout costs [`rollout_ply_quarters`] quarter units a ply. Measured on whole games on an
/// idle machine, `LINEZ_THREADS=1 linez-tune costs 4 9 8000 1` (`ns/unit` of `all moves`, the
/// units the searches took, every move's time included; the 2-core AMD EPYC sandbox: 7,145 ns,
/// 140,000 a second). Earlier calibrations: crates/linez/RESULTS.md, "The schedule's calibration".
pub(super) const UNITS_PER_SECOND: u64 = 140_000;
/// The most threads that sample a move ([`super::Bot::new`] takes as many as the system offers,
/// up to this): the target machine has two cores.
pub(super) const THREADS_MAX: usize = 2;
/// What a second thread adds to the rate, in per cent of one thread's (its start and the work
/// split cost the rest): `linez-tune costs 4 9 8000 2` against the same on one thread (the same
/// sandbox: 4,040 ns a unit on two threads, 7,145 on one).
pub(super) const PARALLEL_PERCENT: u64 = 77;
/// The game's plan in per cent of what its budget buys at the planned rate: more than all of it,
/// since the schedule spreads the units left over more moves than most games last (short games
/// leave much of the plan unspent); in a long game or on a slower machine [`clock_limit`] trims
/// it to what the clock allows, below the safety net at [`SAFETY_NET_PERCENT`] (how it was set:
/// crates/linez/RESULTS.md, "The schedule's calibration").
pub(super) const PLANNED_SHARE_PERCENT: u64 = 212;
/// Past this share of the game's budget (in per cent) every move is the 1-ply ranking, whatever the
/// schedule says: the wall clock's safety net, so that a slow or busy machine cannot time out.
pub(super) const SAFETY_NET_PERCENT: u32 = 98;
/// From this share of the safety net's time on (in per cent), [`clock_limit`] may shrink the
/// units left: late enough that a stretch of a busy machine early in a game does not change its
/// moves, early enough to spread what the clock allows over the rest of a game on a slow machine.
pub(super) const CLOCK_LIMIT_FROM_PERCENT: u32 = 50;
/// The most units one move gets (about 1.6 s at [`PLANNED_UNITS_PER_SECOND`] if it took them
/// all): it binds only on the first death-phase moves of a game, when most of the plan is left.
pub(super) const MOVE_UNITS_MAX: u64 = 400_000;
/// The most depth-1 samples one move gets (more does not help).
pub(super) const MOVE_SHALLOW_MAX: u64 = 480;
/// The quarter units one ply of a rollout costs on a crowded board (a 4-ply rollout: 6 units);
/// fuller boards cost less ([`rollout_ply_quarters`]).
pub(super) const ROLLOUT_PLY_QUARTERS: u64 = 6;

/// The quarter units one ply of a rollout costs on a board holding `numbers` numbers: what its
/// time costs, so that a unit is about the same time on every board. Rollouts on fuller boards end
/// sooner (a placement fills the board) and their boards have fewer moves: at 6 quarters a ply
/// everywhere a unit took 1,974 ns from 40 numbers, 1,770 from 50, 1,364 from 55, 1,134 from 60
/// and 688 from 65 (`linez-tune costs 4 9 8000 2`, two threads, the 2-core AMD EPYC sandbox).
pub(super) fn rollout_ply_quarters(numbers: u32) -> u64 {
    match numbers {
        0..=49 => ROLLOUT_PLY_QUARTERS,
        50..=54 => 5,
        55..=59 => 4,
        60..=64 => 3,
        _ => 2,
    }
}

/// The most [`offered_units`] scales the units left up by, in per cent.
pub(super) const STOP_SCALE_MAX_PERCENT: u64 = 160;

/// The units left as the moves' efforts are offered them: `units_left` scaled by the units this
/// game's crowded moves were offered over those they took (`offered` over `taken`, at most
/// [`STOP_SCALE_MAX_PERCENT`]). Successive halving stops early on about half of what it is offered
/// (whole games at 8,000 units a move: 5.3 M taken of 9.4 M), and the schedule spreads the units
/// left over the moves left as if each took its effort: without the scale a game that dies leaves
/// what was not taken. Capped, because the whole ratio (about 1.8) spent long games' time early
/// and starved their ends (crates/linez/RESULTS.md, "The units the stops leave"). Deterministic
/// (units, not time), so games still replay.
pub(super) fn offered_units(units_left: u64, offered: u64, taken: u64) -> u64 {
    if taken == 0 {
        return units_left;
    }
    let percent = (100 * u128::from(offered) / u128::from(taken)).min(u128::from(STOP_SCALE_MAX_PERCENT));
    let scaled = u128::from(units_left) * percent / 100;
    u64::try_from(scaled).unwrap_or(u64::MAX)
}

/// The fewest units a move gets while the schedule has any left (below: [`Effort::FAST`]).
pub(super) const MOVE_UNITS_MIN: u64 = 64;
/// The game length the schedule plans for at least, in crowded moves (those whose samples roll
/// out: the moves on open boards spend at most [`MOVE_SHALLOW_MAX`] units, and games alternate
/// between the two, a third to two thirds of their moves open): a game that has lasted `m` crowded
/// moves is expected to last about `m` more, never fewer than this.
pub(super) const PLANNED_MOVES: u64 = 300;

/// The numbers on the board from which a move is in the death phase: the schedule gives it
/// [`DEATH_PHASE_SHARES`] planned shares instead of the 2 of other crowded boards.
pub(super) const DEATH_PHASE_FROM: u32 = 52;
/// The planned shares of a move in the death phase (see [`effort_for`]).
pub(super) const DEATH_PHASE_SHARES: u64 = 4;
/// The moves a death-phase board is expected to last per empty cell, besides half the crowded
/// moves so far (see [`moves_left`]): 145 at 52 numbers and 75 at 66 after none, 245 and 175 after
/// 200.
pub(super) const DEATH_PHASE_MOVES_PER_EMPTY: u64 = 5;

/// The cells of the board.
const CELLS: u32 = 81;

/// The crowded moves the schedule spreads the units left over, after `moves` crowded moves, on a
/// board holding `numbers` numbers: a game that has lasted `m` is expected to last about `m`
/// more, never fewer than [`PLANNED_MOVES`]; a board in the death phase ([`DEATH_PHASE_FROM`]
/// numbers and more), which suggests the end is near, at most [`DEATH_PHASE_MOVES_PER_EMPTY`]
/// moves an empty cell plus `m / 2` (a game that has lasted long survives its death phases
/// longer). So a game that dies in its first death phase spends most of the plan there instead of
/// leaving it unspent, and a long game does not run out.
pub(super) fn moves_left(moves: u64, numbers: u32) -> u64 {
    let planned = PLANNED_MOVES.max(moves);
    if numbers < DEATH_PHASE_FROM {
        return planned;
    }
    let empty = u64::from(CELLS.saturating_sub(numbers));
    planned.min(DEATH_PHASE_MOVES_PER_EMPTY * empty + moves / 2).max(1)
}

/// The effort for a move after `moves` crowded moves (samples that roll out) on a board holding
/// `numbers` numbers when `units_left` units remain, for a board whose samples cost `sample_cost`
/// units each ([`super::Bot::sample_cost`]).
///
/// Deterministic (no clock), so that the same game replays move for move: the units left are
/// spread over the moves expected to remain ([`moves_left`]: `max(PLANNED_MOVES, moves)`, fewer
/// on a death-phase board), so a long game slows down gradually instead of running out. Crowded
/// boards (deep samples, where games are lost) get twice the share, boards in the death phase
/// ([`DEATH_PHASE_FROM`] numbers and more, where survival keeps growing with the units)
/// [`DEATH_PHASE_SHARES`] times: open boards spend at most [`MOVE_SHALLOW_MAX`] of theirs.
pub(super) fn effort_for(units_left: u64, moves: u64, sample_cost: u64, numbers: u32) -> Effort {
    let share = match (sample_cost > 1, numbers >= DEATH_PHASE_FROM) {
        (false, _) => 1,
        (true, false) => 2,
        (true, true) => DEATH_PHASE_SHARES,
    };
    // An open board is not in the death phase, however many numbers it holds.
    let remaining = if sample_cost > 1 { moves_left(moves, numbers) } else { PLANNED_MOVES.max(moves) };
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

/// The units a game with `budget` of thinking plans to spend: [`PLANNED_SHARE_PERCENT`] of what
/// the budget buys at [`PLANNED_UNITS_PER_SECOND`].
pub(super) fn game_plan(budget: Duration) -> u64 {
    (budget.as_secs_f64() * (PLANNED_UNITS_PER_SECOND * PLANNED_SHARE_PERCENT / 100) as f64) as u64
}

/// The units the schedule may spend of `units_left`, the clock considered: from
/// [`CLOCK_LIMIT_FROM_PERCENT`] of the safety net's time `net` on, at most what the time left
/// before the net buys at the rate of the sampled moves so far (`rate_units` in `rate_time`; the
/// time of the 1-ply ranking and of the re-ranking of every move, which units do not count, weighs
/// most on open boards). `used` is the thinking time so far.
///
/// The plan ([`PLANNED_SHARE_PERCENT`]) is more than the budget buys at the planned rate, since
/// most games end before they spend it: in a long game, or on a slower machine, this limit is what
/// spreads the time left over the rest of the game instead of leaving its end to the net.
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
    fn the_clock_limits_the_plan_from_half_the_net_to_what_the_time_left_buys() {
        let net = crate::GAME_BUDGET * SAFETY_NET_PERCENT / 100;
        let rate = PLANNED_UNITS_PER_SECOND as f64;
        let total = game_plan(crate::GAME_BUDGET);
        let half = net * CLOCK_LIMIT_FROM_PERCENT / 100;
        for slowdown in [0.8, 1.0, 2.0] {
            for tenth in 1..=9 {
                let spent = total * tenth / 10;
                let used = Duration::from_secs_f64(spent as f64 / rate * slowdown);
                let left = clock_limit(total - spent, spent, used, used, net);
                if used < half {
                    // Early in the game the plan stands, however slow the machine.
                    assert_eq!(left, total - spent, "{slowdown} {tenth}");
                } else {
                    // Later, what the time left buys at the rate measured, if less.
                    let buys = rate / slowdown * net.saturating_sub(used).as_secs_f64();
                    assert!(
                        (left as f64 - buys.min((total - spent) as f64)).abs() < 2.0,
                        "{slowdown} {tenth}"
                    );
                }
            }
        }
        // The plan is more than the budget buys at the planned rate: past half the net, the limit
        // binds on the machine planned for too.
        let spent = (half.as_secs_f64() * rate) as u64;
        assert!(clock_limit(total - spent, spent, half, half, net) < total - spent);
        // The rate is that of the sampled moves: other time only counts as time used.
        let left = clock_limit(total - spent, spent, half / 2, half, net);
        let buys = spent as f64 / (half / 2).as_secs_f64() * (net - half).as_secs_f64();
        assert!((left as f64 - buys.min((total - spent) as f64)).abs() < 2.0, "{left} {buys}");
        // Past the net nothing is left.
        assert_eq!(clock_limit(total, spent, 2 * net, net, net), 0);
    }

    #[test]
    fn the_units_left_are_scaled_by_what_the_moves_offered_over_what_they_took() {
        assert_eq!(offered_units(1_000, 0, 0), 1_000);
        assert_eq!(offered_units(1_000, 500, 500), 1_000);
        assert_eq!(offered_units(1_000, 600, 500), 1_200);
        // At most 160%, however early the stops.
        assert_eq!(offered_units(1_000, 900, 500), 1_600);
        assert_eq!(offered_units(1_000, 5_000, 500), 1_600);
        assert_eq!(offered_units(u64::MAX, 3, 1), u64::MAX);
        // So a move's effort grows with it, up to the cap of a move.
        let left = game_plan(crate::GAME_BUDGET);
        let plain = effort_for(left, 10, ROLLOUT_PLY_QUARTERS, 45).units(ROLLOUT_PLY_QUARTERS);
        let scaled = effort_for(offered_units(left, 2, 1), 10, ROLLOUT_PLY_QUARTERS, 45);
        let scaled = scaled.units(ROLLOUT_PLY_QUARTERS);
        assert!(scaled as f64 > 1.55 * plain as f64 && scaled <= MOVE_UNITS_MAX, "{plain} {scaled}");
    }

    #[test]
    fn the_death_phase_gets_more_than_twice_the_units_of_other_crowded_boards_the_more_the_fuller() {
        let left = 20 * UNITS_PER_SECOND / 20;
        let samples = |moves, numbers| {
            let effort = effort_for(left, moves, ROLLOUT_PLY_QUARTERS, numbers);
            effort.candidates * effort.samples
        };
        // The death phase plans over the moves the board suggests are left: 5 an empty cell...
        assert_eq!(moves_left(0, DEATH_PHASE_FROM - 1), PLANNED_MOVES);
        assert_eq!(moves_left(0, DEATH_PHASE_FROM), 5 * 29);
        assert_eq!(moves_left(0, 66), 5 * 15);
        assert_eq!(moves_left(0, 81), 1);
        // ...plus half the moves so far, never more than other boards.
        assert_eq!(moves_left(200, 66), 5 * 15 + 100);
        assert_eq!(moves_left(2 * PLANNED_MOVES, DEATH_PHASE_FROM - 1), 2 * PLANNED_MOVES);
        assert_eq!(moves_left(2 * PLANNED_MOVES, 66), 5 * 15 + PLANNED_MOVES);
        assert_eq!(moves_left(2 * PLANNED_MOVES, 40), 2 * PLANNED_MOVES);
        // So it gets more than twice the units of other crowded boards, the more the fuller.
        for moves in [0, PLANNED_MOVES, 3 * PLANNED_MOVES] {
            let crowded = samples(moves, DEATH_PHASE_FROM - 1);
            let death = samples(moves, DEATH_PHASE_FROM);
            assert!(death > 2 * crowded, "{moves}: {crowded} {death}");
            assert!(samples(moves, 66) > death, "{moves}");
        }
        // Open boards are not crowded, however many numbers: their share is 1.
        assert_eq!(effort_for(left, 0, 1, DEATH_PHASE_FROM), effort_for(left, 0, 1, 10));
    }

    /// The effort of 1105df9's schedule (the one before crowded moves were counted and the death
    /// phase planned by the moves left): every move counted, at least 400, at most 80,000 units.
    fn effort_1105df9(left: u64, moves: u64, cost: u64, numbers: u32) -> Effort {
        let share = match (cost > 1, numbers >= DEATH_PHASE_FROM) {
            (false, _) => 1,
            (true, false) => 2,
            (true, true) => DEATH_PHASE_SHARES,
        };
        effort_of_units((share * left / 400.max(moves)).min(80_000), cost)
    }

    /// The share of the game's plan a schedule spends over a synthetic game of `moves` moves:
    /// the mix of boards of whole games (`linez-tune costs 4 9 8000 1`: 32% open, 43% with 40-51
    /// numbers, 24% with 52+) in that order, the numbers of the death phase rising from 52 by one
    /// every 4 moves up to 70; `old`: 1105df9's schedule, else this one.
    fn planned_spend(moves: u64, old: bool) -> f64 {
        let plan = game_plan(crate::GAME_BUDGET);
        let (mut left, mut crowded_moves) = (plan, 0);
        let (open, crowded) = (moves * 32 / 100, moves * 75 / 100);
        for m in 0..moves {
            let numbers = match m {
                m if m < open => 30,
                m if m < crowded => 45,
                m => (DEATH_PHASE_FROM + ((m - crowded) / 4) as u32).min(70),
            };
            let cost = if numbers < 40 { 1 } else { ROLLOUT_PLY_QUARTERS };
            let effort = if old {
                effort_1105df9(left, m, cost, numbers)
            } else {
                effort_for(left, crowded_moves, cost, numbers)
            };
            left -= effort.units(cost);
            crowded_moves += u64::from(cost > 1);
        }
        1.0 - left as f64 / plan as f64
    }

    #[test]
    fn short_games_spend_most_of_the_plan_in_their_death_phase() {
        // 1105df9's schedule left 40% of the plan unspent in a game of 200 moves, 18% in one of
        // 374 (the mean length on seeds 5001-5200).
        assert!((planned_spend(200, true) - 0.60).abs() < 0.03, "{}", planned_spend(200, true));
        assert!((planned_spend(374, true) - 0.82).abs() < 0.03, "{}", planned_spend(374, true));
        // This one 83% at 200 moves, 95% at 374.
        for (moves, at_least) in [(150, 0.72), (200, 0.82), (250, 0.88), (374, 0.94), (600, 0.98)] {
            let spent = planned_spend(moves, false);
            assert!((at_least..1.0).contains(&spent), "{moves} moves: {spent}");
        }
    }

    #[test]
    fn long_games_that_survive_their_death_phases_do_not_run_out() {
        // A game of 1,000 moves, each 100 of them 30 on an open board, 50 on a crowded one and
        // 20 in the death phase (56 numbers): every move of its last death phase still samples,
        // at least 8 candidates 4 times each (1105df9's schedule gave about five times that: this
        // one spends more of the plan before; on the clock, a long game is the one the clock's
        // limit trims, not the plan).
        let (mut left, mut crowded_moves) = (game_plan(crate::GAME_BUDGET), 0);
        for m in 0..1_000u64 {
            let (cost, numbers) = match m % 100 {
                r if r < 30 => (1, 30),
                r if r < 80 => (ROLLOUT_PLY_QUARTERS, 45),
                _ => (ROLLOUT_PLY_QUARTERS, 56),
            };
            let effort = effort_for(left, crowded_moves, cost, numbers);
            if m >= 980 && numbers >= DEATH_PHASE_FROM {
                assert_ne!(effort, Effort::FAST, "move {m}");
                assert!(effort.candidates >= 8 && effort.samples >= 4, "move {m}: {effort:?}");
            }
            left -= effort.units(cost);
            crowded_moves += u64::from(cost > 1);
        }
    }
}
