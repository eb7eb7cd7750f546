//! The bot's playouts for the tools: filling a board with its policy ([`Playouts`]), the local
//! answers' weights ([`PlayoutWeights`]) with the score function simulation balancing fits them
//! by, and the text of the playout table ([`playout_table_source`]).

use crate::board::{Cell, Color, CELLS};
use crate::geometry::{Geometry, NODES};
use crate::local_answers::{playout_weights, LocalShapes, PLAYOUT_SCALE, PLAYOUT_ZERO};
use crate::patterns::{Shapes, PACK_BASE, RECENT_MOVE_CLASSES, SHAPE6_CODES, SHAPE_CELLS};
use crate::position::{Position, EMPTY};
use crate::search::{playout, playout_traced, LocalAnswers, LocalDraw, NoTrace, Params, Rng, Trace};

/// A board one byte a cell (by [`Cell::index`]), the layout of the bot's fast position:
/// [`EMPTY`] or [`stone`](crate::stone)`(color)` (red 1, blue 2).
pub type Stones = [u8; CELLS];

/// How [`Playouts::fill`] fills a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fill {
    /// Who places the first of the remaining stones (then the players alternate).
    pub to_move: Color,
    /// The move played just before, whose intrusions into bridges are answered first (`None`: none).
    pub last: Option<Cell>,
    /// The bot's playout policy without its local answers: an intrusion into a bridge is answered
    /// in the other carrier cell, every other cell is drawn uniformly. `false`: every cell uniformly.
    pub answer_bridges: bool,
}

/// The local answers of [`Playouts::fill_answering`]: after each of the playout's first `moves`
/// moves, the empty cells near it are drawn by their learned shape weights against `global` for
/// every empty cell (the bot's search parameters `playout_global` and `playout_local_moves`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answers {
    /// The move played before [`Fill::last`] (the mover's own last move; `None`: none).
    pub own_last: Option<Cell>,
    /// The weight of every empty cell against the local answers' shape weights (0: no local answers).
    pub global: f32,
    /// The playout's first this many moves answer locally (0: none).
    pub moves: u32,
}

impl Answers {
    /// The bot's own local answers (its default search parameters).
    pub fn bot(own_last: Option<Cell>) -> Answers {
        let params = Params::default();
        Answers { own_last, global: params.playout_global, moves: params.playout_local_moves }
    }
}

/// The local answers' ln weights (tools: simulation balancing): each 6-neighbour code's
/// (`SHAPE6_CODES`, the code in the mover's frame) and each recent-move class's
/// (`RECENT_MOVE_CLASSES`); a cell's weight is the exponential of the sum of its two.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutWeights {
    pub shape6: Vec<f32>,
    pub recent: Vec<f32>,
}

impl PlayoutWeights {
    /// The bot's: its playout table's.
    pub fn bot() -> PlayoutWeights {
        let (shape6, recent) = playout_weights();
        PlayoutWeights { shape6, recent }
    }

    /// The move prior's shape and recent-move weights (where simulation balancing starts).
    pub fn prior() -> PlayoutWeights {
        let shapes = Shapes::new();
        PlayoutWeights { shape6: shapes.shape6.clone(), recent: shapes.recent_moves.to_vec() }
    }

    /// The number of weights: the length of a score vector ([`Playouts::fill_scored`]), the shapes'
    /// first, then the classes'.
    pub const LEN: usize = SHAPE6_CODES + RECENT_MOVE_CLASSES;
}

/// A trace that adds the score function of each local-answer draw (the gradient of its log
/// probability with respect to the ln weights) to a vector.
struct Score<'a>(&'a mut [f64]);

impl Trace for Score<'_> {
    fn local_draw(&mut self, draw: LocalDraw<'_>) {
        let features = draw.shapes.features(draw.codes, draw.position, draw.last, draw.own_last);
        let z = f64::from(draw.sums[SHAPE_CELLS - 1]) + f64::from(draw.global) * draw.len as f64;
        let mut before = 0.0;
        for (slot, &(shape, class)) in features.iter().enumerate() {
            let weight = f64::from(draw.sums[slot]) - before;
            before = f64::from(draw.sums[slot]);
            if weight <= 0.0 {
                continue;
            }
            // Drawn by its weight or among all cells: P = (w + g) / Z; the others only in Z.
            let mut gradient = -weight / z;
            if usize::from(draw.cells[slot]) == draw.chosen {
                gradient += weight / (weight + f64::from(draw.global));
            }
            self.0[usize::from(shape)] += gradient;
            self.0[SHAPE6_CODES + usize::from(class)] += gradient;
        }
    }
}

