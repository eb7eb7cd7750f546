//! An SVG picture of a game's final board: the rhombus with red's edges (top, bottom) and blue's
//! (left, right), every stone numbered by the move that placed it, and the winning chain outlined.

use crate::record::Record;
use hex::{Cell, Color, Game, Move, SIZE};
use std::fmt::Write;

const RADIUS: f64 = 18.0;
const RED: &str = "#d7263d";
const BLUE: &str = "#1b6ec2";

/// The centre of `cell`'s hexagon: rows go down and shift half a cell right each time.
fn centre(row: f64, col: f64) -> (f64, f64) {
    let width = 3f64.sqrt() * RADIUS;
    (70.0 + width * (col + row / 2.0), 100.0 + 1.5 * RADIUS * row)
}

fn hexagon(x: f64, y: f64, radius: f64) -> String {
    (0..6)
        .map(|k| {
            let angle = std::f64::consts::PI / 180.0 * (60.0 * k as f64 - 30.0);
            format!("{:.1},{:.1}", x + radius * angle.cos(), y + radius * angle.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The stones of `color` in groups that touch both of its sides.
fn winning_chain(game: &Game, color: Color) -> Vec<bool> {
    let on_side = |cell: Cell, far: bool| {
        let line = match color {
            Color::Red => cell.row(),
            Color::Blue => cell.col(),
        };
        line == if far { SIZE - 1 } else { 0 }
    };
    // Flood fill from one side through the library's adjacency.
    let reach = |far: bool| {
        let mut seen = vec![false; hex::CELLS];
        let mut stack: Vec<Cell> =
            Cell::all().filter(|&c| on_side(c, far) && game.board().get(c) == Some(color)).collect();
        for cell in &stack {
            seen[cell.index()] = true;
        }
        while let Some(cell) = stack.pop() {
            for next in cell.neighbours() {
                if !seen[next.index()] && game.board().get(next) == Some(color) {
                    seen[next.index()] = true;
                    stack.push(next);
                }
            }
        }
        seen
    };
    let (near, far) = (reach(false), reach(true));
    near.iter().zip(&far).map(|(&a, &b)| a && b).collect()
}

/// Renders the final position of `record` (its moves replayed through the rules).
///
/// # Errors
/// A move in the record that is illegal when replayed.
pub fn render(record: &Record) -> Result<String, String> {
    let mut game = Game::new();
    let mut number = vec![0usize; hex::CELLS];
    for (index, &mv) in record.moves.iter().enumerate() {
        game.play(mv).map_err(|e| format!("game {}: move {} ({mv}): {e}", record.game, index + 1))?;
        let placed = match mv {
            Move::Place(cell) => cell,
            Move::Swap => game.board().first_stone().expect("a swapped stone"),
        };
        number[placed.index()] = index + 1;
    }
    let chain = winning_chain(&game, record.winner);
    let n = SIZE as f64;
    let corner = centre(n, n);
    let (width, height) = (corner.0 + 30.0, corner.1 + 20.0);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let title = format!("Game {}: {} (red) vs {} (blue)", record.game, record.red, record.blue);
    let result = format!(
        "{} ({}) wins by {} after {} moves",
        record.winner_name(),
        record.winner,
        record.reason.as_str(),
        record.moves.len()
    );
    let _ = writeln!(svg, "<text x=\"10\" y=\"20\" font-size=\"14\">{}</text>", escape(&title));
    let _ = writeln!(svg, "<text x=\"10\" y=\"38\" font-size=\"14\">{}</text>", escape(&result));
    // The four edges, one row or column outside the board; red owns top and bottom.
    let edge = |from: (f64, f64), to: (f64, f64), color: &str| {
        format!(
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{color}\" stroke-width=\"5\"/>\n",
            from.0, from.1, to.0, to.1
        )
    };
    svg.push_str(&edge(centre(-1.0, -0.5), centre(-1.0, n - 0.5), RED));
    svg.push_str(&edge(centre(n, -0.5), centre(n, n - 0.5), RED));
    svg.push_str(&edge(centre(-0.5, -1.0), centre(n - 0.5, -1.0), BLUE));
    svg.push_str(&edge(centre(-0.5, n), centre(n - 0.5, n), BLUE));
    for cell in Cell::all() {
        let (x, y) = centre(cell.row() as f64, cell.col() as f64);
        let fill = match game.board().get(cell) {
            Some(Color::Red) => RED,
            Some(Color::Blue) => BLUE,
            None => "#f2f2f2",
        };
        let _ = writeln!(
            svg,
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#666\" stroke-width=\"1\"><title>{cell}</title></polygon>",
            hexagon(x, y, RADIUS)
        );
        if chain[cell.index()] {
            let _ = writeln!(
                svg,
                "<polygon points=\"{}\" fill=\"none\" stroke=\"#ffc300\" stroke-width=\"3\"/>",
                hexagon(x, y, RADIUS - 3.0)
            );
        }
        if number[cell.index()] > 0 {
            let _ = writeln!(
                svg,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"white\" text-anchor=\"middle\">{}</text>",
                y + 4.0,
                number[cell.index()]
            );
        }
    }
    for i in 0..SIZE {
        let (x, y) = centre(-1.7, i as f64 + 0.85);
        let _ = writeln!(
            svg,
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            y + 4.0,
            (b'a' + i as u8) as char
        );
        let (x, y) = centre(i as f64, -1.7);
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            x,
            y + 4.0,
            i + 1
        );
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
