//! The match kit: the plumbing the referees and trainers (`hex-arena`, `linez-sim`, `hex-train`,
//! `linez-tune`, the baselines) share. It knows no game.
//!
//! * [`command_line`]: `clap` parsing with the usage in every error, and engine commands split into
//!   words;
//! * [`files`]: records, games files and pages on disk, gzip or plain, read by their bytes and
//!   written whole;
//! * [`process`]: an engine as a subprocess, answering within a deadline;
//! * [`pool`]: the worker pool behind `-j`, results in order, shards, and the progress line;
//! * [`page`]: a match as one self-contained HTML page (summary, table of games, a game view
//!   stepped by buttons, keys and graphs), the game's own script drawing its board, rewritten live
//!   during a match;
//! * [`stats`]: mean ± 2 standard errors, win rate, Elo with its interval, percentiles, the
//!   sequential tests (GSPRT in logistic Elo, the paired-difference SPRT), and a tournament's cross
//!   table and ratings fitted to all its games at once.

pub mod command_line;
pub mod files;
pub mod page;
pub mod pool;
pub mod process;
pub mod stats;
