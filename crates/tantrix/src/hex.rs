//! Hex cells and the six directions between them.
//!
//! Hexes are flat-topped: an edge faces straight up. Directions are numbered clockwise from that
//! top edge, which is also the order of the letters in a tile string. In the axial coordinates of the
//! input, `y` grows upwards and `x` grows to the upper right.

/// One of the six edges of a hex, numbered clockwise from the top edge (0 = up, 1 = upper right,
/// 2 = lower right, 3 = down, 4 = lower left, 5 = upper left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction(u8);

impl Direction {
    /// All six directions, clockwise from up.
    pub const ALL: [Direction; 6] =
        [Direction(0), Direction(1), Direction(2), Direction(3), Direction(4), Direction(5)];

    /// The direction with number `index` (taken modulo 6).
    pub fn new(index: usize) -> Direction {
        Direction((index % 6) as u8)
    }

    /// The number of this direction, `0..6`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The coordinate offset `(dx, dy)` of the neighbour across this edge.
    pub fn offset(self) -> (i32, i32) {
        const OFFSETS: [(i32, i32); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
        OFFSETS[self.index()]
    }

    /// The edge of the neighbour that faces this edge.
    pub fn opposite(self) -> Direction {
        self.turned(3)
    }

    /// This direction turned clockwise by `steps` sixths of a turn.
    pub fn turned(self, steps: usize) -> Direction {
        Direction::new(self.index() + steps % 6)
    }

    /// The next direction clockwise.
    pub fn clockwise(self) -> Direction {
        self.turned(1)
    }

    /// The next direction counter-clockwise.
    pub fn counter_clockwise(self) -> Direction {
        self.turned(5)
    }

    /// This direction reflected in the vertical axis (up and down stay, left and right swap).
    pub fn mirrored(self) -> Direction {
        Direction::new(6 - self.index())
    }
}

/// A cell of the infinite playing field, in the input's axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    /// Grows to the upper right.
    pub x: i32,
    /// Grows upwards.
    pub y: i32,
}

impl Hex {
    /// The cell `0 0`, where the first tile is played.
    pub const ORIGIN: Hex = Hex { x: 0, y: 0 };

    /// The cell at `x y`.
    pub fn new(x: i32, y: i32) -> Hex {
        Hex { x, y }
    }

    /// The neighbouring cell across edge `direction`.
    pub fn neighbour(self, direction: Direction) -> Hex {
        let (dx, dy) = direction.offset();
        Hex::new(self.x + dx, self.y + dy)
    }

    /// The six neighbours, in direction order.
    pub fn neighbours(self) -> [Hex; 6] {
        Direction::ALL.map(|direction| self.neighbour(direction))
    }

    /// This cell rotated clockwise by 60 degrees about `0 0`: the neighbour across edge `d` of a
    /// cell becomes the neighbour across edge `d + 1` of the rotated cell.
    pub fn rotated_clockwise(self) -> Hex {
        Hex::new(self.x + self.y, -self.x)
    }

    /// This cell reflected in the vertical line through `0 0` (see [`Direction::mirrored`]).
    pub fn mirrored(self) -> Hex {
        Hex::new(-self.x, self.x + self.y)
    }

    /// This cell moved by `(dx, dy)`.
    pub fn translated(self, dx: i32, dy: i32) -> Hex {
        Hex::new(self.x + dx, self.y + dy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_edges_face_each_other() {
        for direction in Direction::ALL {
            let there = Hex::ORIGIN.neighbour(direction);
            assert_eq!(there.neighbour(direction.opposite()), Hex::ORIGIN);
        }
    }

    #[test]
    fn consecutive_directions_are_neighbours() {
        // Two cells next to a hex across consecutive edges touch each other: that is what makes
        // a wall of played tiles run alongside a straight line of empty cells.
        for direction in Direction::ALL {
            let a = Hex::ORIGIN.neighbour(direction);
            let b = Hex::ORIGIN.neighbour(direction.clockwise());
            assert_eq!(a.neighbour(direction.turned(2)), b);
        }
    }

    #[test]
    fn rotation_and_mirror_map_directions_consistently() {
        for direction in Direction::ALL {
            let cell = Hex::ORIGIN.neighbour(direction);
            assert_eq!(cell.rotated_clockwise(), Hex::ORIGIN.neighbour(direction.clockwise()));
            assert_eq!(cell.mirrored(), Hex::ORIGIN.neighbour(direction.mirrored()));
        }
        let cell = Hex::new(3, -7);
        let mut turned = cell;
        for _ in 0..6 {
            turned = turned.rotated_clockwise();
        }
        assert_eq!(turned, cell);
        assert_eq!(cell.mirrored().mirrored(), cell);
    }
}
