//! The two kinds of opponent: CodinGame-protocol bots (a fresh process per game, fed the judge's
//! turn text) and GTP engines (one process per worker thread, reused with `clear_board`).
//!
//! Every read from an engine waits with a deadline ([`match_kit::process`]), so the referee never blocks
//! on a silent or hung engine.

use hex::{Color, Game, Move};
use match_kit::process::{Process, Received};
use std::thread;
use std::time::{Duration, Instant};

/// How an engine is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The CodinGame judge's protocol: `11 red`, then per turn `lastMove` and the board rows.
    CodinGame,
    /// The Go Text Protocol as Hex engines speak it: `boardsize`, `clear_board`, `play`, `genmove`.
    Gtp,
}

/// One side of the match, as given on the command line.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub protocol: Protocol,
    /// The command line; `{seed}` in any word is replaced by the game's seed.
    pub argv: Vec<String>,
    /// GTP commands sent once to each started process, before the first game (engine settings).
    pub setup: Vec<String>,
    /// Time for the engine's first answer of a game.
    pub first_limit: Duration,
    /// Time for every later answer.
    pub move_limit: Duration,
    /// A late answer loses.
    pub strict: bool,
}

/// Why an engine lost other than by its opponent connecting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer within the limit (strict mode) or within the hard limit (any mode).
    Timeout,
    /// The process died, closed its output, or answered a GTP command with an error.
    Crash(String),
    /// A GTP engine resigned.
    Resign,
}

/// One answer: what the engine said (the move's text) or why it failed, and how long it took.
#[derive(Debug)]
pub struct Answer {
    pub result: Result<String, Fault>,
    pub elapsed: Duration,
    /// The text after the move on the answer line (CodinGame's viewer shows it under the board as
    /// the bot's message; the Hex bot writes its win estimate there), empty if none.
    pub message: String,
}

/// Splits an answer line into its move (the first word) and its message (the rest, trimmed).
pub fn split_answer(line: &str) -> (String, String) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word.to_string(), rest.trim().to_string()),
        None => (line.to_string(), String::new()),
    }
}

/// What the referee asks of either kind of engine.
pub trait Player {
    /// Gets ready for a new game in which this engine plays `color`.
    ///
    /// # Errors
    /// The engine could not be started or refused to set up the board.
    fn start(&mut self, color: Color, seed: u64) -> Result<(), Fault>;
    /// Asks for a move in `game` (this engine is to move). Waits at most `wait` for the answer;
    /// the caller compares the elapsed time with the clock.
    fn genmove(&mut self, game: &Game, wait: Duration) -> Answer;
    /// The game is over: release the process (CodinGame) or keep it for the next game (GTP).
    fn finish(&mut self);
    /// The last lines the engine wrote on stderr (for crash reports).
    fn stderr_tail(&self) -> String;
}

/// Whether GTP colour words are `black`/`white` (HexGui, MoHex: black moves first and joins top and
/// bottom) or `red`/`blue`, and how a swap is told.
#[derive(Clone, Debug)]
pub struct GtpColors {
    pub red: String,
    pub blue: String,
    /// Tell a swap as the stone it leaves (blue on the mirrored cell, as the first move of the
    /// game) instead of the move `swap-pieces`: for engines whose `swap-pieces` does not move the
    /// stone (MoHex's exchanges the players' roles instead, so its board would differ from the
    /// referee's).
    pub stone_swap: bool,
}

/// The game's moves as a GTP engine is told them, each with its player: the referee's moves, or
/// with `stone_swap` a swap replaced by the swapped stone (blue's, on the mirrored cell) in place of
/// red's first stone and the swap, the rest alternating from red as before.
pub fn engine_view(game: &Game, stone_swap: bool) -> Vec<(Color, String)> {
    let moves = game.moves();
    let player = |i: usize| if i % 2 == 0 { Color::Red } else { Color::Blue };
    match moves {
        [Move::Place(first), Move::Swap, rest @ ..] if stone_swap => {
            let mut view = vec![(Color::Blue, first.mirror().to_string())];
            view.extend(rest.iter().enumerate().map(|(i, m)| (player(i), m.to_string())));
            view
        }
        _ => moves.iter().enumerate().map(|(i, m)| (player(i), m.to_string())).collect(),
    }
}

