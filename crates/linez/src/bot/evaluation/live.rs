//! The window change of every move kept through a rollout: [`LiveDeltas`], updated by the
//! windows a ply changes instead of rebuilt for every board.

use super::deltas::{MoveDeltas, RegionBest};
use super::regions::EmptyRegions;
use super::windows::{bytes_at_least, windows_in, WindowCounts, WindowSet, WindowTable};
use super::Weights;
use crate::*;

/// What a rollout reads of a board's move deltas: [`MoveDeltas`] (built for one board) and
/// [`LiveDeltas`] (kept through the plies) give the same answers.
pub(crate) trait Deltas {
    /// The window change of taking the number at the occupied cell `a` away.
    fn leave(&self, a: Cell) -> i32;
    /// Per colour, the empty cells of `board` where a number of that colour completes a line.
    fn completing_cells(&self, board: &Board) -> [CellSet; 8];
    /// Per region of empty cells and colour, the best arrival ([`RegionBest`]).
    fn best_arrivals(&self, board: &Board, regions: &EmptyRegions) -> RegionBest;
}

impl Deltas for MoveDeltas {
    #[inline]
    fn leave(&self, a: Cell) -> i32 {
        self.leave[a]
    }

    #[inline]
    fn completing_cells(&self, board: &Board) -> [CellSet; 8] {
        MoveDeltas::completing_cells(self, board)
    }

    #[inline]
    fn best_arrivals(&self, board: &Board, regions: &EmptyRegions) -> RegionBest {
        MoveDeltas::best_arrivals(self, board, regions)
    }
}

/// The move deltas of a board ([`MoveDeltas`]) as sums over the windows through each cell, every
/// window adding its part to all its five cells whatever they hold, so that a ply that changes a
/// few cells updates only the windows through them: their parts under the old counts taken out
/// ([`LiveDeltas::apply`] with `-1`), under the new ones put in (`+1`). A cell's part for a
/// number leaving is read only while it holds one, its parts for arrivals only while it is
/// empty, and every window through a cell that changes is updated, so the sums read are those of
/// [`MoveDeltas::new`]. Pinned against it along random rollouts.
#[derive(Clone)]
pub(crate) struct LiveDeltas {
    /// [`MoveDeltas::leave`] of each occupied cell.
    leave: [i32; CELLS],
    /// The part of [`MoveDeltas::arrive`] every colour gets at an empty cell.
    base: [i32; CELLS],
    /// The part of [`MoveDeltas::arrive`] of each colour alone (colour 0 unused).
    own: [[i32; 8]; CELLS],
    /// Per cell, byte `c`: the windows through it holding four numbers of colour `c` and nothing
    /// else (a number of `c` arriving at an empty cell with one completes a line).
    fours: [u64; CELLS],
}

impl LiveDeltas {
    /// The deltas of a board with window counts `counts`, from every window.
    pub(crate) fn new(table: &WindowTable, counts: &WindowCounts, weights: &Weights) -> LiveDeltas {
        let mut deltas =
            LiveDeltas { leave: [0; CELLS], base: [0; CELLS], own: [[0; 8]; CELLS], fours: [0; CELLS] };
        // Windows of three colours or more add nothing.
        let set = counts.window_set(|colours, _| !bytes_at_least(colours, 3));
        deltas.apply(table, counts, weights, set, 1);
        deltas
    }

    /// The windows through the cells of `changed`.
    #[inline]
    pub(crate) fn windows_through(table: &WindowTable, changed: CellSet) -> WindowSet {
        let mut set: WindowSet = [0; 3];
        for at in cells_of(changed) {
            for &w in table.windows_of(at) {
                set[w as usize / 64] |= 1 << (w % 64);
            }
        }
        set
    }

