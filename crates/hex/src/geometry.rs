//! The bot's fast board: cells as bytes, the four board sides as extra always-owned nodes, neighbour
//! rings, union-find connectivity and the dead-cell pattern table. Everything here is derived from the
//! rules in [`crate::board`] (its [`DIRECTIONS`] and side ownership), never restated.

use crate::board::{Board, Cell, Color, CELLS, DIRECTIONS, SIZE};

/// Node index of the top side (red's).
pub const TOP: usize = CELLS;
/// Node index of the bottom side (red's).
pub const BOTTOM: usize = CELLS + 1;
/// Node index of the left side (blue's).
pub const LEFT: usize = CELLS + 2;
/// Node index of the right side (blue's).
pub const RIGHT: usize = CELLS + 3;
/// Cells plus the four sides.
pub const NODES: usize = CELLS + 4;

/// Node contents: empty, or the stone byte of [`stone`].
pub const EMPTY: u8 = 0;

/// The byte for a colour's stones: 1 red, 2 blue.
pub fn stone(color: Color) -> u8 {
    color.index() as u8 + 1
}

/// The two side nodes a colour joins.
pub fn sides(color: Color) -> (usize, usize) {
    match color {
        Color::Red => (TOP, BOTTOM),
        Color::Blue => (LEFT, RIGHT),
    }
}

/// A cell's six neighbours as node indices in [`DIRECTIONS`] order (clockwise); a step off the board
/// lands on the side node it crosses (top/bottom checked first, so corners belong to the row sides
/// in the directions that leave through a row).
pub fn ring_of(cell: Cell) -> [usize; 6] {
    let mut ring = [0; 6];
    for (slot, &(dr, dc)) in ring.iter_mut().zip(DIRECTIONS.iter()) {
        let (r, c) = (cell.row() as isize + dr, cell.col() as isize + dc);
        *slot = match cell.step((dr, dc)) {
            Some(next) => next.index(),
            None if r < 0 => TOP,
            None if r >= SIZE as isize => BOTTOM,
            None if c < 0 => LEFT,
            None => RIGHT,
        };
    }
    ring
}

/// Whether a cell whose ring holds `states` (0 empty, 1 red, 2 blue; sides as their owner's stones)
/// is useless to colour byte `x`: every two neighbours `x` might join through the cell are already
/// joined around the ring through `x`'s stones, so any `x` chain through the cell can be rerouted.
fn useless_for(states: &[u8; 6], x: u8) -> bool {
    let open = |i: usize| states[i] == EMPTY || states[i] == x;
    for a in 0..6 {
        for b in a + 1..6 {
            if !open(a) || !open(b) {
                continue;
            }
            let clockwise = (a + 1..b).all(|i| states[i] == x);
            let anticlockwise = (b + 1..a + 6).all(|i| states[i % 6] == x);
            if !clockwise && !anticlockwise {
                return false;
            }
        }
    }
    true
}

/// For each of the 3^6 ring patterns (`sum states[i] * 3^i`), whether the centre cell is dead: its
/// colour cannot change who wins. A cell useless to one player is dead, because on a full Hex board
/// exactly one player is connected, so if one player's connection never depends on the cell, the
/// result never does.
#[derive(Clone, Debug)]
pub struct DeadTable {
    dead: Vec<bool>,
}

impl Default for DeadTable {
    fn default() -> Self {
        DeadTable::new()
    }
}

impl DeadTable {
    /// Builds the table by checking every pattern.
    pub fn new() -> DeadTable {
        let dead = (0..729)
            .map(|mut code: usize| {
                let mut states = [0u8; 6];
                for state in states.iter_mut() {
                    *state = (code % 3) as u8;
                    code /= 3;
                }
                useless_for(&states, 1) || useless_for(&states, 2)
            })
            .collect();
        DeadTable { dead }
    }

    /// Whether pattern `code` makes the centre dead.
    pub fn is_dead(&self, code: usize) -> bool {
        self.dead[code]
    }
}

/// The edge template IIIa: a stone on the third row from a side, connected to it through eight
/// empty cells (two on its row, three on the second, four on the first) whatever the opponent does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ziggurat {
    pub stone: usize,
    pub side: usize,
    pub carrier: [usize; 8],
}