/// The bot's playouts for a baseline's search: built once (it holds the board's tables).
pub struct Playouts {
    geometry: Geometry,
    local_shapes: LocalShapes,
}

impl Default for Playouts {
    fn default() -> Self {
        Playouts::new()
    }
}

impl Playouts {
    pub fn new() -> Playouts {
        Playouts::with_weights(&PlayoutWeights::bot())
    }

    /// The bot's playouts with other local-answer weights (tools: simulation balancing).
    pub fn with_weights(weights: &PlayoutWeights) -> Playouts {
        let local_shapes = LocalShapes::with_weights(&Shapes::new(), &weights.shape6, &weights.recent);
        Playouts { geometry: Geometry::new(), local_shapes }
    }

    /// [`Playouts::fill_answering`], adding to `score` ([`PlayoutWeights::LEN`] long) the gradient
    /// of the log probability of the playout's local-answer draws with respect to the weights.
    ///
    /// # Panics
    /// If `fill.answer_bridges` is false or `score` is shorter than [`PlayoutWeights::LEN`].
    pub fn fill_scored(
        &self,
        stones: &mut Stones,
        fill: Fill,
        answers: Answers,
        rng: &mut Rng,
        score: &mut [f64],
    ) -> Color {
        assert!(score.len() >= PlayoutWeights::LEN, "a score of every weight");
        self.fill_with(stones, fill, answers, rng, &mut Score(score))
    }

    /// Fills every empty cell of `stones` with the bot's whole playout policy, as its search does
    /// from a leaf: intrusions into bridges answered, then `answers`' local answers, the rest
    /// uniform. Returns the winner. `fill.answer_bridges` must be true (the bot always answers).
    ///
    /// # Panics
    /// If `fill.answer_bridges` is false.
    pub fn fill_answering(&self, stones: &mut Stones, fill: Fill, answers: Answers, rng: &mut Rng) -> Color {
        self.fill_with(stones, fill, answers, rng, &mut NoTrace)
    }

    fn fill_with<T: Trace>(
        &self,
        stones: &mut Stones,
        fill: Fill,
        answers: Answers,
        rng: &mut Rng,
        trace: &mut T,
    ) -> Color {
        assert!(fill.answer_bridges, "the bot's playouts always answer bridge intrusions");
        let mut position = Position::from_cells(stones, fill.to_move);
        let mut codes = self.local_shapes.neighbour_codes(&position);
        let local = (answers.global > 0.0 && answers.moves > 0).then_some(LocalAnswers {
            shapes: &self.local_shapes,
            global: answers.global,
            codes: &mut codes,
            moves: answers.moves,
        });
        let (last, own_last) =
            (fill.last.map_or(NODES, Cell::index), answers.own_last.map_or(NODES, Cell::index));
        let winner = playout_traced(&mut position, &self.geometry, last, own_last, local, rng, trace);
        stones.copy_from_slice(position.cells());
        winner
    }

    /// Fills every empty cell of `stones` as `fill` says and returns the winner (on a full board,
    /// the player who connected).
    pub fn fill(&self, stones: &mut Stones, fill: Fill, rng: &mut Rng) -> Color {
        let mut position = Position::from_cells(stones, fill.to_move);
        let winner = if fill.answer_bridges {
            let last = fill.last.map_or(NODES, Cell::index);
            playout(&mut position, &self.geometry, last, NODES, None, rng)
        } else {
            let mut empty = [0u8; CELLS];
            let mut count = 0;
            for (cell, &value) in stones.iter().enumerate() {
                if value == EMPTY {
                    empty[count] = cell as u8;
                    count += 1;
                }
            }
            while count > 0 {
                let slot = rng.below(count);
                let cell = empty[slot];
                count -= 1;
                empty[slot] = empty[count];
                position.play(usize::from(cell));
            }
            position.full_board_winner()
        };
        stones.copy_from_slice(position.cells());
        winner
    }
}

