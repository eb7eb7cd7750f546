//! CMA-ES (the covariance matrix adaptation evolution strategy, Hansen's standard `(mu/mu_w,
//! lambda)` form with rank-one and rank-mu updates and cumulative step-size adaptation), for
//! tuners that minimise a noisy function of a few real parameters (`linez-tune cma`).
//!
//! Ask-and-tell: [`Cma::ask`] draws a generation of `lambda` points, the caller evaluates them
//! (in any order, on any threads), [`Cma::tell`] updates the distribution from their values.
//! Deterministic for a given seed: the draws come from a SplitMix64 stream and Box-Muller.
//! Dimensions are small (tens), so the eigendecomposition is a plain cyclic Jacobi sweep.

/// The optimiser's state.
pub struct Cma {
    n: usize,
    lambda: usize,
    mu: usize,
    /// Recombination weights of the best `mu` points (positive, summing to 1).
    weights: Vec<f64>,
    mueff: f64,
    cc: f64,
    cs: f64,
    c1: f64,
    cmu: f64,
    damps: f64,
    chi_n: f64,
    mean: Vec<f64>,
    sigma: f64,
    /// Covariance `C = B diag(d^2) B^T` (row-major `n x n`), its eigenvectors `b` (columns) and
    /// the square roots `d` of its eigenvalues.
    c: Vec<f64>,
    b: Vec<f64>,
    d: Vec<f64>,
    pc: Vec<f64>,
    ps: Vec<f64>,
    generation: usize,
    rng: u64,
    spare: Option<f64>,
}

