//! Monte Carlo tree search with Hex knowledge.
//!
//! * **Playouts** fill the whole board at random, except that a player whose bridge (two stones, or a
//!   stone and its side, with two empty common neighbours) was just intruded answers in the other
//!   common neighbour. A full board has exactly one connected player, found by one flood fill.
//! * **RAVE** (all-moves-as-first): every cell a player ended up owning in a playout counts as a
//!   move tried by that player in each tree node on the path, blended with the node's own mean.
//! * **Pruning at expansion**: dead cells (colour irrelevant, [`crate::inferior::DeadTable`]) and
//!   cells the opponent can kill with one move (vulnerable) are not searched.
//! * **Solver**: union-find finds cells that win at once; a player with such a cell wins, a player
//!   facing two loses, a player facing one must play it. Proven results propagate up the tree
//!   (MCTS-solver), so short forced wins and losses are found exactly.

use crate::board::{Color, CELLS, SIZE};
use crate::connections::{bridge_carriers, bridge_connected, bridge_links, winning_cells};
use crate::geometry::Geometry;
use crate::patterns::Shapes;
use crate::position::{stone, Position, EMPTY, NODES};
use crate::value::{Accumulator, ValueNet};
use std::time::Instant;

/// Mover's proven result in a node: unknown, a proven win, a proven loss.
const UNKNOWN: i8 = 0;
const WON: i8 = 1;
const LOST: i8 = -1;

/// Virtual RAVE games given to each new child, at its prior win rate.
const PRIOR_GAMES: f32 = 12.0;
/// Search parameters (the defaults are the measured choice; see the README).
#[derive(Clone, Copy, Debug)]
pub struct Params {
    pub prior_games: f32,
    pub expand_after: f32,
    pub rave_bias: f32,
    pub exploration: f32,
    /// Weight of the learned shape prior: a child's selection value gets
    /// `shape_bias * p / sqrt(visits + 1)`, `p` its share of the shape weights among its siblings.
    pub shape_bias: f32,
    /// Exponent of the shape weights in the playouts (0: uniform playouts).
    pub playout_shapes: f32,
    /// Prior pruning: at expansion, a candidate whose shape weight is below the best candidate's
    /// by more than this factor (in ln units) is not searched (0: off). Only where the move is
    /// free, never among forced blocks or mustplay cells.
    pub shape_prune: f32,
    /// Weight of the value network in a leaf's result: `value_weight * net + (1 - value_weight) *
    /// playout` (0: playouts alone).
    pub value_weight: f32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            prior_games: PRIOR_GAMES,
            expand_after: EXPAND_AFTER,
            rave_bias: RAVE_BIAS,
            exploration: EXPLORATION,
            shape_bias: SHAPE_BIAS,
            playout_shapes: PLAYOUT_SHAPES,
            shape_prune: SHAPE_PRUNE,
            value_weight: VALUE_WEIGHT,
        }
    }
}

/// A node's children are created on its `EXPAND_AFTER`-th visit.
const EXPAND_AFTER: f32 = 4.0;
/// RAVE weight schedule: beta = rn / (rn + n + rn * n * RAVE_BIAS).
const RAVE_BIAS: f32 = 0.0005;
/// UCB exploration constant: none, as in MoHex; the priors and RAVE spread the search (0.12 lost
/// 17-63 to 0 in self-play, see the README).
const EXPLORATION: f32 = 0.0;
/// Progressive bias of the learned shape prior (see [`Params::shape_bias`]); measured against
/// MoHex in the README.
const SHAPE_BIAS: f32 = 2.5;
/// Exponent of the shape weights in the playouts (see [`playout`]).
const PLAYOUT_SHAPES: f32 = 0.0;
/// Prior pruning threshold in ln weight units (see [`Params::shape_prune`]); off.
const SHAPE_PRUNE: f32 = 0.0;
/// Weight of the value network at the leaves (see [`Params::value_weight`]).
const VALUE_WEIGHT: f32 = 0.0;
/// The tree stops growing at this many nodes (32 bytes each: 192 MB reserved, touched as used).
const MAX_NODES: usize = 6_000_000;

/// The search tree as one array per node field (a structure of arrays). Node `0` is a root;
/// a node's children are the consecutive nodes `first_child..first_child + children`; statistics are
/// from the point of view of the player who moved into the node. Two loops run over all the
/// children of every node on a descent's path: the selection (five fields a child) and the RAVE
/// update (the cell and two counts); with the fields in arrays of their own they read only what
/// they use, and the selection's values are computed four children at a time.
#[derive(Debug)]
struct Tree {
    first_child: Vec<u32>,
    children: Vec<u16>,
    cell: Vec<u8>,
    proven: Vec<i8>,
    visits: Vec<f32>,
    wins: Vec<f32>,
    rave_visits: Vec<f32>,
    rave_wins: Vec<f32>,
    /// The learned shape prior: this move's probability among its siblings, times
    /// [`Params::shape_bias`].
    weighted_shape: Vec<f32>,
    /// The progressive bias `weighted_shape / sqrt(visits + 1)`, kept current as `visits` changes
    /// (once per descent for the nodes on the path, instead of a root and a division for every
    /// child at every selection).
    progressive_bias: Vec<f32>,
}

