//! Game records: one line per game, `key=value` fields separated by single spaces, `detail` last
//! (it takes the rest of the line):
//!
//! ```text
//! game=3 seed=1234 red=hex blue=uct winner=red reason=connect opening=d5 moves=d5,e4,f3 times=-,61.2,80.4 late=0,1 messages=,55%25,47%25 detail=
//! ```
//!
//! `opening` is `-` without a forced opening; `times` lists each engine answer in milliseconds, in
//! order (`-` for the forced opening; an answer that lost on time is included, a crash is not);
//! `late` counts red's and blue's answers over their limits (absent in older records: 0,0), so that
//! a summary can be made from records alone (`hex-arena merge`); `messages` lists, aligned with
//! `times`, the text each engine wrote after its move (the judge's message: the Hex bot's win
//! estimate), percent-encoded (`%20` space, `%2C` comma, `%25` percent), empty for none; the field
//! is left out when no answer had a message (and absent in older records).
//!
//! `values` (optional, after `late`) lists the search's value of each position for its side to
//! move in -1..1, in the order of `moves` (`-` where none: the forced opening); the self-play
//! loop's games carry it (`hex-train selfplay`, removed after commit 0f321a2); read, not used.
//!
//! `hex-arena` writes them; its `svg`, `sgf` and `merge` and the Hex trainers read them.

use hex::{Cell, Color, Move};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// The winner joined its sides.
    Connect,
    /// The loser answered too late (strict mode) or not at all (hard limit).
    Timeout,
    /// The loser answered something that is not a legal move now.
    Illegal,
    /// The loser's process died, closed its output, or failed a GTP command.
    Crash,
    /// The loser (a GTP engine) resigned.
    Resign,
}

impl Reason {
    pub const ALL: [Reason; 5] =
        [Reason::Connect, Reason::Timeout, Reason::Illegal, Reason::Crash, Reason::Resign];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Connect => "connect",
            Reason::Timeout => "timeout",
            Reason::Illegal => "illegal",
            Reason::Crash => "crash",
            Reason::Resign => "resign",
        }
    }

    pub fn parse(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|reason| reason.as_str() == text)
    }
}

/// One finished game, as written to the records file.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// 1-based game number within the match.
    pub game: usize,
    pub seed: u64,
    pub red: String,
    pub blue: String,
    pub winner: Color,
    pub reason: Reason,
    pub opening: Option<Cell>,
    pub moves: Vec<Move>,
    /// Answer times in milliseconds; `None` for the forced opening.
    pub times: Vec<Option<f64>>,
    /// Red's and blue's answers over their limits.
    pub late: [usize; 2],
    /// The search's value of the position before each move, for its side to move (empty when
    /// not recorded).
    pub values: Vec<Option<f32>>,
    /// Each answer's message (the text after its move), aligned with `times`; empty for none.
    /// Empty when no answer had one.
    pub messages: Vec<String>,
    pub detail: String,
}

impl Record {
    /// The engine name of the winner.
    pub fn winner_name(&self) -> &str {
        match self.winner {
            Color::Red => &self.red,
            Color::Blue => &self.blue,
        }
    }

    /// The record line (no newline).
    pub fn to_line(&self) -> String {
        let list = |items: Vec<String>| if items.is_empty() { "-".to_string() } else { items.join(",") };
        let moves = list(self.moves.iter().map(Move::to_string).collect());
        let times =
            list(self.times.iter().map(|t| t.map_or("-".to_string(), |t| format!("{t:.1}"))).collect());
        let values = if self.values.is_empty() {
            String::new()
        } else {
            let list =
                list(self.values.iter().map(|v| v.map_or("-".to_string(), |v| format!("{v:.3}"))).collect());
            format!(" values={list}")
        };
        let messages = if self.messages.iter().all(String::is_empty) {
            String::new()
        } else {
            let encoded: Vec<String> = self.messages.iter().map(|m| encode_message(m)).collect();
            format!(" messages={}", encoded.join(","))
        };
        format!(
            "game={} seed={} red={} blue={} winner={} reason={} opening={} moves={} times={} late={},{}{}{messages} detail={}",
            self.game,
            self.seed,
            self.red,
            self.blue,
            self.winner,
            self.reason.as_str(),
            self.opening.map_or("-".to_string(), |cell| cell.to_string()),
            moves,
            times,
            self.late[0],
            self.late[1],
            values,
            self.detail
        )
    }

