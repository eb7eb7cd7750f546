//! Seeded games: the SplitMix64 streams of the spec, the open-rule switches ([`Rules`], in
//! `rules`) and a [`Game`] that draws the initial numbers, nextThree and the placements, applies
//! moves through the rules of [`Board`](crate::Board) and keeps the score.
//!
//! Generation (the spec's "Game generation"): colours come from `SplitMix64(2*seed + 1)`, cells from
//! `SplitMix64(2*seed + 2)`; a colour is `1 + below(7)`, a cell is `empties[below(len)]` with the
//! empty cells in row-major order, recomputed before each number. Any tool that follows the spec
//! replays the same game from the same seed.

mod rules;

use crate::*;
pub use rules::{PlacementCheck, PlacementLines, Rules};

/// The SplitMix64 generator exactly as the spec writes it (all arithmetic mod 2^64).
///
/// Every tool that follows the spec replays the same games from the same seed, so this must
/// not change: the unit tests pin its outputs against an independent Python implementation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first step adds the golden gamma to `state`.
    pub fn new(state: u64) -> SplitMix64 {
        SplitMix64 { state }
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n` by rejection: outputs `>= 2^64 - (2^64 mod n)` are redrawn.
    ///
    /// # Panics
    /// If `n == 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        // 2^64 mod n, computed without 128-bit arithmetic: (2^64 - n) mod n.
        let excess = n.wrapping_neg() % n;
        let limit = 0u64.wrapping_sub(excess); // 2^64 - excess; 0 stands for 2^64 (no rejection)
        loop {
            let out = self.next_u64();
            if excess == 0 || out < limit {
                return out % n;
            }
        }
    }
}

/// What one move did: its own removal, then the numbers placed after it (if it removed nothing,
/// or if it cleared the board) and the lines those completed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The lines the move completed (count 0 if none).
    pub removal: Removal,
    /// The numbers placed after the move, in order, as (cell, colour); empty after a scoring move
    /// that left numbers on the board.
    pub placed: Vec<(Cell, u8)>,
    /// Numbers removed by lines that the placements completed.
    pub placement_removed: u32,
    /// Points the whole step scored (move and placements).
    pub points: u64,
}

/// One seeded game: the board, the known nextThree, the two random streams, the score.
///
/// The game is over when a placement (and any removal it caused) leaves the board full; the
/// simulator also ends games on illegal moves, crashes and time-outs.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    seed: u64,
    colours: SplitMix64,
    cells: SplitMix64,
    board: Board,
    next_three: [u8; 3],
    score: u64,
    moves: u64,
}

impl Game {
    /// The game of `seed` under `rules`: the initial numbers (each a colour, then a cell), then the
    /// first nextThree. If the board starts empty (`initial_count` 0 or lines removed), nextThree is
    /// placed at once (open rule 6).
    ///
    /// # Panics
    /// If `rules.initial_count` is above 81.
    pub fn new(seed: u64, rules: Rules) -> Game {
        assert!(rules.initial_count <= CELLS, "initial count {} above 81", rules.initial_count);
        let mut game = Game {
            rules,
            seed,
            colours: SplitMix64::new(seed.wrapping_mul(2).wrapping_add(1)),
            cells: SplitMix64::new(seed.wrapping_mul(2).wrapping_add(2)),
            board: Board::new(),
            next_three: [0; 3],
            score: 0,
            moves: 0,
        };
        let mut step = Step::default();
        // The colour and cell streams are independent, so drawing the colours first is the same
        // as drawing colour, cell, colour, cell...
        let initial: Vec<u8> = (0..rules.initial_count).map(|_| game.draw_colour()).collect();
        game.place_numbers(&initial, &mut step);
        game.next_three = [game.draw_colour(), game.draw_colour(), game.draw_colour()];
        if game.board.is_clear() {
            game.place_next_three(&mut step);
        }
        game.score += step.points;
        game
    }

    /// The seed the game was generated from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The three numbers to be placed after the next non-scoring move, in order.
    pub fn next_three(&self) -> [u8; 3] {
        self.next_three
    }

    /// The current turn as the protocol sends it (board and nextThree).
    pub fn turn(&self) -> Turn {
        Turn { board: self.board, next_three: self.next_three }
    }

    /// Points scored so far.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// Moves played so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// True once the board is full (after a placement and the removal it caused).
    pub fn is_over(&self) -> bool {
        self.board.is_full()
    }

