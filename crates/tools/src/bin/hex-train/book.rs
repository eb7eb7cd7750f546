//! `hex-train book`: the opening book (`crates/hex/src/book_table.rs`): a GTP engine's move in
//! each position of the bot's first decision that does not depend on the opponent's play:
//!
//! * red to move after blue swapped: one blue stone, on any cell;
//! * blue to move after red's first stone on a cell blue keeps ([`hex::should_swap`] false).
//!
//! A board and its half-turn are the same position for both players (each keeps its own sides), so
//! the engine is asked only for the first cell of each pair and its answer is turned with it. Each
//! position gets a fresh engine process. The answers are written to a text file, one line a
//! position (`after-swap b4 c5`), and the table is made from that file, so that the committed
//! answers give the same table byte for byte (MoHex's answers vary a little from run to run even
//! with a fixed seed and number of games).

use hex::{should_swap, Cell, CELLS, SIZE};
use std::time::{Duration, Instant};
use tools::process::{Process, Received};

pub struct Options {
    /// GTP commands sent to every engine before the position (its settings).
    pub setup: Vec<String>,
    /// The engine's program and arguments; empty: the table from the answers file alone.
    pub engine: Vec<String>,
    pub jobs: usize,
    /// The answers file (written when an engine is given, read otherwise).
    pub answers: String,
    pub out: String,
}

/// Which first decision a position is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// One blue stone on the cell (red swapped off it), red to move.
    AfterSwap,
    /// One red stone on the cell, blue keeps it and moves.
    KeptOpening,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::AfterSwap => "after-swap",
            Kind::KeptOpening => "kept-opening",
        }
    }
}

/// The cell turned by half a turn.
fn half_turn(cell: Cell) -> Cell {
    Cell::new(SIZE - 1 - cell.row(), SIZE - 1 - cell.col()).expect("a board cell turns onto the board")
}

/// The positions to ask, one of each half-turn pair.
fn positions() -> Vec<(Kind, Cell)> {
    let canonical = |cell: &Cell| cell.index() <= half_turn(*cell).index();
    let after_swap = Cell::all().filter(canonical).map(|cell| (Kind::AfterSwap, cell));
    let kept = Cell::all()
        .filter(|cell| !should_swap(*cell))
        .filter(canonical)
        .map(|cell| (Kind::KeptOpening, cell));
    after_swap.chain(kept).collect()
}

/// How long one GTP command may take (a search of many games).
const ANSWER_WAIT: Duration = Duration::from_secs(3600);

/// Sends one GTP command and returns its answer without the `= `.
fn gtp(engine: &mut Process, command: &str) -> Result<String, String> {
    engine.send(&format!("{command}\n")).map_err(|e| format!("{command}: {e}"))?;
    let deadline = Instant::now() + ANSWER_WAIT;
    let mut answer: Option<String> = None;
    loop {
        match engine.receive(deadline) {
            Received::Line(line) if line.trim().is_empty() => {
                if let Some(answer) = answer {
                    return match answer.strip_prefix('=') {
                        Some(rest) => Ok(rest.trim().to_string()),
                        None => Err(format!("{command}: {answer}")),
                    };
                }
            }
            Received::Line(line) => {
                let joined = answer.map_or(line.clone(), |before| before + " " + &line);
                answer = Some(joined);
            }
            Received::Closed => {
                return Err(format!("{command}: the engine exited ({})", engine.stderr_tail()))
            }
            Received::Timeout => return Err(format!("{command}: no answer in {ANSWER_WAIT:?}")),
        }
    }
}

/// The engine's move in one position.
fn ask(options: &Options, kind: Kind, cell: Cell) -> Result<Cell, String> {
    let mut engine =
        Process::spawn(&options.engine, false).map_err(|e| format!("{}: {e}", options.engine[0]))?;
    gtp(&mut engine, "boardsize 11")?;
    for command in &options.setup {
        gtp(&mut engine, command)?;
    }
    let (stone, mover) = match kind {
        Kind::AfterSwap => ("white", "black"),
        Kind::KeptOpening => ("black", "white"),
    };
    gtp(&mut engine, &format!("play {stone} {cell}"))?;
    let answer = gtp(&mut engine, &format!("genmove {mover}"))?;
    let _ = engine.send("quit\n");
    engine.stop(Duration::from_secs(2));
    match answer.to_lowercase().parse::<Cell>() {
        Ok(reply) if reply != cell => Ok(reply),
        _ => Err(format!("{kind:?} {cell}: the engine answered {answer:?}, not an empty cell")),
    }
}

