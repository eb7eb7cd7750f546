//! Monte Carlo tree search without Hex knowledge, in two flavours:
//!
//! * plain UCT: UCB1 selection, uniformly random playouts;
//! * RAVE: selection blends each move's own win rate with its all-moves-as-first (AMAF) win rate
//!   from the playouts, and playouts answer intrusions into bridges.
//!
//! Playouts fill the whole board (the winner of a full board is the player who connected first,
//! since stones are never removed), so the tree needs no terminal test. The swap is an ordinary
//! move at the root when it is legal.

use crate::playout::{self, Rng, BLUE, EMPTY, RED};
use hex::{Cell, Color, Game, Move, Playouts, CELLS};
use std::time::Instant;

/// The move index of `swap-pieces` in the tree.
const SWAP: u8 = CELLS as u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    Uct,
    Rave,
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub flavour: Flavour,
    /// UCB1 exploration constant (UCT), or the small exploration bonus added to RAVE's blend.
    pub exploration: f64,
    /// RAVE equivalence: the visit count at which a move's own and AMAF win rates weigh the same.
    pub rave_equivalence: f64,
    /// A leaf is expanded on this many visits (it gets plain playouts until then).
    pub expand_at: u32,
    /// Upper bound on tree nodes (memory guard).
    pub max_nodes: usize,
    /// Keep the subtree under our last answer and the opponent's reply for the next search.
    pub reuse: bool,
}

#[derive(Clone, Copy)]
struct Node {
    /// Index of the first child in the arena; children are contiguous.
    first_child: u32,
    child_count: u8,
    /// The move that leads here (a cell index, or `SWAP`).
    mv: u8,
    visits: u32,
    /// Wins for the player who played `mv`.
    wins: u32,
    rave_visits: u32,
    rave_wins: u32,
}

impl Node {
    /// A node not yet expanded and never visited, reached by `mv`.
    fn leaf(mv: u8) -> Node {
        Node { first_child: 0, child_count: 0, mv, visits: 0, wins: 0, rave_visits: 0, rave_wins: 0 }
    }
}

/// One search: the arena, the library's playouts and the generator.
pub struct Search<'g> {
    filler: &'g Playouts,
    settings: Settings,
    nodes: Vec<Node>,
    rng: Rng,
    pub playouts: u64,
    /// Visits the root already had from the previous search (tree reuse).
    pub reused_visits: u32,
    /// The previous search's root position and the answer chosen there.
    previous: Option<([u8; CELLS], u8)>,
    /// A second arena for copying a reused subtree.
    spare: Vec<Node>,
}

fn stone(color: Color) -> u8 {
    match color {
        Color::Red => RED,
        Color::Blue => BLUE,
    }
}

