//! The records file's lines (the format is [`hex_tools::hex_record`]), made from refereed games.

use crate::referee::Outcome;
use hex::Color;
pub use hex_tools::hex_record::Record;

/// The record of game `game` (1-based) of the match, played with `seed` between `red` and `blue`.
pub fn record_of(game: usize, seed: u64, red: &str, blue: &str, outcome: &Outcome) -> Record {
    Record {
        game,
        seed,
        red: red.to_string(),
        blue: blue.to_string(),
        winner: outcome.winner,
        reason: outcome.reason,
        opening: outcome.opening,
        moves: outcome.moves.clone(),
        times: outcome.timings.iter().map(|t| t.map(|t| crate::referee::ms(t.elapsed))).collect(),
        messages: outcome.messages.clone(),
        late: [Color::Red, Color::Blue]
            .map(|color| outcome.timings.iter().flatten().filter(|t| t.color == color && t.late).count()),
        values: Vec::new(),
        detail: outcome.detail.replace(['\n', '\r'], " "),
    }
}
