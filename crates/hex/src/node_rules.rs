//! The solver's rules at one node, used by the MCTS (`search`):
//! a cell that wins at once, a win through disjoint bridges and templates, the opponent's threats
//! (one must be blocked, two lose), a lost position through the opponent's disjoint bridges, the
//! mustplay region when the opponent is connected through bridges, and otherwise the cells the
//! dead and vulnerable cells' pruning keeps.

use crate::board::CELLS;
use crate::connections::{bridge_carriers, bridge_connected, bridge_links, winning_cells};
use crate::geometry::Geometry;
use crate::inferior::DeadTable;
use crate::position::{stone, Position, EMPTY};

/// What the rules say of a node for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Won: playing this cell keeps the win (a cell that wins at once, or a carrier of the
    /// disjoint bridges that already join the mover's sides).
    Won(usize),
    /// Lost whatever the mover does (two threats, or the opponent joined through disjoint bridges);
    /// the node's cells are still the stubbornest moves.
    Lost,
    /// Not decided by the rules.
    Open,
}

/// The node's verdict and the cells worth searching (empty unless `verdict` is `Lost` or `Open`).
pub struct NodeMoves {
    pub verdict: Verdict,
    pub cells: Vec<usize>,
}

/// The solver's rules at `position` for its side to move.
pub fn node_moves(position: &Position, geometry: &Geometry, dead: &DeadTable) -> NodeMoves {
    let me = position.to_move;
    let won = |cell| NodeMoves { verdict: Verdict::Won(cell), cells: Vec::new() };
    if let Some(&cell) = winning_cells(position, geometry, me).first() {
        return won(cell);
    }
    if let Some(carrier) = bridge_links(position, geometry, me).proof {
        // Won through disjoint bridges: filling one of their carriers keeps the win.
        return won(if carrier < CELLS { carrier } else { candidates(position, geometry, dead)[0] });
    }
    let threats = winning_cells(position, geometry, me.opponent());
    match threats.len() {
        0 => {
            let theirs = bridge_links(position, geometry, me.opponent());
            let verdict = if theirs.proof.is_some() { Verdict::Lost } else { Verdict::Open };
            let cells = theirs
                .loose
                .then(|| mustplay(position, geometry))
                .flatten()
                .unwrap_or_else(|| candidates(position, geometry, dead));
            NodeMoves { verdict, cells }
        }
        1 => NodeMoves { verdict: Verdict::Open, cells: threats },
        // Lost whatever we do; still list the blocks, so that a move can be reported.
        _ => NodeMoves { verdict: Verdict::Lost, cells: threats },
    }
}

