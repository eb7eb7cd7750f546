//! Backing up a playout's result along the path: visits and wins, the RAVE statistics of every
//! child on the path (MCTS with all-moves-as-first), and the solver's proofs.

use super::tree::{LOST, UNKNOWN, WON};
use super::Search;
use crate::board::{Color, CELLS};
use crate::geometry::NODES;
use crate::position::stone;

impl Search {
    /// Adds the result to the visits and wins of every node on the path.
    pub(super) fn update(&mut self, root_to_move: Color, winner: Color) {
        let mut to_move = root_to_move;
        for depth in 0..self.path.len() {
            let mover = to_move.opponent();
            let node = self.path[depth] as usize;
            let tree = &mut self.tree;
            tree.visits[node] += 1.0;
            tree.progressive_bias[node] = tree.weighted_shape[node] / (tree.visits[node] + 1.0).sqrt();
            if winner == mover {
                tree.wins[node] += 1.0;
            }
            to_move = mover;
        }
    }

    /// RAVE update of every child of every node on the path, from the full playout board.
    pub(super) fn update_rave(&mut self, root_to_move: Color, final_board: &[u8; NODES], winner: Color) {
        // Each cell's owner as two 0/1 tables indexed by the cell byte (256 entries: no bounds
        // check), so that the loop below adds without comparing: as a comparison the compiler
        // made it a branch, a coin flip on random playout boards.
        // Filled without a branch a cell (both tables at once, in vector lanes).
        let mut owned = [[0.0f32; 256]; 2];
        let (red, blue) = (stone(Color::Red), stone(Color::Blue));
        for (cell, &node) in final_board[..CELLS].iter().enumerate() {
            owned[0][cell] = f32::from(u8::from(node == red));
            owned[1][cell] = f32::from(u8::from(node == blue));
        }
        let mut to_move = root_to_move;
        for depth in 0..self.path.len() {
            let ours = &owned[to_move.index()];
            let tree = &mut self.tree;
            let children = tree.children(self.path[depth] as usize);
            let cells = &tree.cell[children.clone()];
            if winner == to_move {
                let rave_wins = &mut tree.rave_wins[children.clone()];
                for ((&cell, visits), wins) in
                    cells.iter().zip(&mut tree.rave_visits[children]).zip(rave_wins)
                {
                    let mine = ours[usize::from(cell)];
                    *visits += mine;
                    *wins += mine;
                }
            } else {
                for (&cell, visits) in cells.iter().zip(&mut tree.rave_visits[children]) {
                    *visits += ours[usize::from(cell)];
                }
            }
            to_move = to_move.opponent();
        }
    }

    /// After reaching a proven node, re-derives the proofs of its ancestors.
    pub(super) fn propagate_proof(&mut self) {
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
