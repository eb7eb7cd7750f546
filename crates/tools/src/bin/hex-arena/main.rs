//! `hex-arena`: the local referee for the CodinGame Hex bot.
//!
//! Plays N games between two engines (CodinGame-protocol bots or GTP engines) on the judge's clock,
//! enforcing every rule through the `hex` library, and prints a summary: wins as red and as blue,
//! win rate ± 2 standard errors, Elo difference with a 95% interval, late/illegal/crash counts and
//! the measured answer times. See `crates/tools/ARENA.md` and `hex-arena --help`.

mod engine;
mod options;
mod record;
mod referee;
mod svg;

use engine::{CodinGamePlayer, EngineSpec, GtpPlayer, Player, Protocol};
use hex::Color;
use options::{Command, Options, SvgOptions};
use record::{record_of, Record};
use referee::{Clock, Outcome, Reason, Rules};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use tools::pool::{self, Progress};
use tools::stats;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match options::parse(&args) {
        Ok(Command::Help(text)) => {
            print!("{text}");
            Ok(())
        }
        Ok(Command::Match(options)) => run_match(&options),
        Ok(Command::Svg(options)) => run_svg(&options),
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
    Fixture { index, a_is_red: index % 2 == 0, opening, seed: options::game_seed(options.seed, index) }
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

/// Per-engine totals for the summary.
#[derive(Default)]
struct EngineTotals {
    wins: usize,
    wins_as: [usize; 2],
    games_as: [usize; 2],
    losses_by: [usize; Reason::ALL.len()],
    first_answers: Vec<f64>,
    answers: Vec<f64>,
    late: usize,
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

fn run_match(options: &Options) -> Result<(), String> {
    check_program("A", &options.engines[0])?;
    check_program("B", &options.engines[1])?;
    let mut records_file = match &options.records {
        Some(path) => Some(File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?),
        None => None,
    };
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
    eprintln!(
        "hex-arena: {} games, A = {} vs B = {}, {} in parallel{}",
        options.games,
        engine_text(a),
        engine_text(b),
        options.jobs,
        if options.openings.is_empty() {
            String::new()
        } else {
            format!(", forced openings from a list of {}", options.openings.len())
        }
    );
    let started = Instant::now();
    let mut totals = [EngineTotals::default(), EngineTotals::default()];
    let mut reasons = [0usize; Reason::ALL.len()];
    let mut red_wins = 0;
    let mut progress = Progress::new(options.games, options.quiet);
    // Each worker keeps its two players for all its games (a GTP engine is started once).
    let played = pool::run(
        options.jobs,
        options.games,
        || [make_player(&options.engines[0], options), make_player(&options.engines[1], options)],
        |players, index| {
            let fixture = fixture(options, index);
            (fixture, play_fixture(options, players, fixture))
        },
        |_, (fixture, outcome)| {
            let names = if fixture.a_is_red { [&a.name, &b.name] } else { [&b.name, &a.name] };
            let record = record_of(fixture.index + 1, fixture.seed, names[0], names[1], &outcome);
            if let Some(file) = &mut records_file {
                writeln!(file, "{}", record.to_line())
                    .and_then(|()| file.flush())
                    .map_err(|e| format!("records: {e}"))?;
            }
            if let Some(dir) = &options.svg_dir {
                write_svg(dir, &record)?;
            }
            // Engine index (0 = A) of each colour.
            let engine_of = |color: Color| usize::from((color == Color::Red) != fixture.a_is_red);
            let winner = engine_of(outcome.winner);
            let loser = 1 - winner;
            totals[winner].wins += 1;
            totals[winner].wins_as[outcome.winner.index()] += 1;
            totals[winner].games_as[outcome.winner.index()] += 1;
            totals[loser].games_as[outcome.winner.opponent().index()] += 1;
            reasons[outcome.reason as usize] += 1;
            if outcome.reason != Reason::Connect {
                totals[loser].losses_by[outcome.reason as usize] += 1;
            }
            if outcome.winner == Color::Red {
                red_wins += 1;
            }
            for timing in outcome.timings.iter().flatten() {
                let engine = &mut totals[engine_of(timing.color)];
                let ms = referee::ms(timing.elapsed);
                if timing.first {
                    engine.first_answers.push(ms);
                } else {
                    engine.answers.push(ms);
                }
                engine.late += usize::from(timing.late);
            }
            let detail = if outcome.reason == Reason::Connect {
                String::new()
            } else {
                format!(" ({})", outcome.detail)
            };
            progress.finished(format_args!(
                "game {}{}: {} (red) vs {} (blue): {} wins by {} after {} moves{detail} | {} {} - {} {}",
                fixture.index + 1,
                fixture.opening.map_or(String::new(), |c| format!(" opening {c}")),
                names[0],
                names[1],
                record.winner_name(),
                outcome.reason.as_str(),
                outcome.moves.len(),
                a.name,
                totals[0].wins,
                totals[1].wins,
                b.name
            ));
            Ok(())
        },
    );
    stop_busy.store(true, Ordering::Relaxed);
    for thread in busy {
        let _ = thread.join();
    }
    played?;
    print_summary(options, &totals, &reasons, red_wins, progress.done(), started.elapsed());
    Ok(())
}

fn write_svg(dir: &Path, record: &Record) -> Result<(), String> {
    let path = dir.join(format!("game-{:03}.svg", record.game));
    let picture = svg::render(record)?;
    std::fs::write(&path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn print_summary(
    options: &Options,
    totals: &[EngineTotals; 2],
    reasons: &[usize],
    red_wins: usize,
    games: usize,
    wall: Duration,
) {
    let [a, b] = &options.engines;
    if games == 0 {
        println!("no games played");
        return;
    }
    println!(
        "{games} games in {:.1} s: A = {} vs B = {}{}",
        wall.as_secs_f64(),
        engine_text(a),
        engine_text(b),
        if options.openings.is_empty() {
            String::new()
        } else {
            format!(", forced openings from a list of {}", options.openings.len())
        }
    );
    let width = a.name.len().max(b.name.len()).max("losses/times".len());
    for (label, spec, total) in [("A", a, &totals[0]), ("B", b, &totals[1])] {
        println!(
            "{label} {:<width$}  wins {:>4} of {games}   as red {}/{}   as blue {}/{}",
            spec.name, total.wins, total.wins_as[0], total.games_as[0], total.wins_as[1], total.games_as[1]
        );
    }
    println!("red won {red_wins} of {games} ({:.1}%)", 100.0 * red_wins as f64 / games as f64);
    let (p, two_se) = stats::win_rate(totals[0].wins, games);
    println!("win rate of A: {:.1}% ± {:.1}% (2 standard errors)", 100.0 * p, 100.0 * two_se);
    let (elo, low, high) = stats::elo_interval(totals[0].wins, games);
    println!(
        "Elo A - B: {} (95% interval {} .. {})",
        stats::format_elo(elo),
        stats::format_elo(low),
        stats::format_elo(high)
    );
    let ends: Vec<String> =
        Reason::ALL.iter().map(|r| format!("{} {}", r.as_str(), reasons[*r as usize])).collect();
    println!("game ends: {}", ends.join(", "));
    println!(
        "{:<width$}  {:>7} {:>7} {:>7} {:>7}   {:>7} {:>5} {:>9} {:>7} {:>7} {:>7}",
        "losses/times",
        "timeout",
        "illegal",
        "crash",
        "resign",
        "answers",
        "late",
        "first max",
        "mean",
        "p99",
        "max"
    );
    for (spec, total) in [(a, &totals[0]), (b, &totals[1])] {
        let mut later = total.answers.clone();
        later.sort_by(f64::total_cmp);
        let first_max = total.first_answers.iter().copied().fold(f64::NAN, f64::max);
        let mean = later.iter().sum::<f64>() / later.len().max(1) as f64;
        let show =
            |v: Option<f64>| v.filter(|v| v.is_finite()).map_or("-".to_string(), |v| format!("{v:.1}"));
        println!(
            "{:<width$}  {:>7} {:>7} {:>7} {:>7}   {:>7} {:>5} {:>9} {:>7} {:>7} {:>7}",
            spec.name,
            total.losses_by[Reason::Timeout as usize],
            total.losses_by[Reason::Illegal as usize],
            total.losses_by[Reason::Crash as usize],
            total.losses_by[Reason::Resign as usize],
            total.first_answers.len() + later.len(),
            total.late,
            show(Some(first_max)),
            show(if later.is_empty() { None } else { Some(mean) }),
            show(stats::quantile(&later, 0.99)),
            show(later.last().copied()),
        );
    }
    println!(
        "(times in ms; 'first' is each engine's first answer of a game; late = over the engine's limit)"
    );
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

fn run_svg(options: &SvgOptions) -> Result<(), String> {
    let text = std::fs::read_to_string(&options.records)
        .map_err(|e| format!("cannot read {}: {e}", options.records.display()))?;
    let mut chosen = None;
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let record = Record::parse(line)
            .map_err(|e| format!("{} line {}: {e}", options.records.display(), number + 1))?;
        if options.game.map_or(true, |game| game == record.game) {
            chosen = Some(record);
            break;
        }
    }
    let record = chosen.ok_or_else(|| match options.game {
        Some(game) => format!("no game {game} in {}", options.records.display()),
        None => format!("no records in {}", options.records.display()),
    })?;
    let picture = svg::render(&record)?;
    match &options.output {
        Some(path) => {
            std::fs::write(path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            print!("{picture}");
            Ok(())
        }
    }
}
