//! `hex-baseline`: yardstick engines for the Hex referee, speaking exactly the CodinGame protocol
//! and honouring the same clock (the first answer within 1 s, later ones within 100 ms).
//!
//! * `--engine random`: a uniformly random legal move (the swap included, on turn 2);
//! * `--engine uct`: plain UCT, uniformly random playouts;
//! * `--engine rave`: MCTS with RAVE and playouts that answer intrusions into bridges; no other Hex
//!   knowledge. The knowledge-free strong baseline.
//! * `--engine ubfm --net FILE`: best-first minimax over a value network (`hex::Ubfm`, the
//!   self-play loop's engine; `--playouts` caps its expansions).
//!
//! The rules (parsing the turn, legality, swap) come from the `hex` library.

mod playout;
mod search;

use hex::{Color, Game, Move, Playouts, Ubfm, ValueNet};
use match_kit::cli::{Opt, Spec};
use playout::Rng;
use search::{Flavour, Search, Settings};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const SPEC: Spec = Spec {
    usage: &["hex-baseline [OPTIONS]"],
    about: "A CodinGame-protocol Hex bot (stdin/stdout) for use as an opponent in hex-arena.",
    options: &[
        Opt::value(
            "engine",
            "E",
            "random, uct (plain UCT), rave (RAVE + bridge playouts) or ubfm (needs --net)",
        )
        .default("rave"),
        Opt::value("net", "FILE", "the value network of --engine ubfm (hex-train value --out)"),
        Opt::value("seed", "S", "random seed (default: from the clock)"),
        Opt::value("first-ms", "MS", "thinking time for the first answer (the judge allows 1000)")
            .default("800"),
        Opt::value("move-ms", "MS", "thinking time for later answers (the judge allows 100)").default("80"),
        Opt::value("playouts", "N", "stop after N playouts (ubfm: expansions) a move even if time remains"),
        Opt::value(
            "exploration",
            "C",
            "exploration constant (default 0.35 for uct, 0 for rave, 0.1 for ubfm)",
        ),
        Opt::value("expand-at", "N", "expand a leaf on its N-th visit").default("2"),
        Opt::flag("stats", "one line per move on stderr: playouts and time"),
    ],
    trailing: false,
    notes: "",
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Engine {
    Random,
    Search(Flavour),
    Ubfm,
}

struct Options {
    engine: Engine,
    net: Option<String>,
    seed: u64,
    first: Duration,
    per_move: Duration,
    playouts: u64,
    exploration: Option<f64>,
    expand_at: u32,
    stats: bool,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let args = SPEC.options_or_help(args)?;
    let clock_seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    Ok(Options {
        engine: args.get_with("engine", |name| match name {
            "random" => Ok(Engine::Random),
            "uct" => Ok(Engine::Search(Flavour::Uct)),
            "rave" => Ok(Engine::Search(Flavour::Rave)),
            "ubfm" => Ok(Engine::Ubfm),
            other => Err(format!("expected random, uct, rave or ubfm, found {other:?}")),
        })?,
        net: args.text("net").map(str::to_string),
        seed: args.optional("seed", "a number")?.unwrap_or(clock_seed),
        first: Duration::from_millis(args.get("first-ms", "milliseconds")?),
        per_move: Duration::from_millis(args.get("move-ms", "milliseconds")?),
        playouts: args.optional::<u64>("playouts", "a number")?.map_or(u64::MAX, |n| n.max(1)),
        exploration: args.optional("exploration", "a number")?,
        expand_at: args.get_in("expand-at", 1..=1 << 20, "a visit count")?,
        stats: args.flag("stats"),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = parse_options(&args).unwrap_or_else(|message| io::fail(message));
    let filler = Playouts::new();
    let flavour = match options.engine {
        Engine::Search(flavour) => Some(flavour),
        _ => None,
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
    let mut ubfm = (options.engine == Engine::Ubfm).then(|| {
        let path = options.net.as_deref().unwrap_or_else(|| io::fail("--engine ubfm needs --net FILE"));
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| io::fail(format!("{path}: {e}")));
        let net = ValueNet::parse(&text).unwrap_or_else(|e| io::fail(format!("{path}: {e}")));
        let mut ubfm = Ubfm::new(net, options.seed);
        ubfm.exploration = options.exploration.unwrap_or(0.1) as f32;
        ubfm
    });
    let mut rng = Rng::new(options.seed);
    let mut search = settings.map(|settings| Search::new(&filler, settings, options.seed ^ 0x5EED));
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
        let budget = if answers == 0 { options.first } else { options.per_move };
        let game = Game::from_position(turn.board, color);
        if game.winner().is_some() {
            io::fail(format!("the game is already over on turn {}", answers + 1));
        }
        let mv = match (&mut search, &mut ubfm) {
            (_, Some(ubfm)) => {
                let choice =
                    ubfm.choose(&game, started + budget, options.playouts.min(u64::from(u32::MAX)) as u32);
                if options.stats {
                    eprintln!(
                        "{color} {}: {} expansions in {:.1} ms, value {:.3}",
                        choice.mv,
                        choice.expansions,
                        started.elapsed().as_secs_f64() * 1e3,
                        choice.value
                    );
                }
                choice.mv
            }
            (Some(search), None) => {
                let mv = search.best_move(&game, started + budget, options.playouts);
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
            (None, None) => {
                let moves: Vec<Move> = game.legal_moves();
                moves[rng.below(moves.len())]
            }
        };
        out.line(mv);
        out.flush();
        answers += 1;
    }
}