    /// Adds (`sign` 1) or takes out (`sign` -1) the parts of the windows of `set` under `counts`.
    pub(crate) fn apply(
        &mut self,
        table: &WindowTable,
        counts: &WindowCounts,
        weights: &Weights,
        set: WindowSet,
        sign: i32,
    ) {
        let window = &weights.window;
        for w in windows_in(set) {
            let cells = &table.cells[w];
            match counts.colours[w] {
                0 => {
                    let part = sign * (window[1] - window[0]);
                    for &at in cells {
                        self.base[at as usize] += part;
                    }
                }
                1 => {
                    let numbers = counts.numbers[w] as usize;
                    let colour = counts.colour_set[w].trailing_zeros() as usize;
                    let here = window[numbers.min(5)];
                    let leave = sign * (window[numbers - 1] - here);
                    let (base, own) = (-sign * here, sign * window[(numbers + 1).min(5)]);
                    // A window of four adds one to its colour's byte (or takes it out).
                    let four = (u64::from(numbers == 4) << (8 * colour)).wrapping_mul(sign as u64);
                    for &at in cells {
                        let at = at as usize;
                        self.leave[at] += leave;
                        self.base[at] += base;
                        self.own[at][colour] += own;
                        self.fours[at] = self.fours[at].wrapping_add(four);
                    }
                }
                2 => {
                    let fewer = sign * window[counts.numbers[w] as usize - 1];
                    let (set, mask) = (counts.colour_set[w], table.masks[w]);
                    for colour in [set.trailing_zeros() as usize, 7 - set.leading_zeros() as usize] {
                        // The only number of its colour in the window leaving makes it a window of
                        // one colour (as in `MoveDeltas::new`).
                        if counts.by_colour[w][colour] == 1 {
                            let at = (mask & counts.of_colour[colour]).trailing_zeros() as usize;
                            self.leave[at] += fewer;
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// [`MoveDeltas::arrive`] of the empty cell `b`, all colours.
    #[inline]
    fn arrive_row(&self, b: Cell) -> [i32; 8] {
        let (base, own) = (self.base[b], &self.own[b]);
        std::array::from_fn(|colour| base + own[colour])
    }

    /// [`MoveDeltas::completes`] of the empty cell `b`: the colours (bit `c`) whose window of four
    /// it completes.
    #[inline]
    fn completes(&self, b: Cell) -> u8 {
        let high = bytes_at_least(self.fours[b], 1);
        ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }
}

impl Deltas for LiveDeltas {
    #[inline]
    fn leave(&self, a: Cell) -> i32 {
        self.leave[a]
    }

    #[inline]
    fn completing_cells(&self, board: &Board) -> [CellSet; 8] {
        let mut completing = [0 as CellSet; 8];
        for b in cells_of(board.empty_cells()) {
            let mut colours = self.completes(b);
            while colours != 0 {
                completing[colours.trailing_zeros() as usize] |= cell_bit(b);
                colours &= colours - 1;
            }
        }
        completing
    }

    #[inline]
    fn best_arrivals(&self, board: &Board, regions: &EmptyRegions) -> RegionBest {
        RegionBest::of(board, regions, |b| self.arrive_row(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::random_board;
    use crate::bot::evaluation::Evaluator;
    use crate::bot::search::{place_random, SampleRng};

    /// The live deltas agree with `MoveDeltas::new` where they are read: `leave` on occupied
    /// cells, arrivals and completing colours on empty ones, the region best everywhere.
    fn assert_same(live: &LiveDeltas, eval: &Evaluator, board: &Board) {
        let plain = eval.deltas(&eval.counts(board), board);
        for a in cells_of(board.occupied_cells()) {
            assert_eq!(Deltas::leave(live, a), plain.leave[a], "leave {a}\n{board}");
        }
        for b in cells_of(board.empty_cells()) {
            assert_eq!(live.arrive_row(b)[1..], plain.arrive[b][1..], "arrive {b}\n{board}");
            assert_eq!(live.completes(b), plain.completes[b], "completes {b}\n{board}");
        }
        assert_eq!(Deltas::completing_cells(live, board), plain.completing_cells(board));
        let regions = EmptyRegions::new(board);
        let (found, expected) =
            (Deltas::best_arrivals(live, board, &regions), plain.best_arrivals(board, &regions));
        for region in 0..regions.sets().len() {
            for colour in 1..8 {
                assert_eq!(found.get(region, colour), expected.get(region, colour), "\n{board}");
            }
        }
    }

    #[test]
    fn live_deltas_along_random_rollouts_match_move_deltas() {
        // Moves (quiet or completing lines) and placements (with their lines), the live deltas
        // updated by the windows through the changed cells only.
        let eval = Evaluator::new(Weights::default());
        let (table, weights) = (&eval.table, &eval.weights);
        let mut state = 77u64;
        let mut rng = SampleRng::for_sample(9, 0);
        let mut checked = 0;
        for round in 0..60 {
            let mut board = random_board(&mut state, [10, 35, 55, 70, 85][round % 5]);
            if round % 3 == 0 {
                // Few colours: windows of four and lines are common.
                for at in cells_of(board.occupied_cells()) {
                    board.set(at, 1 + board.get(at) % 2);
                }
            }
            let mut counts = eval.counts(&board);
            let mut live = LiveDeltas::new(table, &counts, weights);
            for _ in 0..20 {
                assert_same(&live, &eval, &board);
                checked += 1;
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut after = board;
                after.apply_legal_move(moves[rng.below(moves.len())]);
                let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
                place_random(&mut after, colours, &mut rng);
                let set = LiveDeltas::windows_through(table, changed_cells(&board, &after));
                live.apply(table, &counts, weights, set, -1);
                eval.update(&mut counts, &board, &after);
                live.apply(table, &counts, weights, set, 1);
                board = after;
            }
        }
        assert!(checked > 600, "{checked}");
    }

    /// The cells whose colour differs, plainly.
    fn changed_cells(old: &Board, new: &Board) -> CellSet {
        (0..CELLS).filter(|&at| old.get(at) != new.get(at)).fold(0, |set, at| set | cell_bit(at))
    }
}
