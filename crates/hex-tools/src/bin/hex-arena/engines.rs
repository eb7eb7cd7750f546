//! The engines of a match or a tournament as the command line gives them: an engine's command line
//! (`gtp:`, `gtp(SETUP):` or `cg:` and the words), its name, the `--engines` file, and the pairings
//! a tournament plays.

use crate::engine::Protocol;
use clap::ValueEnum;
use match_kit::command_line::split_words;
use std::path::Path;

/// Parses an engine argument: optional `gtp:`/`gtp(SETUP):`/`cg:` prefix, then the command line.
/// `SETUP` is GTP commands separated by `;`, sent once to each started process (engine settings
/// such as `param_mohex max_games 1000`).
///
/// # Errors
/// A malformed prefix, bad quoting, or no command.
pub fn parse_engine(text: &str) -> Result<(Protocol, Vec<String>, Vec<String>), String> {
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
pub fn default_name(argv: &[String]) -> String {
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
pub fn clean_name(name: &str) -> String {
    let name: String = name.chars().map(|c| if c.is_whitespace() || c == '=' { '_' } else { c }).collect();
    if name.is_empty() {
        "_".to_string()
    } else {
        name
    }
}

/// The two engines' names of a two-engine match: the given ones, or told apart when the same
/// program is given twice (`--engine uct` versus `--engine rave` gives `hex-baseline-uct` and
/// `hex-baseline-rave`; otherwise `-a` and `-b`).
pub fn match_names(argvs: [&[String]; 2], given: [Option<&str>; 2]) -> [String; 2] {
    let mut names = [0, 1].map(|i| given[i].map_or_else(|| clean_name(&default_name(argvs[i])), clean_name));
    if names[0] == names[1] && given == [None, None] {
        let differing = argvs[0].iter().zip(argvs[1]).find(|(x, y)| x != y);
        if let Some((x, y)) = differing.filter(|(x, _)| !x.contains("{seed}")) {
            for (name, word) in names.iter_mut().zip([x, y]) {
                let word = word.rsplit('/').next().unwrap_or(word);
                *name = clean_name(&format!("{name}-{word}"));
            }
        }
    }
    if names[0] == names[1] {
        names[0].push_str("-a");
        names[1].push_str("-b");
    }
    names
}

/// A tournament's engines, `(NAME, CMD)`, one value to clap.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineList(pub Vec<(String, String)>);

/// `--engines FILE`: one engine a line, `NAME CMD` (blank lines and lines starting with `#`
/// skipped); the file may be gzip.
///
/// # Errors
/// The file cannot be read, or a line has no command or a malformed one (its line named).
pub fn engines_file(text: &str) -> Result<EngineList, String> {
    let content = match_kit::files::read_text(Path::new(text))?;
    let mut engines = Vec::new();
    for (number, line) in content.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, command) = line
            .split_once(char::is_whitespace)
            .map(|(n, c)| (n.to_string(), c.trim().to_string()))
            .filter(|(_, c)| !c.is_empty())
            .ok_or_else(|| format!("{text} line {}: expected NAME CMD", number + 1))?;
        parse_engine(&command).map_err(|e| format!("{text} line {}: {e}", number + 1))?;
        engines.push((name, command));
    }
    Ok(EngineList(engines))
}

/// How a tournament pairs its engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Tournament {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

impl Tournament {
    /// The pairings of `n` engines, each `[A, B]` (A red in the pairing's odd games): in a round
    /// robin (0,1), (0,2), ..., (1,2), ...; in a gauntlet (0,1), (0,2), ...
    pub fn pairings(self, n: usize) -> Vec<[usize; 2]> {
        match self {
            Tournament::RoundRobin => (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect(),
            Tournament::Gauntlet => (1..n).map(|b| [0, b]).collect(),
        }
    }

    /// `round robin`, `gauntlet`.
    pub fn as_str(self) -> &'static str {
        match self {
            Tournament::RoundRobin => "round robin",
            Tournament::Gauntlet => "gauntlet",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        split_words(text).unwrap()
    }

    #[test]
    fn engines_parse_and_are_named() {
        let (protocol, argv, setup) =
            parse_engine("gtp(param_game allow_swap 1; param_mohex max_games 1000 ;):mohex --seed {seed}")
                .unwrap();
        assert_eq!(protocol, Protocol::Gtp);
        assert_eq!(argv, ["mohex", "--seed", "{seed}"]);
        assert_eq!(setup, ["param_game allow_swap 1", "param_mohex max_games 1000"]);
        assert!(parse_engine("gtp(x y").unwrap_err().contains("gtp(COMMANDS)"));
        assert!(parse_engine("  ").is_err());
        assert_eq!(default_name(&words("python3 -u crates/x/openspiel_gtp.py --seed 1")), "openspiel_gtp");
        let name = |a: &str, b: &str| match_names([&words(a), &words(b)], [None, None]);
        assert_eq!(name("x", "x"), ["x-a", "x-b"]);
        assert_eq!(name("x --engine uct", "x --engine rave"), ["x-uct", "x-rave"]);
        assert_eq!(name("x -c 0.35", "x -c 0.7"), ["x-0.35", "x-0.7"]);
        assert_eq!(name("./hex", "y"), ["hex", "y"]);
        assert_eq!(match_names([&words("x"), &words("x")], [Some("my bot"), None]), ["my_bot", "x"]);
    }

    #[test]
    fn pairings_of_a_round_robin_and_a_gauntlet() {
        assert_eq!(Tournament::RoundRobin.pairings(4), [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
        assert_eq!(Tournament::Gauntlet.pairings(4), [[0, 1], [0, 2], [0, 3]]);
    }
}
