//! The window terms of a board kept window by window ([`Ledger`]), so that a board one quiet move
//! away is evaluated from the windows the move can change: the rollout policy's options.

use super::regions::{colour_reach, EmptyRegions};
use super::terms::{owner_of_three, EvalTerms};
use super::windows::{
    bytes_at_least, windows_in, WindowCounts, WindowSet, WindowTable, MAX_WINDOWS_PER_CELL, WINDOWS,
};
use super::{Evaluator, Weights};
use crate::*;

/// A window's part of the terms, packed: bit 0 set for a one-colour or empty window (open or
/// blocked), bit 1 blocked, bits 2-4 its count of numbers (at most 5), bits 5-7 the colour of its
/// plan and bits 8-10 the plan's cost (7: no plan). [`NONE`]: no part.
type Part = u16;
const NONE: Part = 7 << 8;
const NO_PLAN: u16 = 7;

/// What a window's part depends on beyond its own counts: the board's reach by colour, regions,
/// whether supply is strict, and the counts of numbers by colour.
struct Context<'a> {
    unreachable: [CellSet; 8],
    regions: &'a EmptyRegions,
    empty: CellSet,
    strict: bool,
    dirty_plans: bool,
}

/// The part of window `w` (see [`Part`]): what `structure_terms` adds for it, the plan's cost
/// judged on its own (no cheapest-first skip: the terms are the same).
#[inline]
fn window_part(table: &WindowTable, counts: &WindowCounts, context: &Context, w: usize) -> Part {
    let colours = counts.colours[w];
    let mask = table.masks[w];
    if colours == 0 {
        return 1;
    }
    if colours == 1 {
        let colour = counts.colour_set[w].trailing_zeros() as usize;
        let numbers = counts.numbers[w];
        let index = Part::from(numbers.min(5)) << 2;
        if mask & context.unreachable[colour] != 0 {
            return 1 | 2 | index | NONE;
        }
        let missing = 5 - numbers;
        let supply = counts.supply[colour];
        let mut plan = supply - numbers >= missing;
        if plan && context.strict && missing > 0 {
            let mut gap_regions: CellSet = 0;
            for gap in cells_of(mask & context.empty) {
                gap_regions |= context.regions.sets()[context.regions.id[gap] as usize];
            }
            let near = neighbours(gap_regions) & counts.of_colour[colour] & !mask;
            plan = near.count_ones() >= u32::from(missing);
        }
        let cost = if plan { Part::from(missing) } else { NO_PLAN };
        return 1 | index | (colour as Part) << 5 | cost << 8;
    }
    if !context.dirty_plans || counts.owned[w] == 0 {
        return NONE;
    }
    let colour = owner_of_three(counts.by_colour[w]).expect("an owned window has an owner");
    if counts.supply[colour] < 5 || mask & context.unreachable[colour] != 0 {
        return NONE;
    }
    let own = counts.by_colour[w][colour];
    (colour as Part) << 5 | Part::from(5 + counts.numbers[w] - 2 * own) << 8
}

/// The sums of the window parts: open and blocked windows by count, plans by colour and cost.
#[derive(Clone, Copy)]
struct Sums {
    open: [i32; 6],
    blocked: [i32; 6],
    plans: [[i32; 8]; 8],
}

impl Sums {
    #[inline]
    fn add(&mut self, part: Part, sign: i32) {
        if part & 1 == 1 {
            let index = usize::from(part >> 2 & 7);
            if part & 2 == 2 {
                self.blocked[index] += sign;
            } else {
                self.open[index] += sign;
            }
        }
        self.plans[usize::from(part >> 5 & 7)][usize::from(part >> 8 & 7)] += sign;
    }

    /// The terms these sums give, with the useful and free-space terms.
    fn terms(&self, useful: (i32, i32), isolated: i32, stranded: i32) -> EvalTerms {
        let mut terms = EvalTerms {
            open: self.open,
            blocked: self.blocked,
            useful2: useful.0,
            useful3: useful.1,
            isolated,
            stranded,
            ..EvalTerms::default()
        };
        for plans in &self.plans[1..] {
            let cheapest = plans[..5].iter().position(|&count| count > 0).unwrap_or(5);
            terms.plan[cheapest] += 1;
            if cheapest < 5 {
                terms.plan_ways += (plans[cheapest] - 1).min(3);
            }
        }
        terms
    }
}

/// Per cell, byte `c`: the one-colour windows of colour `c` through it with 2+ numbers (`two`)
/// and 3+ (`three`): a cell is useful to `c` while one is and it is empty.
struct Useful {
    two: [u64; CELLS],
    three: [u64; CELLS],
}

/// The colours (bits) of a cell's nonzero count bytes.
#[inline]
fn colours_of(bytes: u64) -> u32 {
    bytes_at_least(bytes, 1).count_ones()
}

