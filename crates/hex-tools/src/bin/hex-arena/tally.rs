//! The match's tally and summary, made from the game records alone (so that merging the records of
//! a match's shards gives the whole match's summary): wins by engine and colour, game ends, opening
//! pairs for the sequential test, answer times.
//!
//! Hex has no draws, so a match is engine A's wins in its games, Bernoulli trials: the win rate and
//! its Elo interval are `match_kit::stats`'s of a win count, and a pair of games with the colours
//! swapped scores 0, 1/2 or 1 (the pentanomial model with its draw categories empty).

use crate::record::Record;
use crate::referee::Reason;
use hex::Color;
use match_kit::stats::{self, Sprt};
use std::fmt::Write as _;

/// Per-engine totals for the summary.
#[derive(Default)]
pub struct EngineTotals {
    pub wins: usize,
    pub wins_as: [usize; 2],
    pub games_as: [usize; 2],
    pub losses_by: [usize; Reason::ALL.len()],
    pub first_answers: Vec<f64>,
    pub answers: Vec<f64>,
    pub late: usize,
}

impl EngineTotals {
    /// Counts the side of `record` this engine played as `color`: the result, a loss's reason,
    /// the answer times and the late answers.
    pub fn add_game(&mut self, record: &Record, color: Color) {
        self.games_as[color.index()] += 1;
        if record.winner == color {
            self.wins += 1;
            self.wins_as[color.index()] += 1;
        } else if record.reason != Reason::Connect {
            self.losses_by[record.reason as usize] += 1;
        }
        // Answers alternate colours from red's first move (the forced opening has no time), so
        // the time at index i is red's for even i; each colour's first is on the longer clock.
        let mut answered = false;
        for (i, time) in record.times.iter().enumerate() {
            let Some(ms) = *time else { continue };
            if (i % 2 == 0) != (color == Color::Red) {
                continue;
            }
            if std::mem::replace(&mut answered, true) {
                self.answers.push(ms);
            } else {
                self.first_answers.push(ms);
            }
        }
        self.late += record.late[color.index()];
    }
}

/// Everything the summary reports, made from the records alone, so that merging the records of a
/// match's shards gives the whole match's summary. Records are added in game order.
#[derive(Default)]
pub struct Tally {
    pub totals: [EngineTotals; 2],
    pub reasons: [usize; Reason::ALL.len()],
    pub red_wins: usize,
    pub games: usize,
    /// Whether the games came in opening pairs (forced openings), the pentanomial model's unit.
    paired: bool,
    /// Completed pairs (games 2k-1 and 2k) by engine A's wins in them: LL, WL or LW, WW.
    pairs: [usize; 3],
    /// The first game of a pair not yet completed: its number and whether A won it.
    open_pair: Option<(usize, bool)>,
}

impl Tally {
    pub fn add(&mut self, record: &Record) {
        // Engine A is red in odd-numbered games (see `fixture`): engine index (0 = A) of a colour.
        let a_is_red = record.game % 2 == 1;
        let engine_of = |color: Color| usize::from((color == Color::Red) != a_is_red);
        self.games += 1;
        for color in [Color::Red, Color::Blue] {
            self.totals[engine_of(color)].add_game(record, color);
        }
        self.reasons[record.reason as usize] += 1;
        if record.winner == Color::Red {
            self.red_wins += 1;
        }
        self.paired |= record.opening.is_some();
        let a_won = engine_of(record.winner) == 0;
        self.open_pair = match self.open_pair {
            Some((game, first)) if record.game == game + 1 && !a_is_red => {
                self.pairs[usize::from(first) + usize::from(a_won)] += 1;
                None
            }
            _ => a_is_red.then_some((record.game, a_won)),
        };
    }

