//! The command line: engines, clocks, openings and names.

use crate::engine::{EngineSpec, GtpColors, Protocol};
use crate::record_options::{self, HtmlOptions, MergeOptions, SgfOptions, SvgOptions};
use crate::seeds::shuffle_cells;
use hex::Cell;
use match_kit::cli::{split_words, Args, Opt, Parsed, Spec};
use match_kit::pool::Shard;
use match_kit::stats::{self, Sprt};
use std::path::PathBuf;
use std::time::Duration;

/// The match command line.
pub const SPEC: Spec = Spec {
    usage: &[
        "hex-arena [OPTIONS] ENGINE_A ENGINE_B",
        "hex-arena svg [--game N] [-o FILE] RECORDS",
        "hex-arena sgf [-o FILE] RECORDS...",
        "hex-arena merge [--sprt ELO0,ELO1 ...] RECORDS...",
        "hex-arena html -o FILE RECORDS...",
    ],
    about: "\
Plays games of 11x11 Hex (swap rule) between two engines and reports the result.

ENGINE is a command line in one argument, e.g. 'target/release/hex' or
'gtp:python3 crates/hex-tools/openspiel_gtp.py --seed {seed}'. Prefix gtp: for a GTP engine
(boardsize/clear_board/play/genmove); gtp(CMD; CMD):COMMAND sends the GTP commands
once to each started process first (settings, e.g. 'gtp(param_mohex max_games 1000):mohex');
cg: or no prefix for a CodinGame-protocol bot (a fresh process per game).
{seed} is replaced by the game's seed.",
    options: &[
        Opt::value("games", "N", "games to play (default 10; with --openings, 2 per opening)").short('n'),
        Opt::value("jobs", "N", "games played in parallel").short('j').default("1"),
        Opt::value("seed", "S", "master seed: per-game seeds and opening order").default("1"),
        Opt::value(
            "openings",
            "LIST",
            "forced red first moves, each played with both colour\n\
             assignments: comma-separated cells (d5,f6), 'all' (121\n\
             cells), or @FILE (cells separated by spaces/commas/lines)",
        ),
        Opt::flag("shuffle-openings", "shuffle the opening list with the seed"),
        Opt::flag("strict", "a late answer loses, as on CodinGame"),
        Opt::flag("lenient-a", "with --strict: engine A's late answers are only counted"),
        Opt::flag(
            "lenient-b",
            "with --strict: engine B's late answers are only counted\n(e.g. a slow reference opponent)",
        ),
        Opt::value("time", "FIRST/MOVE", "clock in ms for both engines").default("1000/100"),
        Opt::value("time-a", "FIRST/MOVE", "clock of engine A (default --time)"),
        Opt::value("time-b", "FIRST/MOVE", "clock of engine B (default --time)"),
        Opt::value("hard-limit", "MS", "an engine silent this long loses, strict or not").default("10000"),
        Opt::value("name-a", "NAME", "name of engine A in the summary and records"),
        Opt::value("name-b", "NAME", "name of engine B in the summary and records"),
        Opt::value("records", "FILE", "write one line per game (see ARENA.md for the format)"),
        Opt::value("svg", "DIR", "write DIR/game-NNN.svg, a picture of each finished game"),
        Opt::value("sgf", "FILE", "write the games as SGF (HexGui), one game tree each"),
        Opt::value(
            "html",
            "FILE",
            "write the match as one page to open in a browser (updated\nas games finish)",
        ),
        Opt::value(
            "sprt",
            "ELO0,ELO1",
            "stop when a sequential test decides H0 (A - B = ELO0 logistic\n\
             Elo) against H1 (ELO1): GSPRT, pentanomial on opening pairs\n\
             (binomial on single games without --openings); -n caps it",
        ),
        Opt::value("alpha", "A", "--sprt false-positive rate").default("0.05"),
        Opt::value("beta", "B", "--sprt false-negative rate").default("0.05"),
        Opt::value(
            "shard",
            "K/N",
            "play only the K-th of N disjoint parts of the match (same\n\
             seeds, openings and colours; opening pairs kept together);\n\
             combine the parts' records with hex-arena merge",
        ),
        Opt::value("gtp-colors", "R,B", "GTP colour words for red and blue").default("black,white"),
        Opt::value(
            "gtp-swap",
            "MODE",
            "how GTP engines are told a swap: 'move' (play white\n\
             swap-pieces) or 'stone' (the swapped stone on the mirrored\n\
             cell as the first move; for MoHex)",
        )
        .default("move"),
        Opt::value("busy", "N", "keep N extra threads spinning during the match (load test)").default("0"),
        Opt::flag(
            "engine-stderr",
            "pass the engines' stderr through (default: keep a tail\nfor crash reports)",
        ),
        Opt::flag("quiet", "no per-game progress on stderr").short('q'),
        Opt::flag("verbose", "every move and its time on stderr").short('v'),
    ],
    trailing: false,
    notes: "",
};

