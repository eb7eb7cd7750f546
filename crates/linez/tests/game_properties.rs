//! Property tests of the seeded Linez game (`linez::Game`) against a slow, deliberately plain
//! referee written here from the spec: 2-D arrays, a breadth-first search for paths, runs counted
//! cell by cell. Random seeds, random rule switches and random sequences of legal and illegal moves
//! must give the same boards, nextThree, scores and ends.
// The plain referee indexes its 2-D arrays by row and column on purpose: it mirrors the spec.
#![allow(clippy::needless_range_loop)]

use linez::{cell, Move};
use linez::{Game, PlacementCheck, PlacementLines, Rules, SplitMix64};
use proptest::prelude::*;

/// The plain referee.
struct PlainGame {
    rules: Rules,
    colours: SplitMix64,
    cells: SplitMix64,
    board: [[u8; 9]; 9],
    next_three: [u8; 3],
    score: u64,
}

impl PlainGame {
    fn new(seed: u64, rules: Rules) -> PlainGame {
        let mut game = PlainGame {
            rules,
            colours: SplitMix64::new(seed.wrapping_mul(2).wrapping_add(1)),
            cells: SplitMix64::new(seed.wrapping_mul(2).wrapping_add(2)),
            board: [[0; 9]; 9],
            next_three: [0; 3],
            score: 0,
        };
        let mut initial = Vec::new();
        for _ in 0..rules.initial_count {
            initial.push(1 + game.colours.below(7) as u8);
        }
        game.place(&initial);
        game.next_three = game.draw_three();
        while game.count_numbers() == 0 {
            let next = game.next_three;
            game.place(&next);
            game.next_three = game.draw_three();
        }
        game
    }

    fn draw_three(&mut self) -> [u8; 3] {
        let a = 1 + self.colours.below(7) as u8;
        let b = 1 + self.colours.below(7) as u8;
        let c = 1 + self.colours.below(7) as u8;
        [a, b, c]
    }

    fn count_numbers(&self) -> usize {
        self.board.iter().flatten().filter(|&&c| c != 0).count()
    }

    fn is_over(&self) -> bool {
        self.count_numbers() == 81
    }

    /// The numbers in order on random empty cells, then (or after each) the lines through them.
    fn place(&mut self, colours: &[u8]) {
        let mut placed = Vec::new();
        for &colour in colours {
            let mut empties = Vec::new();
            for r in 0..9 {
                for c in 0..9 {
                    if self.board[r][c] == 0 {
                        empties.push((r, c));
                    }
                }
            }
            if empties.is_empty() {
                break;
            }
            let (r, c) = empties[self.cells.below(empties.len() as u64) as usize];
            self.board[r][c] = colour;
            placed.push((r, c));
            if self.rules.placement_check == PlacementCheck::AfterEach {
                self.placement_removal(&[(r, c)]);
            }
        }
        if self.rules.placement_check == PlacementCheck::AfterAll {
            self.placement_removal(&placed);
        }
    }

    fn placement_removal(&mut self, placed: &[(usize, usize)]) {
        match self.rules.placement_lines {
            PlacementLines::Keep => {}
            PlacementLines::RemoveWithoutPoints => {
                self.remove_lines(placed);
            }
            PlacementLines::Score => {
                let k = self.remove_lines(placed);
                self.score += points(k);
            }
        }
    }

