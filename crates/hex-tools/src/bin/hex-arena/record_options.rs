//! The command lines of the subcommands on records files: `svg`, `sgf`, `merge` and `html`.

use crate::options::{sprt_option, Command};
use match_kit::cli::{Args, Opt, Parsed, Spec};
use match_kit::stats::Sprt;
use std::path::PathBuf;

/// The `svg` subcommand's command line.
pub const SVG_SPEC: Spec = Spec {
    usage: &["hex-arena svg [--game N] [-o FILE] RECORDS"],
    about: "Renders game N (default: the first) of a records file to FILE (default stdout).",
    options: &[
        Opt::value("game", "N", "the game number in the records"),
        Opt::value("output", "FILE", "where to write the picture").short('o'),
    ],
    trailing: false,
    notes: "",
};

/// The `sgf` subcommand's command line.
pub const SGF_SPEC: Spec = Spec {
    usage: &["hex-arena sgf [-o FILE] RECORDS..."],
    about: "Writes the games of records files as SGF (FF[4] GM[11], as HexGui reads them) to FILE (default stdout).",
    options: &[Opt::value("output", "FILE", "where to write the SGF").short('o')],
    trailing: false,
    notes: "",
};

/// The `merge` subcommand's command line.
pub const MERGE_SPEC: Spec = Spec {
    usage: &["hex-arena merge [--sprt ELO0,ELO1 [--alpha A] [--beta B]] RECORDS..."],
    about: "\
Combines the records files of a match's shards (--shard K/N) into the summary the whole match
prints (its first line names the engines without their clocks, which records do not hold). With
--sprt, the LLR of all the games.",
    options: &[
        Opt::value("sprt", "ELO0,ELO1", "also the LLR of the test of ELO0 against ELO1"),
        Opt::value("alpha", "A", "--sprt false-positive rate").default("0.05"),
        Opt::value("beta", "B", "--sprt false-negative rate").default("0.05"),
    ],
    trailing: false,
    notes: "",
};

/// `hex-arena svg` arguments.
#[derive(Clone, Debug)]
pub struct SvgOptions {
    pub records: PathBuf,
    pub game: Option<usize>,
    pub output: Option<PathBuf>,
}

/// `hex-arena sgf` arguments.
#[derive(Clone, Debug)]
pub struct SgfOptions {
    pub records: Vec<PathBuf>,
    pub output: Option<PathBuf>,
}

/// `hex-arena merge` arguments.
#[derive(Clone, Debug)]
pub struct MergeOptions {
    pub records: Vec<PathBuf>,
    pub sprt: Option<Sprt>,
}

pub fn parse_svg(args: &[String]) -> Result<Command, String> {
    let args = match SVG_SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help(SVG_SPEC.help())),
        Parsed::Args(args) => args,
    };
    let records = match &args.positional[..] {
        [records] => PathBuf::from(records),
        [] => return Err("svg: expected a records file".to_string()),
        [_, extra, ..] => return Err(format!("svg: unexpected argument {extra:?}")),
    };
    Ok(Command::Svg(SvgOptions {
        records,
        game: args.optional("game", "a game number")?,
        output: args.text("output").map(PathBuf::from),
    }))
}

/// The records files named after a subcommand's options.
fn record_files(command: &str, args: &Args) -> Result<Vec<PathBuf>, String> {
    if args.positional.is_empty() {
        return Err(format!("{command}: expected records files"));
    }
    Ok(args.positional.iter().map(PathBuf::from).collect())
}

pub fn parse_sgf(args: &[String]) -> Result<Command, String> {
    let args = match SGF_SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help(SGF_SPEC.help())),
        Parsed::Args(args) => args,
    };
    Ok(Command::Sgf(SgfOptions {
        records: record_files("sgf", &args)?,
        output: args.text("output").map(PathBuf::from),
    }))
}

pub fn parse_merge(args: &[String]) -> Result<Command, String> {
    let args = match MERGE_SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help(MERGE_SPEC.help())),
        Parsed::Args(args) => args,
    };
    Ok(Command::Merge(MergeOptions { records: record_files("merge", &args)?, sprt: sprt_option(&args)? }))
}

/// `hex-arena html` arguments.
#[derive(Clone, Debug)]
pub struct HtmlOptions {
    pub records: Vec<PathBuf>,
    pub output: PathBuf,
}

/// The `html` subcommand's command line.
pub const HTML_SPEC: Spec = Spec {
    usage: &["hex-arena html -o FILE RECORDS..."],
    about: "\
Writes the games of records files (a match's, or its shards') as one page to open in a browser:
the summary, a table of games that sorts and filters, and each game move by move with the
engines' win estimates and answer times. The page is self-contained (the records are in it).",
    options: &[Opt::value("output", "FILE", "where to write the page").short('o')],
    trailing: false,
    notes: "",
};

pub fn parse_html(args: &[String]) -> Result<Command, String> {
    let args = match HTML_SPEC.parse(args)? {
        Parsed::Help => return Ok(Command::Help(HTML_SPEC.help())),
        Parsed::Args(args) => args,
    };
    let output = args.text("output").map(PathBuf::from).ok_or("html: expected -o FILE")?;
    Ok(Command::Html(HtmlOptions { records: record_files("html", &args)?, output }))
}
