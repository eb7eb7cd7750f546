//! H-search (Anshelevich's virtual-connection calculus), restricted for speed: the connections a
//! colour can force between its two sides, found by combining smaller ones.
//!
//! The points are the colour's groups (stones joined by adjacency, each side with the stones
//! touching it) and the empty cells. A *full* connection between two points with carrier `C`
//! (empty cells) can be completed whoever moves first, as long as the opponent plays only in `C`;
//! a *semi* connection needs one more move, its key, and its carrier includes the key.
//! * Adjacent points: full, empty carrier.
//! * AND: full `(w, z, C)` and full `(z, u, D)` with `C`, `D` disjoint and avoiding `w` and `u`:
//!   full `(w, u, C | D)` when `z` is a group; semi `(w, u, C | D | z)`, key `z`, when `z` is empty.
//! * OR: semis between the same points whose carriers have no common cell: full, their union.
//!
//! The restriction: derived connections always have a group at one end at least (two empty cells
//! are only joined when adjacent), and each pair keeps a bounded list of carriers; both lose some
//! connections, never soundness. What it gives the search: if the opponent has a full connection
//! between its sides it has won; if it has semis, every move outside the cells common to all of
//! them loses (it answers in the key of one it avoided).

use crate::board::{Color, CELLS};
use crate::geometry::{sides, Geometry, NODES};
use crate::position::{stone, Position, UnionFind, EMPTY};

/// The most full connections kept for one pair of points.
const FULL_LIMIT: usize = 6;
/// The most semi connections kept for one pair of points.
const SEMI_LIMIT: usize = 12;
/// Points are at most the cells plus two sides: a point set fits a `u128`.
const MAX_POINTS: usize = 128;
const NO_POINT: u8 = u8::MAX;

/// The connections H-search found between a colour's two sides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideConnections {
    /// The carrier of a full connection (bit `cell`): the colour has won whoever moves.
    pub full: Option<u128>,
    /// Semi connections: carrier (key included) and key cell.
    pub semis: Vec<(u128, usize)>,
}

impl SideConnections {
    /// The cells where the opponent, to move, must play not to lose at once: those common to every
    /// semi's carrier. `None` without semis; an empty set means lost whatever it does.
    pub fn mustplay(&self) -> Option<u128> {
        self.semis.iter().map(|&(carrier, _)| carrier).reduce(|a, b| a & b)
    }
}

/// The working memory of H-search, kept from call to call (its lists are cleared, not freed).
#[derive(Clone, Debug)]
pub struct HSearch {
    points: usize,
    /// Whether a point is a group (else an empty cell).
    group: [bool; MAX_POINTS],
    /// An empty point's cell as a carrier bit (0 for a group: a group is never in a carrier).
    bit: [u128; MAX_POINTS],
    /// An empty point's cell.
    cell: [u8; MAX_POINTS],
    /// `full[a * MAX_POINTS + b]`, `a < b`: carriers of full connections.
    full: Vec<Vec<u128>>,
    /// `semi[a * MAX_POINTS + b]`, `a < b`: carriers (key included) and keys of semi connections.
    semi: Vec<Vec<(u128, u8)>>,
    /// The pairs with a list, to clear them.
    touched: Vec<usize>,
    /// `partners[a]`: the points with a full connection to `a`.
    partners: [u128; MAX_POINTS],
    /// The group points, as a point set.
    groups: u128,
    /// Full connections not yet combined.
    queue: Vec<(u8, u8, u128)>,
}

impl Default for HSearch {
    fn default() -> Self {
        HSearch::new()
    }
}

impl HSearch {
    pub fn new() -> HSearch {
        HSearch {
            points: 0,
            group: [false; MAX_POINTS],
            bit: [0; MAX_POINTS],
            cell: [0; MAX_POINTS],
            full: vec![Vec::new(); MAX_POINTS * MAX_POINTS],
            semi: vec![Vec::new(); MAX_POINTS * MAX_POINTS],
            touched: Vec::new(),
            partners: [0; MAX_POINTS],
            groups: 0,
            queue: Vec::new(),
        }
    }

