//! The statistics the referees report, a file a concept (as fastchess's `matchmaking/` has `elo/`
//! and `sprt/`):
//!
//! * `elo`: a win rate with two standard errors, the Elo difference with its 95% interval;
//! * `summary`: a sample's mean ± 2 standard errors and its percentiles (scores, times);
//! * `sprt`: the sequential tests that stop a match once it has decided (`--sprt`).

mod elo;
mod sprt;
mod summary;

pub use elo::{elo, elo_interval, expected_score, format_elo, wilson, win_rate};
pub use sprt::{gsprt_llr, normal_llr, paired_llr, parse_error_rate, parse_hypotheses, Sprt, Verdict};
pub use summary::{quantile, Summary};
