//! Fast random playouts on a flat board (`0` empty, `RED`, `BLUE` per cell index).
//!
//! The geometry (neighbours, and for each intrusion cell the bridges it breaks) is computed once
//! from the library's [`hex::Cell::neighbours`], so adjacency still lives only in the library.

use hex::{Cell, CELLS, SIZE};

pub const EMPTY: u8 = 0;
pub const RED: u8 = 1;
pub const BLUE: u8 = 2;

/// One way a move at some cell `x` intrudes into a bridge: the bridge's two stones `ends`, and the
/// other carrier cell `save` the bridge's owner plays to keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BridgeReply {
    pub ends: [u8; 2],
    pub save: u8,
}

/// Adjacency lists and bridge carriers for every cell.
pub struct Geometry {
    pub neighbours: Vec<Vec<u8>>,
    pub bridge_replies: Vec<Vec<BridgeReply>>,
}

impl Geometry {
    pub fn new() -> Geometry {
        let neighbours: Vec<Vec<u8>> =
            Cell::all().map(|cell| cell.neighbours().map(|n| n.index() as u8).collect()).collect();
        // x and an adjacent y form a bridge carrier for the two cells adjacent to both of them.
        let bridge_replies = (0..CELLS)
            .map(|x| {
                neighbours[x]
                    .iter()
                    .filter_map(|&y| {
                        let common: Vec<u8> = neighbours[x]
                            .iter()
                            .copied()
                            .filter(|c| neighbours[y as usize].contains(c))
                            .collect();
                        match common[..] {
                            [u, v] => Some(BridgeReply { ends: [u, v], save: y }),
                            _ => None,
                        }
                    })
                    .collect()
            })
            .collect();
        Geometry { neighbours, bridge_replies }
    }

    /// The player (`RED` or `BLUE`) who joins its sides on a board where every cell is filled.
    /// On a full board exactly one player is connected, so it is enough to test red.
    pub fn full_board_winner(&self, board: &[u8; CELLS], stack: &mut Vec<u8>) -> u8 {
        let mut seen = [false; CELLS];
        stack.clear();
        for col in 0..SIZE {
            if board[col] == RED {
                seen[col] = true;
                stack.push(col as u8);
            }
        }
        while let Some(cell) = stack.pop() {
            let cell = usize::from(cell);
            if cell >= CELLS - SIZE {
                return RED;
            }
            for &next in &self.neighbours[cell] {
                let next = usize::from(next);
                if !seen[next] && board[next] == RED {
                    seen[next] = true;
                    stack.push(next as u8);
                }
            }
        }
        BLUE
    }
}

/// The playout generator is the library's (xorshift64*), so the baselines draw like the bot.
pub use hex::search::Rng;

/// Fills every empty cell of `board`, `to_move` first, then alternating. The cells are chosen
/// uniformly at random, except that with `bridges` a player whose bridge was just intruded into
/// (the opponent took one of its two carrier cells) takes the other one.
///
/// `last` is the move played just before (its intrusions are answered first).
pub fn fill(
    geometry: &Geometry,
    board: &mut [u8; CELLS],
    mut to_move: u8,
    last: Option<u8>,
    bridges: bool,
    rng: &mut Rng,
) {
    let mut empty = [0u8; CELLS];
    let mut position = [0u8; CELLS];
    let mut count = 0;
    for cell in 0..CELLS {
        if board[cell] == EMPTY {
            empty[count] = cell as u8;
            position[cell] = count as u8;
            count += 1;
        }
    }
    let mut last = last;
    while count > 0 {
        let mut reply = None;
        if bridges {
            if let Some(x) = last {
                let mut candidates = [0u8; 6];
                let mut found = 0;
                for bridge in &geometry.bridge_replies[usize::from(x)] {
                    if board[usize::from(bridge.save)] == EMPTY
                        && board[usize::from(bridge.ends[0])] == to_move
                        && board[usize::from(bridge.ends[1])] == to_move
                    {
                        candidates[found] = bridge.save;
                        found += 1;
                    }
                }
                if found > 0 {
                    reply = Some(candidates[rng.below(found)]);
                }
            }
        }
        // Remove the chosen cell from the empty list by swapping the list's last cell into its slot.
        let slot = match reply {
            Some(cell) => usize::from(position[usize::from(cell)]),
            None => rng.below(count),
        };
        let cell = empty[slot];
        count -= 1;
        empty[slot] = empty[count];
        position[usize::from(empty[slot])] = slot as u8;
        board[usize::from(cell)] = to_move;
        last = Some(cell);
        to_move ^= RED ^ BLUE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(text: &str) -> u8 {
        text.parse::<Cell>().unwrap().index() as u8
    }

    #[test]
    fn bridges_have_two_carriers() {
        let geometry = Geometry::new();
        // d5's neighbours: d4 e4 c5 e5 c6 d6. The cells adjacent to both d5 and e4 are d4 and e5,
        // so d5 and e4 carry the bridge d4-e5: an intrusion at d5 is answered at e4.
        let replies = &geometry.bridge_replies[usize::from(index("d5"))];
        assert_eq!(replies.len(), 6);
        let e4 = replies.iter().find(|r| r.save == index("e4")).unwrap();
        let mut ends = e4.ends;
        ends.sort_unstable();
        let mut expected = [index("d4"), index("e5")];
        expected.sort_unstable();
        assert_eq!(ends, expected);
        // A corner cell has fewer.
        assert!(geometry.bridge_replies[0].len() < 6);
    }

    #[test]
    fn fill_fills_and_agrees_with_the_library_winner() {
        let geometry = Geometry::new();
        let mut rng = Rng::new(5);
        let mut stack = Vec::new();
        for trial in 0..200 {
            let mut board = [EMPTY; CELLS];
            fill(
                &geometry,
                &mut board,
                if trial % 2 == 0 { RED } else { BLUE },
                None,
                trial % 3 == 0,
                &mut rng,
            );
            assert!(board.iter().all(|&c| c != EMPTY));
            let reds = board.iter().filter(|&&c| c == RED).count();
            assert!(reds == 60 || reds == 61);
            let mut library = hex::Board::new();
            for cell in Cell::all() {
                let color = if board[cell.index()] == RED { hex::Color::Red } else { hex::Color::Blue };
                library.set(cell, Some(color));
            }
            let expected = if library.winner() == Some(hex::Color::Red) { RED } else { BLUE };
            assert_eq!(geometry.full_board_winner(&board, &mut stack), expected);
        }
    }

    #[test]
    fn an_intruded_bridge_is_answered() {
        let geometry = Geometry::new();
        let mut rng = Rng::new(9);
        for _ in 0..50 {
            // Red stones d4 and e5 (a bridge over d5/e4); blue just took e4: red must take d5.
            let mut board = [EMPTY; CELLS];
            board[usize::from(index("d4"))] = RED;
            board[usize::from(index("e5"))] = RED;
            board[usize::from(index("e4"))] = BLUE;
            // Fill only one move: mark everything else taken but d5 and a1.
            let mut filled = board;
            for (cell, value) in filled.iter_mut().enumerate() {
                if *value == EMPTY && cell != usize::from(index("d5")) && cell != 0 {
                    *value = BLUE;
                }
            }
            fill(&geometry, &mut filled, RED, Some(index("e4")), true, &mut rng);
            assert_eq!(filled[usize::from(index("d5"))], RED);
            assert_eq!(filled[0], BLUE);
        }
    }
}