/// All ziggurats: both mirror forms at the top side, carried to the other sides by the board's
/// symmetries (half turn: bottom; the swap mirror: left and right).
fn ziggurats() -> Vec<Ziggurat> {
    let last = SIZE as isize - 1;
    let mut list = Vec::new();
    for c in 0..SIZE as isize {
        // (row, col) offsets of the carrier around the stone at (2, c), for the two mirror forms.
        let forms: [[(isize, isize); 8]; 2] = [
            [(2, c + 1), (1, c), (1, c + 1), (1, c + 2), (0, c), (0, c + 1), (0, c + 2), (0, c + 3)],
            [(2, c - 1), (1, c - 1), (1, c), (1, c + 1), (0, c - 1), (0, c), (0, c + 1), (0, c + 2)],
        ];
        for form in forms {
            if form.iter().any(|&(_, col)| col < 0 || col > last) {
                continue;
            }
            type Map = fn(isize, isize, isize) -> (isize, isize);
            let maps: [(usize, Map); 4] = [
                (TOP, |r, c, _| (r, c)),
                (BOTTOM, |r, c, l| (l - r, l - c)),
                (LEFT, |r, c, _| (c, r)),
                (RIGHT, |r, c, l| (l - c, l - r)),
            ];
            for (side, map) in maps {
                let at = |(r, c): (isize, isize)| {
                    let (r, c) = map(r, c, last);
                    r as usize * SIZE + c as usize
                };
                let mut carrier = [0; 8];
                for (slot, &offset) in carrier.iter_mut().zip(form.iter()) {
                    *slot = at(offset);
                }
                list.push(Ziggurat { stone: at((2, c)), side, carrier });
            }
        }
    }
    list
}

/// The neighbour rings and the dead-cell table, built once.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// `rings[cell]`: neighbour nodes clockwise.
    pub rings: Vec<[usize; 6]>,
    /// `bridges[cell]`: `(partner, carrier, carrier)` for each bridge from the cell: the partner
    /// node (a cell, or a side for the edge template II) shares exactly the two carriers with it.
    pub bridges: Vec<Vec<(usize, usize, usize)>>,
    /// Every placement of the edge template IIIa (the ziggurat).
    pub ziggurats: Vec<Ziggurat>,
    /// `pairs[cell][..pair_counts[cell]]`: for each neighbour cell `other` of `cell`, `[other, a, b]`
    /// with `a`, `b` the two nodes adjacent to both (the ring neighbours on either side of `other`):
    /// `cell` and `other` are the carrier of a bridge between `a` and `b`. The playouts' hot loop.
    pairs: Vec<[[u8; 3]; 6]>,
    pair_counts: Vec<u8>,
    pub dead: DeadTable,
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::new()
    }
}

impl Geometry {
    pub fn new() -> Geometry {
        let rings: Vec<[usize; 6]> = Cell::all().map(ring_of).collect();
        let bridges = (0..CELLS)
            .map(|cell| {
                let ring = rings[cell];
                (0..6)
                    .filter_map(|i| {
                        let (a, b) = (ring[i], ring[(i + 1) % 6]);
                        if a >= CELLS || b >= CELLS {
                            return None;
                        }
                        let partner =
                            rings[a].iter().copied().find(|&n| n != cell && rings[b].contains(&n))?;
                        Some((partner, a, b))
                    })
                    .collect()
            })
            .collect();
        let mut pairs = vec![[[0u8; 3]; 6]; CELLS];
        let mut pair_counts = vec![0u8; CELLS];
        for cell in 0..CELLS {
            let ring = rings[cell];
            for i in 0..6 {
                if ring[i] < CELLS {
                    let slot = usize::from(pair_counts[cell]);
                    pairs[cell][slot] = [ring[i] as u8, ring[(i + 5) % 6] as u8, ring[(i + 1) % 6] as u8];
                    pair_counts[cell] += 1;
                }
            }
        }
        Geometry { rings, bridges, ziggurats: ziggurats(), pairs, pair_counts, dead: DeadTable::new() }
    }
}

