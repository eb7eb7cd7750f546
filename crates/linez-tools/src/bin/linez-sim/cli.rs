//! The command line (clap): a run of one or more bots on the same seeds, `merge` and `html`. Every
//! value is checked before anything runs; a bad command line is an error naming the option, with
//! the usage, exit status 2.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{value_parser, CommandFactory, Parser, Subcommand, ValueEnum};
use linez::{Convention, PlacementCheck, PlacementLines, Rules};
use match_kit::pool::Shard;
use match_kit::stats::{self, Sprt};

use crate::bots::{letter, Bot, PlayerSpec, MAX_BOTS};
use crate::play::PlayOptions;

const USAGE: &str = "\
linez-sim [OPTIONS] --bot <NAME> [--compare <[NAME=]BOT>]...
       linez-sim [OPTIONS] [--compare <[NAME=]BOT>]... [--] <PROGRAM> [ARGS]...
       linez-sim merge <FILES>...
       linez-sim html -o <PAGE> <FILES>...";

const NOTES: &str = "\
Bots: the first bot (A) is --bot's or PROGRAM's; each --compare adds one (B, C, ...) played on the
same seeds. With two bots or more the summary ends with a table: each bot's mean ± 2 s.e. and its
paired difference from A (mean ± 2 s.e., seeds better and worse).

stdout: one line per game in seed order (seed score moves end think_s [detail]; with several bots
each line starts with its bot's name), then the summary. stderr: progress as games finish.
Exit status: 0 played, 1 a bot cannot start or a file cannot be read or written, 2 a bad command
line.";

/// `linez-sim`'s command line.
#[derive(Parser, Debug)]
#[command(
    name = "linez-sim",
    about = "Plays seeded Linez games exactly as the spec generates them and reports the scores.",
    override_usage = USAGE,
    after_help = NOTES,
    args_conflicts_with_subcommands = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Sub>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The subcommands on games files (plain or gzip, read by their bytes).
#[derive(Subcommand, Debug)]
pub enum Sub {
    /// The whole run's summary (and bots table) from --games-file outputs, e.g. a run's shards
    Merge {
        /// games files written by --games-file (plain or .gz)
        #[arg(required = true, value_name = "FILES")]
        files: Vec<PathBuf>,
    },
    /// The games of --games-file outputs as one page to open in a browser
    Html {
        /// the page to write, whole or not at all (gzip where it ends in .gz)
        #[arg(short = 'o', long = "output", value_name = "PAGE", required = true)]
        output: PathBuf,
        /// games files written by --games-file (plain or .gz)
        #[arg(required = true, value_name = "FILES")]
        files: Vec<PathBuf>,
    },
}

/// An in-process player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InProcessBot {
    /// the uniform random legal mover
    Random,
    /// the greedy baseline
    Greedy,
    /// the crate's bot, linez::Bot
    Linez,
}

/// A seed list (`--seeds`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds(pub Vec<u64>);

/// `--sprt`'s two hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hypotheses(f64, f64);

