//! The value network's inputs (`hex-train value --inputs stones|potentials|folded`), all one-hot and
//! sparse, in the side to move's frame (hex::value_input: the board transposed for blue, so
//! that the mover joins top and bottom).
//!
//! * `stones`: the mover's stones (`0..CELLS`), then the opponent's ([`INPUTS`] in all).
//! * `potentials`: the stones, then per cell (empty cells only) and per player (mover, then
//!   opponent) the cell's two-distance potential (crate::two_distance) over that player's minimum,
//!   bucketed 0, 1, 2, 3 or more, infinite; then global buckets: each player's minimum potential,
//!   the number of cells at it, and the difference of the two minima.
//!
//! * `folded`: the potentials with each per-cell block's cell and its half turn as one input
//!   ([`fold`]).
//!
//! The per-cell blocks turn with the board ([`half_turn`]); the global ones do not move (a half
//! turn swaps each player's two edges, so every potential stays the same).

use crate::network::{mean_cross_entropy, Sample, INPUTS};
use crate::two_distance::{Potentials, INFINITE};
use hex::value_input as input;
use hex::{Cell, Game, CELLS};

/// Which inputs the network sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inputs {
    Stones,
    Potentials,
    /// The potentials with each per-cell block folded across the half turn (cell `i` and
    /// `CELLS - 1 - i` share an input): the value a half turn keeps, in about half the weights
    /// (the size the bot can carry). An input may be active twice, once for each of the two
    /// cells: it counts twice (the network with the two cells' weights tied).
    Folded,
}

/// The cells of a folded per-cell block: a cell and its half turn are one.
pub const FOLDED_CELLS: usize = CELLS / 2 + 1;

/// Buckets of a cell's potential over its player's minimum: 0, 1, 2, 3 or more, infinite.
const CELL_BUCKETS: usize = 5;
/// Blocks of `CELLS` inputs that turn with the board: the two players' stones, then the mover's
/// and the opponent's potential buckets.
const CELL_BLOCKS: usize = 2 + 2 * CELL_BUCKETS;
/// Buckets of a player's minimum potential: 2 to 29 one each, 30 or more, infinite.
const MINIMUM_BUCKETS: usize = 30;
/// Buckets of the number of cells at a finite minimum: 1 to 7, 8 or more.
const COUNT_BUCKETS: usize = 8;
/// The difference of the minima beyond which [`difference`] clamps.
const DIFFERENCE_CLAMP: i32 = 12;
/// Buckets of the difference of the minima (the opponent's less the mover's): -12 (or less) to 12
/// (or more), then the mover's infinite, the opponent's infinite, both.
const DIFFERENCE_BUCKETS: usize = 2 * DIFFERENCE_CLAMP as usize + 1 + 3;

impl Inputs {
    /// `stones` or `potentials`.
    pub fn parse(text: &str) -> Result<Inputs, String> {
        match text {
            "stones" => Ok(Inputs::Stones),
            "potentials" => Ok(Inputs::Potentials),
            "folded" => Ok(Inputs::Folded),
            _ => Err(format!("--inputs: expected stones, potentials or folded, found {text:?}")),
        }
    }

    /// The number of inputs.
    pub fn count(self) -> usize {
        match self {
            Inputs::Stones => INPUTS,
            Inputs::Potentials => {
                CELL_BLOCKS * CELLS + 2 * MINIMUM_BUCKETS + 2 * COUNT_BUCKETS + DIFFERENCE_BUCKETS
            }
            Inputs::Folded => Inputs::Potentials.count() - CELL_BLOCKS * (CELLS - FOLDED_CELLS),
        }
    }

    /// Whether a half turn leaves every sample's inputs as they are (no point in training on both).
    pub fn folded(self) -> bool {
        self == Inputs::Folded
    }

