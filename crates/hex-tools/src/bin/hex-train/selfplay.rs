//! `hex-train selfplay`: the self-play games of one network's value search ([`hex::Ubfm`]), in
//! process, written as records with the search's value of every position (`values=`), so that
//! `hex-train value --value-share` fits the next network to outcomes and search values together,
//! and `hex-arena svg/sgf/merge` read them like any match.
//!
//! Game `g` (0-based in the whole run) opens on cell `g mod 121` (every first cell in turn, red's
//! stone); blue's search decides the swap (it searches the position after the swap too). While
//! the board holds fewer than `--sample-stones` stones, a move is drawn by `exp(value / T)` among
//! the root's children, so games from one opening differ. Each game's search is seeded by the run's
//! seed and `g`: the same command writes the same file whatever the shard split.

use hex::{Cell, Color, Game, Move, Ubfm, ValueNet, CELLS};
use hex_tools::hex_record::{Reason, Record};
use match_kit::pool::{self, InOrder, Shard};
use std::io::Write;
use std::time::{Duration, Instant};

pub struct Options {
    pub net: ValueNet,
    /// The name written as both players' (the network's file name, say).
    pub name: String,
    pub games: usize,
    pub expansions: u32,
    pub exploration: f32,
    pub sample_stones: usize,
    pub temperature: f32,
    pub seed: u64,
    pub shard: Shard,
    pub jobs: usize,
}

/// The seed of game `game` in a run seeded `seed`.
fn game_seed(seed: u64, game: usize) -> u64 {
    (seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(game as u64 + 1).rotate_left(17) ^ game as u64
}

/// Plays game `game` (0-based) of the run to its end.
pub fn play_game(options: &Options, search: &mut Ubfm, game: usize) -> Record {
    let seed = game_seed(options.seed, game);
    search.reseed(seed);
    let opening = Cell::from_index(game % CELLS);
    let mut state = Game::new();
    state.play(Move::Place(opening)).expect("an empty board takes any cell");
    let mut values = vec![None];
    // Budgets are in expansions; the clock is only a guard.
    let far = Instant::now() + Duration::from_secs(3600);
    while state.winner().is_none() {
        let choice = search.choose(&state, far, options.expansions);
        values.push(Some(choice.value));
        state.play(choice.mv).expect("the search plays legal moves");
    }
    let winner = state.winner().expect("the loop ends on a win");
    Record {
        game: game + 1,
        seed,
        red: options.name.clone(),
        blue: options.name.clone(),
        winner,
        reason: Reason::Connect,
        opening: Some(opening),
        moves: state.moves().to_vec(),
        times: Vec::new(),
        late: [0, 0],
        values,
        messages: Vec::new(),
        detail: String::new(),
    }
}

/// Plays the shard's games on `jobs` threads and writes their records to stdout in game order,
/// with a summary on stderr.
pub fn run(options: &Options) -> Result<(), String> {
    let range = options.shard.range(options.games);
    let started = Instant::now();
    let stdout = std::io::stdout();
    let mut in_order = InOrder::default();
    let (mut red_wins, mut swaps, mut moves, mut done) = (0usize, 0usize, 0usize, 0usize);
    let init = || {
        let mut search = Ubfm::new(options.net.clone(), 0);
        search.exploration = options.exploration;
        search.sample_stones = options.sample_stones;
        search.temperature = options.temperature;
        search
    };
    pool::run(
        options.jobs,
        range.len(),
        init,
        |search, k| play_game(options, search, range.start + k),
        |k, record| {
            let mut out = stdout.lock();
            for record in in_order.push(k, record) {
                red_wins += usize::from(record.winner == Color::Red);
                swaps += usize::from(record.moves.get(1) == Some(&Move::Swap));
                moves += record.moves.len();
                done += 1;
                writeln!(out, "{}", record.to_line()).map_err(|e| format!("stdout: {e}"))?;
            }
            out.flush().map_err(|e| format!("stdout: {e}"))
        },
    )?;
    let n = done.max(1) as f64;
    eprintln!(
        "{done} games (shard {}/{}: games {}..{}) in {:.1} s: red won {:.1}%, swapped {:.1}%, {:.1} moves a game",
        options.shard.index,
        options.shard.count,
        range.start + 1,
        range.end,
        started.elapsed().as_secs_f64(),
        100.0 * red_wins as f64 / n,
        100.0 * swaps as f64 / n,
        moves as f64 / n
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(games: usize) -> Options {
        // A network of 8 units with small weights from a fixed pattern.
        let weights: Vec<f32> =
            (0..hex::VALUE_INPUTS * 8 + 2 * 8 + 1).map(|k| ((k * 37 % 101) as f32 - 50.0) / 200.0).collect();
        let net = ValueNet::parse(&hex::network_text(8, hex::VALUE_INPUTS, &weights)).unwrap();
        Options {
            net,
            name: "n".into(),
            games,
            expansions: 20,
            exploration: 0.1,
            sample_stones: 6,
            temperature: 0.2,
            seed: 7,
            shard: Shard::parse("1/1").unwrap(),
            jobs: 1,
        }
    }

    /// Every game replays legally to its recorded winner, opens on its own cell, and carries one
    /// value a move (none for the forced opening); the same game is the same whatever the shard.
    #[test]
    fn games_are_legal_complete_and_repeatable() {
        let options = options(4);
        let mut search = Ubfm::new(options.net.clone(), 0);
        search.sample_stones = options.sample_stones;
        search.temperature = options.temperature;
        for game in 0..4 {
            let record = play_game(&options, &mut search, game);
            assert_eq!(record.opening, Some(Cell::from_index(game)));
            assert_eq!(record.values.len(), record.moves.len());
            assert_eq!(record.values[0], None);
            assert!(record.values[1..].iter().all(|v| v.is_some_and(|v| (-1.0..=1.0).contains(&v))));
            let mut replay = Game::new();
            for &mv in &record.moves {
                assert!(replay.winner().is_none());
                replay.play(mv).unwrap();
            }
            assert_eq!(replay.winner(), Some(record.winner));
            let line = record.to_line();
            assert_eq!(Record::parse(&line).unwrap().values.len(), record.moves.len());
            // A fresh search (another shard's thread) plays the same game.
            let mut fresh = Ubfm::new(options.net.clone(), 99);
            fresh.sample_stones = options.sample_stones;
            fresh.temperature = options.temperature;
            assert_eq!(play_game(&options, &mut fresh, game).moves, record.moves);
        }
    }
}
