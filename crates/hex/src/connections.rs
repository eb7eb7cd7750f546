//! Virtual connections: bridges and the edge templates II (a bridge to a side) and IIIa (the
//! ziggurat) joining a colour's groups, the proofs and mustplay regions they give, and the cells
//! that win at once.

use crate::board::{Color, CELLS};
use crate::geometry::{sides, Geometry, NODES, TOP};
use crate::position::{neighbour_bits, stone, Position, UnionFind, EMPTY};

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
    // Only an empty cell touching one of the colour's stones can carry its bridge (a bridge's
    // carriers touch both its ends, and at most one end is a side): those cells in order, from a
    // bit set.
    let mut cells = neighbour_bits(position.stone_bits(stone(color))) & position.stone_bits(EMPTY);
    let touching = std::iter::from_fn(move || {
        (cells != 0).then(|| {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            cell
        })
    });
    bridge_links_through(position, geometry, color, touching)
}

/// [`bridge_links`] with the bridges' carriers looked for at `cells` (empty cells, in increasing
/// order, every carrier of the colour's bridges among them).
fn bridge_links_through(
    position: &Position,
    geometry: &Geometry,
    color: Color,
    cells: impl Iterator<Item = usize>,
) -> BridgeLinks {
    let mut loose = UnionFind::groups(position, geometry, color);
    let mut strict = loose.clone();
    let mut used = [false; CELLS];
    let mut carrier = NODES;
    let own = stone(color);
    let (a, b) = sides(color);
    for cell in cells {
        let ring = &geometry.rings[cell];
        let mut slots = position.bridge_slots(geometry, cell, color);
        while slots != 0 {
            let i = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            // Each pair of adjacent empty carriers once: the other carrier has the larger index.
            let other = ring[i];
            if other > cell {
                let (a, b) = (ring[(i + 5) % 6], ring[(i + 1) % 6]);
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
///
/// As bit sets (bit `cell`): the stones of the group of each side, found once each, their
/// neighbours (and the cells beside the side nodes in the group) touch it; the cells in order
/// from the bits, instead of a union-find lookup for every stone around every empty cell.
pub fn winning_cells(position: &Position, geometry: &Geometry, color: Color) -> Vec<usize> {
    let mut uf = UnionFind::groups(position, geometry, color);
    let (a, b) = sides(color);
    let (ra, rb) = (uf.find(a), uf.find(b));
    let own = stone(color);
    let (mut group_a, mut group_b) = (0u128, 0u128);
    let mut stones = position.stone_bits(own);
    while stones != 0 {
        let cell = stones.trailing_zeros() as usize;
        stones &= stones - 1;
        let root = uf.find(cell);
        group_a |= u128::from(root == ra) << cell;
        group_b |= u128::from(root == rb) << cell;
    }
    let (mut touch_a, mut touch_b) = (neighbour_bits(group_a), neighbour_bits(group_b));
    for side in [a, b] {
        let root = uf.find(side);
        let beside = geometry.side_cells[side - TOP];
        touch_a |= if root == ra { beside } else { 0 };
        touch_b |= if root == rb { beside } else { 0 };
    }
    let mut wins = Vec::new();
    let mut cells = touch_a & touch_b & position.stone_bits(EMPTY);
    while cells != 0 {
        wins.push(cells.trailing_zeros() as usize);
        cells &= cells - 1;
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell};
    use proptest::prelude::*;

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
    /// Whether `color` wins `board` with `to_move` to play, by plain minimax over the empty cells.
    fn wins_by_minimax(board: &mut Board, to_move: Color, color: Color) -> bool {
        if board.connects(color) {
            return true;
        }
        if board.connects(color.opponent()) {
            return false;
        }
        let empty: Vec<Cell> = board.empty_cells().collect();
        let outcome = |cell: Cell, board: &mut Board| {
            board.set(cell, Some(to_move));
            let won = wins_by_minimax(board, to_move.opponent(), color);
            board.set(cell, None);
            won
        };
        if to_move == color {
            empty.iter().any(|&cell| outcome(cell, board))
        } else {
            empty.iter().all(|&cell| outcome(cell, board))
        }
    }

    /// A random position with `empty` empty cells left and no winner yet, if the random game
    /// gets there.
    fn nearly_full(seed: u64, empty: usize) -> Option<Board> {
        let game = crate::position::tests::random_game(seed, CELLS - empty);
        (game.winner().is_none() && game.board().empty_cells().count() == empty).then(|| game.board().clone())
    }

    #[test]
    fn bridge_proofs_survive_every_intrusion() {
        // Exhaustive check on nearly full boards: whenever the disjoint-carrier links join a
        // colour's sides, that colour wins even with the opponent to move, and playing the
        // reported carrier cell keeps the win.
        let geometry = Geometry::new();
        let mut proofs = 0;
        for seed in 0..3000 {
            let Some(mut board) = nearly_full(seed, 8 + (seed % 3) as usize) else { continue };
            for color in [Color::Red, Color::Blue] {
                let position = Position::new(&board, color.opponent());
                let links = bridge_links(&position, &geometry, color);
                let Some(carrier) = links.proof else {
                    continue;
                };
                proofs += 1;
                assert!(links.loose);
                assert!(wins_by_minimax(&mut board, color.opponent(), color), "seed {seed} {color}");
                if carrier < CELLS {
                    let cell = Cell::from_index(carrier);
                    assert_eq!(board.get(cell), None);
                    board.set(cell, Some(color));
                    assert!(
                        wins_by_minimax(&mut board, color.opponent(), color),
                        "seed {seed} {color} {cell}"
                    );
                    board.set(cell, None);
                }
            }
        }
        assert!(proofs >= 50, "only {proofs} positions with a proof");
    }

    /// [`bridge_links`] as it was before its bit set of the cells touching the colour: every
    /// empty cell in order.
    fn plain_bridge_links(position: &Position, geometry: &Geometry, color: Color) -> BridgeLinks {
        let empty = (0..CELLS).filter(|&cell| position.nodes[cell] == EMPTY);
        bridge_links_through(position, geometry, color, empty)
    }

    /// The bridge links over the cells touching the colour are the plain walk's over every empty
    /// cell (the greedy disjoint carriers included), both colours, random positions.
    #[test]
    fn bridge_links_are_the_plain_walk() {
        let geometry = Geometry::new();
        let (mut loose, mut proofs) = (0, 0);
        for seed in 0..2000 {
            let game = crate::position::tests::random_game(seed, (seed % 121) as usize);
            let position = Position::new(game.board(), game.to_move());
            for color in [Color::Red, Color::Blue] {
                let fast = bridge_links(&position, &geometry, color);
                assert_eq!(fast, plain_bridge_links(&position, &geometry, color), "seed {seed} {color}");
                loose += usize::from(fast.loose);
                proofs += usize::from(fast.proof.is_some());
            }
        }
        assert!(loose > 300 && proofs > 100, "{loose} {proofs}");
    }

    /// [`winning_cells`] as it was before its bit sets: every empty cell's ring, stone by stone.
    fn plain_winning_cells(position: &Position, geometry: &Geometry, color: Color) -> Vec<usize> {
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

    /// The bit-set winning cells are the plain ring walk's for both colours, in random positions
    /// of every fill (those with a winner included); many have some.
    #[test]
    fn winning_cells_are_the_plain_walk() {
        let geometry = Geometry::new();
        let mut found = 0;
        for seed in 0..2000 {
            let game = crate::position::tests::random_game(seed, (seed % 121) as usize);
            let position = Position::new(game.board(), game.to_move());
            for color in [Color::Red, Color::Blue] {
                let fast = winning_cells(&position, &geometry, color);
                assert_eq!(fast, plain_winning_cells(&position, &geometry, color), "seed {seed} {color}");
                found += usize::from(!fast.is_empty());
            }
        }
        assert!(found > 300, "only {found}");
    }

    proptest! {
        #[test]
        fn winning_cells_match_the_rules(seed in any::<u64>(), stones in 0usize..121) {
            let geometry = Geometry::new();
            let game = crate::position::tests::random_game(seed, stones);
            let position = Position::new(game.board(), game.to_move());
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
