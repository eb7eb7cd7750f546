//! `hex-train patterns --labels`: the teacher's labels (`hex-train label`) as observations of the
//! move prior, each position's wins split by the teacher's visit shares.
//!
//! A labelled position is rebuilt from its moves, with the mover's last move and own move before it
//! derived as [`crate::patterns`] derives them from records (after a swap the swapped stone is the
//! last move and the mover has none). Its candidates are [`ShapeFeatures::of_moves`]'s empty cells
//! and each visited cell wins its share of the visits (the label lines leave out the moves below
//! their `--min-share`; the shares are of the visits listed). Every tenth game (`game % 10 == 9`)
//! is held out.

use crate::patterns::{recent_after, RawObservation};
use hex::{Game, ShapeFeatures};
use hex_tools::hex_label::Label;

/// `(candidates' raw features, (candidate index, visit share) per visited cell, held out)` per
/// labelled position with at least one visit (the positions the solver proved before any playout
/// list their winning move with no visits and are left out).
///
/// # Errors
/// A label whose moves are not legal.
pub fn observations(labels: &[Label], shapes: &ShapeFeatures) -> Result<Vec<RawObservation>, String> {
    let mut out = Vec::new();
    for label in labels {
        let mut game = Game::new();
        let (mut last, mut own_last) = (None, None);
        for &mv in &label.moves {
            game.play(mv).map_err(|e| format!("game {}: {mv}: {e:?}", label.game))?;
            (own_last, last) = recent_after(&game, mv, last);
        }
        let features = shapes.of_moves(game.board(), game.to_move(), last, own_last);
        let total: u64 = label.visits.iter().map(|&(_, n)| u64::from(n)).sum();
        let mut wins = Vec::new();
        for &(cell, n) in &label.visits {
            let index = features
                .iter()
                .position(|&(empty, _)| empty == cell)
                .ok_or_else(|| format!("game {}: visited cell {cell} is not empty", label.game))?;
            if n > 0 {
                wins.push((index, n as f64 / total as f64));
            }
        }
        if !wins.is_empty() {
            let candidates = features.into_iter().map(|(_, f)| (f.shape6, f.shape12, f.recent)).collect();
            out.push((candidates, wins, label.game % 10 == 9));
        }
    }
    Ok(out)
}