    /// Plays the answer `text` (4 characters in the rules' [`Convention`]).
    ///
    /// # Errors
    /// A message saying why the answer is malformed or the move illegal; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Step, String> {
        let mv = Move::parse_with(text, self.rules.convention)?;
        self.play(mv).map_err(|illegal| format!("illegal move {:?}: {illegal}", text.trim()))
    }

    /// Plays `mv`: moves the number, removes and scores the lines it completes; if none, places
    /// nextThree and draws a fresh one. A board left empty is refilled at once (open rule 6).
    ///
    /// # Errors
    /// If the move is illegal; the game is then unchanged.
    ///
    /// # Panics
    /// If the game is over.
    pub fn play(&mut self, mv: Move) -> Result<Step, IllegalMove> {
        assert!(!self.is_over(), "play on a finished game");
        let removal = self.board.apply_move(mv)?;
        self.moves += 1;
        let mut step = Step { removal, points: u64::from(removal.points), ..Step::default() };
        if removal.count == 0 || self.board.is_clear() {
            self.place_next_three(&mut step);
        }
        self.score += step.points;
        Ok(step)
    }

    fn draw_colour(&mut self) -> u8 {
        1 + self.colours.below(u64::from(COLOURS)) as u8
    }

    /// Places `colour` at a random empty cell (none if the board is full); returns the cell as a set.
    fn place_one(&mut self, colour: u8, step: &mut Step) -> CellSet {
        let empties = self.board.empty_list();
        if empties.is_empty() {
            return 0;
        }
        let at = empties[self.cells.below(empties.len() as u64) as usize];
        self.board.set(at, colour);
        step.placed.push((at, colour));
        1u128 << at
    }

    /// Places nextThree (in order, until the board is full, open rule 4), removes the lines they
    /// complete as one removal, draws a fresh nextThree; again while the board is left empty.
    fn place_next_three(&mut self, step: &mut Step) {
        // At most two rounds: three numbers placed on an empty board cannot complete a line.
        loop {
            let next_three = self.next_three;
            self.place_numbers(&next_three, step);
            self.next_three = [self.draw_colour(), self.draw_colour(), self.draw_colour()];
            if !self.board.is_clear() {
                return;
            }
        }
    }

    /// Places `colours` in order (until the board is full) and removes the lines they complete,
    /// after each number or after all of them as the rules say.
    fn place_numbers(&mut self, colours: &[u8], step: &mut Step) {
        let mut placed: CellSet = 0;
        for &colour in colours {
            let at = self.place_one(colour, step);
            match self.rules.placement_check {
                PlacementCheck::AfterEach => self.remove_placement_lines(at, step),
                PlacementCheck::AfterAll => placed |= at,
            }
        }
        self.remove_placement_lines(placed, step);
    }

    fn remove_placement_lines(&mut self, placed: CellSet, step: &mut Step) {
        if self.rules.placement_lines == PlacementLines::Keep {
            return;
        }
        let removal = self.board.remove_lines_through(placed);
        step.placement_removed += removal.count;
        if self.rules.placement_lines == PlacementLines::Score {
            step.points += u64::from(removal.points);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A full board without two equal neighbours in any line direction (colour (3r + c) mod 7 + 1
    /// differs by 1, 3, 4 and 2 along a row, column, diagonal and anti-diagonal).
    fn lineless_full_board() -> Board {
        let mut board = Board::new();
        for index in 0..CELLS {
            board.set(index, ((3 * (index / 9) + index % 9) % 7 + 1) as u8);
        }
        board
    }

    fn game_with(board: Board, next_three: [u8; 3], rules: Rules) -> Game {
        Game { board, next_three, ..Game::new(0, rules) }
    }

    fn rows(board: &Board) -> Vec<String> {
        board.to_string().lines().map(str::to_string).collect()
    }

    #[test]
    fn new_games_match_the_python_generator() {
        // `python3 crates/linez-tools/linez_gen.py start 1` and `start 42`.
        let game = Game::new(1, Rules::default());
        let expected = [
            ".........",
            ".........",
            ".........",
            ".......7.",
            "....3....",
            ".........",
            ".........",
            "..4......",
            ".........",
        ];
        assert_eq!(rows(game.board()), expected);
        assert_eq!(game.next_three(), [1, 4, 2]);
        let game = Game::new(42, Rules::default());
        let expected = [
            ".........",
            ".........",
            "........2",
            ".........",
            "...7.....",
            "2........",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(rows(game.board()), expected);
        assert_eq!(game.next_three(), [4, 1, 2]);
        assert_eq!((game.score(), game.moves(), game.is_over()), (0, 0, false));
    }

    #[test]
    fn a_quiet_move_places_next_three_then_draws_a_fresh_one() {
        // `printf 'H3C4\n' | python3 crates/linez-tools/linez_gen.py replay 1`: placed 1@A7 4@H4 2@F1.
        let mut game = Game::new(1, Rules::default());
        let step = game.play_text("H3C4").unwrap();
        assert_eq!(step.removal.count, 0);
        assert_eq!(step.placed, [(crate::cell(0, 6), 1), (crate::cell(7, 3), 4), (crate::cell(5, 0), 2)]);
        assert_eq!(game.next_three(), [2, 1, 6]);
        assert_eq!((game.moves(), game.score()), (1, 0));
    }

    #[test]
    fn illegal_answers_leave_the_game_unchanged() {
        let mut game = Game::new(1, Rules::default());
        let before = game.clone();
        for answer in ["A1B1", "H3E5", "H3", "Z3C4", "H3H3"] {
            assert!(game.play_text(answer).is_err(), "{answer}");
        }
        // Blocked: a number walled in by numbers cannot leave.
        let mut board = Board::new();
        for index in [0, 1, 2, 9, 11, 18, 19, 20] {
            board.set(index, 1 + (index % 7) as u8);
        }
        board.set(10, 3);
        let mut walled = game_with(board, [1, 2, 3], Rules::default());
        assert_eq!(walled.play(Move { from: 10, to: 80 }), Err(IllegalMove::NoPath));
        assert_eq!(game.board(), before.board());
        assert_eq!((game.moves(), game.next_three()), (0, before.next_three()));
    }

    #[test]
    fn clearing_the_board_places_next_three_at_once() {
        // Open rule 6: four 5s in row A and one more 5 elsewhere; completing the line empties
        // the board, so nextThree is placed without a move.
        let mut board = Board::new();
        for column in 0..4 {
            board.set(crate::cell(0, column), 5);
        }
        board.set(crate::cell(8, 8), 5);
        let mut game = game_with(board, [1, 2, 3], Rules::default());
        let step = game.play(Move { from: crate::cell(8, 8), to: crate::cell(0, 4) }).unwrap();
        assert_eq!(step.removal.count, 5);
        assert_eq!(step.placed.iter().map(|&(_, colour)| colour).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!((step.points, game.score()), (10, 10));
        assert_eq!(game.board().occupied_cells().count_ones(), 3);
    }

    #[test]
    fn a_scoring_move_keeps_next_three() {
        let mut board = Board::new();
        for column in 0..4 {
            board.set(crate::cell(0, column), 5);
        }
        board.set(crate::cell(8, 8), 5);
        board.set(crate::cell(4, 4), 2);
        let mut game = game_with(board, [1, 2, 3], Rules::default());
        let step = game.play(Move { from: crate::cell(8, 8), to: crate::cell(0, 4) }).unwrap();
        assert!(step.placed.is_empty());
        assert_eq!((game.next_three(), game.score()), ([1, 2, 3], 10));
    }

    #[test]
    fn a_placement_stops_when_the_board_fills() {
        // Open rules 4 and 5: two empty cells after the move, so only two numbers are placed.
        let mut board = lineless_full_board();
        board.set(0, 0);
        board.set(80, 0);
        let mut game = game_with(board, [7, 7, 7], Rules::default());
        let step = game.play(Move { from: 1, to: 0 }).unwrap();
        assert_eq!(step.removal.count, 0);
        assert_eq!(step.placed.len(), 2);
        assert!(game.is_over());
    }

    /// A full board with 7 7 7 7 . in row I and A1 empty: the move A2 -> A1 leaves A2 and I5
    /// empty, and nextThree 7 7 7 fills I5, completing five 7s.
    fn placement_line_game(rules: Rules) -> (Game, Step) {
        let mut board = lineless_full_board();
        for column in 0..4 {
            board.set(crate::cell(8, column), 7);
        }
        board.set(crate::cell(8, 4), 0);
        board.set(0, 0);
        let mut game = game_with(board, [7, 7, 7], rules);
        let step = game.play(Move { from: 1, to: 0 }).unwrap();
        assert_eq!(step.removal.count, 0);
        (game, step)
    }

    #[test]
    fn placement_lines_follow_the_rule_switch() {
        let (game, step) = placement_line_game(Rules::default());
        assert_eq!((step.placed.len(), step.placement_removed, step.points), (2, 5, 10));
        assert_eq!((game.score(), game.is_over(), game.board().empty_count()), (10, false, 5));

        let rules = Rules { placement_lines: PlacementLines::RemoveWithoutPoints, ..Rules::default() };
        let (game, step) = placement_line_game(rules);
        assert_eq!((step.placement_removed, step.points, game.score()), (5, 0, 0));
        assert!(!game.is_over());

        let rules = Rules { placement_lines: PlacementLines::Keep, ..Rules::default() };
        let (game, step) = placement_line_game(rules);
        assert_eq!((step.placement_removed, step.points), (0, 0));
        assert!(game.is_over());

        // After each number: the line goes as soon as it is made, so the third 7 has room too.
        let rules = Rules { placement_check: PlacementCheck::AfterEach, ..Rules::default() };
        let (game, step) = placement_line_game(rules);
        assert_eq!(step.placement_removed, 5);
        assert!(step.placed.len() >= 2);
        assert!(!game.is_over());
    }

    #[test]
    fn initial_count_and_convention_switches() {
        for count in [0, 1, 3, 20, 81] {
            let game = Game::new(5, Rules { initial_count: count, ..Rules::default() });
            let on_board = game.board().occupied_cells().count_ones() as usize;
            // An empty start is refilled with nextThree at once; lines may remove some numbers.
            let expected = if count == 0 { 3 } else { count };
            assert!(on_board <= expected && on_board > 0, "count {count}: {on_board} on the board");
            if count <= 3 {
                assert_eq!(on_board, expected);
            }
        }
        // The same move, named both ways.
        let mut by_row = Game::new(1, Rules::default());
        let mut by_column =
            Game::new(1, Rules { convention: Convention::LetterIsColumn, ..Rules::default() });
        by_row.play_text("H3C4").unwrap();
        by_column.play_text("C8D3").unwrap();
        assert_eq!(by_row.board(), by_column.board());
        assert!(by_column.clone().play_text("H3C4").is_err());
    }

    // Every pinned value below was computed with `crates/linez-tools/linez_gen.py`, an independent Python
    // implementation of the spec using big integers (e.g. `python3 crates/linez-tools/linez_gen.py raw 0 3`).

    #[test]
    fn splitmix64_matches_the_reference_outputs() {
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 16294208416658607535); // 0xE220A8397B1DCDAF, the published value
        assert_eq!(rng.next_u64(), 7960286522194355700);
        assert_eq!(rng.next_u64(), 487617019471545679);
        let mut rng = SplitMix64::new(u64::MAX);
        assert_eq!(rng.next_u64(), 16490336266968443936);
        assert_eq!(rng.next_u64(), 16834447057089888969);
    }

    #[test]
    fn below_matches_the_reference_draws() {
        let mut rng = SplitMix64::new(3);
        let draws: Vec<u64> = (0..10).map(|_| rng.below(7)).collect();
        assert_eq!(draws, [2, 3, 6, 0, 3, 1, 1, 0, 5, 3]);
        let mut rng = SplitMix64::new(4);
        let draws: Vec<u64> = (0..5).map(|_| rng.below(81)).collect();
        assert_eq!(draws, [40, 76, 36, 36, 43]);
    }

    #[test]
    fn below_rejects_outputs_in_the_incomplete_last_block() {
        // n = 2^63 + 1: the limit is 2^63 + 1, so the first output of state 0 (about 1.6e19)
        // is rejected and the second (about 8.0e18) is returned as is.
        let mut rng = SplitMix64::new(0);
        let n = (1u64 << 63) + 1;
        let draws: Vec<u64> = (0..4).map(|_| rng.below(n)).collect();
        assert_eq!(
            draws,
            [7960286522194355700, 487617019471545679, 1961750202426094747, 6038094601263162090]
        );
        // Powers of two never reject: below(2^k) is the low k bits of each output.
        let mut plain = SplitMix64::new(9);
        let mut masked = SplitMix64::new(9);
        for _ in 0..100 {
            assert_eq!(masked.below(64), plain.next_u64() & 63);
        }
        let mut rng = SplitMix64::new(1);
        assert!((0..100).all(|_| rng.below(1) == 0));
    }
}
