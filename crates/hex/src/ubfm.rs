//! Unbounded best-first minimax over a value network (UBFM; the search of the CodinGame Hex bots
//! that use a network, and of Cohen-Solal's Descent): every descent follows the child of best
//! negamax value plus a UCT-like exploration bonus down to a leaf, expands it (each child valued
//! by the network, [`crate::value_net`]) and backs the values up by negamax. The solver's rules
//! ([`crate::node_rules`]: wins at once, disjoint bridges and templates, threats, mustplay, dead
//! and vulnerable cells) prove nodes and narrow their children, so the network is never asked
//! about a position the rules already decide. The hidden sums of both frames are kept along the
//! descent, so a child costs one column and the output layer.

use crate::board::{Cell, Color, Game, Move, CELLS};
use crate::geometry::Geometry;
use crate::inferior::DeadTable;
use crate::node_rules::{node_moves, Verdict};
use crate::position::Position;
use crate::value_net::{value_input, ValueNet};
use std::time::Instant;

/// A proven win for the side to move at a node (a loss is its negation); network values are
/// inside -1..1.
const WIN: f32 = 2.0;
/// The tree's node cap (17 bytes a node), reached only at long budgets.
const MAX_NODES: usize = 4_000_000;

/// What [`Ubfm::choose`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub mv: Move,
    /// The negamax value of the position for the side to move, in -1..1 (±1 when proven).
    pub value: f32,
    /// Whether the rules proved the value.
    pub proven: bool,
    /// Leaves expanded.
    pub expansions: u32,
}

/// The search and its tree (kept between moves only as allocated room).
pub struct Ubfm {
    net: ValueNet,
    geometry: Geometry,
    dead: DeadTable,
    /// The exploration bonus' weight: `exploration * sqrt(ln(parent visits + 1) / (visits + 1))`.
    pub exploration: f32,
    /// While the board holds fewer than this many stones, the move is drawn with probability
    /// proportional to `exp(value / temperature)` among the root's unproven children (self-play's
    /// variety); 0 always plays the best.
    pub sample_stones: usize,
    pub temperature: f32,
    rng: u64,
    cell: Vec<u8>,
    /// The negamax value for the side to move at the node.
    value: Vec<f32>,
    first_child: Vec<u32>,
    children: Vec<u8>,
    visits: Vec<u32>,
    path: Vec<usize>,
}

