//! The players a game can be played by: a subprocess speaking the protocol, or an in-process
//! function (the crate's bot or a baseline). Each reply carries the thinking time it took.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use linez::game::Game;

/// How long a finished bot may take to exit after its stdin is closed before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(1000);
/// How much of a bot's stderr is kept to explain a crash.
const STDERR_TAIL: usize = 2048;

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

/// A bot process: turns go to its stdin, answers come from its stdout through a reader thread so
/// that the thinking clock can stop the wait at the budget.
pub struct Subprocess {
    child: Child,
    stdin: Option<ChildStdin>,
    answers: Receiver<std::io::Result<String>>,
    stderr_tail: Arc<Mutex<Vec<u8>>>,
    finished: bool,
}

impl Subprocess {
    /// Starts `program` with `args`; its stderr is kept (last 2 KB) to explain crashes.
    pub fn spawn(program: &str, args: &[String]) -> std::io::Result<Subprocess> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, answers) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) => return,
                    Ok(_) => {
                        let answer = line.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(Ok(answer)).is_err() {
                            return;
                        }
                    }
                    Err(error) => {
                        let _ = sender.send(Err(error));
                        return;
                    }
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(Vec::new()));
        let mut stderr = child.stderr.take().expect("piped stderr");
        let tail = Arc::clone(&stderr_tail);
        thread::spawn(move || {
            let mut buffer = [0u8; 1024];
            while let Ok(read) = stderr.read(&mut buffer) {
                if read == 0 {
                    return;
                }
                let mut tail = tail.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                tail.extend_from_slice(&buffer[..read]);
                if tail.len() > STDERR_TAIL {
                    let excess = tail.len() - STDERR_TAIL;
                    tail.drain(..excess);
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(Subprocess { child, stdin, answers, stderr_tail, finished: false })
    }

    /// Why the bot stopped answering: its exit status (waiting briefly) and last stderr line.
    fn crash_reason(&mut self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break None,
            }
        };
        let mut reason = what.to_string();
        if let Some(status) = status {
            reason.push_str(&format!(", {status}"));
        }
        thread::sleep(Duration::from_millis(20)); // let the stderr thread catch the last words
        let tail = self.stderr_tail.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let text = String::from_utf8_lossy(&tail);
        if let Some(last) = text.lines().rev().find(|line| !line.trim().is_empty()) {
            reason.push_str(&format!(", stderr: {}", last.trim()));
        }
        reason
    }
}

impl Player for Subprocess {
    fn reply(&mut self, game: &Game, budget_left: Duration) -> Reply {
        let text = game.turn().to_string();
        let start = Instant::now();
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(text.as_bytes()).and_then(|()| stdin.flush()),
            None => Err(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdin closed")),
        };
        if let Err(error) = written {
            let reason = self.crash_reason(&format!("cannot write the turn ({error})"));
            return Reply::Crash(reason, start.elapsed());
        }
        let received = self.answers.recv_timeout(budget_left.saturating_sub(start.elapsed()));
        let thinking = start.elapsed();
        match received {
            Ok(Ok(answer)) => Reply::Answer(answer, thinking),
            Ok(Err(error)) => {
                Reply::Crash(self.crash_reason(&format!("cannot read the answer ({error})")), thinking)
            }
            Err(RecvTimeoutError::Timeout) => Reply::Timeout(thinking),
            Err(RecvTimeoutError::Disconnected) => {
                Reply::Crash(self.crash_reason("no answer: the bot closed its output"), thinking)
            }
        }
    }

    /// Closes the bot's stdin, waits up to a short grace period for it to exit, then kills it.
    fn finish(&mut self) {
        if self.finished {
            return;
        }
        self.finished = true;
        drop(self.stdin.take());
        let deadline = Instant::now() + EXIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(2)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
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
