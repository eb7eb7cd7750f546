//! What the tools use of the bot beyond the rules (`hex-baseline`, `hex-train`): the bot's playout
//! to fill a board and its weights (`tools/playouts.rs`: [`Playouts`], [`PlayoutWeights`]), its
//! search of one position ([`analyse`]), the features its move prior learns from
//! ([`ShapeFeatures`]) and the text of the learned table ([`shape_table_source`]). The bot itself
//! does not call them (the bundle drops them).

mod playouts;

pub use playouts::{playout_table_source, Answers, Fill, PlayoutWeights, Playouts, Stones};

use crate::board::{Board, Cell, Color, Game, CELLS};
use crate::geometry::NODES;
use crate::patterns::{canonical, recent_move_class, Shapes, LN_SCALE, PACK_BASE, SHAPE6_CODES};
use crate::position::Position;
use crate::search::Search;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What [`analyse`] found.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The move the bot's search chose.
    pub best: Cell,
    /// Its win rate for the side to move (1 or 0 when proven).
    pub value: f32,
    /// Whether the value is proven (won or lost by force).
    pub proven: bool,
    /// Playouts run.
    pub playouts: u32,
    /// The root's moves and how many of the playouts went through each (the search's visit
    /// distribution), in no particular order.
    pub visits: Vec<(Cell, u32)>,
}

/// The bot's own search (its default parameters, a fresh tree, no clock) of `game`'s position for
/// `playouts` playouts; `last` is the move that led to it (`None` after a swap or at the start).
/// The position must have no winner and an empty cell.
pub fn analyse(game: &Game, last: Option<Cell>, playouts: u32, seed: u64) -> Analysis {
    let position = Position::new(game.board(), game.to_move());
    let far = Instant::now() + Duration::from_secs(3600);
    let mut search = Search::new(seed);
    let result = search.run(&position, last.map_or(NODES, Cell::index), far, playouts);
    let visits = search
        .root_visits()
        .into_iter()
        .filter(|&(cell, _)| cell < CELLS)
        .map(|(cell, visits)| (Cell::from_index(cell), visits as u32))
        .collect();
    Analysis {
        best: Cell::from_index(result.cell % CELLS),
        value: result.value,
        proven: result.proven,
        playouts: result.playouts,
        visits,
    }
}

/// The features of one candidate move, as the bot's move prior sees them: each a canonical code
/// (a shape and its half-turn share one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFeatures {
    /// The 6-neighbour shape (`< SHAPE6_CODES`).
    pub shape6: u16,
    /// The 12-cell shape (the 6 neighbours and the 6 bridge partners).
    pub shape12: u32,
    /// Where the cell lies relative to the opponent's last move and the mover's own before it
    /// (`< RECENT_MOVE_CLASSES`).
    pub recent: u8,
}

/// The move prior's features, built once (it holds the shapes' cell tables).
pub struct ShapeFeatures {
    shapes: Shapes,
}

impl Default for ShapeFeatures {
    fn default() -> Self {
        ShapeFeatures::new()
    }
}

impl ShapeFeatures {
    pub fn new() -> ShapeFeatures {
        ShapeFeatures { shapes: Shapes::new() }
    }

    /// Every empty cell of `board` (in [`Board::empty_cells`] order) with its features when
    /// `to_move` is to play; `last` is the opponent's last move, `own_last` the mover's before it.
    pub fn of_moves(
        &self,
        board: &Board,
        to_move: Color,
        last: Option<Cell>,
        own_last: Option<Cell>,
    ) -> Vec<(Cell, MoveFeatures)> {
        let position = Position::new(board, to_move);
        let (last, own_last) = (last.map_or(NODES, Cell::index), own_last.map_or(NODES, Cell::index));
        board
            .empty_cells()
            .map(|cell| {
                let code12 = self.shapes.code(&position, cell.index());
                let code6 = code12 % SHAPE6_CODES;
                let recent = recent_move_class(cell.index(), last, own_last);
                let features = MoveFeatures {
                    shape6: canonical(code6) as u16,
                    shape12: canonical(code12) as u32,
                    recent: recent as u8,
                };
                (cell, features)
            })
            .collect()
    }
}

/// Fitted weights of the move prior's features, for [`shape_table_source`].
pub struct ShapeWeights<'a> {
    /// The weight of each canonical 6-neighbour code (indexed by code, `SHAPE6_CODES` of them).
    pub shape6: &'a [f64],
    /// The frequent 12-cell shapes: canonical code and weight.
    pub shape12: &'a [(u32, f64)],
    /// The weight of each recent-move class (`RECENT_MOVE_CLASSES` of them).
    pub recent_moves: &'a [f64],
}

