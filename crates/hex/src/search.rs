//! Monte Carlo tree search with Hex knowledge.
//!
//! * **Playouts** fill the whole board at random, except that a player whose bridge (two stones, or a
//!   stone and its side, with two empty common neighbours) was just intruded answers in the other
//!   common neighbour. A full board has exactly one connected player, found by one flood fill.
//! * **RAVE** (all-moves-as-first): every cell a player ended up owning in a playout counts as a
//!   move tried by that player in each tree node on the path, blended with the node's own mean.
//! * **Pruning at expansion**: dead cells (colour irrelevant, [`crate::inferior::DeadTable`]) and
//!   cells the opponent can kill with one move (vulnerable) are not searched.
//! * **Solver**: union-find finds cells that win at once; a player with such a cell wins, a player
//!   facing two loses, a player facing one must play it. Proven results propagate up the tree
//!   (MCTS-solver), so short forced wins and losses are found exactly.

mod backup;
mod expand;
mod params;
mod playout;
mod tree;

pub use params::Params;
pub use playout::{playout, playout_traced, LocalAnswers, LocalDraw, NoTrace, Rng, Trace};

use crate::board::{Color, CELLS};
use crate::geometry::{Geometry, NODES};
use crate::inferior::DeadTable;
use crate::local_answers::{LocalShapes, NeighbourCodes};
use crate::patterns::Shapes;
use crate::position::{stone, Position, EMPTY};
use std::time::Instant;
use tree::{blended_value, Tree, LOST, UNKNOWN, WON};

/// The tree stops growing at this many nodes (32 bytes each: 192 MB reserved, touched as used).
const MAX_NODES: usize = 6_000_000;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The chosen cell.
    pub cell: usize,
    /// Its node in the tree.
    node: usize,
    /// The chosen move's win rate for the mover (1 or 0 when proven).
    pub value: f32,
    /// Whether the result is proven (won or lost by force).
    pub proven: bool,
    /// Playouts run.
    pub playouts: u32,
}

/// The search tree and its working memory, reused from move to move.
pub struct Search {
    geometry: Geometry,
    shapes: Shapes,
    /// [`Shapes::exp_table`]: the expansions' softmax without `exp`.
    exp_table: Vec<f32>,
    local_shapes: LocalShapes,
    dead: DeadTable,
    tree: Tree,
    rng: Rng,
    path: Vec<u32>,
    /// The selection's values of a node's children (kept, so that no array is zeroed a node).
    values: [f32; CELLS],
    /// The node searched from.
    root: usize,
    /// The position after our last answer, its node (for reusing the tree) and its cell.
    previous: Option<(Position, usize, usize)>,
    /// Our own move before the opponent's last one at the root (`NODES` if unknown).
    root_own_last: usize,
    pub params: Params,
}

impl Search {
    pub fn new(seed: u64) -> Search {
        let shapes = Shapes::new();
        Search {
            geometry: Geometry::new(),
            local_shapes: LocalShapes::new(&shapes),
            exp_table: shapes.exp_table(),
            shapes,
            dead: DeadTable::new(),
            // All the room at once: growing a tree of millions of nodes later would copy it in
            // the middle of an answer (tens of ms). Pages are only touched as the tree grows.
            tree: Tree::with_capacity(MAX_NODES),
            rng: Rng::new(seed),
            path: Vec::new(),
            values: [0.0; CELLS],
            root: 0,
            previous: None,
            root_own_last: NODES,
            params: Params::default(),
        }
    }

    /// Searches `root` (which must have no winner and an empty cell) until `deadline` or until
    /// `max_playouts`, whichever comes first; `last` is the opponent's last cell (or `NODES`).
    ///
    /// The subtree under the previous answer and `last` is kept when `root` is exactly that
    /// position, so the statistics gathered for it during the previous search are not lost.
    pub fn run(
        &mut self,
        root: &Position,
        last: usize,
        deadline: Instant,
        max_playouts: u32,
    ) -> SearchResult {
        let continues = self.continues(root, last);
        self.root_own_last = match &self.previous {
            Some((_, _, cell)) if continues => *cell,
            _ => NODES,
        };
        self.root = match continues.then(|| self.reusable(last)).flatten() {
            Some(index) => index,
            None => {
                self.tree.clear();
                self.tree.push(0, UNKNOWN, 0.0, 0.0, 0.0);
                0
            }
        };
        if self.tree.children[self.root] == 0 {
            self.expand(self.root, root, last, self.root_own_last);
        }
        let mut playouts = 0;
        // The longest pause between two clock checks: on a loaded machine the process is
        // descheduled for that long, so it must stop that much (and a half) before the deadline.
        let mut checked = Instant::now();
        let mut pause = std::time::Duration::ZERO;
        // The root's codes for the playouts' local answers, kept up to date along each descent.
        let local = self.params.playout_global > 0.0 && self.params.playout_local_moves > 0;
        let root_codes = local.then(|| self.local_shapes.neighbour_codes(root));
        // Stop early only on a proven win; a proven loss still searches for the stubbornest move.
        while playouts < max_playouts && self.tree.proven[self.root] != LOST {
            if playouts % 4 == 0 {
                let now = Instant::now();
                pause = pause.max(now - checked);
                checked = now;
                if now + pause * 3 / 2 >= deadline {
                    break;
                }
            }
            self.iterate(root, last, root_codes.as_ref());
            playouts += 1;
        }
        let result = self.best(playouts);
        let mut after = root.clone();
        after.play(result.cell);
        self.previous = Some((after, result.node, result.cell));
        result
    }

