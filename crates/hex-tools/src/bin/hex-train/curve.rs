//! `hex-train curve DIR`: the self-play loop's curve (crates/hex-tools/selfplay-loop.sh) from its
//! `gates.txt`, `curve.txt` and `cpu.txt`: two Markdown tables (the gates, with the best network's
//! Elo ladder summed from the gates it passed; the yardsticks on the judge's clock, with the
//! self-play games and core-hours spent) and, with `--svg FILE`, a plot of the yardsticks' Elo
//! with their 95% intervals against the self-play games. `--extra FILE` adds yardstick games
//! played apart from the loop (more openings, the same line format): a network's games against an
//! opponent are pooled, since 40 games a point (about ± 110 Elo) leave the slope uncertain. Each
//! opponent's least-squares line of Elo against log2(self-play games) is the curve's slope a
//! doubling, the number a projection to a stronger yardstick is made from.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use match_kit::stats;

/// One line of the loop's files: its `key=value` fields.
type Fields = BTreeMap<String, String>;

fn fields(line: &str) -> Fields {
    line.split_whitespace()
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// An Elo field as a number (`+inf`/`-inf` and a missing field as ±800, the plot's edge).
fn elo(fields: &Fields, key: &str) -> f64 {
    match fields.get(key).map(String::as_str) {
        Some("+inf") | None => 800.0,
        Some("-inf") => -800.0,
        Some(text) => text.parse().unwrap_or(0.0),
    }
}

fn get<'a>(fields: &'a Fields, key: &str) -> &'a str {
    fields.get(key).map_or("?", String::as_str)
}

/// A loop file's lines; none where the loop has not written it yet.
fn read_lines(dir: &str, name: &str) -> Result<Vec<Fields>, String> {
    let path = format!("{dir}/{name}");
    if !std::path::Path::new(&path).exists() {
        return Ok(Vec::new());
    }
    read_file(&path)
}

fn read_file(path: &str) -> Result<Vec<Fields>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(text.lines().filter(|l| !l.trim().is_empty()).map(fields).collect())
}

/// The yardstick lines with the same iteration and opponent pooled into one (wins, games and late
/// answers summed, the Elo and its interval recomputed), in the order of their first line.
fn pooled(lines: Vec<Fields>) -> Vec<Fields> {
    let key = |f: &Fields| (get(f, "iteration").to_string(), get(f, "opponent").to_string());
    let count = |f: &Fields, k: &str| get(f, k).parse::<usize>().unwrap_or(0);
    let mut out: Vec<Fields> = Vec::new();
    for line in lines {
        match out.iter_mut().find(|f| key(f) == key(&line)) {
            None => out.push(line),
            Some(first) => {
                let (wins, games) =
                    (count(first, "wins") + count(&line, "wins"), count(first, "of") + count(&line, "of"));
                let late = count(first, "late") + count(&line, "late");
                let (elo, low, high) = stats::elo_interval(wins, games);
                for (k, v) in [
                    ("wins", wins.to_string()),
                    ("of", games.to_string()),
                    ("late", late.to_string()),
                    ("elo", stats::format_elo(elo)),
                    ("low", stats::format_elo(low)),
                    ("high", stats::format_elo(high)),
                ] {
                    first.insert(k.to_string(), v);
                }
            }
        }
    }
    out
}

/// The least-squares line of Elo against log2(games) through the points: `(Elo a doubling, the
/// line's Elo at the last point's games, points)`. None under 3 points, or where a point won or
/// lost every game: its Elo is infinite, and leaving it out would bias the line.
fn slope(points: &[Point]) -> Option<(f64, f64, usize)> {
    if points.len() < 3 || points.iter().any(|p| p.elo.abs() >= 800.0 || p.games <= 0.0) {
        return None;
    }
    let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.games.log2(), p.elo)).collect();
    let n = xy.len() as f64;
    let (mx, my) = (xy.iter().map(|p| p.0).sum::<f64>() / n, xy.iter().map(|p| p.1).sum::<f64>() / n);
    let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let b = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f64>() / sxx;
    let last = xy.last().map_or(mx, |p| p.0);
    Some((b, my + b * (last - mx), xy.len()))
}

