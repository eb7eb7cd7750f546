//! Ratings fitted to a whole tournament at once: the Bradley-Terry model in logistic Elo, as Ordo
//! and BayesElo fit it, by maximum likelihood over every game of the cross table.
//!
//! Engine i scores against engine j with expectation `E = 1 / (1 + 10^((r_j - r_i) / 400))`; a game
//! scores 1, 1/2 or 0, and the log-likelihood of the table is `sum over ordered pairs of
//! points(i, j) * ln E(i, j)`. Only differences are identified, so the ratings are anchored with
//! **their mean at 0**.
//!
//! **The prior.** An engine that won (or lost) every game has no finite maximum: its rating runs
//! off to infinity. As BayesElo does, every pair that played gets virtual draws
//! ([`PRIOR_DRAWS`] of them: half a point each way per draw) before the fit; the prior pulls the
//! ratings toward each other by a little (a pair's 20-0 reads about +600, not +inf), and is the
//! same for every pair that played.
//!
//! **The intervals** come from the observed information, the negated Hessian of the log-likelihood
//! at the fit: `I(i, i) = sum_j n_ij p_ij (1 - p_ij)`, `I(i, j) = -n_ij p_ij (1 - p_ij)` (in the
//! natural scale, `ln 10 / 400` per Elo point). `I` is singular along "all ratings + c"; under the
//! mean-0 anchor the covariance of the ratings is its pseudo-inverse,
//! `C = (I + J / n)^-1 - J / n` (`J` all ones), and a rating's 95% interval is `± 1.96 sqrt(C_ii)`,
//! a difference's `± 1.96 sqrt(C_ii + C_jj - 2 C_ij)`.

use super::crosstable::CrossTable;
use std::fmt::Write as _;

/// Virtual draws added to every pair that played (see the module's documentation).
pub const PRIOR_DRAWS: f64 = 1.0;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// Elo points per natural-log unit of odds: `400 / ln 10`.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// The fit: every engine's rating (mean 0) and their covariance, in Elo.
#[derive(Clone, Debug)]
pub struct Ratings {
    /// Ratings in logistic Elo, in the table's engine order, with mean 0.
    pub elo: Vec<f64>,
    /// The covariance of the ratings (Elo squared) under the mean-0 anchor.
    pub covariance: Vec<Vec<f64>>,
}

impl Ratings {
    /// Fits `table` with `prior_draws` virtual draws for every pair that played ([`PRIOR_DRAWS`]
    /// is what the referees use; 0 is the plain maximum likelihood, which diverges where an engine
    /// won or lost every game).
    ///
    /// # Errors
    /// No engines, or the games do not connect every engine to every other (then only the
    /// ratings within each connected group would be defined).
    pub fn fit(table: &CrossTable, prior_draws: f64) -> Result<Ratings, String> {
        let n = table.len();
        if n == 0 {
            return Err("no engines to rate".to_string());
        }
        // The points and games the likelihood sees: the table's, plus the prior's draws.
        let mut points = vec![vec![0.0; n]; n];
        let mut games = vec![vec![0.0; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j && table.games(i, j) > 0 {
                    points[i][j] = table.points(i, j) + prior_draws / 2.0;
                    games[i][j] = table.games(i, j) as f64 + prior_draws;
                }
            }
        }
        let model = Model { points, games };
        let mut theta = vec![0.0; n];
        for _ in 0..200 {
            let gradient = model.gradient(&theta);
            if gradient.iter().all(|g| g.abs() < 1e-10) {
                break;
            }
            let covariance = model.covariance(&theta)?;
            let step: Vec<f64> =
                (0..n).map(|i| (0..n).map(|j| covariance[i][j] * gradient[j]).sum()).collect();
            // Newton's step on a concave function, halved until the likelihood does not drop.
            let before = model.log_likelihood(&theta);
            let mut scale = 1.0;
            loop {
                let next: Vec<f64> = theta.iter().zip(&step).map(|(t, s)| t + scale * s).collect();
                let after = model.log_likelihood(&next);
                if after >= before - 1e-12 || scale < 1e-6 {
                    theta = next;
                    break;
                }
                scale /= 2.0;
            }
            let mean = theta.iter().sum::<f64>() / n as f64;
            theta.iter_mut().for_each(|t| *t -= mean);
        }
        let covariance = model.covariance(&theta)?;
        Ok(Ratings {
            elo: theta.iter().map(|t| t * ELO_PER_NAT).collect(),
            covariance: covariance
                .iter()
                .map(|row| row.iter().map(|c| c * ELO_PER_NAT * ELO_PER_NAT).collect())
                .collect(),
        })
    }

    /// Half the width of engine `i`'s 95% interval, in Elo.
    pub fn interval(&self, i: usize) -> f64 {
        Z95 * self.covariance[i][i].max(0.0).sqrt()
    }

    /// `r_i - r_j` and half the width of its 95% interval, in Elo.
    pub fn difference(&self, i: usize, j: usize) -> (f64, f64) {
        let c = &self.covariance;
        (self.elo[i] - self.elo[j], Z95 * (c[i][i] + c[j][j] - 2.0 * c[i][j]).max(0.0).sqrt())
    }

