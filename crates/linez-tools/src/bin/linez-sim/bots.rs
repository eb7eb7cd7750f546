//! The bots of a run: who plays (a program speaking the protocol, or an in-process player), under
//! which name, and the player that plays one game.

use std::time::Duration;

use linez::SplitMix64;
use linez::{Bot as LinezBot, Move};
use linez_tools::games_file::check_name;
use linez_tools::linez_baseline as baseline;
use match_kit::command_line::split_words;

use crate::player::{InProcess, Player, Subprocess};

/// The random baseline's generator seed, the same in process and in `linez-baseline` (its
/// default `--seed`), so that both give the same games.
pub const RANDOM_BASELINE_SEED: u64 = 1;

/// At most this many bots a run: their transcripts and pictures are told apart by a letter.
pub const MAX_BOTS: usize = 26;

/// Who plays a bot's games.
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
                std::iter::once(program).chain(args).cloned().collect::<Vec<_>>().join(" ")
            }
            PlayerSpec::Random => "random (in process)".to_string(),
            PlayerSpec::Greedy => "greedy (in process)".to_string(),
            PlayerSpec::Bot => "linez::Bot (in process)".to_string(),
        }
    }

    /// `random`, `greedy` or `linez` (in process), or a command line in one argument, split like
    /// a shell splits words.
    ///
    /// # Errors
    /// An empty command line or an unterminated quote.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        Ok(match text {
            "random" => PlayerSpec::Random,
            "greedy" => PlayerSpec::Greedy,
            "linez" => PlayerSpec::Bot,
            _ => match split_words(text)?.split_first() {
                Some((program, rest)) => PlayerSpec::Program(program.clone(), rest.to_vec()),
                None => return Err("expected random|greedy|linez or a command line".to_string()),
            },
        })
    }
}

/// One bot of the run: its name (in the output, the games file and the page) and its player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bot {
    pub name: Option<String>,
    pub spec: PlayerSpec,
}

impl Bot {
    /// `--compare`'s value: `[NAME=]BOT`. The text before the first `=` is a name when it holds no
    /// space (a command line's first word, the program, rarely holds a `=`; to run one that does,
    /// name it: `B=./odd=name`).
    ///
    /// # Errors
    /// A bad name or bot.
    pub fn parse(text: &str) -> Result<Bot, String> {
        if let Some((name, spec)) = text.split_once('=') {
            if !name.contains(char::is_whitespace) {
                check_name(name)?;
                return Ok(Bot { name: Some(name.to_string()), spec: PlayerSpec::parse(spec)? });
            }
        }
        Ok(Bot { name: None, spec: PlayerSpec::parse(text)? })
    }
}

/// The default name of the bot at `index`: `A`, `B`, ... (the first bot is the reference).
pub fn letter(index: usize) -> char {
    (b'A' + (index % MAX_BOTS) as u8) as char
}

/// A player for one game.
pub fn make_player(
    spec: &PlayerSpec,
    budget: Duration,
    move_units: Option<u64>,
) -> Result<Box<dyn Player>, String> {
    Ok(match spec {
        PlayerSpec::Program(program, args) => Box::new(
            Subprocess::spawn(program, args)
                .map_err(|error| format!("cannot start the bot {program:?}: {error}"))?,
        ),
        PlayerSpec::Random => {
            let mut rng = SplitMix64::new(RANDOM_BASELINE_SEED);
            Box::new(InProcess::new(move |game| baseline::random_move(game.board(), &mut rng).to_string()))
        }
        PlayerSpec::Greedy => {
            Box::new(InProcess::new(|game| baseline::greedy_move(game.board()).to_string()))
        }
        PlayerSpec::Bot => {
            let mut bot = match move_units {
                Some(units) => LinezBot::with_move_units(units),
                None => LinezBot::new(budget),
            };
            Box::new(InProcess::new(move |game| {
                let mv: Move = bot.choose(game.board(), game.next_three());
                mv.to_string()
            }))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compared_bots_are_named_or_not() {
        let bot = |text| Bot::parse(text).unwrap();
        assert_eq!(bot("greedy"), Bot { name: None, spec: PlayerSpec::Greedy });
        assert_eq!(bot("new=linez"), Bot { name: Some("new".into()), spec: PlayerSpec::Bot });
        let program =
            |p: &str, a: &[&str]| PlayerSpec::Program(p.into(), a.iter().map(|s| s.to_string()).collect());
        assert_eq!(bot("./b --w x=1"), Bot { name: None, spec: program("./b", &["--w", "x=1"]) });
        assert_eq!(bot("<i>&=./b --w x=1").name.as_deref(), Some("<i>&"));
        assert_eq!(bot("B=./odd=name").spec, program("./odd=name", &[]));
        for bad in ["", "x=", "+x=greedy", "1=greedy", "x='a"] {
            assert!(Bot::parse(bad).is_err(), "{bad:?}");
        }
    }
}