impl Tree {
    fn with_capacity(capacity: usize) -> Tree {
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

    fn len(&self) -> usize {
        self.cell.len()
    }

    fn clear(&mut self) {
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
    fn push(&mut self, cell: usize, proven: i8, rave_visits: f32, rave_wins: f32, weighted_shape: f32) {
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

    /// The children of `node`.
    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let first = self.first_child[node] as usize;
        first..first + usize::from(self.children[node])
    }
}

/// A child's value for selection, `(1-β)·wins/n + β·rave_wins/rn` with `β = rn / D` and
/// `D = rn + n + rn·n·bias`, folded into a single division: `(1-β)/n = (1 + rn·bias)/D`, so the value
/// is `(wins·(1 + rn·bias) + rave_wins) / D` (also right for `n = 0`). `rn > 0` always (priors).
#[inline]
fn blended_value(visits: f32, wins: f32, rave_visits: f32, rave_wins: f32, bias: f32) -> f32 {
    let (n, rn) = (visits, rave_visits);
    (wins * (1.0 + rn * bias) + rave_wins) / (rn + n + rn * n * bias)
}

/// xorshift64*: fast, good enough for playouts.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (multiply-shift, no division).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The cell that answers an intrusion at `last` into a bridge of `color`, if any (a random one when
/// several). The bridge ends are the two ring neighbours of `last` on either side of the other carrier.
pub fn bridge_response(
    position: &Position,
    geometry: &Geometry,
    last: usize,
    color: Color,
    rng: &mut Rng,
) -> Option<usize> {
    if last >= CELLS {
        return None;
    }
    let own = stone(color);
    let mut found = [0u8; 6];
    let mut count = 0;
    // Branch-free (`&` on the three tests, the cell always written): on random playout boards the
    // tests go either way, and mispredicted branches cost more than the loads.
    for &[other, a, b] in geometry.carrier_pairs(last) {
        let hit = (position.nodes[usize::from(other)] == EMPTY)
            & (position.nodes[usize::from(a)] == own)
            & (position.nodes[usize::from(b)] == own);
        found[count] = other;
        count += usize::from(hit);
    }
    match count {
        0 => None,
        1 => Some(usize::from(found[0])),
        _ => Some(usize::from(found[rng.below(count)])),
    }
}

/// Random cells tried before a shaped playout takes the last one (see [`playout`]).
const SHAPE_TRIES: usize = 4;

/// Plays `position` to a full board with the bridge-answering random policy and returns the winner.
/// `last` is the last move played (or `NODES` if none).
pub fn playout(position: &mut Position, geometry: &Geometry, last: usize, rng: &mut Rng) -> Color {
    shaped_playout(position, geometry, last, rng, None)
}

/// [`playout`], where with `accept` (from
/// [`Shapes::playout_acceptance`]), a random cell is kept with its shape's acceptance (out of
/// 2^16), else another is drawn, the [`SHAPE_TRIES`]-th kept whatever its shape: a cheap
/// approximation of drawing cells in proportion to their shape weights.
#[allow(clippy::needless_range_loop)] // `cell` indexes three arrays
pub fn shaped_playout(
    position: &mut Position,
    geometry: &Geometry,
    mut last: usize,
    rng: &mut Rng,
    accept: Option<&[Vec<u32>; 2]>,
) -> Color {
    // The empty cells in a list with each cell's slot, so any cell can be removed in O(1).
    let mut empty = [0u8; CELLS];
    let mut slot = [0u8; CELLS];
    let mut len = 0;
    for cell in 0..CELLS {
        if position.nodes[cell] == EMPTY {
            empty[len] = cell as u8;
            slot[cell] = len as u8;
            len += 1;
        }
    }
    while len > 0 {
        let index = match bridge_response(position, geometry, last, position.to_move, rng) {
            Some(cell) => usize::from(slot[cell]),
            None => match accept {
                None => rng.below(len),
                Some(table) => {
                    let table = &table[position.to_move.index()];
                    let mut index = rng.below(len);
                    for _ in 1..SHAPE_TRIES {
                        let code = position.pattern(geometry, usize::from(empty[index]));
                        if ((rng.next_u64() >> 48) as u32) < table[code] {
                            break;
                        }
                        index = rng.below(len);
                    }
                    index
                }
            },
        };
        let cell = usize::from(empty[index]);
        len -= 1;
        empty[index] = empty[len];
        slot[usize::from(empty[index])] = index as u8;
        position.play(cell);
        last = cell;
    }
    position.full_board_winner()
}

/// Red's share of a game won by `winner`.
fn score(winner: Color) -> f32 {
    if winner == Color::Red {
        1.0
    } else {
        0.0
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The chosen cell.
    pub cell: usize,
    /// Its node in the tree.
    node: usize,
    /// The chosen move's win rate for the mover (1 or 0 when proven).
    pub value: f32,
    /// Whether the result is proven (won or lost by force).
    pub proven: bool,
    /// Playouts run.
    pub playouts: u32,
}

/// The search tree and its working memory, reused from move to move.
pub struct Search {
    geometry: Geometry,
    shapes: Shapes,
    value: ValueNet,
    /// The value network's sums at the root.
    root_sums: Option<Accumulator>,
    /// The playouts' acceptance table for `params.playout_shapes` (built when it changes).
    accept: Option<(f32, [Vec<u32>; 2])>,
    tree: Tree,
    rng: Rng,
    path: Vec<u32>,
    /// The node searched from.
    root: usize,
    /// The position after our last answer, its node (for reusing the tree) and its cell.
    previous: Option<(Position, usize, usize)>,
    /// Our own move before the opponent's last one at the root (`NODES` if unknown).
    root_own_last: usize,
    pub params: Params,
}

impl Search {
    pub fn new(seed: u64) -> Search {
        Search {
            geometry: Geometry::new(),
            shapes: Shapes::new(),
            value: ValueNet::new(),
            root_sums: None,
            accept: None,
            // All the room at once: growing a tree of millions of nodes later would copy it in
            // the middle of an answer (tens of ms). Pages are only touched as the tree grows.
            tree: Tree::with_capacity(MAX_NODES),
            rng: Rng::new(seed),
            path: Vec::new(),
            root: 0,
            previous: None,
            root_own_last: NODES,
            params: Params::default(),
        }
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Searches `root` (which must have no winner and an empty cell) until `deadline` or until
    /// `max_playouts`, whichever comes first; `last` is the opponent's last cell (or `NODES`).
    ///
    /// The subtree under the previous answer and `last` is kept when `root` is exactly that
    /// position, so the statistics gathered for it during the previous search are not lost.
    pub fn run(
        &mut self,
        root: &Position,
        last: usize,
        deadline: Instant,
        max_playouts: u32,
    ) -> SearchResult {
        let continues = self.continues(root, last);
        self.root_own_last = match &self.previous {
            Some((_, _, cell)) if continues => *cell,
            _ => NODES,
        };
        self.root = match continues.then(|| self.reusable(last)).flatten() {
            Some(index) => index,
            None => {
                self.tree.clear();
                self.tree.push(0, UNKNOWN, 0.0, 0.0, 0.0);
                0
            }
        };
        let strength = self.params.playout_shapes;
        if strength > 0.0 && self.accept.as_ref().map_or(true, |a| a.0 != strength) {
            self.accept = Some((strength, self.shapes.playout_acceptance(strength)));
        } else if strength <= 0.0 {
            self.accept = None;
        }
        self.root_sums = (self.params.value_weight > 0.0).then(|| self.value.accumulator(root));
        if self.tree.children[self.root] == 0 {
            self.expand(self.root, root, last, self.root_own_last);
        }
        let mut playouts = 0;
        // The longest pause between two clock checks: on a loaded machine the process is
        // descheduled for that long, so it must stop that much (and a half) before the deadline.
        let mut checked = Instant::now();
        let mut pause = std::time::Duration::ZERO;
        // Stop early only on a proven win; a proven loss still searches for the stubbornest move.
        while playouts < max_playouts && self.tree.proven[self.root] != LOST {
            if playouts % 4 == 0 {
                let now = Instant::now();
                pause = pause.max(now - checked);
                checked = now;
                if now + pause * 3 / 2 >= deadline {
                    break;
                }
            }
            self.iterate(root, last);
            playouts += 1;
        }
        let result = self.best(playouts);
        let mut after = root.clone();
        after.play(result.cell);
        self.previous = Some((after, result.node, result.cell));
        result
    }

    /// Whether `root` is the position after our previous answer and the opponent's `last`.
    fn continues(&self, root: &Position, last: usize) -> bool {
        let Some((after, _, _)) = self.previous.as_ref() else { return false };
        if last >= CELLS || after.nodes[last] != EMPTY {
            return false;
        }
        let mut expected = after.clone();
        expected.play(last);
        expected == *root
    }

    /// The node for the root in the kept tree (the root [`Search::continues`] the previous answer):
    /// the child for `last` of the node of our previous answer.
    fn reusable(&self, last: usize) -> Option<usize> {
        let (_, node, _) = self.previous.as_ref()?;
        if self.tree.len() > MAX_NODES / 2 {
            return None;
        }
        self.tree
            .children(*node)
            .find(|&i| usize::from(self.tree.cell[i]) == last && self.tree.children[i] > 0)
    }

    fn best(&self, playouts: u32) -> SearchResult {
        let tree = &self.tree;
        let children = tree.children(self.root);
        let mut best = children.start;
        let mut best_key = f32::NEG_INFINITY;
        for i in children {
            let key = match tree.proven[i] {
                WON => f32::INFINITY,
                // A proven loss only if everything loses: then resist longest (most visits).
                LOST => -1e9 + tree.visits[i],
                _ => tree.visits[i],
            };
            if key > best_key {
                best_key = key;
                best = i;
            }
        }
        let value = match tree.proven[best] {
            WON => 1.0,
            LOST => 0.0,
            _ => tree.wins[best] / tree.visits[best].max(1.0),
        };
        SearchResult {
            cell: usize::from(tree.cell[best]),
            node: best,
            value,
            proven: tree.proven[best] != UNKNOWN,
            playouts,
        }
    }

    fn push_child(&mut self, cell: usize, proven: i8, prior: f32, shape: f32) {
        let games = self.params.prior_games;
        self.tree.push(cell, proven, games, games * prior, self.params.shape_bias * shape);
    }

    /// Creates the children of `index` at `position` (whose last move was `last`, after the
    /// mover's own `own_last`), applying the solver rules and the pruning; may instead prove the
    /// node.
    fn expand(&mut self, index: usize, position: &Position, last: usize, own_last: usize) {
        let me = position.to_move;
        let first = self.tree.len() as u32;
        let wins = winning_cells(position, &self.geometry, me);
        if let Some(&cell) = wins.first() {
            self.push_child(cell, WON, 1.0, 1.0);
            self.tree.first_child[index] = first;
            self.tree.children[index] = 1;
            self.tree.proven[index] = LOST;
            return;
        }
        let mine = bridge_links(position, &self.geometry, me);
        if let Some(carrier) = mine.proof {
            // Won through disjoint bridges: filling one of their carriers keeps the win.
            let cell = if carrier < CELLS { carrier } else { self.candidates(position)[0] };
            self.push_child(cell, WON, 1.0, 1.0);
            self.tree.first_child[index] = first;
            self.tree.children[index] = 1;
            self.tree.proven[index] = LOST;
            return;
        }
        let threats = winning_cells(position, &self.geometry, me.opponent());
        // Whether the move is free (no forced block, no mustplay): then prior pruning applies.
        let mut free = false;
        let mut candidates: Vec<usize> = match threats.len() {
            0 => {
                let theirs = bridge_links(position, &self.geometry, me.opponent());
                if theirs.proof.is_some() {
                    // Lost whatever we do; keep the moves that break the most, to resist.
                    self.tree.proven[index] = WON;
                }
                match theirs.loose.then(|| self.mustplay(position)).flatten() {
                    Some(cells) => cells,
                    None => {
                        free = true;
                        self.candidates(position)
                    }
                }
            }
            1 => threats,
            _ => {
                // Lost whatever we do; still list the blocks, so that a move can be reported.
                self.tree.proven[index] = WON;
                threats
            }
        };
        // The shape prior: the softmax of the candidates' ln weights.
        // (Not computed when the prior is off.)
        let mut logs: Vec<f32> = if self.params.shape_bias > 0.0 || self.params.shape_prune > 0.0 {
            candidates.iter().map(|&c| self.shapes.ln_weight(position, c, last, own_last)).collect()
        } else {
            vec![0.0; candidates.len()]
        };
        let top = logs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        if free && self.params.shape_prune > 0.0 {
            let floor = top - self.params.shape_prune;
            let kept: Vec<(usize, f32)> =
                candidates.iter().copied().zip(logs.iter().copied()).filter(|&(_, l)| l >= floor).collect();
            (candidates, logs) = kept.into_iter().unzip();
        }
        let total: f32 = logs.iter().map(|&l| (l - top).exp()).sum();
        for (&cell, &log) in candidates.iter().zip(&logs) {
            let prior = self.prior(position, last, cell);
            self.push_child(cell, UNKNOWN, prior, (log - top).exp() / total);
        }
        self.tree.first_child[index] = first;
        self.tree.children[index] = candidates.len() as u16;
    }

    /// The prior win rate of `cell` for the side to move, from local shape: answering an intrusion
    /// into our bridge is nearly always right; replying near the last move and making bridges
    /// from our stones are good shape; a lone cell on the rim rarely matters.
    fn prior(&self, position: &Position, last: usize, cell: usize) -> f32 {
        let geometry = &self.geometry;
        let own = stone(position.to_move);
        let ring = &geometry.rings[cell];
        if last < CELLS {
            let lring = &geometry.rings[last];
            for i in 0..6 {
                if lring[i] == cell
                    && position.nodes[lring[(i + 5) % 6]] == own
                    && position.nodes[lring[(i + 1) % 6]] == own
                {
                    return 0.9;
                }
            }
        }
        let mut prior: f32 = 0.5;
        let touching = ring.iter().any(|&n| n < CELLS && position.nodes[n] != EMPTY);
        if last < CELLS && ring.contains(&last) {
            prior = 0.6;
        }
        let makes_bridge = geometry.bridges[cell].iter().any(|&(partner, a, b)| {
            position.nodes[partner] == own && position.nodes[a] == EMPTY && position.nodes[b] == EMPTY
        });
        if makes_bridge {
            prior = prior.max(0.58);
        } else if touching {
            prior = prior.max(0.53);
        }
        let (row, col) = (cell / SIZE, cell % SIZE);
        let rim = row == 0 || col == 0 || row == SIZE - 1 || col == SIZE - 1;
        if rim && !touching && !makes_bridge {
            prior = 0.4;
        }
        prior
    }

    /// When the opponent is already connected through bridges, the only moves that are not
    /// hopeless are those that break that connection (a stone on a bridge carrier after which the
    /// bridge graph no longer joins the opponent's sides). `None` if the opponent is not so connected
    /// or no single stone breaks it (then every move is as bad, so nothing is pruned).
    fn mustplay(&self, position: &Position) -> Option<Vec<usize>> {
        let opponent = position.to_move.opponent();
        let mut trial = position.clone();
        let mine = stone(position.to_move);
        let breaks: Vec<usize> = bridge_carriers(position, &self.geometry, opponent)
            .into_iter()
            .filter(|&cell| {
                trial.nodes[cell] = mine;
                let still = bridge_connected(&trial, &self.geometry, opponent);
                trial.nodes[cell] = EMPTY;
                !still
            })
            .collect();
        if breaks.is_empty() {
            None
        } else {
            Some(breaks)
        }
    }

    /// The empty cells worth searching: not dead, and not killable by one opponent move (unless
    /// the killer is itself killable, which would prune both of a pair).
    fn candidates(&self, position: &Position) -> Vec<usize> {
        let geometry = &self.geometry;
        let opponent = stone(position.to_move.opponent());
        let mut state = [0u8; CELLS]; // 0 live, 1 dead, 2 vulnerable
        let mut killer = [0usize; CELLS];
        for cell in 0..CELLS {
            if position.nodes[cell] != EMPTY {
                continue;
            }
            let code = position.pattern(geometry, cell);
            if geometry.dead.is_dead(code) {
                state[cell] = 1;
                continue;
            }
            let mut power = 1;
            for &n in &geometry.rings[cell] {
                if n < CELLS
                    && position.nodes[n] == EMPTY
                    && geometry.dead.is_dead(code + power * usize::from(opponent))
                {
                    state[cell] = 2;
                    killer[cell] = n;
                    break;
                }
                power *= 3;
            }
        }
        let mut list: Vec<usize> = (0..CELLS)
            .filter(|&c| position.nodes[c] == EMPTY)
            .filter(|&c| {
                state[c] == 0
                    || (state[c] == 2 && state[killer[c]] == 2 && killer[killer[c]] == c && c < killer[c])
            })
            .collect();
        if list.is_empty() {
            list = (0..CELLS).filter(|&c| position.nodes[c] == EMPTY).collect();
        }
        list
    }

    fn select(&mut self, index: usize) -> usize {
        let tree = &self.tree;
        let children = tree.children(index);
        let first = children.start;
        let len = children.len();
        let bias = self.params.rave_bias;
        // The values of all the children first, in a loop without branches over the field arrays
        // (the compiler computes it four children at a time, divisions included), then the
        // largest, with the proven children (rare) set aside.
        let mut values = [0.0f32; CELLS];
        let values = &mut values[..len];
        let visits = &tree.visits[children.clone()];
        let wins = &tree.wins[children.clone()];
        let rave_visits = &tree.rave_visits[children.clone()];
        let rave_wins = &tree.rave_wins[children.clone()];
        let progressive_bias = &tree.progressive_bias[children.clone()];
        for k in 0..len {
            values[k] =
                blended_value(visits[k], wins[k], rave_visits[k], rave_wins[k], bias) + progressive_bias[k];
        }
        // The exploration term (zero by default: then the logarithm is not worth computing).
        let explore = self.params.exploration;
        if explore > 0.0 {
            let log_n = (tree.visits[index] + 1.0).ln();
            for (value, &n) in values.iter_mut().zip(visits) {
                *value += explore * (log_n / (n + 1.0)).sqrt();
            }
        }
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for (k, (&value, &proven)) in values.iter().zip(&tree.proven[children]).enumerate() {
            let value = match proven {
                WON => return first + k,
                LOST => -1.0,
                _ => value,
            };
            if value > best_value {
                best_value = value;
                best = first + k;
            }
        }
        best
    }

    /// One descent, playout (or proven result) and update.
    fn iterate(&mut self, root: &Position, root_last: usize) {
        let mut position = root.clone();
        let mut last = root_last;
        let mut own_last = self.root_own_last;
        let mut sums = self.root_sums.clone();
        self.path.clear();
        self.path.push(self.root as u32);
        let mut index = self.root;
        // The winner if the descent ended in a proven node.
        let mut known: Option<Color> = None;
        loop {
            let (proven, children) = (self.tree.proven[index], self.tree.children[index]);
            if proven != UNKNOWN && (index != self.root || children == 0) {
                // The mover into this node is the opposite of the side to move now.
                let mover = position.to_move.opponent();
                known = Some(if proven == WON { mover } else { mover.opponent() });
                break;
            }
            if children == 0 {
                let visits = self.tree.visits[index];
                if visits + 1.0 < self.params.expand_after || self.tree.len() + CELLS > MAX_NODES {
                    break;
                }
                self.expand(index, &position, last, own_last);
                continue;
            }
            let child = self.select(index);
            let cell = usize::from(self.tree.cell[child]);
            if let Some(sums) = sums.as_mut() {
                self.value.add(sums, cell, position.to_move);
            }
            position.play(cell);
            own_last = last;
            last = cell;
            index = child;
            self.path.push(child as u32);
        }
        let red_score = match known {
            Some(color) => score(color),
            None => {
                // The network's value of the leaf, before the playout fills the board.
                let value = sums.as_ref().map(|sums| {
                    let v = self.value.evaluate(sums, position.to_move);
                    if position.to_move == Color::Red {
                        v
                    } else {
                        1.0 - v
                    }
                });
                let accept = self.accept.as_ref().map(|a| &a.1);
                let winner = shaped_playout(&mut position, &self.geometry, last, &mut self.rng, accept);
                self.update_rave(root.to_move, &position.nodes, winner);
                match value {
                    Some(v) => {
                        let weight = self.params.value_weight;
                        weight * v + (1.0 - weight) * score(winner)
                    }
                    None => score(winner),
                }
            }
        };
        self.update(root.to_move, red_score);
        if known.is_some() {
            self.propagate_proof();
        }
    }

    /// Adds the result (red's share of the win: 1, 0, or between with the value network) to the
    /// visits and wins of every node on the path.
    fn update(&mut self, root_to_move: Color, red_score: f32) {
        let mut to_move = root_to_move;
        for depth in 0..self.path.len() {
            let mover = to_move.opponent();
            let node = self.path[depth] as usize;
            let tree = &mut self.tree;
            tree.visits[node] += 1.0;
            tree.progressive_bias[node] = tree.weighted_shape[node] / (tree.visits[node] + 1.0).sqrt();
            tree.wins[node] += if mover == Color::Red { red_score } else { 1.0 - red_score };
            to_move = mover;
        }
    }

    /// RAVE update of every child of every node on the path, from the full playout board.
    fn update_rave(&mut self, root_to_move: Color, final_board: &[u8; NODES], winner: Color) {
        // Each cell's owner as two 0/1 tables indexed by the cell byte (256 entries: no bounds
        // check), so that the loop below adds without comparing: as a comparison the compiler
        // made it a branch, a coin flip on random playout boards.
        let mut owned = [[0.0f32; 256]; 2];
        for (cell, &node) in final_board.iter().enumerate().take(CELLS) {
            if node != EMPTY {
                owned[usize::from(node == stone(Color::Blue))][cell] = 1.0;
            }
        }
        let mut to_move = root_to_move;
        for depth in 0..self.path.len() {
            let ours = &owned[to_move.index()];
            let win = if winner == to_move { 1.0 } else { 0.0 };
            let tree = &mut self.tree;
            let children = tree.children(self.path[depth] as usize);
            let rave_wins = &mut tree.rave_wins[children.clone()];
            for ((&cell, visits), wins) in
                tree.cell[children.clone()].iter().zip(&mut tree.rave_visits[children]).zip(rave_wins)
            {
                let mine = ours[usize::from(cell)];
                *visits += mine;
                *wins += mine * win;
            }
            to_move = to_move.opponent();
        }
    }

    /// After reaching a proven node, re-derives the proofs of its ancestors.
    fn propagate_proof(&mut self) {
        for depth in (0..self.path.len() - 1).rev() {
            let parent = self.path[depth] as usize;
            if self.tree.proven[parent] != UNKNOWN {
                continue;
            }
            let children = self.tree.children(parent);
            let proven = &self.tree.proven[children];
            if proven.contains(&WON) {
                self.tree.proven[parent] = LOST;
            } else if !proven.is_empty() && proven.iter().all(|&p| p == LOST) {
                self.tree.proven[parent] = WON;
            } else {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;
    use super::*;
    use crate::board::{Board, Cell, Game, Move};
    use crate::position::tests::random_game;
    use proptest::prelude::*;

    fn to_board(position: &Position) -> Board {
        let mut board = Board::new();
        for cell in Cell::all() {
            let stone = match position.nodes[cell.index()] {
                1 => Some(Color::Red),
                2 => Some(Color::Blue),
                _ => None,
            };
            board.set(cell, stone);
        }
        board
    }

    proptest! {
        /// The playout's swap-remove list fills every cell exactly once, keeps the stone counts
        /// alternating, and its winner is the rules' winner of the final board.
        #[test]
        fn playouts_fill_the_board_and_score_it_like_the_rules(seed in any::<u64>(), moves in 0usize..60) {
            let geometry = Geometry::new();
            let game = random_game(seed, moves);
            prop_assume!(game.winner().is_none());
            let mut position = Position::new(game.board(), game.to_move());
            let before = game.board().counts();
            let shaped = Shapes::new().playout_acceptance(1.0);
            let accept = if seed % 2 == 0 { None } else { Some(&shaped) };
            let winner = shaped_playout(&mut position, &geometry, NODES, &mut Rng::new(seed ^ 1), accept);
            let board = to_board(&position);
            prop_assert_eq!(board.empty_cells().count(), 0);
            let (red, blue) = board.counts();
            let empty = CELLS - before.0 - before.1;
            let first = game.to_move();
            let (mine, theirs) = (empty.div_ceil(2), empty / 2);
            let expected = if first == Color::Red { (before.0 + mine, before.1 + theirs) } else { (before.0 + theirs, before.1 + mine) };
            prop_assert_eq!((red, blue), expected);
            prop_assert_eq!(Some(winner), board.winner());
        }

        /// Bridge responses are exactly the plain definition: the other common neighbour of two
        /// own nodes when the opponent took one of them.
        #[test]
        fn bridge_responses_match_the_definition(seed in any::<u64>(), moves in 1usize..80) {
            let geometry = Geometry::new();
            let game = random_game(seed, moves);
            let Some(&Move::Place(last)) = game.moves().last() else { return Ok(()); };
            let position = Position::new(game.board(), game.to_move());
            let me = game.to_move();
            let mine = |n: usize| position.nodes[n] == stone(me);
            let mut plain: Vec<usize> = Vec::new();
            for other in last.neighbours() {
                if game.board().get(other).is_some() {
                    continue;
                }
                // Common neighbours (nodes, sides included) of `last` and `other`.
                let ring_last = geometry.rings[last.index()];
                let ring_other = geometry.rings[other.index()];
                let mut common: Vec<usize> = ring_last.iter().copied().filter(|n| ring_other.contains(n)).collect();
                common.dedup(); // a side appears twice in a rim cell's ring
                if common.len() == 2 && common.iter().all(|&n| mine(n)) {
                    plain.push(other.index());
                }
            }
            let mut rng = Rng::new(seed);
            match bridge_response(&position, &geometry, last.index(), me, &mut rng) {
                None => prop_assert!(plain.is_empty()),
                Some(cell) => prop_assert!(plain.contains(&cell)),
            }
        }
    }

    proptest! {
        /// The table-driven RAVE update is the plain rule: every child of every node on the last
        /// descent's path gains a RAVE visit when its cell ended up owned by the child's mover, and
        /// a RAVE win when that mover also won; nothing else changes.
        #[test]
        fn rave_update_counts_the_cells_each_mover_ended_up_owning(seed in any::<u64>(), moves in 0usize..50) {
            let game = random_game(seed, moves);
            prop_assume!(game.winner().is_none());
            let root = Position::new(game.board(), game.to_move());
            let mut search = Search::new(seed);
            let far = Instant::now() + std::time::Duration::from_secs(60);
            search.run(&root, NODES, far, 300);
            let mut board = root.clone();
            let winner = playout(&mut board, &search.geometry, NODES, &mut Rng::new(seed ^ 7));
            let mut expected = (search.tree.rave_visits.clone(), search.tree.rave_wins.clone());
            search.update_rave(root.to_move, &board.nodes, winner);
            let mut mover = root.to_move;
            for &index in &search.path {
                for child in search.tree.children(index as usize) {
                    if board.nodes[usize::from(search.tree.cell[child])] == stone(mover) {
                        expected.0[child] += 1.0;
                        if winner == mover {
                            expected.1[child] += 1.0;
                        }
                    }
                }
                mover = mover.opponent();
            }
            prop_assert_eq!((search.tree.rave_visits, search.tree.rave_wins), expected);
        }
    }

    proptest! {
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

    #[test]
    fn takes_an_immediate_win_and_blocks_the_only_threat() {
        // Red column c, gap at c7; blue far from connecting.
        let mut board = Board::new();
        for row in 0..11 {
            if row != 6 {
                board.set(Cell::new(row, 2).unwrap(), Some(Color::Red));
            }
        }
        for (row, col) in [(0, 5), (1, 6), (2, 7), (3, 8), (4, 9), (8, 4), (8, 5), (8, 6), (8, 7), (8, 8)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Blue));
        }
        let c7 = "c7".parse::<Cell>().unwrap().index();
        let far = Instant::now() + std::time::Duration::from_secs(60);
        // Also with the shape prior and prior pruning at their strongest: forced moves are never pruned.
        let pruning = Params { shape_bias: 10.0, shape_prune: 0.01, ..Params::default() };
        for params in [Params::default(), pruning] {
            for to_move in [Color::Red, Color::Blue] {
                let mut search = Search::new(3);
                search.params = params;
                let result = search.run(&Position::new(&board, to_move), NODES, far, 2000);
                assert_eq!(result.cell, c7, "{to_move} {params:?}");
            }
        }
    }

    #[test]
    fn proves_a_bridge_chain_win() {
        // Red d1, e2? Use bridges: red stones on rows 1, 3, 5, 7, 9 at bridge distance, each pair
        // joined by a bridge and the ends by edge templates: red is connected whatever blue does.
        let mut board = Board::new();
        for (row, col) in [(1, 5), (3, 4), (5, 3), (7, 2), (9, 1)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Red));
        }
        for (row, col) in [(0, 0), (0, 1), (10, 10), (10, 9), (5, 9)] {
            board.set(Cell::new(row, col).unwrap(), Some(Color::Blue));
        }
        let geometry = Geometry::new();
        let position = Position::new(&board, Color::Blue);
        let links = crate::connections::bridge_links(&position, &geometry, Color::Red);
        assert!(links.loose && links.proof.is_some());
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let result = Search::new(5).run(&position, NODES, far, 500);
        assert!(result.proven && result.value == 0.0, "{result:?}");
        // Each blue intrusion is answered and red still wins: check by playing it out with the
        // search on both sides.
        let mut game = Game::from_position(board, Color::Blue);
        let mut search = [Search::new(1), Search::new(2)];
        while game.winner().is_none() {
            let side = game.to_move().index();
            let position = Position::new(game.board(), game.to_move());
            let cell = search[side].run(&position, NODES, far, 300).cell;
            game.play(Move::Place(Cell::from_index(cell))).unwrap();
        }
        assert_eq!(game.winner(), Some(Color::Red));
    }

    /// The progressive bias kept in each node is exactly the formula for its present visits,
    /// `shape_bias * p / sqrt(visits + 1)`, after searches from two positions.
    /// The two-pass selection (values of all the children, then the largest) against the plain
    /// one-child-at-a-time rule, at every expanded node of a grown tree, with and without the
    /// exploration term.
    #[test]
    fn selection_is_the_plain_argmax() {
        let far = Instant::now() + std::time::Duration::from_secs(60);
        for (seed, explore) in [(3, 0.0), (4, 0.1)] {
            let game = random_game(seed, 30);
            let mut search = Search::new(seed);
            search.params.exploration = explore;
            let position = Position::new(game.board(), game.to_move());
            search.run(&position, NODES, far, 3000);
            let mut expanded = 0;
            for node in 0..search.tree.len() {
                if search.tree.children[node] == 0 {
                    continue;
                }
                let tree = &search.tree;
                let log_n = (tree.visits[node] + 1.0).ln();
                let mut plain = (usize::MAX, f32::NEG_INFINITY);
                for child in tree.children(node) {
                    let value = match tree.proven[child] {
                        WON => f32::INFINITY,
                        LOST => -1.0,
                        _ => {
                            let (n, rn) = (tree.visits[child], tree.rave_visits[child]);
                            let beta = rn / (rn + n + rn * n * search.params.rave_bias);
                            let mean = if n > 0.0 { tree.wins[child] / n } else { 0.0 };
                            (1.0 - beta) * mean
                                + beta * tree.rave_wins[child] / rn
                                + tree.progressive_bias[child]
                                + explore * (log_n / (n + 1.0)).sqrt()
                        }
                    };
                    if value > plain.1 {
                        plain = (child, value);
                    }
                }
                let chosen = search.select(node);
                // Equal up to rounding: the fast value folds the blend into one division.
                let tree = &search.tree;
                assert!(tree.children(node).contains(&chosen));
                if chosen != plain.0 {
                    let (n, rn) = (tree.visits[chosen], tree.rave_visits[chosen]);
                    let value = blended_value(
                        n,
                        tree.wins[chosen],
                        rn,
                        tree.rave_wins[chosen],
                        search.params.rave_bias,
                    ) + tree.progressive_bias[chosen]
                        + explore * (log_n / (n + 1.0)).sqrt();
                    assert!((value - plain.1).abs() < 1e-5, "node {node}: {chosen} ({value}) vs {plain:?}");
                }
                expanded += 1;
            }
            assert!(expanded > 100, "only {expanded} expanded nodes");
        }
    }

    #[test]
    fn kept_progressive_bias_is_the_formula_for_its_visits() {
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let game = random_game(17, 12);
        let mut search = Search::new(9);
        let position = Position::new(game.board(), game.to_move());
        let result = search.run(&position, NODES, far, 3000);
        let mut next = position.clone();
        next.play(result.cell);
        search.run(&next, result.cell, far, 3000);
        let mut checked = 0;
        let tree = &search.tree;
        for node in 1..tree.len() {
            let plain = tree.weighted_shape[node] / (tree.visits[node] + 1.0).sqrt();
            assert_eq!(tree.progressive_bias[node].to_bits(), plain.to_bits(), "node {node}");
            checked += usize::from(tree.visits[node] > 0.0);
        }
        assert!(checked > 100, "only {checked} visited nodes");
    }
}