/// When the opponent is already connected through bridges, the only moves that are not hopeless
/// are those that break that connection (a stone on a bridge carrier after which the bridge graph
/// no longer joins the opponent's sides). `None` if the opponent is not so connected or no single
/// stone breaks it (then every move is as bad, so nothing is pruned).
fn mustplay(position: &Position, geometry: &Geometry) -> Option<Vec<usize>> {
    let opponent = position.to_move.opponent();
    let mut trial = position.clone();
    let mine = stone(position.to_move);
    let breaks: Vec<usize> = bridge_carriers(position, geometry, opponent)
        .into_iter()
        .filter(|&cell| {
            trial.nodes[cell] = mine;
            let still = bridge_connected(&trial, geometry, opponent);
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

/// The empty cells worth searching: not dead, and not killable by one opponent move (unless the
/// killer is itself killable, which would prune both of a pair).
pub fn candidates(position: &Position, geometry: &Geometry, dead: &DeadTable) -> Vec<usize> {
    let opponent = stone(position.to_move.opponent());
    let mut state = [0u8; CELLS]; // 0 live, 1 dead, 2 vulnerable
    let mut killer = [0usize; CELLS];
    for cell in 0..CELLS {
        if position.nodes[cell] != EMPTY {
            continue;
        }
        // One lookup for the dead test and the first killing neighbour (an empty ring slot).
        match dead.verdict(position.pattern(geometry, cell), opponent) {
            0 => {}
            1 => state[cell] = 1,
            slot => {
                state[cell] = 2;
                killer[cell] = geometry.rings[cell][usize::from(slot - 2) % 6];
            }
        }
    }
    unpruned(position, &state, &killer)
}

/// The empty cells of `position` kept by the pruning, given each cell's `state` (0 live, 1 dead, 2
/// vulnerable) and a vulnerable cell's `killer`: the live ones, and of a pair of vulnerable cells
/// killing each other the first; every empty cell if that leaves none.
fn unpruned(position: &Position, state: &[u8; CELLS], killer: &[usize; CELLS]) -> Vec<usize> {
    let list: Vec<usize> = (0..CELLS)
        .filter(|&c| position.nodes[c] == EMPTY)
        .filter(|&c| {
            state[c] == 0
                || (state[c] == 2 && state[killer[c]] == 2 && killer[killer[c]] == c && c < killer[c])
        })
        .collect();
    if list.is_empty() {
        (0..CELLS).filter(|&c| position.nodes[c] == EMPTY).collect()
    } else {
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Color};
    use crate::position::tests::random_game;

    /// [`candidates`]' pruning as it was before the verdict table: the dead test and each
    /// neighbour's killing test one by one.
    fn plain_candidates(geometry: &Geometry, dead: &DeadTable, position: &Position) -> Vec<usize> {
        let opponent = stone(position.to_move.opponent());
        let mut state = [0u8; CELLS];
        let mut killer = [0usize; CELLS];
        for cell in 0..CELLS {
            if position.nodes[cell] != EMPTY {
                continue;
            }
            let code = position.pattern(geometry, cell);
            if dead.is_dead(code) {
                state[cell] = 1;
                continue;
            }
            let mut power = 1;
            for &n in &geometry.rings[cell] {
                if n < CELLS
                    && position.nodes[n] == EMPTY
                    && dead.is_dead(code + power * usize::from(opponent))
                {
                    state[cell] = 2;
                    killer[cell] = n;
                    break;
                }
                power *= 3;
            }
        }
        unpruned(position, &state, &killer)
    }

    /// The candidates through the verdict table are the plain pruning's, in random positions of
    /// every fill with either side to move (some cells dead or vulnerable in most of them).
    #[test]
    fn candidates_are_the_plain_pruning() {
        let (geometry, dead) = (Geometry::new(), DeadTable::new());
        let mut pruned = 0;
        for seed in 0..600 {
            let game = random_game(seed, (seed % 115) as usize);
            for to_move in [Color::Red, Color::Blue] {
                let position = Position::new(game.board(), to_move);
                let fast = candidates(&position, &geometry, &dead);
                let plain = plain_candidates(&geometry, &dead, &position);
                let empty = (0..CELLS).filter(|&c| position.nodes[c] == EMPTY).count();
                pruned += usize::from(plain.len() < empty);
                assert_eq!(fast, plain, "seed {seed} {to_move}");
            }
        }
        assert!(pruned > 300, "only {pruned} positions with pruned cells");
    }

    fn position(red: &[&str], blue: &[&str], to_move: Color) -> Position {
        let mut board = Board::new();
        for (cells, color) in [(red, Color::Red), (blue, Color::Blue)] {
            for cell in cells {
                board.set(cell.parse().unwrap(), Some(color));
            }
        }
        Position::new(&board, to_move)
    }

    /// Red's column f1..f11 but for f6: red to move has won at f6, blue to move must block there.
    /// Red's f1..f5 and e7..e11 joined by the bridge e6/f6: blue to move faces two threats and has
    /// lost (both blocks listed).
    #[test]
    fn wins_blocks_and_double_threats() {
        let (geometry, dead) = (Geometry::new(), DeadTable::new());
        let index = |cell: &str| cell.parse::<crate::board::Cell>().unwrap().index();
        let column: Vec<String> = (1..=11).filter(|&r| r != 6).map(|r| format!("f{r}")).collect();
        let column: Vec<&str> = column.iter().map(String::as_str).collect();
        let red = node_moves(&position(&column, &["a1"], Color::Red), &geometry, &dead);
        assert_eq!(red.verdict, Verdict::Won(index("f6")));
        let blue = node_moves(&position(&column, &["a1"], Color::Blue), &geometry, &dead);
        assert_eq!((blue.verdict, blue.cells), (Verdict::Open, vec![index("f6")]));
        let bridged = ["f1", "f2", "f3", "f4", "f5", "e7", "e8", "e9", "e10", "e11"];
        let blue = node_moves(&position(&bridged, &["a1"], Color::Blue), &geometry, &dead);
        let mut blocks = vec![index("e6"), index("f6")];
        blocks.sort_unstable();
        assert_eq!((blue.verdict, blue.cells), (Verdict::Lost, blocks));
    }
}
