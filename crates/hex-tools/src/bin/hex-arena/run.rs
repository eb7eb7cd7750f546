//! Running a match or a tournament: the games through the worker pool (`-j`), handled in game
//! order whatever the jobs, each written to the records (`match_kit::files::Appender`, gzip where
//! the name ends in .gz), SGF and SVG as it finishes, counted, reported on the progress line, the
//! live page rewritten (`match_kit::page::LivePage`), and the summary at the end.

use crate::options::Options;
use crate::play::{self, engine_text, Fixture, Players};
use crate::record::{record_of, Record};
use crate::referee::{Outcome, Reason};
use crate::tally::{self, MatchInfo, Tally};
use crate::tournament::{self, TournamentTally};
use crate::{html, sgf, svg};
use match_kit::files::{write_text, Appender};
use match_kit::page::LivePage;
use match_kit::pool::{self, InOrder, Progress};
use match_kit::stats::Verdict;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

/// What is counted as games finish: a two-engine match's tally, or a tournament's.
enum Standing {
    Match { info: MatchInfo, tally: Box<Tally> },
    Tournament { what: String, tally: TournamentTally },
}

impl Standing {
    fn new(options: &Options) -> Standing {
        let openings = if options.openings.is_empty() {
            String::new()
        } else {
            format!(", forced openings from a list of {}", options.openings.len())
        };
        let engines = &options.engines;
        match options.tournament {
            None => Standing::Match {
                info: MatchInfo {
                    names: [engines[0].name.clone(), engines[1].name.clone()],
                    texts: [engine_text(&engines[0]), engine_text(&engines[1])],
                    openings,
                },
                tally: Box::default(),
            },
            Some(kind) => {
                let names: Vec<String> = engines.iter().map(|e| e.name.clone()).collect();
                let texts: Vec<String> = engines.iter().map(engine_text).collect();
                Standing::Tournament {
                    what: format!(
                        "{} of {} engines, {} games a pairing{openings}: {}",
                        kind.as_str(),
                        engines.len(),
                        options.games,
                        texts.join(", ")
                    ),
                    tally: TournamentTally::new(&names),
                }
            }
        }
    }

    /// What is played: `A = x (...) vs B = y (...), forced openings ...`, or the tournament's kind,
    /// games, openings and engines.
    fn what(&self) -> String {
        format!("{}{}", self.engines(), self.openings())
    }

    /// The engines: `A = x (...) vs B = y (...)`, or the tournament's kind, games and engines.
    fn engines(&self) -> String {
        match self {
            Standing::Match { info, .. } => format!("A = {} vs B = {}", info.texts[0], info.texts[1]),
            Standing::Tournament { what, .. } => what.clone(),
        }
    }

    /// `, forced openings from a list of N` (a two-engine match's; a tournament's is in its engines).
    fn openings(&self) -> &str {
        match self {
            Standing::Match { info, .. } => &info.openings,
            Standing::Tournament { .. } => "",
        }
    }

    fn add(&mut self, record: &Record) {
        match self {
            Standing::Match { tally, .. } => tally.add(record),
            Standing::Tournament { tally, .. } => tally.add(record),
        }
    }

    fn games(&self) -> usize {
        match self {
            Standing::Match { tally, .. } => tally.games,
            Standing::Tournament { tally, .. } => tally.games,
        }
    }

    fn summary(&self, first_line: &str, options: &Options) -> String {
        match self {
            Standing::Match { info, tally } => tally::summary(first_line, info, tally, options.sprt.as_ref()),
            Standing::Tournament { tally, .. } => tournament::summary(first_line, tally),
        }
    }

    fn page(&self, records: &[Record], summary: &str) -> String {
        match self {
            Standing::Match { .. } => html::render(records, summary, None),
            Standing::Tournament { tally, .. } => html::render(records, summary, Some(tally)),
        }
    }

    /// The progress line's score: `| a 3 - 1 b` (the match's, or the game's pairing's), and the
    /// sequential test's LLR.
    fn score(&self, options: &Options, fixture: &Fixture) -> String {
        let [a, b] = fixture.pairing.map(|e| &options.engines[e].name);
        match self {
            Standing::Match { tally, .. } => {
                let sprt = options.sprt.map_or(String::new(), |sprt| {
                    let (llr, _) = tally.llr(&sprt);
                    format!(" | {}", sprt.describe(llr, false))
                });
                format!("{a} {} - {} {b}{sprt}", tally.totals[0].wins, tally.totals[1].wins)
            }
            Standing::Tournament { tally, .. } => format!("{a} {} {b}", tally.pair_score(a, b)),
        }
    }

    /// Whether the sequential test has decided.
    fn decided(&self, options: &Options) -> bool {
        match (self, &options.sprt) {
            (Standing::Match { tally, .. }, Some(sprt)) => {
                sprt.verdict(tally.llr(sprt).0) != Verdict::Inconclusive
            }
            _ => false,
        }
    }
}

