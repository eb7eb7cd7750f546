//! Hex (11x11, swap rule) for CodinGame: the game's rules and a Monte Carlo tree search bot.
//!
//! The public API is small and flat:
//!
//! * the rules, shared by the bot and the local referee: [`Board`], [`Cell`], [`Color`], [`Game`],
//!   [`Move`], [`IllegalMove`], [`SIZE`], [`CELLS`];
//! * the judge's protocol: [`read_header`], [`read_turn`], [`Turn`];
//! * the bot: [`play`] with its [`Settings`];
//! * behind the feature `tuning`, what the tools use of the bot (`hex-baseline`, `hex-train`;
//!   the bundle drops it): the bot's playout to fill a
//!   board ([`Playouts`], [`Fill`], [`Answers`], [`Stones`], [`Rng`]) and its weights
//!   ([`PlayoutWeights`], [`playout_table_source`]), its search of one position ([`analyse`],
//!   [`Analysis`]), its move prior's features ([`ShapeFeatures`], [`MoveFeatures`]) and learned
//!   table's text ([`shape_table_source`], [`ShapeWeights`]).
//!
//! The modules in the order they depend on each other (each uses only those above it):
//!
//! * `board`: the rules, once: cells and their neighbours, moves, the swap rule, win detection,
//!   and the CodinGame board text.
//! * `protocol`: reading the judge's turns (`lastMove` and the board rows).
//! * `geometry`: pure board shape, built once: node numbering, neighbour rings, bridges, the
//!   ziggurats' placements.
//! * `position`: the bot's fast board derived from the rules: side nodes, union-find.
//! * `inferior`: dead cells by local patterns.
//! * `connections`: virtual connections (bridges, edge templates), proofs and mustplay.
//! * `node_rules`: the solver's rules at a node (wins, threats, proofs, mustplay, pruning).
//! * `patterns`: learned local shapes (weights in `shape_table`) used as move priors.
//! * `local_answers`: the playouts' answers near the last move, by those shapes' weights as
//!   simulation balancing refits them (`playout_table`).
//! * `search`: MCTS with RAVE, bridge-answering and locally answering playouts, dead/vulnerable
//!   pruning and a solver.
//! * `bot`: the game loop, the clock, the swap decision and the opening; [`Settings`].
//! * `tools`: the entries the tools use (feature `tuning`).

// Without the feature `tuning`, what only the tools use of the bot's modules is dead here.
#![cfg_attr(not(feature = "tuning"), allow(dead_code, unused_imports))]

mod board;
mod bot;
mod connections;
mod geometry;
mod inferior;
mod local_answers;
mod node_rules;
mod patterns;
mod playout_table;
mod position;
mod protocol;
mod search;
mod shape_table;
#[cfg(feature = "tuning")]
mod tools;

pub use board::{Board, Cell, Color, Game, IllegalMove, Move, CELLS, SIZE};
pub use bot::{play, Settings};
#[cfg(feature = "tuning")]
pub use patterns::{RECENT_MOVE_CLASSES, SHAPE6_CODES};
#[cfg(feature = "tuning")]
pub use position::{stone, EMPTY};
pub use protocol::{read_header, read_turn, Turn};
#[cfg(feature = "tuning")]
pub use search::Rng;
#[cfg(feature = "tuning")]
pub use tools::{
    analyse, playout_table_source, shape_table_source, Analysis, Answers, Fill, MoveFeatures, PlayoutWeights,
    Playouts, ShapeFeatures, ShapeWeights, Stones,
};
