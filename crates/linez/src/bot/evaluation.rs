//! The evaluation of a position (our move next): 5-cell windows of one colour, line plans, where
//! placements help, free space, and the best follow-up move; each term counted once
//! ([`EvalTerms`]) and weighted by [`Weights`]. [`Evaluator`] owns the weights and the window
//! table, and is what the search evaluates with.

use crate::board::{cell_bit, cells_of, flood, neighbours, neighbours_of, Board, Cell, CellSet, CELLS, SIZE};

/// Number of 5-cell windows: 45 in rows, 45 in columns, 25 on each diagonal direction.
pub(super) const WINDOWS: usize = 140;
/// At most 20 windows contain one cell (5 per direction).
pub(super) const MAX_WINDOWS_PER_CELL: usize = 20;

/// The weights of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Score of a window holding only empty cells and `n` numbers of one colour, by `n` (0..=5).
    pub window: [i32; 6],
    /// Cost of an empty cell with no empty neighbour.
    pub isolated: i32,
    /// Cost of an empty cell outside the largest region of connected empty cells.
    pub stranded: i32,
    /// Value of a follow-up move that completes a line.
    pub follow_up_line: i32,
    /// Value of one point scored by the placements of a sample.
    pub point: i32,
    /// Value of a sample whose placements fill the board (the game is lost).
    pub loss: i32,
    /// Value of a colour whose cheapest line needs `k` more numbers moved in, by `k` (0..=5); a
    /// window counts only if enough numbers of its colour lie outside it and can reach its gaps
    /// (next to an empty region holding one of them: strict supply).
    pub plan: [i32; 6],
    /// Value of each further window (at most 3) as cheap as a colour's cheapest.
    pub plan_ways: i32,
    /// Percentage of [`Weights::window`] a window keeps when it cannot be completed now.
    pub blocked_percent: i32,
    /// Value of each (empty cell, colour) where a number of that colour would join a one-colour
    /// window of 2+ (3+ for [`Weights::useful3`]): where random placements help.
    pub useful2: i32,
    /// As [`Weights::useful2`] for windows of 3+.
    pub useful3: i32,
    /// Plans through mixed windows: a window with 3+ numbers of one colour and 1-2 others costs
    /// its missing numbers plus the others that must leave (0 = off).
    pub dirty_plans: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            window: [0, 3, 6, 16, 64, 64],
            isolated: 6,
            stranded: 2,
            follow_up_line: 256,
            point: 60,
            loss: 20_000,
            plan: [0, 200, 80, 20, 5, 0],
            plan_ways: 10,
            blocked_percent: 100,
            useful2: 3,
            useful3: 15,
            dirty_plans: 1,
        }
    }
}

/// The 5-cell windows and, for each cell, the windows that contain it.
pub(super) struct WindowTable {
    pub(super) cells: [[u8; 5]; WINDOWS],
    pub(super) masks: [CellSet; WINDOWS],
    pub(super) of_cell: [[u8; MAX_WINDOWS_PER_CELL]; CELLS],
    pub(super) of_cell_len: [u8; CELLS],
}

impl WindowTable {
    pub(super) fn new() -> WindowTable {
        let mut table = WindowTable {
            cells: [[0; 5]; WINDOWS],
            masks: [0; WINDOWS],
            of_cell: [[0; MAX_WINDOWS_PER_CELL]; CELLS],
            of_cell_len: [0; CELLS],
        };
        let mut count = 0;
        for start in 0..CELLS {
            let (row, column) = ((start / SIZE) as isize, (start % SIZE) as isize);
            for (dr, dc) in crate::board::DIRECTIONS {
                let (end_row, end_column) = (row + 4 * dr, column + 4 * dc);
                if end_row >= SIZE as isize || end_column < 0 || end_column >= SIZE as isize {
                    continue;
                }
                for step in 0..5 {
                    let at = ((row + step * dr) * SIZE as isize + column + step * dc) as usize;
                    table.cells[count][step as usize] = at as u8;
                    table.masks[count] |= 1u128 << at;
                    let len = table.of_cell_len[at] as usize;
                    table.of_cell[at][len] = count as u8;
                    table.of_cell_len[at] += 1;
                }
                count += 1;
            }
        }
        assert_eq!(count, WINDOWS);
        table
    }

    #[inline]
    pub(super) fn windows_of(&self, cell: Cell) -> &[u8] {
        &self.of_cell[cell][..self.of_cell_len[cell] as usize]
    }
}

/// The evaluation's owner: its [`Weights`] and the window table they apply through. The search
/// ranks, values and rolls out with one.
pub(super) struct Evaluator {
    pub(super) weights: Weights,
    pub(super) table: WindowTable,
}

impl Evaluator {
    pub(super) fn new(weights: Weights) -> Evaluator {
        Evaluator { weights, table: WindowTable::new() }
    }

    /// The window counts of `board`, from scratch.
    pub(super) fn counts(&self, board: &Board) -> WindowCounts {
        WindowCounts::new(&self.table, board)
    }