/// One yardstick result: iteration, self-play games, Elo, its interval.
#[derive(Clone)]
struct Point {
    games: f64,
    elo: f64,
    low: f64,
    high: f64,
}

/// Prints the tables and each opponent's slope through the points from `fit_from` self-play games
/// on; pools `extra`'s yardstick lines with the loop's; writes the plot to `svg` if given.
pub fn run(dir: &str, extra: Option<&str>, fit_from: f64, svg: Option<&str>) -> Result<(), String> {
    let gates = read_lines(dir, "gates.txt")?;
    let mut yardsticks = read_lines(dir, "curve.txt")?;
    if let Some(path) = extra {
        yardsticks.extend(read_file(path)?);
    }
    let yardsticks = pooled(yardsticks);
    let cpu: BTreeMap<usize, f64> = read_lines(dir, "cpu.txt")?
        .iter()
        .filter_map(|f| Some((get(f, "iteration").parse().ok()?, get(f, "cpu_seconds").parse().ok()?)))
        .collect();
    let hours_to = |iteration: usize| cpu.range(..=iteration).fold(0.0, |sum, (_, s)| sum + s) / 3600.0;
    println!("| iteration | network | its wins against the best | Elo | verdict | the best's ladder | core-hours |");
    println!("|---|---|---|---|---|---|---|");
    let mut ladder = 0.0;
    for gate in &gates {
        let iteration: usize = get(gate, "iteration").parse().unwrap_or(0);
        if get(gate, "verdict") == "new-best" {
            ladder += elo(gate, "elo");
        }
        println!(
            "| {iteration} | {} | {} of {} ({}) | {} | {} | {ladder:+.0} | {:.2} |",
            get(gate, "net"),
            get(gate, "wins"),
            get(gate, "of"),
            get(gate, "best"),
            get(gate, "elo"),
            get(gate, "verdict"),
            hours_to(iteration)
        );
    }
    println!();
    println!("| iteration | self-play games | core-hours | network | opponent | wins | Elo (95%) | late |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut series: BTreeMap<String, Vec<Point>> = BTreeMap::new();
    for y in &yardsticks {
        let iteration: usize = get(y, "iteration").parse().unwrap_or(0);
        println!(
            "| {iteration} | {} | {:.2} | {} | {} | {} of {} | {} ({} .. {}) | {} |",
            get(y, "games"),
            hours_to(iteration),
            get(y, "best"),
            get(y, "opponent"),
            get(y, "wins"),
            get(y, "of"),
            get(y, "elo"),
            get(y, "low"),
            get(y, "high"),
            get(y, "late")
        );
        series.entry(get(y, "opponent").to_string()).or_default().push(Point {
            games: get(y, "games").parse().unwrap_or(0.0),
            elo: elo(y, "elo"),
            low: elo(y, "low"),
            high: elo(y, "high"),
        });
    }
    println!();
    for (name, points) in &series {
        let fitted: Vec<Point> = points.iter().filter(|p| p.games >= fit_from).cloned().collect();
        if let Some((per_doubling, at_last, n)) = slope(&fitted) {
            println!(
                "Against {name}: {per_doubling:+.0} Elo a doubling of self-play games (least squares through {n} \
                 points from {fit_from:.0} games), {at_last:+.0} at {:.0}.",
                fitted.last().map_or(0.0, |p| p.games)
            );
        }
    }
    if let Some(path) = svg {
        std::fs::write(path, plot(&series)).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

/// The yardsticks' Elo against the self-play games, one coloured line an opponent, each point with
/// its interval as a bar.
fn plot(series: &BTreeMap<String, Vec<Point>>) -> String {
    let (width, height, margin) = (720.0, 420.0, 60.0);
    let max_games = series.values().flatten().map(|p| p.games).fold(1.0, f64::max);
    let x = |games: f64| margin + (width - 2.0 * margin) * games / max_games;
    let y = |elo: f64| margin + (height - 2.0 * margin) * (800.0 - elo.clamp(-800.0, 800.0)) / 1600.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{margin}\" y=\"24\" font-size=\"15\">The self-play loop's best network on the judge's clock \
         (Elo, 95% interval)</text>\n"
    );
    for elo in (-800..=800).step_by(200) {
        let yy = y(f64::from(elo));
        let _ = writeln!(
            svg,
            "<line x1=\"{margin}\" y1=\"{yy}\" x2=\"{}\" y2=\"{yy}\" stroke=\"{}\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{elo:+}</text>",
            width - margin,
            if elo == 0 { "#888" } else { "#eee" },
            margin - 6.0,
            yy + 4.0
        );
    }
    for k in 0..=4 {
        let games = max_games * f64::from(k) / 4.0;
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{games:.0}</text>",
            x(games),
            height - margin + 18.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">self-play games</text>",
        width / 2.0,
        height - 16.0
    );
    let colours = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];
    for (k, (name, points)) in series.iter().enumerate() {
        let colour = colours[k % colours.len()];
        let line: Vec<String> = points.iter().map(|p| format!("{:.1},{:.1}", x(p.games), y(p.elo))).collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
            line.join(" ")
        );
        for p in points {
            let _ = writeln!(
                svg,
                "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"{colour}\"/>\
                 <circle cx=\"{0:.1}\" cy=\"{3:.1}\" r=\"3\" fill=\"{colour}\"/>",
                x(p.games),
                y(p.low),
                y(p.high),
                y(p.elo)
            );
        }
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" fill=\"{colour}\">against {name}</text>",
            width - margin - 120.0,
            margin + 16.0 * k as f64 + 12.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_elo_read_the_loop_lines() {
        let f = fields("iteration=5 games=10000 opponent=rave elo=-inf low=-inf high=+113 late=0");
        assert_eq!(get(&f, "opponent"), "rave");
        assert_eq!((elo(&f, "elo"), elo(&f, "high")), (-800.0, 113.0));
        assert_eq!(get(&f, "missing"), "?");
    }

    /// Two lines of one network and opponent become one of their summed games.
    #[test]
    fn pooled_sums_the_games_of_a_point() {
        let lines = vec![
            fields("iteration=5 games=10000 opponent=uct wins=30 of=40 elo=+191 late=1"),
            fields("iteration=5 games=10000 opponent=rave wins=0 of=40 elo=-inf late=0"),
            fields("iteration=5 games=10000 opponent=uct wins=60 of=120 elo=+0 late=2"),
        ];
        let out = pooled(lines);
        assert_eq!(out.len(), 2);
        assert_eq!((get(&out[0], "wins"), get(&out[0], "of"), get(&out[0], "late")), ("90", "160", "3"));
        let (pooled_elo, low, high) = stats::elo_interval(90, 160);
        assert_eq!(get(&out[0], "elo"), stats::format_elo(pooled_elo));
        assert_eq!((elo(&out[0], "low"), elo(&out[0], "high")), (low.round(), high.round()));
        assert_eq!(get(&out[1], "opponent"), "rave");
    }

    /// The slope of points on a line of +100 a doubling is +100; none with an infinite point.
    #[test]
    fn slope_fits_elo_against_doublings() {
        let point = |games: f64, elo: f64| Point { games, elo, low: elo, high: elo };
        let points = [point(1000.0, -800.0), point(2000.0, 0.0), point(4000.0, 100.0), point(16000.0, 300.0)];
        let (per_doubling, at_last, n) = slope(&points[1..]).unwrap();
        assert!((per_doubling - 100.0).abs() < 1e-9 && (at_last - 300.0).abs() < 1e-9 && n == 3);
        assert!(slope(&points).is_none(), "an infinite point");
        assert!(slope(&points[2..]).is_none(), "two points");
    }

    /// The plot has a line and a bar a point for each opponent, inside the frame.
    #[test]
    fn the_plot_draws_every_point() {
        let mut series = BTreeMap::new();
        series.insert(
            "uct".to_string(),
            vec![
                Point { games: 2000.0, elo: -300.0, low: -400.0, high: -200.0 },
                Point { games: 4000.0, elo: 50.0, low: -40.0, high: 140.0 },
            ],
        );
        let svg = plot(&series);
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains("against uct"));
        assert!(svg.contains("points=\"360.0,266.2 660.0,200.6\""), "{svg}");
    }
}