    /// The SPRT's LLR for A - B and the model it used: pentanomial over the completed opening
    /// pairs (LL, -, WL+LW, -, WW; Hex has no draws), else over single games (L, W).
    pub fn llr(&self, sprt: &Sprt) -> (f64, String) {
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
pub struct MatchInfo {
    pub names: [String; 2],
    /// `name (1000/100 ms, strict)` in a match; the name alone when merging records.
    pub texts: [String; 2],
    /// `, forced openings from a list of 10`, or empty.
    pub openings: String,
}

/// The summary: `first_line` (which says what was played: a match, or merged records), then the
/// engines' wins by colour, the win rate, the Elo line, the sequential test, the game ends, and the
/// losses and answer times of each engine.
pub fn summary(first_line: &str, info: &MatchInfo, tally: &Tally, sprt: Option<&Sprt>) -> String {
    let mut out = String::new();
    let games = tally.games;
    if games == 0 {
        out.push_str("no games played\n");
        return out;
    }
    let _ = writeln!(out, "{first_line}");
    let [a, b] = &info.names;
    let totals = &tally.totals;
    let width = a.len().max(b.len()).max("losses/times".len());
    for (label, name, total) in [("A", a, &totals[0]), ("B", b, &totals[1])] {
        let _ = writeln!(
            out,
            "{label} {name:<width$}  wins {:>4} of {games}   as red {}/{}   as blue {}/{}",
            total.wins, total.wins_as[0], total.games_as[0], total.wins_as[1], total.games_as[1]
        );
    }
    let red_wins = tally.red_wins;
    let _ = writeln!(out, "red won {red_wins} of {games} ({:.1}%)", 100.0 * red_wins as f64 / games as f64);
    let (p, two_se) = stats::win_rate(totals[0].wins, games);
    let _ = writeln!(out, "win rate of A: {:.1}% ± {:.1}% (2 standard errors)", 100.0 * p, 100.0 * two_se);
    let (elo, low, high) = stats::elo_interval(totals[0].wins, games);
    let _ = writeln!(
        out,
        "Elo A - B: {} (95% interval {} .. {})",
        stats::format_elo(elo),
        stats::format_elo(low),
        stats::format_elo(high)
    );
    if let Some(sprt) = sprt {
        let _ = writeln!(out, "SPRT {}", tally.sprt_text(sprt, true));
    }
    let ends: Vec<String> =
        Reason::ALL.iter().map(|r| format!("{} {}", r.as_str(), tally.reasons[*r as usize])).collect();
    let _ = writeln!(out, "game ends: {}", ends.join(", "));
    out.push_str(&times_table(&[(a, &totals[0]), (b, &totals[1])], width));
    out
}

/// The engines' losses by kind and answer times, a row an engine, under a header.
pub fn times_table(engines: &[(&String, &EngineTotals)], width: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
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
    for &(name, total) in engines {
        let mut later = total.answers.clone();
        later.sort_by(f64::total_cmp);
        let first_max = total.first_answers.iter().copied().fold(f64::NAN, f64::max);
        let mean = later.iter().sum::<f64>() / later.len().max(1) as f64;
        let show =
            |v: Option<f64>| v.filter(|v| v.is_finite()).map_or("-".to_string(), |v| format!("{v:.1}"));
        let _ = writeln!(
            out,
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
    let _ = writeln!(
        out,
        "(times in ms; 'first' is each engine's first answer of a game; late = over the engine's limit)"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of game `game` (A is red in odd games) won by `winner` for `reason`.
    fn record(game: usize, winner: &str, reason: &str, opening: &str, times: &str, late: &str) -> Record {
        let (red, blue) = if game % 2 == 1 { ("a", "b") } else { ("b", "a") };
        Record::parse(&format!(
            "game={game} seed=1 red={red} blue={blue} winner={winner} reason={reason} opening={opening} \
             moves=a1,b2 times={times} late={late} detail="
        ))
        .unwrap()
    }

    fn tally(records: &[Record]) -> Tally {
        let mut tally = Tally::default();
        for record in records {
            tally.add(record);
        }
        tally
    }

    #[test]
    fn wins_are_counted_by_engine_and_colour() {
        // A red in games 1 and 3, blue in game 2: A wins 1 (red) and 2 (blue), B wins 3 (blue).
        let t = tally(&[
            record(1, "red", "connect", "-", "1,2", "0,0"),
            record(2, "blue", "connect", "-", "1,2", "0,0"),
            record(3, "blue", "connect", "-", "1,2", "0,0"),
        ]);
        assert_eq!((t.games, t.red_wins), (3, 1));
        assert_eq!((t.totals[0].wins, t.totals[1].wins), (2, 1));
        assert_eq!((t.totals[0].wins_as, t.totals[0].games_as), ([1, 1], [2, 1]));
        assert_eq!((t.totals[1].wins_as, t.totals[1].games_as), ([0, 1], [1, 2]));
    }

    #[test]
    fn ends_are_counted_and_charged_to_the_loser() {
        let t = tally(&[
            record(1, "blue", "timeout", "-", "1,2", "0,1"),
            record(2, "red", "illegal", "-", "1,2", "0,0"),
            record(3, "red", "connect", "-", "1,2", "0,0"),
        ]);
        let count = |reason: Reason| t.reasons[reason as usize];
        assert_eq!((count(Reason::Connect), count(Reason::Timeout), count(Reason::Illegal)), (1, 1, 1));
        // Game 1: A (red) lost on time; game 2: A (blue) lost by an illegal move.
        assert_eq!(t.totals[0].losses_by[Reason::Timeout as usize], 1);
        assert_eq!(t.totals[0].losses_by[Reason::Illegal as usize], 1);
        assert_eq!(t.totals[1].losses_by.iter().sum::<usize>(), 0);
        // Late answers: blue's in game 1, engine B.
        assert_eq!((t.totals[0].late, t.totals[1].late), (0, 1));
        let text = summary("first", &info(), &t, None);
        assert!(text.contains("game ends: connect 1, timeout 1, illegal 1, crash 0, resign 0\n"), "{text}");
    }

    #[test]
    fn answers_split_into_first_and_later_by_colour() {
        // Red answers at even indexes; the forced opening has no time.
        let t = tally(&[record(1, "red", "connect", "a1", "-,10,20,30,40", "0,0")]);
        assert_eq!(
            (t.totals[0].first_answers.clone(), t.totals[0].answers.clone()),
            (vec![20.0], vec![40.0])
        );
        assert_eq!(
            (t.totals[1].first_answers.clone(), t.totals[1].answers.clone()),
            (vec![10.0], vec![30.0])
        );
    }

    #[test]
    fn forced_openings_make_pairs_for_the_pentanomial_test() {
        // Pair 1-2: A wins both (WW); pair 3-4: A wins game 3 only (WL); game 5 is left open.
        let t = tally(&[
            record(1, "red", "connect", "a1", "1,2", "0,0"),
            record(2, "blue", "connect", "a1", "1,2", "0,0"),
            record(3, "red", "connect", "b1", "1,2", "0,0"),
            record(4, "red", "connect", "b1", "1,2", "0,0"),
            record(5, "red", "connect", "c1", "1,2", "0,0"),
        ]);
        assert!(t.paired);
        assert_eq!(t.pairs, [0, 1, 1]);
        assert_eq!(t.open_pair, Some((5, true)));
        let sprt = Sprt { h0: 0.0, h1: 5.0, alpha: 0.05, beta: 0.05 };
        assert!(t.llr(&sprt).1.starts_with("pentanomial, 2 pairs"));
        let unpaired = tally(&[record(1, "red", "connect", "-", "1,2", "0,0")]);
        assert_eq!(unpaired.llr(&sprt).1, "binomial, 1 games");
    }

    fn info() -> MatchInfo {
        MatchInfo {
            names: ["a".into(), "b".into()],
            texts: ["a".into(), "b".into()],
            openings: String::new(),
        }
    }

    #[test]
    fn the_summary_gives_the_elo_line_from_a_s_wins() {
        // A wins 3 of 4: the win rate and Elo lines are the statistics of (3, 4).
        let t = tally(&[
            record(1, "red", "connect", "-", "1,2", "0,0"),
            record(2, "blue", "connect", "-", "1,2", "0,0"),
            record(3, "red", "connect", "-", "1,2", "0,0"),
            record(4, "red", "connect", "-", "1,2", "0,0"),
        ]);
        let text = summary("4 games", &info(), &t, None);
        let (elo, low, high) = stats::elo_interval(3, 4);
        let line = format!(
            "Elo A - B: {} (95% interval {} .. {})",
            stats::format_elo(elo),
            stats::format_elo(low),
            stats::format_elo(high)
        );
        assert!(text.starts_with("4 games\nA a"), "{text}");
        assert!(text.contains(&line), "{text}");
        assert!(text.contains("wins    3 of 4   as red 2/2   as blue 1/2"), "{text}");
        assert!(text.contains("red won 3 of 4 (75.0%)"), "{text}");
        assert_eq!(summary("none", &info(), &Tally::default(), None), "no games played\n");
    }
}
