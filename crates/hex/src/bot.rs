//! The CodinGame bot: reads the turns, keeps the clock, decides the swap and the opening, and runs
//! the search for everything else.

use crate::board::{Board, Cell, Color, Move, SIZE};
use crate::geometry::NODES;
use crate::position::Position;
use crate::protocol::{read_header, read_turn, Turn};
use crate::search::Search;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// The bot's whole configuration: its thinking time (counted from the moment a turn has been
/// read), effort cap, search parameters, swap and seed.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The first answer (the judge allows 1 s).
    pub first: Duration,
    /// Every later answer (the judge allows 100 ms; the margin covers a loaded machine).
    pub later: Duration,
    /// Playout cap per move (for tests and fixed-effort matches).
    pub max_playouts: u32,
    /// Print each search's statistics on stderr (`HEX_VERBOSE=1`; never on the judge).
    pub verbose: bool,
    /// Search parameters.
    pub params: crate::search::Params,
    /// Whether blue may swap (off only to measure openings without the swap).
    pub swap: bool,
    /// The playouts' seed (`HEX_SEED=N`, for games that replay); `None`: from the time and process.
    pub seed: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            first: Duration::from_millis(800),
            later: Duration::from_millis(65),
            max_playouts: u32::MAX,
            verbose: false,
            params: crate::search::Params::default(),
            swap: true,
            seed: None,
        }
    }
}

impl Settings {
    /// The default settings, adjusted by environment variables for local experiments (feature
    /// `knobs`, a default feature of this crate: the judge's bundle has none of them, and plays the
    /// defaults): `HEX_VERBOSE` (statistics on stderr), `HEX_PLAYOUTS=N` (playout cap), `HEX_SEED=N`,
    /// `HEX_MOVE_MS=N` (the budget of every answer after the first), `HEX_FIRST_MS=N` (the first
    /// answer's), and the search parameters
    /// `HEX_PRIOR_GAMES`, `HEX_EXPAND_AFTER`, `HEX_RAVE_BIAS`, `HEX_SHAPE_BIAS`, `HEX_PLAYOUT_GLOBAL`
    /// (0: no local answers in the playouts), `HEX_PLAYOUT_LOCAL_MOVES`.
    #[cfg(feature = "knobs")]
    pub fn from_env() -> Settings {
        let var = |name: &str| std::env::var(name).ok();
        let number = |name: &str| var(name).and_then(|v| v.parse::<f32>().ok());
        let defaults = crate::search::Params::default();
        Settings {
            verbose: var("HEX_VERBOSE").is_some(),
            swap: true,
            seed: var("HEX_SEED").and_then(|v| v.parse().ok()),
            max_playouts: var("HEX_PLAYOUTS").and_then(|v| v.parse().ok()).unwrap_or(u32::MAX),
            first: var("HEX_FIRST_MS")
                .and_then(|v| v.parse().ok())
                .map_or(Settings::default().first, Duration::from_millis),
            later: var("HEX_MOVE_MS")
                .and_then(|v| v.parse().ok())
                .map_or(Settings::default().later, Duration::from_millis),
            params: crate::search::Params {
                prior_games: number("HEX_PRIOR_GAMES").unwrap_or(defaults.prior_games),
                expand_after: number("HEX_EXPAND_AFTER").unwrap_or(defaults.expand_after),
                rave_bias: number("HEX_RAVE_BIAS").unwrap_or(defaults.rave_bias),
                shape_bias: number("HEX_SHAPE_BIAS").unwrap_or(defaults.shape_bias),
                playout_global: number("HEX_PLAYOUT_GLOBAL").unwrap_or(defaults.playout_global),
                playout_local_moves: number("HEX_PLAYOUT_LOCAL_MOVES")
                    .map_or(defaults.playout_local_moves, |n| n as u32),
            },
        }
    }
}

/// Red's first move on an empty board: a cell whose holder won about as often as not in MoHex's
/// games against itself (see the README), so that neither swapping nor answering it gives blue much.
pub const OPENING: &str = "a10";

