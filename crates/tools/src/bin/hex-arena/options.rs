//! Command-line parsing (std only).

use crate::engine::{EngineSpec, GtpColors, Protocol};
use hex::Cell;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
usage: hex-arena [OPTIONS] ENGINE_A ENGINE_B
       hex-arena svg [--game N] [-o FILE] RECORDS

Plays games of 11x11 Hex (swap rule) between two engines and reports the result.

ENGINE is a command line in one argument, e.g. 'target/release/hex' or
'gtp:python3 crates/tools/hex/openspiel_gtp.py --seed {seed}'. Prefix gtp: for a GTP engine
(boardsize/clear_board/play/genmove); cg: or no prefix for a CodinGame-protocol bot
(a fresh process per game). {seed} is replaced by the game's seed.

Options:
  -n, --games N          games to play (default 10; with --openings, 2 per opening)
  -j, --jobs N           games played in parallel (default 1)
      --seed S           master seed: per-game seeds and opening order (default 1)
      --openings LIST    forced red first moves, each played with both colour
                         assignments: comma-separated cells (d5,f6), 'all' (121
                         cells), or @FILE (cells separated by spaces/commas/lines)
      --shuffle-openings shuffle the opening list with the seed
      --strict           a late answer loses, as on CodinGame
      --lenient-a, --lenient-b   with --strict: that engine's late answers are only
                         counted (e.g. a slow reference opponent)
      --time FIRST/MOVE  clock in ms for both engines (default 1000/100)
      --time-a FIRST/MOVE, --time-b FIRST/MOVE   clock of one engine
      --hard-limit MS    an engine silent this long loses, strict or not (default 10000)
      --name-a NAME, --name-b NAME   names in the summary and records
      --records FILE     write one line per game (see ARENA.md for the format)
      --svg DIR          write DIR/game-NNN.svg, a picture of each finished game
      --gtp-colors R,B   GTP colour words for red and blue (default black,white)
      --busy N           keep N extra threads spinning during the match (load test)
      --engine-stderr    pass the engines' stderr through (default: keep a tail
                         for crash reports)
  -q, --quiet            no per-game progress on stderr
  -v, --verbose          every move and its time on stderr
  -h, --help             this text

svg: renders game N (default: the first) of a records file to FILE (default stdout).";

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
    pub gtp_colors: GtpColors,
    pub busy: usize,
    pub show_stderr: bool,
    pub quiet: bool,
    pub verbose: bool,
}

/// `hex-arena svg` arguments.
#[derive(Clone, Debug)]
pub struct SvgOptions {
    pub records: PathBuf,
    pub game: Option<usize>,
    pub output: Option<PathBuf>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Match(Box<Options>),
    Svg(SvgOptions),
    Help,
}

/// Splits a command line into words: whitespace separates, `'...'` and `"..."` quote, `\` escapes
/// the next character (outside single quotes).
///
/// # Errors
/// An unterminated quote or a trailing backslash.
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated ' in {text:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => {
                            word.push(chars.next().ok_or_else(|| format!("trailing \\ in {text:?}"))?)
                        }
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated \" in {text:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next().ok_or_else(|| format!("trailing \\ in {text:?}"))?);
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Parses an engine argument: optional `gtp:`/`cg:` prefix, then the command line.
fn engine(text: &str) -> Result<(Protocol, Vec<String>), String> {
    let (protocol, rest) = if let Some(rest) = text.strip_prefix("gtp:") {
        (Protocol::Gtp, rest)
    } else {
        (Protocol::CodinGame, text.strip_prefix("cg:").unwrap_or(text))
    };
    let argv = split_words(rest)?;
    if argv.is_empty() {
        return Err(format!("empty engine command {text:?}"));
    }
    Ok((protocol, argv))
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

fn clock(text: &str, option: &str) -> Result<(Duration, Duration), String> {
    let bad = || format!("{option} expects FIRST/MOVE in milliseconds (e.g. 1000/100), found {text:?}");
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
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| format!("--openings: cannot read {path}: {e}"))?
        }
        None => text.to_string(),
    };
    let cells = content
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| word.parse::<Cell>().map_err(|()| format!("--openings: {word:?} is not a cell a1..k11")))
        .collect::<Result<Vec<_>, _>>()?;
    if cells.is_empty() {
        return Err("--openings: no cells given".to_string());
    }
    Ok(cells)
}

fn number<T: std::str::FromStr>(value: &str, option: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("{option} expects a number, found {value:?}"))
}

