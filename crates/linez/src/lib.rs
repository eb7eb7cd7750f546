//! Linez (TopCoder Marathon Match 5): the game's rules, seeded game generation and the bot, as one
//! flat API (every public item is at the crate root).
//!
//! * The rules, once: cells and sets of cells ([`Cell`], [`CellSet`], [`cells_of`], [`flood`]),
//!   moves and their notation ([`Move`], [`CONVENTION`]), the [`Board`] with legality, lines of 5+
//!   and their points ([`points_for`]), and the 10-line [`Turn`] text of the protocol
//!   ([`read_turn`], [`parse_turn`]).
//! * Seeded games (the `game` feature, on by default; the judge's bundle leaves it out): `Game`
//!   under `Rules`, from the spec's `SplitMix64` streams, and the names of the rule switches.
//! * The player: [`Bot`] and its stdin/stdout loop [`play`] with the judge's [`GAME_BUDGET`];
//!   [`Effort`] and [`effort_of_units`] for fixed work a move. With the `tuning` feature (the
//!   tools turn it on; the judge's bundle never has it), constructors take other [`Weights`],
//!   [`Rollout`] settings, fixed work a move, or no clock.
//!
//! In-process use:
//!
//! ```
//! use linez::{Board, Bot};
//! use std::time::Duration;
//! let mut board = Board::new();
//! board.set(linez::cell(0, 0), 3);
//! let mut bot = Bot::new(Duration::from_secs(20));
//! let mv = bot.choose(&board, [1, 2, 3]);
//! assert!(board.is_legal(mv));
//! ```
//!
//! [`Bot::choose`] measures its own thinking time and spreads [`Bot::new`]'s budget over the game;
//! make one `Bot` per game.
//!
//! Inside the crate every module takes the flat API with `use crate::*;`, a prelude that keeps the
//! judge's one-file bundle as small as one list of names would.

#[cfg(feature = "game")]
/// `Display` and `FromStr` for a rule switch, from its variants' names (as `linez-sim` takes and
/// prints them), so that each switch is named in one place.
macro_rules! switch_names {
    ($type:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self { $($type::$variant => $name),+ })
            }
        }

        impl std::str::FromStr for $type {
            type Err = String;

            fn from_str(text: &str) -> Result<$type, String> {
                match text {
                    $($name => Ok($type::$variant),)+
                    _ => Err(format!("expected {}, found {text:?}", [$($name),+].join("|"))),
                }
            }
        }
    };
}

mod board;
mod bot;
mod cells;
#[cfg(feature = "game")]
mod game;
mod moves;
mod turn;

pub use board::{points_for, Board, Removal};
pub use bot::{effort_of_units, play, Bot, Chosen, Effort, Rollout, Weights, GAME_BUDGET};
pub use cells::{
    cell, cell_bit, cells_of, column_of, flood, neighbours, neighbours_of, row_of, Cell, CellSet, ALL_CELLS,
    CELLS, COLOURS, DIRECTIONS, MIN_LINE, SIZE,
};
#[cfg(feature = "game")]
pub use game::{Game, PlacementCheck, PlacementLines, Rules, SplitMix64, Step};
pub use moves::{Convention, IllegalMove, Move, CONVENTION};
pub use turn::{parse_next_three, parse_row, parse_turn, read_turn, Turn};
