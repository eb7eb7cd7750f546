//! The plumbing the referees share (`hex-arena`, `linez-sim`) and their baselines' command lines:
//!
//! * [`cli`]: one small option parser, with `--help`, defaults and validation;
//! * [`cma`]: CMA-ES, the optimiser of `linez-tune cma`;
//! * [`process`]: an engine as a subprocess, answering within a deadline;
//! * [`pool`]: the worker pool behind `-j`, results in order, shards, and the progress line;
//! * [`stats`]: mean ± 2 standard errors, win rate, Elo with its interval, percentiles, and the
//!   sequential tests (GSPRT in logistic Elo, the paired-difference SPRT);
//! * [`hex_record`]: the Hex game records `hex-arena` writes and the Hex trainers read.
//! * [`hex_value`]: the Hex value network's input frame and its text file (its trainer and the
//!   engine that uses it).
//! * [`linez_baseline`]: the Linez yardstick players (random and greedy).
//!
//! The games' rules are not here: they come from the `hex` and `linez` libraries, the same code
//! the bots use.

pub mod cli;
pub mod cma;
pub mod hex_record;
pub mod hex_value;
pub mod linez_baseline;
pub mod pool;
pub mod process;
pub mod stats;
