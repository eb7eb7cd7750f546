//! The sequential tests that stop a match once it has decided (`--sprt`): the GSPRT in logistic Elo
//! on game or game-pair scores (fishtest's model), the paired-difference SPRT on two bots' scores,
//! the normal approximation both rest on, and Wald's bounds.

use super::expected_score;

/// The log-likelihood ratio of a normal-approximation SPRT for a mean: `n` observations with mean
/// `mean` and variance `variance`, H0 "the true mean is `mu0`" against H1 "it is `mu1`":
/// `n (mu1 - mu0) (2 mean - mu0 - mu1) / (2 variance)`, the sum over the observations of
/// `((x - mu0)^2 - (x - mu1)^2) / (2 variance)`.
///
/// With the variance estimated from the data this is the GSPRT's normal approximation used by
/// fishtest (`LLR_alt2` in Michel Van den Bergh's `LLRcalc.py`, see
/// <http://hardy.uhasselt.be/Fishtest/GSPRT_approximation.pdf>) and by fastchess (`SPRT::getLLR`).
/// With no variance (every observation the same) the limit: infinite towards the nearer
/// hypothesis, 0 halfway.
pub fn normal_llr(n: f64, mean: f64, variance: f64, mu0: f64, mu1: f64) -> f64 {
    let drift = n * (mu1 - mu0) * (2.0 * mean - mu0 - mu1);
    if variance > 0.0 {
        drift / (2.0 * variance)
    } else if drift == 0.0 {
        0.0
    } else {
        drift.signum() * f64::INFINITY
    }
}

/// The GSPRT log-likelihood ratio of logistic Elo `elo1` against `elo0`, fishtest's model
/// (`LLR_logistic` in Michel Van den Bergh's `LLRcalc.py`, see
/// <http://hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf>). `counts[i]` is how often the
/// score `i / (len - 1)` was observed: pentanomial `[LL, LD, WL + DD, WD, WW]` over game pairs (a
/// pair's score is its mean, 0 .. 1), trinomial `[L, D, W]` or binomial `[L, W]` over single games.
/// As in `LLRcalc.py` (`regularize`), an empty category counts 0.001.
///
/// The LLR is the exact generalized one, `N sum p_i ln(q1_i / q0_i)`: `p` the observed frequencies,
/// `q0`, `q1` the most likely distributions whose mean is the expected score of `elo0`, `elo1`.
/// Its normal approximation ([`normal_llr`] of the observed mean and variance; fastchess's, and
/// fishtest's `LLR_alt2`) agrees within a percent on hundreds of pairs but not on a few: after two
/// won pairs the regularised variance is about 0.001 and the approximation passes the bounds of a
/// 0-5 Elo test, where the exact LLR is 0.03.
///
/// # Panics
/// If there are fewer than two categories.
pub fn gsprt_llr(counts: &[f64], elo0: f64, elo1: f64) -> f64 {
    assert!(counts.len() >= 2, "at least two outcomes");
    let n: f64 = counts.iter().sum();
    if n == 0.0 {
        return 0.0;
    }
    let counts: Vec<f64> = counts.iter().map(|&c| if c == 0.0 { 1e-3 } else { c }).collect();
    let n: f64 = counts.iter().sum();
    let p: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let x: Vec<f64> = (0..p.len()).map(|i| i as f64 / (p.len() - 1) as f64).collect();
    let q0 = mle_with_mean(&p, &x, expected_score(elo0));
    let q1 = mle_with_mean(&p, &x, expected_score(elo1));
    n * p.iter().zip(q0.iter().zip(&q1)).map(|(p, (q0, q1))| p * (q1 / q0).ln()).sum::<f64>()
}

