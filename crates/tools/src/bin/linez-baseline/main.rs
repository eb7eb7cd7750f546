//! `linez-baseline`: the yardstick bots of the spec's reference table, speaking the protocol
//! (10 lines per turn in, one 4-character move out).
//!
//! usage: linez-baseline [--bot random|greedy] [--seed S]
//!   random: a uniformly random legal move (SplitMix64 seeded with S, default 1).
//!   greedy (default): the move removing the most numbers now, else the best 5-cell-window potential.

use linez::game::{baseline, SplitMix64};

enum Kind {
    Random,
    Greedy,
}

const USAGE: &str = "usage: linez-baseline [--bot random|greedy] [--seed S]";

fn parse_args(args: &[String]) -> Result<(Kind, u64), String> {
    let (mut kind, mut seed) = (Kind::Greedy, 1);
    let mut index = 0;
    while index < args.len() {
        let value = args.get(index + 1).map(String::as_str);
        match (args[index].as_str(), value) {
            ("--bot", Some("random")) => kind = Kind::Random,
            ("--bot", Some("greedy")) => kind = Kind::Greedy,
            ("--seed", Some(text)) => {
                seed =
                    text.parse().map_err(|_| format!("option --seed: expected an integer, found {text:?}"))?
            }
            (option, _) => return Err(format!("bad argument {option:?}; {USAGE}")),
        }
        index += 2;
    }
    Ok((kind, seed))
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