    /// The engines from the highest rating down.
    pub fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.elo.len()).collect();
        order.sort_by(|&a, &b| self.elo[b].total_cmp(&self.elo[a]).then(a.cmp(&b)));
        order
    }

    /// The rating list, highest first: `1. bot  +512 ± 95  58/60`, a line an engine.
    pub fn render(&self, table: &CrossTable) -> String {
        let order = self.order();
        let width = order.iter().map(|&i| table.names()[i].len()).max().unwrap_or(0);
        let rank_width = order.len().to_string().len();
        let mut out = String::new();
        for (rank, &i) in order.iter().enumerate() {
            let (points, games) = table.total(i);
            let _ = writeln!(
                out,
                "{:>rank_width$}. {:<width$}  {:>+5.0} ± {:>3.0}   {} ({:.1}%)",
                rank + 1,
                table.names()[i],
                self.elo[i],
                self.interval(i),
                super::crosstable::score_text(points, games),
                100.0 * points / games.max(1) as f64,
            );
        }
        out
    }
}

/// The likelihood's data: points and games (the prior's included) of every ordered pair.
struct Model {
    points: Vec<Vec<f64>>,
    games: Vec<Vec<f64>>,
}

/// The logistic function: the expected score at a difference `x` in natural units.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    fn log_likelihood(&self, theta: &[f64]) -> f64 {
        let n = theta.len();
        let mut sum = 0.0;
        for i in 0..n {
            for j in 0..n {
                if self.points[i][j] > 0.0 {
                    // ln logistic(x) = -ln(1 + e^-x), computed without overflow.
                    let x = theta[i] - theta[j];
                    sum -=
                        self.points[i][j] * if x > 0.0 { (-x).exp().ln_1p() } else { -x + x.exp().ln_1p() };
                }
            }
        }
        sum
    }

    /// The gradient: each engine's points less its expected points.
    fn gradient(&self, theta: &[f64]) -> Vec<f64> {
        let n = theta.len();
        (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| j != i)
                    .map(|j| self.points[i][j] - self.games[i][j] * logistic(theta[i] - theta[j]))
                    .sum()
            })
            .collect()
    }

    /// The pseudo-inverse of the observed information at `theta` (the covariance under the mean-0
    /// anchor): `(I + J / n)^-1 - J / n`.
    fn covariance(&self, theta: &[f64]) -> Result<Vec<Vec<f64>>, String> {
        let n = theta.len();
        let mut information = vec![vec![1.0 / n as f64; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j && self.games[i][j] > 0.0 {
                    let p = logistic(theta[i] - theta[j]);
                    let w = self.games[i][j] * p * (1.0 - p);
                    information[i][i] += w;
                    information[i][j] -= w;
                }
            }
        }
        let mut inverse = invert(information)
            .ok_or("the games do not connect every engine with every other: no common scale")?;
        for row in &mut inverse {
            row.iter_mut().for_each(|c| *c -= 1.0 / n as f64);
        }
        Ok(inverse)
    }
}

