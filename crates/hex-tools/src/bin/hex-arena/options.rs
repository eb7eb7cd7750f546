//! The command line (clap): a two-engine match (`hex-arena [OPTIONS] ENGINE_A ENGINE_B`), a
//! tournament (`--engine NAME CMD` repeated, or `--engines FILE`), and the subcommands on records
//! files (`record_options`). Every value is typed and checked before anything runs.

use crate::engine::{EngineSpec, GtpColors};
use crate::engines::{self, Tournament};
use crate::record_options::Sub;
use crate::seeds::shuffle_cells;
use crate::values::{self, SprtArgs};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, ValueEnum};
use hex::Cell;
use match_kit::pool::Shard;
use match_kit::stats::Sprt;
use std::path::PathBuf;
use std::time::Duration;

/// The whole command line.
#[derive(Parser, Debug)]
#[command(
    name = "hex-arena",
    about = "Plays games of 11x11 Hex (swap rule) between engines and reports the result",
    long_about = "\
Plays games of 11x11 Hex (swap rule) between two engines, or a tournament of many, and reports
the result.

ENGINE is a command line in one argument, e.g. 'target/release/hex' or
'gtp:python3 crates/hex-tools/openspiel_gtp.py --seed {seed}'. Prefix gtp: for a GTP engine
(boardsize/clear_board/play/genmove); gtp(CMD; CMD):COMMAND sends the GTP commands once to each
started process first (settings, e.g. 'gtp(param_mohex max_games 1000):mohex'); cg: or no prefix
for a CodinGame-protocol bot (a fresh process per game). {seed} is replaced by the game's seed.

A tournament: --engine NAME CMD once per engine (or --engines FILE), --tournament round-robin
(default) or gauntlet; every pairing plays -n games on the same openings and seeds, colours
alternating; the result is a cross table and ratings fitted to all games at once.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Sub>,
    #[command(flatten)]
    pub run: MatchArgs,
}

/// The GTP engines' way of being told a swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GtpSwap {
    /// Play white swap-pieces
    Move,
    /// The swapped stone on the mirrored cell as the first move (for MoHex)
    Stone,
}

