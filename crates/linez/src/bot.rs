//! The bot: a one-move search with an expectation over the random placements and a look at the
//! best follow-up move, over an evaluation of 5-cell windows and of the free space.
//!
//! * **Evaluation** ([`Weights`]): every 5-cell window (row, column, diagonal; 140 of them) that
//!   holds numbers of one colour only scores by its count of numbers; empty cells that no other
//!   empty cell touches, and empty cells outside the largest empty region, cost points (they are
//!   hard to reach and fill up the board).
//! * **Search**: a scoring move is always taken (it costs no placement; the best one by the
//!   evaluation after it, including the follow-up it enables). Otherwise every legal move is
//!   ranked by the change of the window score (an O(1) delta per move, see [`MoveDeltas`]), the
//!   best few are played out against sampled placements of the known nextThree at random cells
//!   (common random numbers across candidates), and each sample is scored by the board's
//!   evaluation plus the value of the best follow-up move (a follow-up that completes a line is
//!   worth a large bonus).
//! * **Effort and time**: the effort per move is a deterministic count of samples (so that the same
//!   game replays move for move); a game's budget of samples is spread over the moves, and the wall
//!   clock is only a safety net that drops to the 1-ply ranking when the thinking time runs short.

use crate::board::{cells_of, flood, neighbours, Board, Cell, CellSet, Move, CELLS, SIZE};
use std::time::{Duration, Instant};

/// Number of 5-cell windows: 45 in rows, 45 in columns, 25 on each diagonal direction.
const WINDOWS: usize = 140;
/// At most 20 windows contain one cell (5 per direction).
const MAX_WINDOWS_PER_CELL: usize = 20;

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
    /// window counts only if enough numbers of its colour lie outside it and can reach its gaps.
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
    /// Depth 2: how many replies (best by the window delta) each sample searches (0 = the
    /// heuristic follow-up only).
    pub reply_k: usize,
    /// Depth 2: random placements (unknown colours) per searched reply.
    pub reply_samples: usize,
    /// Depth 2 only on boards with at least this many numbers (crowded boards, where games are
    /// lost).
    pub reply_from: u32,
    /// Plans through mixed windows: a window with 3+ numbers of one colour and 1-2 others costs
    /// its missing numbers plus the others that must leave (0 = off).
    pub dirty_plans: i32,
    /// Rollouts: on boards searched deep, a sample plays this many of our moves (each followed by
    /// three random numbers at random cells) with the rollout policy before it is evaluated
    /// (0 = the reply search instead).
    pub rollout_plies: usize,
    /// Rollout policy: how many quiet moves (best by window change) it re-ranks by the evaluation.
    pub rollout_k: usize,
    /// Rollout policy: softmax temperature over those evaluations (0 = greedy).
    pub rollout_temperature: i32,
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
            reply_k: 5,
            reply_samples: 1,
            reply_from: 40,
            dirty_plans: 1,
            rollout_plies: 0,
            rollout_k: 4,
            rollout_temperature: 0,
        }
    }
}

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
}

/// The cells of every 5-cell window (row, column, both diagonals; 140), in the order the
/// evaluation numbers them.
pub fn window_cells() -> Vec<[Cell; 5]> {
    WindowTable::new().cells.iter().map(|cells| cells.map(usize::from)).collect()
}

/// The 5-cell windows and, for each cell, the windows that contain it.
struct WindowTable {
    cells: [[u8; 5]; WINDOWS],
    masks: [CellSet; WINDOWS],
    of_cell: [[u8; MAX_WINDOWS_PER_CELL]; CELLS],
    of_cell_len: [u8; CELLS],
}

