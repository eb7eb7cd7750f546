//! The games file (`linez-sim --games-file`): per game, a summary line for `merge`, then a line
//! with the game as the referee played it, for the match page (`linez-sim html`).
//!
//! ```text
//! A 17 440 139 full 1.234567 0.000089
//! + A 17 letter-row .......7.....3...   142 0 0311.20345.031300.142.0 1213.8800.4120662.531.0 ...
//! ```
//!
//! The summary line is `bot seed score moves end think_s longest_s [detail]` (times in
//! microseconds, so that `merge` prints the summary the run printed); `bot` is the bot's name
//! (`A`, `B`, ... unless named: see [`check_name`]), so that `merge` and the page rebuild each bot's
//! results and the paired table. The game line starts with
//! `+`, the bot and the seed, the cell naming convention, the board the game started from (81
//! characters, `.` or a colour, row by row), its nextThree and its score, then one word per move:
//! `FFTT.think_us.edits.next.score` with `FF`, `TT` the cells moved from and to (index `0`..`80`,
//! two digits), the move's thinking in microseconds, the board's other changes in order (each
//! three digits: a cell, then its new colour, `0` for a removed number: the move's own removal,
//! the numbers placed, the numbers their lines removed), nextThree after the move and the score.
//! Games files written before the game lines existed still merge; they cannot make a page. A file
//! is read plain or gzip-compressed, by its bytes ([`match_kit::files::read_text`]).

use linez::{Board, Cell, Convention, Move, Step, CELLS};

/// One game of a games file: its summary line, and the game as played when the file holds it.
pub type Entry = (Row, Option<Play>);

/// One game as `merge` needs it: its summary line.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The bot's name: `A` for the first bot, `B`, `C`, ... for the others unless named.
    pub bot: String,
    pub seed: u64,
    pub score: u64,
    pub moves: u64,
    pub end: String,
    pub think_us: u64,
    pub longest_us: u64,
    pub detail: String,
}

impl Row {
    /// `bot seed score moves end think_s longest_s [detail]`.
    pub fn to_line(&self) -> String {
        let seconds = |us: u64| format!("{}.{:06}", us / 1_000_000, us % 1_000_000);
        let line = format!(
            "{} {} {} {} {} {} {}",
            self.bot,
            self.seed,
            self.score,
            self.moves,
            self.end,
            seconds(self.think_us),
            seconds(self.longest_us)
        );
        if self.detail.is_empty() {
            line
        } else {
            format!("{line} {}", self.detail)
        }
    }

    /// Parses a summary line.
    ///
    /// # Errors
    /// What was expected, with the line.
    pub fn parse(line: &str) -> Result<Row, String> {
        let bad = || format!("expected bot seed score moves end think_s longest_s [detail], found {line:?}");
        let mut fields = line.splitn(8, ' ');
        let mut next = || fields.next().ok_or_else(bad);
        let bot = next()?;
        check_name(bot).map_err(|e| format!("{e}: {line:?}"))?;
        let bot = bot.to_string();
        let number = |text: &str| text.parse::<u64>().map_err(|_| bad());
        let micros = |text: &str| -> Result<u64, String> {
            let (whole, fraction) = text.split_once('.').ok_or_else(bad)?;
            if fraction.len() != 6 {
                return Err(bad());
            }
            Ok(number(whole)? * 1_000_000 + number(fraction)?)
        };
        Ok(Row {
            bot,
            seed: number(next()?)?,
            score: number(next()?)?,
            moves: number(next()?)?,
            end: next()?.to_string(),
            think_us: micros(next()?)?,
            longest_us: micros(next()?)?,
            detail: fields.next().unwrap_or("").to_string(),
        })
    }
}

/// The longest bot name.
pub const NAME_MAX: usize = 40;

/// Whether `name` can name a bot: 1 to [`NAME_MAX`] characters, no space or control character
/// (a games file's words are separated by spaces), not starting with `+`, `#`, `-` or a digit (so
/// that no line of a games file or of the run's output reads as another kind of line). Any other
/// character is allowed: the page shows it literally.
///
/// # Errors
/// What is wrong with it.
pub fn check_name(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if count == 0 || count > NAME_MAX {
        return Err(format!("a bot's name has 1 to {NAME_MAX} characters, found {name:?}"));
    }
    if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("a bot's name has no space or control character, found {name:?}"));
    }
    if name.starts_with(|c: char| matches!(c, '+' | '#' | '-') || c.is_ascii_digit()) {
        return Err(format!("a bot's name does not start with +, #, - or a digit, found {name:?}"));
    }
    Ok(())
}