/// The source of `crates/hex/src/playout_table.rs` holding `weights` (ln weights by steps of
/// 1/1024, clamped to -8..8, packed 14 bits a character).
pub fn playout_table_source(weights: &PlayoutWeights) -> String {
    let pack = |ln: &f32| {
        let q = (ln * PLAYOUT_SCALE + PLAYOUT_ZERO as f32).round().clamp(0.0, 16383.0) as u32;
        char::from_u32(PACK_BASE + q).expect("14 bits above the base are characters")
    };
    let shape6: String = weights.shape6.iter().map(pack).collect();
    let recent: String = weights.recent.iter().map(pack).collect();
    format!(
        "//! The playouts' local-answer weights packed for [`crate::local_answers`] (written by `hex-train\n\
         //! balance --table`; each character holds 14 bits as `char - 0x4E00`).\n\n\
         /// ln weight of each 6-neighbour code in the mover's frame, one character each (`ln w = (q - 8192) / 1024`).\n\
         pub const PLAYOUT_SHAPE6: &str = \"{shape6}\";\n\n\
         /// ln weight of each recent-move class (`patterns::recent_move_class`), one character each.\n\
         pub const PLAYOUT_RECENT: &str = \"{recent}\";\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Game};
    use crate::position::stone;

    /// The game after `moves` and its stones.
    fn game_and_stones(moves: &[&str]) -> (Game, Stones) {
        let mut game = Game::new();
        for mv in moves {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let mut stones = [EMPTY; CELLS];
        for cell in Cell::all() {
            stones[cell.index()] = game.board().get(cell).map_or(EMPTY, stone);
        }
        (game, stones)
    }

    /// The rules' winner of a full board of `stones`.
    fn rules_winner(stones: &Stones) -> Option<Color> {
        let mut board = Board::new();
        for cell in Cell::all() {
            let color = if stones[cell.index()] == stone(Color::Red) { Color::Red } else { Color::Blue };
            board.set(cell, Some(color));
        }
        board.winner()
    }

    /// Stone bytes are the position's: red 1, blue 2, empty 0.
    #[test]
    fn stones_are_the_position_s_bytes() {
        assert_eq!((EMPTY, stone(Color::Red), stone(Color::Blue)), (0, 1, 2));
    }

    #[test]
    fn a_filled_board_is_full_and_its_winner_the_rules_one() {
        let playouts = Playouts::new();
        let mut rng = Rng::new(5);
        for trial in 0..200 {
            let mut stones = [EMPTY; CELLS];
            let to_move = if trial % 2 == 0 { Color::Red } else { Color::Blue };
            let fill = Fill { to_move, last: None, answer_bridges: trial % 3 == 0 };
            let winner = playouts.fill(&mut stones, fill, &mut rng);
            assert!(stones.iter().all(|&c| c != EMPTY));
            assert_eq!(rules_winner(&stones), Some(winner));
        }
    }

    #[test]
    fn answering_playouts_are_the_bridge_playouts_without_answers_and_local_with_them() {
        let playouts = Playouts::new();
        let (game, start) = game_and_stones(&["f6", "e7", "d9", "g5"]);
        let fill = Fill { to_move: game.to_move(), last: Some("g5".parse().unwrap()), answer_bridges: true };
        let own_last = Some("d9".parse().unwrap());
        let (mut local_differs, mut red_wins) = (0, 0);
        for seed in 0..100 {
            let (mut a, mut b, mut c) = (start, start, start);
            let plain = playouts.fill(&mut a, fill, &mut Rng::new(seed));
            let none = Answers { own_last, global: 0.64, moves: 0 };
            assert_eq!(playouts.fill_answering(&mut b, fill, none, &mut Rng::new(seed)), plain);
            assert_eq!(a, b, "no local answers: the bridge-answering playout, stone for stone");
            let winner = playouts.fill_answering(&mut c, fill, Answers::bot(own_last), &mut Rng::new(seed));
            assert!(c.iter().all(|&s| s != EMPTY));
            assert_eq!(rules_winner(&c), Some(winner));
            local_differs += usize::from(c != a);
            red_wins += usize::from(winner == Color::Red);
        }
        assert!(local_differs > 90, "the local answers change the fills: {local_differs}");
        assert!((10..90).contains(&red_wins), "{red_wins}");
    }

    #[test]
    fn the_score_is_the_gradient_of_the_draw_s_log_probability() {
        /// The cell of the playout's first local-answer draw.
        struct FirstDraw(Option<usize>);
        impl Trace for FirstDraw {
            fn local_draw(&mut self, draw: LocalDraw<'_>) {
                self.0.get_or_insert(draw.chosen);
            }
        }
        // Red to move (frame 0), then blue (frame 1: the codes' colours exchanged).
        let mut checked = 0;
        for moves in [&["f6", "e7", "d9", "g5"][..], &["f6", "e7", "d9", "g5", "c3"][..]] {
            let (game, start) = game_and_stones(moves);
            let (last, own_last): (Cell, Cell) =
                (moves[moves.len() - 1].parse().unwrap(), moves[moves.len() - 2].parse().unwrap());
            let fill = Fill { to_move: game.to_move(), last: Some(last), answer_bridges: true };
            // One local draw: the playout's first move.
            let answers = Answers { own_last: Some(own_last), global: 0.64, moves: 1 };
            // ln P(cell) of that draw computed plainly from the weights: (w + g) / (sum w + g * empty).
            let log_p = |weights: &PlayoutWeights, chosen: usize| -> f64 {
                let playouts = Playouts::with_weights(weights);
                let position = Position::from_cells(&start, fill.to_move);
                let codes = playouts.local_shapes.neighbour_codes(&position);
                let (cells, sums) =
                    playouts.local_shapes.local_answers(&codes, &position, last.index(), own_last.index());
                let mut before = 0.0;
                let mut own = 0.0;
                for (slot, &cell) in cells.iter().enumerate() {
                    if usize::from(cell) == chosen {
                        own = f64::from(sums[slot]) - before;
                    }
                    before = f64::from(sums[slot]);
                }
                let empty = start.iter().filter(|&&s| s == EMPTY).count() as f64;
                ((own + 0.64) / (before + 0.64 * empty)).ln()
            };
            let base = PlayoutWeights::bot();
            let playouts = Playouts::with_weights(&base);
            for seed in 0..12 {
                let mut first = FirstDraw(None);
                playouts.fill_with(&mut start.clone(), fill, answers, &mut Rng::new(seed), &mut first);
                let chosen = first.0.expect("no bridge is intruded: the first move is a local draw");
                let mut score = vec![0.0; PlayoutWeights::LEN];
                playouts.fill_scored(&mut start.clone(), fill, answers, &mut Rng::new(seed), &mut score);
                // Every weight the draw reads, and a few it does not.
                let read: Vec<usize> = (0..PlayoutWeights::LEN).filter(|&k| score[k] != 0.0).collect();
                assert!(read.len() >= 4, "{read:?}");
                for k in read.into_iter().chain([0, 5, SHAPE6_CODES + RECENT_MOVE_CLASSES - 1]) {
                    let step = 0.01f32;
                    let nudged = |by: f32| {
                        let mut w = base.clone();
                        if k < SHAPE6_CODES {
                            w.shape6[k] += by;
                        } else {
                            w.recent[k - SHAPE6_CODES] += by;
                        }
                        log_p(&w, chosen)
                    };
                    let numeric = (nudged(step) - nudged(-step)) / (2.0 * f64::from(step));
                    assert!(
                        (numeric - score[k]).abs() < 2e-3,
                        "seed {seed} weight {k}: {numeric} vs {}",
                        score[k]
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    /// Writing the playout weights the bot reads gives back its playout table's source, byte for
    /// byte.
    #[test]
    fn the_playout_table_written_from_the_bot_s_weights_is_the_bot_s_table() {
        let source = include_str!("../playout_table.rs");
        assert_eq!(playout_table_source(&PlayoutWeights::bot()), source);
        let bot = PlayoutWeights::bot();
        assert_eq!((bot.shape6.len(), bot.recent.len()), (SHAPE6_CODES, RECENT_MOVE_CLASSES));
    }
}
