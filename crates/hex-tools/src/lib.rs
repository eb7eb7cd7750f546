//! What the Hex tools share beyond the match kit:
//!
//! * [`hex_record`]: the Hex game records `hex-arena` writes and the Hex trainers read;
//! * [`hex_value`]: the Hex value network's input frame and its text file (its trainer and the
//!   engine that uses it).
//!
//! The game's rules are not here: they come from the `hex` library, the same code the bot uses.

pub mod hex_record;
pub mod hex_value;