    /// Removes every run of 5+ equal numbers through one of `through`; returns how many cells.
    fn remove_lines(&mut self, through: &[(usize, usize)]) -> u64 {
        let mut doomed = [[false; 9]; 9];
        for &(r, c) in through {
            let colour = self.board[r][c];
            if colour == 0 {
                continue;
            }
            for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
                let mut run = vec![(r, c)];
                for sign in [1i32, -1] {
                    let (mut rr, mut cc) = (r as i32 + sign * dr, c as i32 + sign * dc);
                    while (0..9).contains(&rr)
                        && (0..9).contains(&cc)
                        && self.board[rr as usize][cc as usize] == colour
                    {
                        run.push((rr as usize, cc as usize));
                        rr += sign * dr;
                        cc += sign * dc;
                    }
                }
                if run.len() >= 5 {
                    for (rr, cc) in run {
                        doomed[rr][cc] = true;
                    }
                }
            }
        }
        let mut count = 0;
        for r in 0..9 {
            for c in 0..9 {
                if doomed[r][c] {
                    self.board[r][c] = 0;
                    count += 1;
                }
            }
        }
        count
    }

    fn reachable(&self, from: (usize, usize)) -> Vec<Vec<bool>> {
        let mut seen = vec![vec![false; 9]; 9];
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some((r, c)) = queue.pop_front() {
            let mut next = Vec::new();
            if r > 0 {
                next.push((r - 1, c));
            }
            if r < 8 {
                next.push((r + 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            if c < 8 {
                next.push((r, c + 1));
            }
            for (rr, cc) in next {
                if self.board[rr][cc] == 0 && !seen[rr][cc] {
                    seen[rr][cc] = true;
                    queue.push_back((rr, cc));
                }
            }
        }
        seen
    }

    fn is_legal(&self, from: (usize, usize), to: (usize, usize)) -> bool {
        self.board[from.0][from.1] != 0 && self.board[to.0][to.1] == 0 && self.reachable(from)[to.0][to.1]
    }

    fn legal_moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut moves = Vec::new();
        for r in 0..9 {
            for c in 0..9 {
                if self.board[r][c] != 0 {
                    let seen = self.reachable((r, c));
                    for rr in 0..9 {
                        for cc in 0..9 {
                            if seen[rr][cc] {
                                moves.push(((r, c), (rr, cc)));
                            }
                        }
                    }
                }
            }
        }
        moves
    }

    fn play(&mut self, from: (usize, usize), to: (usize, usize)) {
        self.board[to.0][to.1] = self.board[from.0][from.1];
        self.board[from.0][from.1] = 0;
        let k = self.remove_lines(&[to]);
        self.score += points(k);
        if k == 0 || self.count_numbers() == 0 {
            loop {
                let next = self.next_three;
                self.place(&next);
                self.next_three = self.draw_three();
                if self.count_numbers() != 0 {
                    break;
                }
            }
        }
    }

    fn rows(&self) -> String {
        let mut text = String::new();
        for row in &self.board {
            for &colour in row {
                text.push(if colour == 0 { '.' } else { (b'0' + colour) as char });
            }
            text.push('\n');
        }
        text
    }
}

fn points(k: u64) -> u64 {
    if k >= 5 {
        10 + k * (k - 5) / 2
    } else {
        0
    }
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![3 => Just(3usize), 1 => 0usize..=81],
        prop_oneof![
            Just(PlacementLines::Score),
            Just(PlacementLines::RemoveWithoutPoints),
            Just(PlacementLines::Keep)
        ],
        prop_oneof![Just(PlacementCheck::AfterAll), Just(PlacementCheck::AfterEach)],
    )
        .prop_map(|(initial_count, placement_lines, placement_check)| Rules {
            initial_count,
            placement_lines,
            placement_check,
            ..Rules::default()
        })
}

fn assert_same(game: &Game, plain: &PlainGame, context: &str) {
    assert_eq!(game.board().to_string(), plain.rows(), "{context}");
    assert_eq!(game.next_three(), plain.next_three, "{context}");
    assert_eq!(game.score(), plain.score, "{context}");
    assert_eq!(game.is_over(), plain.is_over(), "{context}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn games_agree_with_the_plain_referee(
        seed in any::<u64>(),
        rules in rules_strategy(),
        choices in proptest::collection::vec((any::<u32>(), 0usize..81, 0usize..81, any::<bool>()), 1..120),
    ) {
        let mut game = Game::new(seed, rules);
        let mut plain = PlainGame::new(seed, rules);
        assert_same(&game, &plain, "start");
        for (turn, &(pick, a, b, try_illegal)) in choices.iter().enumerate() {
            if plain.is_over() {
                break;
            }
            let context = format!("seed {seed}, {rules:?}, turn {turn}");
            // An arbitrary move first: legal or not, both sides must agree; illegal ones change nothing.
            let (from, to) = ((a / 9, a % 9), (b / 9, b % 9));
            if try_illegal && !plain.is_legal(from, to) {
                let mv = Move { from: cell(from.0, from.1), to: cell(to.0, to.1) };
                prop_assert!(game.play(mv).is_err(), "{}", context);
                assert_same(&game, &plain, &context);
                continue;
            }
            let moves = plain.legal_moves();
            prop_assert_eq!(moves.len(), game.board().legal_moves().len(), "{}", context.clone());
            let (from, to) = moves[pick as usize % moves.len()];
            plain.play(from, to);
            game.play(Move { from: cell(from.0, from.1), to: cell(to.0, to.1) }).unwrap();
            assert_same(&game, &plain, &context);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Games driven by the bot's 1-ply ranking (0 work units a move) reach many placements and
    /// lines; the plain referee follows them.
    #[test]
    fn one_ply_games_agree_with_the_plain_referee(seed in 0u64..1_000_000) {
        let rules = Rules::default();
        let mut game = Game::new(seed, rules);
        let mut plain = PlainGame::new(seed, rules);
        // 0 work units a move, as `Bot::with_move_units(0)` (behind the `tuning` feature) plays.
        let bot = linez::Bot::new(std::time::Duration::MAX);
        while !game.is_over() && game.moves() < 60 {
            let turn = game.turn();
            let effort = linez::effort_of_units(0, bot.sample_cost(&turn.board));
            let mv = bot.choose_with(&turn.board, turn.next_three, effort);
            plain.play((mv.from / 9, mv.from % 9), (mv.to / 9, mv.to % 9));
            game.play(mv).unwrap();
            assert_same(&game, &plain, &format!("seed {seed}, move {}", game.moves()));
        }
    }
}
