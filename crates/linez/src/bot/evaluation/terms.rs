//! The terms of the evaluation, counted: window structure and line plans, and free space.

use super::regions::{reach_and_borders, EmptyRegions};
use super::windows::{bytes_at_least, windows_in, WindowCounts, WindowSet, WindowTable};
use super::Weights;
use crate::*;

/// The terms of the evaluation of a board, counted: the evaluation is their sum weighted by
/// [`Weights`] ([`EvalTerms::value`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EvalTerms {
    /// Completable one-colour windows (empty cells and numbers of one colour, every gap reachable,
    /// enough numbers of the colour outside), by count of numbers; `open[0]`: empty windows.
    pub open: [i32; 6],
    /// One-colour windows with a gap its colour cannot reach, by count of numbers.
    pub blocked: [i32; 6],
    /// Colours by the numbers their cheapest line still needs (5: no line in sight).
    pub plan: [i32; 6],
    /// Further windows as cheap as each colour's cheapest (at most 3 a colour), summed.
    pub plan_ways: i32,
    /// (empty cell, colour) pairs inside a one-colour window of 2+ of that colour.
    pub useful2: i32,
    /// The same for windows of 3+.
    pub useful3: i32,
    /// Empty cells with no empty neighbour.
    pub isolated: i32,
    /// Empty cells outside the largest empty region.
    pub stranded: i32,

    /// Follow-up: lines the next move can complete (at most 3).
    pub ready: i32,
    /// Follow-up: the best window change of a quiet move.
    pub best_quiet: i32,
}

impl EvalTerms {
    /// The evaluation: the terms weighted by `weights`.
    pub fn value(&self, weights: &Weights) -> i32 {
        let open: i32 = (0..6).map(|n| weights.window[n] * self.open[n]).sum();
        let blocked: i32 = (0..6).map(|n| weights.window[n] * self.blocked[n]).sum();
        let plans: i32 = (0..6).map(|k| weights.plan[k] * self.plan[k]).sum();
        open + blocked * weights.blocked_percent / 100
            + plans
            + weights.plan_ways * self.plan_ways
            + weights.useful2 * self.useful2
            + weights.useful3 * self.useful3
            - (weights.isolated * self.isolated + weights.stranded * self.stranded)
            + weights.follow_up_line * self.ready
            + self.best_quiet
    }
}

/// The free-space terms of the evaluation (costs): isolated and stranded empty cells, from the
/// regions and the count of empty cells the window counts keep (no count of a set's bits).
pub(crate) fn space_terms(counts: &WindowCounts, regions: &EmptyRegions, terms: &mut EvalTerms) {
    terms.isolated = regions.singles() as i32;
    terms.stranded = i32::from(counts.supply[0]) - regions.largest() as i32;
}

/// The cells of the seven sets `sets[1..8]` counted together, those in `within` only: the sets
/// summed bit by bit in carry-save adders (ones, twos, fours), three counts of bits instead of
/// seven (a count is two dozen instructions without `popcnt`). Pinned against the counts.
#[inline]
fn cells_in_sets(sets: &[CellSet; 8], within: CellSet) -> i32 {
    let add = |a: CellSet, b: CellSet, c: CellSet| {
        let half = a ^ b;
        (half ^ c, (a & b) | (half & c))
    };
    let (ones_a, twos_a) = add(sets[1], sets[2], sets[3]);
    let (ones_b, twos_b) = add(sets[4], sets[5], sets[6]);
    let (ones, twos_c) = add(ones_a, ones_b, sets[7]);
    let (twos, fours) = add(twos_a, twos_b, twos_c);
    ((ones & within).count_ones() + 2 * (twos & within).count_ones() + 4 * (fours & within).count_ones())
        as i32
}

