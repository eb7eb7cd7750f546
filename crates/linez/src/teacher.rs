//! The teacher's view of a position (tuning only): the wide search of [`crate::Bot::teach`], whose
//! choices and candidates' sampled means label positions for a move ranker.

use crate::*;

/// One candidate of [`crate::Bot::teach`]: its move, its place in the bot's 1-ply ranking and its
/// samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taught {
    pub mv: Move,
    /// Its place in the 1-ply ranking of the quiet moves (the whole evaluation after the move),
    /// 1 for the top: the bot's candidates at `c` candidates are the moves of rank `1..=c`.
    pub rank: usize,
    /// The sum of its samples' values (the evaluation's units).
    pub sum: i64,
    /// Its samples: successive halving gives the better candidates more.
    pub samples: usize,
}

impl Taught {
    /// Its sampled mean (0 without samples).
    pub fn mean(&self) -> f64 {
        if self.samples == 0 {
            0.0
        } else {
            self.sum as f64 / self.samples as f64
        }
    }
}

/// What the wide search of [`crate::Bot::teach`] found on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teaching {
    /// The quiet moves of the position (the 1-ply ranking's length).
    pub quiet: usize,
    /// The candidates by 1-ply rank.
    pub candidates: Vec<Taught>,
    /// The search's choice: the best sum of the last halving round (the first on ties).
    pub choice: Move,
}