/// Parses the arguments after the program name.
///
/// # Errors
/// A message naming the bad option or value.
pub fn parse(args: &[String]) -> Result<Command, String> {
    if args.first().map(String::as_str) == Some("svg") {
        return parse_svg(&args[1..]);
    }
    let mut positional = Vec::new();
    let mut games = None;
    let mut jobs = 1;
    let mut seed = 1;
    let mut opening_list = Vec::new();
    let mut shuffle = false;
    let mut strict = false;
    let mut lenient = [false, false];
    let mut time = (Duration::from_millis(1000), Duration::from_millis(100));
    let mut time_ab = [None, None];
    let mut hard_limit = Duration::from_millis(10_000);
    let mut names = [None, None];
    let mut records = None;
    let mut svg_dir = None;
    let mut gtp_colors = GtpColors { red: "black".into(), blue: "white".into() };
    let mut busy = 0;
    let mut show_stderr = false;
    let mut quiet = false;
    let mut verbose = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |option: &str| iter.next().cloned().ok_or_else(|| format!("{option} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-n" | "--games" => {
                let n: usize = number(&value(arg)?, arg)?;
                if n == 0 {
                    return Err(format!("{arg} must be at least 1"));
                }
                games = Some(n);
            }
            "-j" | "--jobs" => {
                jobs = number(&value(arg)?, arg)?;
                if jobs == 0 {
                    return Err(format!("{arg} must be at least 1"));
                }
            }
            "--seed" => seed = number(&value(arg)?, arg)?,
            "--openings" => opening_list = openings(&value(arg)?)?,
            "--shuffle-openings" => shuffle = true,
            "--strict" => strict = true,
            "--lenient-a" => lenient[0] = true,
            "--lenient-b" => lenient[1] = true,
            "--time" => time = clock(&value(arg)?, arg)?,
            "--time-a" => time_ab[0] = Some(clock(&value(arg)?, arg)?),
            "--time-b" => time_ab[1] = Some(clock(&value(arg)?, arg)?),
            "--hard-limit" => hard_limit = Duration::from_millis(number(&value(arg)?, arg)?),
            "--name-a" => names[0] = Some(clean_name(&value(arg)?)),
            "--name-b" => names[1] = Some(clean_name(&value(arg)?)),
            "--records" => records = Some(PathBuf::from(value(arg)?)),
            "--svg" => svg_dir = Some(PathBuf::from(value(arg)?)),
            "--gtp-colors" => {
                let text = value(arg)?;
                let (red, blue) = text
                    .split_once(',')
                    .filter(|(r, b)| !r.is_empty() && !b.is_empty() && r != b)
                    .ok_or_else(|| {
                        format!("--gtp-colors expects RED,BLUE (e.g. black,white), found {text:?}")
                    })?;
                gtp_colors = GtpColors { red: red.to_string(), blue: blue.to_string() };
            }
            "--busy" => busy = number(&value(arg)?, arg)?,
            "--engine-stderr" => show_stderr = true,
            "-q" | "--quiet" => quiet = true,
            "-v" | "--verbose" => verbose = true,
            other if other.starts_with('-') && other.len() > 1 => {
                return Err(format!("unknown option {other}"))
            }
            _ => positional.push(arg.clone()),
        }
    }
    if positional.len() != 2 {
        return Err(format!("expected two engines (ENGINE_A ENGINE_B), found {}", positional.len()));
    }
    if shuffle {
        shuffle_cells(&mut opening_list, seed);
    }
    let mut specs = Vec::new();
    for (side, text) in positional.iter().enumerate() {
        let (protocol, argv) = engine(text)?;
        let name = names[side].clone().unwrap_or_else(|| clean_name(&default_name(&argv)));
        let (first_limit, move_limit) = time_ab[side].unwrap_or(time);
        let strict = strict && !lenient[side];
        specs.push(EngineSpec { name, protocol, argv, first_limit, move_limit, strict });
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
    let games = games.unwrap_or(if opening_list.is_empty() { 10 } else { 2 * opening_list.len() });
    Ok(Command::Match(Box::new(Options {
        engines,
        games,
        jobs,
        seed,
        openings: opening_list,
        hard_limit,
        records,
        svg_dir,
        gtp_colors,
        busy,
        show_stderr,
        quiet,
        verbose,
    })))
}

fn parse_svg(args: &[String]) -> Result<Command, String> {
    let mut records = None;
    let mut game = None;
    let mut output = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |option: &str| iter.next().cloned().ok_or_else(|| format!("{option} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--game" => game = Some(number(&value(arg)?, arg)?),
            "-o" | "--output" => output = Some(PathBuf::from(value(arg)?)),
            other if other.starts_with('-') && other.len() > 1 => {
                return Err(format!("unknown option {other}"))
            }
            _ if records.is_none() => records = Some(PathBuf::from(arg)),
            _ => return Err(format!("svg: unexpected argument {arg:?}")),
        }
    }
    let records = records.ok_or("svg: expected a records file")?;
    Ok(Command::Svg(SvgOptions { records, game, output }))
}

/// SplitMix64: the per-game seeds and the opening shuffle.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` (0-based) in a match with master seed `seed`; small enough for any
/// engine's seed option (below 2^31).
pub fn game_seed(seed: u64, index: usize) -> u64 {
    let mut state = seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut state) >> 33
}

fn shuffle_cells(cells: &mut [Cell], seed: u64) {
    let mut state = seed;
    for i in (1..cells.len()).rev() {
        let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        split_words(text).unwrap()
    }

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(args("a  'b c' \"d\\\"e\" f\\ g"), ["a", "b c", "d\"e", "f g"]);
        assert_eq!(args("''"), [""]);
        assert!(split_words("'open").is_err());
    }

    #[test]
    fn a_match_parses_with_defaults_and_overrides() {
        let Command::Match(options) = parse(&args(
            "-n 4 -j 2 --strict --time-b 3000/2000 ./hex 'gtp:python3 crates/tools/hex/openspiel_gtp.py --seed {seed}'",
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
        assert_eq!(b.argv, ["python3", "crates/tools/hex/openspiel_gtp.py", "--seed", "{seed}"]);
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
    }

    #[test]
    fn seeds_are_fixed_and_distinct() {
        let seeds: Vec<u64> = (0..100).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds, (0..100).map(|i| game_seed(1, i)).collect::<Vec<_>>());
        let mut unique = seeds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 100);
        assert!(seeds.iter().all(|&s| s < 1 << 31));
    }
}