impl GtpColors {
    fn word(&self, color: Color) -> &str {
        match color {
            Color::Red => &self.red,
            Color::Blue => &self.blue,
        }
    }
}

/// Replaces `{seed}` in every word of `argv`.
pub fn expand_argv(argv: &[String], seed: u64) -> Vec<String> {
    argv.iter().map(|word| word.replace("{seed}", &seed.to_string())).collect()
}

/// Writes `text` to the engine.
///
/// # Errors
/// The engine closed its input (it died).
fn send(process: &mut Process, text: &str) -> Result<(), Fault> {
    process.send(text).map_err(|e| Fault::Crash(format!("cannot write to the engine: {e}")))
}

/// Describes a dead engine: the exit status when known, and the stderr tail.
fn crash_reason(process: &mut Process, what: &str) -> Fault {
    let mut reason = what.to_string();
    if let Some(status) = process.wait_exit(Duration::from_millis(20)) {
        reason.push_str(&format!(" ({status})"));
    }
    Fault::Crash(reason)
}

/// A CodinGame-protocol bot: a fresh process per game, exactly as the judge runs it.
pub struct CodinGamePlayer {
    argv: Vec<String>,
    show_stderr: bool,
    process: Option<Process>,
    color: Color,
    answered: usize,
    last_tail: String,
}

impl CodinGamePlayer {
    pub fn new(argv: Vec<String>, show_stderr: bool) -> Self {
        CodinGamePlayer {
            argv,
            show_stderr,
            process: None,
            color: Color::Red,
            answered: 0,
            last_tail: String::new(),
        }
    }
}

impl Player for CodinGamePlayer {
    fn start(&mut self, color: Color, seed: u64) -> Result<(), Fault> {
        self.finish();
        let argv = expand_argv(&self.argv, seed);
        let process = Process::spawn(&argv, self.show_stderr)
            .map_err(|e| Fault::Crash(format!("cannot start {:?}: {e}", argv.join(" "))))?;
        self.process = Some(process);
        self.color = color;
        self.answered = 0;
        Ok(())
    }

    fn genmove(&mut self, game: &Game, wait: Duration) -> Answer {
        let mut text = String::new();
        if self.answered == 0 {
            text.push_str(&format!("{} {}\n", hex::SIZE, self.color));
        }
        match game.moves().last() {
            Some(mv) => text.push_str(&format!("{mv}\n")),
            None => text.push_str("empty\n"),
        }
        text.push_str(&game.board().to_rows());
        self.answered += 1;
        let process = self.process.as_mut().expect("genmove after start");
        let started = Instant::now();
        if let Err(fault) = send(process, &text) {
            return Answer { result: Err(fault), elapsed: started.elapsed(), message: String::new() };
        }
        let received = process.receive(started + wait);
        let elapsed = started.elapsed();
        let mut message = String::new();
        let result = match received {
            // Text after the move is a message shown by the judge's viewer.
            Received::Line(line) => {
                let (word, said) = split_answer(&line);
                message = said;
                Ok(word)
            }
            Received::Closed => Err(crash_reason(process, "closed its output")),
            Received::Timeout => Err(Fault::Timeout),
        };
        Answer { result, elapsed, message }
    }

    fn finish(&mut self) {
        if let Some(mut process) = self.process.take() {
            self.last_tail = process.stderr_tail();
            process.stop(Duration::from_millis(100));
        }
    }

    fn stderr_tail(&self) -> String {
        match &self.process {
            Some(process) => process.stderr_tail(),
            None => self.last_tail.clone(),
        }
    }
}