/// A match's or a tournament's options.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Engines A and B of a two-engine match
    #[arg(value_name = "ENGINE", value_parser = values::engine_command)]
    pub engines: Vec<String>,
    /// A tournament's engine (repeat it, one per engine)
    #[arg(long = "engine", num_args = 2, value_names = ["NAME", "CMD"], conflicts_with = "engines")]
    pub engine: Vec<String>,
    /// A tournament's engines, one a line: NAME CMD
    #[arg(long = "engines", value_name = "FILE", value_parser = engines::engines_file,
          conflicts_with_all = ["engines", "engine"])]
    pub engines_file: Option<engines::EngineList>,
    /// How a tournament pairs its engines (gauntlet: the first against each other)
    #[arg(long, value_enum, default_value_t = Tournament::RoundRobin)]
    pub tournament: Tournament,
    /// Games to play (a tournament: a pairing) [default: 10; with --openings, 2 per opening]
    #[arg(short = 'n', long, value_name = "N", value_parser = values::positive)]
    pub games: Option<usize>,
    /// Games played in parallel
    #[arg(short = 'j', long, value_name = "N", default_value = "1", value_parser = values::jobs)]
    pub jobs: usize,
    /// Master seed: per-game seeds and opening order
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Forced red first moves, each played with both colour assignments: a1,b2,... or all (all
    /// 121 cells), or @FILE (cells separated by spaces/commas/lines)
    #[arg(long, value_name = "LIST", value_parser = values::openings)]
    pub openings: Option<values::Cells>,
    /// Shuffle the opening list with the seed
    #[arg(long)]
    pub shuffle_openings: bool,
    /// A late answer loses, as on CodinGame
    #[arg(long)]
    pub strict: bool,
    /// With --strict: engine A's late answers are only counted
    #[arg(long, conflicts_with_all = ["engine", "engines_file"])]
    pub lenient_a: bool,
    /// With --strict: engine B's late answers are only counted (e.g. a slow reference opponent)
    #[arg(long, conflicts_with_all = ["engine", "engines_file"])]
    pub lenient_b: bool,
    /// Clock in ms for every engine
    #[arg(long, value_name = "FIRST/MOVE", default_value = "1000/100", value_parser = values::clock)]
    pub time: (Duration, Duration),
    /// Clock of engine A [default: --time]
    #[arg(long, value_name = "FIRST/MOVE", value_parser = values::clock,
          conflicts_with_all = ["engine", "engines_file"])]
    pub time_a: Option<(Duration, Duration)>,
    /// Clock of engine B [default: --time]
    #[arg(long, value_name = "FIRST/MOVE", value_parser = values::clock,
          conflicts_with_all = ["engine", "engines_file"])]
    pub time_b: Option<(Duration, Duration)>,
    /// An engine silent this long (ms) loses, strict or not
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub hard_limit: u64,
    /// Name of engine A in the summary and records
    #[arg(long, value_name = "NAME", conflicts_with_all = ["engine", "engines_file"])]
    pub name_a: Option<String>,
    /// Name of engine B in the summary and records
    #[arg(long, value_name = "NAME", conflicts_with_all = ["engine", "engines_file"])]
    pub name_b: Option<String>,
    /// Write one line per game (see ARENA.md for the format; gzip where FILE ends in .gz)
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Write DIR/game-NNN.svg, a picture of each finished game
    #[arg(long = "svg", value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,
    /// Write the games as SGF (HexGui), one game tree each
    #[arg(long, value_name = "FILE")]
    pub sgf: Option<PathBuf>,
    /// Write the match as one page to open in a browser (updated as games finish)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub sprt: SprtArgs,
    /// Play only the K-th of N disjoint parts of the match (same seeds, openings and colours;
    /// opening pairs kept together); combine the parts' records with hex-arena merge
    #[arg(long, value_name = "K/N", value_parser = values::shard, conflicts_with = "sprt")]
    pub shard: Option<Shard>,
    /// GTP colour words for red and blue
    #[arg(long, value_name = "R,B", default_value = "black,white", value_parser = values::gtp_colors)]
    pub gtp_colors: (String, String),
    /// How GTP engines are told a swap
    #[arg(long, value_enum, default_value_t = GtpSwap::Move)]
    pub gtp_swap: GtpSwap,
    /// Keep N extra threads spinning during the match (load test)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub busy: usize,
    /// Pass the engines' stderr through (default: keep a tail for crash reports)
    #[arg(long)]
    pub engine_stderr: bool,
    /// No per-game progress on stderr
    #[arg(short, long)]
    pub quiet: bool,
    /// Every move and its time on stderr
    #[arg(short, long)]
    pub verbose: bool,
}

/// A match or a tournament as asked for on the command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// Every engine; a two-engine match's are A and B.
    pub engines: Vec<EngineSpec>,
    /// The pairings played, each `[A, B]`: one in a two-engine match.
    pub pairings: Vec<[usize; 2]>,
    /// The tournament's kind; `None` for a two-engine match.
    pub tournament: Option<Tournament>,
    /// Games a pairing.
    pub games: usize,
    pub jobs: usize,
    pub seed: u64,
    pub openings: Vec<Cell>,
    pub hard_limit: Duration,
    pub records: Option<PathBuf>,
    pub svg_dir: Option<PathBuf>,
    pub sgf: Option<PathBuf>,
    pub html: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub shard: Option<Shard>,
    pub gtp_colors: GtpColors,
    pub busy: usize,
    pub show_stderr: bool,
    pub quiet: bool,
    pub verbose: bool,
}

/// An error in the spirit of clap's own: the message, the usage, exit status 2.
fn usage_error(kind: ErrorKind, message: String) -> clap::Error {
    Cli::command().error(kind, message)
}

