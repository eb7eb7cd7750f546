//! The window change of every move of a board, in O(1) a move.

use super::regions::{EmptyRegions, MAX_REGIONS};
use super::windows::{may_share_window, windows_in, WindowCounts, WindowTable};
use super::Weights;
use crate::*;

/// Per region of empty cells and per colour, the best `arrive` of a number of that colour in the
/// region and the first cell that has it ([`MoveDeltas::best_arrivals`]): kept as one key
/// `arrive << 8 | (255 - cell)`, so that the best is a plain maximum without a branch (a higher
/// `arrive`, then a lower cell), in a fixed array rather than a vector allocated each time.
/// Colour 0 (no colour) is never filled. Pinned against the plain search.
pub(crate) struct RegionBest([[i64; 8]; MAX_REGIONS]);

impl RegionBest {
    /// The best `arrive` of `colour` in `region` and the first cell that has it.
    #[inline]
    pub(crate) fn get(&self, region: usize, colour: usize) -> (i32, Cell) {
        let key = self.0[region][colour];
        ((key >> 8) as i32, 0xFF - (key & 0xFF) as Cell)
    }

    /// The best `arrive` of `colour` in `region`.
    #[inline]
    pub(crate) fn value(&self, region: usize, colour: usize) -> i32 {
        (self.0[region][colour] >> 8) as i32
    }
}

/// The window-score change of every move on one board, in O(1) per move.
///
/// Moving a number of colour `c` from `a` to `b` changes only the windows through `a` or `b`.
/// The change is `leave[a] + arrive[b][c]` (each computed once per board), except for the windows
/// through both cells, whose counts do not change at all: [`MoveDeltas::window_delta`] takes their
/// two parts back out, which only happens when `a` and `b` are aligned and close.
pub(crate) struct MoveDeltas {
    pub(crate) leave: [i32; CELLS],
    pub(crate) arrive: [[i32; 8]; CELLS],
    /// Per empty cell, the colours (bit `c`) that would complete a line of 5+ there.
    pub(crate) completes: [u8; CELLS],
}

impl MoveDeltas {
    /// # Complexity
    /// One pass over the 140 windows and their 700 cells: each window's contribution to its cells'
    /// `leave` and `arrive` depends only on its own counts, so it is worked out once per window
    /// and added to its cells (pinned against the cell-by-cell sums of `removal_delta` and
    /// `addition_delta` in the tests).
    #[inline(always)]
    pub(crate) fn new(
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
        let of_colour = &counts.of_colour;
        // The window's parts, by its colours (its numbers and its empty cells found as sets, so
        // that each cell costs only what it receives); each kind of window visited from its own
        // set (found eight windows at a time), not told apart by a branch a window:
        // - none (five empty cells): any colour arriving makes a window of one;
        // - one colour k with n numbers: a number leaving takes it from W[n] to W[n-1]; a number
        //   arriving makes W[n+1] if it is of colour k and a mixed window (0) if not; with n = 4
        //   colour k completes a line of 5+ at the empty cell (every such line holds a window
        //   like this one through the cell);
        // - two colours: the only number of its colour leaving makes it a window of one (W[n-1]
        //   instead of 0); arriving numbers leave it mixed;
        // - three or more: mixed whatever one move does (not visited).
        for w in windows_in(counts.windows_of_colours(0)) {
            for &at in &table.cells[w] {
                base[at as usize] += window[1] - window[0];
            }
        }
        for w in windows_in(counts.windows_of_colours(1)) {
            let numbers = counts.numbers[w] as usize;
            let (set, mask) = (counts.colour_set[w], table.masks[w]);
            let own_colour = set.trailing_zeros() as usize;
            let here = window[numbers.min(5)];
            let leave = window[numbers - 1] - here;
            for at in cells_of(mask & occupied) {
                deltas.leave[at] += leave;
            }
            let arrive_own = window[(numbers + 1).min(5)];
            let completes = if numbers == 4 { set } else { 0 };
            for at in cells_of(mask & empty) {
                base[at] -= here;
                deltas.arrive[at][own_colour] += arrive_own;
                deltas.completes[at] |= completes;
            }
        }
        for w in windows_in(counts.windows_of_colours(2)) {
            let fewer = window[counts.numbers[w] as usize - 1];
            let (set, mask) = (counts.colour_set[w], table.masks[w]);
            for colour in [set.trailing_zeros() as usize, 7 - set.leading_zeros() as usize] {
                // The lowest cell of the window holding that colour: its only one when the colour
                // has one there, which is when it counts (added either way, times 0 or 1, no branch).
                let at = (mask & of_colour[colour]).trailing_zeros() as usize;
                deltas.leave[at] += fewer * i32::from(counts.by_colour[w][colour] == 1);
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
    pub(crate) fn completing_cells(&self, board: &Board) -> [CellSet; 8] {
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
    /// the first cell that has it ([`RegionBest`]).
    #[inline(always)]
    pub(crate) fn best_arrivals(&self, board: &Board, regions: &EmptyRegions) -> RegionBest {
        let mut region_best = RegionBest([[i64::MIN; 8]; MAX_REGIONS]);
        for b in cells_of(board.empty_cells()) {
            let best_here = &mut region_best.0[regions.id[b] as usize];
            let first = 0xFF - b as i64;
            for (best, &arrive) in best_here.iter_mut().zip(self.arrive[b].iter()).skip(1) {
                *best = (*best).max(i64::from(arrive) << 8 | first);
            }
        }
        region_best
    }

    /// The window-score change of moving the `colour` number at `a` to `b`.
    #[inline]
    pub(crate) fn window_delta(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::{plain_window_score, random_board};
    use crate::bot::evaluation::Evaluator;
    use crate::bot::search::{place_random, SampleRng};

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
    fn best_arrivals_are_each_regions_best_and_first_cell() {
        let (table, weights) = (WindowTable::new(), Weights::default());
        let mut state = 61u64;
        for round in 0..300 {
            let mut board = random_board(&mut state, [10, 40, 60, 75, 90][round % 5]);
            if round % 3 == 0 {
                for at in cells_of(board.occupied_cells()) {
                    board.set(at, 1 + board.get(at) % 2);
                }
            }
            let counts = WindowCounts::new(&table, &board);
            let deltas = MoveDeltas::new(&table, &counts, &weights, &board);
            let regions = EmptyRegions::new(&board);
            let found = deltas.best_arrivals(&board, &regions);
            for (index, &region) in regions.sets().iter().enumerate() {
                for colour in 1..8 {
                    let best = cells_of(region).map(|b| deltas.arrive[b][colour]).max().expect("a cell");
                    let first = cells_of(region).find(|&b| deltas.arrive[b][colour] == best).expect("a cell");
                    assert_eq!(found.get(index, colour), (best, first), "\n{board}");
                    assert_eq!(found.value(index, colour), best);
                }
            }
        }
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
}
