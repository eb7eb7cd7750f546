//! Unbounded best-first minimax over a value network (the design of the CodinGame bots that use
//! one; crates/hex/README.md, issue lever 1): every leaf the descent reaches is expanded, each child
//! valued by the network (`hex-train value --out`), and the values are backed up by negamax. The
//! network's hidden sums are kept for both movers' frames along the descent, so a child costs one
//! column add and the output layer. A cell that wins at once proves its node; a single opponent
//! threat leaves one child (the block).

use hex::connections::winning_cells;
use hex::geometry::Geometry;
use hex::position::{stone, Position, EMPTY};
use hex::{Cell, Color, Game, Move, CELLS};
use hex_tools::hex_value::{input, parse_network};
use std::time::Instant;

/// A value network: one hidden layer (ReLU) over the stones in the mover's frame.
#[derive(Debug)]
pub struct Network {
    hidden: usize,
    /// Input by input, `hidden` weights each.
    columns: Vec<f32>,
    biases: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

impl Network {
    /// Reads the text written by `hex-train value --out`.
    pub fn parse(text: &str) -> Result<Network, String> {
        let (hidden, weights) = parse_network(text)?;
        let inputs = 2 * CELLS * hidden;
        Ok(Network {
            hidden,
            columns: weights[..inputs].to_vec(),
            biases: weights[inputs..inputs + hidden].to_vec(),
            output: weights[inputs + hidden..inputs + 2 * hidden].to_vec(),
            output_bias: weights[inputs + 2 * hidden],
        })
    }

    fn add(&self, sums: &mut [f32], input: usize) {
        let column = &self.columns[input * self.hidden..(input + 1) * self.hidden];
        for (s, &w) in sums.iter_mut().zip(column) {
            *s += w;
        }
    }

    /// The hidden sums of `position` in `to_move`'s frame.
    fn sums(&self, position: &Position, to_move: Color) -> Vec<f32> {
        let mut sums = self.biases.clone();
        for cell in 0..CELLS {
            let content = position.cells()[cell];
            for owner in [Color::Red, Color::Blue] {
                if content == stone(owner) {
                    self.add(&mut sums, input(cell, owner, to_move));
                }
            }
        }
        sums
    }

    /// The value in -1..1 for the side whose frame `sums` are in, after also adding `input`.
    fn value_with(&self, sums: &[f32], input: usize) -> f32 {
        let column = &self.columns[input * self.hidden..(input + 1) * self.hidden];
        let mut logit = self.output_bias;
        for ((&s, &c), &w) in sums.iter().zip(column).zip(&self.output) {
            logit += (s + c).max(0.0) * w;
        }
        (1.0 / (1.0 + (-logit).exp())) * 2.0 - 1.0
    }
}

/// A proven win for the side to move at a node (a loss is its negation).
const WIN: f32 = 1.0;
/// The tree's node cap (about 16 bytes a node: 64 MB), reached only at long budgets.
const MAX_NODES: usize = 4_000_000;

pub struct Ubfm<'a> {
    network: Network,
    geometry: &'a Geometry,
    exploration: f32,
    /// For self-play records: while the board holds fewer than `sample_stones` stones, the move
    /// is drawn with probability proportional to `exp(value / temperature)` instead of the best.
    pub sample_stones: usize,
    pub temperature: f32,
    rng: u64,
    cell: Vec<u8>,
    /// The negamax value for the side to move at the node: network values in -1..1, ±`WIN` proven.
    value: Vec<f32>,
    first_child: Vec<u32>,
    children: Vec<u8>,
    visits: Vec<u32>,
    pub expansions: u32,
}

