//! EXPERIMENT (not for the judge): a value network over two-distance potentials, as fitted by
//! `hex-train value --inputs potentials` (the two-distance code and the input encoding copied from
//! hex-train), read from the file `HEX_VALUE_NET` names, used as a prior on the root's children.

use crate::board::{Board, Cell, Color, CELLS, SIZE};

/// An infinite two-distance or potential (no two disjoint ways), and the value of occupied cells.
pub const INFINITE: u16 = u16::MAX;

/// Whether `cell` touches `player`'s first (`far` false: top for red, left for blue) or second edge.
fn on_edge(cell: Cell, player: Color, far: bool) -> bool {
    let line = match player {
        Color::Red => cell.row(),
        Color::Blue => cell.col(),
    };
    line == if far { SIZE - 1 } else { 0 }
}

/// The graph of [`two_distances`]: for each empty cell its adjacent empty cells (through chains of
/// `player`'s stones too) and whether it is adjacent to each edge.
struct Graph {
    neighbours: Vec<Vec<u8>>,
    edge: [[bool; CELLS]; 2],
}

impl Graph {
    fn new(board: &Board, player: Color) -> Graph {
        // The player's chains: a chain number a stone, their liberties and the edges they touch.
        let mut chain = [usize::MAX; CELLS];
        let mut liberties: Vec<Vec<u8>> = Vec::new();
        let mut touches: Vec<[bool; 2]> = Vec::new();
        let mut marked = [usize::MAX; CELLS];
        for start in Cell::all() {
            if board.get(start) != Some(player) || chain[start.index()] != usize::MAX {
                continue;
            }
            let id = liberties.len();
            let (mut libs, mut edges, mut stack) = (Vec::new(), [false; 2], vec![start]);
            chain[start.index()] = id;
            while let Some(cell) = stack.pop() {
                edges[0] |= on_edge(cell, player, false);
                edges[1] |= on_edge(cell, player, true);
                for next in cell.neighbours() {
                    match board.get(next) {
                        Some(c) if c == player && chain[next.index()] == usize::MAX => {
                            chain[next.index()] = id;
                            stack.push(next);
                        }
                        None if marked[next.index()] != id => {
                            marked[next.index()] = id;
                            libs.push(next.index() as u8);
                        }
                        _ => {}
                    }
                }
            }
            liberties.push(libs);
            touches.push(edges);
        }
        let mut neighbours = vec![Vec::new(); CELLS];
        let mut edge = [[false; CELLS]; 2];
        let mut seen = [usize::MAX; CELLS];
        for cell in board.empty_cells() {
            let x = cell.index();
            seen[x] = x;
            edge[0][x] = on_edge(cell, player, false);
            edge[1][x] = on_edge(cell, player, true);
            let mut add = |y: usize, list: &mut Vec<u8>| {
                if seen[y] != x {
                    seen[y] = x;
                    list.push(y as u8);
                }
            };
            let mut list = Vec::new();
            for next in cell.neighbours() {
                match board.get(next) {
                    None => add(next.index(), &mut list),
                    Some(c) if c == player => {
                        let id = chain[next.index()];
                        edge[0][x] |= touches[id][0];
                        edge[1][x] |= touches[id][1];
                        for &y in &liberties[id] {
                            add(usize::from(y), &mut list);
                        }
                    }
                    Some(_) => {}
                }
            }
            neighbours[x] = list;
        }
        Graph { neighbours, edge }
    }

    /// The two-distances to edge `far` (board indices; [`INFINITE`] for occupied and unreachable
    /// cells), by layers: a cell is settled at `d + 1` when its second neighbour is settled at `d`.
    fn distances(&self, board: &Board, far: bool) -> [u16; CELLS] {
        let mut dist = [INFINITE; CELLS];
        let mut count = [0u8; CELLS];
        let mut queue: Vec<usize> =
            board.empty_cells().map(Cell::index).filter(|&x| self.edge[far as usize][x]).collect();
        for &x in &queue {
            dist[x] = 1;
        }
        let mut head = 0;
        while head < queue.len() {
            let p = queue[head];
            head += 1;
            for &y in &self.neighbours[p] {
                let y = usize::from(y);
                if dist[y] != INFINITE {
                    continue;
                }
                count[y] += 1;
                if count[y] == 2 {
                    dist[y] = dist[p] + 1;
                    queue.push(y);
                }
            }
        }
        dist
    }
}

/// `player`'s two-distances to its two edges (board indices; [`INFINITE`] for occupied cells and
/// cells without two ways).
pub fn two_distances(board: &Board, player: Color) -> [[u16; CELLS]; 2] {
    let graph = Graph::new(board, player);
    [graph.distances(board, false), graph.distances(board, true)]
}

/// The potentials of a position for both players and their board values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Potentials {
    /// By player ([`Color::index`]) and cell (board index): the sum of the two two-distances, or
    /// [`INFINITE`] (occupied, or either two-distance infinite).
    pub potential: [[u16; CELLS]; 2],
    /// By player: the minimum potential over the empty cells ([`INFINITE`] if none is finite).
    pub minimum: [u16; 2],
    /// By player: how many empty cells have the minimum potential (0 if it is infinite).
    pub at_minimum: [u16; 2],
}

