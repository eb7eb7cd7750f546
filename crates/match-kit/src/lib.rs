//! The match kit: the plumbing both referees (`hex-arena`, `linez-sim`) share. It knows no game.
//!
//! * [`cli`]: one small option parser, with `--help`, defaults and validation;
//! * [`files`]: records, games files and pages on disk, gzip or plain, read by their bytes and
//!   written whole;
//! * [`process`]: an engine as a subprocess, answering within a deadline;
//! * [`pool`]: the worker pool behind `-j`, results in order, shards, and the progress line;
//! * [`page`]: a match as one self-contained HTML page (summary, table of games, a game view
//!   stepped by buttons, keys and graphs), the game's own script drawing its board;
//! * [`stats`]: mean ± 2 standard errors, win rate, Elo with its interval, percentiles, and the
//!   sequential tests (GSPRT in logistic Elo, the paired-difference SPRT).

pub mod cli;
pub mod files;
pub mod page;
pub mod pool;
pub mod process;
pub mod stats;