    /// Whether `root` is the position after our previous answer and the opponent's `last`.
    fn continues(&self, root: &Position, last: usize) -> bool {
        let Some((after, _, _)) = self.previous.as_ref() else { return false };
        if last >= CELLS || after.nodes[last] != EMPTY {
            return false;
        }
        let mut expected = after.clone();
        expected.play(last);
        expected == *root
    }

    /// The node for the root in the kept tree (the root [`Search::continues`] the previous answer):
    /// the child for `last` of the node of our previous answer.
    fn reusable(&self, last: usize) -> Option<usize> {
        let (_, node, _) = self.previous.as_ref()?;
        if self.tree.len() > MAX_NODES / 2 {
            return None;
        }
        self.tree
            .children(*node)
            .find(|&i| usize::from(self.tree.cell[i]) == last && self.tree.children[i] > 0)
    }

    /// The root's children after the last [`Search::run`]: each move's cell and visits, in the
    /// tree's order (the labels of a deep search for the trainers).
    pub(crate) fn root_visits(&self) -> Vec<(usize, f32)> {
        self.tree.children(self.root).map(|i| (usize::from(self.tree.cell[i]), self.tree.visits[i])).collect()
    }

    fn best(&self, playouts: u32) -> SearchResult {
        let tree = &self.tree;
        let children = tree.children(self.root);
        let mut best = children.start;
        let mut best_key = f32::NEG_INFINITY;
        for i in children {
            let key = match tree.proven[i] {
                WON => f32::INFINITY,
                // A proven loss only if everything loses: then resist longest (most visits).
                LOST => -1e9 + tree.visits[i],
                _ => tree.visits[i],
            };
            if key > best_key {
                best_key = key;
                best = i;
            }
        }
        let value = match tree.proven[best] {
            WON => 1.0,
            LOST => 0.0,
            _ => tree.wins[best] / tree.visits[best].max(1.0),
        };
        SearchResult {
            cell: usize::from(tree.cell[best]),
            node: best,
            value,
            proven: tree.proven[best] != UNKNOWN,
            playouts,
        }
    }

    fn select(&mut self, index: usize) -> usize {
        let tree = &self.tree;
        let children = tree.children(index);
        let first = children.start;
        let len = children.len();
        let bias = self.params.rave_bias;
        // The values of all the children first, in a loop without branches over the field arrays
        // (the compiler computes it four children at a time, divisions included); a proven
        // child's value is selected (lost -1, won far above any value, so that the first won
        // child is taken), then the largest in eight lanes, then its first index: the plain
        // argmax (the first child of largest value), pinned by a test.
        let values = &mut self.values[..len];
        let visits = &tree.visits[children.clone()];
        let wins = &tree.wins[children.clone()];
        let rave_visits = &tree.rave_visits[children.clone()];
        let rave_wins = &tree.rave_wins[children.clone()];
        let progressive_bias = &tree.progressive_bias[children.clone()];
        let proven = &tree.proven[children];
        for k in 0..len {
            // `p` is -1 (LOST), 0 or 1 (WON): lost -1, won 1e6 (`p * 500,000.5 + 499,999.5`, exact
            // in f32), the others their value; a select, not a branch.
            let p = f32::from(proven[k]);
            let value =
                blended_value(visits[k], wins[k], rave_visits[k], rave_wins[k], bias) + progressive_bias[k];
            values[k] = if p != 0.0 { p * 500_000.5 + 499_999.5 } else { value };
        }
        let mut lanes = [f32::NEG_INFINITY; 8];
        let chunks = values.chunks_exact(8);
        let mut top = chunks.remainder().iter().fold(f32::NEG_INFINITY, |m, &v| if v > m { v } else { m });
        for chunk in chunks {
            for (lane, &value) in lanes.iter_mut().zip(chunk) {
                *lane = if value > *lane { value } else { *lane };
            }
        }
        for lane in lanes {
            top = if lane > top { lane } else { top };
        }
        first + values.iter().position(|&v| v == top).unwrap_or(0)
    }

