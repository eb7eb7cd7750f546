//! Two-distance potentials, the classical connection evaluation of Hex (Queenbee, van Rijswijck
//! 2000; Benzene's `TwoDistance`), as inputs of the value network (`hex-train value --inputs
//! potentials`).
//!
//! For a player and one of its two edges, on the graph where the player's own chains are
//! contracted (an empty cell is adjacent to another if they touch, or both touch the same chain of
//! the player's stones; the opponent's stones are walls):
//!
//! * an empty cell adjacent to the edge (touching its row, or touching a chain of the player's that
//!   touches it) has two-distance 1: a whole edge cannot be cut by one stone;
//! * any other empty cell has 1 + the SECOND smallest two-distance among its adjacent empty cells
//!   (the opponent can always block the best neighbour), or none (infinite) if fewer than two are
//!   finite.
//!
//! A cell's potential for the player is its two-distance to one edge plus to the other; the
//! player's board value is its minimum potential over the empty cells and how many cells reach it.
//! The player needs fewer stones, roughly, the lower its minimum: 2 means one stone wins.

use hex::{Board, Cell, Color, CELLS, SIZE};

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

#[cfg(test)]
mod tests {
    use super::*;
    use hex::{Game, Move};

    /// Whether empty `a` reaches `b` (empty, or with `b == None` `player`'s edge `far`) through
    /// `player`'s stones only: the plain definition of adjacency in the contracted graph.
    fn reaches(board: &Board, player: Color, a: Cell, b: Option<Cell>, far: bool) -> bool {
        if b.is_none() && on_edge(a, player, far) {
            return true;
        }
        let mut seen = [false; CELLS];
        let mut stack = vec![a];
        seen[a.index()] = true;
        while let Some(cell) = stack.pop() {
            for next in cell.neighbours() {
                if Some(next) == b {
                    return true;
                }
                if !seen[next.index()] && board.get(next) == Some(player) {
                    if b.is_none() && on_edge(next, player, far) {
                        return true;
                    }
                    seen[next.index()] = true;
                    stack.push(next);
                }
            }
        }
        false
    }

    /// The two-distances as the fixed point of the definition, iterated from infinity until
    /// nothing changes (Bellman-Ford style), with adjacency found by [`reaches`].
    fn plain_distances(board: &Board, player: Color, far: bool) -> [u16; CELLS] {
        let empty: Vec<Cell> = board.empty_cells().collect();
        let adjacent: Vec<Vec<Cell>> = empty
            .iter()
            .map(|&x| {
                empty.iter().copied().filter(|&y| y != x && reaches(board, player, x, Some(y), far)).collect()
            })
            .collect();
        let mut dist = [INFINITE; CELLS];
        loop {
            let mut changed = false;
            for (&x, adjacent) in empty.iter().zip(&adjacent) {
                let value = if reaches(board, player, x, None, far) {
                    1
                } else {
                    let mut values: Vec<u16> = adjacent.iter().map(|y| dist[y.index()]).collect();
                    values.sort_unstable();
                    match values.get(1) {
                        Some(&v) if v != INFINITE => v + 1,
                        _ => INFINITE,
                    }
                };
                if value != dist[x.index()] {
                    dist[x.index()] = value;
                    changed = true;
                }
            }
            if !changed {
                return dist;
            }
        }
    }

    /// A random position of `stones` stones (a game's moves, stopped before any win).
    fn random_board(seed: u64, stones: usize) -> Board {
        let mut state = seed;
        let mut game = Game::new();
        while game.board().counts().0 + game.board().counts().1 < stones {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let cell = Cell::from_index((state >> 33) as usize % CELLS);
            if game.board().get(cell).is_none() {
                let mut next = game.clone();
                next.play(Move::Place(cell)).unwrap();
                if next.winner().is_some() {
                    break;
                }
                game = next;
            }
        }
        game.board().clone()
    }