impl Ubfm {
    pub fn new(net: ValueNet, seed: u64) -> Ubfm {
        Ubfm {
            net,
            geometry: Geometry::new(),
            dead: DeadTable::new(),
            exploration: 0.1,
            sample_stones: 0,
            temperature: 0.1,
            rng: mixed(seed),
            cell: Vec::new(),
            value: Vec::new(),
            first_child: Vec::new(),
            children: Vec::new(),
            visits: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Restarts the draws of [`Ubfm::sample_stones`] from `seed` (a game's own seed).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = mixed(seed);
    }

    /// The move for the side to move in `game` (which must not be over), searching until
    /// `deadline` or `max_expansions`. On an empty board it plays the bot's opening; where the swap
    /// is allowed, the position after the swap is searched too (half the time each, up to
    /// `max_expansions` each) and the better of the two for the mover is played.
    pub fn choose(&mut self, game: &Game, deadline: Instant, max_expansions: u32) -> Choice {
        if game.board().counts() == (0, 0) {
            let opening = crate::bot::OPENING.parse().expect("valid opening cell");
            return Choice { mv: Move::Place(opening), value: 0.0, proven: false, expansions: 0 };
        }
        if !game.swap_allowed() {
            return self.search(game, deadline, max_expansions);
        }
        // Half the time for each search (each may expand `max_expansions`).
        let half = Instant::now() + deadline.saturating_duration_since(Instant::now()) / 2;
        let place = self.search(game, half, max_expansions);
        let mut swapped = game.clone();
        swapped.play(Move::Swap).expect("the swap is allowed");
        let after = self.search(&swapped, deadline, max_expansions);
        let expansions = place.expansions + after.expansions;
        if -after.value > place.value {
            Choice { mv: Move::Swap, value: -after.value, proven: after.proven, expansions }
        } else {
            Choice { expansions, ..place }
        }
    }

    fn push(&mut self, cell: usize, value: f32) {
        self.cell.push(cell as u8);
        self.value.push(value);
        self.first_child.push(0);
        self.children.push(0);
        self.visits.push(0);
    }

    /// The best placement for the side to move (the swap aside).
    fn search(&mut self, game: &Game, deadline: Instant, max_expansions: u32) -> Choice {
        let root = Position::new(game.board(), game.to_move());
        self.cell.clear();
        self.value.clear();
        self.first_child.clear();
        self.children.clear();
        self.visits.clear();
        self.push(CELLS, 0.0);
        let sums = [self.net.sums(&root, Color::Red), self.net.sums(&root, Color::Blue)];
        let mut expansions = 0;
        // The clock is read every 8 descents (a descent into a proven node expands nothing); the
        // root is always expanded, so that there is a move.
        let mut descents = 0u32;
        while self.value[0].abs() < WIN && expansions < max_expansions && self.cell.len() + CELLS < MAX_NODES
        {
            if descents % 8 == 0 && self.children[0] > 0 && Instant::now() >= deadline {
                break;
            }
            descents += 1;
            expansions += u32::from(self.descend(&root, &sums));
        }
        let best = self.root_choice(game.board().counts());
        Choice {
            mv: Move::Place(Cell::from_index(usize::from(self.cell[best]))),
            value: self.value[0].clamp(-1.0, 1.0),
            proven: self.value[0].abs() >= WIN,
            expansions,
        }
    }

    /// The root's child to play: the best by value (then visits), or a draw by value while the
    /// board holds fewer than [`Ubfm::sample_stones`] stones and the root is not proven.
    fn root_choice(&mut self, (red, blue): (usize, usize)) -> usize {
        let first = self.first_child[0] as usize;
        let children = first..first + usize::from(self.children[0]);
        if red + blue < self.sample_stones && self.value[0].abs() < WIN {
            let unproven: Vec<usize> = children.clone().filter(|&c| self.value[c].abs() < WIN).collect();
            let top = unproven.iter().map(|&c| -self.value[c]).fold(f32::NEG_INFINITY, f32::max);
            let weights: Vec<f32> =
                unproven.iter().map(|&c| ((-self.value[c] - top) / self.temperature).exp()).collect();
            self.rng ^= self.rng << 13;
            self.rng ^= self.rng >> 7;
            self.rng ^= self.rng << 17;
            let mut target = (self.rng >> 40) as f32 / (1u64 << 24) as f32 * weights.iter().sum::<f32>();
            for (&child, &w) in unproven.iter().zip(&weights) {
                if target < w {
                    return child;
                }
                target -= w;
            }
            if let Some(&last) = unproven.last() {
                return last;
            }
        }
        children
            .max_by(|&a, &b| {
                (-self.value[a], self.visits[a]).partial_cmp(&(-self.value[b], self.visits[b])).unwrap()
            })
            .expect("the root has children")
    }

    /// One descent from the root to a leaf, expanding it; whether a leaf was expanded.
    fn descend(&mut self, root: &Position, root_sums: &[Vec<f32>; 2]) -> bool {
        let mut position = root.clone();
        let mut sums = root_sums.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut node = 0;
        let mut expanded = false;
        loop {
            path.push(node);
            self.visits[node] += 1;
            if self.value[node].abs() >= WIN {
                break;
            }
            if self.children[node] == 0 {
                self.expand(node, &position, &sums);
                expanded = true;
                break;
            }
            let first = self.first_child[node] as usize;
            let log = (self.visits[node] as f32 + 1.0).ln();
            let mut best = (first, f32::NEG_INFINITY);
            for child in first..first + usize::from(self.children[node]) {
                let score =
                    -self.value[child] + self.exploration * (log / (self.visits[child] as f32 + 1.0)).sqrt();
                if score > best.1 {
                    best = (child, score);
                }
            }
            let cell = usize::from(self.cell[best.0]);
            let mover = position.to_move;
            for frame in [Color::Red, Color::Blue] {
                self.net.add(&mut sums[frame.index()], value_input(cell, mover, frame));
            }
            position.play(cell);
            node = best.0;
        }
        // Negamax backup along the path.
        for &node in path.iter().rev().skip(1) {
            let first = self.first_child[node] as usize;
            let children = first..first + usize::from(self.children[node]);
            self.value[node] = children.map(|c| -self.value[c]).fold(f32::NEG_INFINITY, f32::max);
        }
        self.path = path;
        expanded
    }

    fn expand(&mut self, node: usize, position: &Position, sums: &[Vec<f32>; 2]) {
        let me = position.to_move;
        let first = self.cell.len() as u32;
        let moves = node_moves(position, &self.geometry, &self.dead);
        if let Verdict::Won(cell) = moves.verdict {
            self.push(cell, -WIN);
            self.first_child[node] = first;
            self.children[node] = 1;
            self.value[node] = WIN;
            return;
        }
        let opponent = me.opponent();
        let mut value = f32::NEG_INFINITY;
        for &cell in &moves.cells {
            let child = self.net.value_with(&sums[opponent.index()], value_input(cell, me, opponent));
            self.push(cell, child);
            value = value.max(-child);
        }
        self.first_child[node] = first;
        self.children[node] = moves.cells.len() as u8;
        self.value[node] = if moves.verdict == Verdict::Lost { -WIN } else { value };
    }
}

/// A xorshift state from `seed`, mixed so that small seeds start far apart (and never 0).
fn mixed(seed: u64) -> u64 {
    (seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::value_net::tests::random_network;
    use std::time::Duration;

    fn board(red: &[&str], blue: &[&str]) -> Board {
        let mut board = Board::new();
        for (cells, color) in [(red, Color::Red), (blue, Color::Blue)] {
            for cell in cells {
                board.set(cell.parse().unwrap(), Some(color));
            }
        }
        board
    }

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    /// Whatever the network says, a cell that wins at once is played (proven), and a single threat
    /// of the opponent is blocked.
    #[test]
    fn wins_at_once_and_blocks_a_threat() {
        let mut search = Ubfm::new(ValueNet::parse(&random_network(8, 3)).unwrap(), 1);
        let column: Vec<String> = (1..=11).filter(|&r| r != 6).map(|r| format!("f{r}")).collect();
        let column: Vec<&str> = column.iter().map(String::as_str).collect();
        let b = board(&column, &["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"]);
        let f6 = Move::Place("f6".parse().unwrap());
        let red = search.choose(&Game::from_position(b.clone(), Color::Red), far(), 200);
        assert_eq!((red.mv, red.value, red.proven), (f6, 1.0, true));
        let blue = search.choose(&Game::from_position(b, Color::Blue), far(), 200);
        assert_eq!(blue.mv, f6);
    }

    /// The backed-up value is the negamax of the tree: at one expansion the root's value is the
    /// best child's for the mover, as the plain network values the children's positions.
    #[test]
    fn one_expansion_is_the_best_child_by_the_plain_network() {
        let net = ValueNet::parse(&random_network(16, 5)).unwrap();
        let mut search = Ubfm::new(net.clone(), 1);
        let game = Game::from_position(board(&["e5", "g3"], &["f6", "d8"]), Color::Red);
        let choice = search.choose(&game, far(), 1);
        let root = Position::new(game.board(), Color::Red);
        let moves = node_moves(&root, &Geometry::new(), &DeadTable::new());
        let (mut best, mut best_cell) = (f32::NEG_INFINITY, 0);
        for &cell in &moves.cells {
            let mut after = root.clone();
            after.play(cell);
            if -net.value(&after) > best {
                (best, best_cell) = (-net.value(&after), cell);
            }
        }
        assert_eq!(choice.mv, Move::Place(Cell::from_index(best_cell)));
        assert!((choice.value - best).abs() < 1e-4, "{} vs {best}", choice.value);
        assert_eq!(choice.expansions, 1);
    }

    /// Sampled openings stay legal and vary with the seed; the swap is searched on turn 2; the
    /// clock stops a long search.
    #[test]
    fn sampling_swap_and_clock() {
        let text = random_network(8, 9);
        let mut moves = std::collections::HashSet::new();
        for seed in 0..8 {
            let mut search = Ubfm::new(ValueNet::parse(&text).unwrap(), seed);
            search.sample_stones = 10;
            search.temperature = 1.0;
            let game = Game::from_position(board(&["f6"], &["e5"]), Color::Red);
            let choice = search.choose(&game, far(), 50);
            assert!(game.is_legal(choice.mv));
            moves.insert(choice.mv);
        }
        assert!(moves.len() > 1, "{moves:?}");
        let mut search = Ubfm::new(ValueNet::parse(&text).unwrap(), 1);
        let mut game = Game::new();
        game.play(Move::Place("f6".parse().unwrap())).unwrap();
        let choice = search.choose(&game, far(), 50);
        assert!(game.is_legal(choice.mv));
        assert_eq!(choice.expansions, 100, "both the placements and the swap searched");
        let started = Instant::now();
        search.choose(
            &Game::from_position(board(&["f6"], &["e5"]), Color::Red),
            started + Duration::from_millis(30),
            u32::MAX,
        );
        assert!(started.elapsed() < Duration::from_millis(300));
    }
}