    /// The connections `color` can force between its sides in `position` (which has no winner).
    ///
    /// # Complexity
    /// Bounded by the lists' limits: a few hundred microseconds to a few milliseconds a call.
    pub fn side_connections(&mut self, position: &Position, geometry: &Geometry, color: Color) -> SideConnections {
        self.clear();
        let mut uf = UnionFind::groups(position, geometry, color);
        let own = stone(color);
        let mut point_of = [NO_POINT; NODES];
        let mut group_point = [NO_POINT; NODES];
        for node in 0..NODES {
            let content = position.nodes[node];
            if content == own {
                let root = uf.find(node);
                if group_point[root] == NO_POINT {
                    group_point[root] = self.new_point(true, 0);
                }
                point_of[node] = group_point[root];
            } else if node < CELLS && content == EMPTY {
                point_of[node] = self.new_point(false, node);
            }
        }
        let (first, second) = sides(color);
        let (source, sink) = (point_of[first], point_of[second]);
        if source == sink {
            return SideConnections { full: Some(0), semis: Vec::new() };
        }
        for cell in 0..CELLS {
            let a = point_of[cell];
            if a == NO_POINT {
                continue;
            }
            for &next in &geometry.rings[cell] {
                let b = point_of[next];
                if b != NO_POINT && b != a {
                    self.add_full(a, b, 0, true);
                }
            }
        }
        while let Some((x, y, carrier)) = self.queue.pop() {
            self.combine(x, y, carrier);
            self.combine(y, x, carrier);
        }
        let index = pair(source, sink);
        SideConnections {
            full: self.full[index].iter().copied().min_by_key(|c| c.count_ones()),
            semis: self.semi[index].iter().map(|&(c, key)| (c, usize::from(self.cell[usize::from(key)]))).collect(),
        }
    }

    fn clear(&mut self) {
        for &index in &self.touched {
            self.full[index].clear();
            self.semi[index].clear();
        }
        self.touched.clear();
        self.partners[..self.points].fill(0);
        self.points = 0;
        self.groups = 0;
        self.queue.clear();
    }

    fn new_point(&mut self, group: bool, cell: usize) -> u8 {
        let p = self.points;
        self.group[p] = group;
        self.bit[p] = if group { 0 } else { 1 << cell };
        self.cell[p] = cell as u8;
        self.groups |= u128::from(group) << p;
        self.points += 1;
        p as u8
    }

    /// The AND rule with `z` in the middle: the new full `(w, z, carrier)` against every full
    /// `(z, u, D)` known.
    fn combine(&mut self, w: u8, z: u8, carrier: u128) {
        let (wi, zi) = (usize::from(w), usize::from(z));
        // Two empty cells are joined only when adjacent: an empty `w` needs a group `u`.
        let ends = if self.group[wi] { u128::MAX } else { self.groups };
        let mut partners = self.partners[zi] & ends & !(1u128 << wi);
        while partners != 0 {
            let u = partners.trailing_zeros() as u8;
            partners &= partners - 1;
            let ui = usize::from(u);
            if carrier & self.bit[ui] != 0 {
                continue;
            }
            let index = pair(z, u);
            for k in 0..self.full[index].len() {
                let other = self.full[index][k];
                if other & carrier != 0 || other & self.bit[wi] != 0 {
                    continue;
                }
                if self.group[zi] {
                    self.add_full(w, u, carrier | other, false);
                } else {
                    self.add_semi(w, u, carrier | other | self.bit[zi], z);
                }
            }
        }
    }

    /// Records a full connection unless a subset is known or the list is full; `base` lets two
    /// adjacent empty cells be joined.
    fn add_full(&mut self, a: u8, b: u8, carrier: u128, base: bool) {
        if a == b || !base && !self.group[usize::from(a)] && !self.group[usize::from(b)] {
            return;
        }
        let index = pair(a, b);
        let list = &mut self.full[index];
        if list.len() >= FULL_LIMIT || list.iter().any(|&known| known & !carrier == 0) {
            return;
        }
        if list.is_empty() && self.semi[index].is_empty() {
            self.touched.push(index);
        }
        list.push(carrier);
        self.partners[usize::from(a)] |= 1 << b;
        self.partners[usize::from(b)] |= 1 << a;
        self.queue.push((a, b, carrier));
    }

    /// Records a semi connection unless it is implied by a known one, then tries the OR rule.
    fn add_semi(&mut self, a: u8, b: u8, carrier: u128, key: u8) {
        if a == b {
            return;
        }
        let index = pair(a, b);
        if self.full[index].iter().any(|&known| known & !carrier == 0) {
            return;
        }
        let list = &mut self.semi[index];
        if list.len() >= SEMI_LIMIT || list.iter().any(|&(known, _)| known & !carrier == 0) {
            return;
        }
        if list.is_empty() && self.full[index].is_empty() {
            self.touched.push(index);
        }
        list.push((carrier, key));
        // OR: from the new semi, take in every known one that narrows the common cells.
        let (mut common, mut union) = (carrier, carrier);
        for &(other, _) in list.iter() {
            if other & common != common {
                common &= other;
                union |= other;
                if common == 0 {
                    self.add_full(a, b, union, false);
                    return;
                }
            }
        }
    }
}

