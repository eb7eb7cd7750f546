//! `hex-arena`: the local referee for the CodinGame Hex bot.
//!
//! Plays N games between two engines (CodinGame-protocol bots or GTP engines) on the judge's clock,
//! enforcing every rule through the `hex` library, and prints a summary: wins as red and as blue,
//! win rate ± 2 standard errors, Elo difference with a 95% interval, late/illegal/crash counts and
//! the measured answer times. See `crates/hex-tools/ARENA.md` and `hex-arena --help`.

mod commands;
mod engine;
mod html;
mod options;
mod record;
mod record_options;
mod referee;
mod seeds;
mod sgf;
mod svg;
mod tally;

use engine::{CodinGamePlayer, EngineSpec, GtpPlayer, Player, Protocol};
use hex::Color;
use match_kit::pool::{self, InOrder, Progress};
use match_kit::stats::Verdict;
use options::{Command, Options};
use record::{record_of, Record};
use referee::{Clock, Outcome, Reason, Rules};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use tally::{MatchInfo, Tally};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match options::parse(&args) {
        Ok(Command::Help(text)) => {
            print!("{text}");
            Ok(())
        }
        Ok(Command::Match(options)) => run_match(&options),
        Ok(Command::Svg(options)) => commands::run_svg(&options),
        Ok(Command::Sgf(options)) => commands::run_sgf(&options),
        Ok(Command::Merge(options)) => commands::run_merge(&options),
        Ok(Command::Html(options)) => commands::run_html(&options),
        Err(message) => {
            eprintln!("error: {message} (hex-arena --help for usage)");
            std::process::exit(2);
        }
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}

/// One game to play: its 0-based index, whether engine A is red, the forced opening, the seed.
#[derive(Clone, Copy, Debug)]
struct Fixture {
    index: usize,
    a_is_red: bool,
    opening: Option<hex::Cell>,
    seed: u64,
}

