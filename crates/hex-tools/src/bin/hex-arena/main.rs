//! `hex-arena`: the local referee for the CodinGame Hex bot.
//!
//! Plays N games between two engines (CodinGame-protocol bots or GTP engines) on the judge's clock,
//! enforcing every rule through the `hex` library, and prints a summary: wins as red and as blue,
//! win rate ± 2 standard errors, Elo difference with a 95% interval, late/illegal/crash counts and
//! the measured answer times. See `crates/hex-tools/ARENA.md` and `hex-arena --help`.

mod engine;
mod options;
mod record;
mod referee;
mod sgf;
mod svg;

use engine::{CodinGamePlayer, EngineSpec, GtpPlayer, Player, Protocol};
use hex::Color;
use match_kit::pool::{self, InOrder, Progress};
use match_kit::stats::{self, Sprt, Verdict};
use options::{Command, MergeOptions, Options, SgfOptions, SvgOptions};
use record::{record_of, Record};
use referee::{Clock, Outcome, Reason, Rules};
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match options::parse(&args) {
        Ok(Command::Help(text)) => {
            print!("{text}");
            Ok(())
        }
        Ok(Command::Match(options)) => run_match(&options),
        Ok(Command::Svg(options)) => run_svg(&options),
        Ok(Command::Sgf(options)) => run_sgf(&options),
        Ok(Command::Merge(options)) => run_merge(&options),
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

/// Everything the summary reports, made from the records alone, so that merging the records of a
/// match's shards gives the whole match's summary. Records are added in game order.
#[derive(Default)]
struct Tally {
    totals: [EngineTotals; 2],
    reasons: [usize; Reason::ALL.len()],
    red_wins: usize,
    games: usize,
    /// Whether the games came in opening pairs (forced openings), the pentanomial model's unit.
    paired: bool,
    /// Completed pairs (games 2k-1 and 2k) by engine A's wins in them: LL, WL or LW, WW.
    pairs: [usize; 3],
    /// The first game of a pair not yet completed: its number and whether A won it.
    open_pair: Option<(usize, bool)>,
}

impl Tally {
    fn add(&mut self, record: &Record) {
        // Engine A is red in odd-numbered games (see `fixture`): engine index (0 = A) of a colour.
        let a_is_red = record.game % 2 == 1;
        let engine_of = |color: Color| usize::from((color == Color::Red) != a_is_red);
        let winner = engine_of(record.winner);
        let loser = 1 - winner;
        self.games += 1;
        self.totals[winner].wins += 1;
        self.totals[winner].wins_as[record.winner.index()] += 1;
        self.totals[winner].games_as[record.winner.index()] += 1;
        self.totals[loser].games_as[record.winner.opponent().index()] += 1;
        self.reasons[record.reason as usize] += 1;
        if record.reason != Reason::Connect {
            self.totals[loser].losses_by[record.reason as usize] += 1;
        }
        if record.winner == Color::Red {
            self.red_wins += 1;
        }
        self.paired |= record.opening.is_some();
        let a_won = winner == 0;
        self.open_pair = match self.open_pair {
            Some((game, first)) if record.game == game + 1 && !a_is_red => {
                self.pairs[usize::from(first) + usize::from(a_won)] += 1;
                None
            }
            _ => a_is_red.then_some((record.game, a_won)),
        };
        // Answers alternate colours from red's first move (the forced opening has no time), so
        // the time at index i is red's for even i; each colour's first is on the longer clock.
        let mut answered = [false; 2];
        for (i, time) in record.times.iter().enumerate() {
            let Some(ms) = *time else { continue };
            let color = if i % 2 == 0 { Color::Red } else { Color::Blue };
            let engine = &mut self.totals[engine_of(color)];
            if std::mem::replace(&mut answered[color.index()], true) {
                engine.answers.push(ms);
            } else {
                engine.first_answers.push(ms);
            }
        }
        for color in [Color::Red, Color::Blue] {
            self.totals[engine_of(color)].late += record.late[color.index()];
        }
    }

    /// The SPRT's LLR for A - B and the model it used: pentanomial over the completed opening
    /// pairs (LL, -, WL+LW, -, WW; Hex has no draws), else over single games (L, W).
    fn llr(&self, sprt: &Sprt) -> (f64, String) {
        if self.paired {
            let [ll, wl, ww] = self.pairs.map(|n| n as f64);
            let llr = stats::gsprt_llr(&[ll, 0.0, wl, 0.0, ww], sprt.h0, sprt.h1);
            (llr, format!("pentanomial, {} pairs", self.pairs.iter().sum::<usize>()))
        } else {
            let wins = self.totals[0].wins as f64;
            let llr = stats::gsprt_llr(&[self.games as f64 - wins, wins], sprt.h0, sprt.h1);
            (llr, format!("binomial, {} games", self.games))
        }
    }

    /// `elo0 0, elo1 5, alpha 0.05, beta 0.05 (pentanomial, 12 pairs): LLR ...`.
    fn sprt_text(&self, sprt: &Sprt, verdict: bool) -> String {
        let (llr, model) = self.llr(sprt);
        format!(
            "elo0 {}, elo1 {}, alpha {}, beta {} ({model}): {}",
            sprt.h0,
            sprt.h1,
            sprt.alpha,
            sprt.beta,
            sprt.describe(llr, verdict)
        )
    }
}

/// The engines' names and descriptions for the summary.
struct MatchInfo {
    names: [String; 2],
    /// `name (1000/100 ms, strict)` in a match; the name alone when merging records.
    texts: [String; 2],
    /// `, forced openings from a list of 10`, or empty.
    openings: String,
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
    print_summary(&first_line, &info, &tally, options.sprt.as_ref());
    Ok(())
}

fn write_svg(dir: &Path, record: &Record) -> Result<(), String> {
    let path = dir.join(format!("game-{:03}.svg", record.game));
    let picture = svg::render(record)?;
    std::fs::write(&path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The summary after its first line (which says what was played: a match, or merged records).
fn print_summary(first_line: &str, info: &MatchInfo, tally: &Tally, sprt: Option<&Sprt>) {
    let games = tally.games;
    if games == 0 {
        println!("no games played");
        return;
    }
    println!("{first_line}");
    let [a, b] = &info.names;
    let totals = &tally.totals;
    let width = a.len().max(b.len()).max("losses/times".len());
    for (label, name, total) in [("A", a, &totals[0]), ("B", b, &totals[1])] {
        println!(
            "{label} {name:<width$}  wins {:>4} of {games}   as red {}/{}   as blue {}/{}",
            total.wins, total.wins_as[0], total.games_as[0], total.wins_as[1], total.games_as[1]
        );
    }
    let red_wins = tally.red_wins;
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
    if let Some(sprt) = sprt {
        println!("SPRT {}", tally.sprt_text(sprt, true));
    }
    let ends: Vec<String> =
        Reason::ALL.iter().map(|r| format!("{} {}", r.as_str(), tally.reasons[*r as usize])).collect();
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
    for (name, total) in [(a, &totals[0]), (b, &totals[1])] {
        let mut later = total.answers.clone();
        later.sort_by(f64::total_cmp);
        let first_max = total.first_answers.iter().copied().fold(f64::NAN, f64::max);
        let mean = later.iter().sum::<f64>() / later.len().max(1) as f64;
        let show =
            |v: Option<f64>| v.filter(|v| v.is_finite()).map_or("-".to_string(), |v| format!("{v:.1}"));
        println!(
            "{:<width$}  {:>7} {:>7} {:>7} {:>7}   {:>7} {:>5} {:>9} {:>7} {:>7} {:>7}",
            name,
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

/// The records of files, in game order.
fn read_records(paths: &[std::path::PathBuf]) -> Result<Vec<Record>, String> {
    let mut records = hex_tools::hex_record::read_files(paths)?;
    records.sort_by_key(|record| record.game);
    Ok(records)
}

fn run_merge(options: &MergeOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    if let Some(pair) = records.windows(2).find(|pair| pair[0].game == pair[1].game) {
        return Err(format!("game {} is in the records twice (the same shard given twice?)", pair[0].game));
    }
    // Engine A is red in odd-numbered games.
    let name = |engine: usize| {
        records.first().map_or(String::new(), |r| {
            if (r.game % 2 == 1) == (engine == 0) {
                r.red.clone()
            } else {
                r.blue.clone()
            }
        })
    };
    let names = [name(0), name(1)];
    let info = MatchInfo {
        texts: names.clone(),
        names,
        openings: if records.iter().any(|r| r.opening.is_some()) {
            ", forced openings".to_string()
        } else {
            String::new()
        },
    };
    let mut tally = Tally::default();
    for record in &records {
        tally.add(record);
    }
    let first_line = format!(
        "{} games merged from {} records files: A = {} vs B = {}{}",
        tally.games,
        options.records.len(),
        info.texts[0],
        info.texts[1],
        info.openings
    );
    print_summary(&first_line, &info, &tally, options.sprt.as_ref());
    Ok(())
}

fn run_sgf(options: &SgfOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    let text: String = records.iter().map(|record| sgf::game(record) + "\n").collect();
    match &options.output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
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
