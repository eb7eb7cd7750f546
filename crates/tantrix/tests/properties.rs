//! Property tests for the Tantrix move counter on positions that could arise in a legal game.
//!
//! * [`generate`] plays random games: one random piece of the 56-tile set at `0 0`, two hands of five
//!   dealt from the rest, then each player in turn plays a random move among those the counter accepts.
//! * [`plain`] is a second, deliberately plain implementation of the five rules (linear scans, one rule
//!   per function, controlled sides checked cell by cell from their definition) that must produce the
//!   very same moves.
//! * The count must not change under the symmetries of the game: rotating or mirroring the whole
//!   position, translating it, reordering the hand. Every counted move must lead to a position that
//!   is still legal (links match, no empty cell holds three links of one colour).
//!
//! Each property runs over `CASES` generated positions (>= 2,000 per `cargo test`).
//!
//! The 50-case benchmark file is checked against the generator (`bench_data_is_the_generators`,
//! which also says how to write it again).

use proptest::prelude::*;
use tantrix::{count_legal_moves, legal_moves, Board, Direction, Hex, Spaces, Tile};
use test_support::rng::Rng;

const CASES: u32 = 2_000;
/// The comparison with the plain implementation gets more positions: it is the one that finds bugs.
const PLAIN_CASES: u32 = 3_000;

/// A position: the played tiles and the hand of the player to move.
#[derive(Clone, Debug)]
struct Position {
    played: Vec<(Hex, Tile)>,
    hand: Vec<Tile>,
}

impl Position {
    fn board(&self) -> Board {
        Board::new(self.played.clone()).expect("generated positions are valid layouts")
    }

    fn count(&self) -> usize {
        count_legal_moves(&self.board(), &self.hand)
    }

    fn map(&self, cell: impl Fn(Hex) -> Hex, tile: impl Fn(Tile) -> Tile) -> Position {
        Position {
            played: self.played.iter().map(|&(c, t)| (cell(c), tile(t))).collect(),
            hand: self.hand.iter().map(|&t| tile(t)).collect(),
        }
    }

    /// The input text of this position as one case.
    fn to_input(&self) -> String {
        let mut text = format!("{}\n", self.played.len());
        for (cell, tile) in &self.played {
            text += &format!("{} {} {}\n", cell.x, cell.y, tile);
        }
        let hand: Vec<String> = self.hand.iter().map(Tile::to_string).collect();
        text + &hand.join(" ") + "\n"
    }
}

/// Plays a random legal game from `seed` until `target` tiles are down (or the player to move is
/// stuck, which leaves a legal position with no move). The hand tiles are written in random
/// orientations.
fn generate(seed: u64, target: usize) -> Position {
    let mut rng = Rng(seed);
    let mut bag = Tile::full_set();
    rng.shuffle(&mut bag);
    let first = bag.pop().unwrap().rotated(rng.below(6));
    let mut played = vec![(Hex::ORIGIN, first)];
    let mut hands: [Vec<Tile>; 2] = [bag.split_off(bag.len() - 5), bag.split_off(bag.len() - 5)];
    let mut player = 0;
    while played.len() < target {
        let board = Board::new(played.clone()).unwrap();
        let moves = legal_moves(&board, &hands[player]);
        if moves.is_empty() {
            break;
        }
        let chosen = moves[rng.below(moves.len())];
        played.push((chosen.cell, chosen.tile));
        hands[player].remove(chosen.hand_index);
        hands[player].push(bag.pop().expect("56 tiles last for 20 moves"));
        player ^= 1;
    }
    let hand = hands[player].iter().map(|&tile| tile.rotated(rng.below(6))).collect();
    Position { played, hand }
}

/// A generated position of 1..=20 tiles, the size drawn from the seed too.
fn position(seed: u64) -> Position {
    let target = 1 + (seed >> 40) as usize % 20;
    generate(seed, target)
}

/// The five rules written out plainly from the statement, sharing no code with the solver beyond
/// reading tile strings: cells are `(x, y)` pairs, tiles six letters, the board a list.
mod plain {
    pub type Cell = (i32, i32);
    pub type Letters = [u8; 6];

