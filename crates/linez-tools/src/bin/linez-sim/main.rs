//! `linez-sim`: the seeded Linez simulator. Generates games from seeds exactly as the spec says,
//! plays them with bot processes (the protocol) or in-process players, one bot or several on the
//! same seeds, enforces legality, the thinking budget and the end of the game, and reports per-game
//! lines, a summary and the bots' paired table. Options and output format:
//! `crates/linez-tools/SIM.md` or `linez-sim --help`.

mod bots;
mod cli;
mod html;
mod play;
mod player;
mod run;
mod svg;
mod tally;

use cli::Command;

/// Prints one line on stdout; if stdout is gone (e.g. `linez-sim ... | head`), stops quietly
/// instead of panicking.
pub fn say(line: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    if writeln!(std::io::stdout().lock(), "{line}").is_err() {
        std::process::exit(0);
    }
}

/// `println!` through [`say`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => { $crate::say(format_args!($($arg)*)) };
}

fn main() {
    // --help (exit 0) and bad command lines (exit 2, the option named, with the usage) alike.
    let command = cli::parse(std::env::args()).unwrap_or_else(|error| cli::exit(error));
    let done = match command {
        Command::Merge(files) => tally::merge(&files).map(|(_, summary)| say!("{}", summary.trim_end())),
        Command::Html(page, files) => {
            tally::merge(&files).and_then(|(games, summary)| html::write(&page, &games, &summary))
        }
        Command::Run(config) => run::run(&config),
    };
    if let Err(message) = done {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
