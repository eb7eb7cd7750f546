//! Hex (11x11, swap rule) for CodinGame: the game's rules and a Monte Carlo tree search bot.
//!
//! * [`board`]: the rules, once, shared by the bot and the local referee: cells and their
//!   neighbours, moves, the swap rule, win detection, and the CodinGame board text.
//! * [`protocol`]: reading the judge's turns (`lastMove` and the board rows).

pub mod board;
pub mod protocol;

pub use board::{Board, Cell, Color, Game, IllegalMove, Move, CELLS, SIZE};
pub use protocol::{read_header, read_turn, Turn};
