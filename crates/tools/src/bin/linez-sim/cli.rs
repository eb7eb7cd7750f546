//! Command-line parsing (std only): options, seed ranges and the player.

use std::path::PathBuf;
use std::time::Duration;

use linez::game::{PlacementCheck, PlacementLines, Rules};
use linez::Convention;

use crate::play::PlayOptions;

pub const USAGE: &str = "\
linez-sim: plays seeded Linez games (spec: problems/linez.md) and reports the scores

usage: linez-sim [OPTIONS] [--] PROGRAM [ARGS...]   a bot process speaking the protocol
       linez-sim [OPTIONS] --bot random|greedy|linez in process (no subprocess)

options:
  --seeds LIST          seeds to play: 7 | 1-100 | 1-10,42,50-60   (default 1-100)
  -j, --jobs N          games played in parallel (default 1)
  --budget SECONDS      thinking time per game, only the bot's own (default 20)
  --max-moves N         end each game after N moves (end reason: limit)
  --initial N           open rule 1: numbers on the board at the start (default 3)
  --placement-lines R   open rule 2: score | remove | keep  (default score)
  --placement-check W   open rule 2: look for those lines after-all numbers are placed
                        (one removal) or after-each number (default after-all)
  --convention C        how answers name cells: letter-row | letter-column (default letter-row)
  --transcript DIR      write DIR/seed-N.txt: every turn sent, every answer and what it did
  --svg DIR             write DIR/seed-N-score.svg and DIR/seed-N-board-M.svg
  --svg-move M          the board picture shows the position after M moves (default: the last)
  -q, --quiet           no progress lines on stderr
  -h, --help            this text

stdout: one line per game in seed order (seed score moves end think_s [detail]), then a summary
(mean ± 2 standard errors, median, min, max). stderr: progress as games finish.";

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
    let mut seeds = parse_seeds("1-100")?;
    let mut jobs = 1;
    let mut rules = Rules::default();
    let mut budget = Duration::from_secs(20);
    let mut max_moves = None;
    let mut transcript_dir = None;
    let mut svg_dir = None;
    let mut svg_move = None;
    let mut quiet = false;
    let mut bot = None;
    let mut program = None;
    let mut index = 0;
    while index < args.len() {
        let arg = args[index].as_str();
        index += 1;
        let mut value = |name: &str| -> Result<&str, String> {
            let value = args.get(index).ok_or_else(|| format!("option {name} needs a value"))?;
            index += 1;
            Ok(value.as_str())
        };
        match arg {
            "-h" | "--help" => return Ok(Command::Help),
            "-q" | "--quiet" => quiet = true,
            "--seeds" => seeds = parse_seeds(value(arg)?)?,
            "-j" | "--jobs" => {
                jobs = parse_number(value(arg)?, arg)?;
                if jobs == 0 {
                    return Err("option -j needs at least 1 job".to_string());
                }
            }
            "--budget" => {
                let text = value(arg)?;
                let seconds: f64 =
                    text.parse().map_err(|_| format!("option --budget: expected seconds, found {text:?}"))?;
                if !(seconds.is_finite() && seconds > 0.0) {
                    return Err(format!("option --budget: expected positive seconds, found {text:?}"));
                }
                budget = Duration::from_secs_f64(seconds);
            }
            "--max-moves" => max_moves = Some(parse_number(value(arg)?, arg)?),
            "--initial" => {
                let count: usize = parse_number(value(arg)?, arg)?;
                if count > 81 {
                    return Err(format!("option --initial: expected 0..=81, found {count}"));
                }
                rules.initial_count = count;
            }
            "--placement-lines" => {
                rules.placement_lines = match value(arg)? {
                    "score" => PlacementLines::Score,
                    "remove" => PlacementLines::RemoveWithoutPoints,
                    "keep" => PlacementLines::Keep,
                    other => {
                        return Err(format!(
                            "option --placement-lines: expected score|remove|keep, found {other:?}"
                        ))
                    }
                }
            }
            "--placement-check" => {
                rules.placement_check = match value(arg)? {
                    "after-all" => PlacementCheck::AfterAll,
                    "after-each" => PlacementCheck::AfterEach,
                    other => {
                        return Err(format!(
                            "option --placement-check: expected after-all|after-each, found {other:?}"
                        ))
                    }
                }
            }
            "--convention" => {
                rules.convention = match value(arg)? {
                    "letter-row" => Convention::LetterIsRow,
                    "letter-column" => Convention::LetterIsColumn,
                    other => {
                        return Err(format!(
                            "option --convention: expected letter-row|letter-column, found {other:?}"
                        ))
                    }
                }
            }
            "--transcript" => transcript_dir = Some(PathBuf::from(value(arg)?)),
            "--svg" => svg_dir = Some(PathBuf::from(value(arg)?)),
            "--svg-move" => svg_move = Some(parse_number(value(arg)?, arg)?),
            "--bot" => {
                bot = Some(match value(arg)? {
                    "random" => PlayerSpec::Random,
                    "greedy" => PlayerSpec::Greedy,
                    "linez" => PlayerSpec::Bot,
                    other => {
                        return Err(format!("option --bot: expected random|greedy|linez, found {other:?}"))
                    }
                })
            }
            "--" => {
                if index < args.len() {
                    program = Some(PlayerSpec::Program(args[index].clone(), args[index + 1..].to_vec()));
                }
                break;
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(format!("unknown option {arg:?} (see --help)"))
            }
            _ => {
                program = Some(PlayerSpec::Program(arg.to_string(), args[index..].to_vec()));
                break;
            }
        }
    }
    let player = match (bot, program) {
        (Some(_), Some(_)) => return Err("give either --bot or a PROGRAM, not both".to_string()),
        (Some(player), None) | (None, Some(player)) => player,
        (None, None) => {
            return Err("no player: give a PROGRAM or --bot random|greedy|linez (see --help)".to_string())
        }
    };
    let options = PlayOptions {
        rules,
        budget,
        max_moves,
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
        svg_move,
        quiet,
    })))
}

fn parse_number<T: std::str::FromStr>(text: &str, option: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("option {option}: expected a non-negative integer, found {text:?}"))
}

/// Parses a seed list: comma-separated seeds and inclusive ranges `A-B`, in the order given.
pub fn parse_seeds(text: &str) -> Result<Vec<u64>, String> {
    let mut seeds = Vec::new();
    for part in text.split(',') {
        let number = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| format!("option --seeds: expected a seed or a range A-B, found {part:?}"))
        };
        match part.split_once('-') {
            Some((first, last)) => {
                let (first, last) = (number(first)?, number(last)?);
                if first > last || last - first >= 10_000_000 {
                    return Err(format!("option --seeds: bad range {part:?}"));
                }
                seeds.extend(first..=last);
            }
            None => seeds.push(number(part)?),
        }
    }
    Ok(seeds)
}

pub fn placement_lines_name(rule: PlacementLines) -> &'static str {
    match rule {
        PlacementLines::Score => "score",
        PlacementLines::RemoveWithoutPoints => "remove",
        PlacementLines::Keep => "keep",
    }
}

pub fn placement_check_name(check: PlacementCheck) -> &'static str {
    match check {
        PlacementCheck::AfterAll => "after-all",
        PlacementCheck::AfterEach => "after-each",
    }
}

pub fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::LetterIsRow => "letter-row",
        Convention::LetterIsColumn => "letter-column",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ] {
            assert!(parse(&strings(args)).is_err(), "{args:?}");
        }
        assert!(matches!(parse(&strings(&["--help"])), Ok(Command::Help)));
    }
}