/// Whether blue swaps red's first stone on `cell`: every cell off red's own edge rows is strong
/// enough for red that taking it over is better than answering it, and so are the two obtuse
/// corners (`k1`, `a11`: three neighbours each); the rest of red's own edges are not. Measured on
/// MoHex's games against itself from every opening (see the README, "Swap and opening").
pub fn should_swap(cell: Cell) -> bool {
    let obtuse_corner =
        (cell.row(), cell.col()) == (0, SIZE - 1) || (cell.row(), cell.col()) == (SIZE - 1, 0);
    (1..SIZE - 1).contains(&cell.row()) || obtuse_corner
}

/// The move the opening book decides, if any: [`OPENING`] on an empty board, and the swap of a
/// first stone [`should_swap`] takes when `swap` is allowed; `None` leaves the move to the search.
pub fn book_move(board: &Board, swap: bool) -> Option<Move> {
    match board.counts() {
        (0, 0) => Some(Move::Place(OPENING.parse().expect("valid opening cell"))),
        (1, 0) if swap && board.first_stone().is_some_and(should_swap) => Some(Move::Swap),
        _ => None,
    }
}

/// One player's state across a game.
pub struct Bot {
    color: Color,
    search: Search,
    answered: u32,
    settings: Settings,
    /// How much the last answers overran their budget (a loaded machine): taken off the next one.
    overrun: Duration,
    /// The budget of the last answer.
    budget: Duration,
    /// The search's win estimate for this bot after its last answer (`None` for a book move).
    pub estimate: Option<f32>,
}

impl Bot {
    /// A bot playing `color`; `seed` drives its playouts.
    pub fn new(color: Color, seed: u64, settings: Settings) -> Bot {
        let mut search = Search::new(seed);
        search.params = settings.params;
        Bot {
            color,
            search,
            answered: 0,
            settings,
            overrun: Duration::ZERO,
            budget: Duration::ZERO,
            estimate: None,
        }
    }

    /// The move for `turn`, thinking until `start` + the clock's budget.
    ///
    /// # Errors
    /// If the turn is not a position where this bot is to move: an impossible stone count, a last
    /// move that does not match the board, or a game that is already won. The error is positioned
    /// on `line`, the turn's `lastMove` line.
    pub fn choose(&mut self, turn: &Turn, start: Instant, line: usize) -> io::Result<Move> {
        check_turn(turn, self.color, line)?;
        let budget = if self.answered == 0 {
            self.settings.first
        } else {
            self.settings.later - self.overrun.min(self.settings.later / 2)
        };
        self.budget = budget;
        self.answered += 1;
        self.estimate = None;
        let board = &turn.board;
        if let Some(mv) = book_move(board, self.settings.swap) {
            return Ok(mv);
        }
        let position = Position::new(board, self.color);
        let last = match turn.last_move {
            Some(Move::Place(cell)) => cell.index(),
            _ => NODES,
        };
        let result = self.search.run(&position, last, start + budget, self.settings.max_playouts);
        if self.settings.verbose {
            eprintln!(
                "{} playouts, value {:.3}{}, {} ms",
                result.playouts,
                result.value,
                if result.proven { " (proven)" } else { "" },
                start.elapsed().as_millis()
            );
        }
        self.estimate = Some(result.value);
        Ok(Move::Place(Cell::from_index(result.cell)))
    }
}

impl Bot {
    /// Records that the last answer was written `elapsed` after its turn was read, so that the
    /// next budgets leave room for the delays this machine shows (the overrun decays by a fifth per
    /// answer once the load goes away).
    pub fn answered_after(&mut self, elapsed: Duration) {
        let overrun = elapsed.saturating_sub(self.budget);
        self.overrun = (self.overrun * 4 / 5).max(overrun);
    }
}