    /// The window counts of `new` from `counts`, those of `old` ([`WindowCounts::derive`]).
    #[inline]
    pub(super) fn derive(&self, counts: &WindowCounts, old: &Board, new: &Board) -> WindowCounts {
        counts.derive(&self.table, old, new)
    }

    /// `counts`, those of `old`, made those of `new` in place ([`WindowCounts::update`]).
    pub(super) fn update(&self, counts: &mut WindowCounts, old: &Board, new: &Board) {
        counts.update(&self.table, old, new);
    }

    /// The window change of every move of `board` ([`MoveDeltas`]); `counts` are its counts.
    pub(super) fn deltas(&self, counts: &WindowCounts, board: &Board) -> MoveDeltas {
        MoveDeltas::new(&self.table, counts, &self.weights, board)
    }

    /// The evaluation of a board where it is our turn to move: windows, plans and free space, and
    /// with `follow_up` the best follow-up move (0 for a clear board).
    /// `counts` are `board`'s window counts.
    pub(super) fn evaluate(&self, board: &Board, counts: &WindowCounts, follow_up: bool) -> i32 {
        if board.is_clear() {
            return 0;
        }
        self.terms_with(board, counts, follow_up).value(&self.weights)
    }

    /// The terms of the evaluation of `board` (our move next), with the follow-up move's or not.
    #[cfg(test)]
    pub(super) fn terms(&self, board: &Board, follow_up: bool) -> EvalTerms {
        self.terms_with(board, &self.counts(board), follow_up)
    }

    /// The terms of the evaluation of `board` with its window counts at hand.
    fn terms_with(&self, board: &Board, counts: &WindowCounts, follow_up: bool) -> EvalTerms {
        let weights = &self.weights;
        let regions = EmptyRegions::new(board);
        let mut terms = EvalTerms::default();
        structure_terms(&self.table, counts, board, &regions, weights, &mut terms);
        space_terms(board, &regions, &mut terms);
        if follow_up {
            (terms.ready, terms.best_quiet) = self.best_follow_up(board, counts, &regions);
        }
        terms
    }

    /// The follow-up move on `board`: how many lines the next move can complete (at most 3), and
    /// the best window delta of a quiet move.
    fn best_follow_up(&self, board: &Board, counts: &WindowCounts, regions: &EmptyRegions) -> (i32, i32) {
        let deltas = self.deltas(counts, board);
        // Ready lines: an empty cell that completes a line of colour c, reachable by a c number.
        // Each is a line scored without a placement, and several survive a placement better.
        let mut completing = deltas.completing_cells(board);
        // The best quiet move: leave[a] + the best arrive[b][colour] over the regions `a` touches.
        // (This skips the correction for windows through both cells: a heuristic follow-up.)
        let region_best = deltas.best_arrivals(board, regions);
        let mut ready = 0u32;
        let mut best = i32::MIN;
        for a in cells_of(board.occupied_cells()) {
            let colour = board.get(a) as usize;
            let reach = regions.reachable_from(a);
            if reach == 0 {
                continue;
            }
            let targets = reach & completing[colour];
            for b in cells_of(targets) {
                if !may_share_window(a, b) {
                    ready += 1;
                    // Count each target once per colour.
                    completing[colour] &= !(1u128 << b);
                }
            }
            let mut arrive = i32::MIN;
            for at in cells_of(neighbours_of(a) & board.empty_cells()) {
                arrive = arrive.max(region_best[regions.id[at] as usize][colour].0);
            }
            best = best.max(deltas.leave[a] + arrive);
        }
        let best = if best == i32::MIN { 0 } else { best };
        (ready.min(3) as i32, best)
    }
}

/// Per window: how many numbers of each colour it holds, in total, and how many colours.
#[derive(Clone)]
pub(super) struct WindowCounts {
    pub(super) by_colour: [[u8; 8]; WINDOWS],
    pub(super) numbers: [u8; WINDOWS],
    pub(super) colours: [u8; WINDOWS],
    /// Bit `c` set if colour `c` is in the window.
    pub(super) colour_set: [u8; WINDOWS],
}

impl WindowCounts {
    pub(super) fn new(table: &WindowTable, board: &Board) -> WindowCounts {
        let mut counts = WindowCounts {
            by_colour: [[0; 8]; WINDOWS],
            numbers: [0; WINDOWS],
            colours: [0; WINDOWS],
            colour_set: [0; WINDOWS],
        };
        // Branch-free: every cell is counted, empty cells in slot 0 (which nothing else reads),
        // so the numbers are 5 minus that slot and the colours are the bits above bit 0.
        for (window, cells) in table.cells.iter().enumerate() {
            let mut set = 0u8;
            for &at in cells {
                let colour = board.get(at as usize) as usize;
                counts.by_colour[window][colour] += 1;
                set |= 1 << colour;
            }
            counts.numbers[window] = 5 - counts.by_colour[window][0];
            counts.colour_set[window] = set & !1;
            counts.colours[window] = (set & !1).count_ones() as u8;
        }
        counts
    }

