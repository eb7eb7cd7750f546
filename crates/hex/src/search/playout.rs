//! The playouts: the whole board filled at random, except that a player whose bridge was just
//! intruded answers in the other carrier cell, and that the first moves mostly answer near the
//! last one ([`LocalAnswers`]); the full board's winner is one flood fill.

use crate::board::{Color, CELLS};
use crate::geometry::Geometry;
use crate::local_answers::{LocalShapes, NeighbourCodes};
use crate::patterns::SHAPE_CELLS;
use crate::position::{stone, Position, EMPTY};

/// xorshift64*: fast, good enough for playouts.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32)
    }

    /// Uniform in `0..n` (multiply-shift, no division).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The cell that answers an intrusion at `last` into a bridge of `color`, if any (a random one when
/// several). The bridge ends are the two ring neighbours of `last` on either side of the other
/// carrier ([`Position::bridge_slots`]: one lookup instead of 18 tests).
pub fn bridge_response(
    position: &Position,
    geometry: &Geometry,
    last: usize,
    color: Color,
    rng: &mut Rng,
) -> Option<usize> {
    if last >= CELLS {
        return None;
    }
    let ring = &geometry.rings[last];
    let hits = position.bridge_slots(geometry, last, color);
    if hits == 0 {
        None
    } else if hits & (hits - 1) == 0 {
        Some(ring[hits.trailing_zeros() as usize])
    } else {
        // Several (rare): the k-th in ring order.
        let mut rest = hits;
        for _ in 0..rng.below(hits.count_ones() as usize) {
            rest &= rest - 1;
        }
        Some(ring[rest.trailing_zeros() as usize])
    }
}

/// The playouts' local answers ([`crate::local_answers`]): after a move, the empty cells among its
/// 12 shape cells weigh what [`LocalShapes::local_answers`] gives them, every empty cell on the
/// board `global`; a cell is drawn by weight.
pub struct LocalAnswers<'a> {
    pub shapes: &'a LocalShapes,
    pub global: f32,
    /// The position's codes (kept up to date through the playout).
    pub codes: &'a mut NeighbourCodes,
    /// The playout's first this many moves answer locally, the rest are uniform.
    pub moves: u32,
}

/// Plays `position` to a full board with the bridge-answering random policy and returns the winner.
/// `last` is the last move played (or `NODES` if none), `own_last` the one before it.
pub fn playout(
    position: &mut Position,
    geometry: &Geometry,
    last: usize,
    own_last: usize,
    local: Option<LocalAnswers>,
    rng: &mut Rng,
) -> Color {
    playout_traced(position, geometry, last, own_last, local, rng, &mut NoTrace)
}

/// One draw among the local answers, as a traced playout reports it ([`Trace`]).
pub struct LocalDraw<'a> {
    pub shapes: &'a LocalShapes,
    /// The codes and the position before the drawn move.
    pub codes: &'a NeighbourCodes,
    pub position: &'a Position,
    /// The move before the draw and the one before it.
    pub last: usize,
    pub own_last: usize,
    /// The local answers and their cumulative weights ([`LocalShapes::local_answers`]).
    pub cells: &'a [u8; SHAPE_CELLS],
    pub sums: &'a [f32; SHAPE_CELLS],
    /// Every empty cell's weight, and how many empty cells there were.
    pub global: f32,
    pub len: usize,
    /// The cell drawn.
    pub chosen: usize,
}

/// What a traced playout tells of each draw among the local answers (tools: simulation
/// balancing's gradient); the search's playouts trace nothing ([`NoTrace`], compiled away).
pub trait Trace {
    fn local_draw(&mut self, draw: LocalDraw<'_>);
}

/// The trace of the search's playouts: nothing.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn local_draw(&mut self, _: LocalDraw<'_>) {}
}

/// [`playout`], telling `trace` of every draw among the local answers.
#[allow(clippy::needless_range_loop)] // `cell` indexes three arrays
pub fn playout_traced<T: Trace>(
    position: &mut Position,
    geometry: &Geometry,
    mut last: usize,
    mut own_last: usize,
    mut local: Option<LocalAnswers>,
    rng: &mut Rng,
    trace: &mut T,
) -> Color {
    // The empty cells in a list with each cell's slot, so any cell can be removed in O(1).
    let mut empty = [0u8; CELLS];
    let mut slot = [0u8; CELLS];
    let mut len = 0;
    for cell in 0..CELLS {
        if position.nodes[cell] == EMPTY {
            empty[len] = cell as u8;
            slot[cell] = len as u8;
            len += 1;
        }
    }
    while len > 0 {
        let mut drawn = None;
        let index = match bridge_response(position, geometry, last, position.to_move, rng) {
            Some(cell) => usize::from(slot[cell]),
            None => match &local {
                Some(answers) if last < CELLS => {
                    let (cells, sums) = answers.shapes.local_answers(answers.codes, position, last, own_last);
                    let total = sums[SHAPE_CELLS - 1];
                    let draw = rng.unit() * (total + answers.global * len as f32);
                    drawn = Some((cells, sums));
                    if draw < total {
                        let pick = sums.iter().position(|&s| draw < s).unwrap_or(SHAPE_CELLS - 1);
                        usize::from(slot[usize::from(cells[pick])])
                    } else {
                        rng.below(len)
                    }
                }
                _ => rng.below(len),
            },
        };
        let cell = usize::from(empty[index]);
        if let (Some((cells, sums)), Some(answers)) = (&drawn, &local) {
            trace.local_draw(LocalDraw {
                shapes: answers.shapes,
                codes: answers.codes,
                position,
                last,
                own_last,
                cells,
                sums,
                global: answers.global,
                len,
                chosen: cell,
            });
        }
        len -= 1;
        empty[index] = empty[len];
        slot[usize::from(empty[index])] = index as u8;
        if let Some(answers) = &mut local {
            answers.shapes.place(answers.codes, cell, stone(position.to_move));
            if answers.moves <= 1 {
                local = None;
            } else {
                answers.moves -= 1;
            }
        }
        position.play(cell);
        own_last = last;
        last = cell;
    }
    position.full_board_winner()
}

