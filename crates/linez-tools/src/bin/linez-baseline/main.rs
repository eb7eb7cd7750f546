//! `linez-baseline`: the yardstick bots of the spec's reference table, speaking the protocol
//! (10 lines per turn in, one 4-character move out).
//!
//! `--bot random`: a uniformly random legal move (SplitMix64 seeded with `--seed`, default 1);
//! `--bot greedy` (default): the move removing the most numbers now, else the best 5-cell-window
//! potential. `linez-baseline --help` for the options.

use clap::{Parser, ValueEnum};
use linez::SplitMix64;
use linez_tools::linez_baseline as baseline;

/// The yardstick bots of the spec's reference table, speaking the Linez protocol.
#[derive(Parser)]
#[command(name = "linez-baseline")]
struct Options {
    /// The bot
    #[arg(long, value_enum, default_value_t = Kind::Greedy)]
    bot: Kind,
    /// The random bot's SplitMix64 seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    /// A uniformly random legal move
    Random,
    /// The move removing the most numbers now, else the best 5-cell-window potential
    Greedy,
}

fn main() {
    io::install_panic_hook();
    let Options { bot: kind, seed } = match_kit::command_line::parse::<Options>();
    let mut rng = SplitMix64::new(seed);
    let mut lines = io::stdin_lines();
    let mut out = io::Output::new();
    loop {
        let turn = match linez::read_turn(&mut lines) {
            Ok(Some(turn)) => turn,
            Ok(None) => return,
            Err(error) => io::fail(error),
        };
        if turn.board.is_full() || turn.board.is_clear() {
            io::fail(format_args!("line {}: the board has no legal move", lines.lines_read()));
        }
        let mv = match kind {
            Kind::Random => baseline::random_move(&turn.board, &mut rng),
            Kind::Greedy => baseline::greedy_move(&turn.board),
        };
        out.line(mv);
        out.flush();
    }
}