    /// The sample of `game`'s position (its active inputs, in increasing order within each block)
    /// fitted to `target`, `won` whether the side to move won.
    pub fn sample(self, game: &Game, won: bool, target: f32) -> Sample {
        if self == Inputs::Folded {
            let mut sample = Inputs::Potentials.sample(game, won, target);
            for i in sample.inputs.iter_mut() {
                *i = fold(*i);
            }
            return sample;
        }
        let (to_move, board) = (game.to_move(), game.board());
        let mut inputs: Vec<u16> = Cell::all()
            .filter_map(|cell| board.get(cell).map(|owner| input(cell.index(), owner, to_move) as u16))
            .collect();
        let mut two_distance = 0.0;
        if self != Inputs::Stones {
            let potentials = Potentials::new(board);
            let players = [to_move.index(), to_move.opponent().index()];
            for (slot, &player) in players.iter().enumerate() {
                let minimum = potentials.minimum[player];
                for cell in board.empty_cells() {
                    let value = potentials.potential[player][cell.index()];
                    let bucket = if value == INFINITE { 4 } else { usize::from(value - minimum).min(3) };
                    let block = 2 + slot * CELL_BUCKETS + bucket;
                    inputs.push((block * CELLS + input(cell.index(), to_move, to_move)) as u16);
                }
            }
            let mut base = CELL_BLOCKS * CELLS;
            for &player in &players {
                let minimum = potentials.minimum[player];
                let bucket =
                    if minimum == INFINITE { MINIMUM_BUCKETS - 1 } else { usize::from(minimum.min(30)) - 2 };
                inputs.push((base + bucket) as u16);
                base += MINIMUM_BUCKETS;
            }
            for &player in &players {
                if potentials.minimum[player] != INFINITE {
                    let count = usize::from(potentials.at_minimum[player]).min(COUNT_BUCKETS);
                    inputs.push((base + count - 1) as u16);
                }
                base += COUNT_BUCKETS;
            }
            let (mover, opponent) = (potentials.minimum[players[0]], potentials.minimum[players[1]]);
            let bucket = match (mover == INFINITE, opponent == INFINITE) {
                (false, false) => (difference(mover, opponent) + DIFFERENCE_CLAMP) as usize,
                (true, false) => DIFFERENCE_BUCKETS - 3,
                (false, true) => DIFFERENCE_BUCKETS - 2,
                (true, true) => DIFFERENCE_BUCKETS - 1,
            };
            inputs.push((base + bucket) as u16);
            debug_assert_eq!(base + DIFFERENCE_BUCKETS, self.count());
            two_distance = match (mover == INFINITE, opponent == INFINITE) {
                (false, false) => difference(mover, opponent) as f32,
                (true, false) => -(DIFFERENCE_CLAMP as f32 + 1.0),
                (false, true) => DIFFERENCE_CLAMP as f32 + 1.0,
                (true, true) => 0.0,
            };
        }
        Sample { inputs, won, target, two_distance }
    }
}

/// The opponent's minimum potential less the mover's, clamped to -12..=12: above 0, the mover
/// needs fewer stones.
fn difference(mover: u16, opponent: u16) -> i32 {
    (i32::from(opponent) - i32::from(mover)).clamp(-DIFFERENCE_CLAMP, DIFFERENCE_CLAMP)
}

/// An input of the position turned by half a turn: cell `i` of a per-cell block becomes
/// `CELLS - 1 - i` of the same block; the global inputs stay.
pub fn half_turn(index: u16) -> u16 {
    let i = usize::from(index);
    if i >= CELL_BLOCKS * CELLS {
        return index;
    }
    ((i / CELLS) * CELLS + CELLS - 1 - i % CELLS) as u16
}

/// A potentials input folded ([`Inputs::Folded`]): cell `i` of a per-cell block becomes
/// `min(i, CELLS - 1 - i)` of a block of [`FOLDED_CELLS`]; the global inputs move down with them.
pub fn fold(index: u16) -> u16 {
    let i = usize::from(index);
    let folded = if i >= CELL_BLOCKS * CELLS {
        i - CELL_BLOCKS * (CELLS - FOLDED_CELLS)
    } else {
        let cell = i % CELLS;
        (i / CELLS) * FOLDED_CELLS + cell.min(CELLS - 1 - cell)
    };
    folded as u16
}

/// Two-distance alone as a predictor: `p = 1 / (1 + exp(-(a + b x)))` with `x` a sample's
/// `two_distance` (the opponent's minimum potential less the mover's), fitted by Newton's method
/// to the samples' targets. Returns `(a, b)`.
pub fn fit_logistic(samples: &[Sample]) -> (f64, f64) {
    let (mut a, mut b) = (0.0f64, 0.0f64);
    for _ in 0..30 {
        let (mut g, mut h) = ([0.0f64; 2], [0.0f64; 3]);
        for s in samples {
            let x = f64::from(s.two_distance);
            let p = 1.0 / (1.0 + (-(a + b * x)).exp());
            let (e, w) = (p - f64::from(s.target), p * (1.0 - p));
            g = [g[0] + e, g[1] + e * x];
            h = [h[0] + w, h[1] + w * x, h[2] + w * x * x];
        }
        let det = h[0] * h[2] - h[1] * h[1];
        if det.abs() < 1e-12 {
            break;
        }
        a -= (h[2] * g[0] - h[1] * g[1]) / det;
        b -= (h[0] * g[1] - h[1] * g[0]) / det;
    }
    (a, b)
}