/// One move as the referee played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub from: Cell,
    pub to: Cell,
    pub think_us: u64,
    /// The board's changes after the number moved, in order: (cell, new colour or 0).
    pub edits: Vec<(Cell, u8)>,
    pub next_three: [u8; 3],
    pub score: u64,
}

impl PlayedMove {
    /// The record of `mv`, which took the board from `before` to `after` in `step`.
    pub fn new(before: &Board, mv: Move, step: &Step, after: &Board, think_us: u64) -> PlayedMove {
        let mut board = *before;
        board.set(mv.to, board.get(mv.from));
        board.set(mv.from, 0);
        let mut edits = Vec::new();
        let mut edit = |board: &mut Board, cell: Cell, colour: u8| {
            board.set(cell, colour);
            edits.push((cell, colour));
        };
        for cell in linez::cells_of(step.removal.cells) {
            edit(&mut board, cell, 0);
        }
        for &(cell, colour) in &step.placed {
            edit(&mut board, cell, colour);
        }
        // What the placements' lines removed (and anything else the rules changed).
        for cell in 0..CELLS {
            if board.get(cell) != after.get(cell) {
                edit(&mut board, cell, after.get(cell));
            }
        }
        PlayedMove { from: mv.from, to: mv.to, think_us, edits, next_three: [0; 3], score: 0 }
    }

    fn to_word(&self) -> String {
        let edits: String = self.edits.iter().map(|(cell, colour)| format!("{cell:02}{colour}")).collect();
        let next: String = self.next_three.iter().map(u8::to_string).collect();
        format!("{:02}{:02}.{}.{edits}.{next}.{}", self.from, self.to, self.think_us, self.score)
    }

    fn parse(word: &str) -> Option<PlayedMove> {
        let mut parts = word.split('.');
        let mv = parts.next()?;
        let think_us = parts.next()?.parse().ok()?;
        let edits = parts.next()?;
        let next = parts.next()?.as_bytes();
        let score = parts.next()?.parse().ok()?;
        let cell = |text: &str| text.parse::<Cell>().ok().filter(|&c| c < CELLS);
        if mv.len() != 4 || edits.len() % 3 != 0 || next.len() != 3 || parts.next().is_some() {
            return None;
        }
        let edits = (0..edits.len())
            .step_by(3)
            .map(|at| Some((cell(edits.get(at..at + 2)?)?, colour(edits.as_bytes()[at + 2])?)))
            .collect::<Option<Vec<_>>>()?;
        Some(PlayedMove {
            from: cell(mv.get(..2)?)?,
            to: cell(mv.get(2..)?)?,
            think_us,
            edits,
            next_three: [colour(next[0])?, colour(next[1])?, colour(next[2])?],
            score,
        })
    }
}

fn colour(byte: u8) -> Option<u8> {
    (b'0'..=b'7').contains(&byte).then(|| byte - b'0')
}

/// One game as the referee played it: the start and every move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub bot: String,
    pub seed: u64,
    pub convention: Convention,
    pub start: Board,
    pub next_three: [u8; 3],
    pub score: u64,
    pub moves: Vec<PlayedMove>,
}

impl Play {
    /// The game line (no newline).
    pub fn to_line(&self) -> String {
        let start: String =
            self.start.colours().iter().map(|&c| if c == 0 { '.' } else { (b'0' + c) as char }).collect();
        let next: String = self.next_three.iter().map(u8::to_string).collect();
        let mut line =
            format!("+ {} {} {} {start} {next} {}", self.bot, self.seed, self.convention, self.score);
        for mv in &self.moves {
            line.push(' ');
            line.push_str(&mv.to_word());
        }
        line
    }