/// Checks that `turn` is a position where `me` is to move.
fn check_turn(turn: &Turn, me: Color, line: usize) -> io::Result<()> {
    let board = &turn.board;
    let (red, blue) = board.counts();
    let consistent = match me {
        Color::Red => red == blue || red + 1 == blue,
        Color::Blue => red == blue + 1 || red == blue,
    };
    if !consistent {
        return Err(io::Error::new(
            line,
            0,
            format!("a board with {red} red and {blue} blue stones cannot have {me} to move"),
        ));
    }
    if let Some(winner) = board.winner() {
        return Err(io::Error::new(line, 0, format!("the board is already won by {winner}")));
    }
    match turn.last_move {
        None if red + blue > 0 => {
            Err(io::Error::new(line, 1, "expected a move, found \"empty\" on a board with stones"))
        }
        Some(Move::Place(cell)) if board.get(cell) != Some(me.opponent()) => Err(io::Error::new(
            line,
            1,
            format!("the last move {cell} is not a {} stone on the board", me.opponent()),
        )),
        Some(Move::Swap) if me != Color::Red || (red, blue) != (0, 1) => {
            Err(io::Error::new(line, 1, "swap-pieces only answers red's first stone"))
        }
        _ => Ok(()),
    }
}

/// Plays a whole game on the CodinGame protocol: the header, then one answer per turn until the
/// input ends between turns (then returns `Ok`). After a searched move the answer carries the
/// search's win estimate as the judge's message (`c7 57%`, shown under the board); a book move
/// has none.
///
/// # Errors
/// Malformed input, or a turn where the bot cannot be to move.
pub fn play<R: BufRead>(
    lines: &mut io::LineReader<R>,
    out: &mut io::Output,
    settings: Settings,
) -> io::Result<()> {
    let Some(color) = read_header(lines)? else {
        return Err(io::Error::new(
            1,
            0,
            "expected the header line \"11 red\" or \"11 blue\", found end of input",
        ));
    };
    let seed = settings.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id()).wrapping_mul(0x5851_F42D)
    });
    let mut bot = Bot::new(color, seed, settings);
    while let Some(turn) = read_turn(lines)? {
        let start = Instant::now();
        let line = lines.lines_read() - SIZE;
        let mv = bot.choose(&turn, start, line)?;
        out.line(answer(mv, bot.estimate));
        out.flush();
        bot.answered_after(start.elapsed());
    }
    Ok(())
}

