//! A win rate and what it says in Elo: the rate with two standard errors, the Elo difference with
//! a 95% interval, the expected score of an Elo difference.
//!
//! A match is counted as `wins` successes in `games` Bernoulli trials (a game with draws counts them
//! as its referee decides). The Elo interval maps the Wilson score interval of the win rate through
//! the Elo curve: unlike the plain normal interval it stays finite and meaningful at 0 or `games`
//! wins (100 of 100 gives "at least +568").

/// `(p, 2 * sqrt(p (1 - p) / n))`: the win rate and two standard errors of it.
///
/// # Panics
/// If `games == 0`.
pub fn win_rate(wins: usize, games: usize) -> (f64, f64) {
    assert!(games > 0, "no games");
    let p = wins as f64 / games as f64;
    (p, 2.0 * (p * (1.0 - p) / games as f64).sqrt())
}

/// The Elo difference that predicts an expected score `p`: `400 log10(p / (1 - p))`
/// (infinite at 0 and 1).
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (p / (1.0 - p)).log10()
    }
}

/// The Wilson score interval of a success rate at normal quantile `z` (1.96 for 95%).
///
/// # Panics
/// If `games == 0`.
pub fn wilson(wins: usize, games: usize, z: f64) -> (f64, f64) {
    assert!(games > 0, "no games");
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 or n wins the exact bound is 0 or 1; rounding would otherwise leave 1 - 1e-16.
    let low = if wins == 0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if wins == games { 1.0 } else { (centre + half).min(1.0) };
    (low, high)
}

/// The Elo difference and its 95% interval: `(elo, low, high)`.
pub fn elo_interval(wins: usize, games: usize) -> (f64, f64, f64) {
    let (low, high) = wilson(wins, games, 1.959_964);
    (elo(wins as f64 / games as f64), elo(low), elo(high))
}

/// Formats an Elo value: `+123`, `-45`, `+inf`, `-inf`.
pub fn format_elo(value: f64) -> String {
    if value == f64::INFINITY {
        "+inf".to_string()
    } else if value == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        format!("{value:+.0}")
    }
}

/// The expected score of a side `elo` logistic Elo stronger: `1 / (1 + 10^(-elo/400))`.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn win_rate_and_two_standard_errors() {
        let (p, two_se) = win_rate(90, 100);
        assert!(close(p, 0.9, 1e-12));
        // sqrt(0.9 * 0.1 / 100) = 0.03
        assert!(close(two_se, 0.06, 1e-12));
        assert_eq!(win_rate(100, 100), (1.0, 0.0));
        assert_eq!(win_rate(0, 7), (0.0, 0.0));
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo(0.5), 0.0, 1e-9));
        // 10:1 odds is exactly 400 Elo; 100:1 is 800.
        assert!(close(elo(10.0 / 11.0), 400.0, 1e-9));
        assert!(close(elo(100.0 / 101.0), 800.0, 1e-9));
        assert!(close(elo(0.25), -elo(0.75), 1e-9));
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        assert_eq!(format_elo(12.4), "+12");
        assert_eq!(format_elo(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn wilson_interval_matches_hand_computed_values() {
        // 100 of 100 at z = 1.96: low = 1 / (1 + z^2 / n) = 100 / 103.8416 = 0.96301.
        let (low, high) = wilson(100, 100, 1.96);
        assert!(close(low, 0.96301, 1e-5), "{low}");
        assert_eq!(high, 1.0);
        // 50 of 100: centre 0.5, half-width 1.96 * sqrt(0.0025 + 0.0000960) / 1.038416 = 0.09617.
        let (low, high) = wilson(50, 100, 1.96);
        assert!(close(low, 0.40383, 1e-5) && close(high, 0.59617, 1e-5), "{low} {high}");
        let (elo_mid, elo_low, elo_high) = elo_interval(50, 100);
        assert!(close(elo_mid, 0.0, 1e-9) && close(elo_low, -elo_high, 1e-6));
        let (_, low, high) = elo_interval(100, 100);
        assert!(low > 560.0 && low < 575.0 && high == f64::INFINITY, "{low}");
    }
}
