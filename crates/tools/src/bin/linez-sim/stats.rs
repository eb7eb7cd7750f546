//! Summary statistics over the games of a run: mean ± 2 standard errors, median, min, max.

/// Summary of a sample of scores.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub mean: f64,
    /// Two standard errors of the mean (sample standard deviation / sqrt(n), times 2); 0 for n < 2.
    pub two_se: f64,
    /// The middle value, or the mean of the two middle values for an even count.
    pub median: f64,
    pub min: u64,
    pub max: u64,
}

impl Summary {
    /// Summarises `values`; `None` when there are none.
    pub fn of(values: &[u64]) -> Option<Summary> {
        let count = values.len();
        if count == 0 {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let mean = sorted.iter().map(|&v| v as f64).sum::<f64>() / count as f64;
        let two_se = if count < 2 {
            0.0
        } else {
            let squares: f64 = sorted.iter().map(|&v| (v as f64 - mean) * (v as f64 - mean)).sum();
            let variance = squares / (count - 1) as f64;
            2.0 * (variance / count as f64).sqrt()
        };
        let median = if count % 2 == 1 {
            sorted[count / 2] as f64
        } else {
            (sorted[count / 2 - 1] as f64 + sorted[count / 2] as f64) / 2.0
        };
        Some(Summary { count, mean, two_se, median, min: sorted[0], max: sorted[count - 1] })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_a_small_sample() {
        // Values 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, s.e. sqrt(32/7/8).
        let s = Summary::of(&[9, 2, 4, 4, 5, 4, 7, 5]).unwrap();
        assert_eq!(s.count, 8);
        assert!((s.mean - 5.0).abs() < 1e-12);
        assert!((s.two_se - 2.0 * (32.0f64 / 7.0 / 8.0).sqrt()).abs() < 1e-12);
        assert_eq!(s.median, 4.5);
        assert_eq!((s.min, s.max), (2, 9));
    }

    #[test]
    fn summary_of_one_and_none() {
        let s = Summary::of(&[7]).unwrap();
        assert_eq!((s.mean, s.two_se, s.median, s.min, s.max), (7.0, 0.0, 7.0, 7, 7));
        assert_eq!(Summary::of(&[3, 1, 2]).unwrap().median, 2.0);
        assert!(Summary::of(&[]).is_none());
    }
}