/// The most likely distribution on the scores `x` (0 = min < max = 1, every `p_i > 0`) given the
/// observed frequencies `p`, among those with mean `s` (0 < s < 1): `q_i = p_i / (1 + l (x_i - s))`
/// where `l` is the root of `sum p_i (x_i - s) / (1 + l (x_i - s)) = 0` (`LLRcalc.MLE_expected`).
/// That sum falls from +inf to -inf as `l` runs over `(-1 / (1 - s), 1 / s)`: bisection finds it.
fn mle_with_mean(p: &[f64], x: &[f64], s: f64) -> Vec<f64> {
    let sum = |l: f64| p.iter().zip(x).map(|(p, x)| p * (x - s) / (1.0 + l * (x - s))).sum::<f64>();
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if sum(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let l = 0.5 * (low + high);
    p.iter().zip(x).map(|(p, x)| p / (1.0 + l * (x - s))).collect()
}

/// A sequential probability ratio test's hypotheses and error rates: H0 "the parameter is `h0`"
/// against H1 "it is `h1`" (Elo, or a score difference), with false-positive rate `alpha` and
/// false-negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub h0: f64,
    pub h1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says after the data so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound.
    H1,
    /// The LLR reached the lower bound.
    H0,
    /// Still between the bounds.
    Inconclusive,
}

impl Sprt {
    /// Wald's bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Inconclusive
        }
    }

    /// `LLR 1.23 (-2.94, 2.94)`, and with `verdict`, `: H1 accepted` (or H0, or inconclusive).
    pub fn describe(&self, llr: f64, verdict: bool) -> String {
        let (low, high) = self.bounds();
        let mut text = format!("LLR {llr:.2} ({low:.2}, {high:.2})");
        if verdict {
            text.push_str(match self.verdict(llr) {
                Verdict::H1 => ": H1 accepted",
                Verdict::H0 => ": H0 accepted",
                Verdict::Inconclusive => ": inconclusive",
            });
        }
        text
    }
}

/// Parses `H0,H1` (e.g. `0,5`).
///
/// # Errors
/// Not two numbers, or equal ones.
pub fn parse_hypotheses(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("expected H0,H1 (two different numbers, e.g. 0,5), found {text:?}");
    let (h0, h1) = text.split_once(',').ok_or_else(bad)?;
    let h0: f64 = h0.trim().parse().map_err(|_| bad())?;
    let h1: f64 = h1.trim().parse().map_err(|_| bad())?;
    if !(h0.is_finite() && h1.is_finite()) || h0 == h1 {
        return Err(bad());
    }
    Ok((h0, h1))
}

/// Parses an error rate strictly between 0 and 0.5.
///
/// # Errors
/// Anything else.
pub fn parse_error_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if rate > 0.0 && rate < 0.5 => Ok(rate),
        _ => Err(format!("expected an error rate between 0 and 0.5, found {text:?}")),
    }
}

