//! `hex-arena`: the local referee for the CodinGame Hex bot.
//!
//! Plays N games between two engines (CodinGame-protocol bots or GTP engines) on the judge's clock,
//! or a tournament of many, enforcing every rule through the `hex` library, and prints a summary:
//! wins as red and as blue, win rate ± 2 standard errors, Elo difference with a 95% interval (a
//! tournament: the cross table and ratings fitted to all games), late/illegal/crash counts and the
//! measured answer times. See `crates/hex-tools/ARENA.md` and `hex-arena --help`.

mod commands;
mod engine;
mod engines;
mod html;
mod options;
mod play;
mod record;
mod record_options;
mod referee;
mod run;
mod seeds;
mod sgf;
mod svg;
mod tally;
mod tournament;
mod values;

use options::Cli;
use record_options::Sub;

fn main() {
    let cli: Cli = match_kit::command_line::parse();
    let result = match cli.command {
        Some(Sub::Svg(options)) => commands::run_svg(&options),
        Some(Sub::Sgf(options)) => commands::run_sgf(&options),
        Some(Sub::Merge(options)) => commands::run_merge(&options),
        Some(Sub::Html(options)) => commands::run_html(&options),
        None => match cli.run.options() {
            Ok(options) => run::run_match(&options),
            Err(error) => error.exit(),
        },
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