#[cfg(test)]
mod tests {
    use super::Rng;
    use super::*;
    use crate::board::{Board, Cell, Move};
    use crate::geometry::NODES;
    use crate::position::tests::{plain_bridge_slots, random_game};
    use proptest::prelude::*;

    fn to_board(position: &Position) -> Board {
        let mut board = Board::new();
        for cell in Cell::all() {
            let stone = match position.nodes[cell.index()] {
                1 => Some(Color::Red),
                2 => Some(Color::Blue),
                _ => None,
            };
            board.set(cell, stone);
        }
        board
    }

    proptest! {
        /// The playout's swap-remove list fills every cell exactly once, keeps the stone counts
        /// alternating, and its winner is the rules' winner of the final board, with the local
        /// answers or without.
        #[test]
        fn playouts_fill_the_board_and_score_it_like_the_rules(seed in any::<u64>(), moves in 0usize..60, local in any::<bool>()) {
            let geometry = Geometry::new();
            let shapes = LocalShapes::new(&crate::patterns::Shapes::new());
            let game = random_game(seed, moves);
            prop_assume!(game.winner().is_none());
            let mut position = Position::new(game.board(), game.to_move());
            let before = game.board().counts();
            let last = match game.moves().last() {
                Some(&Move::Place(cell)) => cell.index(),
                _ => NODES,
            };
            let mut codes = shapes.neighbour_codes(&position);
            let answers = local.then_some(LocalAnswers { shapes: &shapes, global: 0.5, codes: &mut codes, moves: u32::MAX });
            let winner = playout(&mut position, &geometry, last, NODES, answers, &mut Rng::new(seed ^ 1));
            if local {
                // The codes followed every stone of the playout (fewer than u32::MAX moves).
                prop_assert_eq!(format!("{:?}", codes), format!("{:?}", shapes.neighbour_codes(&position)));
            }
            let board = to_board(&position);
            prop_assert_eq!(board.empty_cells().count(), 0);
            let (red, blue) = board.counts();
            let empty = CELLS - before.0 - before.1;
            let first = game.to_move();
            let (mine, theirs) = (empty.div_ceil(2), empty / 2);
            let expected = if first == Color::Red { (before.0 + mine, before.1 + theirs) } else { (before.0 + theirs, before.1 + mine) };
            prop_assert_eq!((red, blue), expected);
            prop_assert_eq!(Some(winner), board.winner());
        }

        /// The table lookup answers exactly as the plain tests of every ring slot in order,
        /// drawing from the generator the same way (so a playout's moves do not change).
        #[test]
        fn bridge_response_lookup_is_the_plain_test(seed in any::<u64>(), moves in 1usize..100) {
            let geometry = Geometry::new();
            let game = random_game(seed, moves);
            let position = Position::new(game.board(), game.to_move());
            for last in 0..CELLS {
                if position.nodes[last] == EMPTY {
                    continue;
                }
                for color in [Color::Red, Color::Blue] {
                    // The ring's cells in order, each the other carrier of a bridge between
                    // its two ring neighbours.
                    let ring = geometry.rings[last];
                    let found: Vec<usize> =
                        plain_bridge_slots(&position, &geometry, last, color).map(|i| ring[i]).collect();
                    let (mut fast_rng, mut plain_rng) = (Rng::new(seed ^ last as u64), Rng::new(seed ^ last as u64));
                    let plain = match found.len() {
                        0 => None,
                        1 => Some(found[0]),
                        n => Some(found[plain_rng.below(n)]),
                    };
                    prop_assert_eq!(bridge_response(&position, &geometry, last, color, &mut fast_rng), plain);
                    prop_assert_eq!(fast_rng.next_u64(), plain_rng.next_u64());
                }
            }
        }

        /// Bridge responses are exactly the plain definition: the other common neighbour of two
        /// own nodes when the opponent took one of them.
        #[test]
        fn bridge_responses_match_the_definition(seed in any::<u64>(), moves in 1usize..80) {
            let geometry = Geometry::new();
            let game = random_game(seed, moves);
            let Some(&Move::Place(last)) = game.moves().last() else { return Ok(()); };
            let position = Position::new(game.board(), game.to_move());
            let me = game.to_move();
            let mine = |n: usize| position.nodes[n] == stone(me);
            let mut plain: Vec<usize> = Vec::new();
            for other in last.neighbours() {
                if game.board().get(other).is_some() {
                    continue;
                }
                // Common neighbours (nodes, sides included) of `last` and `other`.
                let ring_last = geometry.rings[last.index()];
                let ring_other = geometry.rings[other.index()];
                let mut common: Vec<usize> = ring_last.iter().copied().filter(|n| ring_other.contains(n)).collect();
                common.dedup(); // a side appears twice in a rim cell's ring
                if common.len() == 2 && common.iter().all(|&n| mine(n)) {
                    plain.push(other.index());
                }
            }
            let mut rng = Rng::new(seed);
            match bridge_response(&position, &geometry, last.index(), me, &mut rng) {
                None => prop_assert!(plain.is_empty()),
                Some(cell) => prop_assert!(plain.contains(&cell)),
            }
        }
    }
}