/// The options of a run.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// seeds to play, in the order given: 7 | 1-100 | 1-10,42,50-60
    #[arg(long, value_name = "LIST", default_value = "1-100", value_parser = parse_seeds)]
    seeds: Seeds,
    /// games played in parallel
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1,
          value_parser = value_parser!(u64).range(1..=1024))]
    jobs: u64,
    /// thinking time per game, only the bot's own
    #[arg(long, value_name = "SECONDS", default_value = "20", value_parser = parse_seconds, allow_negative_numbers = true)]
    budget: f64,
    /// end each game after N moves (end: limit, still alive)
    #[arg(long, value_name = "N")]
    max_moves: Option<u64>,
    /// with --bot linez (or --compare linez): N work units every move (about N/220 ms of one
    /// core) instead of the thinking budget, which is then not enforced
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(1..))]
    move_units: Option<u64>,
    /// the first bot, in process
    #[arg(long, value_enum, value_name = "NAME")]
    bot: Option<InProcessBot>,
    /// the first bot's name
    #[arg(long, value_name = "NAME", default_value = "A", value_parser = parse_name)]
    name: String,
    /// also play BOT on the same seeds (repeat for more bots): random | greedy | linez (in
    /// process) or a command line in one argument; NAME= names it (default B, C, ...)
    #[arg(long, value_name = "[NAME=]BOT", value_parser = Bot::parse)]
    compare: Vec<Bot>,
    /// with two bots: stop when the paired-difference SPRT decides H0 (mean B - A score = D0)
    /// against H1 (= D1); not before 10 seeds
    #[arg(long, value_name = "D0,D1", value_parser = parse_hypotheses)]
    sprt: Option<Hypotheses>,
    /// --sprt false-positive rate
    #[arg(long, value_name = "A", default_value = "0.05", value_parser = stats::parse_error_rate)]
    alpha: f64,
    /// --sprt false-negative rate
    #[arg(long, value_name = "B", default_value = "0.05", value_parser = stats::parse_error_rate)]
    beta: f64,
    /// play only the K-th of N disjoint blocks of the seed list
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// write each game (a line bot seed score moves end think_s longest_s [detail], then its
    /// moves) for merge and html; gzip where FILE ends in .gz
    #[arg(long, value_name = "FILE")]
    games_file: Option<PathBuf>,
    /// write the games as one page to open in a browser (rewritten as games finish)
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// open rule 1: numbers on the board at the start
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = value_parser!(u8).range(0..=81))]
    initial: u8,
    /// open rule 2: what lines made by placed numbers do
    #[arg(long, value_name = "R", default_value = "score",
          value_parser = PossibleValuesParser::new(["score", "remove", "keep"]).map(rule::<PlacementLines>))]
    placement_lines: PlacementLines,
    /// open rule 2: look for those lines after all numbers are placed (one removal) or after each
    #[arg(long, value_name = "W", default_value = "after-all",
          value_parser = PossibleValuesParser::new(["after-all", "after-each"]).map(rule::<PlacementCheck>))]
    placement_check: PlacementCheck,
    /// how answers name cells
    #[arg(long, value_name = "C", default_value = "letter-row",
          value_parser = PossibleValuesParser::new(["letter-row", "letter-column"]).map(rule::<Convention>))]
    convention: Convention,
    /// write DIR/seed-N.txt: every turn sent, every answer and what it did (other bots: seed-N-b.txt, ...)
    #[arg(long, value_name = "DIR")]
    transcript: Option<PathBuf>,
    /// write DIR/seed-N-score.svg and DIR/seed-N-board-M.svg
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// the board picture shows the position after M moves (default: the last)
    #[arg(long, value_name = "M")]
    svg_move: Option<u64>,
    /// no progress lines on stderr
    #[arg(short, long)]
    quiet: bool,
    /// the first bot as a program speaking the protocol, with its arguments
    #[arg(value_name = "PROGRAM", trailing_var_arg = true)]
    program: Vec<String>,
}

/// A rule's name, already one of its possible values, as the rule.
fn rule<T: std::str::FromStr<Err = String>>(name: String) -> T {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A bot with its name settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedBot {
    pub name: String,
    pub spec: PlayerSpec,
}

/// A run, checked.
#[derive(Clone, Debug)]
pub struct Config {
    pub seeds: Vec<u64>,
    pub jobs: usize,
    /// The bots, the first the reference of the paired differences; at most [`MAX_BOTS`].
    pub bots: Vec<NamedBot>,
    pub options: PlayOptions,
    pub transcript_dir: Option<PathBuf>,
    pub svg_dir: Option<PathBuf>,
    pub svg_move: Option<u64>,
    pub quiet: bool,
    /// `--sprt` (two bots): the paired-difference test.
    pub sprt: Option<Sprt>,
    pub games_file: Option<PathBuf>,
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
}

/// Parses the arguments (with the program name first).
///
/// # Errors
/// clap's error (help and bad command lines alike): `error.exit()` prints it and exits with 0 for
/// `--help`, 2 otherwise.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Command, clap::Error> {
    let cli = Cli::try_parse_from(args)?;
    match cli.command {
        Some(Sub::Merge { files }) => Ok(Command::Merge(files)),
        Some(Sub::Html { output, files }) => Ok(Command::Html(output, files)),
        None => cli.run.config().map(|config| Command::Run(Box::new(config))),
    }
}

/// Prints `error` with the usage and exits: `--help` on stdout with status 0, a bad command line on
/// stderr, status 2.
pub fn exit(error: clap::Error) -> ! {
    match_kit::command_line::with_usage::<Cli>(error, std::env::args().nth(1)).exit()
}

/// An error about options that parsed one by one but do not go together.
fn conflict(kind: ErrorKind, message: impl std::fmt::Display) -> clap::Error {
    Cli::command().error(kind, message)
}

