//! Expansion: a node's children, after the solver's rules (crate::node_rules: wins at once,
//! forced blocks, proofs through disjoint bridges and templates, mustplay, the dead and vulnerable
//! cells' pruning), and the children's priors (hand-made win rates and the learned shapes' progressive bias).

use super::tree::{LOST, UNKNOWN, WON};
use super::Search;
use crate::board::CELLS;
use crate::node_rules::{node_moves, Verdict};
use crate::position::{neighbour_bits, stone, Position, ALL_CELLS, EMPTY, RIM};

/// What [`Search::prior`] needs of a node, once for all its children, as bit sets of cells (bit
/// `cell`): the cells answering an intrusion at the last move into a bridge of the side to move,
/// the cells touching the last move, and the cells touching a stone.
struct PriorContext {
    answers: u128,
    near_last: u128,
    touching: u128,
}

impl Search {
    fn prior_context(&self, position: &Position, last: usize) -> PriorContext {
        let (mut answers, mut near_last) = (0u128, 0u128);
        if last < CELLS {
            let ring = &self.geometry.rings[last];
            // The empty ring slots of the last move with the mover's nodes on both sides.
            let mut slots = position.bridge_slots(&self.geometry, last, position.to_move);
            while slots != 0 {
                answers |= 1 << ring[slots.trailing_zeros() as usize];
                slots &= slots - 1;
            }
            for &n in ring.iter().filter(|&&n| n < CELLS) {
                near_last |= 1 << n;
            }
        }
        let occupied = ALL_CELLS & !position.stone_bits(EMPTY);
        PriorContext { answers, near_last, touching: neighbour_bits(occupied) }
    }

    fn push_child(&mut self, cell: usize, proven: i8, prior: f32, shape: f32) {
        let games = self.params.prior_games;
        self.tree.push(cell, proven, games, games * prior, self.params.shape_bias * shape);
    }

    /// Creates the children of `index` at `position` (whose last move was `last`, after the
    /// mover's own `own_last`), applying the solver rules and the pruning; may instead prove the
    /// node.
    pub(super) fn expand(&mut self, index: usize, position: &Position, last: usize, own_last: usize) {
        let first = self.tree.len() as u32;
        let moves = node_moves(position, &self.geometry, &self.dead);
        match moves.verdict {
            Verdict::Won(cell) => {
                self.push_child(cell, WON, 1.0, 1.0);
                self.tree.first_child[index] = first;
                self.tree.children[index] = 1;
                self.tree.proven[index] = LOST;
                return;
            }
            // Lost whatever we do; the cells are the stubbornest moves.
            Verdict::Lost => self.tree.proven[index] = WON,
            Verdict::Open => {}
        }
        let candidates = moves.cells;
        // The shape prior: the softmax of the candidates' ln weights, as integers in units of
        // 1/16 (exact: the f32 sums are too), their exps from a table, each computed once.
        // (All 0 when the prior is off.)
        let mut logs = [0i32; CELLS];
        let logs = &mut logs[..candidates.len()];
        if self.params.shape_bias > 0.0 {
            let (dist_last, dist_own) = self.shapes.distance_rows(last, own_last);
            for (log, &cell) in logs.iter_mut().zip(&candidates) {
                *log = self.shapes.ln_sixteenths(position, cell, dist_last, dist_own);
            }
        }
        let top = logs.iter().copied().max().unwrap_or(0);
        let mut exps = [0.0f32; CELLS];
        let exps = &mut exps[..candidates.len()];
        for (e, &log) in exps.iter_mut().zip(logs.iter()) {
            *e = self.exp_table[(top - log) as usize];
        }
        let total = exps.iter().fold(0.0f32, |sum, &e| sum + e);
        // The children at once, each field extended once: push_child's values, child by child.
        let (games, shape_bias) = (self.params.prior_games, self.params.shape_bias);
        let context = self.prior_context(position, last);
        let mut rave_wins = [0.0f32; CELLS];
        let mut shapes = [0.0f32; CELLS];
        for (((&cell, &e), wins), shape) in
            candidates.iter().zip(exps.iter()).zip(&mut rave_wins).zip(&mut shapes)
        {
            *wins = games * self.prior(position, &context, cell);
            *shape = shape_bias * (e / total);
        }
        self.tree.push_many(&candidates, UNKNOWN, games, &rave_wins, &shapes);
        self.tree.first_child[index] = first;
        self.tree.children[index] = candidates.len() as u16;
    }

