//! Hex (11x11, swap rule) for CodinGame: the game's rules and a Monte Carlo tree search bot.
//!
//! The modules in the order they depend on each other (each uses only those above it):
//!
//! * [`board`]: the rules, once, shared by the bot and the local referee: cells and their
//!   neighbours, moves, the swap rule, win detection, and the CodinGame board text.
//! * [`protocol`]: reading the judge's turns (`lastMove` and the board rows).
//! * [`geometry`]: pure board shape, built once: node numbering, neighbour rings, bridges, the
//!   ziggurats' placements.
//! * [`position`]: the bot's fast board derived from the rules: side nodes, union-find.
//! * [`inferior`]: dead cells by local patterns.
//! * [`connections`]: virtual connections (bridges, edge templates), proofs and mustplay.
//! * [`patterns`]: learned local shapes (weights in [`shape_table`]) used as move priors.
//! * [`local_answers`]: the playouts' answers near the last move, by those shapes' weights.
//! * [`search`]: MCTS with RAVE, bridge-answering and locally answering playouts, dead/vulnerable pruning and a solver.
//! * [`bot`]: the game loop, the clock, the swap decision and the opening; [`Settings`].

pub mod board;
pub mod bot;
pub mod connections;
pub mod geometry;
pub mod inferior;
pub mod local_answers;
pub mod patterns;
pub mod position;
pub mod protocol;
pub mod search;
pub mod shape_table;

pub use board::{Board, Cell, Color, Game, IllegalMove, Move, CELLS, DIRECTIONS, SIZE};
pub use bot::{best_move, book_move, play, should_swap, Bot, Settings, OPENING};
pub use protocol::{read_header, read_turn, Turn};
