//! Where a candidate cell lies relative to the two most recent moves: the distance classes and
//! the recent-move classes the pattern weights are indexed by.

use crate::board::{CELLS, SIZE};

/// How far a candidate cell lies from a recent move: 0 touching it, 1 a bridge away (two steps
/// across two common neighbours), 2 two steps in a straight line, 3 three steps, 4 farther (or no
/// such move). See [`distance_class`].
pub const DISTANCE_CLASSES: usize = 5;

/// The recent-move classes of a candidate: its [`distance_class`] from the opponent's last move
/// times [`DISTANCE_CLASSES`] plus its class from the mover's own move before that.
pub const RECENT_MOVE_CLASSES: usize = DISTANCE_CLASSES * DISTANCE_CLASSES;

/// The [`DISTANCE_CLASSES`] class of `cell` from `other` (`other >= CELLS`: no such move, the
/// farthest class). With the neighbour offsets of [`DIRECTIONS`](crate::board::DIRECTIONS), the
/// hex distance of a step `(dr, dc)` is `(|dr| + |dc| + |dr + dc|) / 2`, and the two-step cells
/// on a straight line are those with `dr`, `dc` or `dr + dc` zero. Transposing the board keeps
/// every class.
#[inline]
pub fn distance_class(cell: usize, other: usize) -> usize {
    if other >= CELLS {
        return DISTANCE_CLASSES - 1;
    }
    let dr = (cell / SIZE) as isize - (other / SIZE) as isize;
    let dc = (cell % SIZE) as isize - (other % SIZE) as isize;
    match (dr.abs() + dc.abs() + (dr + dc).abs()) / 2 {
        1 => 0,
        2 if dr != 0 && dc != 0 && dr + dc != 0 => 1,
        2 => 2,
        3 => 3,
        _ => 4,
    }
}

/// The [`RECENT_MOVE_CLASSES`] class of `cell`, given the opponent's last move `last` and the
/// mover's own move before it, `own_last` (either `>= CELLS` if none).
#[inline]
pub fn recent_move_class(cell: usize, last: usize, own_last: usize) -> usize {
    distance_class(cell, last) * DISTANCE_CLASSES + distance_class(cell, own_last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;

    /// Hex distances by breadth-first search over the rules board's neighbours.
    fn plain_distances(from: Cell) -> Vec<usize> {
        let mut distance = vec![usize::MAX; CELLS];
        distance[from.index()] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            for n in cell.neighbours() {
                if distance[n.index()] == usize::MAX {
                    distance[n.index()] = distance[cell.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        distance
    }

    #[test]
    fn distance_classes_match_breadth_first_distances_and_common_neighbours() {
        for other in Cell::all() {
            let distance = plain_distances(other);
            for cell in Cell::all().filter(|&c| c != other) {
                let common = cell.neighbours().filter(|n| other.neighbours().any(|m| m == *n)).count();
                let expected = match distance[cell.index()] {
                    1 => 0,
                    2 if common == 2 => 1,
                    2 => 2,
                    3 => 3,
                    _ => 4,
                };
                assert_eq!(distance_class(cell.index(), other.index()), expected, "{cell} from {other}");
                // The class is the same in the blue (transposed) frame.
                let (tc, to) = (cell.mirror(), other.mirror());
                assert_eq!(distance_class(tc.index(), to.index()), expected);
            }
            assert_eq!(distance_class(other.index(), CELLS), DISTANCE_CLASSES - 1);
        }
        // (0,0) touches (0,1) and is two steps in line from (2,0).
        assert_eq!(recent_move_class(0, 1, 2 * SIZE), 2);
        assert_eq!(recent_move_class(0, 2 * SIZE, 1), 2 * DISTANCE_CLASSES);
    }
}
