//! One small command-line parser for every tool: options declared once as data, from which both the
//! parsing and the `--help` text come.
//!
//! An option is a flag (`--strict`) or takes one value (`--games 10`, `-n 10`); values are read
//! with [`Args::get`] and friends, which fall back to the declared default and name the option in
//! every error: `--games: expected a number, found "x"`. Words that are not options are positional;
//! with [`Spec::trailing`] the first of them ends the options, so that a program and its own
//! arguments can follow (`linez-sim --seeds 1-5 ./bot --fast`). `--` always ends the options.
//! [`split_words`] splits a command line given in one argument (`'./bot --fast'`) like a shell.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// One option.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    /// The one-letter form, if any: `'n'` for `-n`.
    pub short: Option<char>,
    /// The long name without dashes: `"games"` for `--games`.
    pub long: &'static str,
    /// The value's name in the help (`"N"`), or `None` for a flag.
    pub value: Option<&'static str>,
    /// The value used when the option is not given, shown in the help.
    pub default: Option<&'static str>,
    /// One line (or a few) of help.
    pub help: &'static str,
}

impl Opt {
    /// A flag: present or not.
    pub const fn flag(long: &'static str, help: &'static str) -> Opt {
        Opt { short: None, long, value: None, default: None, help }
    }

    /// An option with a value and no default.
    pub const fn value(long: &'static str, value: &'static str, help: &'static str) -> Opt {
        Opt { short: None, long, value: Some(value), default: None, help }
    }

    /// The same option with a one-letter form.
    pub const fn short(self, short: char) -> Opt {
        Opt { short: Some(short), ..self }
    }

    /// The same option with a default value.
    pub const fn default(self, default: &'static str) -> Opt {
        Opt { default: Some(default), ..self }
    }
}

/// A command: its usage lines, what it does, its options, and how positional words are taken.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// `usage:` lines, e.g. `"hex-arena [OPTIONS] ENGINE_A ENGINE_B"`.
    pub usage: &'static [&'static str],
    /// What the command does (a paragraph).
    pub about: &'static str,
    pub options: &'static [Opt],
    /// If true, the first positional word ends the options (a program and its arguments follow).
    pub trailing: bool,
    /// Text after the options in the help (formats, examples); may be empty.
    pub notes: &'static str,
}

/// What a command line asked for.
#[derive(Debug)]
pub enum Parsed {
    /// `-h` or `--help`: print [`Spec::help`].
    Help,
    /// Options and positional words to run with.
    Args(Args),
}

/// The options given and the positional words.
#[derive(Debug)]
pub struct Args {
    spec: Spec,
    /// The value of each option of `spec.options`, in order (the last one given wins); `Some("")`
    /// for a flag that was given.
    given: Vec<Option<String>>,
    /// The words that are not options, in order.
    pub positional: Vec<String>,
}

impl Spec {
    /// The `--help` text.
    pub fn help(&self) -> String {
        let mut text = String::new();
        for (i, usage) in self.usage.iter().enumerate() {
            text.push_str(if i == 0 { "usage: " } else { "       " });
            text.push_str(usage);
            text.push('\n');
        }
        text.push('\n');
        text.push_str(self.about.trim_end());
        text.push_str("\n\noptions:\n");
        let names: Vec<String> = self.options.iter().map(option_names).collect();
        let width = names.iter().map(String::len).max().unwrap_or(0).max(10);
        for (option, names) in self.options.iter().zip(&names) {
            let mut help = option.help.to_string();
            if let Some(default) = option.default {
                help.push_str(&format!(" (default {default})"));
            }
            for (i, line) in help.lines().enumerate() {
                let left = if i == 0 { names.as_str() } else { "" };
                text.push_str(&format!("  {left:<width$}  {}\n", line.trim_start()));
            }
        }
        text.push_str(&format!("  {:<width$}  this text\n", "-h, --help"));
        if !self.notes.is_empty() {
            text.push('\n');
            text.push_str(self.notes.trim_end());
            text.push('\n');
        }
        text
    }