impl Cma {
    /// A search around `mean` with step size `sigma` (the same in every coordinate: scale the
    /// parameters so that it fits) and `lambda` points a generation (`None`: `4 + 3 ln n`).
    ///
    /// # Panics
    /// If `mean` is empty, `sigma` is not positive or `lambda` < 2.
    pub fn new(mean: Vec<f64>, sigma: f64, lambda: Option<usize>, seed: u64) -> Cma {
        let n = mean.len();
        assert!(n > 0 && sigma > 0.0, "a non-empty mean and a positive step");
        let nf = n as f64;
        let lambda = lambda.unwrap_or(4 + (3.0 * nf.ln()).floor() as usize);
        assert!(lambda >= 2, "at least 2 points a generation");
        let mu = lambda / 2;
        let raw: Vec<f64> =
            (0..mu).map(|i| ((lambda as f64 + 1.0) / 2.0).ln() - ((i + 1) as f64).ln()).collect();
        let total: f64 = raw.iter().sum();
        let weights: Vec<f64> = raw.iter().map(|w| w / total).collect();
        let mueff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let cc = (4.0 + mueff / nf) / (nf + 4.0 + 2.0 * mueff / nf);
        let cs = (mueff + 2.0) / (nf + mueff + 5.0);
        let c1 = 2.0 / ((nf + 1.3).powi(2) + mueff);
        let cmu = (1.0 - c1).min(2.0 * (mueff - 2.0 + 1.0 / mueff) / ((nf + 2.0).powi(2) + mueff));
        let damps = 1.0 + 2.0 * (((mueff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + cs;
        let chi_n = nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf));
        let mut identity = vec![0.0; n * n];
        for i in 0..n {
            identity[i * n + i] = 1.0;
        }
        Cma {
            n,
            lambda,
            mu,
            weights,
            mueff,
            cc,
            cs,
            c1,
            cmu,
            damps,
            chi_n,
            mean,
            sigma,
            c: identity.clone(),
            b: identity,
            d: vec![1.0; n],
            pc: vec![0.0; n],
            ps: vec![0.0; n],
            generation: 0,
            rng: seed,
            spare: None,
        }
    }

    /// Points a generation.
    pub fn lambda(&self) -> usize {
        self.lambda
    }

    /// The distribution's mean: the recommendation under noise.
    pub fn mean(&self) -> &[f64] {
        &self.mean
    }

    /// The overall step size.
    pub fn sigma(&self) -> f64 {
        self.sigma
    }

    /// Generations told so far.
    pub fn generation(&self) -> usize {
        self.generation
    }

    /// The standard deviation of the search distribution along each coordinate.
    pub fn deviations(&self) -> Vec<f64> {
        (0..self.n).map(|i| self.sigma * self.c[i * self.n + i].sqrt()).collect()
    }

    fn uniform(&mut self) -> f64 {
        // SplitMix64, 53 bits.
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A standard normal draw (Box-Muller, both values used).
    fn normal(&mut self) -> f64 {
        if let Some(x) = self.spare.take() {
            return x;
        }
        let u = 1.0 - self.uniform(); // (0, 1]
        let v = self.uniform();
        let r = (-2.0 * u.ln()).sqrt();
        let angle = 2.0 * std::f64::consts::PI * v;
        self.spare = Some(r * angle.sin());
        r * angle.cos()
    }

    /// The next generation's `lambda` points: `mean + sigma * B D z`, z standard normal.
    pub fn ask(&mut self) -> Vec<Vec<f64>> {
        let n = self.n;
        (0..self.lambda)
            .map(|_| {
                let z: Vec<f64> = (0..n).map(|_| self.normal()).collect();
                (0..n)
                    .map(|i| {
                        let y: f64 = (0..n).map(|j| self.b[i * n + j] * self.d[j] * z[j]).sum();
                        self.mean[i] + self.sigma * y
                    })
                    .collect()
            })
            .collect()
    }

    /// Updates the distribution from the points of [`Cma::ask`] and their values (lower is better).
    ///
    /// # Panics
    /// If the counts differ from `lambda` or a point's dimension from the mean's.
    pub fn tell(&mut self, points: &[Vec<f64>], values: &[f64]) {
        let n = self.n;
        assert!(points.len() == self.lambda && values.len() == self.lambda, "one value a point");
        assert!(points.iter().all(|p| p.len() == n), "points of the mean's dimension");
        let mut order: Vec<usize> = (0..self.lambda).collect();
        // Stable: ties keep the order of the draws, so a run replays.
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let old = self.mean.clone();
        // The steps of the best mu points, in units of sigma: y = (x - m_old) / sigma.
        let steps: Vec<Vec<f64>> = order[..self.mu]
            .iter()
            .map(|&k| (0..n).map(|i| (points[k][i] - old[i]) / self.sigma).collect())
            .collect();
        let mut y_w = vec![0.0; n];
        for (w, y) in self.weights.iter().zip(&steps) {
            for i in 0..n {
                y_w[i] += w * y[i];
            }
        }
        for i in 0..n {
            self.mean[i] = old[i] + self.sigma * y_w[i];
        }
        // C^(-1/2) y_w = B D^-1 B^T y_w.
        let bt_y: Vec<f64> = (0..n).map(|j| (0..n).map(|i| self.b[i * n + j] * y_w[i]).sum()).collect();
        let invsqrt_y: Vec<f64> =
            (0..n).map(|i| (0..n).map(|j| self.b[i * n + j] * bt_y[j] / self.d[j]).sum()).collect();
        let cs_factor = (self.cs * (2.0 - self.cs) * self.mueff).sqrt();
        for (p, &y) in self.ps.iter_mut().zip(&invsqrt_y) {
            *p = (1.0 - self.cs) * *p + cs_factor * y;
        }
        let ps_norm = self.ps.iter().map(|x| x * x).sum::<f64>().sqrt();
        let generation = (self.generation + 1) as f64;
        let hsig = ps_norm / (1.0 - (1.0 - self.cs).powf(2.0 * generation)).sqrt() / self.chi_n
            < 1.4 + 2.0 / (n as f64 + 1.0);
        let cc_factor = (self.cc * (2.0 - self.cc) * self.mueff).sqrt();
        for (p, &y) in self.pc.iter_mut().zip(&y_w) {
            *p = (1.0 - self.cc) * *p + if hsig { cc_factor * y } else { 0.0 };
        }
        let lost = if hsig { 0.0 } else { self.c1 * self.cc * (2.0 - self.cc) };
        for i in 0..n {
            for j in 0..n {
                let rank_mu: f64 = self.weights.iter().zip(&steps).map(|(w, y)| w * y[i] * y[j]).sum();
                self.c[i * n + j] = (1.0 - self.c1 - self.cmu + lost) * self.c[i * n + j]
                    + self.c1 * self.pc[i] * self.pc[j]
                    + self.cmu * rank_mu;
            }
        }
        self.sigma *= ((self.cs / self.damps) * (ps_norm / self.chi_n - 1.0)).exp();
        self.generation += 1;
        self.decompose();
    }

    /// `B` and `D` from `C` (cyclic Jacobi rotations until the off-diagonal part vanishes).
    fn decompose(&mut self) {
        let n = self.n;
        let mut a = self.c.clone();
        // Keep C exactly symmetric.
        for i in 0..n {
            for j in 0..i {
                let mean = (a[i * n + j] + a[j * n + i]) / 2.0;
                a[i * n + j] = mean;
                a[j * n + i] = mean;
            }
        }
        self.c = a.clone();
        let mut v = vec![0.0; n * n];
        for i in 0..n {
            v[i * n + i] = 1.0;
        }
        for _sweep in 0..100 {
            let off: f64 = (0..n)
                .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
                .map(|(i, j)| a[i * n + j] * a[i * n + j])
                .sum();
            let diagonal: f64 = (0..n).map(|i| a[i * n + i] * a[i * n + i]).sum();
            if off <= 1e-30 * diagonal.max(1e-300) {
                break;
            }
            for p in 0..n {
                for q in p + 1..n {
                    let apq = a[p * n + q];
                    if apq == 0.0 {
                        continue;
                    }
                    let theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
                    let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                    let t = if theta == 0.0 { 1.0 } else { t };
                    let cos = 1.0 / (t * t + 1.0).sqrt();
                    let sin = t * cos;
                    for k in 0..n {
                        let (akp, akq) = (a[k * n + p], a[k * n + q]);
                        a[k * n + p] = cos * akp - sin * akq;
                        a[k * n + q] = sin * akp + cos * akq;
                    }
                    for k in 0..n {
                        let (apk, aqk) = (a[p * n + k], a[q * n + k]);
                        a[p * n + k] = cos * apk - sin * aqk;
                        a[q * n + k] = sin * apk + cos * aqk;
                    }
                    for k in 0..n {
                        let (vkp, vkq) = (v[k * n + p], v[k * n + q]);
                        v[k * n + p] = cos * vkp - sin * vkq;
                        v[k * n + q] = sin * vkp + cos * vkq;
                    }
                }
            }
        }
        self.b = v;
        self.d = (0..n).map(|i| a[i * n + i].max(1e-20).sqrt()).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs CMA-ES on `f` from `start` for at most `generations`, returning the final mean.
    fn minimise(
        f: impl Fn(&[f64]) -> f64,
        start: Vec<f64>,
        sigma: f64,
        generations: usize,
        seed: u64,
    ) -> Vec<f64> {
        let mut cma = Cma::new(start, sigma, None, seed);
        for _ in 0..generations {
            let points = cma.ask();
            let values: Vec<f64> = points.iter().map(|p| f(p)).collect();
            cma.tell(&points, &values);
            if cma.sigma() < 1e-9 {
                break;
            }
        }
        cma.mean().to_vec()
    }

    #[test]
    fn finds_the_minimum_of_a_shifted_quadratic() {
        let target = [3.0, -1.5, 0.25, 7.0, -4.0, 2.0];
        let f = |x: &[f64]| x.iter().zip(&target).map(|(a, b)| (a - b).powi(2)).sum::<f64>();
        let found = minimise(f, vec![0.0; 6], 1.0, 400, 1);
        for (x, t) in found.iter().zip(&target) {
            assert!((x - t).abs() < 1e-4, "{found:?}");
        }
    }

    #[test]
    fn learns_a_rotated_ill_conditioned_ellipsoid() {
        // Condition 10^4, axes rotated by 45 degrees in pairs: needs the covariance, not only sigma.
        let f = |x: &[f64]| {
            let (mut total, n) = (0.0, x.len());
            for i in (0..n).step_by(2) {
                let (u, v) = ((x[i] - 1.0 + x[i + 1] - 1.0) / 2f64.sqrt(), (x[i] - x[i + 1]) / 2f64.sqrt());
                let scale = 10f64.powf(4.0 * i as f64 / (n - 1) as f64);
                total += u * u + scale * v * v;
            }
            total
        };
        let found = minimise(f, vec![-2.0; 8], 1.0, 2000, 7);
        assert!(f(&found) < 1e-8, "{found:?}");
    }

    #[test]
    fn minimises_a_noisy_quadratic_in_the_mean() {
        // The mean recombines the best half: noise of the size of the differences still leaves it
        // near the minimum.
        let mut state = 99u64;
        let mut noise = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        let mut cma = Cma::new(vec![5.0; 4], 2.0, Some(16), 3);
        for _ in 0..200 {
            let points = cma.ask();
            let values: Vec<f64> =
                points.iter().map(|p| p.iter().map(|x| x * x).sum::<f64>() + 0.5 * noise()).collect();
            cma.tell(&points, &values);
        }
        let distance = cma.mean().iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!(distance < 0.5, "{:?}", cma.mean());
    }

    #[test]
    fn a_seed_replays_and_another_draws_differently() {
        let run = |seed| {
            let mut cma = Cma::new(vec![1.0, 2.0, 3.0], 0.5, None, seed);
            let points = cma.ask();
            let values: Vec<f64> = points.iter().map(|p| p.iter().sum()).collect();
            cma.tell(&points, &values);
            (points, cma.mean().to_vec())
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5).0, run(6).0);
    }
}
