//! What the Linez tools share beyond the match kit: [`linez_baseline`], the Linez yardstick players
//! (random and greedy), and [`games_file`], the games as `linez-sim` writes them for `merge` and
//! the match page.
//!
//! The game's rules are not here: they come from the `linez` library, the same code the bot uses.

pub mod games_file;
pub mod linez_baseline;
