//! The command line: options, seed ranges and the player.

use std::path::PathBuf;
use std::time::Duration;

use linez::Rules;
use match_kit::cli::{split_words, Opt, Parsed, Spec};
use match_kit::pool::Shard;
use match_kit::stats::{self, Sprt};

use crate::play::PlayOptions;

/// The command line.
pub const SPEC: Spec = Spec {
    usage: &[
        "linez-sim [OPTIONS] [--] PROGRAM [ARGS...]   a bot process speaking the protocol",
        "linez-sim [OPTIONS] --bot random|greedy|linez in process (no subprocess)",
        "linez-sim merge FILES...                      the summary of --games-file outputs (shards)",
        "linez-sim html -o PAGE FILES...               the games of --games-file outputs as one page",
    ],
    about: "Plays seeded Linez games exactly as the spec generates them and reports the scores.",
    options: &[
        Opt::value("seeds", "LIST", "seeds to play: 7 | 1-100 | 1-10,42,50-60").default("1-100"),
        Opt::value("jobs", "N", "games played in parallel").short('j').default("1"),
        Opt::value("budget", "SECONDS", "thinking time per game, only the bot's own").default("20"),
        Opt::value("max-moves", "N", "end each game after N moves (end reason: limit; still alive)"),
        Opt::value(
            "move-units",
            "N",
            "with --bot linez: N work units every move (about N/220 ms of one core) instead of\n\
             the game's thinking budget, which is then not enforced (the survival curve)",
        ),
        Opt::value("bot", "NAME", "play in process: random | greedy | linez"),
        Opt::value(
            "compare",
            "B",
            "also play bot B on the same seeds and report B - A paired: random |\n\
             greedy | linez (in process) or a command line in one argument",
        ),
        Opt::value(
            "sprt",
            "D0,D1",
            "with --compare: stop when the paired-difference SPRT decides\n\
             H0 (mean B - A score = D0) against H1 (= D1); not before 10 seeds",
        ),
        Opt::value("alpha", "A", "--sprt false-positive rate").default("0.05"),
        Opt::value("beta", "B", "--sprt false-negative rate").default("0.05"),
        Opt::value("shard", "K/N", "play only the K-th of N disjoint blocks of the seed list"),
        Opt::value(
            "games-file",
            "FILE",
            "write each game (a line bot seed score moves end think_s\n\
             longest_s [detail], then its moves) for merge and html",
        ),
        Opt::value(
            "html",
            "FILE",
            "write the games as one page to open in a browser (updated\nas games finish)",
        ),
        Opt::value("initial", "N", "open rule 1: numbers on the board at the start").default("3"),
        Opt::value("placement-lines", "R", "open rule 2: score | remove | keep").default("score"),
        Opt::value(
            "placement-check",
            "W",
            "open rule 2: look for those lines after-all numbers are placed\n\
             (one removal) or after-each number",
        )
        .default("after-all"),
        Opt::value("convention", "C", "how answers name cells: letter-row | letter-column")
            .default("letter-row"),
        Opt::value(
            "transcript",
            "DIR",
            "write DIR/seed-N.txt: every turn sent, every answer and what it did",
        ),
        Opt::value("svg", "DIR", "write DIR/seed-N-score.svg and DIR/seed-N-board-M.svg"),
        Opt::value("svg-move", "M", "the board picture shows the position after M moves (default: the last)"),
        Opt::flag("quiet", "no progress lines on stderr").short('q'),
    ],
    trailing: true,
    notes: "\
stdout: one line per game in seed order (seed score moves end think_s [detail]; with --compare
A's and B's lines start with A or B), then a summary (mean ± 2 standard errors, median, min,
max; with --compare each bot's and the paired B - A). stderr: progress as games finish.",
};

/// Who plays the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A subprocess: program and arguments.
    Program(String, Vec<String>),
    /// In process: the uniform random legal mover.
    Random,
    /// In process: the greedy baseline.
    Greedy,
    /// In process: the crate's bot (`linez::Bot`).
    Bot,
}

