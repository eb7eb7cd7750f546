//! What the Linez tools share beyond the match kit: [`linez_baseline`], the Linez yardstick players
//! (random and greedy).
//!
//! The game's rules are not here: they come from the `linez` library, the same code the bot uses.

pub mod linez_baseline;
