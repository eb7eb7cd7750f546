//! `hex-train label`: the teacher. Positions of recorded games, each searched by the bot's own
//! search at many times the judge's playouts, written as [`hex_tools::hex_label`] lines: the
//! search's value (the value network's target), its visit distribution (the move prior's) and the
//! game's real outcome (what both are measured against).
//!
//! Deterministic: a position's search is seeded by `--seed`, its game's index and its ply, so a
//! run, or any shard of it (`--shard K/N`, disjoint blocks of the games), gives the same lines on
//! any machine and under any load.

use hex::{Cell, Move};
use hex_tools::hex_label::Label;
use hex_tools::hex_record::{Reason, Record};
use match_kit::pool::Shard;
use std::io::Write;
use std::time::Instant;

/// What to label.
pub struct Options {
    /// Playouts of each position's search.
    pub playouts: u32,
    /// Label the plies `p` with `p % every == game % every` (consecutive positions of a game tell
    /// much the same; staggering by game spreads the labels over every stage of the game).
    pub every: usize,
    /// Visits below this share of the playouts are left out of a label.
    pub min_share: f64,
    pub seed: u64,
    pub shard: Shard,
}

/// The seed of one position's search.
fn position_seed(seed: u64, game: usize, ply: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((game as u64) << 16 | ply as u64)
}

/// The labels of one game (`game` is its index among the connected games), in ply order.
pub fn label_game(options: &Options, game: usize, record: &Record) -> Result<Vec<Label>, String> {
    let mut labels = Vec::new();
    let mut position = hex::Game::new();
    let mut last: Option<Cell> = None;
    for (ply, mv) in record.moves.iter().enumerate() {
        if position.winner().is_some() {
            break;
        }
        if ply % options.every == game % options.every && ply > 0 {
            let analysis =
                hex::analyse(&position, last, options.playouts, position_seed(options.seed, game, ply));
            let mut visits: Vec<(Cell, u32)> = analysis
                .visits
                .iter()
                .copied()
                .filter(|&(_, n)| f64::from(n) >= options.min_share * f64::from(analysis.playouts))
                .collect();
            visits.sort_by_key(|&(cell, n)| (std::cmp::Reverse(n), cell.index()));
            labels.push(Label {
                game,
                winner: record.winner,
                moves: record.moves[..ply].to_vec(),
                playouts: analysis.playouts,
                value: analysis.value,
                proven: analysis.proven,
                best: analysis.best,
                visits,
            });
        }
        position.play(*mv).map_err(|e| format!("game {}: {e}", record.game))?;
        last = match mv {
            Move::Place(cell) => Some(*cell),
            Move::Swap => None,
        };
    }
    Ok(labels)
}

/// Labels the games of `records` decided on the board (connected, or resigned by a GTP engine
/// that saw its loss) in this shard, printing each game's lines as it ends.
///
/// # Errors
/// No such game in `records`, or a record whose moves do not replay.
pub fn run(options: &Options, records: &[Record]) -> Result<(), String> {
    let games: Vec<&Record> =
        records.iter().filter(|r| matches!(r.reason, Reason::Connect | Reason::Resign)).collect();
    if games.is_empty() {
        return Err("no game decided on the board (reason=connect or resign) to label".to_string());
    }
    let range = options.shard.range(games.len());
    println!(
        "# hex-train label: playouts {} every {} min-share {} seed {} shard {}/{} (games {}..{} of {})",
        options.playouts,
        options.every,
        options.min_share,
        options.seed,
        options.shard.index,
        options.shard.count,
        range.start,
        range.end,
        games.len()
    );
    let started = Instant::now();
    let mut count = 0;
    let stdout = std::io::stdout();
    for game in range.clone() {
        let labels = label_game(options, game, games[game])?;
        count += labels.len();
        let mut out = stdout.lock();
        for label in &labels {
            writeln!(out, "{}", label.to_line()).map_err(|e| format!("stdout: {e}"))?;
        }
        out.flush().map_err(|e| format!("stdout: {e}"))?;
        eprintln!(
            "game {} of {}..{}: {count} positions in {:.0} s",
            game + 1,
            range.start,
            range.end,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hex::Color;

    fn record(moves: &str, winner: Color) -> Record {
        let line = format!(
            "game=1 seed=0 red=a blue=b winner={winner} reason=connect opening=- moves={moves} times=- detail="
        );
        Record::parse(&line).unwrap()
    }

    #[test]
    fn labels_are_staggered_replayable_and_repeatable() {
        let game = record("f6,swap-pieces,e5,d7,c8,e7", Color::Red);
        let options =
            Options { playouts: 300, every: 2, min_share: 0.0, seed: 5, shard: Shard::parse("1/1").unwrap() };
        let labels = label_game(&options, 3, &game).unwrap();
        // Game 3 with every 2: the odd plies (1, 3, 5).
        assert_eq!(labels.iter().map(|l| l.moves.len()).collect::<Vec<_>>(), [1, 3, 5]);
        for label in &labels {
            assert_eq!(label.winner, Color::Red);
            let position = label.game_position().unwrap();
            assert_eq!(position.board().get(label.best), None, "the best move is an empty cell");
            let total: u32 = label.visits.iter().map(|&(_, n)| n).sum();
            assert!(total + 1 >= label.playouts && total <= label.playouts, "{total} of {}", label.playouts);
            assert!(label.visits.windows(2).all(|w| w[0].1 >= w[1].1), "most visited first");
            assert_eq!(label.visits[0].0, label.best, "unproven: the most visited move is chosen");
        }
        assert_eq!(label_game(&options, 3, &game).unwrap(), labels, "the same labels again");
        let other_seed = Options { seed: 6, ..options };
        assert_ne!(label_game(&other_seed, 3, &game).unwrap(), labels, "the seed matters");
    }

    #[test]
    fn only_games_decided_on_the_board_are_labelled() {
        let options =
            Options { playouts: 10, every: 1, min_share: 0.0, seed: 1, shard: Shard::parse("1/1").unwrap() };
        let timed_out = Record { reason: Reason::Timeout, ..record("f6,e5", Color::Red) };
        let error = run(&options, std::slice::from_ref(&timed_out)).unwrap_err();
        assert!(error.contains("no game decided"), "{error}");
        let resigned = Record { reason: Reason::Resign, ..record("f6,e5", Color::Red) };
        assert!(run(&options, &[timed_out, resigned]).is_ok(), "a resigned game is labelled");
    }
}