/// A match as asked for on the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub engines: [EngineSpec; 2],
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

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Match(Box<Options>),
    Svg(SvgOptions),
    Sgf(SgfOptions),
    Merge(MergeOptions),
    Html(HtmlOptions),
    /// `--help`: the text to print.
    Help(String),
}

/// Parses an engine argument: optional `gtp:`/`gtp(SETUP):`/`cg:` prefix, then the command line.
/// `SETUP` is GTP commands separated by `;`, sent once to each started process (engine settings
/// such as `param_mohex max_games 1000`).
fn engine(text: &str) -> Result<(Protocol, Vec<String>, Vec<String>), String> {
    let mut setup = Vec::new();
    let (protocol, rest) = if let Some(rest) = text.strip_prefix("gtp:") {
        (Protocol::Gtp, rest)
    } else if let Some(rest) = text.strip_prefix("gtp(") {
        let (commands, rest) =
            rest.split_once("):").ok_or_else(|| format!("expected gtp(COMMANDS):ENGINE, found {text:?}"))?;
        setup = commands.split(';').map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect();
        (Protocol::Gtp, rest)
    } else {
        (Protocol::CodinGame, text.strip_prefix("cg:").unwrap_or(text))
    };
    let argv = split_words(rest)?;
    if argv.is_empty() {
        return Err(format!("empty engine command {text:?}"));
    }
    Ok((protocol, argv, setup))
}

/// A default name: the program's file name, without a `.py`-style extension; for an interpreter
/// (`python3 x.py`) the script's name.
fn default_name(argv: &[String]) -> String {
    let base = |word: &str| {
        let file = word.rsplit('/').next().unwrap_or(word);
        file.split('.').next().unwrap_or(file).to_string()
    };
    let program = base(&argv[0]);
    if program.starts_with("python") {
        if let Some(script) = argv[1..].iter().find(|w| !w.starts_with('-')) {
            return base(script);
        }
    }
    program
}

/// Names go into space-separated records: keep them to one word.
fn clean_name(name: &str) -> String {
    let name: String = name.chars().map(|c| if c.is_whitespace() || c == '=' { '_' } else { c }).collect();
    if name.is_empty() {
        "_".to_string()
    } else {
        name
    }
}

/// Parses a clock `FIRST/MOVE` in milliseconds.
fn clock(text: &str) -> Result<(Duration, Duration), String> {
    let bad = || format!("expected FIRST/MOVE in milliseconds (e.g. 1000/100), found {text:?}");
    let (first, per_move) = text.split_once('/').ok_or_else(bad)?;
    let first: u64 = first.parse().map_err(|_| bad())?;
    let per_move: u64 = per_move.parse().map_err(|_| bad())?;
    if first == 0 || per_move == 0 {
        return Err(bad());
    }
    Ok((Duration::from_millis(first), Duration::from_millis(per_move)))
}

/// Parses an opening list (see `--openings`).
pub fn openings(text: &str) -> Result<Vec<Cell>, String> {
    if text == "all" {
        return Ok(Cell::all().collect());
    }
    let content = match text.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        None => text.to_string(),
    };
    let cells = content
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| word.parse::<Cell>().map_err(|()| format!("{word:?} is not a cell a1..k11")))
        .collect::<Result<Vec<_>, _>>()?;
    if cells.is_empty() {
        return Err("no cells given".to_string());
    }
    Ok(cells)
}