    /// The counts of `new`, derived from `self`, the counts of `old` ([`WindowCounts::update`] of
    /// a copy). Inlined, so that the copy can be made where the caller keeps it.
    #[inline]
    pub(super) fn derive(&self, table: &WindowTable, old: &Board, new: &Board) -> WindowCounts {
        let mut counts = self.clone();
        counts.update(table, old, new);
        counts
    }

    /// The counts of `old` made those of `new`: only the windows through the cells whose colour
    /// differs are updated (a move changes 2 cells, a placement 3, a line 5-9; a count from
    /// scratch reads all 700 window cells). Pinned against [`WindowCounts::new`].
    pub(super) fn update(&mut self, table: &WindowTable, old: &Board, new: &Board) {
        let counts = self;
        let (before, after) = (old.colours(), new.colours());
        for at in cells_of(changed_cells(old, new)) {
            let (was, now) = (before[at] as usize, after[at] as usize);
            for &w in table.windows_of(at) {
                let w = w as usize;
                let by_colour = &mut counts.by_colour[w];
                by_colour[was] -= 1;
                by_colour[now] += 1;
                counts.numbers[w] = 5 - by_colour[0];
                // The colours counted as they come and go (a count of bits is a dozen
                // instructions without the popcnt instruction of later x86-64 levels).
                if was != 0 && by_colour[was] == 0 {
                    counts.colour_set[w] &= !(1 << was);
                    counts.colours[w] -= 1;
                }
                if now != 0 && by_colour[now] == 1 {
                    counts.colour_set[w] |= 1 << now;
                    counts.colours[w] += 1;
                }
            }
        }
    }

    /// Score of a window with `numbers` numbers of `colours` distinct colours.
    #[inline]
    pub(super) fn score(weights: &Weights, numbers: u8, colours: u8) -> i32 {
        if colours <= 1 {
            // 5+ of one colour only stay on the board when placements keep their lines.
            weights.window[(numbers as usize).min(5)]
        } else {
            0
        }
    }

    #[cfg(test)]
    pub(super) fn total(&self, weights: &Weights) -> i32 {
        (0..WINDOWS).map(|w| Self::score(weights, self.numbers[w], self.colours[w])).sum()
    }

    /// Change of window `w`'s score if one number of `colour` leaves it.
    #[inline]
    pub(super) fn removal_delta(&self, weights: &Weights, w: usize, colour: usize) -> i32 {
        let colours = self.colours[w] - u8::from(self.by_colour[w][colour] == 1);
        Self::score(weights, self.numbers[w] - 1, colours)
            - Self::score(weights, self.numbers[w], self.colours[w])
    }

    /// Change of window `w`'s score if one number of `colour` joins it.
    #[inline]
    pub(super) fn addition_delta(&self, weights: &Weights, w: usize, colour: usize) -> i32 {
        let colours = self.colours[w] + u8::from(self.by_colour[w][colour] == 0);
        Self::score(weights, self.numbers[w] + 1, colours)
            - Self::score(weights, self.numbers[w], self.colours[w])
    }
}

/// The cells whose colour differs between `old` and `new`, compared 8 cells at a time (a move
/// changes 2 cells, a placement 3).
#[inline]
fn changed_cells(old: &Board, new: &Board) -> CellSet {
    let (before, after) = (old.colours(), new.colours());
    let mut changed: CellSet = 0;
    for start in (0..CELLS - CELLS % 8).step_by(8) {
        let word = |colours: &[u8; CELLS]| {
            u64::from_le_bytes(colours[start..start + 8].try_into().expect("8 cells"))
        };
        let mut diff = word(before) ^ word(after);
        while diff != 0 {
            let byte = diff.trailing_zeros() / 8;
            changed |= 1u128 << (start + byte as usize);
            diff &= !(0xFF << (8 * byte));
        }
    }
    for at in CELLS - CELLS % 8..CELLS {
        if before[at] != after[at] {
            changed |= 1u128 << at;
        }
    }
    changed
}

/// True if cells `a` and `b` can lie in one 5-cell window (same row, column or diagonal, at most
/// 4 steps apart).
#[inline]
pub(super) fn may_share_window(a: Cell, b: Cell) -> bool {
    let (ra, ca) = ((a / SIZE) as isize, (a % SIZE) as isize);
    let (rb, cb) = ((b / SIZE) as isize, (b % SIZE) as isize);
    let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
    (dr == 0 && dc <= 4) || (dc == 0 && dr <= 4) || (dr == dc && dr <= 4)
}

/// The window-score change of every move on one board, in O(1) per move.
///
/// Moving a number of colour `c` from `a` to `b` changes only the windows through `a` or `b`.
/// The change is `leave[a] + arrive[b][c]` (each computed once per board), except for the windows
/// through both cells, whose counts do not change at all: [`MoveDeltas::window_delta`] takes their
/// two parts back out, which only happens when `a` and `b` are aligned and close.
pub(super) struct MoveDeltas {
    pub(super) leave: [i32; CELLS],
    pub(super) arrive: [[i32; 8]; CELLS],
    /// Per empty cell, the colours (bit `c`) that would complete a line of 5+ there.
    pub(super) completes: [u8; CELLS],
}