/// A GTP engine: started once per worker thread and reused for every game with `clear_board`
/// (restarted if it died).
pub struct GtpPlayer {
    argv: Vec<String>,
    setup: Vec<String>,
    show_stderr: bool,
    colors: GtpColors,
    process: Option<Process>,
    /// The moves the engine's board holds, as told (or generated by it), in its view.
    told: Vec<(Color, String)>,
    /// Generous time for setup and `play` commands, which are not on the clock.
    setup_wait: Duration,
    /// The stderr tail of the last process that was stopped.
    last_tail: String,
}

impl GtpPlayer {
    pub fn new(
        argv: Vec<String>,
        setup: Vec<String>,
        show_stderr: bool,
        colors: GtpColors,
        setup_wait: Duration,
    ) -> Self {
        GtpPlayer {
            argv,
            setup,
            show_stderr,
            colors,
            process: None,
            told: Vec::new(),
            setup_wait,
            last_tail: String::new(),
        }
    }

    /// Sends one command and waits until `deadline` for its response (`= ...` or `? ...`, ended by
    /// an empty line). Returns the response text after `=`.
    fn command(&mut self, command: &str, deadline: Instant) -> Result<String, Fault> {
        let process = self.process.as_mut().expect("GTP command without a process");
        send(process, &format!("{command}\n"))?;
        let mut response: Option<(bool, String)> = None;
        loop {
            match process.receive(deadline) {
                Received::Line(line) => {
                    let line = line.trim_end();
                    match &mut response {
                        None if line.is_empty() => {}
                        None => {
                            let ok = line.starts_with('=');
                            if !ok && !line.starts_with('?') {
                                return Err(Fault::Crash(format!(
                                    "not a GTP response to {command:?}: {line:?}"
                                )));
                            }
                            // Skip the status character and an optional numeric id.
                            let body = line[1..].trim_start_matches(|c: char| c.is_ascii_digit()).trim();
                            response = Some((ok, body.to_string()));
                        }
                        Some(_) if line.is_empty() => {
                            let (ok, body) = response.take().expect("response started");
                            return if ok {
                                Ok(body)
                            } else {
                                Err(Fault::Crash(format!("GTP error on {command:?}: {body}")))
                            };
                        }
                        Some((_, body)) => {
                            body.push('\n');
                            body.push_str(line);
                        }
                    }
                }
                Received::Closed => {
                    let process = self.process.as_mut().expect("process");
                    return Err(crash_reason(process, "closed its output"));
                }
                Received::Timeout => return Err(Fault::Timeout),
            }
        }
    }

    /// Stops a failed engine (it is started afresh for the next game), keeping its stderr tail.
    fn kill(&mut self) {
        if let Some(mut process) = self.process.take() {
            thread::sleep(Duration::from_millis(30)); // let its last stderr lines arrive
            let tail = process.stderr_tail();
            if !tail.is_empty() {
                self.last_tail = tail;
            }
            process.stop(Duration::from_millis(50));
        }
    }
}

impl Player for GtpPlayer {
    fn start(&mut self, _color: Color, seed: u64) -> Result<(), Fault> {
        let fresh = self.process.is_none();
        if fresh {
            let argv = expand_argv(&self.argv, seed);
            let process = Process::spawn(&argv, self.show_stderr)
                .map_err(|e| Fault::Crash(format!("cannot start {:?}: {e}", argv.join(" "))))?;
            self.process = Some(process);
        }
        let deadline = Instant::now() + self.setup_wait;
        if fresh {
            // A new process: its settings first.
            for command in self.setup.clone() {
                if let Err(fault) = self.command(&command, deadline) {
                    self.kill();
                    return Err(fault);
                }
            }
        }
        self.told.clear();
        let setup = self
            .command(&format!("boardsize {}", hex::SIZE), deadline)
            .and_then(|_| self.command("clear_board", deadline));
        if setup.is_err() {
            self.kill();
        }
        setup.map(|_| ())
    }