    /// Edge k of a tile touches the neighbour at `STEP[k]`, which touches back with edge k + 3.
    const STEP: [Cell; 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];

    fn go(cell: Cell, k: usize, times: i32) -> Cell {
        (cell.0 + STEP[k].0 * times, cell.1 + STEP[k].1 * times)
    }

    fn at(board: &[(Cell, Letters)], cell: Cell) -> Option<Letters> {
        board.iter().find(|(c, _)| *c == cell).map(|&(_, t)| t)
    }

    fn played_neighbours(board: &[(Cell, Letters)], cell: Cell) -> usize {
        (0..6).filter(|&k| at(board, go(cell, k, 1)).is_some()).count()
    }

    /// Turning a tile clockwise by one step moves the letter of edge k to edge k + 1.
    fn turn(tile: Letters, steps: usize) -> Letters {
        let mut out = [0; 6];
        for k in 0..6 {
            out[(k + steps) % 6] = tile[k];
        }
        out
    }

    /// How many links of `colour` end in the empty cell `cell`.
    fn links(board: &[(Cell, Letters)], cell: Cell, colour: u8) -> usize {
        (0..6).filter(|&k| at(board, go(cell, k, 1)).is_some_and(|t| t[(k + 3) % 6] == colour)).count()
    }

    /// Rule 1.
    fn next_to_played(board: &[(Cell, Letters)], cell: Cell) -> bool {
        at(board, cell).is_none() && played_neighbours(board, cell) > 0
    }

    /// Rule 2.
    fn colours_match(board: &[(Cell, Letters)], tile: Letters, cell: Cell) -> bool {
        (0..6).all(|k| match at(board, go(cell, k, 1)) {
            Some(other) => other[(k + 3) % 6] == tile[k],
            None => true,
        })
    }

    /// Rule 4: after the placement no empty cell holds three links of one colour that it did not
    /// hold before.
    fn no_dead_space(board: &[(Cell, Letters)], tile: Letters, cell: Cell) -> bool {
        let mut after = board.to_vec();
        after.push((cell, tile));
        for k in 0..6 {
            let space = go(cell, k, 1);
            if at(&after, space).is_some() {
                continue;
            }
            for colour in *b"RGYB" {
                if links(&after, space, colour) >= 3 && links(board, space, colour) < 3 {
                    return false;
                }
            }
        }
        true
    }

    /// Rule 3's forced spaces: empty cells with three or more played neighbours.
    pub fn forced_spaces(board: &[(Cell, Letters)]) -> Vec<Cell> {
        let mut spaces = Vec::new();
        for &(c, _) in board {
            for k in 0..6 {
                let cell = go(c, k, 1);
                if at(board, cell).is_none() && played_neighbours(board, cell) >= 3 && !spaces.contains(&cell)
                {
                    spaces.push(cell);
                }
            }
        }
        spaces
    }

