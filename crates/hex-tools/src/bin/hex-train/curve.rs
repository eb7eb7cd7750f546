//! `hex-train curve DIR`: the self-play loop's curve (crates/hex-tools/selfplay-loop.sh) from its
//! `gates.txt`, `curve.txt` and `cpu.txt`: two Markdown tables (the gates, with the best network's
//! Elo ladder summed from the gates it passed; the yardsticks on the judge's clock, with the
//! self-play games and core-hours spent) and, with `--svg FILE`, a plot of the yardsticks' Elo
//! with their 95% intervals against the self-play games.

use std::collections::BTreeMap;
use std::fmt::Write as _;

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

fn read_lines(dir: &str, name: &str) -> Result<Vec<Fields>, String> {
    let path = format!("{dir}/{name}");
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(text.lines().filter(|l| !l.trim().is_empty()).map(fields).collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{path}: {e}")),
    }
}

/// One yardstick result: iteration, self-play games, Elo, its interval.
struct Point {
    games: f64,
    elo: f64,
    low: f64,
    high: f64,
}

/// Prints the tables; writes the plot to `svg` if given.
pub fn run(dir: &str, svg: Option<&str>) -> Result<(), String> {
    let gates = read_lines(dir, "gates.txt")?;
    let yardsticks = read_lines(dir, "curve.txt")?;
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