/// One table as Rust source: 121 cell names, row by row, `""` where there is no entry.
fn table(name: &str, doc: &str, entries: &[Option<Cell>; CELLS]) -> String {
    let mut text = format!("/// {doc}\npub const {name}: [&str; {CELLS}] = [\n");
    for row in entries.chunks(SIZE) {
        let names: Vec<String> =
            row.iter().map(|e| format!("{:?}", e.map_or(String::new(), |c| c.to_string()))).collect();
        text += &format!("    {},\n", names.join(", "));
    }
    text + "];\n"
}

/// Asks the engine in every position and returns the answers file's text.
fn ask_all(options: &Options) -> Result<String, String> {
    let list = positions();
    let mut answers = vec![None; list.len()];
    tools::pool::run(
        options.jobs,
        list.len(),
        || (),
        |(), index| ask(options, list[index].0, list[index].1),
        |index, answer| {
            let (kind, cell) = list[index];
            let reply = answer?;
            eprintln!("{} {cell} {reply}", kind.name());
            answers[index] = Some(reply);
            Ok(())
        },
    )?;
    let lines = list.iter().zip(&answers).map(|(&(kind, cell), reply)| {
        format!("{} {cell} {}\n", kind.name(), reply.expect("every position answered"))
    });
    Ok(lines.collect())
}

/// The book's source from the answers file's text: each answer and its half-turn.
fn book_source(answers: &str) -> Result<String, String> {
    let mut after_swap = [None; CELLS];
    let mut kept = [None; CELLS];
    for (number, line) in answers.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("answers line {}: expected KIND CELL MOVE, found {line:?}", number + 1);
        let [kind, cell, reply] = fields[..] else { return Err(bad()) };
        let entries = match kind {
            "after-swap" => &mut after_swap,
            "kept-opening" => &mut kept,
            _ => return Err(bad()),
        };
        let (cell, reply): (Cell, Cell) =
            (cell.parse().map_err(|_| bad())?, reply.parse().map_err(|_| bad())?);
        entries[cell.index()] = Some(reply);
        if half_turn(cell) != cell {
            // (The centre is its own half-turn: its answer stays as the engine gave it.)
            entries[half_turn(cell).index()] = Some(half_turn(reply));
        }
    }
    Ok(format!(
        "//! The opening book for [`crate::bot::book_move`] (written by `hex-train book` from the engine's\n\
         //! answers in crates/tools/hex/book/; see the README, \"Opening book\").\n\n{}\n{}",
        table("AFTER_SWAP", "Red's first move after blue swapped, by the cell of blue's stone (row by row, `a1` .. `k11`).", &after_swap),
        table(
            "KEPT_OPENING",
            "Blue's answer to red's first stone on a cell blue does not swap, by that cell (`\"\"` where blue swaps).",
            &kept
        ),
    ))
}

pub fn run(options: &Options) -> Result<(), String> {
    if !options.engine.is_empty() {
        let answers = ask_all(options)?;
        std::fs::write(&options.answers, answers).map_err(|e| format!("{}: {e}", options.answers))?;
    }
    let answers =
        std::fs::read_to_string(&options.answers).map_err(|e| format!("{}: {e}", options.answers))?;
    std::fs::write(&options.out, book_source(&answers)?).map_err(|e| format!("{}: {e}", options.out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_cover_every_cell_once_up_to_the_half_turn() {
        let list = positions();
        for kind in [Kind::AfterSwap, Kind::KeptOpening] {
            let mut seen = [0; CELLS];
            for &(k, cell) in list.iter().filter(|(k, _)| *k == kind) {
                assert_eq!(k, kind);
                seen[cell.index()] += 1;
                if half_turn(cell) != cell {
                    seen[half_turn(cell).index()] += 1;
                }
            }
            for cell in Cell::all() {
                let expected = usize::from(kind == Kind::AfterSwap || !should_swap(cell));
                assert_eq!(seen[cell.index()], expected, "{kind:?} {cell}");
            }
        }
        assert_eq!(half_turn("a1".parse().unwrap()), "k11".parse().unwrap());
        assert_eq!(half_turn("f6".parse().unwrap()), "f6".parse().unwrap());
    }
}