/// The colour (1..=7) that owns 3 or more of a window's numbers, given the window's counts by
/// colour (index 0: its empty cells, ignored), if any; at most one can, as a window holds 5 cells.
///
/// Branch-free: adding 0x7D to a count byte sets its bit 7 exactly when the count is 3 or more (a
/// count is at most 5, so no byte carries into the next). Pinned against the plain scan.
#[inline]
pub(crate) fn owner_of_three(by_colour: [u8; 8]) -> Option<usize> {
    let counts = u64::from_le_bytes(by_colour) & !0xFF;
    let owners = counts.wrapping_add(0x7D7D_7D7D_7D7D_7D7D) & 0x8080_8080_8080_8080;
    (owners != 0).then(|| (owners.trailing_zeros() / 8) as usize)
}

/// The windows [`structure_terms`] reads, as two sets: those of one colour and, with `dirty`
/// (dirty plans on), the mixed ones with an owner of three (they hold 4+ numbers); and how many
/// windows are empty (counted only). Found eight windows at a time ([`WindowCounts::window_set`]),
/// the owners from [`WindowCounts::owned`]. Pinned against the plain filter.
#[inline]
fn plan_windows(counts: &WindowCounts, dirty: bool) -> (WindowSet, WindowSet, i32) {
    let single = counts.windows_of_colours(1);
    let owned = if dirty {
        counts.window_set(|colours, owned| bytes_at_least(colours, 2) & bytes_at_least(owned, 1))
    } else {
        [0; 3]
    };
    let empty = counts.windows_counted(|colours| !bytes_at_least(colours, 1));
    (single, owned, empty as i32)
}

/// A plan of `cost` numbers for a colour whose cheapest so far is `cheapest`, with `ways` further
/// windows as cheap. (Without branches: as many cycles, more instructions.)
#[inline]
fn add_plan(cheapest: &mut u8, ways: &mut i32, cost: u8) {
    if cost < *cheapest {
        *cheapest = cost;
        *ways = 0;
    } else if cost == *cheapest {
        *ways += 1;
    }
}

/// All ones if `keep`, else none: a set kept or dropped without a branch (whether a window's cells
/// are useful, by its numbers, is what the predictor cannot guess).
#[inline]
fn all_if(keep: bool) -> CellSet {
    0u128.wrapping_sub(CellSet::from(keep))
}