    /// Rule 5, straight from the definition: `cell` is on a controlled side of forced space `f` if
    /// `cell = f + t * w` for a direction `w` and `t >= 1`, the cells `f + i * w` (1 <= i <= t) are
    /// all empty, and a played neighbour `p` of `f` beside `w` starts a wall `p + i * w`
    /// (0 <= i < t) of played tiles along them.
    fn controlled(board: &[(Cell, Letters)], forced: &[Cell], cell: Cell) -> bool {
        for &f in forced {
            for w in 0..6 {
                for side in [(w + 5) % 6, (w + 1) % 6] {
                    for t in 1..=64 {
                        if go(f, w, t) != cell {
                            continue;
                        }
                        let line_empty = (1..=t).all(|i| at(board, go(f, w, i)).is_none());
                        let wall = go(f, side, 1);
                        let wall_played = (0..t).all(|i| at(board, go(wall, w, i)).is_some());
                        if line_empty && wall_played {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The legal moves as (cell, tile as placed), sorted.
    pub fn legal_moves(board: &[(Cell, Letters)], hand: &[Letters]) -> Vec<(Cell, Letters)> {
        let mut cells: Vec<Cell> = Vec::new();
        for &(c, _) in board {
            for k in 0..6 {
                let cell = go(c, k, 1);
                if next_to_played(board, cell) && !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        let forced = forced_spaces(board);
        let mut all = Vec::new();
        for &cell in &cells {
            if controlled(board, &forced, cell) {
                continue;
            }
            for &tile in hand {
                let mut orientations: Vec<Letters> = Vec::new();
                for steps in 0..6 {
                    let turned = turn(tile, steps);
                    if !orientations.contains(&turned) {
                        orientations.push(turned);
                    }
                }
                for turned in orientations {
                    if colours_match(board, turned, cell) && no_dead_space(board, turned, cell) {
                        all.push((cell, turned));
                    }
                }
            }
        }
        let into_forced: Vec<(Cell, Letters)> =
            all.iter().copied().filter(|(cell, _)| forced.contains(cell)).collect();
        let mut moves = if into_forced.is_empty() { all } else { into_forced };
        moves.sort();
        moves
    }

    /// The invariants of a legal position: links match, no empty cell holds three of one colour.
    pub fn is_legal_position(board: &[(Cell, Letters)]) -> bool {
        for &(c, tile) in board {
            for k in 0..6 {
                let next = go(c, k, 1);
                match at(board, next) {
                    Some(other) if other[(k + 3) % 6] != tile[k] => return false,
                    Some(_) => {}
                    None => {
                        if b"RGYB".iter().any(|&colour| links(board, next, colour) >= 3) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
}

fn letters(tile: Tile) -> plain::Letters {
    let mut out = [0; 6];
    out.copy_from_slice(tile.to_string().as_bytes());
    out
}

fn plain_board(played: &[(Hex, Tile)]) -> Vec<(plain::Cell, plain::Letters)> {
    played.iter().map(|&(c, t)| ((c.x, c.y), letters(t))).collect()
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(PLAIN_CASES))]

    #[test]
    fn solver_and_plain_rules_find_the_same_moves(seed in any::<u64>()) {
        let position = position(seed);
        let mut fast: Vec<(plain::Cell, plain::Letters)> = legal_moves(&position.board(), &position.hand)
            .iter()
            .map(|mv| ((mv.cell.x, mv.cell.y), letters(mv.tile)))
            .collect();
        fast.sort();
        let hand: Vec<plain::Letters> = position.hand.iter().map(|&t| letters(t)).collect();
        let slow = plain::legal_moves(&plain_board(&position.played), &hand);
        prop_assert_eq!(fast, slow, "{}", position.to_input());
    }
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn count_is_invariant_under_rotation(seed in any::<u64>(), turns in 1usize..6) {
        let position = position(seed);
        let mut turned = position.clone();
        for _ in 0..turns {
            turned = turned.map(Hex::rotated_clockwise, |t| t.rotated(1));
        }
        prop_assert_eq!(turned.count(), position.count(), "{}", position.to_input());
    }

    #[test]
    fn count_is_invariant_under_mirroring(seed in any::<u64>()) {
        let position = position(seed);
        let mirrored = position.map(Hex::mirrored, Tile::mirrored);
        prop_assert_eq!(mirrored.count(), position.count(), "{}", position.to_input());
    }

    #[test]
    fn count_is_invariant_under_translation(seed in any::<u64>(), dx in -40i32..=40, dy in -40i32..=40) {
        let position = position(seed);
        let moved = position.map(|c| c.translated(dx, dy), |t| t);
        prop_assert_eq!(moved.count(), position.count(), "{}", position.to_input());
    }

    #[test]
    fn count_is_invariant_under_hand_order(seed in any::<u64>(), shuffle_seed in any::<u64>()) {
        let position = position(seed);
        let mut reordered = position.clone();
        Rng(shuffle_seed).shuffle(&mut reordered.hand);
        prop_assert_eq!(reordered.count(), position.count(), "{}", position.to_input());
    }

    #[test]
    fn every_counted_move_leads_to_a_legal_position(seed in any::<u64>()) {
        let position = position(seed);
        let board = position.board();
        for mv in legal_moves(&board, &position.hand) {
            prop_assert!(board.with_tile(mv.cell, mv.tile).is_ok(), "{:?}\n{}", mv, position.to_input());
            let mut after = plain_board(&position.played);
            after.push(((mv.cell.x, mv.cell.y), letters(mv.tile)));
            prop_assert!(plain::is_legal_position(&after), "{:?}\n{}", mv, position.to_input());
        }
    }
}

/// The plain implementation answers every sample file on its own (own parsing too), which is what
/// makes the answers of samples beyond the statement's independent of the solver.
#[test]
fn plain_rules_answer_the_samples() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/tantrix");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension() != Some(std::ffi::OsStr::new("in")) {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("ans")).unwrap();
        let mut tokens = input.split_whitespace();
        let mut next = || tokens.next().unwrap();
        let as_letters = |text: &str| -> plain::Letters { text.as_bytes().try_into().unwrap() };
        let cases: usize = next().parse().unwrap();
        let mut answers = Vec::new();
        for _ in 0..cases {
            let played: usize = next().parse().unwrap();
            let mut board = Vec::new();
            for _ in 0..played {
                let cell = (next().parse().unwrap(), next().parse().unwrap());
                board.push((cell, as_letters(next())));
            }
            let hand: Vec<plain::Letters> = (0..5).map(|_| as_letters(next())).collect();
            answers.push(plain::legal_moves(&board, &hand).len().to_string());
        }
        let expected: Vec<&str> = expected.split_whitespace().collect();
        assert_eq!(answers, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 2);
}

/// The properties above are only as good as the positions: make sure the generator reaches the
/// situations each rule is about.
#[test]
fn generated_positions_exercise_every_rule() {
    let (mut with_forced, mut with_controlled, mut forced_answers, mut long_sides) = (0, 0, 0, 0);
    for seed in 0..500u64 {
        let position = position(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let board = position.board();
        let spaces = Spaces::new(&board);
        with_forced += usize::from(!spaces.forced_spaces().is_empty());
        let controlled = spaces.controlled_cells();
        with_controlled += usize::from(!controlled.is_empty());
        // A controlled cell two or more steps from every forced space: a side longer than one cell.
        long_sides += usize::from(controlled.iter().any(|&cell| {
            spaces.forced_spaces().iter().all(|&f| !Direction::ALL.iter().any(|&d| f.neighbour(d) == cell))
        }));
        forced_answers += usize::from(
            legal_moves(&board, &position.hand).iter().any(|mv| spaces.forced_spaces().contains(&mv.cell)),
        );
    }
    assert!(with_forced > 100, "positions with forced spaces: {with_forced}");
    assert!(with_controlled > 100, "positions with controlled sides: {with_controlled}");
    assert!(long_sides > 10, "positions with a controlled side of 2+ cells: {long_sides}");
    assert!(forced_answers > 20, "positions whose moves all fill a forced space: {forced_answers}");
}

/// The benchmark input `crates/tantrix/benches-data/50x20.in` (50 cases of 20 played tiles each)
/// is what the generator writes from its seeds (2006 on), so that the timings' input is
/// regenerable: `TANTRIX_WRITE_BENCH=1 cargo test -p tantrix --test properties bench_data` writes
/// it again (after a change to the generator).
#[test]
fn bench_data_is_the_generators() {
    let mut text = String::from("50\n");
    let mut seed = 2005u64;
    let mut cases = 0;
    while cases < 50 {
        seed += 1;
        let position = generate(seed, 20);
        if position.played.len() == 20 {
            text += &position.to_input();
            cases += 1;
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches-data/50x20.in");
    if std::env::var_os("TANTRIX_WRITE_BENCH").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap();
    assert!(committed == text, "{} is not the generator's: write it again (see above)", path.display());
}
