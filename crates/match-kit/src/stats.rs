//! The statistics the referees report, a file a concept:
//!
//! * [`sample`]: a sample's mean ± 2 standard errors, median and quantiles (scores, times);
//! * [`elo`]: a win rate with two standard errors, the Elo difference with a 95% interval;
//! * [`sequential`]: the sequential tests that stop a match once it has decided (GSPRT in logistic
//!   Elo, the paired-difference SPRT).
//!
//! Their items are re-exported here (`stats::Summary`, `stats::elo_interval`, `stats::Sprt`, ...).

pub mod elo;
pub mod sample;
pub mod sequential;

pub use elo::*;
pub use sample::*;
pub use sequential::*;