impl PlayerSpec {
    pub fn describe(&self) -> String {
        match self {
            PlayerSpec::Program(program, args) => {
                let mut text = program.clone();
                for arg in args {
                    text.push(' ');
                    text.push_str(arg);
                }
                text
            }
            PlayerSpec::Random => "random (in process)".to_string(),
            PlayerSpec::Greedy => "greedy (in process)".to_string(),
            PlayerSpec::Bot => "linez::Bot (in process)".to_string(),
        }
    }
}

/// A parsed command line.
#[derive(Clone, Debug)]
pub struct Config {
    pub seeds: Vec<u64>,
    pub jobs: usize,
    pub player: PlayerSpec,
    pub options: PlayOptions,
    pub transcript_dir: Option<PathBuf>,
    pub svg_dir: Option<PathBuf>,
    pub svg_move: Option<u64>,
    pub quiet: bool,
    /// `--compare`: bot B, played on the same seeds.
    pub compare: Option<PlayerSpec>,
    /// `--sprt` (with `--compare`): the paired-difference test.
    pub sprt: Option<Sprt>,
    /// `--games-file`.
    pub games_file: Option<PathBuf>,
    /// `--html`.
    pub html: Option<PathBuf>,
    /// `--move-units`: the in-process bot's fixed work per move (no game budget then).
    pub move_units: Option<u64>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Run(Box<Config>),
    /// `linez-sim merge FILES...`.
    Merge(Vec<PathBuf>),
    /// `linez-sim html -o PAGE FILES...`: the page, the games files.
    Html(PathBuf, Vec<PathBuf>),
    Help,
}

/// Parses the arguments (without the program name).
///
/// # Errors
/// One line naming the bad option or value.
pub fn parse(args: &[String]) -> Result<Command, String> {
    if let Some(("merge", files)) = args.split_first().map(|(first, rest)| (first.as_str(), rest)) {
        if files.is_empty() || files.iter().any(|f| f.starts_with('-')) {
            return Err("merge: expected the files written by --games-file".to_string());
        }
        return Ok(Command::Merge(files.iter().map(PathBuf::from).collect()));
    }
    if let Some(("html", rest)) = args.split_first().map(|(first, rest)| (first.as_str(), rest)) {
        let (page, files) = match rest {
            [o, page, files @ ..] if o == "-o" || o == "--output" => (page, files),
            _ => return Err("html: expected -o PAGE, then the files written by --games-file".to_string()),
        };
        if files.is_empty() || files.iter().any(|f| f.starts_with('-')) {
            return Err("html: expected the files written by --games-file after -o PAGE".to_string());
        }
        return Ok(Command::Html(PathBuf::from(page), files.iter().map(PathBuf::from).collect()));
    }
    let args = match SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help),
        Parsed::Args(args) => args,
    };
    let mut seeds = args.get_with("seeds", parse_seeds)?;
    if let Some(shard) = args.parsed("shard", Shard::parse)? {
        seeds = seeds[shard.range(seeds.len())].to_vec();
    }
    let jobs = args.get_in("jobs", 1..=1024, "a number of jobs")?;
    let seconds: f64 = args.get("budget", "seconds")?;
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(format!("--budget: expected positive seconds, found \"{seconds}\""));
    }
    let rules = Rules {
        initial_count: args.get_in("initial", 0..=81, "a count")?,
        placement_lines: args.get_with("placement-lines", str::parse)?,
        placement_check: args.get_with("placement-check", str::parse)?,
        convention: args.get_with("convention", str::parse)?,
    };
    let bot = args.parsed("bot", in_process)?;
    let compare = args.parsed("compare", |text| {
        in_process(text).or_else(|_| match split_words(text)?.split_first() {
            Some((program, rest)) => Ok(PlayerSpec::Program(program.clone(), rest.to_vec())),
            None => Err("expected random|greedy|linez or a command line".to_string()),
        })
    })?;
    let sprt = match args.parsed("sprt", stats::parse_hypotheses)? {
        None => None,
        Some(_) if compare.is_none() => return Err("--sprt needs --compare (it tests B - A)".to_string()),
        Some((h0, h1)) => Some(Sprt {
            h0,
            h1,
            alpha: args.get_with("alpha", stats::parse_error_rate)?,
            beta: args.get_with("beta", stats::parse_error_rate)?,
        }),
    };
    let program = args
        .positional
        .split_first()
        .map(|(program, rest)| PlayerSpec::Program(program.clone(), rest.to_vec()));
    let player = match (bot, program) {
        (Some(_), Some(_)) => return Err("give either --bot or a PROGRAM, not both".to_string()),
        (Some(player), None) | (None, Some(player)) => player,
        (None, None) => {
            return Err("no player: give a PROGRAM or --bot random|greedy|linez (see --help)".to_string())
        }
    };
    let move_units: Option<u64> = args.optional("move-units", "a number of work units")?;
    let mut budget = Duration::from_secs_f64(seconds);
    if move_units.is_some() {
        if player != PlayerSpec::Bot && compare.as_ref().map_or(true, |b| *b != PlayerSpec::Bot) {
            return Err("--move-units needs --bot linez (or --compare linez)".to_string());
        }
        budget = Duration::MAX;
    }
    let transcript_dir = args.text("transcript").map(PathBuf::from);
    let svg_dir = args.text("svg").map(PathBuf::from);
    let options = PlayOptions {
        rules,
        budget,
        max_moves: args.optional("max-moves", "a number of moves")?,
        keep_boards: svg_dir.is_some(),
        transcript: transcript_dir.is_some(),
    };
    Ok(Command::Run(Box::new(Config {
        seeds,
        jobs,
        player,
        options,
        transcript_dir,
        svg_dir,
        svg_move: args.optional("svg-move", "a move number")?,
        quiet: args.flag("quiet"),
        compare,
        sprt,
        games_file: args.text("games-file").map(PathBuf::from),
        html: args.text("html").map(PathBuf::from),
        move_units,
    })))
}