impl<'g> Search<'g> {
    pub fn new(filler: &'g Playouts, settings: Settings, seed: u64) -> Search<'g> {
        // Both arenas are reserved up front (the pages are only touched as the tree grows), so no
        // answer ever waits for a large tree to be copied into a bigger vector.
        let spare = if settings.reuse { Vec::with_capacity(settings.max_nodes) } else { Vec::new() };
        Search {
            filler,
            settings,
            nodes: Vec::with_capacity(settings.max_nodes),
            rng: Rng::new(seed),
            playouts: 0,
            reused_visits: 0,
            previous: None,
            spare,
        }
    }

    /// Searches `game` until `deadline` or `max_playouts`, and returns the most visited move.
    ///
    /// # Panics
    /// If the game has no legal move (it is over).
    pub fn best_move(&mut self, game: &Game, deadline: Instant, max_playouts: u64) -> Move {
        let mut root_board = [EMPTY; CELLS];
        for cell in Cell::all() {
            root_board[cell.index()] = game.board().get(cell).map_or(EMPTY, stone);
        }
        let root_color = stone(game.to_move());
        if !(self.settings.reuse && self.reuse_tree(&root_board, root_color)) {
            self.nodes.clear();
            self.nodes.push(Node::leaf(0));
        }
        self.reused_visits = self.nodes[0].visits;
        if self.nodes[0].child_count == 0 {
            self.expand(0, &root_board, game.swap_allowed());
        }
        assert!(self.nodes[0].child_count > 0, "no legal move");
        self.playouts = 0;
        let mut path: Vec<u32> = Vec::with_capacity(CELLS + 1);
        // Reading the clock costs tens of nanoseconds; every 16 playouts (well under a millisecond)
        // keeps the answer close to the deadline.
        while self.playouts < max_playouts && (self.playouts % 16 != 0 || Instant::now() < deadline) {
            self.iterate(&root_board, root_color, &mut path);
            self.playouts += 1;
        }
        let root = &self.nodes[0];
        let children = root.first_child as usize..root.first_child as usize + root.child_count as usize;
        let best = children.max_by_key(|&c| (self.nodes[c].visits, self.nodes[c].wins)).expect("a child");
        self.previous = Some((root_board, self.nodes[best].mv));
        match self.nodes[best].mv {
            SWAP => Move::Swap,
            cell => Move::Place(Cell::from_index(usize::from(cell))),
        }
    }

    /// If `board` is the previous root position plus our answer and one opponent stone, and the
    /// tree holds that line, makes that node the root (keeping its subtree) and returns true.
    fn reuse_tree(&mut self, board: &[u8; CELLS], color: u8) -> bool {
        let Some((previous, ours)) = self.previous else { return false };
        if ours == SWAP || self.nodes.is_empty() || previous[usize::from(ours)] != EMPTY {
            return false;
        }
        let mut expected = previous;
        expected[usize::from(ours)] = color;
        let mut changed = (0..CELLS).filter(|&cell| expected[cell] != board[cell]);
        let reply = match (changed.next(), changed.next()) {
            (Some(cell), None) if expected[cell] == EMPTY && board[cell] == color ^ RED ^ BLUE => cell as u8,
            _ => return false,
        };
        let child_with = |nodes: &[Node], parent: usize, mv: u8| {
            let (first, count) = (nodes[parent].first_child as usize, nodes[parent].child_count as usize);
            (first..first + count).find(|&child| nodes[child].mv == mv)
        };
        let Some(after_ours) = child_with(&self.nodes, 0, ours) else { return false };
        let Some(after_reply) = child_with(&self.nodes, after_ours, reply) else { return false };
        // Copy the subtree breadth first into a fresh arena, keeping each family contiguous.
        // Into the spare arena, which keeps its capacity: no reallocation of a large tree per move.
        let mut kept = std::mem::take(&mut self.spare);
        kept.clear();
        kept.push(Node { first_child: 0, ..self.nodes[after_reply] });
        let mut queue = std::collections::VecDeque::from([(after_reply, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let (first, count) = (self.nodes[old].first_child as usize, self.nodes[old].child_count as usize);
            if count == 0 {
                continue;
            }
            kept[new].first_child = kept.len() as u32;
            for child in first..first + count {
                queue.push_back((child, kept.len()));
                kept.push(Node { first_child: 0, ..self.nodes[child] });
            }
        }
        self.spare = std::mem::replace(&mut self.nodes, kept);
        true
    }

    /// The root's most visited children: `(move, visits, win rate)`, best first.
    pub fn top_moves(&self, count: usize) -> Vec<(String, u32, f64)> {
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        let mut children: Vec<&Node> = self.nodes[first..first + root.child_count as usize].iter().collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.visits));
        children
            .iter()
            .enumerate()
            .filter(|&(rank, c)| rank < count || c.mv == SWAP)
            .map(|(_, c)| c)
            .map(|c| {
                let mv =
                    if c.mv == SWAP { Move::Swap } else { Move::Place(Cell::from_index(usize::from(c.mv))) };
                (mv.to_string(), c.visits, f64::from(c.wins) / f64::from(c.visits.max(1)))
            })
            .collect()
    }

    /// Adds the children of `node`: every empty cell (in random order, so ties between unvisited
    /// children do not favour a corner) and, at the root on turn 2, the swap.
    fn expand(&mut self, node: usize, board: &[u8; CELLS], swap: bool) {
        let first = self.nodes.len();
        let empty = board.iter().enumerate().filter(|&(_, &stone)| stone == EMPTY);
        self.nodes.extend(empty.map(|(cell, _)| Node::leaf(cell as u8)));
        if swap {
            self.nodes.push(Node::leaf(SWAP));
        }
        let count = self.nodes.len() - first;
        for i in (1..count).rev() {
            let j = self.rng.below(i + 1);
            self.nodes.swap(first + i, first + j);
        }
        self.nodes[node].first_child = first as u32;
        self.nodes[node].child_count = count as u8;
    }

    fn select(&mut self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let first = parent.first_child as usize;
        let children = first..first + parent.child_count as usize;
        let log_parent = f64::from(parent.visits.max(1)).ln();
        let settings = self.settings;
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for child in children {
            let c = &self.nodes[child];
            let visits = f64::from(c.visits);
            let value = match settings.flavour {
                Flavour::Uct => {
                    if c.visits == 0 {
                        return child;
                    }
                    f64::from(c.wins) / visits + settings.exploration * (log_parent / visits).sqrt()
                }
                Flavour::Rave => {
                    let rave_visits = f64::from(c.rave_visits);
                    if c.visits == 0 && c.rave_visits == 0 {
                        // First-play urgency: try moves nothing is known about.
                        1.0 + settings.exploration
                    } else {
                        let own = if c.visits > 0 { f64::from(c.wins) / visits } else { 0.0 };
                        let amaf = if c.rave_visits > 0 { f64::from(c.rave_wins) / rave_visits } else { 0.0 };
                        // Gelly and Silver's blend: trust AMAF early, the move's own statistics later.
                        let beta = rave_visits
                            / (rave_visits + visits + visits * rave_visits / settings.rave_equivalence);
                        (1.0 - beta) * own
                            + beta * amaf
                            + settings.exploration * (log_parent / (visits + 1.0)).sqrt()
                    }
                }
            };
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// One descent, playout and update.
    fn iterate(&mut self, root_board: &[u8; CELLS], root_color: u8, path: &mut Vec<u32>) {
        let mut board = *root_board;
        let mut color = root_color;
        let mut node = 0usize;
        let mut last = None;
        path.clear();
        path.push(0);
        loop {
            if self.nodes[node].child_count == 0 {
                let has_empty = board.contains(&EMPTY);
                let grow = self.nodes[node].visits >= self.settings.expand_at
                    && has_empty
                    && self.nodes.len() + CELLS + 1 < self.settings.max_nodes;
                if !grow {
                    break;
                }
                self.expand(node, &board, false);
            }
            node = self.select(node);
            let mv = self.nodes[node].mv;
            if mv == SWAP {
                let red = board.iter().position(|&c| c == RED).expect("swap needs red's stone");
                board[red] = EMPTY;
                board[Cell::from_index(red).mirror().index()] = BLUE;
                last = None;
            } else {
                board[usize::from(mv)] = color;
                last = Some(mv);
            }
            color ^= RED ^ BLUE;
            path.push(node as u32);
        }
        let bridges = self.settings.flavour == Flavour::Rave;
        let winner = playout::fill(self.filler, &mut board, color, last, bridges, &mut self.rng);
        // Walk the path again to know who moved at each step: the root's player moved first.
        let mut mover = root_color;
        for (depth, &index) in path.iter().enumerate() {
            let index = index as usize;
            if depth > 0 {
                let n = &mut self.nodes[index];
                n.visits += 1;
                n.wins += u32::from(winner == mover);
                mover ^= RED ^ BLUE;
            } else {
                self.nodes[index].visits += 1;
            }
            if bridges {
                // AMAF: each child cell that the player to move here ended up owning counts as if
                // that player had played it first. `mover` is now the player to move at `index`.
                let (first, count) =
                    (self.nodes[index].first_child as usize, self.nodes[index].child_count as usize);
                let won = u32::from(winner == mover);
                for child in &mut self.nodes[first..first + count] {
                    if child.mv != SWAP && board[usize::from(child.mv)] == mover {
                        child.rave_visits += 1;
                        child.rave_wins += won;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn settings(flavour: Flavour) -> Settings {
        Settings {
            flavour,
            exploration: 0.5,
            rave_equivalence: 1000.0,
            expand_at: 2,
            max_nodes: 1 << 20,
            reuse: false,
        }
    }

    fn far_deadline() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    /// Red to move with a one-move win (column f filled except f6): both flavours must find it.
    #[test]
    fn finds_a_winning_move() {
        let filler = Playouts::new();
        let mut board = hex::Board::new();
        for row in 0..hex::SIZE {
            if row != 5 {
                board.set(Cell::new(row, 5).unwrap(), Some(Color::Red));
                board.set(Cell::new(row, 0).unwrap(), Some(Color::Blue));
            }
        }
        board.set(Cell::new(5, 0).unwrap(), Some(Color::Blue));
        board.set(Cell::new(0, 1).unwrap(), Some(Color::Blue));
        let game = Game::from_position(board, Color::Red);
        for flavour in [Flavour::Uct, Flavour::Rave] {
            let mut search = Search::new(&filler, settings(flavour), 3);
            let mv = search.best_move(&game, far_deadline(), 4000);
            assert_eq!(mv, Move::Place("f6".parse().unwrap()), "{flavour:?}");
        }
    }

    /// Blue to move with a one-move win (row 3 filled except c3): the tree's perspective must
    /// flip correctly for the second player too.
    #[test]
    fn finds_a_winning_move_for_blue() {
        let filler = Playouts::new();
        let mut board = hex::Board::new();
        for col in 0..hex::SIZE {
            if col != 2 {
                board.set(Cell::new(2, col).unwrap(), Some(Color::Blue));
                board.set(Cell::new(8, col).unwrap(), Some(Color::Red));
            }
        }
        let game = Game::from_position(board, Color::Blue);
        for flavour in [Flavour::Uct, Flavour::Rave] {
            let mut search = Search::new(&filler, settings(flavour), 4);
            let mv = search.best_move(&game, far_deadline(), 4000);
            assert_eq!(mv, Move::Place("c3".parse().unwrap()), "{flavour:?}");
        }
    }

    #[test]
    fn swap_is_a_root_move_and_chosen_for_a_central_opening() {
        let filler = Playouts::new();
        let mut game = Game::new();
        game.play(Move::Place("f6".parse().unwrap())).unwrap();
        let mut search = Search::new(&filler, settings(Flavour::Rave), 5);
        let mv = search.best_move(&game, far_deadline(), 20_000);
        assert_eq!(mv, Move::Swap);
    }

    /// After our answer and the opponent's reply, the next search starts from the subtree the
    /// previous one grew there, and a reused tree is a faithful copy (same visits below the root).
    #[test]
    fn tree_is_reused_after_our_answer_and_the_reply() {
        let filler = Playouts::new();
        let mut rave = settings(Flavour::Rave);
        rave.reuse = true;
        let mut search = Search::new(&filler, rave, 6);
        let mut game = Game::new();
        game.play(Move::Place("a1".parse().unwrap())).unwrap();
        game.play(Move::Place("k11".parse().unwrap())).unwrap();
        let ours = search.best_move(&game, far_deadline(), 20_000);
        game.play(ours).unwrap();
        // The opponent's reply the search thought most likely, so its subtree is large.
        let Move::Place(our_cell) = ours else { panic!("no swap on turn 3") };
        let after_ours = {
            let root = &search.nodes[0];
            (root.first_child as usize..root.first_child as usize + root.child_count as usize)
                .find(|&c| search.nodes[c].mv == our_cell.index() as u8)
                .unwrap()
        };
        let reply_node = {
            let node = &search.nodes[after_ours];
            (node.first_child as usize..node.first_child as usize + node.child_count as usize)
                .max_by_key(|&c| search.nodes[c].visits)
                .unwrap()
        };
        let reply_visits = search.nodes[reply_node].visits;
        let reply = Move::Place(Cell::from_index(usize::from(search.nodes[reply_node].mv)));
        game.play(reply).unwrap();
        search.best_move(&game, far_deadline(), 1);
        assert_eq!(search.reused_visits, reply_visits);
        assert!(
            reply_visits > 1,
            "{} visits after our answer, {reply_visits} after the reply",
            search.nodes[after_ours].visits
        );
        // A position that does not follow from the last answer starts afresh.
        let mut other = Game::new();
        other.play(Move::Place("c3".parse().unwrap())).unwrap();
        other.play(Move::Place("d4".parse().unwrap())).unwrap();
        search.best_move(&other, far_deadline(), 1);
        assert_eq!(search.reused_visits, 0);
    }
}
