//! The search's parameters: the defaults are the measured choice (see the README).

/// Virtual RAVE games given to each new child, at its prior win rate.
const PRIOR_GAMES: f32 = 12.0;
/// Search parameters.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Virtual RAVE games each new child starts with, at its prior win rate.
    pub prior_games: f32,
    /// A node's children are created on this visit.
    pub expand_after: f32,
    /// RAVE weight schedule: `beta = rn / (rn + n + rn * n * rave_bias)`.
    pub rave_bias: f32,
    /// Weight of the learned shape prior: a child's selection value gets
    /// `shape_bias * p / sqrt(visits + 1)`, `p` its share of the shape weights among its siblings.
    pub shape_bias: f32,
    /// Weight of every empty cell against the local answers' shape weights in the playouts
    /// ([`super::LocalAnswers`]); 0: no local answers.
    pub playout_global: f32,
    /// The playouts' first this many moves answer locally.
    pub playout_local_moves: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            prior_games: PRIOR_GAMES,
            expand_after: EXPAND_AFTER,
            rave_bias: RAVE_BIAS,
            shape_bias: SHAPE_BIAS,
            playout_global: PLAYOUT_GLOBAL,
            playout_local_moves: PLAYOUT_LOCAL_MOVES,
        }
    }
}

/// A node's children are created on its `EXPAND_AFTER`-th visit.
const EXPAND_AFTER: f32 = 4.0;
/// RAVE weight schedule: beta = rn / (rn + n + rn * n * RAVE_BIAS).
const RAVE_BIAS: f32 = 0.0005;
/// Progressive bias of the learned shape prior (see [`Params::shape_bias`]); measured against
/// MoHex in the README.
const SHAPE_BIAS: f32 = 2.5;
/// Weight of every empty cell against the local answers' shape weights: about what a cell far
/// from both recent moves weighs in the tree's prior (0.15 and 5 measured beside it in RESULTS.md).
const PLAYOUT_GLOBAL: f32 = 0.64;
/// The playouts' first 30 moves answer locally: the rest of a playout costs as much as before.
const PLAYOUT_LOCAL_MOVES: u32 = 30;
