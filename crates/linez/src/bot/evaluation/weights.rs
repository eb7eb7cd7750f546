//! The weights of the evaluation: what each counted term is worth.

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
