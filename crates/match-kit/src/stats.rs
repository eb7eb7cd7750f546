//! The statistics the referees report, a file a concept:
//!
//! * [`sample`]: a sample's mean ± 2 standard errors, median and quantiles (scores, times);
//! * [`elo`]: a win rate with two standard errors, the Elo difference with a 95% interval;
//! * [`sequential`]: the sequential tests that stop a match once it has decided (GSPRT in logistic
//!   Elo, the paired-difference SPRT);
//! * [`crosstable`]: a tournament's cross table, each pair's score;
//! * [`rating`]: ratings fitted to a whole tournament by maximum likelihood (Bradley-Terry in
//!   logistic Elo, mean 0), with 95% intervals from the observed information.
//!
//! Their items are re-exported here (`stats::Summary`, `stats::elo_interval`, `stats::Sprt`, ...).

pub mod crosstable;
pub mod elo;
pub mod rating;
pub mod sample;
pub mod sequential;

pub use crosstable::*;
pub use elo::*;
pub use rating::*;
pub use sample::*;
pub use sequential::*;