    /// Parses a game line.
    ///
    /// # Errors
    /// The first malformed word, named.
    pub fn parse(line: &str) -> Result<Play, String> {
        let mut words = line.split(' ');
        let mut next = |what: &str| words.next().ok_or_else(|| format!("the game line ends before {what}"));
        if next("+")? != "+" {
            return Err("expected a game line starting with \"+\"".to_string());
        }
        let bot = next("the bot")?;
        check_name(bot)?;
        let bot = bot.to_string();
        let seed = next("the seed")?.parse().map_err(|_| "bad seed".to_string())?;
        let convention = next("the convention")?.parse()?;
        let start = next("the start board")?.as_bytes();
        if start.len() != CELLS {
            return Err(format!("expected a start board of {CELLS} cells, found {}", start.len()));
        }
        let mut board = Board::new();
        for (cell, &byte) in start.iter().enumerate() {
            let value = if byte == b'.' { Some(0) } else { colour(byte).filter(|&c| c > 0) };
            board.set(cell, value.ok_or("bad start board")?);
        }
        let next_three = next("nextThree")?.as_bytes();
        let next_three = match next_three {
            [a, b, c] => [colour(*a), colour(*b), colour(*c)],
            _ => [None; 3],
        };
        let next_three = match next_three {
            [Some(a), Some(b), Some(c)] => [a, b, c],
            _ => return Err("bad nextThree".to_string()),
        };
        let score = next("the score")?.parse().map_err(|_| "bad score".to_string())?;
        let moves = words
            .enumerate()
            .map(|(i, word)| PlayedMove::parse(word).ok_or_else(|| format!("bad move {}: {word:?}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Play { bot, seed, convention, start: board, next_three, score, moves })
    }

    /// The board after each number of moves (`boards()[m]`, `m` from 0 to the moves played),
    /// rebuilt from the record alone as the page does.
    pub fn boards(&self) -> Vec<Board> {
        let mut boards = vec![self.start];
        for mv in &self.moves {
            let mut board = *boards.last().expect("the start");
            board.set(mv.to, board.get(mv.from));
            board.set(mv.from, 0);
            for &(cell, colour) in &mv.edits {
                board.set(cell, colour);
            }
            boards.push(board);
        }
        boards
    }
}

/// Every game of `paths`, file by file (each plain or gzip, [`match_kit::files::read_text`]): its
/// summary line, and its game line when the file has one.
///
/// # Errors
/// A file that cannot be read (a truncated gzip stream included: one line naming the file), or a
/// malformed line (its file and line named), or a game line that
/// follows no summary line of its bot and seed.
pub fn read_files<P: AsRef<std::path::Path>>(paths: &[P]) -> Result<Vec<Entry>, String> {
    let mut games: Vec<Entry> = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let text = match_kit::files::read_text(path)?;
        for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let at = |e: String| format!("{} line {}: {e}", path.display(), number + 1);
            if line.starts_with('+') {
                let play = Play::parse(line).map_err(at)?;
                match games.last_mut() {
                    Some((row, slot @ None)) if row.bot == play.bot && row.seed == play.seed => {
                        *slot = Some(play);
                    }
                    _ => return Err(at("a game line that follows no summary line of its game".to_string())),
                }
            } else {
                games.push((Row::parse(line).map_err(at)?, None));
            }
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use linez::{Game, Rules};

    #[test]
    fn summary_lines_round_trip() {
        let row = Row {
            bot: "B".into(),
            seed: 17,
            score: 440,
            moves: 139,
            end: "crash".into(),
            think_us: 1_234_567,
            longest_us: 89,
            detail: "no answer: exit status: 3, stderr: giving up".into(),
        };
        let line = row.to_line();
        assert_eq!(line, "B 17 440 139 crash 1.234567 0.000089 no answer: exit status: 3, stderr: giving up");
        assert_eq!(Row::parse(&line), Ok(row.clone()));
        let plain = Row { bot: "A".into(), detail: String::new(), ..row };
        assert_eq!(Row::parse(&plain.to_line()), Ok(plain));
        for bad in [
            "+C 1 2 3 full 0.000001 0.000001",
            "7 1 2 3 full 0.000001 0.000001",
            "A 1 2 3 full 0.1 0.000001",
            "A 1 2 3 full",
            "A x 2 3 full 0.000001 0.000001",
        ] {
            assert!(Row::parse(bad).is_err(), "{bad}");
        }
    }

    /// Plays seed's game with the first legal move each turn, recording it as the referee does.
    fn recorded(seed: u64, moves: usize) -> (Play, Vec<Board>) {
        let mut game = Game::new(seed, Rules::default());
        let mut play = Play {
            bot: "A".into(),
            seed,
            convention: linez::CONVENTION,
            start: *game.board(),
            next_three: game.next_three(),
            score: game.score(),
            moves: Vec::new(),
        };
        let mut boards = vec![*game.board()];
        while !game.is_over() && play.moves.len() < moves {
            let before = *game.board();
            let mv = before.legal_moves()[play.moves.len() % 7 % before.legal_moves().len()];
            let step = game.play(mv).unwrap();
            let mut played = PlayedMove::new(&before, mv, &step, game.board(), 10);
            played.next_three = game.next_three();
            played.score = game.score();
            play.moves.push(played);
            boards.push(*game.board());
        }
        (play, boards)
    }

    #[test]
    fn a_recorded_game_rebuilds_every_board_and_round_trips() {
        for seed in 1..6 {
            let (play, boards) = recorded(seed, 300);
            assert_eq!(play.boards(), boards, "seed {seed}");
            let line = play.to_line();
            assert_eq!(Play::parse(&line), Ok(play.clone()), "seed {seed}");
        }
        let (play, _) = recorded(3, 5);
        let line = play.to_line();
        assert!(line.starts_with("+ A 3 letter-row "), "{line}");
        for (broken, why) in [
            (line.replacen("+ A", "+ 7", 1), "bot's name"),
            (line.replacen(" letter-row ", " sideways ", 1), "letter-row"),
            (line.replace(".10.", ".x."), "bad move 1"),
            (line[..line.len() - 1].to_string() + "9.", "bad move 5"),
        ] {
            assert!(Play::parse(&broken).unwrap_err().contains(why), "{broken}");
        }
    }

    #[test]
    fn files_pair_game_lines_with_their_summaries_and_name_a_bad_line() {
        let dir = std::env::temp_dir().join(format!("games-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (play, _) = recorded(4, 20);
        let row = "A 4 10 20 limit 0.000200 0.000010";
        let good = dir.join("good.txt");
        std::fs::write(&good, format!("{row}\n{}\nA 5 0 0 full 0.000000 0.000000\n", play.to_line()))
            .unwrap();
        let games = read_files(&[&good]).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].1.as_ref(), Some(&play));
        assert!(games[1].1.is_none(), "an old line without its game still merges");
        let zipped = dir.join("good.txt.gz");
        match_kit::files::write_text(&zipped, &std::fs::read_to_string(&good).unwrap()).unwrap();
        assert_eq!(read_files(&[&zipped]).unwrap(), games, "gzip reads as its text");
        let truncated = dir.join("truncated.txt");
        let line = play.to_line();
        std::fs::write(&truncated, format!("{row}\n{}\n", &line[..line.len() - 3])).unwrap();
        let error = read_files(&[&truncated]).unwrap_err();
        assert!(error.starts_with(&format!("{} line 2: bad move 20", truncated.display())), "{error}");
        std::fs::write(&truncated, format!("{}\n", play.to_line())).unwrap();
        assert!(read_files(&[&truncated]).unwrap_err().contains("line 1: a game line that follows no"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_hold_any_visible_character_but_no_space() {
        for good in ["A", "linez-new", "<i>x</i>&amp;\"'", "ü"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
            let row = Row::parse(&format!("{good} 1 2 3 full 0.000001 0.000001")).unwrap();
            assert_eq!(row.bot, good);
        }
        for bad in ["", "a b", "+x", "#x", "-x", "1x", "a\tb", &"x".repeat(NAME_MAX + 1)] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_gzip_file_reads_as_its_text_and_a_truncated_one_is_one_error_naming_it() {
        let dir = std::env::temp_dir().join(format!("games-file-gz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (play, _) = recorded(4, 20);
        let text = format!("A 4 10 20 limit 0.000200 0.000010\n{}\n", play.to_line()).repeat(50);
        let (plain, packed) = (dir.join("games.txt"), dir.join("games.txt.gz"));
        match_kit::files::write_text(&plain, &text).unwrap();
        match_kit::files::write_text(&packed, &text).unwrap();
        assert_eq!(read_files(&[&packed]).unwrap(), read_files(&[&plain]).unwrap());
        let bytes = std::fs::read(&packed).unwrap();
        std::fs::write(&packed, &bytes[..bytes.len() / 2]).unwrap();
        let error = read_files(&[&packed]).unwrap_err();
        assert!(error.contains("games.txt.gz") && !error.contains('\n'), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
