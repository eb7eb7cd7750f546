//! The board's shape as the bot sees it: the node numbering (the cells, then the four sides), each
//! cell's ring of six neighbour nodes (a step off the board lands on the side node it crosses), its
//! bridges and the edge templates' placements, built once. Pure shape, no stones: derived from the
//! rules in [`crate::board`] (its [`DIRECTIONS`]).

use crate::board::{Cell, Color, CELLS, DIRECTIONS, SIZE};

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
/// The neighbour rings, bridges and edge templates, built once.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// `rings[cell]`: neighbour nodes clockwise.
    pub rings: Vec<[usize; 6]>,
    /// `bridges[cell]`: `(partner, carrier, carrier)` for each bridge from the cell: the partner
    /// node (a cell, or a side for the edge template II) shares exactly the two carriers with it.
    pub bridges: Vec<Vec<(usize, usize, usize)>>,
    /// Every placement of the edge template IIIa (the ziggurat).
    pub ziggurats: Vec<Ziggurat>,
    /// `side_cells[side - TOP]`: the cells whose ring holds that side node, as a bit set (bit
    /// `cell`).
    pub side_cells: [u128; 4],
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
        let mut side_cells = [0u128; 4];
        for (cell, ring) in rings.iter().enumerate() {
            for &n in ring.iter().filter(|&&n| n >= CELLS) {
                side_cells[n - TOP] |= 1 << cell;
            }
        }
        Geometry { rings, bridges, ziggurats: ziggurats(), side_cells }
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
pub fn ziggurats() -> Vec<Ziggurat> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