/// The answer line: the move, then the win estimate as the judge's message when there is one.
fn answer(mv: Move, estimate: Option<f32>) -> String {
    match estimate {
        Some(value) => format!("{mv} {:.0}%", 100.0 * value),
        None => mv.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Game;
    use crate::search::Rng;

    fn turn(last: Option<&str>, stones: &[(&str, Color)]) -> Turn {
        let mut board = Board::new();
        for &(cell, color) in stones {
            board.set(cell.parse().unwrap(), Some(color));
        }
        Turn { last_move: last.map(|m| m.parse().unwrap()), board }
    }

    fn quick() -> Settings {
        Settings { max_playouts: 300, ..Settings::default() }
    }

    #[test]
    fn opening_and_swap_follow_the_tables() {
        let now = Instant::now();
        let mut red = Bot::new(Color::Red, 1, quick());
        assert_eq!(red.choose(&turn(None, &[]), now, 2).unwrap().to_string(), OPENING);
        let mut blue = Bot::new(Color::Blue, 1, quick());
        assert_eq!(blue.choose(&turn(Some("f6"), &[("f6", Color::Red)]), now, 2).unwrap(), Move::Swap);
        let mut blue = Bot::new(Color::Blue, 1, quick());
        let answer = blue.choose(&turn(Some("a1"), &[("a1", Color::Red)]), now, 2).unwrap();
        assert!(matches!(answer, Move::Place(cell) if cell.to_string() != "a1"));
        let swapped = |cell: &str| should_swap(cell.parse().unwrap());
        assert!(swapped("b2") && swapped("f6") && swapped("a3") && swapped("k10"));
        // Red's own edge rows: only the obtuse corners are worth taking over.
        assert!(!swapped("a1") && !swapped("c1") && !swapped("f11") && !swapped("k11"));
        assert!(swapped("k1") && swapped("a11"));
        // The book alone: the swap only when allowed, nothing once the search must decide.
        let board = |stones: &[(&str, Color)]| turn(None, stones).board;
        assert_eq!(book_move(&board(&[("f6", Color::Red)]), true), Some(Move::Swap));
        assert_eq!(book_move(&board(&[("f6", Color::Red)]), false), None);
        assert_eq!(book_move(&board(&[("a1", Color::Red)]), true), None);
        assert_eq!(book_move(&board(&[("f6", Color::Red), ("e5", Color::Blue)]), true), None);
    }

    #[test]
    fn red_can_start_after_a_forced_opening_and_a_swap() {
        let now = Instant::now();
        // The harness placed red's f6, blue swapped: red sees one blue stone on f6.
        let mut red = Bot::new(Color::Red, 2, quick());
        let answer = red.choose(&turn(Some("swap-pieces"), &[("f6", Color::Blue)]), now, 2).unwrap();
        assert!(matches!(answer, Move::Place(cell) if cell.to_string() != "f6"));
        // Or blue answered: red's first turn is its second stone.
        let mut red = Bot::new(Color::Red, 2, quick());
        let answer = red.choose(&turn(Some("e5"), &[("f6", Color::Red), ("e5", Color::Blue)]), now, 2);
        assert!(matches!(answer, Ok(Move::Place(_))));
    }

    #[test]
    fn inconsistent_turns_are_errors() {
        let now = Instant::now();
        let mut red = Bot::new(Color::Red, 3, quick());
        let error =
            red.choose(&turn(Some("a1"), &[("a1", Color::Red), ("b1", Color::Blue)]), now, 7).unwrap_err();
        assert_eq!(error.to_string(), "line 7, token 1: the last move a1 is not a blue stone on the board");
        let error = red
            .choose(&turn(Some("swap-pieces"), &[("a1", Color::Red), ("b1", Color::Blue)]), now, 7)
            .unwrap_err();
        assert!(error.to_string().contains("swap-pieces only answers"), "{error}");
        let error =
            red.choose(&turn(Some("b1"), &[("b1", Color::Blue), ("c1", Color::Blue)]), now, 7).unwrap_err();
        assert_eq!(error.to_string(), "line 7: a board with 0 red and 2 blue stones cannot have red to move");
    }

    #[test]
    fn beats_a_random_mover_and_only_plays_legal_moves() {
        let mut rng = Rng::new(9);
        for game_index in 0..4 {
            let bot_color = if game_index % 2 == 0 { Color::Red } else { Color::Blue };
            let mut bot =
                Bot::new(bot_color, game_index, Settings { max_playouts: 400, ..Settings::default() });
            let mut game = Game::new();
            let mut last = None;
            while game.winner().is_none() {
                let mv = if game.to_move() == bot_color {
                    bot.choose(&Turn { last_move: last, board: game.board().clone() }, Instant::now(), 2)
                        .unwrap()
                } else {
                    let moves = game.legal_moves();
                    moves[rng.below(moves.len())]
                };
                game.play(mv).unwrap();
                last = Some(mv);
            }
            assert_eq!(game.winner(), Some(bot_color), "game {game_index}");
        }
    }

    #[test]
    fn a_searched_answer_carries_the_estimate_as_its_message() {
        let now = Instant::now();
        let mut red = Bot::new(Color::Red, 4, quick());
        let opening = red.choose(&turn(None, &[]), now, 2).unwrap();
        // The book's opening has no estimate; a searched move has one, 0..=100%, after a space.
        assert_eq!((answer(opening, red.estimate), red.estimate), (OPENING.to_string(), None));
        let stones = [(OPENING, Color::Red), ("k1", Color::Blue)];
        let mv = red.choose(&turn(Some("k1"), &stones), now, 2).unwrap();
        let line = answer(mv, red.estimate);
        let (cell, message) = line.split_once(' ').expect("a message");
        assert_eq!(cell, mv.to_string());
        let percent: f32 = message.strip_suffix('%').expect("a percentage").parse().unwrap();
        assert_eq!(percent, (100.0 * red.estimate.unwrap()).round());
        assert!((0.0..=100.0).contains(&percent) && message.len() <= 4, "{message}");
        assert_eq!(answer("c3".parse().unwrap(), Some(0.996)), "c3 100%");
    }
}
