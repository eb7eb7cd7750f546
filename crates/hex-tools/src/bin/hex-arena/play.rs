//! The games of a match or a tournament: which games a run plays (its shard's), each game's
//! fixture (its pairing, colours, opening and seed), and one game played between a worker's
//! engines.

use crate::engine::{self, CodinGamePlayer, EngineSpec, GtpPlayer, Player, Protocol};
use crate::options::Options;
use crate::referee::{self, Clock, Outcome, Reason, Rules};
use crate::seeds;
use hex::Color;
use std::thread;
use std::time::Duration;

/// One game to play: its 0-based index in the whole run, its pairing's engines (`[A, B]`),
/// whether A is red, the forced opening, the seed.
#[derive(Clone, Copy, Debug)]
pub struct Fixture {
    pub index: usize,
    pub pairing: [usize; 2],
    pub a_is_red: bool,
    pub opening: Option<hex::Cell>,
    pub seed: u64,
}

impl Fixture {
    /// The engines playing red and blue.
    pub fn colours(&self) -> [usize; 2] {
        let [a, b] = self.pairing;
        if self.a_is_red {
            [a, b]
        } else {
            [b, a]
        }
    }
}

/// Game `index` of the run: pairing `index / games`, then within it colours alternate, and with
/// openings each pair of games shares one opening with the colours swapped. Every pairing plays
/// the same openings and seeds.
pub fn fixture(options: &Options, index: usize) -> Fixture {
    let (pairing, within) = (index / options.games, index % options.games);
    let opening = if options.openings.is_empty() {
        None
    } else {
        Some(options.openings[(within / 2) % options.openings.len()])
    };
    Fixture {
        index,
        pairing: options.pairings[pairing],
        a_is_red: within % 2 == 0,
        opening,
        seed: seeds::game_seed(options.seed, within),
    }
}

/// The games of the whole run.
pub fn total_games(options: &Options) -> usize {
    options.pairings.len() * options.games
}

/// The 0-based indices of the games this run plays: all, or its shard's opening pairs (each
/// pairing's pairs in turn, a shard a contiguous block of them).
pub fn game_indices(options: &Options) -> Vec<usize> {
    let Some(shard) = options.shard else { return (0..total_games(options)).collect() };
    let per_pairing = options.games.div_ceil(2);
    shard
        .range(options.pairings.len() * per_pairing)
        .flat_map(|unit| {
            let (pairing, pair) = (unit / per_pairing, unit % per_pairing);
            (2 * pair..(2 * pair + 2).min(options.games)).map(move |i| pairing * options.games + i)
        })
        .collect()
}

/// A worker's engines, each started when first needed (a GTP engine once for all its games).
pub struct Players(Vec<Option<Box<dyn Player>>>);

impl Players {
    pub fn new(options: &Options) -> Players {
        Players(options.engines.iter().map(|_| None).collect())
    }

    fn get(&mut self, engine: usize, options: &Options) -> &mut Box<dyn Player> {
        self.0[engine].get_or_insert_with(|| make_player(&options.engines[engine], options))
    }
}

fn make_player(spec: &EngineSpec, options: &Options) -> Box<dyn Player> {
    match spec.protocol {
        Protocol::CodinGame => Box::new(CodinGamePlayer::new(spec.argv.clone(), options.show_stderr)),
        Protocol::Gtp => Box::new(GtpPlayer::new(
            spec.argv.clone(),
            spec.setup.clone(),
            options.show_stderr,
            options.gtp_colors.clone(),
            options.hard_limit.max(Duration::from_secs(10)),
        )),
    }
}

fn clock(spec: &EngineSpec) -> Clock {
    Clock { first: spec.first_limit, per_move: spec.move_limit, strict: spec.strict }
}

/// Plays one fixture with this worker's players.
pub fn play_fixture(options: &Options, players: &mut Players, fixture: Fixture) -> Outcome {
    let [red_engine, blue_engine] = fixture.colours();
    // Take both players out of the worker's list for the game (they are different engines).
    players.get(red_engine, options);
    players.get(blue_engine, options);
    let mut red = players.0[red_engine].take().expect("started");
    let mut blue = players.0[blue_engine].take().expect("started");
    let outcome = play(options, [red.as_mut(), blue.as_mut()], [red_engine, blue_engine], fixture);
    players.0[red_engine] = Some(red);
    players.0[blue_engine] = Some(blue);
    outcome
}

fn play(
    options: &Options,
    [red, blue]: [&mut dyn Player; 2],
    engines: [usize; 2],
    fixture: Fixture,
) -> Outcome {
    let specs = engines.map(|e| &options.engines[e]);
    let rules = Rules { hard_limit: options.hard_limit };
    let game_number = fixture.index + 1;
    let failed_start = |color: Color, fault: engine::Fault, tail: String| Outcome {
        moves: Vec::new(),
        opening: None,
        timings: Vec::new(),
        messages: Vec::new(),
        winner: color.opponent(),
        reason: Reason::Crash,
        detail: format!(
            "{color} did not start: {fault:?}{}",
            if tail.is_empty() { tail } else { format!("; stderr: {tail}") }
        ),
    };
    if let Err(fault) = red.start(Color::Red, fixture.seed) {
        thread::sleep(Duration::from_millis(30));
        return failed_start(Color::Red, fault, red.stderr_tail());
    }
    if let Err(fault) = blue.start(Color::Blue, fixture.seed.wrapping_add(1)) {
        thread::sleep(Duration::from_millis(30));
        let tail = blue.stderr_tail();
        red.finish();
        return failed_start(Color::Blue, fault, tail);
    }
    let verbose = options.verbose;
    let outcome = referee::play_game(
        [&mut *red, &mut *blue],
        [clock(specs[0]), clock(specs[1])],
        rules,
        fixture.opening,
        |line| {
            if verbose {
                eprintln!("game {game_number}: {line}");
            }
        },
    );
    red.finish();
    blue.finish();
    outcome
}

/// Fails early, before any game, when an engine's program cannot be found.
pub fn check_program(label: &str, spec: &EngineSpec) -> Result<(), String> {
    let program = std::path::Path::new(&spec.argv[0]);
    let found = if spec.argv[0].contains('/') {
        program.is_file()
    } else {
        std::env::var_os("PATH")
            .map(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
            .unwrap_or(false)
    };
    if found {
        Ok(())
    } else {
        Err(format!("engine {label} ({}): program {:?} not found", spec.name, spec.argv[0]))
    }
}

/// `name (1000/100 ms, strict)`.
pub fn engine_text(spec: &EngineSpec) -> String {
    format!(
        "{} ({}/{} ms, {})",
        spec.name,
        spec.first_limit.as_millis(),
        spec.move_limit.as_millis(),
        if spec.strict { "strict" } else { "lenient" }
    )
}
