//! The move prior's observations (`hex-train patterns`): the candidates' features at a position
//! and which of them won, from the moves of game records.
//!
//! Every move that is a cell (not the referee's forced opening, not a swap), made by an engine
//! whose name starts with the `player` prefix if given, is one observation whose chosen cell won
//! all of it; its candidates are [`ShapeFeatures::of_moves`]'s empty cells, with the mover's last
//! move and own move before it (after a swap the swapped stone is the last move and the mover has
//! none). Every tenth record is held out.

use hex::{Cell, Color, Game, Move, ShapeFeatures};
use hex_tools::hex_record::Record;

/// A candidate's raw features: 6-neighbour class, canonical 12-cell code, last-move class.
pub type Features = (u16, u32, u8);

/// An observation before the 12-cell codes are indexed: candidates' raw features, the wins' shares
/// and whether it is held out.
pub type RawObservation = (Vec<Features>, Vec<(usize, f64)>, bool);

/// The observations of `records`' moves (see the module's documentation): each chosen cell wins
/// a share of 1.
///
/// # Errors
/// None today (a record that ended by an illegal move holds that move last, and stops there).
pub fn from_records(
    records: &[Record],
    player: Option<&str>,
    shapes: &ShapeFeatures,
) -> Result<Vec<RawObservation>, String> {
    let mut raw: Vec<RawObservation> = Vec::new();
    for (number, record) in records.iter().enumerate() {
        let forced = record.opening.is_some();
        let held_out = number % 10 == 9;
        let mut game = Game::new();
        let mut last = None;
        let mut own_last = None;
        for (index, &mv) in record.moves.iter().enumerate() {
            let mover = game.to_move();
            let name = if mover == Color::Red { &record.red } else { &record.blue };
            let learn = !(forced && index == 0) && player.is_none_or(|p| name.starts_with(p));
            if let (Move::Place(cell), true) = (mv, learn) {
                let mut candidates = Vec::new();
                let mut chosen = usize::MAX;
                // The features: the 6-neighbour shape, the 12-cell shape, the recent-move class.
                for (empty, f) in shapes.of_moves(game.board(), mover, last, own_last) {
                    if empty == cell {
                        chosen = candidates.len();
                    }
                    candidates.push((f.shape6, f.shape12, f.recent));
                }
                if chosen != usize::MAX {
                    raw.push((candidates, vec![(chosen, 1.0)], held_out));
                }
            }
            // A record that ended by an illegal move holds that move last.
            if game.play(mv).is_err() {
                break;
            }
            (own_last, last) = recent_after(&game, mv, last);
            if game.winner().is_some() {
                break;
            }
        }
    }
    Ok(raw)
}

/// The next mover's own last move and the last move, once `mv` (just played on `game`) followed
/// the last move `last`: a stone is the new last move and `last` the next mover's own. After a
/// swap the swapped stone (the only stone on the board) is the last move, and the mover's own
/// first stone is gone (the bot does not know it either).
fn recent_after(game: &Game, mv: Move, last: Option<Cell>) -> (Option<Cell>, Option<Cell>) {
    match mv {
        Move::Place(c) => (last, Some(c)),
        Move::Swap => (None, Cell::all().find(|&c| game.board().get(c).is_some())),
    }
}
