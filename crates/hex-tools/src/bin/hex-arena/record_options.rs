//! The command lines of the subcommands on records files (plain or gzip): `svg`, `sgf`, `merge`
//! and `html`.

use crate::values::SprtArgs;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Sub {
    /// Renders game N (default: the first) of a records file as an SVG picture
    Svg(SvgOptions),
    /// Writes the games of records files as SGF (FF[4] GM[11], as HexGui reads them)
    Sgf(SgfOptions),
    /// Combines the records files of a match's or a tournament's shards (--shard K/N) into the
    /// summary the whole run prints
    #[command(long_about = "\
Combines the records files of a match's or a tournament's shards (--shard K/N) into the summary
the whole run prints (its first line names the engines without their clocks, which records do not
hold). Records of more than two engines are a tournament: the cross table and the ratings. With
--sprt, the LLR of all the games.")]
    Merge(MergeOptions),
    /// Writes the games of records files as one page to open in a browser
    #[command(long_about = "\
Writes the games of records files (a match's, a tournament's, or their shards') as one page to
open in a browser: the summary (a tournament's cross table and ratings), a table of games that
sorts and filters, and each game move by move with the engines' win estimates and answer times.
The page is self-contained (the records are in it).")]
    Html(HtmlOptions),
}

/// `hex-arena svg` arguments.
#[derive(Args, Clone, Debug)]
pub struct SvgOptions {
    /// The game number in the records [default: the first]
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Where to write the picture [default: stdout]
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The records file (plain or gzip)
    #[arg(value_name = "RECORDS")]
    pub records: PathBuf,
}

/// `hex-arena sgf` arguments.
#[derive(Args, Clone, Debug)]
pub struct SgfOptions {
    /// Where to write the SGF (gzip where FILE ends in .gz) [default: stdout]
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Records files (plain or gzip)
    #[arg(value_name = "RECORDS", required = true)]
    pub records: Vec<PathBuf>,
}

/// `hex-arena merge` arguments.
#[derive(Args, Clone, Debug)]
pub struct MergeOptions {
    #[command(flatten)]
    pub sprt: SprtArgs,
    /// Records files (plain or gzip)
    #[arg(value_name = "RECORDS", required = true)]
    pub records: Vec<PathBuf>,
}

/// `hex-arena html` arguments.
#[derive(Args, Clone, Debug)]
pub struct HtmlOptions {
    /// Where to write the page
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Records files (plain or gzip)
    #[arg(value_name = "RECORDS", required = true)]
    pub records: Vec<PathBuf>,
}