impl MoveDeltas {
    /// # Complexity
    /// One pass over the 140 windows and their 700 cells: each window's contribution to its cells'
    /// `leave` and `arrive` depends only on its own counts, so it is worked out once per window
    /// and added to its cells (pinned against the cell-by-cell sums of `removal_delta` and
    /// `addition_delta` in the tests).
    pub(super) fn new(
        table: &WindowTable,
        counts: &WindowCounts,
        weights: &Weights,
        board: &Board,
    ) -> MoveDeltas {
        let mut deltas = MoveDeltas { leave: [0; CELLS], arrive: [[0; 8]; CELLS], completes: [0; CELLS] };
        // Every colour arriving at an empty cell gets `base`; the colour of a one-colour window
        // through it also its part of `arrive` (accumulated in `arrive` itself, base added last).
        let mut base = [0i32; CELLS];
        let window = &weights.window;
        let (empty, occupied) = (board.empty_cells(), board.occupied_cells());
        let mut of_colour = [0 as CellSet; 8];
        for at in cells_of(occupied) {
            of_colour[board.get(at) as usize] |= cell_bit(at);
        }
        for w in 0..WINDOWS {
            // The window's parts, by its colours (its numbers and its empty cells found as sets,
            // so that each cell costs only what it receives):
            // - none (five empty cells): any colour arriving makes a window of one;
            // - one colour k with n numbers: a number leaving takes it from W[n] to W[n-1]; a
            //   number arriving makes W[n+1] if it is of colour k and a mixed window (0) if not;
            //   with n = 4 colour k completes a line of 5+ at the empty cell (every such line
            //   holds a window like this one through the cell);
            // - two colours: the only number of its colour leaving makes it a window of one
            //   (W[n-1] instead of 0); arriving numbers leave it mixed;
            // - three or more: mixed whatever one move does.
            let numbers = counts.numbers[w] as usize;
            let set = counts.colour_set[w];
            let mask = table.masks[w];
            match counts.colours[w] {
                0 => {
                    for &at in &table.cells[w] {
                        base[at as usize] += window[1] - window[0];
                    }
                }
                1 => {
                    let own_colour = set.trailing_zeros() as usize;
                    let here = window[numbers.min(5)];
                    let leave = window[numbers - 1] - here;
                    for at in cells_of(mask & occupied) {
                        deltas.leave[at] += leave;
                    }
                    let arrive_own = window[(numbers + 1).min(5)];
                    for at in cells_of(mask & empty) {
                        base[at] -= here;
                        deltas.arrive[at][own_colour] += arrive_own;
                        if numbers == 4 {
                            deltas.completes[at] |= set;
                        }
                    }
                }
                2 => {
                    let fewer = window[numbers - 1];
                    for colour in [set.trailing_zeros() as usize, 7 - set.leading_zeros() as usize] {
                        if counts.by_colour[w][colour] == 1 {
                            // The one cell of the window holding that colour.
                            let at = (mask & of_colour[colour]).trailing_zeros() as usize;
                            deltas.leave[at] += fewer;
                        }
                    }
                }
                _ => {}
            }
        }
        for b in cells_of(board.empty_cells()) {
            for arrive in deltas.arrive[b].iter_mut().skip(1) {
                *arrive += base[b];
            }
        }
        deltas
    }

    /// Per colour, the empty cells of `board` where a number of that colour would complete a line.
    pub(super) fn completing_cells(&self, board: &Board) -> [CellSet; 8] {
        let mut completing = [0 as CellSet; 8];
        for b in cells_of(board.empty_cells()) {
            let mut colours = self.completes[b];
            while colours != 0 {
                completing[colours.trailing_zeros() as usize] |= cell_bit(b);
                colours &= colours - 1;
            }
        }
        completing
    }

    /// Per region of empty cells of `board` and per colour, the best `arrive` in the region and
    /// the first cell that has it (`(i32::MIN, 0)` for colour 0, which is no colour).
    pub(super) fn best_arrivals(&self, board: &Board, regions: &EmptyRegions) -> Vec<[(i32, Cell); 8]> {
        let mut region_best = vec![[(i32::MIN, 0 as Cell); 8]; regions.sets().len()];
        for b in cells_of(board.empty_cells()) {
            let best_here = &mut region_best[regions.id[b] as usize];
            for (best, &arrive) in best_here.iter_mut().zip(self.arrive[b].iter()).skip(1) {
                if arrive > best.0 {
                    *best = (arrive, b);
                }
            }
        }
        region_best
    }

    /// The window-score change of moving the `colour` number at `a` to `b`.
    #[inline]
    pub(super) fn window_delta(
        &self,
        table: &WindowTable,
        counts: &WindowCounts,
        weights: &Weights,
        a: Cell,
        b: Cell,
        colour: usize,
    ) -> i32 {
        let mut delta = self.leave[a] + self.arrive[b][colour];
        if may_share_window(a, b) {
            for &w in table.windows_of(a) {
                if table.masks[w as usize] >> b & 1 == 1 {
                    delta -= counts.removal_delta(weights, w as usize, colour);
                    delta -= counts.addition_delta(weights, w as usize, colour);
                }
            }
        }
        delta
    }
}