impl Geometry {
    /// The bridge carrier pairs through `cell` (see the `pairs` field).
    #[inline]
    pub fn carrier_pairs(&self, cell: usize) -> &[[u8; 3]] {
        &self.pairs[cell][..usize::from(self.pair_counts[cell])]
    }
}

/// The fast position: one byte per node (sides pre-filled with their owners) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub nodes: [u8; NODES],
    pub to_move: Color,
}

impl Position {
    /// The position of a rules board with `to_move` to play.
    pub fn new(board: &Board, to_move: Color) -> Position {
        let mut nodes = [EMPTY; NODES];
        for cell in Cell::all() {
            nodes[cell.index()] = board.get(cell).map_or(EMPTY, stone);
        }
        nodes[TOP] = stone(Color::Red);
        nodes[BOTTOM] = stone(Color::Red);
        nodes[LEFT] = stone(Color::Blue);
        nodes[RIGHT] = stone(Color::Blue);
        Position { nodes, to_move }
    }

    /// Places a stone of the side to move on `cell` and passes the turn.
    pub fn play(&mut self, cell: usize) {
        debug_assert_eq!(self.nodes[cell], EMPTY);
        self.nodes[cell] = stone(self.to_move);
        self.to_move = self.to_move.opponent();
    }

    /// The ring pattern code of `cell` (see [`DeadTable`]).
    pub fn pattern(&self, geometry: &Geometry, cell: usize) -> usize {
        geometry.rings[cell].iter().rev().fold(0, |code, &n| code * 3 + usize::from(self.nodes[n]))
    }

    /// The winner of a full board (every cell occupied): red iff red's stones join top and bottom.
    ///
    /// # Complexity
    /// O(CELLS): one flood fill.
    pub fn full_board_winner(&self, geometry: &Geometry) -> Color {
        if self.connects(geometry, Color::Red) {
            Color::Red
        } else {
            Color::Blue
        }
    }

    /// Whether `color` joins its sides (any board, full or not).
    #[allow(clippy::needless_range_loop)] // `cell` indexes three arrays
    pub fn connects(&self, geometry: &Geometry, color: Color) -> bool {
        let own = stone(color);
        let (start, goal) = sides(color);
        let mut seen = [false; NODES];
        let mut stack = [0usize; NODES];
        let mut len = 0;
        seen[start] = true;
        for cell in 0..CELLS {
            if self.nodes[cell] == own && geometry.rings[cell].contains(&start) {
                seen[cell] = true;
                stack[len] = cell;
                len += 1;
            }
        }
        while len > 0 {
            len -= 1;
            let cell = stack[len];
            for &next in &geometry.rings[cell] {
                if next == goal {
                    return true;
                }
                if next < CELLS && !seen[next] && self.nodes[next] == own {
                    seen[next] = true;
                    stack[len] = next;
                    len += 1;
                }
            }
        }
        false
    }
}

/// Disjoint sets over the nodes (cells and sides), with path halving.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: [u8; NODES],
}

impl UnionFind {
    /// The groups of `color`: its stones joined through adjacency, and to its own sides.
    ///
    /// # Complexity
    /// O(CELLS * 6 * α).
    pub fn groups(position: &Position, geometry: &Geometry, color: Color) -> UnionFind {
        let mut uf = UnionFind { parent: [0; NODES] };
        for (i, p) in uf.parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        let own = stone(color);
        for cell in 0..CELLS {
            if position.nodes[cell] != own {
                continue;
            }
            for &next in &geometry.rings[cell] {
                if position.nodes[next] == own {
                    uf.union(cell, next);
                }
            }
        }
        uf
    }

    /// The representative of `node`'s set.
    pub fn find(&mut self, mut node: usize) -> usize {
        while usize::from(self.parent[node]) != node {
            let grand = self.parent[usize::from(self.parent[node])];
            self.parent[node] = grand;
            node = usize::from(grand);
        }
        node
    }

    /// Joins the sets of `a` and `b`.
    pub fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b as u8;
        }
    }
}