/// The byte of an ln weight, clamped to the representable range (the inverse of the table's
/// reading in the bot).
fn quantize(ln: f32) -> u32 {
    (ln * LN_SCALE + 128.0).round().clamp(0.0, 255.0) as u32
}

/// The source of `crates/hex/src/shape_table.rs` holding `weights` (quantized, packed 14 bits a
/// character), and how many 12-cell shapes it keeps (those whose weight quantizes to 1 are left out).
pub fn shape_table_source(weights: &ShapeWeights<'_>) -> (String, usize) {
    let pack = |q: u32| char::from_u32(PACK_BASE + q).unwrap();
    let mut shape6 = String::new();
    for code in 0..SHAPE6_CODES {
        shape6.push(pack(quantize(weights.shape6[canonical(code)].ln() as f32)));
    }
    let mut shape12 = String::new();
    for &(code, weight) in weights.shape12 {
        let q = quantize(weight.ln() as f32);
        if q == 128 {
            continue;
        }
        let bits = (code << 8) | q;
        shape12.push(pack(bits >> 14));
        shape12.push(pack(bits & 0x3FFF));
    }
    let recent_moves: String = weights.recent_moves.iter().map(|w| pack(quantize(w.ln() as f32))).collect();
    let mut text = String::new();
    text.push_str(
        "//! The learned shape weights packed for [`crate::patterns`] (written by `hex-train patterns`;\n",
    );
    text.push_str("//! each character holds 14 bits as `char - 0x4E00`).\n\n");
    text.push_str(
        "/// ln weight of each 6-neighbour code, one character each (quantized: `ln w = (q - 128) / LN_SCALE`).\n",
    );
    let _ = writeln!(text, "pub const SHAPE6: &str = \"{shape6}\";");
    text.push_str("/// Frequent 12-cell shapes: two characters each, `canonical code << 8 | quantized ln correction`.\n");
    let _ = writeln!(text, "pub const SHAPE12: &str = \"{shape12}\";");
    text.push_str(
        "/// ln weight of each recent-move class (`patterns::recent_move_class`), one character each.\n",
    );
    let _ = writeln!(text, "pub const RECENT_MOVES: &str = \"{recent_moves}\";");
    (text, shape12.chars().count() / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::RECENT_MOVE_CLASSES;
    use crate::shape_table::{RECENT_MOVES, SHAPE12, SHAPE6};

    #[test]
    fn every_empty_cell_has_features_in_range() {
        let features = ShapeFeatures::new();
        let mut game = Game::new();
        for mv in ["f6", "e7", "d9"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let last = Some("d9".parse().unwrap());
        let moves = features.of_moves(game.board(), game.to_move(), last, None);
        assert_eq!(moves.len(), CELLS - 3);
        assert!(moves.iter().map(|(c, _)| *c).eq(game.board().empty_cells()));
        for (_, f) in &moves {
            assert!(usize::from(f.shape6) < SHAPE6_CODES && usize::from(f.recent) < RECENT_MOVE_CLASSES);
        }
    }

    /// Writing the table the bot reads gives back its own source's strings.
    #[test]
    fn the_table_written_from_the_bot_s_weights_is_the_bot_s_table() {
        let unpack = |c: char| c as u32 - PACK_BASE;
        let weight = |q: u32| f64::from((q as f32 - 128.0) / LN_SCALE).exp();
        let shape6: Vec<f64> = SHAPE6.chars().map(|c| weight(unpack(c))).collect();
        let packed: Vec<u32> = SHAPE12.chars().map(unpack).collect();
        let shape12: Vec<(u32, f64)> = packed
            .chunks_exact(2)
            .map(|pair| {
                let bits = pair[0] << 14 | pair[1];
                (bits >> 8, weight(bits & 255))
            })
            .collect();
        let recent_moves: Vec<f64> = RECENT_MOVES.chars().map(|c| weight(unpack(c))).collect();
        let (text, kept) = shape_table_source(&ShapeWeights {
            shape6: &shape6,
            shape12: &shape12,
            recent_moves: &recent_moves,
        });
        assert_eq!(kept, shape12.len());
        assert!(text.contains(&format!("SHAPE6: &str = \"{SHAPE6}\"")));
        assert!(text.contains(&format!("SHAPE12: &str = \"{SHAPE12}\"")));
        assert!(text.contains(&format!("RECENT_MOVES: &str = \"{RECENT_MOVES}\"")));
    }
}
