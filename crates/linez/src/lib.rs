//! Linez (TopCoder Marathon Match 5): the game's rules, seeded game generation and the bot.
//!
//! * [`board`]: the rules, once — the 9x9 board, cell names ([`CONVENTION`]), moves and their
//!   legality, lines of 5+ and their points, and the 10-line turn text of the protocol.
//! * [`game`]: seeded game generation (SplitMix64 streams) and the open-rule switches.
//! * [`bot`]: the player. In-process use (e.g. the simulator's fast tuning):
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

pub mod board;
pub mod bot;
pub mod game;

pub use board::{
    cell, cells_of, column_of, flood, neighbours, parse_next_three, parse_row, parse_turn, points_for,
    read_turn, row_of, Board, Cell, CellSet, Convention, IllegalMove, Move, Removal, Turn, ALL_CELLS, CELLS,
    COLOURS, CONVENTION, MIN_LINE, SIZE,
};
pub use bot::Bot;