/// An in-process player's name.
fn in_process(name: &str) -> Result<PlayerSpec, String> {
    match name {
        "random" => Ok(PlayerSpec::Random),
        "greedy" => Ok(PlayerSpec::Greedy),
        "linez" => Ok(PlayerSpec::Bot),
        other => Err(format!("expected random|greedy|linez, found {other:?}")),
    }
}

/// Parses a seed list: comma-separated seeds and inclusive ranges `A-B`, in the order given.
pub fn parse_seeds(text: &str) -> Result<Vec<u64>, String> {
    let mut seeds = Vec::new();
    for part in text.split(',') {
        let number = |t: &str| {
            t.trim().parse::<u64>().map_err(|_| format!("expected a seed or a range A-B, found {part:?}"))
        };
        match part.split_once('-') {
            Some((first, last)) => {
                let (first, last) = (number(first)?, number(last)?);
                if first > last || last - first >= 10_000_000 {
                    return Err(format!("bad range {part:?}"));
                }
                seeds.extend(first..=last);
            }
            None => seeds.push(number(part)?),
        }
    }
    Ok(seeds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use linez::Convention;
    use linez::{PlacementCheck, PlacementLines};

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn seed_lists_and_ranges() {
        assert_eq!(parse_seeds("7").unwrap(), [7]);
        assert_eq!(parse_seeds("1-3,9,5-5").unwrap(), [1, 2, 3, 9, 5]);
        assert!(parse_seeds("3-1").is_err());
        assert!(parse_seeds("x").is_err());
        assert!(parse_seeds("1-").is_err());
    }

    #[test]
    fn options_and_program() {
        let args = strings(&[
            "--seeds",
            "1-4",
            "-j",
            "2",
            "--budget",
            "2.5",
            "--placement-lines",
            "keep",
            "./bot",
            "--fast",
        ]);
        let Command::Run(config) = parse(&args).unwrap() else { panic!("expected a run") };
        assert_eq!(config.seeds, [1, 2, 3, 4]);
        assert_eq!(config.jobs, 2);
        assert_eq!(config.options.budget, Duration::from_millis(2500));
        assert_eq!(config.options.rules.placement_lines, PlacementLines::Keep);
        assert_eq!(config.player, PlayerSpec::Program("./bot".into(), vec!["--fast".into()]));
        let args =
            strings(&["--bot", "greedy", "--convention", "letter-column", "--placement-check", "after-each"]);
        let Command::Run(config) = parse(&args).unwrap() else { panic!("expected a run") };
        assert_eq!(config.player, PlayerSpec::Greedy);
        assert_eq!(config.options.rules.convention, Convention::LetterIsColumn);
        assert_eq!(config.options.rules.placement_check, PlacementCheck::AfterEach);
        assert_eq!(config.move_units, None);
        let args = strings(&["--bot", "linez", "--move-units", "1200", "--max-moves", "5000"]);
        let Command::Run(config) = parse(&args).unwrap() else { panic!("expected a run") };
        assert_eq!((config.move_units, config.options.max_moves), (Some(1200), Some(5000)));
        assert_eq!(config.options.budget, Duration::MAX);
        let args = strings(&[
            "--bot",
            "greedy",
            "--compare",
            "./other --fast 'a b'",
            "--sprt",
            "0,10",
            "--shard",
            "2/3",
        ]);
        let Command::Run(config) = parse(&args).unwrap() else { panic!("expected a run") };
        assert_eq!(
            config.compare,
            Some(PlayerSpec::Program("./other".into(), vec!["--fast".into(), "a b".into()]))
        );
        assert_eq!(config.sprt, Some(Sprt { h0: 0.0, h1: 10.0, alpha: 0.05, beta: 0.05 }));
        // The second of three blocks of seeds 1-100.
        assert_eq!(config.seeds, (34..=66).collect::<Vec<u64>>());
        let args = strings(&["--bot", "greedy", "--compare", "random"]);
        let Command::Run(config) = parse(&args).unwrap() else { panic!("expected a run") };
        assert_eq!(config.compare, Some(PlayerSpec::Random));
        let Command::Merge(files) = parse(&strings(&["merge", "a.txt", "b.txt"])).unwrap() else { panic!() };
        assert_eq!(files, [PathBuf::from("a.txt"), PathBuf::from("b.txt")]);
        let Command::Html(page, files) = parse(&strings(&["html", "-o", "p.html", "a.txt"])).unwrap() else {
            panic!()
        };
        assert_eq!((page, files), (PathBuf::from("p.html"), vec![PathBuf::from("a.txt")]));
    }

    #[test]
    fn bad_command_lines_are_refused() {
        for args in [
            &["--bot", "smart"][..],
            &["--bot", "greedy", "./bot"],
            &[],
            &["-j", "0", "./bot"],
            &["--nope"],
            &["--seeds"],
            &["--bot", "greedy", "--move-units", "100"],
            &["--move-units", "100", "./bot"],
            &["--bot", "greedy", "--sprt", "0,10"],
            &["--bot", "greedy", "--compare", "random", "--sprt", "10"],
            &["--bot", "greedy", "--shard", "0/2"],
            &["merge"],
            &["html", "a.txt"],
            &["html", "-o", "p.html"],
        ] {
            assert!(parse(&strings(args)).is_err(), "{args:?}");
        }
        assert!(matches!(parse(&strings(&["--help"])), Ok(Command::Help)));
        let defaults = parse(&strings(&["--bot", "greedy"])).unwrap();
        let Command::Run(config) = defaults else { panic!("expected a run") };
        assert_eq!(config.seeds, (1..=100).collect::<Vec<u64>>());
        assert_eq!((config.jobs, config.options.budget), (1, Duration::from_secs(20)));
        assert_eq!(config.options.rules, Rules::default());
    }
}