/// How `color` connects its sides when bridges count as links: two of its nodes (stones or its
/// sides) sharing two adjacent empty neighbours can always be joined, whichever of the two the
/// opponent takes (with a side as one end this is the edge template II).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BridgeLinks {
    /// Joined when every bridge counts, even bridges sharing a carrier cell.
    pub loose: bool,
    /// Joined through bridges with pairwise disjoint carriers (picked greedily): a proof that
    /// `color` wins, since it can answer every intrusion into one bridge in that same bridge.
    /// Holds a carrier cell of one such bridge (a safe move to play), or `NODES` if none was needed.
    pub proof: Option<usize>,
}

/// The [`BridgeLinks`] of `color`.
///
/// # Complexity
/// O(CELLS * 6 * α).
pub fn bridge_links(position: &Position, geometry: &Geometry, color: Color) -> BridgeLinks {
    let mut loose = UnionFind::groups(position, geometry, color);
    let mut strict = loose.clone();
    let mut used = [false; CELLS];
    let mut carrier = NODES;
    let own = stone(color);
    for cell in 0..CELLS {
        if position.nodes[cell] != EMPTY {
            continue;
        }
        let ring = &geometry.rings[cell];
        for i in 0..6 {
            // Each pair of adjacent empty carriers once: the other carrier has the larger index.
            let other = ring[i];
            if other < CELLS && other > cell && position.nodes[other] == EMPTY {
                let (a, b) = (ring[(i + 5) % 6], ring[(i + 1) % 6]);
                if position.nodes[a] == own && position.nodes[b] == own {
                    loose.union(a, b);
                    if !used[cell] && !used[other] && strict.find(a) != strict.find(b) {
                        strict.union(a, b);
                        used[cell] = true;
                        used[other] = true;
                        carrier = cell;
                    }
                }
            }
        }
    }
    let (a, b) = sides(color);
    for template in &geometry.ziggurats {
        if position.nodes[template.stone] != own
            || (template.side != a && template.side != b)
            || template.carrier.iter().any(|&c| position.nodes[c] != EMPTY)
        {
            continue;
        }
        loose.union(template.stone, template.side);
        if template.carrier.iter().all(|&c| !used[c])
            && strict.find(template.stone) != strict.find(template.side)
        {
            strict.union(template.stone, template.side);
            for &c in &template.carrier {
                used[c] = true;
            }
            carrier = template.carrier[0];
        }
    }
    BridgeLinks {
        loose: loose.find(a) == loose.find(b),
        proof: if strict.find(a) == strict.find(b) { Some(carrier) } else { None },
    }
}

/// Whether `color` is [`BridgeLinks::loose`]ly connected.
pub fn bridge_connected(position: &Position, geometry: &Geometry, color: Color) -> bool {
    bridge_links(position, geometry, color).loose
}

/// The cells that are a carrier of some bridge or ziggurat of `color` (see [`bridge_links`]): the
/// only cells where an opponent stone can break such a connection.
pub fn bridge_carriers(position: &Position, geometry: &Geometry, color: Color) -> Vec<usize> {
    let own = stone(color);
    let (a, b) = sides(color);
    let mut in_template = [false; CELLS];
    for template in &geometry.ziggurats {
        if position.nodes[template.stone] == own
            && (template.side == a || template.side == b)
            && template.carrier.iter().all(|&c| position.nodes[c] == EMPTY)
        {
            for &c in &template.carrier {
                in_template[c] = true;
            }
        }
    }
    (0..CELLS)
        .filter(|&cell| {
            in_template[cell]
                || position.nodes[cell] == EMPTY && {
                    let ring = &geometry.rings[cell];
                    (0..6).any(|i| {
                        let other = ring[i];
                        other < CELLS
                            && position.nodes[other] == EMPTY
                            && position.nodes[ring[(i + 5) % 6]] == own
                            && position.nodes[ring[(i + 1) % 6]] == own
                    })
                }
        })
        .collect()
}