/// The paired-difference SPRT: the LLR of the normal-approximation SPRT on the mean of paired
/// differences `b - a` (two bots' scores on the same seeds), H0 "mean `d0`" against H1 "mean
/// `d1`", with the variance estimated from the data (the maximum-likelihood one, divided by n, as
/// the GSPRT approximation uses): [`normal_llr`].
pub fn paired_llr(differences: &[f64], d0: f64, d1: f64) -> f64 {
    let n = differences.len() as f64;
    if differences.is_empty() {
        return 0.0;
    }
    let mean = differences.iter().sum::<f64>() / n;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / n;
    normal_llr(n, mean, variance, d0, d1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// The exact generalized LLR of the trinomial model (scores 0, 1/2, 1 with counts `[l, d, w]`),
    /// written independently of [`gsprt_llr`]: the likelihood maximised over every distribution with
    /// mean `s` (one free parameter `t` = P(1), concave, found by ternary search), under `s1` minus
    /// under `s0`.
    fn exact_trinomial_llr(counts: [f64; 3], s0: f64, s1: f64) -> f64 {
        let best = |s: f64| {
            let log_likelihood = |t: f64| {
                let p = [1.0 - 2.0 * s + t, 2.0 * (s - t), t];
                counts.iter().zip(p).map(|(n, p)| if *n == 0.0 { 0.0 } else { n * p.ln() }).sum::<f64>()
            };
            let (mut low, mut high) = ((2.0 * s - 1.0).max(0.0), s);
            for _ in 0..300 {
                let (a, b) = (low + (high - low) / 3.0, high - (high - low) / 3.0);
                if log_likelihood(a) < log_likelihood(b) {
                    low = a;
                } else {
                    high = b;
                }
            }
            log_likelihood((low + high) / 2.0)
        };
        best(s1) - best(s0)
    }

    #[test]
    fn gsprt_llr_by_hand() {
        // Binomial (no draws, single games): the most likely distribution with mean s is P(win) = s,
        // so the LLR is W ln(s1 / s0) + L ln((1 - s1) / (1 - s0)). 6 wins, 4 losses, Elo 0 against
        // the Elo of a 0.6 score (+70.4): 6 ln 1.2 + 4 ln 0.8 = 1.093929 - 0.892574 = 0.201355.
        let elo1 = elo(0.6);
        assert!(close(expected_score(elo1), 0.6, 1e-12) && close(expected_score(0.0), 0.5, 1e-12));
        assert!(close(gsprt_llr(&[4.0, 6.0], 0.0, elo1), 0.201_355, 1e-6));
        // Mirrored data against mirrored bounds: the same LLR.
        assert!(close(gsprt_llr(&[6.0, 4.0], 0.0, -elo1), 0.201_355, 1e-6));
        assert_eq!(gsprt_llr(&[0.0, 0.0, 0.0], 0.0, 5.0), 0.0);
        // Two won pairs are weak evidence: LLR 0.03 of the 2.94 needed at 0-5 Elo, where the
        // normal approximation with the regularised variance is already past the bound.
        let two_pairs = gsprt_llr(&[0.0, 0.0, 0.0, 0.0, 2.0], 0.0, 5.0);
        assert!(two_pairs > 0.0 && two_pairs < 0.05, "{two_pairs}");
        let (s0, s1) = (expected_score(0.0), expected_score(5.0));
        let n = 2.004;
        let mean = (0.25e-3 + 0.5e-3 + 0.75e-3 + 2.0) / n;
        let variance = [0.0, 0.25, 0.5, 0.75].iter().map(|x| 1e-3 * (x - mean) * (x - mean)).sum::<f64>() / n
            + 2.0 * (1.0 - mean) * (1.0 - mean) / n;
        assert!(normal_llr(n, mean, variance, s0, s1) > 2.95);
        // Only wins: the LLR grows with each won pair.
        let wins: Vec<f64> = (1..5).map(|n| gsprt_llr(&[0.0, 0.0, 0.0, 0.0, n as f64], 0.0, 5.0)).collect();
        assert!(wins.windows(2).all(|w| w[1] > w[0]), "{wins:?}");
    }

    #[test]
    fn gsprt_llr_is_the_exact_generalized_llr_and_close_to_its_normal_approximation() {
        // Against the brute-force maximum of the trinomial likelihood on pair counts of a game without draws
        // (LL, WL, WW as scores 0, 1/2, 1); the pentanomial form with empty LD and WD (0.001 each)
        // moves it by less than 0.001. On hundreds of pairs the normal approximation is within 1%
        // at bounds a few Elo apart, 2% at 20 apart.
        for (counts, elo0, elo1, tolerance) in [
            ([120.0, 250.0, 150.0], 0.0, 5.0, 0.01),
            ([120.0, 250.0, 150.0], -5.0, 10.0, 0.01),
            ([300.0, 500.0, 240.0], 0.0, 10.0, 0.01),
            ([40.0, 100.0, 60.0], 0.0, 20.0, 0.02),
            // A few pairs: only the exact value is checked.
            ([3.0, 1.0, 7.0], 0.0, 50.0, f64::INFINITY),
        ] {
            let (s0, s1) = (expected_score(elo0), expected_score(elo1));
            let exact = exact_trinomial_llr(counts, s0, s1);
            let llr = gsprt_llr(&counts, elo0, elo1);
            assert!(close(llr, exact, 1e-6), "{counts:?} {elo0},{elo1}: {llr} vs exact {exact}");
            let [ll, wl, ww] = counts;
            let penta = gsprt_llr(&[ll, 0.0, wl, 0.0, ww], elo0, elo1);
            assert!(close(penta, exact, 1e-3), "{counts:?}: pentanomial {penta} vs {exact}");
            let n: f64 = counts.iter().sum();
            let mean = (wl * 0.5 + ww) / n;
            let variance = (ll * mean * mean + wl * (0.5 - mean).powi(2) + ww * (1.0 - mean).powi(2)) / n;
            let approximate = normal_llr(n, mean, variance, s0, s1);
            assert!(
                (approximate - exact).abs() <= tolerance * exact.abs().max(0.1),
                "{counts:?} {elo0},{elo1}: {approximate} vs exact {exact}"
            );
        }
        // The hand-computed normal approximation: 50 outcomes (10 at 0, 20 at 1/2, 20 at 1), mean
        // 0.6, variance 0.14, bounds 0.5 and 0.6: 50 * 0.1 * (1.2 - 1.1) / (2 * 0.14) = 1.785714.
        assert!(close(normal_llr(50.0, 0.6, 0.14, 0.5, 0.6), 1.785_714, 1e-6));
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        let test = Sprt { h0: 0.0, h1: 5.0, alpha: 0.05, beta: 0.05 };
        // ln(0.05 / 0.95) = -ln 19 = -2.944439.
        let (low, high) = test.bounds();
        assert!(close(low, -2.944_439, 1e-6) && close(high, 2.944_439, 1e-6));
        let lopsided = Sprt { alpha: 0.1, beta: 0.01, ..test };
        // ln(0.01 / 0.9) = -4.49981, ln(0.99 / 0.1) = 2.29253.
        let (low, high) = lopsided.bounds();
        assert!(close(low, -4.499_81, 1e-5) && close(high, 2.292_53, 1e-5));
        assert_eq!(test.verdict(3.0), Verdict::H1);
        assert_eq!(test.verdict(-2.95), Verdict::H0);
        assert_eq!(test.verdict(2.9), Verdict::Inconclusive);
        assert_eq!(test.describe(1.234, true), "LLR 1.23 (-2.94, 2.94): inconclusive");
        assert_eq!(test.describe(-3.0, false), "LLR -3.00 (-2.94, 2.94)");
        assert_eq!(parse_hypotheses("-1.5, 4"), Ok((-1.5, 4.0)));
        assert!(parse_hypotheses("3,3").is_err() && parse_hypotheses("3").is_err());
        assert!(parse_error_rate("0.05").is_ok() && parse_error_rate("0.5").is_err());
    }

    #[test]
    fn paired_llr_sums_the_normal_log_density_ratios() {
        // Differences 1 and 3: mean 2, maximum-likelihood variance 1; H0 0 against H1 2:
        // ((1 - 0)^2 - (1 - 2)^2) / 2 + ((3 - 0)^2 - (3 - 2)^2) / 2 = 0 + 4.
        assert!(close(paired_llr(&[1.0, 3.0], 0.0, 2.0), 4.0, 1e-12));
        // Against the sum over the observations of ln N(x; d1, v) - ln N(x; d0, v), written out.
        let d = [12.0, -30.0, 45.0, 8.0, 0.0, 17.0, -3.0, 60.0];
        let n = d.len() as f64;
        let mean = d.iter().sum::<f64>() / n;
        let v = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
        let log_density =
            |x: f64, mu: f64| -0.5 * (2.0 * std::f64::consts::PI * v).ln() - (x - mu).powi(2) / (2.0 * v);
        for (d0, d1) in [(0.0, 10.0), (-5.0, 5.0), (20.0, 0.0)] {
            let by_sum: f64 = d.iter().map(|&x| log_density(x, d1) - log_density(x, d0)).sum();
            assert!(close(paired_llr(&d, d0, d1), by_sum, 1e-9), "{d0},{d1}");
        }
        // Identical differences (two copies of one deterministic bot): the limit, towards H0 here.
        assert_eq!(paired_llr(&[0.0, 0.0], 0.0, 1.0), f64::NEG_INFINITY);
        assert_eq!(paired_llr(&[5.0, 5.0], 0.0, 1.0), f64::INFINITY);
        assert_eq!(paired_llr(&[0.5, 0.5], 0.0, 1.0), 0.0);
        assert_eq!(paired_llr(&[], 0.0, 1.0), 0.0);
    }
}
