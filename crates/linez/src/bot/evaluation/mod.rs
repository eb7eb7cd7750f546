//! The evaluation of a position (our move next): 5-cell windows of one colour, line plans, where
//! placements help, free space, and the best follow-up move; each term counted once
//! ([`EvalTerms`]) and weighted by [`Weights`]. [`Evaluator`] owns the weights and the window
//! table, and is what the search evaluates with.

mod deltas;
mod regions;
mod terms;
mod weights;
mod windows;

pub(super) use regions::EmptyRegions;
pub use weights::Weights;
pub(super) use windows::WindowCounts;

use crate::*;
use deltas::MoveDeltas;
use terms::{space_terms, structure_terms, EvalTerms};
use windows::{may_share_window, WindowTable};

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

    /// The window counts after the quiet move `mv` of `board` (no line completed) from `counts`,
    /// those of `board` ([`WindowCounts::derive_quiet`]).
    #[inline]
    pub(super) fn derive_quiet(&self, counts: &WindowCounts, board: &Board, mv: Move) -> WindowCounts {
        counts.derive_quiet(&self.table, mv, board.get(mv.from) as usize)
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
        space_terms(counts, &regions, &mut terms);
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
        // The numbers with an empty neighbour (the others reach nothing), in the same order.
        for a in cells_of(board.occupied_cells() & neighbours(board.empty_cells())) {
            let colour = board.get(a) as usize;
            let reach = regions.reachable_from(a);
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
                arrive = arrive.max(region_best.value(regions.id[at] as usize, colour));
            }
            best = best.max(deltas.leave[a] + arrive);
        }
        let best = if best == i32::MIN { 0 } else { best };
        (ready.min(3) as i32, best)
    }
}

#[cfg(test)]
pub(super) mod tests {
    pub(in crate::bot) use super::windows::may_share_window;
    use super::*;
    use crate::CELLS;

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
    fn the_follow_up_is_the_plain_one_over_every_number() {
        // Every number, its reach by a flood fill of the board: the lines it can complete at a
        // cell it shares no window with (each cell once a colour), and its best quiet arrival.
        let eval = Evaluator::new(Weights::default());
        let mut state = 53u64;
        let mut with_ready = 0;
        for round in 0..300 {
            let mut board = random_board(&mut state, [15, 45, 60, 75, 90][round % 5]);
            if round % 2 == 0 {
                for at in cells_of(board.occupied_cells()) {
                    board.set(at, 1 + board.get(at) % 2);
                }
            }
            if board.is_clear() || board.is_full() {
                continue;
            }
            let counts = eval.counts(&board);
            let deltas = eval.deltas(&counts, &board);
            let mut completing = deltas.completing_cells(&board);
            let (mut ready, mut best) = (0, i32::MIN);
            for a in cells_of(board.occupied_cells()) {
                let colour = board.get(a) as usize;
                let reach = board.reachable_from(a);
                if reach == 0 {
                    continue;
                }
                for b in cells_of(reach & completing[colour]) {
                    if !may_share_window(a, b) {
                        ready += 1;
                        completing[colour] &= !(1u128 << b);
                    }
                }
                let arrive = cells_of(reach).map(|b| deltas.arrive[b][colour]).max().expect("reach");
                best = best.max(deltas.leave[a] + arrive);
            }
            let best = if best == i32::MIN { 0 } else { best };
            let plain = (ready.min(3), best);
            with_ready += usize::from(ready > 0);
            assert_eq!(eval.best_follow_up(&board, &counts, &EmptyRegions::new(&board)), plain, "\n{board}");
        }
        assert!(with_ready > 20, "{with_ready}");
    }
}