impl WindowTable {
    fn new() -> WindowTable {
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
    fn windows_of(&self, cell: Cell) -> &[u8] {
        &self.of_cell[cell][..self.of_cell_len[cell] as usize]
    }
}

/// Per window: how many numbers of each colour it holds, in total, and how many colours.
#[derive(Clone)]
struct WindowCounts {
    by_colour: [[u8; 8]; WINDOWS],
    numbers: [u8; WINDOWS],
    colours: [u8; WINDOWS],
    /// Bit `c` set if colour `c` is in the window.
    colour_set: [u8; WINDOWS],
}

impl WindowCounts {
    fn new(table: &WindowTable, board: &Board) -> WindowCounts {
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

    /// The counts of `new`, derived from `self`, the counts of `old`: only the windows through the
    /// cells whose colour differs are updated (a move changes 2 cells, a placement 3, a line 5-9;
    /// a count from scratch reads all 700 window cells). Pinned against [`WindowCounts::new`].
    fn derive(&self, table: &WindowTable, old: &Board, new: &Board) -> WindowCounts {
        let mut counts = self.clone();
        let (before, after) = (old.colours(), new.colours());
        for at in 0..CELLS {
            let (was, now) = (before[at] as usize, after[at] as usize);
            if was == now {
                continue;
            }
            for &w in table.windows_of(at) {
                let w = w as usize;
                let by_colour = &mut counts.by_colour[w];
                by_colour[was] -= 1;
                by_colour[now] += 1;
                counts.numbers[w] = 5 - by_colour[0];
                if was != 0 && by_colour[was] == 0 {
                    counts.colour_set[w] &= !(1 << was);
                }
                if now != 0 {
                    counts.colour_set[w] |= 1 << now;
                }
                counts.colours[w] = counts.colour_set[w].count_ones() as u8;
            }
        }
        counts
    }

    /// Score of a window with `numbers` numbers of `colours` distinct colours.
    #[inline]
    fn score(weights: &Weights, numbers: u8, colours: u8) -> i32 {
        if colours <= 1 {
            // 5+ of one colour only stay on the board when placements keep their lines.
            weights.window[(numbers as usize).min(5)]
        } else {
            0
        }
    }

    #[cfg(test)]
    fn total(&self, weights: &Weights) -> i32 {
        (0..WINDOWS).map(|w| Self::score(weights, self.numbers[w], self.colours[w])).sum()
    }

    /// Change of window `w`'s score if one number of `colour` leaves it.
    #[inline]
    fn removal_delta(&self, weights: &Weights, w: usize, colour: usize) -> i32 {
        let colours = self.colours[w] - u8::from(self.by_colour[w][colour] == 1);
        Self::score(weights, self.numbers[w] - 1, colours)
            - Self::score(weights, self.numbers[w], self.colours[w])
    }

    /// Change of window `w`'s score if one number of `colour` joins it.
    #[inline]
    fn addition_delta(&self, weights: &Weights, w: usize, colour: usize) -> i32 {
        let colours = self.colours[w] + u8::from(self.by_colour[w][colour] == 0);
        Self::score(weights, self.numbers[w] + 1, colours)
            - Self::score(weights, self.numbers[w], self.colours[w])
    }
}

/// True if cells `a` and `b` can lie in one 5-cell window (same row, column or diagonal, at most
/// 4 steps apart).
#[inline]
fn may_share_window(a: Cell, b: Cell) -> bool {
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
struct MoveDeltas {
    leave: [i32; CELLS],
    arrive: [[i32; 8]; CELLS],
    /// Per empty cell, the colours (bit `c`) that would complete a line of 5+ there.
    completes: [u8; CELLS],
}

impl MoveDeltas {
    fn new(table: &WindowTable, counts: &WindowCounts, weights: &Weights, board: &Board) -> MoveDeltas {
        let mut deltas = MoveDeltas { leave: [0; CELLS], arrive: [[0; 8]; CELLS], completes: [0; CELLS] };
        for a in cells_of(board.occupied_cells()) {
            let colour = board.get(a) as usize;
            deltas.leave[a] =
                table.windows_of(a).iter().map(|&w| counts.removal_delta(weights, w as usize, colour)).sum();
        }
        for b in cells_of(board.empty_cells()) {
            // Adding colour c to window w: an empty window gains W[1] - W[0]; a window of one
            // colour k with n numbers goes to W[n+1] if c == k and to 0 (mixed) otherwise; a mixed
            // window stays 0. So every colour gets `base`, and colour k also W[n+1] (the same sums
            // as `addition_delta` per colour; the test pins them against a plain rescoring).
            let mut base = 0;
            let mut own = [0i32; 8];
            let mut completes = 0u8;
            for &w in table.windows_of(b) {
                let w = w as usize;
                match counts.colours[w] {
                    0 => base += weights.window[1] - weights.window[0],
                    1 => {
                        let numbers = counts.numbers[w] as usize;
                        base -= weights.window[numbers.min(5)];
                        own[counts.colour_set[w].trailing_zeros() as usize] +=
                            weights.window[(numbers + 1).min(5)];
                        // Four of one colour and `b` empty: that colour at `b` makes a line of
                        // 5+ (every such line holds a window like this one through `b`).
                        if numbers == 4 {
                            completes |= counts.colour_set[w];
                        }
                    }
                    _ => {}
                }
            }
            for (arrive, own) in deltas.arrive[b].iter_mut().zip(own).skip(1) {
                *arrive = base + own;
            }
            deltas.completes[b] = completes;
        }
        deltas
    }

    /// The window-score change of moving the `colour` number at `a` to `b`.
    #[inline]
    fn window_delta(
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
struct EmptyRegions {
    sets: Vec<CellSet>,
    id: [u8; CELLS],
}

impl EmptyRegions {
    fn new(board: &Board) -> EmptyRegions {
        let mut regions = EmptyRegions { sets: Vec::with_capacity(8), id: [u8::MAX; CELLS] };
        let mut left = board.empty_cells();
        while left != 0 {
            let seed = left & left.wrapping_neg();
            let region = flood(seed, board.empty_cells());
            for at in cells_of(region) {
                regions.id[at] = regions.sets.len() as u8;
            }
            regions.sets.push(region);
            left &= !region;
        }
        regions
    }

    /// The empty cells a number at `from` can move to.
    #[inline]
    fn reachable_from(&self, from: Cell) -> CellSet {
        if self.sets.len() == 1 {
            // One region: reachable iff some neighbour is empty.
            return if neighbours(1u128 << from) & self.sets[0] != 0 { self.sets[0] } else { 0 };
        }
        let mut reach = 0;
        for at in cells_of(neighbours(1u128 << from)) {
            let id = self.id[at];
            if id != u8::MAX {
                reach |= self.sets[id as usize];
            }
        }
        reach
    }
}

/// The terms of the evaluation of a board, counted: the evaluation is their sum weighted by
/// [`Weights`] ([`EvalTerms::value`]). Public so that weights can be fitted to what happens next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalTerms {
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
fn space_terms(board: &Board, regions: &EmptyRegions, terms: &mut EvalTerms) {
    let empty = board.empty_cells();
    terms.isolated = (empty & !neighbours(empty)).count_ones() as i32;
    let largest = regions.sets.iter().map(|set| set.count_ones()).max().unwrap_or(0);
    terms.stranded = empty.count_ones() as i32 - largest as i32;
}

/// For each colour, the empty cells its numbers can reach and how many numbers it has.
///
/// The reach is the union of [`EmptyRegions::reachable_from`] over the colour's numbers, built a
/// region at a time (every region next to one of its numbers) instead of a number at a time.
fn colour_reach(board: &Board, regions: &EmptyRegions) -> ([CellSet; 8], [u8; 8]) {
    let mut supply = [0u8; 8];
    let mut of_colour = [0 as CellSet; 8];
    for a in cells_of(board.occupied_cells()) {
        let colour = board.get(a) as usize;
        supply[colour] += 1;
        of_colour[colour] |= 1u128 << a;
    }
    let mut reach = [0 as CellSet; 8];
    for &region in &regions.sets {
        let border = neighbours(region);
        for colour in 1..8 {
            if border & of_colour[colour] != 0 {
                reach[colour] |= region;
            }
        }
    }
    (reach, supply)
}

/// The structure of a board: every 5-cell window of one colour scores [`Weights::window`] by its
/// count, at full weight when it can be completed (enough numbers of its colour outside it, every
/// gap reachable by one) and at [`Weights::blocked_percent`] otherwise; plus the line plans: for
/// each colour, the fewest numbers still to move into a completable window, valued by
/// [`Weights::plan`], and [`Weights::plan_ways`] per other window as cheap (robustness against
/// placements that block one).
fn structure_terms(
    table: &WindowTable,
    counts: &WindowCounts,
    board: &Board,
    regions: &EmptyRegions,
    weights: &Weights,
    terms: &mut EvalTerms,
) {
    let (reach, supply) = colour_reach(board, regions);
    let empty = board.empty_cells();
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
                if table.masks[w] & empty & !reach[colour] != 0 {
                    terms.blocked[(numbers as usize).min(5)] += 1;
                    continue;
                }
                terms.open[(numbers as usize).min(5)] += 1;
                if supply[colour] - numbers < missing {
                    continue;
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
                for colour in 1..8 {
                    let own = counts.by_colour[w][colour];
                    if own < 3 || supply[colour] < 5 || table.masks[w] & empty & !reach[colour] != 0 {
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
    }
    for colour in 1..8 {
        terms.plan[cheapest[colour] as usize] += 1;
        terms.plan_ways += ways[colour].min(3);
        terms.useful2 += (useful2[colour] & empty).count_ones() as i32;
        terms.useful3 += (useful3[colour] & empty).count_ones() as i32;
    }
}

/// A small deterministic generator for the bot's own sampling (xorshift64*).
struct SampleRng(u64);

impl SampleRng {
    /// The generator of sample `index` of a position seeded with `seed`.
    fn for_sample(seed: u64, index: usize) -> SampleRng {
        let mut z = seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        SampleRng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (`n` small, so the bias of a plain modulo is negligible here).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// A hash of the board for seeding the sampling, so that a position always gets the same samples.
fn board_hash(board: &Board, next_three: [u8; 3]) -> u64 {
    let mut hash = 0x9E37_79B9_7F4A_7C15u64;
    for &colour in board.colours().iter().chain(next_three.iter()) {
        hash = (hash ^ u64::from(colour)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash | 1
}

/// One move with its value.
#[derive(Clone, Copy, Debug)]
struct Scored {
    mv: Move,
    value: i64,
}

/// A Linez player for one game. It tracks its own thinking time against the budget.
pub struct Bot {
    budget: Duration,
    used: Duration,
    moves: u64,
    weights: Weights,
    table: WindowTable,
    /// Samples the deterministic effort schedule may still spend this game.
    samples_left: u64,
}

/// Work units (one unit = one placement sample of depth 1) the schedule may spend per second of
/// the game's thinking budget: 18.5 s give 1,110,000 units. A game that spends them all thinks
/// about 13 s on a 2-core x86_64 sandbox (rustc 1.95) with two games running, which leaves room
/// below the 85% safety net (15.7 s) for a busy or slower machine.
pub const SAMPLES_PER_BUDGET_SECOND: u64 = 60_000;
/// The most units one move gets.
pub const MOVE_SAMPLES_MAX: u64 = 7_200;
/// The most depth-1 samples one move gets (more does not help).
pub const MOVE_SHALLOW_MAX: u64 = 1_200;
/// The units one depth-2 sample costs (it searches a few replies).
pub const DEEP_COST: u64 = 3;
/// The fewest units a move gets while the schedule has any left (below: [`Effort::FAST`]).
pub const MOVE_SAMPLES_MIN: u64 = 64;
/// The game length the schedule plans for at least: a game that has lasted `m` moves is expected
/// to last about `m` more, never fewer than this.
pub const PLANNED_MOVES: u64 = 200;

/// The effort for move number `moves` (0-based) when `samples_left` units remain, for a board
/// whose samples cost `sample_cost` units each ([`Bot::sample_cost`]).
///
/// Deterministic (no clock), so that the same game replays move for move: the units left are
/// spread over the moves expected to remain, `max(PLANNED_MOVES, moves)`, so a long game slows
/// down gradually instead of running out.
pub fn effort_for(samples_left: u64, moves: u64, sample_cost: u64) -> Effort {
    let remaining = PLANNED_MOVES.max(moves);
    effort_of_units((samples_left / remaining).min(MOVE_SAMPLES_MAX), sample_cost)
}

/// The effort one move gets from `units` work units when each sample costs `sample_cost` units:
/// depth-1 samples (cost 1) at most [`MOVE_SHALLOW_MAX`], 8-24 candidates, the 1-ply ranking
/// ([`Effort::FAST`]) below [`MOVE_SAMPLES_MIN`] units.
pub fn effort_of_units(units: u64, sample_cost: u64) -> Effort {
    if units < MOVE_SAMPLES_MIN {
        return Effort::FAST;
    }
    let budget = if sample_cost > 1 { units / sample_cost } else { units.min(MOVE_SHALLOW_MAX) };
    let candidates = (budget / 40).clamp(8, 24) as usize;
    Effort { candidates, samples: budget as usize / candidates }
}

impl Bot {
    /// A bot for one game with `budget` of total thinking time.
    pub fn new(budget: Duration) -> Bot {
        Bot::with_weights(budget, Weights::default())
    }

    /// A bot with explicit evaluation weights (for tuning).
    pub fn with_weights(budget: Duration, weights: Weights) -> Bot {
        Bot {
            budget,
            used: Duration::ZERO,
            moves: 0,
            weights,
            table: WindowTable::new(),
            samples_left: (budget.as_secs_f64() * SAMPLES_PER_BUDGET_SECOND as f64) as u64,
        }
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
    /// Deterministic for a given game as long as the thinking time stays below 85% of the budget
    /// (the safety net then drops to the fast 1-ply ranking).
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn choose(&mut self, board: &Board, next_three: [u8; 3]) -> Move {
        let start = Instant::now();
        let cost = self.sample_cost(board);
        let mut effort = effort_for(self.samples_left, self.moves, cost);
        // The safety net (a slow or busy machine): the clock, not the schedule, then decides.
        if self.used * 100 >= self.budget * 85 {
            effort = Effort::FAST;
        }
        let mv = self.choose_with(board, next_three, effort);
        self.samples_left =
            self.samples_left.saturating_sub((effort.candidates * effort.samples) as u64 * cost);
        self.moves += 1;
        self.used += start.elapsed();
        mv
    }

    /// The move for `board` with a given search effort (no time keeping).
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn choose_with(&self, board: &Board, next_three: [u8; 3], effort: Effort) -> Move {
        let counts = WindowCounts::new(&self.table, board);
        let (line, mut quiet) = self.rank_moves(board, &counts);
        if let Some(line) = line {
            return line;
        }
        if effort.samples == 0 || quiet.len() == 1 {
            return quiet[0].mv;
        }
        // Re-rank every quiet move by the whole evaluation (plans, free space), not only windows.
        for candidate in quiet.iter_mut() {
            let mut after = *board;
            after.apply_legal_move(candidate.mv);
            let after_counts = counts.derive(&self.table, board, &after);
            candidate.value = i64::from(self.evaluate(&after, &after_counts, false));
        }
        quiet.sort_by_key(|x| std::cmp::Reverse(x.value));
        quiet.truncate(effort.candidates.max(1));
        let seed = board_hash(board, next_three);
        let deep = self.is_deep(board);
        // Successive halving: every round samples the surviving candidates on the same new
        // placements (sample `i` is the same for every candidate: common random numbers), then
        // keeps the better half, so the samples go where the choice is still open.
        let mut pool: Vec<(Scored, Board, WindowCounts)> = quiet
            .iter()
            .map(|&candidate| {
                let mut after = *board;
                after.apply_legal_move(candidate.mv);
                let after_counts = counts.derive(&self.table, board, &after);
                (Scored { mv: candidate.mv, value: 0 }, after, after_counts)
            })
            .collect();
        // ceil(log2(candidates)) rounds take the pool down to one.
        let rounds = ((usize::BITS - (pool.len() - 1).leading_zeros()) as usize).max(1);
        let mut budget = effort.candidates * effort.samples;
        let mut taken = 0usize;
        for round in 0..rounds {
            let per = (budget / ((rounds - round) * pool.len())).max(1);
            for (candidate, after, after_counts) in pool.iter_mut() {
                for index in taken..taken + per {
                    let mut rng = SampleRng::for_sample(seed, index);
                    candidate.value +=
                        i64::from(self.sample_value(after, after_counts, next_three, &mut rng, deep));
                }
            }
            taken += per;
            budget = budget.saturating_sub(per * pool.len());
            if round + 1 < rounds {
                pool.sort_by_key(|(candidate, _, _)| std::cmp::Reverse(candidate.value));
                pool.truncate(pool.len().div_ceil(2));
            }
        }
        let scored: Vec<Scored> = pool.iter().map(|(candidate, _, _)| *candidate).collect();
        best_of(&scored).expect("at least one candidate")
    }

    /// The bot's 1-ply view of `board`: the line-completing move it would take (the most points,
    /// then the best evaluation after it), if any, and the quiet moves ranked by their window
    /// change (ties in enumeration order). For tuning tools.
    ///
    /// # Panics
    /// If `board` has no legal move (it is empty or full).
    pub fn ranked_moves(&self, board: &Board) -> (Option<Move>, Vec<Move>) {
        let (line, quiet) = self.rank_moves(board, &WindowCounts::new(&self.table, board));
        (line, quiet.into_iter().map(|scored| scored.mv).collect())
    }

    /// [`Bot::ranked_moves`] with `board`'s window counts at hand, the quiet moves with their
    /// window change.
    fn rank_moves(&self, board: &Board, counts: &WindowCounts) -> (Option<Move>, Vec<Scored>) {
        let weights = &self.weights;
        let deltas = MoveDeltas::new(&self.table, counts, weights, board);
        let regions = EmptyRegions::new(board);
        let mut scoring: Vec<Scored> = Vec::new();
        let mut quiet: Vec<Scored> = Vec::new();
        for a in cells_of(board.occupied_cells()) {
            let colour = board.get(a) as usize;
            for b in cells_of(regions.reachable_from(a)) {
                let mv = Move { from: a, to: b };
                if deltas.completes[b] >> colour & 1 == 1 {
                    let mut after = *board;
                    let removal = after.apply_legal_move(mv);
                    if removal.count > 0 {
                        let after_counts = counts.derive(&self.table, board, &after);
                        let value = i64::from(removal.points) * 1_000_000
                            + i64::from(self.evaluate(&after, &after_counts, true));
                        scoring.push(Scored { mv, value });
                        continue;
                    }
                }
                let delta = deltas.window_delta(&self.table, counts, weights, a, b, colour);
                quiet.push(Scored { mv, value: i64::from(delta) });
            }
        }
        assert!(!scoring.is_empty() || !quiet.is_empty(), "no legal move on this board:\n{board}");
        // Stable order on ties: the enumeration order, so the choice is deterministic.
        quiet.sort_by_key(|x| std::cmp::Reverse(x.value));
        (best_of(&scoring), quiet)
    }

    /// The evaluation of a board where it is our turn to move: windows, plans and free space, and
    /// with `follow_up` the best follow-up move (0 for a clear board).
    /// `counts` are `board`'s window counts.
    fn evaluate(&self, board: &Board, counts: &WindowCounts, follow_up: bool) -> i32 {
        if board.is_clear() {
            return 0;
        }
        self.terms_with(board, counts, follow_up).value(&self.weights)
    }

    /// The terms of the evaluation of `board` (our move next), with the follow-up move's or not.
    pub fn terms(&self, board: &Board, follow_up: bool) -> EvalTerms {
        self.terms_with(board, &WindowCounts::new(&self.table, board), follow_up)
    }

    /// [`Bot::terms`] with `board`'s window counts at hand.
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

    /// The work units one sample on `board` costs: 1 at depth 1, [`DEEP_COST`] for the reply
    /// search, one a ply for a rollout.
    pub fn sample_cost(&self, board: &Board) -> u64 {
        if !self.is_deep(board) {
            1
        } else if self.weights.rollout_plies > 0 {
            self.weights.rollout_plies as u64
        } else {
            DEEP_COST
        }
    }

    /// Whether the samples on `board` search the replies (depth 2).
    pub fn is_deep(&self, board: &Board) -> bool {
        self.weights.reply_k > 0 && board.occupied_cells().count_ones() >= self.weights.reply_from
    }

    /// One sample: place `next_three` at random empty cells of `board`, remove the lines they
    /// complete, and evaluate.
    /// `counts` are `board`'s window counts.
    fn sample_value(
        &self,
        board: &Board,
        counts: &WindowCounts,
        next_three: [u8; 3],
        rng: &mut SampleRng,
        deep: bool,
    ) -> i32 {
        let mut placed = *board;
        let points = place_random(&mut placed, next_three, rng);
        if placed.is_full() {
            return -self.weights.loss;
        }
        let counts = counts.derive(&self.table, board, &placed);
        if !deep {
            return points as i32 * self.weights.point + self.evaluate(&placed, &counts, true);
        }
        if self.weights.rollout_plies > 0 {
            return points as i32 * self.weights.point + self.rollout_value(&placed, counts, rng);
        }
        points as i32 * self.weights.point + self.reply_value(&placed, counts, rng)
    }

    /// A rollout: from `board` (our move, the next colours unknown) the rollout policy plays
    /// [`Weights::rollout_plies`] quiet moves, each followed by three random numbers at random
    /// cells (lines are taken as soon as there are some: free moves, their points count); the
    /// value is the points on the way plus the evaluation at the end, or the loss.
    fn rollout_value(&self, board: &Board, mut counts: WindowCounts, rng: &mut SampleRng) -> i32 {
        let weights = &self.weights;
        let mut board = *board;
        let mut gained = 0i32;
        let mut plies = 0;
        let mut top = TopMoves::new(weights.rollout_k.max(1));
        loop {
            if board.is_clear() {
                return gained;
            }
            if plies == weights.rollout_plies {
                return gained + self.evaluate(&board, &counts, true);
            }
            let deltas = MoveDeltas::new(&self.table, &counts, weights, &board);
            let regions = EmptyRegions::new(&board);
            let mut best_line: Option<(u32, Move)> = None;
            top.best.clear();
            for a in cells_of(board.occupied_cells()) {
                let colour = board.get(a) as usize;
                for b in cells_of(regions.reachable_from(a)) {
                    let mv = Move { from: a, to: b };
                    if deltas.completes[b] >> colour & 1 == 1 {
                        let mut after = board;
                        let removal = after.apply_legal_move(mv);
                        if removal.count > 0 {
                            if best_line.map_or(true, |(p, _)| removal.points > p) {
                                best_line = Some((removal.points, mv));
                            }
                            continue;
                        }
                    }
                    if best_line.is_none() {
                        let delta = deltas.window_delta(&self.table, &counts, weights, a, b, colour);
                        top.offer(Scored { mv, value: i64::from(delta) });
                    }
                }
            }
            if let Some((points, mv)) = best_line {
                let before = board;
                board.apply_legal_move(mv);
                counts = counts.derive(&self.table, &before, &board);
                gained += points as i32 * weights.point;
                continue;
            }
            if top.is_empty() {
                return gained + self.evaluate(&board, &counts, true);
            }
            let chosen = if top.best.len() == 1 || weights.rollout_k <= 1 {
                let mut after = board;
                after.apply_legal_move(top.best[0].mv);
                let after_counts = counts.derive(&self.table, &board, &after);
                (after, after_counts)
            } else {
                let mut options: Vec<(i32, Board, WindowCounts)> = Vec::with_capacity(top.best.len());
                for reply in &top.best {
                    let mut after = board;
                    after.apply_legal_move(reply.mv);
                    let after_counts = counts.derive(&self.table, &board, &after);
                    options.push((self.evaluate(&after, &after_counts, false), after, after_counts));
                }
                let best = options.iter().map(|o| o.0).max().expect("options");
                let pick = if weights.rollout_temperature <= 0 {
                    options.iter().position(|o| o.0 == best).expect("best")
                } else {
                    let t = f64::from(weights.rollout_temperature);
                    let p: Vec<f64> = options.iter().map(|o| (f64::from(o.0 - best) / t).exp()).collect();
                    let total: f64 = p.iter().sum();
                    let mut x = (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * total;
                    let mut pick = p.len() - 1;
                    for (i, pi) in p.iter().enumerate() {
                        if x < *pi {
                            pick = i;
                            break;
                        }
                        x -= pi;
                    }
                    pick
                };
                let (_, after, after_counts) = options.swap_remove(pick);
                (after, after_counts)
            };
            let (after, after_counts) = chosen;
            let mut placed = after;
            let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
            let points = place_random(&mut placed, colours, rng);
            if placed.is_full() {
                return gained - weights.loss;
            }
            counts = after_counts.derive(&self.table, &after, &placed);
            board = placed;
            gained += points as i32 * weights.point;
            plies += 1;
        }
    }

    /// Depth 2: the value of `board` (our move, the next colours unknown) as the best of a few
    /// replies, each scored over random placements of random colours. Lines are taken first (free
    /// moves, their points count).
    /// `counts` are `board`'s window counts.
    fn reply_value(&self, board: &Board, mut counts: WindowCounts, rng: &mut SampleRng) -> i32 {
        let weights = &self.weights;
        let mut board = *board;
        let mut gained = 0i32;
        // Take lines while there are some (each is a free move).
        loop {
            if board.is_clear() {
                return gained;
            }
            let deltas = MoveDeltas::new(&self.table, &counts, weights, &board);
            let regions = EmptyRegions::new(&board);
            let mut best_line: Option<(u32, Move)> = None;
            let mut replies = TopMoves::new(weights.reply_k * 2);
            for a in cells_of(board.occupied_cells()) {
                let colour = board.get(a) as usize;
                for b in cells_of(regions.reachable_from(a)) {
                    let mv = Move { from: a, to: b };
                    if deltas.completes[b] >> colour & 1 == 1 {
                        let mut after = board;
                        let removal = after.apply_legal_move(mv);
                        if removal.count > 0 {
                            if best_line.map_or(true, |(p, _)| removal.points > p) {
                                best_line = Some((removal.points, mv));
                            }
                            continue;
                        }
                    }
                    if best_line.is_none() {
                        let delta = deltas.window_delta(&self.table, &counts, weights, a, b, colour);
                        replies.offer(Scored { mv, value: i64::from(delta) });
                    }
                }
            }
            if let Some((points, mv)) = best_line {
                let before = board;
                board.apply_legal_move(mv);
                counts = counts.derive(&self.table, &before, &board);
                gained += points as i32 * weights.point;
                continue;
            }
            if replies.is_empty() {
                return gained + self.evaluate(&board, &counts, true);
            }
            let mut replies: Vec<(Scored, Board, WindowCounts)> = replies
                .into_vec()
                .into_iter()
                .map(|mut reply| {
                    let mut after = board;
                    after.apply_legal_move(reply.mv);
                    let after_counts = counts.derive(&self.table, &board, &after);
                    reply.value = i64::from(self.evaluate(&after, &after_counts, false));
                    (reply, after, after_counts)
                })
                .collect();
            // Stable: equal values keep the window-delta order.
            replies.sort_by_key(|(reply, _, _)| std::cmp::Reverse(reply.value));
            replies.truncate(weights.reply_k);
            let mut best = i32::MIN;
            for (_, after, after_counts) in &replies {
                let mut total = 0i32;
                for _ in 0..weights.reply_samples {
                    let mut placed = *after;
                    let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
                    let points = place_random(&mut placed, colours, rng);
                    total += if placed.is_full() {
                        -weights.loss
                    } else {
                        let placed_counts = after_counts.derive(&self.table, after, &placed);
                        points as i32 * weights.point + self.evaluate(&placed, &placed_counts, true)
                    };
                }
                best = best.max(total / weights.reply_samples as i32);
            }
            return gained + best;
        }
    }

    /// The follow-up move on `board`: how many lines the next move can complete (at most 3), and
    /// the best window delta of a quiet move.
    fn best_follow_up(&self, board: &Board, counts: &WindowCounts, regions: &EmptyRegions) -> (i32, i32) {
        let weights = &self.weights;
        let deltas = MoveDeltas::new(&self.table, counts, weights, board);
        // Ready lines: an empty cell that completes a line of colour c, reachable by a c number.
        // Each is a line scored without a placement, and several survive a placement better.
        let mut completing = [0 as CellSet; 8];
        for b in cells_of(board.empty_cells()) {
            let mut colours = deltas.completes[b];
            while colours != 0 {
                let colour = colours.trailing_zeros() as usize;
                completing[colour] |= 1u128 << b;
                colours &= colours - 1;
            }
        }
        // The best quiet move: leave[a] + the best arrive[b][colour] over the regions `a` touches.
        // (This skips the correction for windows through both cells: a heuristic follow-up.)
        let mut region_best = vec![[i32::MIN; 8]; regions.sets.len()];
        for b in cells_of(board.empty_cells()) {
            let best_here = &mut region_best[regions.id[b] as usize];
            for (best, &arrive) in best_here.iter_mut().zip(deltas.arrive[b].iter()).skip(1) {
                *best = (*best).max(arrive);
            }
        }
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
            for at in cells_of(neighbours(1u128 << a) & board.empty_cells()) {
                arrive = arrive.max(region_best[regions.id[at] as usize][colour]);
            }
            best = best.max(deltas.leave[a] + arrive);
        }
        let best = if best == i32::MIN { 0 } else { best };
        (ready.min(3) as i32, best)
    }
}

/// The `k` best moves offered, in the order a stable sort by decreasing value would give them
/// (equal values: the first offered first), without sorting every move: a reply search offers
/// about a thousand and keeps ten.
struct TopMoves {
    k: usize,
    best: Vec<Scored>,
}

impl TopMoves {
    fn new(k: usize) -> TopMoves {
        TopMoves { k, best: Vec::with_capacity(k + 1) }
    }

    fn is_empty(&self) -> bool {
        self.best.is_empty()
    }

    #[inline]
    fn offer(&mut self, scored: Scored) {
        if self.best.len() == self.k && self.best.last().map_or(true, |last| scored.value <= last.value) {
            return;
        }
        // After every kept move of at least this value: ties keep the offering order.
        let at = self.best.partition_point(|kept| kept.value >= scored.value);
        self.best.insert(at, scored);
        self.best.truncate(self.k);
    }

    fn into_vec(self) -> Vec<Scored> {
        self.best
    }
}

/// Places `colours` at random empty cells (until the board is full), removes the lines they
/// complete as one removal (the default rules) and returns its points.
fn place_random(board: &mut Board, colours: [u8; 3], rng: &mut SampleRng) -> u32 {
    let mut placed: CellSet = 0;
    for colour in colours {
        let empty = board.empty_cells();
        let count = empty.count_ones() as usize;
        if count == 0 {
            break;
        }
        let at = nth_cell(empty, rng.below(count));
        board.set(at, colour);
        placed |= 1u128 << at;
    }
    board.remove_lines_through(placed).points
}

/// The `n`-th (0-based) cell of `set` in increasing order.
#[inline]
fn nth_cell(mut set: CellSet, n: usize) -> Cell {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros() as Cell
}

/// The highest-valued move, the first one on ties.
fn best_of(moves: &[Scored]) -> Option<Move> {
    let mut best: Option<Scored> = None;
    for &scored in moves {
        if best.map_or(true, |top| scored.value > top.value) {
            best = Some(scored);
        }
    }
    best.map(|scored| scored.mv)
}

/// The thinking budget of one game in the protocol (the statement's 20 s, less a safety margin for
/// the time the referee measures around the bot: pipes, scheduling).
pub const GAME_BUDGET: Duration = Duration::from_millis(18_500);

/// Plays one game over the protocol: reads turns from `lines` until the input ends between turns,
/// and hands each chosen move to `answer`.
///
/// # Errors
/// Empty input, input ending inside a turn, a malformed line, or a board with no legal move
/// (empty or full: the referee should not ask for a move then).
pub fn play<R: std::io::BufRead>(
    lines: &mut io::LineReader<R>,
    bot: &mut Bot,
    mut answer: impl FnMut(Move),
) -> io::Result<()> {
    let mut turns = 0usize;
    while let Some(turn) = crate::board::read_turn(lines)? {
        turns += 1;
        if turn.board.is_full() || turn.board.is_clear() {
            let state = if turn.board.is_full() { "full" } else { "empty" };
            return Err(io::Error::new(
                lines.lines_read() - 1,
                0,
                format!("the board of turn {turns} is {state}, so it has no legal move"),
            ));
        }
        answer(bot.choose(&turn.board, turn.next_three));
    }
    if turns == 0 {
        return Err(io::Error::new(1, 0, "expected a board row, found end of input (no turn at all)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_board(state: &mut u64, density: u64) -> Board {
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
    fn playable_boards(seed: u64, densities: [u64; 4], per_density: usize) -> Vec<Board> {
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
    fn plain_window_score(board: &Board, weights: &Weights) -> i32 {
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
    fn counted_window_terms_weigh_to_the_plain_window_score() {
        // With every window at full weight, the open and blocked windows of `EvalTerms`, weighted,
        // are the plain window score: each one-colour window counted once, by its numbers.
        let bot = Bot::new(Duration::from_secs(20));
        let weights = Weights { blocked_percent: 100, ..Weights::default() };
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
    fn top_moves_keep_what_a_stable_sort_keeps() {
        let mut state = 5u64;
        for k in [0, 1, 3, 10] {
            let mut all = Vec::new();
            let mut top = TopMoves::new(k);
            for index in 0..300 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Few distinct values, so that ties are common.
                let scored =
                    Scored { mv: Move { from: index % 81, to: index / 81 }, value: (state >> 60) as i64 };
                all.push(scored);
                top.offer(scored);
            }
            all.sort_by_key(|x| std::cmp::Reverse(x.value));
            all.truncate(k);
            let kept: Vec<(Move, i64)> = top.into_vec().iter().map(|x| (x.mv, x.value)).collect();
            assert_eq!(kept, all.iter().map(|x| (x.mv, x.value)).collect::<Vec<_>>(), "k = {k}");
        }
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
                assert_eq!(colour_reach(&board, &regions).0, plain, "\n{board}");
            }
        }
    }

    #[test]
    fn nth_cell_walks_the_set_in_order() {
        let set: CellSet = (1 << 3) | (1 << 17) | (1u128 << 80);
        assert_eq!([nth_cell(set, 0), nth_cell(set, 1), nth_cell(set, 2)], [3, 17, 80]);
    }

    const TURN: &str = "1........\n.........\n..3......\n.........\n....5....\n.........\n......7..\n.........\n........2\n352\n";

    fn play_text(text: &str) -> (io::Result<()>, Vec<Move>) {
        let mut lines = io::LineReader::new(text.as_bytes());
        let mut bot = Bot::new(Duration::from_secs(20));
        let mut moves = Vec::new();
        let result = play(&mut lines, &mut bot, |mv| moves.push(mv));
        (result, moves)
    }

    #[test]
    fn the_protocol_ends_quietly_between_turns_and_fails_inside_one() {
        let (result, moves) = play_text(&TURN.repeat(2));
        assert!(result.is_ok());
        assert_eq!(moves.len(), 2);
        let board = crate::board::parse_turn(TURN).unwrap().board;
        assert!(moves.iter().all(|&mv| board.is_legal(mv)));

        let (result, moves) = play_text("");
        assert_eq!(
            result.unwrap_err().to_string(),
            "line 1: expected a board row, found end of input (no turn at all)"
        );
        assert!(moves.is_empty());

        let (result, moves) = play_text(&format!("{TURN}1........\n"));
        assert_eq!(result.unwrap_err().to_string(), "line 12: expected a board row, found end of input");
        assert_eq!(moves.len(), 1);

        let full = format!("{}352\n", "123456712\n".repeat(9));
        assert!(play_text(&full).0.unwrap_err().to_string().contains("is full"));
    }

    #[test]
    fn the_schedule_is_deterministic_and_slows_down_in_long_games() {
        let total = 20 * SAMPLES_PER_BUDGET_SECOND;
        for cost in [1, DEEP_COST, 4] {
            let early = effort_for(total, 0, cost);
            assert_eq!(early, effort_for(total, 0, cost));
            assert!((early.candidates * early.samples) as u64 * cost <= MOVE_SAMPLES_MAX);
            let late = effort_for(total / 4, 2_000, cost);
            assert!(late.candidates * late.samples < early.candidates * early.samples);
            assert_eq!(effort_for(MOVE_SAMPLES_MIN - 1, 0, cost), Effort::FAST);
        }
    }

    #[test]
    fn ranked_moves_split_the_legal_moves_and_rank_by_the_plain_window_score() {
        let bot = Bot::new(Duration::from_secs(20));
        let weights = Weights::default();
        for board in playable_boards(5, [10, 40, 60, 85], 15) {
            let (line, quiet) = bot.ranked_moves(&board);
            let mut scoring = Vec::new();
            let mut plain_quiet = Vec::new();
            for mv in board.legal_moves() {
                let mut after = board;
                if after.apply_legal_move(mv).count > 0 {
                    scoring.push(mv);
                } else {
                    plain_quiet.push(mv);
                }
            }
            assert_eq!(line.is_some(), !scoring.is_empty());
            assert!(line.map_or(true, |mv| scoring.contains(&mv)));
            let mut sorted = quiet.clone();
            sorted.sort_by_key(|mv| (mv.from, mv.to));
            plain_quiet.sort_by_key(|mv| (mv.from, mv.to));
            assert_eq!(sorted, plain_quiet);
            // Each quiet move leaves a window score no higher than the one ranked before it.
            let scores: Vec<i32> = quiet
                .iter()
                .map(|&mv| {
                    let mut after = board;
                    after.apply_legal_move(mv);
                    plain_window_score(&after, &weights)
                })
                .collect();
            assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "{board}");
        }
    }

    #[test]
    fn chosen_moves_are_legal_and_lines_are_taken() {
        let bot = Bot::new(Duration::from_secs(20));
        for board in playable_boards(11, [5, 30, 60, 90], 20) {
            for effort in [Effort::FAST, Effort { candidates: 4, samples: 3 }] {
                assert!(board.is_legal(bot.choose_with(&board, [1, 2, 3], effort)));
            }
        }
        let mut board = Board::new();
        for column in 0..4 {
            board.set(crate::board::cell(2, column), 6);
        }
        board.set(crate::board::cell(8, 8), 6);
        board.set(crate::board::cell(0, 0), 1);
        let mv = bot.choose_with(&board, [1, 1, 1], Effort { candidates: 4, samples: 4 });
        assert_eq!(mv.to_string(), "I9C5");
    }
}
