//! `hex-baseline`: yardstick engines for the Hex referee, speaking exactly the CodinGame protocol
//! and honouring the same clock (the first answer within 1 s, later ones within 100 ms).
//!
//! * `--engine random`: a uniformly random legal move (the swap included, on turn 2);
//! * `--engine uct`: plain UCT, uniformly random playouts;
//! * `--engine rave`: MCTS with RAVE and playouts that answer intrusions into bridges; no other Hex
//!   knowledge. The knowledge-free strong baseline.
//!
//! The rules (parsing the turn, legality, swap) come from the `hex` library.

mod playout;
mod search;

use clap::builder::RangedU64ValueParser;
use clap::{Parser, ValueEnum};
use hex::{Color, Game, Move, Playouts};
use playout::Rng;
use search::{Flavour, Search, Settings};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A CodinGame-protocol Hex bot (stdin/stdout) for use as an opponent in hex-arena.
#[derive(Parser)]
#[command(name = "hex-baseline")]
struct Options {
    /// The engine
    #[arg(long, value_enum, default_value_t = Engine::Rave)]
    engine: Engine,
    /// Random seed (default: from the clock)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Thinking time for the first answer, in milliseconds (the judge allows 1000)
    #[arg(long, value_name = "MS", default_value_t = 800)]
    first_ms: u64,
    /// Thinking time for later answers, in milliseconds (the judge allows 100)
    #[arg(long, value_name = "MS", default_value_t = 80)]
    move_ms: u64,
    /// Stop after N playouts a move even if time remains
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Exploration constant (default 0.35 for uct, 0 for rave)
    #[arg(long, value_name = "C")]
    exploration: Option<f64>,
    /// Expand a leaf on its N-th visit
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = RangedU64ValueParser::<u32>::new().range(1..=1 << 20))]
    expand_at: u32,
    /// One line per move on stderr: playouts and time
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Engine {
    /// A uniformly random legal move
    Random,
    /// Plain UCT, uniformly random playouts
    Uct,
    /// RAVE with bridge-answering playouts
    Rave,
}

fn main() {
    let options = match_kit::command_line::parse::<Options>();
    let clock_seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    let seed = options.seed.unwrap_or(clock_seed);
    let (first, per_move) = (Duration::from_millis(options.first_ms), Duration::from_millis(options.move_ms));
    let playouts = options.playouts.unwrap_or(u64::MAX);
    let filler = Playouts::new();
    let flavour = match options.engine {
        Engine::Random => None,
        Engine::Uct => Some(Flavour::Uct),
        Engine::Rave => Some(Flavour::Rave),
    };
    let settings = flavour.map(|flavour| Settings {
        flavour,
        exploration: options.exploration.unwrap_or(match flavour {
            Flavour::Uct => 0.35,
            Flavour::Rave => 0.0,
        }),
        rave_equivalence: 1000.0,
        expand_at: options.expand_at,
        max_nodes: 4_000_000,
        // Plain UCT stays plain: a fresh tree every move.
        reuse: flavour == Flavour::Rave,
    });
    let mut rng = Rng::new(seed);
    let mut search = settings.map(|settings| Search::new(&filler, settings, seed ^ 0x5EED));
    let mut lines = io::stdin_lines();
    let color: Color = match hex::read_header(&mut lines) {
        Ok(Some(color)) => color,
        Ok(None) => return,
        Err(e) => io::fail(e),
    };
    let mut out = io::Output::new();
    let mut answers = 0;
    loop {
        let turn = match hex::read_turn(&mut lines) {
            Ok(Some(turn)) => turn,
            Ok(None) => return,
            Err(e) => io::fail(e),
        };
        // The clock runs from the moment the turn has been read.
        let started = Instant::now();
        let budget = if answers == 0 { first } else { per_move };
        let game = Game::from_position(turn.board, color);
        if game.winner().is_some() {
            io::fail(format!("the game is already over on turn {}", answers + 1));
        }
        let mv = match &mut search {
            Some(search) => {
                let mv = search.best_move(&game, started + budget, playouts);
                if options.stats {
                    let top: Vec<String> =
                        search.top_moves(4).iter().map(|(m, n, w)| format!("{m} {n} {:.3}", w)).collect();
                    eprintln!(
                        "{color} {mv}: {} playouts (+{} reused) in {:.1} ms; top: {}",
                        search.playouts,
                        search.reused_visits,
                        started.elapsed().as_secs_f64() * 1e3,
                        top.join(", ")
                    );
                }
                mv
            }
            None => {
                let moves: Vec<Move> = game.legal_moves();
                moves[rng.below(moves.len())]
            }
        };
        out.line(mv);
        out.flush();
        answers += 1;
    }
}