/// The regions of connected empty cells: for each empty cell, the region it belongs to.
///
/// In fixed arrays rather than vectors: a rollout finds the regions of about twenty boards, and
/// an allocation each cost more than the flood fills on a crowded board.
pub(super) struct EmptyRegions {
    /// The regions, in the order of their lowest cell; only the first [`EmptyRegions::count`] are
    /// regions ([`EmptyRegions::sets`]).
    all: [CellSet; MAX_REGIONS],
    count: usize,
    pub(super) id: [u8; CELLS],
}

impl EmptyRegions {
    pub(super) fn new(board: &Board) -> EmptyRegions {
        let mut regions = EmptyRegions { all: [0; MAX_REGIONS], count: 0, id: [u8::MAX; CELLS] };
        let mut left = board.empty_cells();
        while left != 0 {
            let seed = left & left.wrapping_neg();
            let region = flood(seed, board.empty_cells());
            for at in cells_of(region) {
                regions.id[at] = regions.count as u8;
            }
            regions.all[regions.count] = region;
            regions.count += 1;
            left &= !region;
        }
        regions
    }

    /// The regions, by index (the `id` of their cells).
    #[inline]
    pub(super) fn sets(&self) -> &[CellSet] {
        &self.all[..self.count]
    }

    /// The empty cells a number at `from` can move to.
    #[inline]
    pub(super) fn reachable_from(&self, from: Cell) -> CellSet {
        if self.count == 1 {
            // One region: reachable iff some neighbour is empty.
            return if neighbours_of(from) & self.all[0] != 0 { self.all[0] } else { 0 };
        }
        let mut reach = 0;
        for at in cells_of(neighbours_of(from)) {
            let id = self.id[at];
            if id != u8::MAX {
                reach |= self.all[id as usize];
            }
        }
        reach
    }
}

/// The terms of the evaluation of a board, counted: the evaluation is their sum weighted by
/// [`Weights`] ([`EvalTerms::value`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct EvalTerms {
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

/// The free-space terms of the evaluation (costs): isolated and stranded empty cells.
pub(super) fn space_terms(board: &Board, regions: &EmptyRegions, terms: &mut EvalTerms) {
    let empty = board.empty_cells();
    terms.isolated = (empty & !neighbours(empty)).count_ones() as i32;
    let largest = regions.sets().iter().map(|set| set.count_ones()).max().unwrap_or(0);
    terms.stranded = empty.count_ones() as i32 - largest as i32;
}

/// The most regions of empty cells a board can have: no two regions touch, so one cell of each
/// forms a set of pairwise non-adjacent cells, and a 9x9 grid holds at most 41 of those.
pub(super) const MAX_REGIONS: usize = 41;

/// Who can move where, by colour and by region of empty cells ([`colour_reach`]).
pub(super) struct ColourReach {
    /// For each colour, the empty cells its numbers can reach.
    pub(super) reach: [CellSet; 8],
    /// For each colour, how many numbers it has.
    pub(super) supply: [u8; 8],
    /// For each colour, the cells of its numbers.
    pub(super) of_colour: [CellSet; 8],
    /// For each region (by its index in [`EmptyRegions::sets`]), the cells next to it: the
    /// numbers among them are those that can move into it.
    pub(super) borders: [CellSet; MAX_REGIONS],
}

/// Who can move where on `board`: see [`ColourReach`].
///
/// The reach is the union of [`EmptyRegions::reachable_from`] over the colour's numbers, built a
/// region at a time (every region next to one of its numbers) instead of a number at a time.
pub(super) fn colour_reach(board: &Board, regions: &EmptyRegions) -> ColourReach {
    let mut found =
        ColourReach { reach: [0; 8], supply: [0; 8], of_colour: [0; 8], borders: [0; MAX_REGIONS] };
    for a in cells_of(board.occupied_cells()) {
        let colour = board.get(a) as usize;
        found.supply[colour] += 1;
        found.of_colour[colour] |= cell_bit(a);
    }
    for (index, &region) in regions.sets().iter().enumerate() {
        let border = neighbours(region);
        found.borders[index] = border;
        for colour in 1..8 {
            if border & found.of_colour[colour] != 0 {
                found.reach[colour] |= region;
            }
        }
    }
    found
}

/// The colour (1..=7) that owns 3 or more of a window's numbers, given the window's counts by
/// colour (index 0: its empty cells, ignored), if any; at most one can, as a window holds 5 cells.
///
/// Branch-free: adding 0x7D to a count byte sets its bit 7 exactly when the count is 3 or more (a
/// count is at most 5, so no byte carries into the next). Pinned against the plain scan.
#[inline]
pub(super) fn owner_of_three(by_colour: [u8; 8]) -> Option<usize> {
    let counts = u64::from_le_bytes(by_colour) & !0xFF;
    let owners = counts.wrapping_add(0x7D7D_7D7D_7D7D_7D7D) & 0x8080_8080_8080_8080;
    (owners != 0).then(|| (owners.trailing_zeros() / 8) as usize)
}