/// The (window, colour) increments of a window's useful counts under `counts`.
#[inline]
fn useful_steps(counts: &WindowCounts, w: usize) -> (u64, u64) {
    if counts.colours[w] != 1 {
        return (0, 0);
    }
    let colour = counts.colour_set[w].trailing_zeros();
    let numbers = counts.numbers[w];
    (u64::from(numbers >= 2) << (8 * colour), u64::from(numbers >= 3) << (8 * colour))
}

/// The window terms of one board (no follow-up), kept by window: each window's [`Part`], their
/// [`Sums`] and the useful cells' counts. [`Ledger::evaluate_quiet`] evaluates the board after a
/// quiet move from the windows the move can change: those through its two cells and those with
/// a gap in a region of empty cells that touches either. Every other window keeps its counts,
/// the reach of its gaps and the numbers next to their regions (a region touching neither cell
/// is a region of the new board with the same border), so its part. Pinned against
/// [`Evaluator::evaluate`].
pub(crate) struct Ledger {
    /// The windows with a part: of at most one colour, or owned by a colour (dirty plans).
    relevant: WindowSet,
    parts: [Part; WINDOWS],
    sums: Sums,
    useful: Useful,
    useful_terms: (i32, i32),
    strict: bool,
}

impl Ledger {
    /// The ledger of `board` (counts `counts`, regions `regions`).
    pub(crate) fn new(
        eval: &Evaluator,
        board: &Board,
        counts: &WindowCounts,
        regions: &EmptyRegions,
    ) -> Ledger {
        let table = &eval.table;
        let context = context(counts, regions, board, &eval.weights);
        let relevant = relevant_windows(counts, &eval.weights);
        let mut ledger = Ledger {
            relevant,
            parts: [NONE; WINDOWS],
            sums: Sums { open: [0; 6], blocked: [0; 6], plans: [[0; 8]; 8] },
            useful: Useful { two: [0; CELLS], three: [0; CELLS] },
            useful_terms: (0, 0),
            strict: context.strict,
        };
        for w in windows_in(relevant) {
            let part = window_part(table, counts, &context, w);
            ledger.parts[w] = part;
            ledger.sums.add(part, 1);
            let (two, three) = useful_steps(counts, w);
            if two != 0 {
                for &at in &table.cells[w] {
                    ledger.useful.two[at as usize] += two;
                    ledger.useful.three[at as usize] += three;
                }
            }
        }
        for at in cells_of(board.empty_cells()) {
            ledger.useful_terms.0 += colours_of(ledger.useful.two[at]) as i32;
            ledger.useful_terms.1 += colours_of(ledger.useful.three[at]) as i32;
        }
        ledger
    }

    /// [`Evaluator::evaluate`] without the follow-up of `board` after the quiet move `mv`: the
    /// ledger is `board`'s, `counts` and `regions` its counts and regions.
    pub(crate) fn evaluate_quiet(
        &self,
        eval: &Evaluator,
        board: &Board,
        counts: &WindowCounts,
        regions: &EmptyRegions,
        mv: Move,
    ) -> i32 {
        let (table, weights) = (&eval.table, &eval.weights);
        let mut after = *board;
        after.apply_quiet_move(mv);
        let after_counts = eval.derive_quiet(counts, board, mv);
        let after_regions = EmptyRegions::new(&after);
        let context = context(&after_counts, &after_regions, &after, weights);
        if context.strict != self.strict {
            // Strict supply switched: every window may change.
            return eval.evaluate(&after, &after_counts, false);
        }
        let (a, b) = (mv.from, mv.to);
        // The regions touching a or b: b's and those next to a (b's is one of them).
        let mut touched: CellSet = regions.sets()[regions.id[b] as usize];
        for at in cells_of(neighbours_of(a) & board.empty_cells()) {
            touched |= regions.sets()[regions.id[at] as usize];
        }
        let through = through(table, cell_bit(a) | cell_bit(b));
        let mut sums = self.sums;
        for w in windows_in(through) {
            let relevant =
                after_counts.colours[w] <= 1 || (context.dirty_plans && after_counts.owned[w] == 1);
            if self.parts[w] == NONE && !relevant {
                continue;
            }
            sums.add(self.parts[w], -1);
            sums.add(window_part(table, &after_counts, &context, w), 1);
        }
        // The other windows with a part and a gap in a touched region (a window through neither
        // cell has a part after the move only if it had one before).
        for w in windows_in(minus(self.relevant, through)) {
            if table.masks[w] & touched != 0 {
                sums.add(self.parts[w], -1);
                sums.add(window_part(table, &after_counts, &context, w), 1);
            }
        }
        let useful = self.useful_after(table, counts, &after_counts, through, board, &after, a, b);
        let isolated = after_regions.singles() as i32;
        let stranded = i32::from(after_counts.supply[0]) - after_regions.largest() as i32;
        sums.terms(useful, isolated, stranded).value(weights)
    }

