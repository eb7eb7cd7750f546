//! A pairwise logistic regression, plain: weighted pairs of feature differences `x` (the first
//! move better), the loss `sum w log(1 + exp(-b.x)) + lambda/2 |b|^2` minimized by Newton's
//! method on standardized columns (no intercept: a pair and its mirror are the same pair).

/// One pair: the first move's features minus the second's (the first is the better), and its
/// weight.
pub(crate) struct Pair {
    pub(crate) diff: Vec<f64>,
    pub(crate) weight: f64,
}

/// The weights minimizing the L2-regularized weighted logistic loss of `pairs` (in the features'
/// own units; `lambda` applies to the standardized ones). Deterministic.
pub(crate) fn fit(pairs: &[Pair], lambda: f64) -> Vec<f64> {
    let dims = pairs.first().map_or(0, |pair| pair.diff.len());
    // Column scales: the root mean square of each difference (1 for a constant zero column).
    let total: f64 = pairs.iter().map(|pair| pair.weight).sum::<f64>().max(1e-12);
    let scale: Vec<f64> = (0..dims)
        .map(|j| {
            let ms = pairs.iter().map(|p| p.weight * p.diff[j] * p.diff[j]).sum::<f64>() / total;
            if ms > 1e-12 {
                ms.sqrt()
            } else {
                1.0
            }
        })
        .collect();
    let mut beta = vec![0.0; dims];
    for _ in 0..50 {
        let mut grad: Vec<f64> = beta.iter().map(|b| lambda * b).collect();
        let mut hess = vec![vec![0.0; dims]; dims];
        for (j, row) in hess.iter_mut().enumerate() {
            row[j] = lambda;
        }
        for pair in pairs {
            let x: Vec<f64> = pair.diff.iter().zip(&scale).map(|(d, s)| d / s).collect();
            let margin: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + margin.exp()); // sigmoid(-margin)
            let curvature = pair.weight * p * (1.0 - p);
            for j in 0..dims {
                grad[j] -= pair.weight * p * x[j];
                if x[j] != 0.0 {
                    for (h, xk) in hess[j].iter_mut().zip(&x) {
                        *h += curvature * x[j] * xk;
                    }
                }
            }
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        for (b, s) in beta.iter_mut().zip(&step) {
            *b -= s;
        }
        if size < 1e-9 {
            break;
        }
    }
    beta.iter().zip(&scale).map(|(b, s)| b / s).collect()
}

/// The solution of `a x = b` (`a` symmetric positive definite here), by Gaussian elimination with
/// partial pivoting.
pub(crate) fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).expect("a row");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for row in col + 1..n {
            let f = a[row][col] / d;
            if f != 0.0 {
                let (upper, lower) = a.split_at_mut(row);
                for (target, source) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                    *target -= f * source;
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-300 { 0.0 } else { (b[row] - rest) / a[row][row] };
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_the_signs_of_a_separable_ranking() {
        // Items with 4 features, ranked by the hidden score 2 a - b + 0.5 c (d is noise-free
        // irrelevant); pairs: the better minus the worse.
        let truth = [2.0, -1.0, 0.5, 0.0];
        let mut state = 7u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        };
        let score = |x: &[f64]| x.iter().zip(&truth).map(|(a, b)| a * b).sum::<f64>();
        let mut pairs = Vec::new();
        for _ in 0..400 {
            let a: Vec<f64> = (0..4).map(|_| next() * 10.0).collect();
            let b: Vec<f64> = (0..4).map(|_| next() * 10.0).collect();
            let (good, bad) = if score(&a) > score(&b) { (a, b) } else { (b, a) };
            pairs.push(Pair { diff: good.iter().zip(&bad).map(|(g, b)| g - b).collect(), weight: 1.0 });
        }
        let beta = fit(&pairs, 1e-3);
        assert!(beta[0] > 0.0 && beta[1] < 0.0 && beta[2] > 0.0, "{beta:?}");
        assert!(beta[3].abs() < 0.2 * beta[0], "{beta:?}");
        // The ratios come out close to the truth's.
        assert!((beta[1] / beta[0] + 0.5).abs() < 0.1 && (beta[2] / beta[0] - 0.25).abs() < 0.1, "{beta:?}");
        // Nearly every training pair is ordered right (the penalty may flip the nearest ties).
        let right = pairs.iter().filter(|p| p.diff.iter().zip(&beta).map(|(a, b)| a * b).sum::<f64>() > 0.0);
        assert!(right.count() >= 390);
    }

    #[test]
    fn solve_solves() {
        let x = solve(vec![vec![4.0, 1.0], vec![1.0, 3.0]], vec![1.0, 2.0]);
        assert!((x[0] - 1.0 / 11.0).abs() < 1e-12 && (x[1] - 7.0 / 11.0).abs() < 1e-12, "{x:?}");
    }
}