/// The structure of a board: every 5-cell window of one colour scores [`Weights::window`] by its
/// count, at full weight when it can be completed (enough numbers of its colour outside it, every
/// gap reachable by one) and at [`Weights::blocked_percent`] otherwise; plus the line plans: for
/// each colour, the fewest numbers still to move into a completable window, valued by
/// [`Weights::plan`], and [`Weights::plan_ways`] per other window as cheap (robustness against
/// placements that block one).
pub(crate) fn structure_terms(
    table: &WindowTable,
    counts: &WindowCounts,
    board: &Board,
    regions: &EmptyRegions,
    weights: &Weights,
    terms: &mut EvalTerms,
) {
    let (supply, of_colour) = (&counts.supply, &counts.of_colour);
    let (reach, borders) = reach_and_borders(of_colour, regions);
    let empty = board.empty_cells();
    // Per colour, the empty cells its numbers cannot reach: a window of the colour with one of
    // them is blocked.
    let unreachable = reach.map(|reach| empty & !reach);
    // Strict supply; one region (an open board) needs no check.
    let strict = regions.sets().len() > 1;
    let mut cheapest = [5u8; 8];
    let mut ways = [0i32; 8];
    let mut useful2 = [0 as CellSet; 8];
    let mut useful3 = [0 as CellSet; 8];
    let (single, owned, empty_windows) = plan_windows(counts, weights.dirty_plans != 0);
    terms.open[0] += empty_windows;
    for w in windows_in(single) {
        let colour = counts.colour_set[w].trailing_zeros() as usize;
        let numbers = counts.numbers[w];
        let missing = 5 - numbers;
        let mask = table.masks[w];
        useful2[colour] |= mask & all_if(numbers >= 2);
        useful3[colour] |= mask & all_if(numbers >= 3);
        if mask & unreachable[colour] != 0 {
            terms.blocked[(numbers as usize).min(5)] += 1;
            continue;
        }
        terms.open[(numbers as usize).min(5)] += 1;
        // Only a window at most as dear as the colour's cheapest so far changes the plan terms, so
        // the dearer ones skip the supply checks (in any order of the windows: the same terms).
        if missing > cheapest[colour] || supply[colour] - numbers < missing {
            continue;
        }
        if strict && missing > 0 {
            // The numbers of the colour outside the window next to a region of its gaps (the
            // borders of the regions, as found for the reach).
            let mut gap_borders: CellSet = 0;
            for gap in cells_of(mask & empty) {
                gap_borders |= borders[regions.id[gap] as usize];
            }
            let near = gap_borders & of_colour[colour] & !mask;
            // A count of bits: cheaper than taking cells off one at a time, a loop whose length
            // the predictor cannot guess (or all four taken off, unrolled).
            if near.count_ones() < u32::from(missing) {
                continue;
            }
        }
        add_plan(&mut cheapest[colour], &mut ways[colour], missing);
    }
    // The mixed windows with an owner of three (none without dirty plans).
    for w in windows_in(owned) {
        let colour = owner_of_three(counts.by_colour[w]).expect("plan_windows keeps owned windows");
        let own = counts.by_colour[w][colour];
        if supply[colour] < 5 || table.masks[w] & unreachable[colour] != 0 {
            continue;
        }
        add_plan(&mut cheapest[colour], &mut ways[colour], 5 + counts.numbers[w] - 2 * own);
    }
    for colour in 1..8 {
        terms.plan[cheapest[colour] as usize] += 1;
        terms.plan_ways += ways[colour].min(3);
    }
    terms.useful2 += cells_in_sets(&useful2, empty);
    terms.useful3 += cells_in_sets(&useful3, empty);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::{plain_window_score, random_board};
    use crate::bot::evaluation::windows::WINDOWS;
    use crate::bot::evaluation::Evaluator;
    use crate::{flood, Cell, ALL_CELLS, CELLS};

    #[test]
    fn counted_window_terms_weigh_to_the_plain_window_score() {
        // With every window at full weight, the open and blocked windows of `EvalTerms`, weighted,
        // are the plain window score: each one-colour window counted once, by its numbers.
        let weights = Weights { blocked_percent: 100, ..Weights::default() };
        let bot = Evaluator::new(weights);
        let mut state = 3u64;
        for density in [10, 40, 70] {
            for _ in 0..20 {
                let board = random_board(&mut state, density);
                let terms = bot.terms(&board, false);
                let counted: i32 =
                    (0..6).map(|n| weights.window[n] * (terms.open[n] + terms.blocked[n])).sum();
                assert_eq!(counted, plain_window_score(&board, &weights), "\n{board}");
                assert_eq!(terms.plan.iter().sum::<i32>(), 7, "one plan cost per colour");
            }
        }
    }

    #[test]
    fn owner_of_three_matches_the_plain_scan() {
        // Every way to share 5 cells among empty (index 0) and the 7 colours.
        let mut checked = 0;
        for code in 0..6u32.pow(8) {
            let mut counts = [0u8; 8];
            let mut rest = code;
            for count in counts.iter_mut() {
                *count = (rest % 6) as u8;
                rest /= 6;
            }
            if counts.iter().map(|&c| u32::from(c)).sum::<u32>() != 5 {
                continue;
            }
            let plain = (1..8).find(|&colour| counts[colour] >= 3);
            assert_eq!(owner_of_three(counts), plain, "{counts:?}");
            checked += 1;
        }
        assert_eq!(checked, 792, "C(12, 7) ways to share 5 cells among 8 kinds");
    }

    /// The plan terms computed plainly: every window judged on its own (board.reachable_from for
    /// the reach, the numbers next to each gap for strict supply), then each colour's cheapest
    /// cost and how many further windows share it.
    fn plain_plan_terms(board: &Board) -> ([i32; 6], i32) {
        let table = WindowTable::new();
        let mut costs: Vec<Vec<u8>> = vec![Vec::new(); 8];
        let empty = board.empty_cells();
        let regions: std::collections::HashSet<CellSet> =
            cells_of(empty).map(|at| flood(1u128 << at, empty)).collect();
        let regions = regions.len();
        for cells in &table.cells {
            let mut by_colour = [0u8; 8];
            for &at in cells {
                by_colour[board.get(at as usize) as usize] += 1;
            }
            let gaps: Vec<Cell> =
                cells.iter().map(|&at| at as usize).filter(|&at| board.get(at) == 0).collect();
            let present: Vec<usize> = (1..8).filter(|&c| by_colour[c] > 0).collect();
            let numbers = 5 - by_colour[0];
            // The numbers of `colour` outside the window that can move into its gap `gap`.
            let movers = |colour: usize, gap: Cell| -> Vec<Cell> {
                cells_of(board.occupied_cells())
                    .filter(|&a| board.get(a) as usize == colour && !cells.contains(&(a as u8)))
                    .filter(|&a| board.reachable_from(a) >> gap & 1 == 1)
                    .collect()
            };
            let supply =
                |colour: usize| board.colours().iter().filter(|&&c| c as usize == colour).count() as u8;
            match present[..] {
                [colour] => {
                    let missing = 5 - numbers;
                    if gaps.iter().any(|&gap| {
                        movers(colour, gap).is_empty() && {
                            // Reachable by a number of the colour inside the window counts too.
                            !cells_of(board.occupied_cells()).any(|a| {
                                board.get(a) as usize == colour && board.reachable_from(a) >> gap & 1 == 1
                            })
                        }
                    }) {
                        continue;
                    }
                    if supply(colour) - numbers < missing {
                        continue;
                    }
                    let near: std::collections::HashSet<Cell> =
                        gaps.iter().flat_map(|&gap| movers(colour, gap)).collect();
                    // Strict supply applies to boards of more than one empty region (the bot
                    // takes an open board's numbers to be free to move).
                    if regions > 1 && missing > 0 && (near.len() as u8) < missing {
                        continue;
                    }
                    costs[colour].push(missing);
                }
                _ if numbers >= 4 => {
                    let Some(colour) = (1..8).find(|&c| by_colour[c] >= 3) else { continue };
                    let reachable = gaps.iter().all(|&gap| {
                        cells_of(board.occupied_cells()).any(|a| {
                            board.get(a) as usize == colour && board.reachable_from(a) >> gap & 1 == 1
                        })
                    });
                    if supply(colour) < 5 || !reachable {
                        continue;
                    }
                    costs[colour].push(5 + numbers - 2 * by_colour[colour]);
                }
                _ => {}
            }
        }
        let (mut plan, mut ways) = ([0i32; 6], 0);
        for colour_costs in &costs[1..] {
            let cheapest = colour_costs.iter().copied().min().unwrap_or(5).min(5);
            plan[cheapest as usize] += 1;
            let same = colour_costs.iter().filter(|&&c| c == cheapest).count() as i32;
            ways += (same - 1).clamp(0, 3);
        }
        (plan, ways)
    }

    #[test]
    fn plan_terms_match_the_plain_window_by_window_plans() {
        // `structure_terms` skips the supply checks of a window dearer than its colour's cheapest
        // so far, and reads strict supply from region borders: the same terms as judging every
        // window on its own.
        let mut state = 41u64;
        let eval = Evaluator::new(Weights::default());
        for density in [30, 50, 60, 70, 80] {
            for _ in 0..80 {
                let board = random_board(&mut state, density);
                let terms = eval.terms(&board, false);
                assert_eq!((terms.plan, terms.plan_ways), plain_plan_terms(&board), "\n{board}");
            }
        }
    }

    #[test]
    fn strict_supply_counts_only_numbers_that_can_reach_the_gap() {
        // Four 1s in the top row with their gap walled in by a 2 and a 3: the fifth 1, far away,
        // cannot reach it, so the line is no plan with strict supply; the cheapest left is the
        // mixed window 1 1 1 . 2 (three 1s to keep, the 2 to move out, two to bring in: 3).
        let mut colours = [0u8; CELLS];
        for column in 0..4 {
            colours[crate::cell(0, column)] = 1;
        }
        colours[crate::cell(0, 5)] = 2;
        colours[crate::cell(1, 4)] = 3;
        colours[crate::cell(8, 8)] = 1;
        let board = Board::from_colours(colours);
        let eval = Evaluator::new(Weights::default());
        assert_eq!(eval.terms(&board, false).plan, [0, 0, 0, 1, 0, 6]);
        // Without the 3 the gap joins the big region, the fifth 1 can reach it: a plan of 1.
        colours[crate::cell(1, 4)] = 0;
        let open = Board::from_colours(colours);
        assert_eq!(eval.terms(&open, false).plan, [0, 1, 0, 0, 0, 6]);
    }

    #[test]
    fn plan_windows_are_the_one_colour_and_owned_mixed_windows_in_order() {
        let table = WindowTable::new();
        let mut state = 29u64;
        for density in [0, 20, 50, 70, 90] {
            for _ in 0..30 {
                let board = random_board(&mut state, density);
                let counts = WindowCounts::new(&table, &board);
                for dirty in [false, true] {
                    let plain_single: Vec<usize> = (0..WINDOWS).filter(|&w| counts.colours[w] == 1).collect();
                    let plain_owned: Vec<usize> = (0..WINDOWS)
                        .filter(|&w| {
                            dirty && counts.colours[w] >= 2 && owner_of_three(counts.by_colour[w]).is_some()
                        })
                        .collect();
                    let empty = (0..WINDOWS).filter(|&w| counts.colours[w] == 0).count() as i32;
                    let (single, owned, found_empty) = plan_windows(&counts, dirty);
                    assert_eq!(windows_in(single).collect::<Vec<_>>(), plain_single, "\n{board}");
                    assert_eq!(windows_in(owned).collect::<Vec<_>>(), plain_owned, "\n{board}");
                    assert_eq!(found_empty, empty, "\n{board}");
                }
            }
        }
    }

    #[test]
    fn add_plan_keeps_the_cheapest_and_counts_the_ties() {
        let mut state = 47u64;
        for _ in 0..200 {
            let (mut cheapest, mut ways) = (5u8, 0i32);
            let mut costs = Vec::new();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for _ in 0..(state >> 59) {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let cost = (state >> 61) as u8 % 5;
                costs.push(cost);
                add_plan(&mut cheapest, &mut ways, cost);
            }
            let min = costs.iter().copied().min().unwrap_or(5);
            let ties = costs.iter().filter(|&&c| c == min).count() as i32;
            assert_eq!((cheapest, ways), (min, (ties - 1).max(0)), "{costs:?}");
        }
        assert_eq!(all_if(true), CellSet::MAX);
        assert_eq!(all_if(false), 0);
    }

    #[test]
    fn cells_in_sets_is_the_sum_of_the_counts() {
        let mut state = 43u64;
        for round in 0..500 {
            let mut sets = [0 as CellSet; 8];
            for set in sets.iter_mut() {
                *set = random_board(&mut state, [0, 10, 50, 90, 100][round % 5]).occupied_cells();
            }
            let within = random_board(&mut state, 60).empty_cells();
            let plain: u32 = sets[1..].iter().map(|set| (set & within).count_ones()).sum();
            assert_eq!(cells_in_sets(&sets, within), plain as i32);
            assert_eq!(
                cells_in_sets(&sets, ALL_CELLS),
                sets[1..].iter().map(|s| s.count_ones() as i32).sum()
            );
        }
        assert_eq!(cells_in_sets(&[ALL_CELLS; 8], ALL_CELLS), 7 * CELLS as i32);
    }
}
