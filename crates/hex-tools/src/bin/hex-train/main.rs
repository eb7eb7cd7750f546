//! `hex-train`: fits the Hex bot's learned knowledge, the two tables the bot ships.
//!
//! * `hex-train patterns`: the shape weights of the bot's move prior ([`hex::ShapeFeatures`],
//!   `crates/hex/src/shape_table.rs`) from the moves of game records (MoHex playing itself:
//!   `crates/hex/data/mohex-selfplay/`);
//! * `hex-train balance`: the playouts' means against the teacher's values (simulation balancing's
//!   measure), and with `--fit` the playouts' local-answer weights fitted to them
//!   (`crates/hex/src/playout_table.rs`, from the labels in `crates/hex/data/labels/`).
//!
//! The commands that rebuild both tables byte for byte are in crates/hex/README.md and
//! crates/hex-tools/README.md; the measurements behind them in crates/hex/RESULTS.md.

mod balance;
mod labels;
mod observations;
mod patterns;

use clap::builder::RangedU64ValueParser;
use clap::{Args, Parser, Subcommand};
use hex_tools::hex_record::read_files;
use std::path::PathBuf;

/// Fits the Hex bot's shape table and playout table to game records and labelled positions.
#[derive(Parser)]
#[command(name = "hex-train")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Patterns(PatternsArgs),
    Balance(BalanceArgs),
}

/// Fits the move prior's shape table to the moves of game records
///
/// Fits the shape weights to the moves in RECORDS (hex-arena record files, plain or gzip) by
/// minorization-maximization, holding out every tenth game, and writes the packed table.
#[derive(Args)]
struct PatternsArgs {
    /// Learn only the moves of engines whose name starts with NAME
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Keep the 12-cell shapes chosen at least N times
    #[arg(long, value_name = "N", default_value_t = 5)]
    min_wins: usize,
    /// Keep at most N 12-cell shapes
    #[arg(long, value_name = "N", default_value_t = 3000)]
    max_shapes: usize,
    /// Minorization-maximization rounds
    #[arg(long, value_name = "N", default_value_t = 30)]
    iterations: usize,
    /// The packed table (gzip where the name ends .gz)
    #[arg(long, value_name = "FILE", default_value = "crates/hex/src/shape_table.rs")]
    out: PathBuf,
    /// hex-arena record files
    #[arg(value_name = "RECORDS", required = true)]
    records: Vec<PathBuf>,
}

/// Measures the playouts against the teacher's values, or fits the playout table to them (--fit)
///
/// Measures the playouts against the teacher (simulation balancing's measure): for the unproven
/// positions of the held-out games (game % 10 == 9) in LABELS (label files, plain or gzip), the
/// mean outcome of --playouts playouts under each setting against the labelled search value: bias,
/// error, correlation and cross-entropy against the real outcome, overall and by stones on the
/// board. With --fit, fits the local answers' weights by simulation balancing instead.
#[derive(Args)]
struct BalanceArgs {
    /// Playouts a position and setting
    #[arg(long, value_name = "N", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    playouts: u32,
    /// Comma-separated: G/M (local answers, every cell weighing G, the first M moves), bridges,
    /// uniform
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "0.64/30,bridges,uniform",
          value_parser = balance::Setting::parse)]
    settings: Vec<balance::Setting>,
    /// The playouts' seed (common to the settings)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// At most N held-out positions
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Fit the local answers' weights by simulation balancing for EPOCHS (the first setting)
    #[arg(long, value_name = "EPOCHS")]
    fit: Option<usize>,
    /// --fit: the step size
    #[arg(long, value_name = "R", default_value_t = 1.0)]
    rate: f64,
    /// --fit: positions a step
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    batch: usize,
    /// --fit: at most N training positions
    #[arg(long, value_name = "N")]
    train_limit: Option<usize>,
    /// --fit: write the fitted weights as the bot's playout table here
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    /// Label files
    #[arg(value_name = "LABELS", required = true)]
    labels: Vec<PathBuf>,
}

fn run_patterns(args: PatternsArgs) -> Result<(), String> {
    let options = patterns::Options {
        player: args.player,
        min_wins: args.min_wins,
        max_shapes: args.max_shapes,
        iterations: args.iterations,
        out: args.out,
    };
    patterns::run(&options, &read_files(&args.records)?)
}

fn run_balance(args: BalanceArgs) -> Result<(), String> {
    let options = balance::Options {
        playouts: args.playouts,
        settings: args.settings,
        seed: args.seed,
        limit: args.limit.unwrap_or(usize::MAX),
    };
    let labels = labels::read_labels(&args.labels)?;
    match args.fit {
        Some(epochs) => {
            let fit = balance::FitOptions {
                epochs,
                rate: args.rate,
                batch: args.batch,
                train_limit: args.train_limit.unwrap_or(usize::MAX),
                table: args.table,
            };
            balance::fit(&options, &fit, &labels)
        }
        None => balance::run(&options, &labels),
    }
}

fn main() {
    let result = match match_kit::command_line::parse::<Cli>().command {
        Command::Patterns(args) => run_patterns(args),
        Command::Balance(args) => run_balance(args),
    };
    if let Err(message) = result {
        io::fail(message);
    }
}