impl<'a> Ubfm<'a> {
    pub fn new(network: Network, geometry: &'a Geometry, exploration: f32, seed: u64) -> Ubfm<'a> {
        Ubfm {
            network,
            geometry,
            exploration,
            sample_stones: 0,
            temperature: 0.1,
            rng: seed | 1,
            cell: Vec::new(),
            value: Vec::new(),
            first_child: Vec::new(),
            children: Vec::new(),
            visits: Vec::new(),
            expansions: 0,
        }
    }

    fn push(&mut self, cell: usize, value: f32) {
        self.cell.push(cell as u8);
        self.value.push(value);
        self.first_child.push(0);
        self.children.push(0);
        self.visits.push(0);
    }

    /// The move for the side to move in `game` (no swap decision: the caller makes it), searching
    /// until `deadline` or `max_expansions`.
    pub fn best_move(&mut self, game: &Game, deadline: Instant, max_expansions: u64) -> Move {
        let me = game.to_move();
        let root = Position::new(game.board(), me);
        self.cell.clear();
        self.value.clear();
        self.first_child.clear();
        self.children.clear();
        self.visits.clear();
        self.expansions = 0;
        self.push(CELLS, 0.0);
        let sums = [self.network.sums(&root, Color::Red), self.network.sums(&root, Color::Blue)];
        let mut path = Vec::new();
        // The clock is read every 8 descents (not expansions: a descent that ends in a proven node
        // expands nothing).
        let mut descents = 0u32;
        // The tree stops growing before MAX_NODES (as the rave engine's does), whatever the clock.
        while self.value[0].abs() < WIN
            && u64::from(self.expansions) < max_expansions
            && self.cell.len() + CELLS < MAX_NODES
        {
            if descents % 8 == 0 && Instant::now() >= deadline && self.children[0] > 0 {
                break;
            }
            descents += 1;
            self.descend(&root, &sums, &mut path);
        }
        let children =
            self.first_child[0] as usize..self.first_child[0] as usize + usize::from(self.children[0]);
        let (red, blue) = game.board().counts();
        let stones = red + blue;
        let best = if stones < self.sample_stones && self.value[0].abs() < WIN {
            // exp((v - best) / T) for each child, then one draw.
            let top = children.clone().map(|c| -self.value[c]).fold(f32::NEG_INFINITY, f32::max);
            let weights: Vec<f32> =
                children.clone().map(|c| ((-self.value[c] - top) / self.temperature).exp()).collect();
            self.rng ^= self.rng << 13;
            self.rng ^= self.rng >> 7;
            self.rng ^= self.rng << 17;
            let mut target = (self.rng >> 40) as f32 / (1u64 << 24) as f32 * weights.iter().sum::<f32>();
            let mut chosen = children.end - 1;
            for (child, w) in children.zip(&weights) {
                if target < *w {
                    chosen = child;
                    break;
                }
                target -= w;
            }
            chosen
        } else {
            children
                .max_by(|&a, &b| {
                    (-self.value[a], self.visits[a]).partial_cmp(&(-self.value[b], self.visits[b])).unwrap()
                })
                .expect("the root has children")
        };
        Move::Place(Cell::from_index(usize::from(self.cell[best])))
    }

    fn descend(&mut self, root: &Position, root_sums: &[Vec<f32>; 2], path: &mut Vec<usize>) {
        let mut position = root.clone();
        let mut sums = root_sums.clone();
        path.clear();
        let mut node = 0;
        loop {
            path.push(node);
            self.visits[node] += 1;
            if self.value[node].abs() >= WIN {
                break;
            }
            if self.children[node] == 0 {
                self.expand(node, &position, &sums);
                break;
            }
            let first = self.first_child[node] as usize;
            let log = ((self.visits[node] as f32) + 1.0).ln();
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
                self.network.add(&mut sums[frame.index()], input(cell, mover, frame));
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
    }

    fn expand(&mut self, node: usize, position: &Position, sums: &[Vec<f32>; 2]) {
        self.expansions += 1;
        let me = position.to_move;
        let first = self.cell.len() as u32;
        if let Some(&cell) = winning_cells(position, self.geometry, me).first() {
            self.push(cell, -WIN);
            self.first_child[node] = first;
            self.children[node] = 1;
            self.value[node] = WIN;
            return;
        }
        let threats = winning_cells(position, self.geometry, me.opponent());
        let lost = threats.len() >= 2;
        let cells: Vec<usize> = if threats.is_empty() {
            (0..CELLS).filter(|&c| position.cells()[c] == EMPTY).collect()
        } else {
            threats
        };
        let opponent = me.opponent();
        let mut value = f32::NEG_INFINITY;
        for &cell in &cells {
            let child = self.network.value_with(&sums[opponent.index()], input(cell, me, opponent));
            self.push(cell, child);
            value = value.max(-child);
        }
        self.first_child[node] = first;
        self.children[node] = cells.len() as u8;
        // Two threats: the one blocked still leaves the other.
        self.value[node] = if lost { -WIN } else { value };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hex::Board;

    /// A network of `hidden` units with weights drawn from `seed`, as `hex-train value --out`
    /// writes it.
    fn network(hidden: usize, seed: u64) -> Network {
        let mut state = seed;
        let mut text = format!("hidden {hidden}\n");
        for _ in 0..2 * CELLS * hidden + 2 * hidden + 1 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            text.push_str(&format!("{}\n", ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.6));
        }
        Network::parse(&text).unwrap()
    }

    fn board(cells: &[(&str, Color)]) -> Board {
        let mut board = Board::new();
        for &(cell, color) in cells {
            board.set(cell.parse().unwrap(), Some(color));
        }
        board
    }

    #[test]
    fn parse_checks_the_header_and_the_count() {
        assert!(Network::parse("hidden 1\n1\n").unwrap_err().contains("expected 245"));
        assert!(Network::parse("hiden 1\n").is_err());
        assert_eq!(network(3, 1).hidden, 3);
    }

    /// The value of a position plus one stone, from the kept sums, against the plain network over
    /// all the inputs of the new position.
    #[test]
    fn incremental_values_are_the_plain_network() {
        let net = network(8, 7);
        let b = board(&[("d5", Color::Red), ("e4", Color::Blue), ("f6", Color::Red), ("c3", Color::Blue)]);
        let position = Position::new(&b, Color::Red);
        for cell in [0usize, 17, 61, 120] {
            assert_eq!(position.cells()[cell], EMPTY);
            for frame in [Color::Red, Color::Blue] {
                let sums = net.sums(&position, frame);
                let fast = net.value_with(&sums, input(cell, Color::Red, frame));
                let mut after = position.clone();
                after.play(cell);
                let mut logit = net.output_bias;
                for h in 0..net.hidden {
                    let mut sum = net.biases[h];
                    for c in 0..CELLS {
                        for owner in [Color::Red, Color::Blue] {
                            if after.cells()[c] == stone(owner) {
                                sum += net.columns[input(c, owner, frame) * net.hidden + h];
                            }
                        }
                    }
                    logit += sum.max(0.0) * net.output[h];
                }
                let plain = 2.0 / (1.0 + (-logit).exp()) - 1.0;
                assert!((fast - plain).abs() < 1e-5, "{fast} vs {plain}");
            }
        }
    }

    /// Whatever the network says, a cell that wins at once is played, and a single threat of the
    /// opponent is blocked.
    #[test]
    fn wins_at_once_and_blocks_a_threat() {
        let geometry = Geometry::new();
        let mut search = Ubfm::new(network(4, 3), &geometry, 0.1, 1);
        // Red's column f1..f11 but for f6; red to move wins at f6, blue to move must block there.
        let cells: Vec<String> = (1..=11).filter(|&r| r != 6).map(|r| format!("f{r}")).collect();
        let mut stones: Vec<(&str, Color)> = cells.iter().map(|c| (c.as_str(), Color::Red)).collect();
        let blue = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"];
        stones.extend(blue.iter().map(|&c| (c, Color::Blue)));
        let b = board(&stones);
        let far = Instant::now() + std::time::Duration::from_secs(10);
        for to_move in [Color::Red, Color::Blue] {
            let game = Game::from_position(b.clone(), to_move);
            assert_eq!(search.best_move(&game, far, 200), Move::Place("f6".parse().unwrap()), "{to_move}");
        }
    }
}