impl RunArgs {
    fn config(self) -> Result<Config, clap::Error> {
        let mut seeds = self.seeds.0;
        if let Some(shard) = self.shard {
            seeds = seeds[shard.range(seeds.len())].to_vec();
        }
        let first = match (self.bot, self.program.split_first()) {
            (Some(_), Some(_)) => {
                return Err(conflict(ErrorKind::ArgumentConflict, "give either --bot or a PROGRAM, not both"))
            }
            (Some(bot), None) => match bot {
                InProcessBot::Random => PlayerSpec::Random,
                InProcessBot::Greedy => PlayerSpec::Greedy,
                InProcessBot::Linez => PlayerSpec::Bot,
            },
            (None, Some((program, args))) => PlayerSpec::Program(program.clone(), args.to_vec()),
            (None, None) => {
                return Err(conflict(
                    ErrorKind::MissingRequiredArgument,
                    "no bot: give a PROGRAM or --bot random|greedy|linez",
                ))
            }
        };
        let mut bots = vec![NamedBot { name: self.name, spec: first }];
        for (index, bot) in self.compare.into_iter().enumerate() {
            let name = bot.name.unwrap_or_else(|| letter(index + 1).to_string());
            bots.push(NamedBot { name, spec: bot.spec });
        }
        if bots.len() > MAX_BOTS {
            return Err(conflict(
                ErrorKind::TooManyValues,
                format!("--compare: at most {MAX_BOTS} bots a run"),
            ));
        }
        for (index, bot) in bots.iter().enumerate() {
            if bots[..index].iter().any(|other| other.name == bot.name) {
                let message =
                    format!("two bots named {:?}: name them apart (--name, --compare NAME=BOT)", bot.name);
                return Err(conflict(ErrorKind::ArgumentConflict, message));
            }
        }
        let sprt = match self.sprt {
            Some(_) if bots.len() != 2 => {
                let message = "--sprt needs exactly two bots (one --compare): it tests B - A";
                return Err(conflict(ErrorKind::ArgumentConflict, message));
            }
            Some(Hypotheses(h0, h1)) => Some(Sprt { h0, h1, alpha: self.alpha, beta: self.beta }),
            None => None,
        };
        let mut budget = Duration::from_secs_f64(self.budget);
        if self.move_units.is_some() {
            if !bots.iter().any(|bot| bot.spec == PlayerSpec::Bot) {
                let message = "--move-units needs --bot linez (or --compare linez)";
                return Err(conflict(ErrorKind::ArgumentConflict, message));
            }
            budget = Duration::MAX;
        }
        let options = PlayOptions {
            rules: Rules {
                initial_count: self.initial.into(),
                placement_lines: self.placement_lines,
                placement_check: self.placement_check,
                convention: self.convention,
            },
            budget,
            max_moves: self.max_moves,
            keep_boards: self.svg.is_some(),
            transcript: self.transcript.is_some(),
        };
        Ok(Config {
            seeds,
            jobs: self.jobs as usize,
            bots,
            options,
            transcript_dir: self.transcript,
            svg_dir: self.svg,
            svg_move: self.svg_move,
            quiet: self.quiet,
            sprt,
            games_file: self.games_file,
            html: self.html,
            move_units: self.move_units,
        })
    }
}

/// Parses a seed list: comma-separated seeds and inclusive ranges `A-B`, in the order given.
///
/// # Errors
/// A part that is not a seed or a range, or a range backwards or of 10 million seeds or more.
pub fn parse_seeds(text: &str) -> Result<Seeds, String> {
    let mut seeds = Vec::new();
    for part in text.split(',') {
        let number = |t: &str| {
            t.trim().parse::<u64>().map_err(|_| format!("expected a seed or a range A-B, found {part:?}"))
        };
        match part.split_once('-') {
            Some((first, last)) => {
                let (first, last) = (number(first)?, number(last)?);
                if first > last || last - first >= 10_000_000 {
                    return Err(format!("bad range {part:?}: A-B with A <= B, fewer than 10 million seeds"));
                }
                seeds.extend(first..=last);
            }
            None => seeds.push(number(part)?),
        }
    }
    Ok(Seeds(seeds))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds < 1e9 => Ok(seconds),
        _ => Err(format!("expected positive seconds, found {text:?}")),
    }
}

fn parse_hypotheses(text: &str) -> Result<Hypotheses, String> {
    stats::parse_hypotheses(text).map(|(h0, h1)| Hypotheses(h0, h1))
}

fn parse_name(text: &str) -> Result<String, String> {
    linez_tools::games_file::check_name(text).map(|()| text.to_string())
}

#[cfg(test)]
#[path = "cli_tests.rs"]
mod tests;
