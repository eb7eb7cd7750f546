//! A tournament's cross table: each pair of engines' score against each other (`12.5/20`, the row's
//! points of the games the pair played), and each engine's total. A won game is 1 point, a drawn
//! one 1/2 (a game without draws never gives halves).

use std::fmt::Write as _;

/// The engines (in the order they were given) and every pair's points and games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CrossTable {
    names: Vec<String>,
    /// `points[i][j]`: engine i's points in its games against engine j.
    points: Vec<Vec<f64>>,
    /// `games[i][j]`: the games engines i and j played (symmetric).
    games: Vec<Vec<usize>>,
}

impl CrossTable {
    /// A table of `names` with no games yet.
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> CrossTable {
        let mut table = CrossTable::default();
        for name in names {
            table.engine(&name.into());
        }
        table
    }

    /// The index of the engine `name`, added (with no games) where it is new.
    pub fn engine(&mut self, name: &str) -> usize {
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return i;
        }
        self.names.push(name.to_string());
        for row in &mut self.points {
            row.push(0.0);
        }
        for row in &mut self.games {
            row.push(0);
        }
        let n = self.names.len();
        self.points.push(vec![0.0; n]);
        self.games.push(vec![0; n]);
        n - 1
    }

    /// Counts one game between engines `i` and `j` in which `i` scored `score` (1 a win, 1/2 a
    /// draw, 0 a loss).
    ///
    /// # Panics
    /// If `i == j`, an index is out of range, or `score` is not within 0..=1.
    pub fn add(&mut self, i: usize, j: usize, score: f64) {
        assert!(i != j, "an engine does not play itself");
        assert!((0.0..=1.0).contains(&score), "a game's score is 0, 1/2 or 1");
        self.points[i][j] += score;
        self.points[j][i] += 1.0 - score;
        self.games[i][j] += 1;
        self.games[j][i] += 1;
    }

    /// Counts a game won by `winner` against `loser`, adding engines that are new.
    pub fn add_win(&mut self, winner: &str, loser: &str) {
        let (i, j) = (self.engine(winner), self.engine(loser));
        self.add(i, j, 1.0);
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Engine `i`'s points against engine `j`.
    pub fn points(&self, i: usize, j: usize) -> f64 {
        self.points[i][j]
    }

    /// The games engines `i` and `j` played.
    pub fn games(&self, i: usize, j: usize) -> usize {
        self.games[i][j]
    }

    /// Engine `i`'s points and games over all its opponents.
    pub fn total(&self, i: usize) -> (f64, usize) {
        (self.points[i].iter().sum(), self.games[i].iter().sum())
    }

    /// The table as text, engines in `order` (e.g. by rating): a row per engine, its total, then its
    /// score against each column's engine (`-` on the diagonal and for pairs that did not play).
    ///
    /// ```text
    ///    engine   total      1      2      3
    /// 1  bot    40/40        -  20/20  20/20
    /// 2  uct    12/40     0/20      -  12/20
    /// 3  random  8/40     0/20   8/20      -
    /// ```
    pub fn render(&self, order: &[usize]) -> String {
        let cell = |i: usize, j: usize| {
            if i == j || self.games[i][j] == 0 {
                "-".to_string()
            } else {
                score_text(self.points[i][j], self.games[i][j])
            }
        };
        let totals: Vec<String> = order
            .iter()
            .map(|&i| {
                let (points, games) = self.total(i);
                score_text(points, games)
            })
            .collect();
        let name_width = order.iter().map(|&i| self.names[i].len()).max().unwrap_or(0).max("engine".len());
        let total_width = totals.iter().map(String::len).max().unwrap_or(0).max("total".len());
        let column_width = order
            .iter()
            .flat_map(|&i| order.iter().map(move |&j| (i, j)))
            .map(|(i, j)| cell(i, j).len())
            .max()
            .unwrap_or(1)
            .max(order.len().to_string().len());
        let rank_width = order.len().to_string().len();
        let mut out = String::new();
        let _ = write!(out, "{:rank_width$}  {:<name_width$}  {:>total_width$}", "", "engine", "total");
        for k in 1..=order.len() {
            let _ = write!(out, "  {k:>column_width$}");
        }
        out.push('\n');
        for (rank, (&i, total)) in order.iter().zip(&totals).enumerate() {
            let _ = write!(
                out,
                "{:>rank_width$}  {:<name_width$}  {total:>total_width$}",
                rank + 1,
                self.names[i]
            );
            for &j in order {
                let _ = write!(out, "  {:>column_width$}", cell(i, j));
            }
            out.push('\n');
        }
        out
    }
}

/// `12.5/20`, `12/20`: points (whole, or to the half point) of games.
pub fn score_text(points: f64, games: usize) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}/{games}")
    } else {
        format!("{points:.1}/{games}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_add_up_by_pair_and_total() {
        let mut table = CrossTable::new(["a", "b"]);
        table.add_win("a", "b");
        table.add_win("b", "a");
        table.add_win("a", "c");
        let (a, b) = (table.engine("a"), table.engine("b"));
        table.add(a, b, 0.5);
        assert_eq!(table.names(), ["a", "b", "c"]);
        assert_eq!((table.points(a, b), table.points(b, a), table.games(a, b)), (1.5, 1.5, 3));
        assert_eq!((table.points(0, 2), table.points(2, 0), table.games(2, 0)), (1.0, 0.0, 1));
        assert_eq!(table.total(0), (2.5, 4));
        assert_eq!(table.total(2), (0.0, 1));
        assert_eq!(table.games(1, 2), 0);
    }

    #[test]
    fn the_table_renders_in_the_order_asked() {
        let mut table = CrossTable::new(["uct", "bot", "random"]);
        for _ in 0..20 {
            table.add_win("bot", "uct");
            table.add_win("bot", "random");
        }
        for k in 0..20 {
            if k < 12 {
                table.add_win("uct", "random");
            } else {
                table.add_win("random", "uct");
            }
        }
        let text = table.render(&[1, 0, 2]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   engine  total      1      2      3");
        assert_eq!(lines[1], "1  bot     40/40      -  20/20  20/20");
        assert_eq!(lines[2], "2  uct     12/40   0/20      -  12/20");
        assert_eq!(lines[3], "3  random   8/40   0/20   8/20      -");
        assert_eq!(score_text(12.5, 20), "12.5/20");
        assert_eq!(score_text(0.0, 3), "0/3");
    }
}
