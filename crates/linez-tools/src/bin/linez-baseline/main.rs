//! `linez-baseline`: the yardstick bots of the spec's reference table, speaking the protocol
//! (10 lines per turn in, one 4-character move out).
//!
//! usage: linez-baseline [--bot random|greedy] [--seed S]
//!   random: a uniformly random legal move (SplitMix64 seeded with S, default 1).
//!   greedy (default): the move removing the most numbers now, else the best 5-cell-window potential.

use linez::SplitMix64;
use linez_tools::linez_baseline as baseline;
use match_kit::cli::{Opt, Spec};

enum Kind {
    Random,
    Greedy,
}

const SPEC: Spec = Spec {
    usage: &["linez-baseline [OPTIONS]"],
    about: "The yardstick bots of the spec's reference table, speaking the Linez protocol.",
    options: &[
        Opt::value("bot", "NAME", "random | greedy").default("greedy"),
        Opt::value("seed", "S", "the random bot's SplitMix64 seed").default("1"),
    ],
    trailing: false,
    notes: "",
};

fn parse_args(args: &[String]) -> Result<(Kind, u64), String> {
    let args = SPEC.options_or_help(args)?;
    let kind = args.get_with("bot", |name| match name {
        "random" => Ok(Kind::Random),
        "greedy" => Ok(Kind::Greedy),
        other => Err(format!("expected random|greedy, found {other:?}")),
    })?;
    Ok((kind, args.get("seed", "an integer")?))
}

fn main() {
    io::install_panic_hook();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, seed) = parse_args(&args).unwrap_or_else(|message| io::fail(message));
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
