//! What the Hex tools share beyond the match kit: [`hex_record`], the Hex game records `hex-arena`
//! writes and `hex-train patterns` reads.
//!
//! The game's rules are not here: they come from the `hex` library, the same code the bot uses.

pub mod hex_record;