/// Game `index`: colours alternate, and with openings each pair of games shares one opening with
/// the colours swapped.
fn fixture(options: &Options, index: usize) -> Fixture {
    let opening = if options.openings.is_empty() {
        None
    } else {
        Some(options.openings[(index / 2) % options.openings.len()])
    };
    Fixture { index, a_is_red: index % 2 == 0, opening, seed: seeds::game_seed(options.seed, index) }
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

/// Plays one fixture with this worker's two players (`players[0]` is engine A).
fn play_fixture(options: &Options, players: &mut [Box<dyn Player>; 2], fixture: Fixture) -> Outcome {
    let [a, b] = players;
    let (red, blue): (&mut dyn Player, &mut dyn Player) =
        if fixture.a_is_red { (a.as_mut(), b.as_mut()) } else { (b.as_mut(), a.as_mut()) };
    let (red_spec, blue_spec) = if fixture.a_is_red {
        (&options.engines[0], &options.engines[1])
    } else {
        (&options.engines[1], &options.engines[0])
    };
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
        [clock(red_spec), clock(blue_spec)],
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
fn check_program(label: &str, spec: &EngineSpec) -> Result<(), String> {
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

/// The 0-based indices of the games this run plays: all, or its shard's opening pairs.
fn game_indices(options: &Options) -> Vec<usize> {
    match options.shard {
        None => (0..options.games).collect(),
        Some(shard) => {
            let pairs = shard.range(options.games.div_ceil(2));
            (2 * pairs.start..(2 * pairs.end).min(options.games)).collect()
        }
    }
}

fn create(path: &Path) -> Result<File, String> {
    File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
}

fn run_match(options: &Options) -> Result<(), String> {
    check_program("A", &options.engines[0])?;
    check_program("B", &options.engines[1])?;
    let mut records_file = options.records.as_deref().map(create).transpose()?;
    let mut sgf_file = options.sgf.as_deref().map(create).transpose()?;
    if let Some(dir) = &options.svg_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let stop_busy = Arc::new(AtomicBool::new(false));
    let busy: Vec<_> = (0..options.busy)
        .map(|_| {
            let stop = Arc::clone(&stop_busy);
            thread::spawn(move || {
                let mut x = 1u64;
                while !stop.load(Ordering::Relaxed) {
                    for _ in 0..10_000 {
                        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    }
                }
                x
            })
        })
        .collect();
    let [a, b] = &options.engines;
    let info = MatchInfo {
        names: [a.name.clone(), b.name.clone()],
        texts: [engine_text(a), engine_text(b)],
        openings: if options.openings.is_empty() {
            String::new()
        } else {
            format!(", forced openings from a list of {}", options.openings.len())
        },
    };
    let indices = game_indices(options);
    eprintln!(
        "hex-arena: {} games{}, A = {} vs B = {}, {} in parallel{}{}",
        indices.len(),
        options
            .shard
            .map_or(String::new(), |s| format!(" (shard {}/{} of {})", s.index, s.count, options.games)),
        info.texts[0],
        info.texts[1],
        options.jobs,
        info.openings,
        options.sprt.map_or(String::new(), |s| format!(", SPRT elo0 {} elo1 {}", s.h0, s.h1)),
    );
    let started = Instant::now();
    let mut tally = Tally::default();
    // With --html: the games so far, and when the page was last written (at most every 2 s during
    // the match, then once at the end).
    let mut page_records = Vec::new();
    let mut page_written: Option<Instant> = None;
    let mut progress = Progress::new(indices.len(), options.quiet);
    // Games are handled in game order whatever -j is, so the records file and a sequential test's
    // decision (taken on completed pairs only) do not depend on scheduling.
    let mut in_order = InOrder::default();
    // Each worker keeps its two players for all its games (a GTP engine is started once).
    let played = pool::run_until(
        options.jobs,
        indices.len(),
        || [make_player(&options.engines[0], options), make_player(&options.engines[1], options)],
        |players, position| {
            let fixture = fixture(options, indices[position]);
            (fixture, play_fixture(options, players, fixture))
        },
        |position, result| {
            for (fixture, outcome) in in_order.push(position, result) {
                let names = if fixture.a_is_red { [&a.name, &b.name] } else { [&b.name, &a.name] };
                let record = record_of(fixture.index + 1, fixture.seed, names[0], names[1], &outcome);
                if let Some(file) = &mut records_file {
                    writeln!(file, "{}", record.to_line())
                        .and_then(|()| file.flush())
                        .map_err(|e| format!("records: {e}"))?;
                }
                if let Some(file) = &mut sgf_file {
                    writeln!(file, "{}", sgf::game(&record))
                        .and_then(|()| file.flush())
                        .map_err(|e| format!("sgf: {e}"))?;
                }
                if let Some(dir) = &options.svg_dir {
                    write_svg(dir, &record)?;
                }
                tally.add(&record);
                if let Some(path) = &options.html {
                    page_records.push(record.clone());
                    if page_written.map_or(true, |at| at.elapsed() >= Duration::from_secs(2)) {
                        let first_line = format!(
                            "{} of {} games so far: A = {} vs B = {}{}",
                            tally.games,
                            indices.len(),
                            info.texts[0],
                            info.texts[1],
                            info.openings
                        );
                        let summary = tally::summary(&first_line, &info, &tally, options.sprt.as_ref());
                        html::write(path, &page_records, &summary)?;
                        page_written = Some(Instant::now());
                    }
                }
                let detail = if outcome.reason == Reason::Connect {
                    String::new()
                } else {
                    format!(" ({})", outcome.detail)
                };
                let sprt = options.sprt.map_or(String::new(), |sprt| {
                    let (llr, _) = tally.llr(&sprt);
                    format!(" | {}", sprt.describe(llr, false))
                });
                progress.finished(format_args!(
                    "game {}{}: {} (red) vs {} (blue): {} wins by {} after {} moves{detail} | {} {} - {} {}{sprt}",
                    fixture.index + 1,
                    fixture.opening.map_or(String::new(), |c| format!(" opening {c}")),
                    names[0],
                    names[1],
                    record.winner_name(),
                    outcome.reason.as_str(),
                    outcome.moves.len(),
                    a.name,
                    tally.totals[0].wins,
                    tally.totals[1].wins,
                    b.name
                ));
                if let Some(sprt) = &options.sprt {
                    if sprt.verdict(tally.llr(sprt).0) != Verdict::Inconclusive {
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        },
    );
    stop_busy.store(true, Ordering::Relaxed);
    for thread in busy {
        let _ = thread.join();
    }
    played?;
    let first_line = format!(
        "{} games in {:.1} s{}: A = {} vs B = {}{}",
        tally.games,
        started.elapsed().as_secs_f64(),
        options.shard.map_or(String::new(), |s| format!(" (shard {}/{})", s.index, s.count)),
        info.texts[0],
        info.texts[1],
        info.openings
    );
    let summary = tally::summary(&first_line, &info, &tally, options.sprt.as_ref());
    print!("{summary}");
    if let Some(path) = &options.html {
        html::write(path, &page_records, &summary)?;
    }
    Ok(())
}

fn write_svg(dir: &Path, record: &Record) -> Result<(), String> {
    let path = dir.join(format!("game-{:03}.svg", record.game));
    let picture = svg::render(record)?;
    std::fs::write(&path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `name (1000/100 ms, strict)`.
fn engine_text(spec: &EngineSpec) -> String {
    format!(
        "{} ({}/{} ms, {})",
        spec.name,
        spec.first_limit.as_millis(),
        spec.move_limit.as_millis(),
        if spec.strict { "strict" } else { "lenient" }
    )
}
