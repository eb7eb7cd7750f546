//! The command line: options, seed ranges and the player.

use std::path::PathBuf;
use std::time::Duration;

use linez::game::Rules;
use tools::cli::{Opt, Parsed, Spec};

use crate::play::PlayOptions;

/// The command line.
pub const SPEC: Spec = Spec {
    usage: &[
        "linez-sim [OPTIONS] [--] PROGRAM [ARGS...]   a bot process speaking the protocol",
        "linez-sim [OPTIONS] --bot random|greedy|linez in process (no subprocess)",
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
            "with --bot linez: N work units every move (about N/190 ms of one core) instead of\n\
             the game's thinking budget, which is then not enforced (the survival curve)",
        ),
        Opt::value("bot", "NAME", "play in process: random | greedy | linez"),
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
stdout: one line per game in seed order (seed score moves end think_s [detail]), then a summary
(mean ± 2 standard errors, median, min, max). stderr: progress as games finish.",
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
    /// `--move-units`: the in-process bot's fixed work per move (no game budget then).
    pub move_units: Option<u64>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Run(Box<Config>),
    Help,
}

/// Parses the arguments (without the program name).
///
/// # Errors
/// One line naming the bad option or value.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let args = match SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help),
        Parsed::Args(args) => args,
    };
    let seeds = args.get_with("seeds", parse_seeds)?;
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
    let bot = args.parsed("bot", |name| match name {
        "random" => Ok(PlayerSpec::Random),
        "greedy" => Ok(PlayerSpec::Greedy),
        "linez" => Ok(PlayerSpec::Bot),
        other => Err(format!("expected random|greedy|linez, found {other:?}")),
    })?;
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
        if player != PlayerSpec::Bot {
            return Err("--move-units needs --bot linez".to_string());
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
        move_units,
    })))
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
    use linez::game::{PlacementCheck, PlacementLines};
    use linez::Convention;

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
