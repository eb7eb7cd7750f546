//! An engine as a subprocess: text to its stdin, its stdout line by line with a deadline, the last
//! lines of its stderr kept to explain a crash, and a clean stop.
//!
//! A reader thread moves stdout lines into a channel, so that waiting for an answer can stop at a
//! deadline however the engine behaves (silent, slow, dead).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How many stderr lines are kept.
const TAIL_LINES: usize = 8;

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Lines of stdout (without their line break); `None` once stdout has ended.
    lines: Receiver<Option<String>>,
    tail: Arc<Mutex<VecDeque<String>>>,
}

/// What waiting for a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Received {
    Line(String),
    /// The engine closed its output (it exited or crashed).
    Closed,
    /// The deadline passed first.
    Timeout,
}

impl Process {
    /// Starts `argv` (program and arguments) with piped stdin and stdout; stderr is kept as a short
    /// tail, or passed through to ours with `show_stderr`.
    ///
    /// # Errors
    /// The program could not be started.
    pub fn spawn(argv: &[String], show_stderr: bool) -> std::io::Result<Process> {
        let (program, args) = argv.split_first().ok_or_else(|| std::io::Error::other("empty command"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr { Stdio::inherit() } else { Stdio::piped() })
            .spawn()?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = sender.send(None);
                        return;
                    }
                    Ok(_) => {
                        let trimmed = line.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(Some(trimmed)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&tail);
            thread::spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { return };
                    let mut tail = tail.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    if tail.len() == TAIL_LINES {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            });
        }
        Ok(Process { stdin: child.stdin.take(), child, lines, tail })
    }

    /// Writes `text` to the engine's stdin and flushes it.
    ///
    /// # Errors
    /// The engine's input is closed (it died, or [`Process::stop`] began).
    pub fn send(&mut self, text: &str) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "input already closed"))?;
        stdin.write_all(text.as_bytes()).and_then(|()| stdin.flush())
    }

    /// Waits until `deadline` for the next line of stdout.
    pub fn receive(&mut self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Some(line)) => Received::Line(line),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => Received::Closed,
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
        }
    }

    /// The last stderr lines, joined with ` | ` (empty if none, or if stderr is passed through).
    pub fn stderr_tail(&self) -> String {
        let tail = self.tail.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        tail.iter().map(String::as_str).collect::<Vec<_>>().join(" | ")
    }

    /// The exit status, waiting up to `grace` for the process to end.
    pub fn wait_exit(&mut self, grace: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(2)),
                _ => return None,
            }
        }
    }

    /// Why an engine stopped answering: `what`, then its exit status if it ends within 200 ms, then
    /// its last stderr line if it left one.
    pub fn failure_report(&mut self, what: &str) -> String {
        let mut report = what.to_string();
        if let Some(status) = self.wait_exit(Duration::from_millis(200)) {
            report.push_str(&format!(", {status}"));
        }
        thread::sleep(Duration::from_millis(20)); // let the stderr thread catch the last words
        let tail = self.tail.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(last) = tail.iter().rev().find(|line| !line.trim().is_empty()) {
            report.push_str(&format!(", stderr: {}", last.trim()));
        }
        report
    }

    /// Closes the engine's stdin, gives it `grace` to exit, then kills it.
    pub fn stop(&mut self, grace: Duration) {
        drop(self.stdin.take());
        if self.wait_exit(grace).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if self.stdin.is_some() {
            self.stop(Duration::ZERO);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Process {
        Process::spawn(&["sh".to_string(), "-c".to_string(), script.to_string()], false).unwrap()
    }

    #[test]
    fn lines_answers_deadlines_and_the_end() {
        let mut process = sh("read x; echo \"got $x\"; sleep 5");
        process.send("hello\n").unwrap();
        let soon = Instant::now() + Duration::from_secs(5);
        assert_eq!(process.receive(soon), Received::Line("got hello".into()));
        let started = Instant::now();
        assert_eq!(process.receive(Instant::now() + Duration::from_millis(50)), Received::Timeout);
        assert!(started.elapsed() < Duration::from_secs(2));
        process.stop(Duration::from_millis(10));
        let mut process = sh("echo last words >&2; exit 3");
        assert_eq!(process.receive(Instant::now() + Duration::from_secs(5)), Received::Closed);
        let report = process.failure_report("closed its output");
        assert!(report.starts_with("closed its output, exit status: 3"), "{report}");
        assert!(report.ends_with("stderr: last words"), "{report}");
        assert_eq!(process.stderr_tail(), "last words");
    }
}
