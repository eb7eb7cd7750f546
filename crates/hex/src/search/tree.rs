//! The search tree, one array per node field, and the selection value of a child.

/// Mover's proven result in a node: unknown, a proven win, a proven loss.
pub const UNKNOWN: i8 = 0;
pub const WON: i8 = 1;
pub const LOST: i8 = -1;

/// The search tree as one array per node field (a structure of arrays). Node `0` is a root;
/// a node's children are the consecutive nodes `first_child..first_child + children`; statistics are
/// from the point of view of the player who moved into the node. Two loops run over all the
/// children of every node on a descent's path: the selection (five fields a child) and the RAVE
/// update (the cell and two counts); with the fields in arrays of their own they read only what
/// they use, and the selection's values are computed four children at a time.
#[derive(Debug)]
pub struct Tree {
    pub first_child: Vec<u32>,
    pub children: Vec<u16>,
    pub cell: Vec<u8>,
    pub proven: Vec<i8>,
    pub visits: Vec<f32>,
    pub wins: Vec<f32>,
    pub rave_visits: Vec<f32>,
    pub rave_wins: Vec<f32>,
    /// The learned shape prior: this move's probability among its siblings, times
    /// [`super::Params::shape_bias`].
    pub weighted_shape: Vec<f32>,
    /// The progressive bias `weighted_shape / sqrt(visits + 1)`, kept current as `visits` changes
    /// (once per descent for the nodes on the path, instead of a root and a division for every
    /// child at every selection).
    pub progressive_bias: Vec<f32>,
}

impl Tree {
    pub fn with_capacity(capacity: usize) -> Tree {
        Tree {
            first_child: Vec::with_capacity(capacity),
            children: Vec::with_capacity(capacity),
            cell: Vec::with_capacity(capacity),
            proven: Vec::with_capacity(capacity),
            visits: Vec::with_capacity(capacity),
            wins: Vec::with_capacity(capacity),
            rave_visits: Vec::with_capacity(capacity),
            rave_wins: Vec::with_capacity(capacity),
            weighted_shape: Vec::with_capacity(capacity),
            progressive_bias: Vec::with_capacity(capacity),
        }
    }

    pub fn len(&self) -> usize {
        self.cell.len()
    }

    pub fn clear(&mut self) {
        self.first_child.clear();
        self.children.clear();
        self.cell.clear();
        self.proven.clear();
        self.visits.clear();
        self.wins.clear();
        self.rave_visits.clear();
        self.rave_wins.clear();
        self.weighted_shape.clear();
        self.progressive_bias.clear();
    }

    /// Adds a node without children or visits.
    pub fn push(&mut self, cell: usize, proven: i8, rave_visits: f32, rave_wins: f32, weighted_shape: f32) {
        self.first_child.push(0);
        self.children.push(0);
        self.cell.push(cell as u8);
        self.proven.push(proven);
        self.visits.push(0.0);
        self.wins.push(0.0);
        self.rave_visits.push(rave_visits);
        self.rave_wins.push(rave_wins);
        self.weighted_shape.push(weighted_shape);
        // No visits yet: sqrt(0 + 1) = 1.
        self.progressive_bias.push(weighted_shape);
    }

    /// Adds nodes without children or visits, one a cell of `cells`: all `proven` and with
    /// `rave_visits`, each with its `rave_wins` and `weighted_shape`. What [`Tree::push`] cell by
    /// cell gives, each field extended once (no capacity check a node and a field).
    pub fn push_many(
        &mut self,
        cells: &[usize],
        proven: i8,
        rave_visits: f32,
        rave_wins: &[f32],
        weighted_shape: &[f32],
    ) {
        let len = self.len() + cells.len();
        self.first_child.resize(len, 0);
        self.children.resize(len, 0);
        self.cell.extend(cells.iter().map(|&c| c as u8));
        self.proven.resize(len, proven);
        self.visits.resize(len, 0.0);
        self.wins.resize(len, 0.0);
        self.rave_visits.resize(len, rave_visits);
        self.rave_wins.extend_from_slice(&rave_wins[..cells.len()]);
        self.weighted_shape.extend_from_slice(&weighted_shape[..cells.len()]);
        // No visits yet: sqrt(0 + 1) = 1.
        self.progressive_bias.extend_from_slice(&weighted_shape[..cells.len()]);
    }

    /// The children of `node`.
    pub fn children(&self, node: usize) -> std::ops::Range<usize> {
        let first = self.first_child[node] as usize;
        first..first + usize::from(self.children[node])
    }
}

/// A child's value for selection, `(1-β)·wins/n + β·rave_wins/rn` with `β = rn / D` and
/// `D = rn + n + rn·n·bias`, folded into a single division: `(1-β)/n = (1 + rn·bias)/D`, so the value
/// is `(wins·(1 + rn·bias) + rave_wins) / D` (also right for `n = 0`). `rn > 0` always (priors).
#[inline]
pub fn blended_value(visits: f32, wins: f32, rave_visits: f32, rave_wins: f32, bias: f32) -> f32 {
    let (n, rn) = (visits, rave_visits);
    (wins * (1.0 + rn * bias) + rave_wins) / (rn + n + rn * n * bias)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fields(tree: &Tree) -> String {
        format!("{tree:?}")
    }

    proptest! {
        /// Pushing children at once leaves every field as pushing them one by one.
        #[test]
        fn push_many_is_push_one_by_one(cells in proptest::collection::vec(0usize..121, 0..121), proven in -1i8..2, rv in 0.0f32..20.0, seed in any::<u32>()) {
            let wins: Vec<f32> = (0..cells.len()).map(|k| ((seed as usize + 7 * k) % 13) as f32 * 0.37).collect();
            let shapes: Vec<f32> = (0..cells.len()).map(|k| ((seed as usize + 3 * k) % 11) as f32 * 0.21).collect();
            let (mut one, mut many) = (Tree::with_capacity(4), Tree::with_capacity(4));
            for tree in [&mut one, &mut many] {
                tree.push(5, UNKNOWN, 1.0, 0.5, 0.25);
            }
            for k in 0..cells.len() {
                one.push(cells[k], proven, rv, wins[k], shapes[k]);
            }
            many.push_many(&cells, proven, rv, &wins, &shapes);
            prop_assert_eq!(fields(&one), fields(&many));
        }

        /// The one-division selection value equals the textbook blend.
        #[test]
        fn blended_value_is_the_rave_blend(n in 0u32..5000, w in 0.0f32..1.0, rn in 1u32..20000, rw in 0.0f32..1.0, bias in 0.0f32..0.01) {
            let (n, rn) = (n as f32, rn as f32);
            let beta = rn / (rn + n + rn * n * bias);
            let mean = if n > 0.0 { w } else { 0.0 };
            let plain = (1.0 - beta) * mean + beta * rw;
            prop_assert!((blended_value(n, w * n, rn, rw * rn, bias) - plain).abs() < 1e-4);
        }
    }
}