/// Parses the arguments after the program name.
///
/// # Errors
/// A message naming the bad option or value.
pub fn parse(args: &[String]) -> Result<Command, String> {
    match args.first().map(String::as_str) {
        Some("svg") => return record_options::parse_svg(&args[1..]),
        Some("sgf") => return record_options::parse_sgf(&args[1..]),
        Some("merge") => return record_options::parse_merge(&args[1..]),
        Some("html") => return record_options::parse_html(&args[1..]),
        _ => {}
    }
    let args = match SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help(SPEC.help())),
        Parsed::Args(args) => args,
    };
    let seed = args.get("seed", "a number")?;
    let mut opening_list = args.parsed("openings", openings)?.unwrap_or_default();
    if args.flag("shuffle-openings") {
        shuffle_cells(&mut opening_list, seed);
    }
    let time = args.get_with("time", clock)?;
    let times =
        [args.parsed("time-a", clock)?.unwrap_or(time), args.parsed("time-b", clock)?.unwrap_or(time)];
    let lenient = [args.flag("lenient-a"), args.flag("lenient-b")];
    let names = [args.text("name-a").map(clean_name), args.text("name-b").map(clean_name)];
    let gtp_colors = args.get_with("gtp-colors", |text| {
        let (red, blue) = text
            .split_once(',')
            .filter(|(r, b)| !r.is_empty() && !b.is_empty() && r != b)
            .ok_or_else(|| format!("expected RED,BLUE (e.g. black,white), found {text:?}"))?;
        Ok((red.to_string(), blue.to_string()))
    })?;
    let stone_swap = match args.text("gtp-swap") {
        None | Some("move") => false,
        Some("stone") => true,
        Some(other) => return Err(format!("--gtp-swap: expected move or stone, found {other:?}")),
    };
    let gtp_colors = GtpColors { red: gtp_colors.0, blue: gtp_colors.1, stone_swap };
    if args.positional.len() != 2 {
        return Err(format!("expected two engines (ENGINE_A ENGINE_B), found {}", args.positional.len()));
    }
    let mut specs = Vec::new();
    for (side, text) in args.positional.iter().enumerate() {
        let (protocol, argv, setup) = engine(text)?;
        let name = names[side].clone().unwrap_or_else(|| clean_name(&default_name(&argv)));
        let (first_limit, move_limit) = times[side];
        let strict = args.flag("strict") && !lenient[side];
        specs.push(EngineSpec { name, protocol, argv, setup, first_limit, move_limit, strict });
    }
    if specs[0].name == specs[1].name && names == [None, None] {
        // The same program twice: name each after its first differing argument (`--engine uct`
        // versus `--engine rave` gives hex-baseline-uct and hex-baseline-rave).
        let differing = specs[0]
            .argv
            .iter()
            .zip(&specs[1].argv)
            .find(|(x, y)| x != y)
            .map(|(x, y)| (x.clone(), y.clone()));
        match differing {
            Some((x, y)) if !x.contains("{seed}") => {
                for (spec, word) in specs.iter_mut().zip([x, y]) {
                    let word = word.rsplit('/').next().unwrap_or(&word).to_string();
                    spec.name = clean_name(&format!("{}-{}", spec.name, word));
                }
            }
            _ => {}
        }
    }
    if specs[0].name == specs[1].name {
        specs[0].name.push_str("-a");
        specs[1].name.push_str("-b");
    }
    let engines: [EngineSpec; 2] = [specs.remove(0), specs.remove(0)];
    let default_games = if opening_list.is_empty() { 10 } else { 2 * opening_list.len() };
    let games = match args.optional::<usize>("games", "a number of games")? {
        Some(0) => return Err("--games: expected at least 1 game, found \"0\"".to_string()),
        Some(games) => games,
        None => default_games,
    };
    let sprt = sprt_option(&args)?;
    let shard = args.parsed("shard", Shard::parse)?;
    if sprt.is_some() && shard.is_some() {
        return Err("--sprt decides as games finish, a --shard plays a fixed part: use one".to_string());
    }
    Ok(Command::Match(Box::new(Options {
        engines,
        games,
        jobs: args.get_in("jobs", 1..=1024, "a number of jobs")?,
        seed,
        openings: opening_list,
        hard_limit: Duration::from_millis(args.get("hard-limit", "milliseconds")?),
        records: args.text("records").map(PathBuf::from),
        svg_dir: args.text("svg").map(PathBuf::from),
        sgf: args.text("sgf").map(PathBuf::from),
        html: args.text("html").map(PathBuf::from),
        sprt,
        shard,
        gtp_colors,
        busy: args.get("busy", "a number of threads")?,
        show_stderr: args.flag("engine-stderr"),
        quiet: args.flag("quiet"),
        verbose: args.flag("verbose"),
    })))
}