    /// Parses the arguments after the program name.
    ///
    /// # Errors
    /// An unknown option or an option without its value, as one line.
    pub fn parse(&self, args: &[String]) -> Result<Parsed, String> {
        let mut given = vec![None; self.options.len()];
        let mut positional = Vec::new();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            if word == "--" {
                positional.extend(words.by_ref().cloned());
                break;
            }
            if word == "-h" || word == "--help" {
                return Ok(Parsed::Help);
            }
            if !word.starts_with('-') || word.len() == 1 {
                positional.push(word.clone());
                if self.trailing {
                    positional.extend(words.by_ref().cloned());
                    break;
                }
                continue;
            }
            let (name, inline) = match word.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
                _ => (word.as_str(), None),
            };
            let index = self
                .options
                .iter()
                .position(|option| {
                    name.strip_prefix("--") == Some(option.long)
                        || option.short.is_some_and(|short| name == format!("-{short}"))
                })
                .ok_or_else(|| format!("unknown option {name} (see --help)"))?;
            let option = &self.options[index];
            given[index] = Some(match (option.value, inline) {
                (None, None) => String::new(),
                (None, Some(_)) => return Err(format!("--{} takes no value", option.long)),
                (Some(_), Some(value)) => value,
                (Some(metavar), None) => words
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("--{} needs a value {metavar}", option.long))?,
            });
        }
        Ok(Parsed::Args(Args { spec: *self, given, positional }))
    }
}

impl Spec {
    /// [`Spec::parse`] for a command that takes no positional words: on `--help` prints the help
    /// and exits with status 0.
    ///
    /// # Errors
    /// As [`Spec::parse`], or a positional word.
    pub fn options_or_help(&self, args: &[String]) -> Result<Args, String> {
        match self.parse(args)? {
            Parsed::Help => {
                print!("{}", self.help());
                std::process::exit(0);
            }
            Parsed::Args(args) => match args.positional.first() {
                Some(word) => Err(format!("unexpected argument {word:?} (see --help)")),
                None => Ok(args),
            },
        }
    }
}

/// `-n, --games N` or `    --strict`.
fn option_names(option: &Opt) -> String {
    let short = option.short.map_or("    ".to_string(), |c| format!("-{c}, "));
    match option.value {
        Some(value) => format!("{short}--{} {value}", option.long),
        None => format!("{short}--{}", option.long),
    }
}

impl Args {
    fn index(&self, long: &str) -> usize {
        self.spec
            .options
            .iter()
            .position(|option| option.long == long)
            .unwrap_or_else(|| panic!("--{long} is not an option of this command"))
    }

    /// Whether `--long` was given on the command line (a flag, or an option with its value; a
    /// default does not count).
    pub fn flag(&self, long: &str) -> bool {
        self.given[self.index(long)].is_some()
    }

    /// The text of `--long`: the value given, else the default, else `None`.
    pub fn text(&self, long: &str) -> Option<&str> {
        let index = self.index(long);
        self.given[index].as_deref().or(self.spec.options[index].default)
    }

    /// The value of `--long` parsed with `parse`, or `None` if it was neither given nor defaulted.
    ///
    /// # Errors
    /// `--long: expected WHAT, found "text"`, or the message `parse` returned, after `--long: `.
    pub fn parsed<T>(
        &self,
        long: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.text(long) {
            None => Ok(None),
            Some(text) => parse(text).map(Some).map_err(|message| format!("--{long}: {message}")),
        }
    }

    /// The value of `--long` parsed with `parse`; the option must have a default.
    ///
    /// # Errors
    /// As [`Args::parsed`].
    pub fn get_with<T>(
        &self,
        long: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        let value = self.parsed(long, parse)?;
        Ok(value.unwrap_or_else(|| panic!("--{long} has no default")))
    }

    /// The value of `--long` through [`FromStr`], or `None` if it was neither given nor defaulted.
    ///
    /// # Errors
    /// `--long: expected WHAT, found "text"`.
    pub fn optional<T: FromStr>(&self, long: &str, what: &str) -> Result<Option<T>, String> {
        self.parsed(long, |text| text.parse().map_err(|_| format!("expected {what}, found {text:?}")))
    }