/// Spins `count` threads until dropped (`--busy`, a load test).
struct Busy {
    stop: Arc<AtomicBool>,
    threads: Vec<thread::JoinHandle<u64>>,
}

impl Busy {
    fn start(count: usize) -> Busy {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..count)
            .map(|_| {
                let stop = Arc::clone(&stop);
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
        Busy { stop, threads }
    }

    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads {
            let _ = thread.join();
        }
    }
}

/// Plays the match or the tournament and prints its summary.
///
/// # Errors
/// An engine's program missing, or a file that cannot be written.
pub fn run_match(options: &Options) -> Result<(), String> {
    for (i, spec) in options.engines.iter().enumerate() {
        let label =
            if options.tournament.is_none() { ["A", "B"][i].to_string() } else { (i + 1).to_string() };
        play::check_program(&label, spec)?;
    }
    let mut records_file = options.records.as_deref().map(Appender::create).transpose()?;
    let mut sgf_file = options.sgf.as_deref().map(Appender::create).transpose()?;
    if let Some(dir) = &options.svg_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut standing = Standing::new(options);
    let indices = play::game_indices(options);
    let total = play::total_games(options);
    eprintln!(
        "hex-arena: {} games{}, {}, {} in parallel{}{}",
        indices.len(),
        options.shard.map_or(String::new(), |s| format!(" (shard {}/{} of {total})", s.index, s.count)),
        standing.engines(),
        options.jobs,
        standing.openings(),
        options.sprt.map_or(String::new(), |s| format!(", SPRT elo0 {} elo1 {}", s.h0, s.h1)),
    );
    let busy = Busy::start(options.busy);
    let started = Instant::now();
    // With --html: the games so far, on a page rewritten at most every 2 s, then at the end.
    let mut page_records = Vec::new();
    let mut live = options.html.as_deref().map(LivePage::new);
    let mut progress = Progress::new(indices.len(), options.quiet);
    // Games are handled in game order whatever -j is, so the records file and a sequential test's
    // decision (taken on completed pairs only) do not depend on scheduling.
    let mut in_order = InOrder::default();
    let played = pool::run_until(
        options.jobs,
        indices.len(),
        || Players::new(options),
        |players, position| {
            let fixture = play::fixture(options, indices[position]);
            (fixture, play::play_fixture(options, players, fixture))
        },
        |position, result| {
            for (fixture, outcome) in in_order.push(position, result) {
                let [red, blue] = fixture.colours().map(|e| &options.engines[e].name);
                let record = record_of(fixture.index + 1, fixture.seed, red, blue, &outcome);
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
                standing.add(&record);
                if let Some(page) = &mut live {
                    page_records.push(record.clone());
                    page.update(|| {
                        let first_line = format!(
                            "{} of {} games so far: {}",
                            standing.games(),
                            indices.len(),
                            standing.what()
                        );
                        Ok(standing.page(&page_records, &standing.summary(&first_line, options)))
                    })?;
                }
                progress.finished(format_args!(
                    "game {}{}: {red} (red) vs {blue} (blue): {} wins by {} after {} moves{} | {}",
                    fixture.index + 1,
                    fixture.opening.map_or(String::new(), |c| format!(" opening {c}")),
                    record.winner_name(),
                    outcome.reason.as_str(),
                    outcome.moves.len(),
                    detail(&outcome),
                    standing.score(options, &fixture),
                ));
                if standing.decided(options) {
                    return Ok(false);
                }
            }
            Ok(true)
        },
    );
    busy.stop();
    // The files end whatever happened (a gzip stream needs its trailer).
    for (file, what) in [(records_file, "records"), (sgf_file, "sgf")] {
        if let Some(file) = file {
            file.finish().map_err(|e| format!("{what}: {e}"))?;
        }
    }
    played?;
    let first_line = format!(
        "{} games in {:.1} s{}: {}",
        standing.games(),
        started.elapsed().as_secs_f64(),
        options.shard.map_or(String::new(), |s| format!(" (shard {}/{})", s.index, s.count)),
        standing.what()
    );
    let summary = standing.summary(&first_line, options);
    print!("{summary}");
    if let Some(page) = &mut live {
        page.write(&standing.page(&page_records, &summary))?;
    }
    Ok(())
}

/// ` (detail)` for a game that did not end by a connection.
fn detail(outcome: &Outcome) -> String {
    if outcome.reason == Reason::Connect {
        String::new()
    } else {
        format!(" ({})", outcome.detail)
    }
}

fn write_svg(dir: &Path, record: &Record) -> Result<(), String> {
    write_text(&dir.join(format!("game-{:03}.svg", record.game)), &svg::render(record)?)
}