    /// One descent, playout (or proven result) and update.
    fn iterate(&mut self, root: &Position, root_last: usize, root_codes: Option<&NeighbourCodes>) {
        let mut position = root.clone();
        let mut codes = root_codes.cloned();
        let mut last = root_last;
        let mut own_last = self.root_own_last;
        self.path.clear();
        self.path.push(self.root as u32);
        let mut index = self.root;
        // The winner if the descent ended in a proven node.
        let mut known: Option<Color> = None;
        loop {
            let (proven, children) = (self.tree.proven[index], self.tree.children[index]);
            if proven != UNKNOWN && (index != self.root || children == 0) {
                // The mover into this node is the opposite of the side to move now.
                let mover = position.to_move.opponent();
                known = Some(if proven == WON { mover } else { mover.opponent() });
                break;
            }
            if children == 0 {
                let visits = self.tree.visits[index];
                if visits + 1.0 < self.params.expand_after || self.tree.len() + CELLS > MAX_NODES {
                    break;
                }
                self.expand(index, &position, last, own_last);
                continue;
            }
            let child = self.select(index);
            let cell = usize::from(self.tree.cell[child]);
            if let Some(codes) = &mut codes {
                self.local_shapes.place(codes, cell, stone(position.to_move));
            }
            position.play(cell);
            own_last = last;
            last = cell;
            index = child;
            self.path.push(child as u32);
        }
        let winner = match known {
            Some(color) => color,
            None => {
                let local = codes.as_mut().map(|codes| LocalAnswers {
                    shapes: &self.local_shapes,
                    global: self.params.playout_global,
                    codes,
                    moves: self.params.playout_local_moves,
                });
                let winner = playout(&mut position, &self.geometry, last, own_last, local, &mut self.rng);
                self.update_rave(root.to_move, &position.nodes, winner);
                winner
            }
        };
        self.update(root.to_move, winner);
        if known.is_some() {
            self.propagate_proof();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;
    use super::*;
    use crate::board::{Board, Cell, Game, Move};
    use crate::position::tests::random_game;
    use proptest::prelude::*;

    proptest! {
        /// The table-driven RAVE update is the plain rule: every child of every node on the last
        /// descent's path gains a RAVE visit when its cell ended up owned by the child's mover, and
        /// a RAVE win when that mover also won; nothing else changes.
        #[test]
        fn rave_update_counts_the_cells_each_mover_ended_up_owning(seed in any::<u64>(), moves in 0usize..50) {
            let game = random_game(seed, moves);
            prop_assume!(game.winner().is_none());
            let root = Position::new(game.board(), game.to_move());
            let mut search = Search::new(seed);
            let far = Instant::now() + std::time::Duration::from_secs(60);
            search.run(&root, NODES, far, 300);
            let mut board = root.clone();
            let winner = playout(&mut board, &search.geometry, NODES, NODES, None, &mut Rng::new(seed ^ 7));
            let mut expected = (search.tree.rave_visits.clone(), search.tree.rave_wins.clone());
            search.update_rave(root.to_move, &board.nodes, winner);
            let mut mover = root.to_move;
            for &index in &search.path {
                for child in search.tree.children(index as usize) {
                    if board.nodes[usize::from(search.tree.cell[child])] == stone(mover) {
                        expected.0[child] += 1.0;
                        if winner == mover {
                            expected.1[child] += 1.0;
                        }
                    }
                }
                mover = mover.opponent();
            }
            prop_assert_eq!((search.tree.rave_visits, search.tree.rave_wins), expected);
        }
    }

    #[test]
    fn takes_an_immediate_win_and_blocks_the_only_threat() {
        // Red column c, gap at c7; blue far from connecting.
        let mut board = Board::new();
        for row in 0..11 {
            if row != 6 {
                board.set(Cell::new(row, 2).unwrap(), Some(Color::Red));
            }
        }
        for (row, col) in [(0, 5), (1, 6), (2, 7), (3, 8), (4, 9), (8, 4), (8, 5), (8, 6), (8, 7), (8, 8)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Blue));
        }
        let c7 = "c7".parse::<Cell>().unwrap().index();
        let far = Instant::now() + std::time::Duration::from_secs(60);
        // Also with the shape prior at its strongest.
        let strong_prior = Params { shape_bias: 10.0, ..Params::default() };
        for params in [Params::default(), strong_prior] {
            for to_move in [Color::Red, Color::Blue] {
                let mut search = Search::new(3);
                search.params = params;
                let result = search.run(&Position::new(&board, to_move), NODES, far, 2000);
                assert_eq!(result.cell, c7, "{to_move} {params:?}");
            }
        }
    }