    /// The value of `--long` through [`FromStr`]; the option must have a default.
    ///
    /// # Errors
    /// As [`Args::optional`].
    pub fn get<T: FromStr>(&self, long: &str, what: &str) -> Result<T, String> {
        self.get_with(long, |text| text.parse().map_err(|_| format!("expected {what}, found {text:?}")))
    }

    /// [`Args::get`] for a number in `range`.
    ///
    /// # Errors
    /// As [`Args::get`], or `--long: expected WHAT LOW..=HIGH, found "text"`.
    pub fn get_in<T: FromStr + PartialOrd + Display>(
        &self,
        long: &str,
        range: RangeInclusive<T>,
        what: &str,
    ) -> Result<T, String> {
        let what = format!("{what} {}..={}", range.start(), range.end());
        let value: T = self.get(long, &what)?;
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(format!("--{long}: expected {what}, found \"{value}\""))
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        usage: &["demo [OPTIONS] PROGRAM [ARGS...]"],
        about: "A demonstration.",
        options: &[
            Opt::value("games", "N", "games to play").short('n').default("10"),
            Opt::value("seed", "S", "master seed"),
            Opt::flag("strict", "a late answer loses"),
        ],
        trailing: true,
        notes: "",
    };

    fn parse(spec: &Spec, words: &[&str]) -> Result<Parsed, String> {
        spec.parse(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    }

    fn args(spec: &Spec, words: &[&str]) -> Args {
        match parse(spec, words) {
            Ok(Parsed::Args(args)) => args,
            other => panic!("{words:?}: {other:?}"),
        }
    }

    #[test]
    fn defaults_values_flags_and_trailing_words() {
        let a = args(&SPEC, &["./bot", "--fast", "-n", "3"]);
        assert_eq!(a.positional, ["./bot", "--fast", "-n", "3"]);
        assert_eq!(a.get::<usize>("games", "a number"), Ok(10));
        assert!(!a.flag("games") && !a.flag("strict"));
        assert_eq!(a.optional::<u64>("seed", "a seed"), Ok(None));
        let a = args(&SPEC, &["-n", "3", "--seed=7", "--strict", "--", "-x"]);
        assert_eq!(a.get::<usize>("games", "a number"), Ok(3));
        assert_eq!(a.optional::<u64>("seed", "a seed"), Ok(Some(7)));
        assert!(a.flag("strict") && a.flag("games"));
        assert_eq!(a.positional, ["-x"]);
        let spread = Spec { trailing: false, ..SPEC };
        assert_eq!(args(&spread, &["a", "--strict", "b"]).positional, ["a", "b"]);
    }

    #[test]
    fn errors_name_the_option() {
        assert_eq!(parse(&SPEC, &["--bogus"]).unwrap_err(), "unknown option --bogus (see --help)");
        assert_eq!(parse(&SPEC, &["-n"]).unwrap_err(), "--games needs a value N");
        assert_eq!(parse(&SPEC, &["--strict=1"]).unwrap_err(), "--strict takes no value");
        let a = args(&SPEC, &["-n", "x"]);
        assert_eq!(
            a.get::<usize>("games", "a number").unwrap_err(),
            "--games: expected a number, found \"x\""
        );
        let a = args(&SPEC, &["-n", "0"]);
        assert_eq!(
            a.get_in("games", 1..=5usize, "a count").unwrap_err(),
            "--games: expected a count 1..=5, found \"0\""
        );
        assert!(matches!(parse(&SPEC, &["-n", "2", "--help"]), Ok(Parsed::Help)));
    }

    #[test]
    fn help_lists_every_option_with_its_default() {
        let help = SPEC.help();
        assert!(help.starts_with("usage: demo [OPTIONS] PROGRAM [ARGS...]\n\nA demonstration.\n"), "{help}");
        assert!(help.contains("  -n, --games N  games to play (default 10)\n"), "{help}");
        assert!(help.contains("      --strict   a late answer loses\n"), "{help}");
        assert!(help.contains("  -h, --help     this text\n"), "{help}");
    }

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(split_words("a  'b c' \"d\\\"e\" f\\ g").unwrap(), ["a", "b c", "d\"e", "f g"]);
        assert_eq!(split_words("''").unwrap(), [""]);
        assert!(split_words("'open").is_err());
    }
}