    /// The useful terms after the move from `a` to `b` (`board` to `after`), whose changed windows
    /// are `through`.
    #[allow(clippy::too_many_arguments)]
    fn useful_after(
        &self,
        table: &WindowTable,
        counts: &WindowCounts,
        after_counts: &WindowCounts,
        through: WindowSet,
        board: &Board,
        after: &Board,
        a: Cell,
        b: Cell,
    ) -> (i32, i32) {
        // The windows whose useful counts change, and the change.
        let mut changed = [(0usize, 0u64, 0u64); 2 * MAX_WINDOWS_PER_CELL];
        let mut count = 0;
        let mut cells: CellSet = cell_bit(a) | cell_bit(b);
        for w in windows_in(through) {
            let (old2, old3) = useful_steps(counts, w);
            let (new2, new3) = useful_steps(after_counts, w);
            if (old2, old3) != (new2, new3) {
                changed[count] = (w, new2.wrapping_sub(old2), new3.wrapping_sub(old3));
                count += 1;
                cells |= table.masks[w];
            }
        }
        let (mut useful2, mut useful3) = self.useful_terms;
        let (empty_before, empty_after) = (board.empty_cells(), after.empty_cells());
        for at in cells_of(cells) {
            let (old2, old3) = (self.useful.two[at], self.useful.three[at]);
            if empty_before >> at & 1 == 1 {
                useful2 -= colours_of(old2) as i32;
                useful3 -= colours_of(old3) as i32;
            }
            if empty_after >> at & 1 == 1 {
                let (mut new2, mut new3) = (old2, old3);
                for &(w, step2, step3) in &changed[..count] {
                    if table.masks[w] >> at & 1 == 1 {
                        new2 = new2.wrapping_add(step2);
                        new3 = new3.wrapping_add(step3);
                    }
                }
                useful2 += colours_of(new2) as i32;
                useful3 += colours_of(new3) as i32;
            }
        }
        (useful2, useful3)
    }
}

/// What window parts depend on beyond their counts, for a board.
fn context<'a>(
    counts: &WindowCounts,
    regions: &'a EmptyRegions,
    board: &Board,
    weights: &Weights,
) -> Context<'a> {
    let empty = board.empty_cells();
    let reach = colour_reach(&counts.of_colour, regions);
    Context {
        unreachable: reach.map(|reach| empty & !reach),
        regions,
        empty,
        strict: regions.sets().len() > 1,
        dirty_plans: weights.dirty_plans != 0,
    }
}

/// The windows with a part on a board with counts `counts`: of at most one colour, or (dirty
/// plans on) owned by a colour.
#[inline]
fn relevant_windows(counts: &WindowCounts, weights: &Weights) -> WindowSet {
    let dirty = weights.dirty_plans != 0;
    counts.window_set(|colours, owned| {
        let owned = if dirty { bytes_at_least(owned, 1) } else { 0 };
        !bytes_at_least(colours, 2) | owned
    })
}

/// The windows of `set` not in `other`.
#[inline]
fn minus(set: WindowSet, other: WindowSet) -> WindowSet {
    [set[0] & !other[0], set[1] & !other[1], set[2] & !other[2]]
}

/// The windows through the cells of `cells`.
#[inline]
fn through(table: &WindowTable, cells: CellSet) -> WindowSet {
    let mut set: WindowSet = [0; 3];
    for at in cells_of(cells) {
        for &w in table.windows_of(at) {
            set[w as usize / 64] |= 1 << (w % 64);
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::playable_boards;
    use crate::bot::Weights;

    #[test]
    fn options_from_the_ledger_are_the_plain_evaluation() {
        let eval = Evaluator::new(Weights::default());
        let mut checked = 0;
        for board in playable_boards(19, [20, 45, 60, 75], 12) {
            let counts = eval.counts(&board);
            let regions = EmptyRegions::new(&board);
            let ledger = Ledger::new(&eval, &board, &counts, &regions);
            for mv in board.legal_moves() {
                let mut after = board;
                if after.apply_legal_move(mv).count > 0 {
                    continue;
                }
                let plain = eval.evaluate(&after, &eval.counts(&after), false);
                assert_eq!(
                    ledger.evaluate_quiet(&eval, &board, &counts, &regions, mv),
                    plain,
                    "{mv}\n{board}"
                );
                checked += 1;
            }
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn the_ledger_sums_are_the_structure_terms() {
        let eval = Evaluator::new(Weights::default());
        for board in playable_boards(23, [10, 40, 60, 80], 20) {
            let counts = eval.counts(&board);
            let regions = EmptyRegions::new(&board);
            let ledger = Ledger::new(&eval, &board, &counts, &regions);
            let isolated = regions.singles() as i32;
            let stranded = i32::from(counts.supply[0]) - regions.largest() as i32;
            let terms = ledger.sums.terms(ledger.useful_terms, isolated, stranded);
            assert_eq!(terms, eval.terms(&board, false), "\n{board}");
        }
    }
}