    /// Parses a record line.
    ///
    /// # Errors
    /// A missing or malformed field, named in the message.
    pub fn parse(line: &str) -> Result<Record, String> {
        let (fields, detail) = match line.find(" detail=") {
            Some(at) => (&line[..at], line[at + " detail=".len()..].to_string()),
            None => (line, String::new()),
        };
        let field = |key: &str| -> Result<&str, String> {
            fields
                .split(' ')
                .find_map(|pair| pair.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')))
                .ok_or_else(|| format!("missing field {key}="))
        };
        let bad = |key: &str, value: &str| format!("bad {key}={value}");
        let list = |value: &str| -> Vec<String> {
            if value == "-" {
                Vec::new()
            } else {
                value.split(',').map(str::to_string).collect()
            }
        };
        let game = field("game")?;
        let seed = field("seed")?;
        let winner = field("winner")?;
        let reason = field("reason")?;
        let opening = field("opening")?;
        let moves = list(field("moves")?)
            .iter()
            .map(|m| m.parse::<Move>().map_err(|()| bad("moves", m)))
            .collect::<Result<Vec<_>, _>>()?;
        let times = list(field("times")?)
            .iter()
            .map(
                |t| if t == "-" { Ok(None) } else { t.parse::<f64>().map(Some).map_err(|_| bad("times", t)) },
            )
            .collect::<Result<Vec<_>, _>>()?;
        let late = match field("late") {
            Err(_) => [0, 0],
            Ok(text) => {
                let (red, blue) = text.split_once(',').ok_or_else(|| bad("late", text))?;
                [red.parse().map_err(|_| bad("late", text))?, blue.parse().map_err(|_| bad("late", text))?]
            }
        };
        let values = match field("values") {
            Err(_) => Vec::new(),
            Ok(text) => list(text)
                .iter()
                .map(|v| {
                    if v == "-" {
                        Ok(None)
                    } else {
                        v.parse::<f32>().map(Some).map_err(|_| bad("values", v))
                    }
                })
                .collect::<Result<Vec<_>, _>>()?,
        };
        let messages = match field("messages") {
            Err(_) => Vec::new(),
            Ok(text) => text
                .split(',')
                .map(|m| decode_message(m).ok_or_else(|| bad("messages", text)))
                .collect::<Result<_, _>>()?,
        };
        Ok(Record {
            messages,
            game: game.parse().map_err(|_| bad("game", game))?,
            seed: seed.parse().map_err(|_| bad("seed", seed))?,
            red: field("red")?.to_string(),
            blue: field("blue")?.to_string(),
            winner: winner.parse().map_err(|()| bad("winner", winner))?,
            reason: Reason::parse(reason).ok_or_else(|| bad("reason", reason))?,
            opening: if opening == "-" {
                None
            } else {
                Some(opening.parse().map_err(|()| bad("opening", opening))?)
            },
            moves,
            times,
            late,
            values,
            detail,
        })
    }
}

/// A message as the records hold it: `%`, `,`, whitespace and control characters as `%XX`.
fn encode_message(message: &str) -> String {
    let mut text = String::new();
    for c in message.chars() {
        if c == '%' || c == ',' || c.is_whitespace() || c.is_control() {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                text.push_str(&format!("%{byte:02X}"));
            }
        } else {
            text.push(c);
        }
    }
    text
}

/// The message that [`encode_message`] wrote, if `text` is well formed.
fn decode_message(text: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        if byte == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else {
            bytes.push(byte);
            rest = tail;
        }
    }
    String::from_utf8(bytes).ok()
}

/// The records of `paths`, file by file in their order, each plain or gzip
/// ([`match_kit::files::read_text`]); blank lines are skipped.
///
/// # Errors
/// A file that cannot be read (a truncated or corrupt gzip stream included), or a line that is not
/// a record (its file and line named): one line.
pub fn read_files<P: AsRef<std::path::Path>>(paths: &[P]) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let text = match_kit::files::read_text(path)?;
        for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            records.push(
                Record::parse(line).map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?,
            );
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_line_round_trips() {
        let record = Record {
            game: 3,
            seed: 99,
            red: "hex".into(),
            blue: "uct".into(),
            winner: Color::Blue,
            reason: Reason::Illegal,
            opening: Some("d5".parse().unwrap()),
            moves: vec!["d5".parse().unwrap(), Move::Swap, "a1".parse().unwrap()],
            times: vec![None, Some(12.5), Some(80.0), Some(3.0)],
            late: [0, 1],
            values: Vec::new(),
            messages: Vec::new(),
            detail: "a1: cell a1 is occupied".into(),
        };
        let line = record.to_line();
        assert_eq!(
            line,
            "game=3 seed=99 red=hex blue=uct winner=blue reason=illegal opening=d5 \
             moves=d5,swap-pieces,a1 times=-,12.5,80.0,3.0 late=0,1 detail=a1: cell a1 is occupied"
        );
        assert_eq!(Record::parse(&line), Ok(record.clone()));
        // Records written before `late` existed still read.
        let old = Record::parse(&line.replace(" late=0,1", "")).unwrap();
        assert_eq!(old, Record { late: [0, 0], ..record.clone() });
        // The search's values, when recorded, come after `late`.
        let valued = Record { values: vec![None, Some(0.25), Some(-1.0)], ..record.clone() };
        let line = valued.to_line();
        assert!(line.contains(" late=0,1 values=-,0.250,-1.000 detail="), "{line}");
        assert_eq!(Record::parse(&line), Ok(valued));
        assert!(Record::parse(&line.replace("0.250", "x")).unwrap_err().contains("bad values=x"));
        assert!(Record::parse("game=1 seed=2").unwrap_err().contains("missing field"));
        assert!(Record::parse(&line.replace("winner=blue", "winner=green"))
            .unwrap_err()
            .contains("winner=green"));
    }

    #[test]
    fn messages_are_kept_encoded_and_old_records_have_none() {
        let line = "game=1 seed=5 red=hex blue=hex winner=red reason=connect opening=- moves=a10,k1,c7 \
                    times=900.0,60.1,61.2 late=0,0 detail=";
        let old = Record::parse(line).unwrap();
        assert!(old.messages.is_empty());
        // Written as read: no messages field when no answer had a message.
        assert_eq!(old.to_line(), line);
        let said = vec![String::new(), "50% a, b".to_string(), "57%".to_string()];
        let record = Record { messages: said.clone(), detail: "x detail=y".into(), ..old };
        let line = record.to_line();
        assert!(line.contains(" messages=,50%25%20a%2C%20b,57%25 detail=x detail=y"), "{line}");
        assert_eq!(Record::parse(&line), Ok(record));
        assert!(Record::parse(&line.replace("57%25", "57%2")).unwrap_err().contains("bad messages="));
    }
}