/// The empty cells where `color` wins at once: cells touching a group on each of its sides.
pub fn winning_cells(position: &Position, geometry: &Geometry, color: Color) -> Vec<usize> {
    let mut uf = UnionFind::groups(position, geometry, color);
    let (a, b) = sides(color);
    let (ra, rb) = (uf.find(a), uf.find(b));
    let own = stone(color);
    let mut wins = Vec::new();
    for cell in 0..CELLS {
        if position.nodes[cell] != EMPTY {
            continue;
        }
        let (mut touches_a, mut touches_b) = (false, false);
        for &next in &geometry.rings[cell] {
            if position.nodes[next] == own {
                let root = uf.find(next);
                touches_a |= root == ra;
                touches_b |= root == rb;
            }
        }
        if touches_a && touches_b {
            wins.push(cell);
        }
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Game, Move};
    use proptest::prelude::*;

    /// Plain check of deadness by brute force on the real board: a cell is dead if, for every way
    /// to fill the other empty cells of a small window... too big in general, so we check the local
    /// claim instead: in a random position, filling a table-dead cell with either colour never
    /// changes the winner of random completions.
    fn winner_after_fill(board: &Board, order: &[Cell], first: Color) -> Option<Color> {
        let mut game = Game::from_position(board.clone(), first);
        for &cell in order {
            if game.board().get(cell).is_none() {
                let mut b = game.board().clone();
                b.set(cell, Some(game.to_move()));
                game = Game::from_position(b, game.to_move().opponent());
            }
        }
        game.winner()
    }

    #[test]
    fn rings_follow_the_rules() {
        let geometry = Geometry::new();
        for cell in Cell::all() {
            let ring = geometry.rings[cell.index()];
            let cells: Vec<usize> = ring.iter().copied().filter(|&n| n < CELLS).collect();
            let expected: Vec<usize> = cell.neighbours().map(Cell::index).collect();
            assert_eq!(cells, expected);
        }
        assert_eq!(geometry.rings[0], [TOP, TOP, 1, SIZE, LEFT, LEFT]);
        // d5 = (4, 3): bridges to (2, 4), (3, 5), (5, 4), (6, 2), (5, 1), (3, 2); b2 also to the top.
        let d5 = Cell::new(4, 3).unwrap().index();
        let mut partners: Vec<usize> = geometry.bridges[d5].iter().map(|b| b.0).collect();
        partners.sort_unstable();
        assert_eq!(
            partners,
            [2 * SIZE + 4, 3 * SIZE + 2, 3 * SIZE + 5, 5 * SIZE + 1, 5 * SIZE + 4, 6 * SIZE + 2]
        );
        let b2 = Cell::new(1, 1).unwrap().index();
        assert!(geometry.bridges[b2].iter().any(|&(p, a, b)| p == TOP && a == 1 && b == 2));
        for (cell, list) in geometry.bridges.iter().enumerate() {
            for &(partner, a, b) in list {
                assert!(geometry.rings[a].contains(&b) && geometry.rings[a].contains(&partner));
                assert!(geometry.rings[b].contains(&partner) && !geometry.rings[cell].contains(&partner));
            }
        }
    }

    #[test]
    fn dead_table_basics() {
        let table = DeadTable::new();
        assert!(!table.is_dead(0), "an empty ring is alive");
        // Four consecutive red neighbours: dead.
        assert!(table.is_dead(1 + 3 + 9 + 27));
        // Surrounded by blue: dead.
        assert!(table.is_dead(2 * (1 + 3 + 9 + 27 + 81 + 243)));
        // Red on two opposite sides (0 and 3), rest empty: a red connector, alive.
        assert!(!table.is_dead(1 + 27));
    }

    /// Whether the owner of `stone` connects it to `side` through the carrier when the opponent
    /// moves first inside the carrier (plain minimax over the carrier cells).
    fn holds(
        geometry: &Geometry,
        stone: usize,
        side: usize,
        carrier: &[usize],
        owner: &mut Vec<usize>,
        taken: &mut Vec<usize>,
    ) -> bool {
        let free: Vec<usize> =
            carrier.iter().copied().filter(|c| !owner.contains(c) && !taken.contains(c)).collect();
        let connected = |owner: &Vec<usize>| {
            let mut seen = vec![stone];
            let mut i = 0;
            while i < seen.len() {
                for &n in &geometry.rings[seen[i]] {
                    if n == side {
                        return true;
                    }
                    if n < CELLS && owner.contains(&n) && !seen.contains(&n) {
                        seen.push(n);
                    }
                }
                i += 1;
            }
            false
        };
        if connected(owner) {
            return true;
        }
        if free.is_empty() {
            return false;
        }
        free.iter().all(|&intrusion| {
            taken.push(intrusion);
            let rest: Vec<usize> = free.iter().copied().filter(|&c| c != intrusion).collect();
            let saved = rest.iter().any(|&answer| {
                owner.push(answer);
                let ok = holds(geometry, stone, side, carrier, owner, taken);
                owner.pop();
                ok
            }) || (rest.is_empty() && connected(owner));
            taken.pop();
            saved
        })
    }

    #[test]
    fn every_ziggurat_is_a_virtual_connection() {
        let geometry = Geometry::new();
        // 2 forms, 8 stone columns each, times 4 sides.
        assert_eq!(geometry.ziggurats.len(), 4 * (8 + 8));
        for template in &geometry.ziggurats {
            assert!(
                holds(
                    &geometry,
                    template.stone,
                    template.side,
                    &template.carrier,
                    &mut Vec::new(),
                    &mut Vec::new()
                ),
                "{template:?}"
            );
            // And no smaller carrier would do: dropping any one cell breaks it.
            for drop in 0..8 {
                let smaller: Vec<usize> =
                    template.carrier.iter().copied().filter(|&c| c != template.carrier[drop]).collect();
                assert!(!holds(
                    &geometry,
                    template.stone,
                    template.side,
                    &smaller,
                    &mut Vec::new(),
                    &mut Vec::new()
                ));
            }
        }
    }

    proptest! {
        #[test]
        fn dead_cells_never_matter(seed in any::<u64>(), stones in 20usize..90) {
            let geometry = Geometry::new();
            let mut rng = seed | 1;
            let mut next = || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
            let mut board = Board::new();
            for _ in 0..stones {
                let cell = Cell::from_index((next() % CELLS as u64) as usize);
                let color = if next() % 2 == 0 { Color::Red } else { Color::Blue };
                board.set(cell, Some(color));
            }
            prop_assume!(board.winner().is_none());
            let position = Position::new(&board, Color::Red);
            for cell in Cell::all() {
                if board.get(cell).is_some() || !geometry.dead.is_dead(position.pattern(&geometry, cell.index())) {
                    continue;
                }
                for _ in 0..4 {
                    let mut order: Vec<Cell> = Cell::all().collect();
                    for i in (1..order.len()).rev() {
                        order.swap(i, (next() % (i as u64 + 1)) as usize);
                    }
                    let mut red = board.clone();
                    red.set(cell, Some(Color::Red));
                    let mut blue = board.clone();
                    blue.set(cell, Some(Color::Blue));
                    prop_assert_eq!(winner_after_fill(&red, &order, Color::Red), winner_after_fill(&blue, &order, Color::Red));
                }
            }
        }

        #[test]
        fn fast_win_detection_matches_rules(seed in any::<u64>(), stones in 0usize..121) {
            let geometry = Geometry::new();
            let mut rng = seed | 1;
            let mut next = || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
            let mut game = Game::new();
            for _ in 0..stones {
                let moves = game.legal_moves();
                if moves.is_empty() { break; }
                let mv = moves[(next() % moves.len() as u64) as usize];
                if mv == Move::Swap { continue; }
                game.play(mv).unwrap();
            }
            let position = Position::new(game.board(), game.to_move());
            for color in [Color::Red, Color::Blue] {
                prop_assert_eq!(position.connects(&geometry, color), game.board().connects(color));
            }
            if game.winner().is_none() {
                let color = game.to_move();
                let fast = winning_cells(&position, &geometry, color);
                let plain: Vec<usize> = game.board().empty_cells().filter(|&c| {
                    let mut b = game.board().clone();
                    b.set(c, Some(color));
                    b.connects(color)
                }).map(Cell::index).collect();
                prop_assert_eq!(fast, plain);
            }
        }
    }
}
