//! The players a game can be played by: a subprocess speaking the protocol, or an in-process
//! function (the crate's bot or a baseline). Each reply carries the thinking time it took.

use std::time::{Duration, Instant};

use linez::Game;
use match_kit::process::{Process, Received};

/// How long a finished bot may take to exit after its stdin is closed before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(1000);

/// A bot's reply to one turn.
#[derive(Debug)]
pub enum Reply {
    /// The answer line (without its line break) and the thinking time it took.
    Answer(String, Duration),
    /// The thinking budget ran out before an answer arrived (the time spent is the budget left).
    Timeout(Duration),
    /// The bot died, closed its output or could not be written to: why, and the time spent.
    Crash(String, Duration),
}

/// Something that plays a game turn by turn.
pub trait Player {
    /// The answer to the current turn of `game`, given `budget_left` of thinking time.
    fn reply(&mut self, game: &Game, budget_left: Duration) -> Reply;
    /// The game is over: let the player go (close its input, reap it).
    fn finish(&mut self) {}
}

/// A bot process: turns go to its stdin, answers come from its stdout, and the thinking clock
/// stops the wait at the budget.
pub struct Subprocess {
    process: Process,
    finished: bool,
}

impl Subprocess {
    /// Starts `program` with `args`; the end of its stderr is kept to explain crashes.
    pub fn spawn(program: &str, args: &[String]) -> std::io::Result<Subprocess> {
        let argv: Vec<String> = std::iter::once(program.to_string()).chain(args.iter().cloned()).collect();
        Ok(Subprocess { process: Process::spawn(&argv, false)?, finished: false })
    }
}

impl Player for Subprocess {
    fn reply(&mut self, game: &Game, budget_left: Duration) -> Reply {
        let start = Instant::now();
        if let Err(error) = self.process.send(&game.turn().to_string()) {
            let reason = self.process.failure_report(&format!("cannot write the turn ({error})"));
            return Reply::Crash(reason, start.elapsed());
        }
        let received = self.process.receive(start + budget_left);
        let thinking = start.elapsed();
        match received {
            Received::Line(answer) => Reply::Answer(answer, thinking),
            Received::Timeout => Reply::Timeout(thinking),
            Received::Closed => {
                Reply::Crash(self.process.failure_report("no answer: the bot closed its output"), thinking)
            }
        }
    }

    /// Closes the bot's stdin, waits up to a short grace period for it to exit, then kills it.
    fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            self.process.stop(EXIT_GRACE);
        }
    }
}

impl Drop for Subprocess {
    fn drop(&mut self) {
        self.finish();
    }
}

/// An in-process player: a function from the game to the answer text. Its thinking time is
/// measured around the call; it cannot be interrupted, so an answer that arrives after the budget
/// is a time-out.
pub struct InProcess<F: FnMut(&Game) -> String> {
    choose: F,
}

impl<F: FnMut(&Game) -> String> InProcess<F> {
    pub fn new(choose: F) -> Self {
        InProcess { choose }
    }
}

impl<F: FnMut(&Game) -> String> Player for InProcess<F> {
    fn reply(&mut self, game: &Game, budget_left: Duration) -> Reply {
        let start = Instant::now();
        let answer = (self.choose)(game);
        let thinking = start.elapsed();
        if thinking > budget_left {
            Reply::Timeout(thinking)
        } else {
            Reply::Answer(answer, thinking)
        }
    }
}