    #[test]
    fn the_layers_are_the_plain_fixed_point() {
        let mut finite_and_infinite = [0usize; 2];
        for seed in 0..60u64 {
            let board = random_board(seed, (seed as usize * 7) % 100);
            for player in [Color::Red, Color::Blue] {
                let fast = two_distances(&board, player);
                for far in [false, true] {
                    let plain = plain_distances(&board, player, far);
                    assert_eq!(
                        fast[far as usize],
                        plain,
                        "seed {seed} {player} far {far}\n{}",
                        board.to_rows()
                    );
                    for v in plain {
                        finite_and_infinite[usize::from(v == INFINITE)] += 1;
                    }
                }
            }
        }
        assert!(finite_and_infinite[0] > 1000 && finite_and_infinite[1] > 1000, "{finite_and_infinite:?}");
    }

    #[test]
    fn the_empty_board() {
        let p = Potentials::new(&Board::new());
        let [top, bottom] = two_distances(&Board::new(), Color::Red);
        let at = |row, col| Cell::new(row, col).unwrap().index();
        // Row 0 touches the top; (r, c) has its two upper neighbours at (r-1, c) and (r-1, c+1),
        // so row 1 is at 2 except at the last column, where (0,10) is its only one and (1,9) at 2
        // its second; away from the corners the distance grows by one a row.
        assert_eq!(
            (top[at(0, 4)], top[at(1, 4)], top[at(1, 10)], top[at(2, 9)], top[at(5, 5)]),
            (1, 2, 3, 4, 6)
        );
        assert_eq!((bottom[at(10, 4)], bottom[at(9, 0)], bottom[at(5, 5)], bottom[at(0, 0)]), (1, 3, 6, 21));
        // The minimum, 12 (6 + 6 at the centre), is reached on the short diagonal (r, 10 - r)
        // only: 11 cells; the same for blue (the board transposed).
        assert_eq!(p.potential[0][at(5, 5)], 12);
        assert_eq!(
            (p.potential[0][at(5, 4)], p.potential[0][at(5, 6)], p.potential[0][at(0, 0)]),
            (13, 13, 22)
        );
        assert_eq!(p.minimum, [12, 12]);
        assert_eq!(p.at_minimum, [11, 11]);
        assert!((0..SIZE)
            .all(|r| p.potential[0][at(r, SIZE - 1 - r)] == 12 && p.potential[1][at(r, SIZE - 1 - r)] == 12));
    }

    #[test]
    fn a_finished_chain() {
        // Red's stones down column a join top and bottom: every cell beside them (column b) is
        // at 1 from both edges; blue cannot reach its left edge at all.
        let mut board = Board::new();
        for row in 0..SIZE {
            board.set(Cell::new(row, 0).unwrap(), Some(Color::Red));
        }
        let p = Potentials::new(&board);
        assert_eq!((p.minimum[0], p.at_minimum[0]), (2, 11));
        assert_eq!(p.potential[0][Cell::new(4, 1).unwrap().index()], 2);
        assert_eq!(p.potential[0][Cell::new(4, 2).unwrap().index()], 4);
        assert_eq!((p.minimum[1], p.at_minimum[1]), (INFINITE, 0));
        assert!(p.potential[1].iter().all(|&v| v == INFINITE));
    }

    #[test]
    fn a_stone_passes_distances_and_an_intrusion_cuts_one_way() {
        // A red stone on (1,5) is adjacent to (0,5) and (0,6), both at 1 from the top, so every
        // cell beside it is at 2 ((2,5): 3 on the empty board). A blue stone on (0,6) leaves the
        // stone one way up: (2,5) then sees (0,5) at 1 and the rest at 2 or more, so 3.
        let mut board = Board::new();
        board.set(Cell::new(1, 5).unwrap(), Some(Color::Red));
        let at = |row, col| Cell::new(row, col).unwrap().index();
        let [top, _] = two_distances(&board, Color::Red);
        assert_eq!((top[at(2, 5)], top[at(2, 4)], top[at(1, 5)], top[at(2, 6)]), (2, 2, INFINITE, 3));
        board.set(Cell::new(0, 6).unwrap(), Some(Color::Blue));
        let [top, _] = two_distances(&board, Color::Red);
        assert_eq!((top[at(2, 5)], top[at(0, 6)]), (3, INFINITE));
        // A red stone on the top row makes its neighbours touch the edge.
        board.set(Cell::new(0, 2).unwrap(), Some(Color::Red));
        let [top, _] = two_distances(&board, Color::Red);
        assert_eq!((top[at(1, 1)], top[at(1, 2)], top[at(1, 3)]), (1, 1, 2));
    }
}