/// `--sprt ELO0,ELO1` with `--alpha` and `--beta`.
pub fn sprt_option(args: &Args) -> Result<Option<Sprt>, String> {
    let Some((h0, h1)) = args.parsed("sprt", stats::parse_hypotheses)? else { return Ok(None) };
    let alpha = args.get_with("alpha", stats::parse_error_rate)?;
    let beta = args.get_with("beta", stats::parse_error_rate)?;
    Ok(Some(Sprt { h0, h1, alpha, beta }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        split_words(text).unwrap()
    }

    #[test]
    fn a_match_parses_with_defaults_and_overrides() {
        let Command::Match(options) = parse(&args(
            "-n 4 -j 2 --strict --time-b 3000/2000 ./hex 'gtp:python3 crates/hex-tools/openspiel_gtp.py --seed {seed}'",
        ))
        .unwrap() else {
            panic!("not a match")
        };
        assert_eq!((options.games, options.jobs), (4, 2));
        assert!(options.engines[0].strict && options.engines[1].strict);
        let [a, b] = &options.engines;
        assert_eq!(
            (a.name.as_str(), a.protocol, a.move_limit),
            ("hex", Protocol::CodinGame, Duration::from_millis(100))
        );
        assert_eq!(
            (b.name.as_str(), b.protocol, b.first_limit),
            ("openspiel_gtp", Protocol::Gtp, Duration::from_secs(3))
        );
        assert_eq!(b.argv, ["python3", "crates/hex-tools/openspiel_gtp.py", "--seed", "{seed}"]);
        assert!(b.setup.is_empty());
        // Setup commands for a GTP engine.
        let Command::Match(options) = parse(&args(
            "a 'gtp(param_game allow_swap 1; param_mohex max_games 1000 ;):mohex --seed {seed}'",
        ))
        .unwrap() else {
            panic!()
        };
        let b = &options.engines[1];
        assert_eq!(b.protocol, Protocol::Gtp);
        assert_eq!(b.argv, ["mohex", "--seed", "{seed}"]);
        assert_eq!(b.setup, ["param_game allow_swap 1", "param_mohex max_games 1000"]);
        assert_eq!(b.name, "mohex");
        assert!(parse(&args("a 'gtp(x y'")).unwrap_err().contains("gtp(COMMANDS)"));
        assert!(!options.gtp_colors.stone_swap);
        let Command::Match(options) = parse(&args("--gtp-swap stone a b")).unwrap() else { panic!() };
        assert!(options.gtp_colors.stone_swap);
        assert!(parse(&args("--gtp-swap mirror a b")).unwrap_err().contains("--gtp-swap"));
        // Same program twice: names are told apart.
        let Command::Match(options) = parse(&args("--openings a1,b2 x x")).unwrap() else { panic!() };
        assert_eq!((options.engines[0].name.as_str(), options.engines[1].name.as_str()), ("x-a", "x-b"));
        assert_eq!(options.games, 4);
        assert!(!options.engines[0].strict);
        let Command::Match(options) = parse(&args("--strict --lenient-b a b")).unwrap() else { panic!() };
        assert!(options.engines[0].strict && !options.engines[1].strict);
        let Command::Match(options) = parse(&args("'x --engine uct' 'x --engine rave'")).unwrap() else {
            panic!()
        };
        assert_eq!((options.engines[0].name.as_str(), options.engines[1].name.as_str()), ("x-uct", "x-rave"));
        let Command::Match(options) = parse(&args("'x -c 0.35' 'x -c 0.7'")).unwrap() else { panic!() };
        assert_eq!((options.engines[0].name.as_str(), options.engines[1].name.as_str()), ("x-0.35", "x-0.7"));
    }

    #[test]
    fn bad_arguments_are_named() {
        assert!(parse(&args("a")).unwrap_err().contains("two engines"));
        assert!(parse(&args("--time 100 a b")).unwrap_err().contains("FIRST/MOVE"));
        assert!(parse(&args("--openings d5,z9 a b")).unwrap_err().contains("z9"));
        assert!(parse(&args("--frobnicate a b")).unwrap_err().contains("--frobnicate"));
        assert!(parse(&args("-n")).unwrap_err().contains("needs a value"));
        assert_eq!(openings("all").unwrap().len(), 121);
        assert!(parse(&args("--sprt 0 a b")).unwrap_err().contains("--sprt"));
        assert!(parse(&args("--sprt 0,5 --alpha 0.7 a b")).unwrap_err().contains("--alpha"));
        assert!(parse(&args("--sprt 0,5 --shard 1/2 a b")).unwrap_err().contains("use one"));
        assert!(parse(&args("--shard 3/2 a b")).unwrap_err().contains("--shard"));
        assert!(parse(&args("merge")).unwrap_err().contains("records files"));
        let Command::Match(options) = parse(&args("--sprt=-5,5 --beta 0.1 a b")).unwrap() else { panic!() };
        assert_eq!(options.sprt, Some(Sprt { h0: -5.0, h1: 5.0, alpha: 0.05, beta: 0.1 }));
        let Command::Merge(merge) = parse(&args("merge --sprt 0,5 x.txt y.txt")).unwrap() else { panic!() };
        assert_eq!(merge.records.len(), 2);
        assert!(merge.sprt.is_some());
    }
}
