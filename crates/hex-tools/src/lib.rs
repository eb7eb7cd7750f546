//! What the Hex tools share beyond the match kit:
//!
//! * [`hex_record`]: the Hex game records `hex-arena` writes and the Hex trainers read;
//! * [`hex_label`]: positions labelled by a deep search, which `hex-train label` writes and the
//!   trainers read.
//!
//! The game's rules are not here: they come from the `hex` library, the same code the bot uses.

pub mod hex_label;
pub mod hex_record;