    fn genmove(&mut self, game: &Game, wait: Duration) -> Answer {
        // Tell the engine the moves it has not seen; these are off the clock. Moves it holds that
        // are no longer in its view of the game (a first stone that became a swapped stone) are
        // taken back with `undo`.
        let deadline = Instant::now() + self.setup_wait;
        let view = engine_view(game, self.colors.stone_swap);
        let common = self.told.iter().zip(&view).take_while(|(a, b)| a == b).count();
        let mut commands: Vec<String> = vec!["undo".to_string(); self.told.len() - common];
        for (color, text) in &view[common..] {
            commands.push(format!("play {} {}", self.colors.word(*color), text));
        }
        for command in commands {
            if let Err(fault) = self.command(&command, deadline) {
                self.kill();
                return Answer { result: Err(fault), elapsed: Duration::ZERO, message: String::new() };
            }
        }
        self.told = view;
        let command = format!("genmove {}", self.colors.word(game.to_move()));
        let started = Instant::now();
        let result = self.command(&command, started + wait);
        let elapsed = started.elapsed();
        let mut message = String::new();
        let result = match result {
            Ok(text) => {
                let (word, said) = split_answer(&text);
                message = said;
                let word = word.to_ascii_lowercase();
                if word == "resign" {
                    Err(Fault::Resign)
                } else {
                    // The engine has played its own move on its board.
                    let word = if word == "swap" { Move::Swap.to_string() } else { word };
                    self.told.push((game.to_move(), word.clone()));
                    Ok(word)
                }
            }
            Err(fault) => {
                // A late or broken engine may be mid-answer: start it afresh next game.
                self.kill();
                Err(fault)
            }
        };
        Answer { result, elapsed, message }
    }

    fn finish(&mut self) {}

    fn stderr_tail(&self) -> String {
        match &self.process {
            Some(process) => process.stderr_tail(),
            None => self.last_tail.clone(),
        }
    }
}

impl Drop for GtpPlayer {
    fn drop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.send("quit\n");
            process.stop(Duration::from_millis(500));
        }
    }
}

impl Drop for CodinGamePlayer {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str]) -> Game {
        let mut game = Game::new();
        for text in moves {
            game.play(text.parse().unwrap()).unwrap();
        }
        game
    }

    fn words(view: &[(Color, String)]) -> Vec<String> {
        view.iter().map(|(c, m)| format!("{}:{m}", c.symbol())).collect()
    }

    #[test]
    fn an_answer_splits_into_its_move_and_its_message() {
        let split = |line: &str| split_answer(line);
        assert_eq!(split("c7 57%\n"), ("c7".to_string(), "57%".to_string()));
        assert_eq!(split("  d5   hello  world "), ("d5".to_string(), "hello  world".to_string()));
        assert_eq!(split("swap-pieces"), ("swap-pieces".to_string(), String::new()));
        assert_eq!(split(""), (String::new(), String::new()));
    }

    #[test]
    fn a_swap_is_told_as_a_move_or_as_the_swapped_stone() {
        let swapped = game(&["d2", "swap-pieces", "f6", "e5"]);
        assert_eq!(words(&engine_view(&swapped, false)), ["r:d2", "b:swap-pieces", "r:f6", "b:e5"]);
        // d2 (row 2, column d) mirrors to b4; then red moves, as on the referee's board.
        assert_eq!(words(&engine_view(&swapped, true)), ["b:b4", "r:f6", "b:e5"]);
        let plain = game(&["d2", "c3", "f6"]);
        assert_eq!(engine_view(&plain, true), engine_view(&plain, false));
        // The stone view's board is the referee's.
        let mut board = hex::Board::new();
        for (color, text) in engine_view(&swapped, true) {
            let Ok(Move::Place(cell)) = text.parse::<Move>() else { panic!("{text}") };
            board.set(cell, Some(color));
        }
        assert_eq!(&board, swapped.board());
    }
}