/// The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting; `None` when
/// it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inverse: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect()).collect();
    let scale = a.iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() <= 1e-12 * scale.max(1.0) {
            return None;
        }
        a.swap(col, pivot);
        inverse.swap(col, pivot);
        let d = a[col][col];
        a[col].iter_mut().for_each(|v| *v /= d);
        inverse[col].iter_mut().for_each(|v| *v /= d);
        for row in 0..n {
            if row != col && a[row][col] != 0.0 {
                let f = a[row][col];
                for k in 0..n {
                    a[row][k] -= f * a[col][k];
                    inverse[row][k] -= f * inverse[col][k];
                }
            }
        }
    }
    Some(inverse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo;

    /// A table of `names` where `results[(i, j)] = (wins of i, games)`.
    fn table(names: &[&str], results: &[(usize, usize, usize, usize)]) -> CrossTable {
        let mut table = CrossTable::new(names.iter().copied());
        for &(i, j, wins, games) in results {
            for k in 0..games {
                table.add(i, j, if k < wins { 1.0 } else { 0.0 });
            }
        }
        table
    }

    #[test]
    fn the_fit_of_a_consistent_table_is_its_closed_form() {
        // Strengths 4 : 2 : 1 (e^theta) expect a 2/3 score of a against b and of b against c, 4/5 of
        // a against c. A table whose scores are exactly those expectations (4 of 6, 4 of 6, 4 of 5)
        // makes the likelihood's gradient zero there, so the maximum is r = 400 log10(4, 2, 1),
        // anchored at mean 0: a = +400 log10(2) = +120.41, b = 0, c = -120.41.
        let t = table(&["a", "b", "c"], &[(0, 1, 4, 6), (1, 2, 4, 6), (0, 2, 4, 5)]);
        let fit = Ratings::fit(&t, 0.0).unwrap();
        let step = 400.0 * 2f64.log10();
        for (got, want) in fit.elo.iter().zip([step, 0.0, -step]) {
            assert!((got - want).abs() < 1e-6, "{:?}", fit.elo);
        }
        // The information by hand at the fit: each pair's n p (1 - p) is 6 * 2/9 = 4/3 (a-b, b-c)
        // and 5 * 4/25 = 4/5 (a-c); b's variance in natural units is the pseudo-inverse's (1, 1).
        let (ab, bc, ac) = (4.0 / 3.0, 4.0 / 3.0, 0.8);
        let information = [[ab + ac, -ab, -ac], [-ab, ab + bc, -bc], [-ac, -bc, ac + bc]];
        let n = 3.0;
        let shifted: Vec<Vec<f64>> =
            information.iter().map(|row| row.iter().map(|v| v + 1.0 / n).collect()).collect();
        let inverse = invert(shifted).unwrap();
        for (i, row) in inverse.iter().enumerate() {
            for (j, value) in row.iter().enumerate() {
                let want = (value - 1.0 / n) * ELO_PER_NAT * ELO_PER_NAT;
                assert!((fit.covariance[i][j] - want).abs() < 1e-6, "{i} {j}");
            }
        }
        // The difference a - c has the variance of 1/I restricted to the pair's direction; its
        // estimate is a's and c's ratings' difference.
        let (difference, half) = fit.difference(0, 2);
        assert!((difference - 2.0 * step).abs() < 1e-6);
        let c = &fit.covariance;
        assert!((half - Z95 * (c[0][0] + c[2][2] - 2.0 * c[0][2]).sqrt()).abs() < 1e-9);
        assert!(fit.interval(1) > 0.0 && fit.order() == [0, 1, 2]);
    }

    #[test]
    fn the_gradient_is_zero_at_the_fit_of_an_inconsistent_table() {
        // a beats b 14/20, b beats c 13/20, but c beats a 9/20: no closed form, still a maximum.
        let t = table(&["a", "b", "c"], &[(0, 1, 14, 20), (1, 2, 13, 20), (0, 2, 11, 20)]);
        let fit = Ratings::fit(&t, PRIOR_DRAWS).unwrap();
        let theta: Vec<f64> = fit.elo.iter().map(|e| e / ELO_PER_NAT).collect();
        let pairs = |value: &dyn Fn(usize, usize) -> f64| -> Vec<Vec<f64>> {
            (0..3).map(|i| (0..3).map(|j| if i == j { 0.0 } else { value(i, j) }).collect()).collect()
        };
        let points = pairs(&|i, j| t.points(i, j) + PRIOR_DRAWS / 2.0);
        let games = pairs(&|i, j| t.games(i, j) as f64 + PRIOR_DRAWS);
        let model = Model { points, games };
        assert!(model.gradient(&theta).iter().all(|g| g.abs() < 1e-8));
        assert!(fit.elo.iter().sum::<f64>().abs() < 1e-9, "anchored at mean 0");
        // Each pair's own result (its Elo from its score) lies within the fit's interval of the
        // pair's difference.
        for (i, j) in [(0, 1), (1, 2), (0, 2)] {
            let own = elo(t.points(i, j) / t.games(i, j) as f64);
            let (difference, half) = fit.difference(i, j);
            assert!((own - difference).abs() <= half, "{i}-{j}: own {own}, fit {difference} ± {half}");
        }
    }

    #[test]
    fn perfect_scores_stay_finite_with_the_prior() {
        // a won every game, c lost every game: no finite maximum without the prior.
        let t = table(&["a", "b", "c"], &[(0, 1, 20, 20), (1, 2, 20, 20), (0, 2, 20, 20)]);
        let fit = Ratings::fit(&t, PRIOR_DRAWS).unwrap();
        assert!(fit.elo.iter().all(|e| e.is_finite()));
        assert!(fit.elo[0] > fit.elo[1] && fit.elo[1] > fit.elo[2], "{:?}", fit.elo);
        assert!(fit.elo[0] > 300.0 && fit.elo[0] < 1000.0, "{:?}", fit.elo);
        assert!((0..3).all(|i| fit.interval(i).is_finite() && fit.interval(i) > 0.0));
        let text = fit.render(&t);
        assert!(text.starts_with("1. a  "), "{text}");
        assert!(text.lines().nth(2).unwrap().starts_with("3. c  "), "{text}");
        assert!(text.contains(" ± ") && text.contains("40/40 (100.0%)"), "{text}");
    }

    #[test]
    fn a_gauntlet_is_connected_and_disconnected_tables_are_refused() {
        let gauntlet = table(&["a", "b", "c"], &[(0, 1, 12, 20), (0, 2, 15, 20)]);
        let fit = Ratings::fit(&gauntlet, PRIOR_DRAWS).unwrap();
        assert_eq!(fit.order(), [0, 1, 2]);
        let apart = table(&["a", "b", "c", "d"], &[(0, 1, 12, 20), (2, 3, 15, 20)]);
        assert!(Ratings::fit(&apart, PRIOR_DRAWS).unwrap_err().contains("connect"));
        assert!(Ratings::fit(&CrossTable::default(), 1.0).is_err());
    }
}