impl MatchArgs {
    /// The match or the tournament these options ask for.
    ///
    /// # Errors
    /// Engines missing or malformed, or a tournament's options that a two-engine match needs.
    pub fn options(self) -> Result<Options, clap::Error> {
        let bad = |message: String| usage_error(ErrorKind::ValueValidation, message);
        let mut opening_list = self.openings.clone().map(|c| c.0).unwrap_or_default();
        if self.shuffle_openings {
            shuffle_cells(&mut opening_list, self.seed);
        }
        let spec = |name: String, command: &str, time: (Duration, Duration), lenient: bool| {
            let (protocol, argv, setup) = engines::parse_engine(command).map_err(bad)?;
            let (first_limit, move_limit) = time;
            let strict = self.strict && !lenient;
            Ok::<_, clap::Error>(EngineSpec { name, protocol, argv, setup, first_limit, move_limit, strict })
        };
        let listed: Vec<(String, String)> = match &self.engines_file {
            Some(list) => list.0.clone(),
            None => self.engine.chunks(2).map(|pair| (pair[0].clone(), pair[1].clone())).collect(),
        };
        let (engines, pairings, tournament) = if listed.is_empty() {
            if self.engines.len() != 2 {
                return Err(usage_error(
                    ErrorKind::WrongNumberOfValues,
                    format!(
                        "expected two engines (ENGINE_A ENGINE_B) or a tournament (--engine NAME CMD ...), found {} engine{}",
                        self.engines.len(),
                        if self.engines.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            let argvs = self
                .engines
                .iter()
                .map(|text| engines::parse_engine(text).map(|(_, argv, _)| argv).map_err(bad))
                .collect::<Result<Vec<_>, _>>()?;
            let names = engines::match_names(
                [&argvs[0], &argvs[1]],
                [self.name_a.as_deref(), self.name_b.as_deref()],
            );
            let times = [self.time_a.unwrap_or(self.time), self.time_b.unwrap_or(self.time)];
            let lenient = [self.lenient_a, self.lenient_b];
            let specs = (0..2)
                .map(|i| spec(names[i].clone(), &self.engines[i], times[i], lenient[i]))
                .collect::<Result<Vec<_>, _>>()?;
            (specs, vec![[0, 1]], None)
        } else {
            if listed.len() < 2 {
                return Err(bad(format!("a tournament needs at least two engines, found {}", listed.len())));
            }
            if self.sprt.sprt.is_some() {
                return Err(usage_error(
                    ErrorKind::ArgumentConflict,
                    "--sprt tests two engines: not in a tournament".to_string(),
                ));
            }
            let mut specs: Vec<EngineSpec> = Vec::new();
            for (name, command) in &listed {
                let name = engines::clean_name(name);
                if specs.iter().any(|s| s.name == name) {
                    return Err(bad(format!("--engine: the name {name:?} is given twice")));
                }
                specs.push(spec(name, command, self.time, false)?);
            }
            let pairings = self.tournament.pairings(specs.len());
            (specs, pairings, Some(self.tournament))
        };
        let default_games = if opening_list.is_empty() { 10 } else { 2 * opening_list.len() };
        Ok(Options {
            engines,
            pairings,
            tournament,
            games: self.games.unwrap_or(default_games),
            jobs: self.jobs,
            seed: self.seed,
            openings: opening_list,
            hard_limit: Duration::from_millis(self.hard_limit),
            records: self.records,
            svg_dir: self.svg_dir,
            sgf: self.sgf,
            html: self.html,
            sprt: self.sprt.sprt(),
            shard: self.shard,
            gtp_colors: GtpColors {
                red: self.gtp_colors.0,
                blue: self.gtp_colors.1,
                stone_swap: self.gtp_swap == GtpSwap::Stone,
            },
            busy: self.busy,
            show_stderr: self.engine_stderr,
            quiet: self.quiet,
            verbose: self.verbose,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Protocol;
    use match_kit::command_line::split_words;

    fn parse(text: &str) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("hex-arena".to_string()).chain(split_words(text).unwrap()))
    }

    fn opts(text: &str) -> Result<Options, String> {
        let cli = parse(text).map_err(|e| e.to_string())?;
        cli.run.options().map_err(|e| e.to_string())
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_match_parses_with_defaults_and_overrides() {
        let options = opts(
            "-n 4 -j 2 --strict --time-b 3000/2000 ./hex 'gtp:python3 crates/hex-tools/openspiel_gtp.py --seed {seed}'",
        )
        .unwrap();
        assert_eq!((options.games, options.jobs, options.seed), (4, 2, 1));
        assert!(options.tournament.is_none() && options.pairings == [[0, 1]]);
        let [a, b] = &options.engines[..] else { panic!() };
        assert!(a.strict && b.strict);
        assert_eq!(
            (a.name.as_str(), a.protocol, a.move_limit),
            ("hex", Protocol::CodinGame, Duration::from_millis(100))
        );
        assert_eq!(
            (b.name.as_str(), b.protocol, b.first_limit),
            ("openspiel_gtp", Protocol::Gtp, Duration::from_secs(3))
        );
        assert_eq!(b.argv, ["python3", "crates/hex-tools/openspiel_gtp.py", "--seed", "{seed}"]);
        assert!(!options.gtp_colors.stone_swap);
        assert!(opts("--gtp-swap stone a b").unwrap().gtp_colors.stone_swap);
        let options = opts("--openings a1,b2 x x").unwrap();
        assert_eq!((options.engines[0].name.as_str(), options.engines[1].name.as_str()), ("x-a", "x-b"));
        assert_eq!(options.games, 4);
        let lenient = opts("--strict --lenient-b a b").unwrap();
        assert!(lenient.engines[0].strict && !lenient.engines[1].strict);
        let sprt = opts("--sprt=-5,5 --beta 0.1 a b").unwrap().sprt;
        assert_eq!(sprt, Some(Sprt { h0: -5.0, h1: 5.0, alpha: 0.05, beta: 0.1 }));
        assert_eq!(opts("--sprt -5,5 a b").unwrap().sprt.unwrap().h0, -5.0);
        assert_eq!(opts("--shard 3/8 a b").unwrap().shard, Some(Shard { index: 3, count: 8 }));
    }

    #[test]
    fn a_tournament_parses() {
        let options =
            opts("--engine bot ./hex --engine 'rave x' 'b --engine rave' --engine u 'b --engine uct'")
                .unwrap();
        assert_eq!(options.tournament, Some(Tournament::RoundRobin));
        let names: Vec<&str> = options.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["bot", "rave_x", "u"]);
        assert_eq!(options.engines[1].argv, ["b", "--engine", "rave"]);
        assert_eq!(options.pairings, [[0, 1], [0, 2], [1, 2]]);
        let gauntlet = opts("--tournament gauntlet --engine a x --engine b y --engine c z").unwrap();
        assert_eq!(gauntlet.pairings, [[0, 1], [0, 2]]);
    }

    #[test]
    fn bad_arguments_are_named() {
        let error = |text: &str| opts(text).unwrap_err();
        assert!(error("a").contains("two engines"));
        assert!(error("--time 100 a b").contains("--time") && error("--time 100 a b").contains("FIRST/MOVE"));
        assert!(error("--openings d5,z9 a b").contains("z9"));
        assert!(error("--frobnicate a b").contains("--frobnicate"));
        assert!(error("-n").contains("--games"));
        assert!(error("-n 0 a b").contains("--games"));
        assert!(error("--sprt 0 a b").contains("--sprt"));
        assert!(error("--sprt 0,5 --alpha 0.7 a b").contains("--alpha"));
        assert!(error("--sprt 0,5 --shard 1/2 a b").contains("--shard"));
        assert!(error("--shard 3/2 a b").contains("--shard"));
        assert!(error("--tournament swiss --engine a x --engine b y").contains("swiss"));
        assert!(error("--engine a x --engine a y").contains("twice"));
        assert!(error("--engine a x --engine b y --name-a z").contains("--name-a"));
        assert!(error("--engine a x --engine b y --sprt 0,5").contains("--sprt"));
        assert!(error("--engine a x --engine b y c").contains("--engine"));
        assert!(error("a 'gtp(x y'").contains("gtp(COMMANDS)"));
        assert!(parse("merge").unwrap_err().to_string().contains("RECORDS"));
    }
}
