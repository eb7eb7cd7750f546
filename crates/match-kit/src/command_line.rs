//! What every tool's command line shares, on `clap`: parsing with the usage in every error, and
//! an engine's command split into words.

use clap::error::{ContextKind, ContextValue};
use clap::{CommandFactory, Parser};

/// Parses the process's arguments as `P`; on an error prints it with the (sub)command's usage
/// ([`with_usage`]) and exits with clap's status (2; 0 for `--help` and `--version`).
pub fn parse<P: Parser>() -> P {
    P::try_parse().unwrap_or_else(|error| with_usage::<P>(error, std::env::args().nth(1)).exit())
}

/// `error` with the usage of the subcommand named `first` (the first argument), or of the whole
/// command, where clap leaves it out (a malformed or missing value), so that every error shows it.
pub fn with_usage<P: CommandFactory>(mut error: clap::Error, first: Option<String>) -> clap::Error {
    if error.use_stderr() && error.get(ContextKind::Usage).is_none() {
        let mut command = P::command();
        command.build();
        let usage =
            match first.and_then(|word| command.find_subcommand_mut(&word).map(|sub| sub.render_usage())) {
                Some(usage) => usage,
                None => command.render_usage(),
            };
        error.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
    }
    error
}

/// Splits an engine's command into words, as a shell would: whitespace separates, `'...'` and
/// `"..."` quote, `\` escapes the next character (outside single quotes).
///
/// # Errors
/// An unterminated quote or a trailing backslash.
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let (mut words, mut word, mut in_word) = (Vec::new(), String::new(), false);
    let mut chars = text.chars();
    let trailing = || format!("trailing \\ in {text:?}");
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some(end) if end == c => break,
                        Some('\\') if c == '"' => word.push(chars.next().ok_or_else(trailing)?),
                        Some(other) => word.push(other),
                        None => return Err(format!("unterminated {c} in {text:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next().ok_or_else(trailing)?);
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
    use clap::Parser;

    #[derive(Parser, Debug)]
    #[command(name = "tool")]
    struct Tool {
        /// A number.
        #[arg(long, default_value_t = 3)]
        games: u32,
    }

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_words(r#"./bot --x 'a b' "c \" d" e\ f ''"#).unwrap(),
            ["./bot", "--x", "a b", "c \" d", "e f", ""]
        );
        assert!(
            split_words("'open").is_err() && split_words("\"open").is_err() && split_words("end\\").is_err()
        );
    }

    #[test]
    fn every_error_names_the_option_and_shows_the_usage() {
        for args in [["tool", "--games", "x"], ["tool", "--gmaes", "1"], ["tool", "--games", ""]] {
            let error = with_usage::<Tool>(Tool::try_parse_from(args).unwrap_err(), None);
            let text = error.render().to_string();
            assert_eq!(error.exit_code(), 2, "{text}");
            assert!(text.contains("Usage: tool") && text.contains("--g"), "{text}");
        }
        let help = Tool::try_parse_from(["tool", "--help"]).unwrap_err();
        assert_eq!(with_usage::<Tool>(help, None).exit_code(), 0);
    }
}