    #[test]
    fn proves_a_bridge_chain_win() {
        // Red d1, e2? Use bridges: red stones on rows 1, 3, 5, 7, 9 at bridge distance, each pair
        // joined by a bridge and the ends by edge templates: red is connected whatever blue does.
        let mut board = Board::new();
        for (row, col) in [(1, 5), (3, 4), (5, 3), (7, 2), (9, 1)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Red));
        }
        for (row, col) in [(0, 0), (0, 1), (10, 10), (10, 9), (5, 9)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Blue));
        }
        let geometry = Geometry::new();
        let position = Position::new(&board, Color::Blue);
        let links = crate::connections::bridge_links(&position, &geometry, Color::Red);
        assert!(links.loose && links.proof.is_some());
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let result = Search::new(5).run(&position, NODES, far, 500);
        assert!(result.proven && result.value == 0.0, "{result:?}");
        // Each blue intrusion is answered and red still wins: check by playing it out with the
        // search on both sides.
        let mut game = Game::from_position(board, Color::Blue);
        let mut search = [Search::new(1), Search::new(2)];
        while game.winner().is_none() {
            let side = game.to_move().index();
            let position = Position::new(game.board(), game.to_move());
            let cell = search[side].run(&position, NODES, far, 300).cell;
            game.play(Move::Place(Cell::from_index(cell))).unwrap();
        }
        assert_eq!(game.winner(), Some(Color::Red));
    }

    /// The two-pass selection (values of all the children, then the largest) against the plain
    /// one-child-at-a-time rule, at every expanded node of a grown tree, with the default shape
    /// prior and a stronger one (proven children among them).
    #[test]
    fn selection_is_the_plain_argmax() {
        let far = Instant::now() + std::time::Duration::from_secs(60);
        for (seed, shape_bias) in [(3, 2.5), (4, 10.0), (5, 2.5)] {
            let game = random_game(seed, 30);
            let mut search = Search::new(seed);
            search.params.shape_bias = shape_bias;
            let position = Position::new(game.board(), game.to_move());
            search.run(&position, NODES, far, 3000);
            let mut expanded = 0;
            for node in 0..search.tree.len() {
                if search.tree.children[node] == 0 {
                    continue;
                }
                let rave_bias = search.params.rave_bias;
                let plain_value = |tree: &Tree, child: usize| {
                    let (n, rn) = (tree.visits[child], tree.rave_visits[child]);
                    let beta = rn / (rn + n + rn * n * rave_bias);
                    let mean = if n > 0.0 { tree.wins[child] / n } else { 0.0 };
                    (1.0 - beta) * mean + beta * tree.rave_wins[child] / rn + tree.progressive_bias[child]
                };
                let tree = &search.tree;
                let mut plain = (usize::MAX, f32::NEG_INFINITY);
                for child in tree.children(node) {
                    let value = match tree.proven[child] {
                        WON => f32::INFINITY,
                        LOST => -1.0,
                        _ => plain_value(tree, child),
                    };
                    if value > plain.1 {
                        plain = (child, value);
                    }
                }
                let chosen = search.select(node);
                // Equal up to rounding: the fast value folds the blend into one division.
                assert!(search.tree.children(node).contains(&chosen));
                if chosen != plain.0 {
                    let value = plain_value(&search.tree, chosen);
                    assert!((value - plain.1).abs() < 1e-5, "node {node}: {chosen} ({value}) vs {plain:?}");
                }
                expanded += 1;
            }
            assert!(expanded > 100, "only {expanded} expanded nodes");
        }
    }

    /// The progressive bias kept in each node is exactly the formula for its present visits,
    /// `shape_bias * p / sqrt(visits + 1)`, after searches from two positions.
    #[test]
    fn kept_progressive_bias_is_the_formula_for_its_visits() {
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let game = random_game(17, 12);
        let mut search = Search::new(9);
        let position = Position::new(game.board(), game.to_move());
        let result = search.run(&position, NODES, far, 3000);
        let mut next = position.clone();
        next.play(result.cell);
        search.run(&next, result.cell, far, 3000);
        let mut checked = 0;
        let tree = &search.tree;
        for node in 1..tree.len() {
            let plain = tree.weighted_shape[node] / (tree.visits[node] + 1.0).sqrt();
            assert_eq!(tree.progressive_bias[node].to_bits(), plain.to_bits(), "node {node}");
            checked += usize::from(tree.visits[node] > 0.0);
        }
        assert!(checked > 100, "only {checked} visited nodes");
    }
}