/// The structure of a board: every 5-cell window of one colour scores [`Weights::window`] by its
/// count, at full weight when it can be completed (enough numbers of its colour outside it, every
/// gap reachable by one) and at [`Weights::blocked_percent`] otherwise; plus the line plans: for
/// each colour, the fewest numbers still to move into a completable window, valued by
/// [`Weights::plan`], and [`Weights::plan_ways`] per other window as cheap (robustness against
/// placements that block one).
pub(super) fn structure_terms(
    table: &WindowTable,
    counts: &WindowCounts,
    board: &Board,
    regions: &EmptyRegions,
    weights: &Weights,
    terms: &mut EvalTerms,
) {
    let ColourReach { reach, supply, of_colour, borders } = colour_reach(board, regions);
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
    for w in 0..WINDOWS {
        match counts.colours[w] {
            0 => terms.open[0] += 1,
            1 => {
                let colour = counts.colour_set[w].trailing_zeros() as usize;
                let numbers = counts.numbers[w];
                let missing = 5 - numbers;
                if numbers >= 2 {
                    useful2[colour] |= table.masks[w];
                    if numbers >= 3 {
                        useful3[colour] |= table.masks[w];
                    }
                }
                if table.masks[w] & unreachable[colour] != 0 {
                    terms.blocked[(numbers as usize).min(5)] += 1;
                    continue;
                }
                terms.open[(numbers as usize).min(5)] += 1;
                // Only a window at most as dear as the colour's cheapest so far changes the plan
                // terms, so the dearer ones skip the supply checks.
                if missing > cheapest[colour] || supply[colour] - numbers < missing {
                    continue;
                }
                if strict && missing > 0 {
                    // The numbers of the colour outside the window next to a region of its gaps.
                    let mut near: CellSet = 0;
                    for gap in cells_of(table.masks[w] & empty) {
                        near |= borders[regions.id[gap] as usize];
                    }
                    if (near & of_colour[colour] & !table.masks[w]).count_ones() < u32::from(missing) {
                        continue;
                    }
                }
                if missing < cheapest[colour] {
                    cheapest[colour] = missing;
                    ways[colour] = 0;
                } else if missing == cheapest[colour] {
                    ways[colour] += 1;
                }
            }
            _ => {
                if weights.dirty_plans == 0 || counts.numbers[w] < 4 {
                    continue;
                }
                let Some(colour) = owner_of_three(counts.by_colour[w]) else {
                    continue;
                };
                let own = counts.by_colour[w][colour];
                if supply[colour] < 5 || table.masks[w] & unreachable[colour] != 0 {
                    continue;
                }
                let cost = 5 + counts.numbers[w] - 2 * own;
                if cost < cheapest[colour] {
                    cheapest[colour] = cost;
                    ways[colour] = 0;
                } else if cost == cheapest[colour] {
                    ways[colour] += 1;
                }
            }
        }
    }
    for colour in 1..8 {
        terms.plan[cheapest[colour] as usize] += 1;
        terms.plan_ways += ways[colour].min(3);
        terms.useful2 += (useful2[colour] & empty).count_ones() as i32;
        terms.useful3 += (useful3[colour] & empty).count_ones() as i32;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::bot::search::{place_random, SampleRng};

    pub(in crate::bot) fn random_board(state: &mut u64, density: u64) -> Board {
        let mut board = Board::new();
        for index in 0..CELLS {
            *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (*state >> 33) % 100 < density {
                board.set(index, 1 + ((*state >> 40) % 7) as u8);
            }
        }
        board
    }

    /// `per_density` random boards of each density (percent) that have a legal move.
    pub(in crate::bot) fn playable_boards(seed: u64, densities: [u64; 4], per_density: usize) -> Vec<Board> {
        let mut state = seed;
        let mut boards = Vec::new();
        for density in densities {
            for _ in 0..per_density {
                let board = random_board(&mut state, density);
                if !board.is_full() && !board.is_clear() {
                    boards.push(board);
                }
            }
        }
        boards
    }

    /// The window score of a board computed plainly, window by window.
    pub(in crate::bot) fn plain_window_score(board: &Board, weights: &Weights) -> i32 {
        let table = WindowTable::new();
        let mut total = 0;
        for cells in &table.cells {
            let numbers: Vec<u8> =
                cells.iter().map(|&at| board.get(at as usize)).filter(|&c| c != 0).collect();
            if numbers.iter().all(|&c| c == numbers[0]) {
                total += weights.window[numbers.len()];
            }
        }
        total
    }

    #[test]
    fn window_table_has_140_windows_and_20_per_centre_cell() {
        let table = WindowTable::new();
        assert_eq!(table.of_cell_len[crate::board::cell(4, 4)], 20);
        assert_eq!(table.of_cell_len[0], 3);
        let total: usize = table.of_cell_len.iter().map(|&n| n as usize).sum();
        assert_eq!(total, WINDOWS * 5);
    }

    fn assert_same_counts(derived: &WindowCounts, fresh: &WindowCounts, board: &Board) {
        assert_eq!(derived.by_colour, fresh.by_colour, "\n{board}");
        assert_eq!(derived.numbers, fresh.numbers, "\n{board}");
        assert_eq!(derived.colours, fresh.colours, "\n{board}");
        assert_eq!(derived.colour_set, fresh.colour_set, "\n{board}");
    }

    #[test]
    fn derived_window_counts_match_counts_from_scratch() {
        let table = WindowTable::new();
        let mut state = 5u64;
        let mut rng = SampleRng::for_sample(99, 0);
        let mut lines_seen = 0;
        for density in [20, 50, 80] {
            for _ in 0..30 {
                let mut board = random_board(&mut state, density);
                let mut counts = WindowCounts::new(&table, &board);
                // A game in miniature: moves (with their removals), then random placements with
                // theirs, each step's counts derived from the previous step's.
                for _ in 0..12 {
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let before = board;
                    let removal = board.apply_legal_move(moves[rng.below(moves.len())]);
                    lines_seen += usize::from(removal.count > 0);
                    counts = counts.derive(&table, &before, &board);
                    assert_same_counts(&counts, &WindowCounts::new(&table, &board), &board);
                    let before = board;
                    let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
                    place_random(&mut board, colours, &mut rng);
                    counts = counts.derive(&table, &before, &board);
                    assert_same_counts(&counts, &WindowCounts::new(&table, &board), &board);
                }
            }
        }
        assert!(lines_seen > 0, "the sequences should remove some lines");
    }

    #[test]
    fn changed_cells_are_the_cells_whose_colour_differs() {
        let mut state = 11u64;
        for density in [0, 30, 70, 100] {
            let old = random_board(&mut state, density);
            for _ in 0..30 {
                let new = random_board(&mut state, density);
                let plain: CellSet =
                    (0..CELLS).filter(|&at| old.get(at) != new.get(at)).map(|at| 1u128 << at).sum();
                assert_eq!(changed_cells(&old, &new), plain, "\n{old}\n{new}");
                let mut one = old;
                one.set(80, (old.get(80) + 1) % 8);
                assert_eq!(changed_cells(&old, &one), 1u128 << 80);
            }
        }
    }

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

    /// The window changes cell by cell (each cell's windows rescored through `removal_delta` and
    /// `addition_delta`): the plain version of [`MoveDeltas::new`].
    fn plain_move_deltas(
        table: &WindowTable,
        counts: &WindowCounts,
        weights: &Weights,
        board: &Board,
    ) -> MoveDeltas {
        let mut deltas = MoveDeltas { leave: [0; CELLS], arrive: [[0; 8]; CELLS], completes: [0; CELLS] };
        for a in cells_of(board.occupied_cells()) {
            let colour = board.get(a) as usize;
            deltas.leave[a] =
                table.windows_of(a).iter().map(|&w| counts.removal_delta(weights, w as usize, colour)).sum();
        }
        for b in cells_of(board.empty_cells()) {
            for colour in 1..8 {
                deltas.arrive[b][colour] = table
                    .windows_of(b)
                    .iter()
                    .map(|&w| counts.addition_delta(weights, w as usize, colour))
                    .sum();
            }
            for &w in table.windows_of(b) {
                let w = w as usize;
                if counts.colours[w] == 1 && counts.numbers[w] == 4 {
                    deltas.completes[b] |= counts.colour_set[w];
                }
            }
        }
        deltas
    }

    #[test]
    fn move_deltas_match_the_cell_by_cell_sums() {
        let (table, weights) = (WindowTable::new(), Weights::default());
        let mut state = 5u64;
        for round in 0..600 {
            let mut board = random_board(&mut state, [20, 45, 65, 85][round % 4]);
            if round % 3 == 0 {
                // Few colours: long one-colour windows, fours and fives.
                for at in cells_of(board.occupied_cells()) {
                    board.set(at, 1 + board.get(at) % 2);
                }
            }
            let counts = WindowCounts::new(&table, &board);
            let fast = MoveDeltas::new(&table, &counts, &weights, &board);
            let plain = plain_move_deltas(&table, &counts, &weights, &board);
            assert_eq!(fast.leave, plain.leave, "{board}");
            assert_eq!(fast.arrive, plain.arrive, "{board}");
            assert_eq!(fast.completes, plain.completes, "{board}");
        }
    }

    #[test]
    fn move_deltas_along_random_games_match_the_plain_sums() {
        // Counts derived step by step through the changed cells (moves, their lines, placements),
        // then each window's part worked out by its kind: the sums cell by cell from scratch.
        let eval = Evaluator::new(Weights::default());
        let mut state = 31u64;
        let mut rng = SampleRng::for_sample(5, 0);
        let mut checked = 0;
        for density in [5, 30, 55, 75, 90] {
            for _ in 0..8 {
                let mut board = random_board(&mut state, density);
                let mut counts = eval.counts(&board);
                for _ in 0..15 {
                    let fast = eval.deltas(&counts, &board);
                    let plain = plain_move_deltas(&eval.table, &eval.counts(&board), &eval.weights, &board);
                    assert_eq!(
                        (fast.leave, fast.arrive, fast.completes),
                        (plain.leave, plain.arrive, plain.completes)
                    );
                    checked += 1;
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let before = board;
                    board.apply_legal_move(moves[rng.below(moves.len())]);
                    let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
                    place_random(&mut board, colours, &mut rng);
                    counts = eval.derive(&counts, &before, &board);
                }
            }
        }
        assert!(checked > 400, "{checked}");
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

    #[test]
    fn move_deltas_match_plain_rescoring() {
        let weights = Weights::default();
        let table = WindowTable::new();
        let mut state = 7u64;
        for _ in 0..40 {
            let board = random_board(&mut state, 40);
            let counts = WindowCounts::new(&table, &board);
            assert_eq!(counts.total(&weights), plain_window_score(&board, &weights));
            let deltas = MoveDeltas::new(&table, &counts, &weights, &board);
            for mv in board.legal_moves() {
                let colour = board.get(mv.from) as usize;
                let mut after = board;
                after.set(mv.from, 0);
                after.set(mv.to, colour as u8);
                let plain = plain_window_score(&after, &weights) - plain_window_score(&board, &weights);
                assert_eq!(
                    deltas.window_delta(&table, &counts, &weights, mv.from, mv.to, colour),
                    plain,
                    "{mv}\n{board}"
                );
            }
        }
    }

    #[test]
    fn completing_colours_match_trial_placement() {
        let (table, weights) = (WindowTable::new(), Weights::default());
        let mut state = 99u64;
        let mut found = 0;
        for round in 0..200 {
            let mut board = random_board(&mut state, 70);
            // Half the boards with 2 colours only, where lines of 4 are common.
            for at in cells_of(board.occupied_cells()) {
                if round % 2 == 0 {
                    board.set(at, 1 + board.get(at) % 2);
                }
            }
            let counts = WindowCounts::new(&table, &board);
            let deltas = MoveDeltas::new(&table, &counts, &weights, &board);
            for at in cells_of(board.empty_cells()) {
                let mut plain = 0u8;
                for colour in 1..=7u8 {
                    let mut trial = board;
                    trial.set(at, colour);
                    if trial.lines_through(1u128 << at) != 0 {
                        plain |= 1 << colour;
                    }
                }
                assert_eq!(deltas.completes[at], plain, "at {at}\n{board}");
                found += usize::from(plain != 0);
            }
        }
        assert!(found > 300, "only {found} completing cells: the boards do not exercise the rule");
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
    fn regions_reach_what_the_flood_fill_reaches() {
        let mut state = 3u64;
        for _ in 0..100 {
            let board = random_board(&mut state, 55);
            let regions = EmptyRegions::new(&board);
            for from in cells_of(board.occupied_cells()) {
                assert_eq!(regions.reachable_from(from), board.reachable_from(from));
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
            colours[crate::board::cell(0, column)] = 1;
        }
        colours[crate::board::cell(0, 5)] = 2;
        colours[crate::board::cell(1, 4)] = 3;
        colours[crate::board::cell(8, 8)] = 1;
        let board = Board::from_colours(colours);
        let eval = Evaluator::new(Weights::default());
        assert_eq!(eval.terms(&board, false).plan, [0, 0, 0, 1, 0, 6]);
        // Without the 3 the gap joins the big region, the fifth 1 can reach it: a plan of 1.
        colours[crate::board::cell(1, 4)] = 0;
        let open = Board::from_colours(colours);
        assert_eq!(eval.terms(&open, false).plan, [0, 1, 0, 0, 0, 6]);
    }

    #[test]
    fn colour_reach_is_the_union_of_each_numbers_reach() {
        let mut state = 17u64;
        for density in [30, 55, 70, 85] {
            for _ in 0..50 {
                let board = random_board(&mut state, density);
                let regions = EmptyRegions::new(&board);
                let mut plain = [0 as CellSet; 8];
                for a in cells_of(board.occupied_cells()) {
                    plain[board.get(a) as usize] |= regions.reachable_from(a);
                }
                let found = colour_reach(&board, &regions);
                assert_eq!(found.reach, plain, "\n{board}");
                for (index, &region) in regions.sets().iter().enumerate() {
                    assert_eq!(found.borders[index], neighbours(region), "\n{board}");
                }
            }
        }
        // The most regions a board can have: every other cell empty, 41 cells with no empty
        // neighbour, each a region of its own.
        let mut colours = [0u8; CELLS];
        for (at, colour) in colours.iter_mut().enumerate() {
            if (at / SIZE + at % SIZE) % 2 == 1 {
                *colour = 1 + (at % 7) as u8;
            }
        }
        let board = Board::from_colours(colours);
        let regions = EmptyRegions::new(&board);
        assert_eq!(regions.sets().len(), MAX_REGIONS);
        assert_eq!(colour_reach(&board, &regions).borders[MAX_REGIONS - 1], neighbours(regions.sets()[40]));
    }
}