    /// The prior win rate of `cell` for the side to move, from local shape: answering an intrusion
    /// into our bridge is nearly always right; replying near the last move and making bridges
    /// from our stones are good shape; a lone cell on the rim rarely matters.
    fn prior(&self, position: &Position, context: &PriorContext, cell: usize) -> f32 {
        let geometry = &self.geometry;
        let own = stone(position.to_move);
        let bit = 1u128 << cell;
        if context.answers & bit != 0 {
            return 0.9;
        }
        let mut prior: f32 = 0.5;
        let touching = context.touching & bit != 0;
        if context.near_last & bit != 0 {
            prior = 0.6;
        }
        let makes_bridge = geometry.bridges[cell].iter().any(|&(partner, a, b)| {
            position.nodes[partner] == own && position.nodes[a] == EMPTY && position.nodes[b] == EMPTY
        });
        if makes_bridge {
            prior = prior.max(0.58);
        } else if touching {
            prior = prior.max(0.53);
        }
        if RIM & bit != 0 && !touching && !makes_bridge {
            prior = 0.4;
        }
        prior
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::tests::random_game;

    /// [`Search::prior`] as it was before its node's bit sets: the rules tested cell by cell.
    fn plain_prior(search: &Search, position: &Position, last: usize, cell: usize) -> f32 {
        let geometry = &search.geometry;
        let own = stone(position.to_move);
        let ring = &geometry.rings[cell];
        if last < CELLS {
            let lring = &geometry.rings[last];
            for i in 0..6 {
                if lring[i] == cell
                    && position.nodes[lring[(i + 5) % 6]] == own
                    && position.nodes[lring[(i + 1) % 6]] == own
                {
                    return 0.9;
                }
            }
        }
        let mut prior: f32 = 0.5;
        let touching = ring.iter().any(|&n| n < CELLS && position.nodes[n] != EMPTY);
        if last < CELLS && ring.contains(&last) {
            prior = 0.6;
        }
        let makes_bridge = geometry.bridges[cell].iter().any(|&(partner, a, b)| {
            position.nodes[partner] == own && position.nodes[a] == EMPTY && position.nodes[b] == EMPTY
        });
        if makes_bridge {
            prior = prior.max(0.58);
        } else if touching {
            prior = prior.max(0.53);
        }
        let (row, col) = (cell / crate::board::SIZE, cell % crate::board::SIZE);
        let last_line = crate::board::SIZE - 1;
        let rim = row == 0 || col == 0 || row == last_line || col == last_line;
        if rim && !touching && !makes_bridge {
            prior = 0.4;
        }
        prior
    }

    /// The prior through the node's bit sets is the plain rules' at every empty cell, after each
    /// move of random games (and with no last move), either side to move; every value occurs.
    #[test]
    fn prior_is_the_plain_rules() {
        let search = Search::new(1);
        let mut seen = [0usize; 6];
        for seed in 0..300 {
            let game = random_game(seed, (seed % 100) as usize);
            let moves: Vec<usize> = game
                .moves()
                .iter()
                .filter_map(|m| if let crate::board::Move::Place(c) = m { Some(c.index()) } else { None })
                .collect();
            for to_move in [crate::board::Color::Red, crate::board::Color::Blue] {
                let position = Position::new(game.board(), to_move);
                for last in moves.iter().copied().chain([crate::geometry::NODES]) {
                    let context = search.prior_context(&position, last);
                    for cell in (0..CELLS).filter(|&c| position.nodes[c] == EMPTY) {
                        let plain = plain_prior(&search, &position, last, cell);
                        assert_eq!(
                            search.prior(&position, &context, cell),
                            plain,
                            "seed {seed} {last} {cell}"
                        );
                        seen[[0.9, 0.6, 0.58, 0.53, 0.5, 0.4]
                            .iter()
                            .position(|&p| p == plain)
                            .unwrap_or(6)] += 1;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
    }
}