fn pair(a: u8, b: u8) -> usize {
    let (a, b) = if a < b { (a, b) } else { (b, a) };
    usize::from(a) * MAX_POINTS + usize::from(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell};
    use crate::connections::tests::{nearly_full, wins_by_minimax};

    fn cells(bits: u128) -> Vec<Cell> {
        (0..CELLS).filter(|&c| bits >> c & 1 == 1).map(Cell::from_index).collect()
    }

    #[test]
    fn a_lone_stone_on_the_third_row_holds_the_ziggurat_and_a_bridge_chain_is_full() {
        // Red e3 (third row from the top): the ziggurat joins it to the top; not to the bottom.
        let mut board = Board::new();
        board.set("e3".parse().unwrap(), Some(Color::Red));
        let mut search = HSearch::new();
        let geometry = Geometry::new();
        let position = Position::new(&board, Color::Blue);
        assert_eq!(search.side_connections(&position, &geometry, Color::Red).full, None);
        // A chain of bridges from the top to the bottom: full.
        for (row, col) in [(1, 5), (3, 4), (5, 3), (7, 2), (9, 1)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Red));
        }
        let position = Position::new(&board, Color::Blue);
        let found = search.side_connections(&position, &geometry, Color::Red);
        assert!(found.full.is_some(), "{found:?}");
        // Minus one stone in the middle (d6 empty, 2 rows gap): red to move has a semi at least.
        board.set(Cell::new(5, 3).unwrap(), None);
        let position = Position::new(&board, Color::Red);
        let found = search.side_connections(&position, &geometry, Color::Red);
        assert!(found.full.is_some() || !found.semis.is_empty(), "{found:?}");
    }

    /// Every connection found holds under exhaustive play on nearly full random boards: a full one
    /// wins with the opponent to move, a semi's key wins with the colour to move, and every
    /// opponent move outside the mustplay loses. Asserts that enough of each were found to mean
    /// something.
    #[test]
    fn side_connections_hold_under_exhaustive_play() {
        let (mut fulls, mut semis, mut pruned) = (0, 0, 0);
        let mut search = HSearch::new();
        let geometry = Geometry::new();
        for seed in 0..1500u64 {
            let empty = 6 + (seed % 4) as usize;
            let Some(mut board) = nearly_full(seed, empty) else { continue };
            for color in [Color::Red, Color::Blue] {
                let position = Position::new(&board, color.opponent());
                let found = search.side_connections(&position, &geometry, color);
                if let Some(carrier) = found.full {
                    fulls += 1;
                    assert!(wins_by_minimax(&mut board, color.opponent(), color), "full {:?}", cells(carrier));
                    continue;
                }
                for &(carrier, key) in &found.semis {
                    semis += 1;
                    let key = Cell::from_index(key);
                    board.set(key, Some(color));
                    let won = wins_by_minimax(&mut board, color.opponent(), color);
                    board.set(key, None);
                    assert!(won, "semi key {key} carrier {:?}", cells(carrier));
                }
                if let Some(must) = found.mustplay() {
                    for cell in board.empty_cells().collect::<Vec<_>>() {
                        if must >> cell.index() & 1 == 0 {
                            pruned += 1;
                            board.set(cell, Some(color.opponent()));
                            let won = wins_by_minimax(&mut board, color, color);
                            board.set(cell, None);
                            assert!(won, "outside the mustplay {cell}");
                        }
                    }
                }
            }
        }
        assert!(fulls >= 100 && semis >= 100 && pruned >= 100, "{fulls} {semis} {pruned}");
    }

    /// The time a call takes on random positions of 10 to 70 stones (`cargo test --release -p hex
    /// --lib h_search_time -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn h_search_time() {
        let mut search = HSearch::new();
        let geometry = Geometry::new();
        for stones in [10, 20, 30, 40, 50, 60, 70] {
            let positions: Vec<Position> = (0..200u64)
                .map(|seed| crate::position::tests::random_game(seed, stones))
                .filter(|game| game.winner().is_none())
                .map(|game| Position::new(game.board(), game.to_move()))
                .collect();
            let start = std::time::Instant::now();
            let mut found = 0;
            for position in &positions {
                for color in [Color::Red, Color::Blue] {
                    let c = search.side_connections(position, &geometry, color);
                    found += usize::from(c.full.is_some() || !c.semis.is_empty());
                }
            }
            let each = start.elapsed().as_secs_f64() * 1e6 / (2 * positions.len()) as f64;
            println!("{stones} stones: {each:.0} us a call, {found} of {} with a connection", 2 * positions.len());
        }
    }
}