/// The mean cross-entropy and accuracy of the logistic `(a, b)` of [`fit_logistic`] on `samples`.
pub fn measure_logistic(samples: &[Sample], (a, b): (f64, f64)) -> (f64, f64) {
    mean_cross_entropy(samples.iter().map(|s| {
        let p = 1.0 / (1.0 + (-(a + b * f64::from(s.two_distance))).exp());
        (p as f32, s.won)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hex::{Color, Move};

    fn game(moves: &[&str]) -> Game {
        let mut game = Game::new();
        for m in moves {
            game.play(m.parse::<Move>().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn the_stones_alone_are_the_first_inputs_of_the_potentials() {
        let g = game(&["d5", "e4", "f6", "b9"]);
        let stones = Inputs::Stones.sample(&g, true, 1.0);
        let potentials = Inputs::Potentials.sample(&g, true, 1.0);
        assert_eq!(stones.inputs, potentials.inputs[..4]);
        assert!(stones.inputs.iter().all(|&i| usize::from(i) < INPUTS));
        // Two per-cell inputs an empty cell, two minima, two counts, one difference.
        assert_eq!(potentials.inputs.len(), 4 + 2 * (CELLS - 4) + 5);
        assert!(potentials.inputs.iter().all(|&i| usize::from(i) < Inputs::Potentials.count()));
        let mut sorted = potentials.inputs.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), potentials.inputs.len(), "no input twice");
    }

    #[test]
    fn the_empty_board_and_the_frame() {
        // Empty board: both minima 12, difference 0; red to move.
        let s = Inputs::Potentials.sample(&Game::new(), false, 0.0);
        let globals = CELL_BLOCKS * CELLS;
        let tail = &s.inputs[s.inputs.len() - 5..];
        assert_eq!(tail[0], (globals + 10) as u16);
        assert_eq!(tail[1], (globals + MINIMUM_BUCKETS + 10) as u16);
        assert_eq!(tail[4] as usize, globals + 2 * MINIMUM_BUCKETS + 2 * COUNT_BUCKETS + 12);
        assert_eq!(s.two_distance, 0.0);
        // A blue stone seen by red, and the transposed red stone seen by blue, are the same
        // position of the opponent's: the same inputs (the mover's frame).
        let mut with_blue = hex::Board::new();
        with_blue.set(Cell::new(2, 7).unwrap(), Some(Color::Blue));
        let mut with_red = hex::Board::new();
        with_red.set(Cell::new(7, 2).unwrap(), Some(Color::Red));
        let a = Inputs::Potentials.sample(&Game::from_position(with_blue, Color::Red), true, 1.0);
        let mut b = Inputs::Potentials.sample(&Game::from_position(with_red, Color::Blue), true, 1.0);
        let mut a_inputs = a.inputs.clone();
        a_inputs.sort_unstable();
        b.inputs.sort_unstable();
        assert_eq!(a_inputs, b.inputs);
        assert!(a.two_distance < 0.0, "the opponent's stone puts the mover behind: {}", a.two_distance);
    }

    /// `game`'s position turned by half a turn, the same side to move.
    fn turned(game: &Game) -> Game {
        let mut turned = hex::Board::new();
        for cell in Cell::all() {
            turned.set(Cell::from_index(CELLS - 1 - cell.index()), game.board().get(cell));
        }
        Game::from_position(turned, game.to_move())
    }

    #[test]
    fn the_half_turn_is_the_turned_board() {
        let g = game(&["c3", "h9", "k1", "e6", "a2"]);
        let s = Inputs::Potentials.sample(&g, true, 1.0);
        let t = Inputs::Potentials.sample(&turned(&g), true, 1.0);
        let mut by_turn: Vec<u16> = s.inputs.iter().map(|&i| half_turn(i)).collect();
        let mut direct = t.inputs.clone();
        by_turn.sort_unstable();
        direct.sort_unstable();
        assert_eq!(by_turn, direct);
        assert_eq!(half_turn(3), (CELLS - 4) as u16);
        assert_eq!(half_turn((CELLS + 3) as u16), (2 * CELLS - 4) as u16);
    }

    #[test]
    fn the_folded_inputs_are_the_potentials_of_either_half_turn() {
        let g = game(&["c3", "h9", "k1", "e6", "a2"]);
        let t = turned(&g);
        let mut a = Inputs::Folded.sample(&g, true, 1.0).inputs;
        let mut b = Inputs::Folded.sample(&t, true, 1.0).inputs;
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        let p = Inputs::Potentials.sample(&g, true, 1.0).inputs;
        assert_eq!(a.len(), p.len());
        assert!(a.iter().all(|&i| usize::from(i) < Inputs::Folded.count()));
        // The centre cell and the last global input.
        assert_eq!(fold(60), 60);
        assert_eq!(fold(120), 0);
        assert_eq!(fold((CELLS + 119) as u16), (FOLDED_CELLS + 1) as u16);
        let last = Inputs::Potentials.count() - 1;
        assert_eq!(usize::from(fold(last as u16)), Inputs::Folded.count() - 1);
    }

    #[test]
    fn the_logistic_finds_a_known_slope() {
        // Targets drawn from p = 1 / (1 + exp(-(0.5 + 0.3 x))).
        let mut samples = Vec::new();
        for k in 0..2000 {
            let x = (k % 25) as f32 - 12.0;
            let p = 1.0 / (1.0 + (-(0.5 + 0.3 * x)).exp());
            samples.push(Sample { inputs: Vec::new(), won: p > 0.5, target: p, two_distance: x });
        }
        let (a, b) = fit_logistic(&samples);
        assert!((a - 0.5).abs() < 1e-4 && (b - 0.3).abs() < 1e-4, "{a} {b}");
        let (loss, accuracy) = measure_logistic(&samples, (a, b));
        assert!(loss < 0.6 && accuracy == 1.0, "{loss} {accuracy}");
    }
}
