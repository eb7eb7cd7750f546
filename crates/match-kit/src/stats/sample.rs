//! A sample's summary (scores, times): mean ± 2 standard errors, median, min, max, and the
//! nearest-rank quantiles.

/// The `q`-quantile (0..=1) of `sorted` by the nearest-rank method: the smallest value with at
/// least `q` of the data at or below it. `None` for no data.
pub fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Summary of a sample (scores, times): mean ± 2 standard errors, median, min, max.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub mean: f64,
    /// Two standard errors of the mean (sample standard deviation / sqrt(n), times 2); 0 for n < 2.
    pub two_se: f64,
    /// The middle value, or the mean of the two middle values for an even count.
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Summary {
    /// Summarises `values`; `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Summary> {
        let count = values.len();
        if count == 0 {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / count as f64;
        let two_se = if count < 2 {
            0.0
        } else {
            let squares: f64 = sorted.iter().map(|&v| (v - mean) * (v - mean)).sum();
            let variance = squares / (count - 1) as f64;
            2.0 * (variance / count as f64).sqrt()
        };
        let median = if count % 2 == 1 {
            sorted[count / 2]
        } else {
            (sorted[count / 2 - 1] + sorted[count / 2]) / 2.0
        };
        Some(Summary { count, mean, two_se, median, min: sorted[0], max: sorted[count - 1] })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_quantiles() {
        let data: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&data, 0.99), Some(99.0));
        assert_eq!(quantile(&data, 1.0), Some(100.0));
        assert_eq!(quantile(&data, 0.5), Some(50.0));
        assert_eq!(quantile(&[7.0], 0.99), Some(7.0));
        assert_eq!(quantile(&[], 0.5), None);
    }

    #[test]
    fn summary_of_a_small_sample() {
        // Values 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, s.e. sqrt(32/7/8).
        let s = Summary::of(&[9.0, 2.0, 4.0, 4.0, 5.0, 4.0, 7.0, 5.0]).unwrap();
        assert_eq!(s.count, 8);
        assert!((s.mean - 5.0).abs() < 1e-12);
        assert!((s.two_se - 2.0 * (32.0f64 / 7.0 / 8.0).sqrt()).abs() < 1e-12);
        assert_eq!(s.median, 4.5);
        assert_eq!((s.min, s.max), (2.0, 9.0));
    }

    #[test]
    fn summary_of_one_and_none() {
        let s = Summary::of(&[7.0]).unwrap();
        assert_eq!((s.mean, s.two_se, s.median, s.min, s.max), (7.0, 0.0, 7.0, 7.0, 7.0));
        assert_eq!(Summary::of(&[3.0, 1.0, 2.0]).unwrap().median, 2.0);
        assert!(Summary::of(&[]).is_none());
    }
}