impl Potentials {
    pub fn new(board: &Board) -> Potentials {
        let mut potentials =
            Potentials { potential: [[INFINITE; CELLS]; 2], minimum: [INFINITE; 2], at_minimum: [0; 2] };
        for player in [Color::Red, Color::Blue] {
            let [near, far] = two_distances(board, player);
            let p = player.index();
            for x in 0..CELLS {
                if near[x] != INFINITE && far[x] != INFINITE {
                    potentials.potential[p][x] = near[x] + far[x];
                }
            }
            potentials.minimum[p] = *potentials.potential[p].iter().min().expect("cells");
            if potentials.minimum[p] != INFINITE {
                let minimum = potentials.minimum[p];
                potentials.at_minimum[p] =
                    potentials.potential[p].iter().filter(|&&v| v == minimum).count() as u16;
            }
        }
        potentials
    }
}

/// Buckets of a cell's potential over its player's minimum: 0, 1, 2, 3 or more, infinite.
const CELL_BUCKETS: usize = 5;
const CELL_BLOCKS: usize = 2 + 2 * CELL_BUCKETS;
const MINIMUM_BUCKETS: usize = 30;
const COUNT_BUCKETS: usize = 8;
const DIFFERENCE_CLAMP: i32 = 12;
const DIFFERENCE_BUCKETS: usize = 2 * DIFFERENCE_CLAMP as usize + 1 + 3;
/// The number of inputs of the potentials encoding.
pub const POTENTIAL_INPUTS: usize =
    CELL_BLOCKS * CELLS + 2 * MINIMUM_BUCKETS + 2 * COUNT_BUCKETS + DIFFERENCE_BUCKETS;

/// The input of a stone of `owner` on `cell` when `to_move` is to play (hex-train's frame).
fn input(cell: usize, owner: Color, to_move: Color) -> usize {
    let frame_cell = match to_move {
        Color::Red => cell,
        Color::Blue => (cell % SIZE) * SIZE + cell / SIZE,
    };
    if owner == to_move {
        frame_cell
    } else {
        CELLS + frame_cell
    }
}

fn difference(mover: u16, opponent: u16) -> i32 {
    (i32::from(opponent) - i32::from(mover)).clamp(-DIFFERENCE_CLAMP, DIFFERENCE_CLAMP)
}

/// The active inputs of `board` with `to_move` to play (hex-train's `Inputs::Potentials`).
pub fn potential_inputs(board: &Board, to_move: Color) -> Vec<u16> {
    let mut inputs: Vec<u16> = Cell::all()
        .filter_map(|cell| board.get(cell).map(|owner| input(cell.index(), owner, to_move) as u16))
        .collect();
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
        let bucket = if minimum == INFINITE { MINIMUM_BUCKETS - 1 } else { usize::from(minimum.min(30)) - 2 };
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
    inputs
}

/// One hidden layer of ReLU units over sparse one-hot inputs (hex-train's text format).
#[derive(Debug)]
pub struct ValueNet {
    hidden: usize,
    inputs: usize,
    weights: Vec<f32>,
}

impl ValueNet {
    /// Reads hex-train's `--out` text (`hidden H inputs N`, then the weights one a line).
    pub fn parse(text: &str) -> Result<ValueNet, String> {
        let mut lines = text.lines();
        let header: Vec<usize> = lines
            .next()
            .and_then(|l| l.strip_prefix("hidden "))
            .map(|l| l.split(" inputs ").map(|n| n.trim().parse().unwrap_or(0)).collect())
            .unwrap_or_default();
        let [hidden, inputs] = header[..] else { return Err("expected `hidden H inputs N`".into()) };
        if inputs != POTENTIAL_INPUTS {
            return Err(format!("{inputs} inputs, expected the potentials' {POTENTIAL_INPUTS}"));
        }
        let weights: Vec<f32> =
            lines.map(|l| l.trim().parse().map_err(|_| "a weight".to_string())).collect::<Result<_, _>>()?;
        if weights.len() != inputs * hidden + 2 * hidden + 1 {
            return Err(format!("{} weights", weights.len()));
        }
        Ok(ValueNet { hidden, inputs, weights })
    }

    /// The side to move's win probability.
    pub fn evaluate(&self, board: &Board, to_move: Color) -> f32 {
        let (hidden, output) = (self.hidden, self.inputs * self.hidden);
        let mut sums = self.weights[output..output + hidden].to_vec();
        for i in potential_inputs(board, to_move) {
            let column = &self.weights[usize::from(i) * hidden..(usize::from(i) + 1) * hidden];
            for (s, &w) in sums.iter_mut().zip(column) {
                *s += w;
            }
        }
        let out = &self.weights[output + hidden..output + 2 * hidden];
        let mut logit = self.weights[self.weights.len() - 1];
        for (&s, &w) in sums.iter().zip(out) {
            logit += s.max(0.0) * w;
        }
        1.0 / (1.0 + (-logit).exp())
    }
}
