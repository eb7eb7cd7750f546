//! What the Linez tools share beyond the match kit:
//!
//! * [`cma`]: CMA-ES, the optimiser of `linez-tune cma`;
//! * [`linez_baseline`]: the Linez yardstick players (random and greedy).
//!
//! The game's rules are not here: they come from the `linez` library, the same code the bot uses.

pub mod cma;
pub mod linez_baseline;
