//! SVG pictures: the board at a chosen move, and the score over the game.

use std::fmt::Write as _;

use linez::{cell, Board, Convention, Move, SIZE};

/// Fill colours of the numbers 1..=7 (index 0 unused).
const PALETTE: [&str; 8] =
    ["#ffffff", "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4"];
const CELL: usize = 40;
const MARGIN: usize = 30;
/// Room above the grid for the title and the column labels.
const TOP: usize = 50;

/// The board as an SVG picture: numbered discs, row and column labels in `convention`, the
/// nextThree below and, if given, the move played from this position as an arrow.
pub fn board_svg(
    board: &Board,
    next_three: [u8; 3],
    played: Option<Move>,
    title: &str,
    convention: Convention,
) -> String {
    let side = SIZE * CELL;
    let (width, height) = (side + 2 * MARGIN, TOP + side + MARGIN + 50);
    let mut svg = svg_start(width, height, MARGIN, title);
    for index in 0..SIZE {
        let (x_offset, y_offset) = (MARGIN + index * CELL + CELL / 2, TOP + index * CELL + CELL / 2);
        // Label rows and columns as the answers name them (letter/digit per the convention).
        let (row_label, column_label) = match convention {
            Convention::LetterIsRow => ((b'A' + index as u8) as char, (b'1' + index as u8) as char),
            Convention::LetterIsColumn => ((b'1' + index as u8) as char, (b'A' + index as u8) as char),
        };
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="12" text-anchor="middle">{row_label}</text>"#,
            MARGIN / 2,
            y_offset + 4
        );
        let _ = writeln!(
            svg,
            r#"<text x="{x_offset}" y="{}" font-size="12" text-anchor="middle">{column_label}</text>"#,
            TOP - 8
        );
    }
    for row in 0..SIZE {
        for column in 0..SIZE {
            let (x, y) = (MARGIN + column * CELL, TOP + row * CELL);
            let _ = writeln!(
                svg,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f4f4f4" stroke="#999"/>"##
            );
            let colour = board.get(cell(row, column));
            if colour != 0 {
                disc(&mut svg, x + CELL / 2, y + CELL / 2, colour);
            }
        }
    }
    if let Some(mv) = played {
        let centre = |c: usize| (MARGIN + (c % SIZE) * CELL + CELL / 2, TOP + (c / SIZE) * CELL + CELL / 2);
        let ((x1, y1), (x2, y2)) = (centre(mv.from), centre(mv.to));
        let _ = writeln!(
            svg,
            r#"<defs><marker id="head" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="black"/></marker></defs>"#
        );
        let _ = writeln!(
            svg,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="black" stroke-width="3" marker-end="url(#head)" opacity="0.7"/>"#
        );
    }
    let base = TOP + side + 30;
    let _ = writeln!(svg, r#"<text x="{MARGIN}" y="{}" font-size="14">next:</text>"#, base + 5);
    for (index, &colour) in next_three.iter().enumerate() {
        disc(&mut svg, MARGIN + 60 + index * CELL, base, colour);
    }
    svg.push_str("</svg>\n");
    svg
}

fn disc(svg: &mut String, x: usize, y: usize, colour: u8) {
    let fill = PALETTE[usize::from(colour).min(7)];
    let _ = writeln!(svg, r#"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="black"/>"#, CELL / 2 - 4);
    let _ =
        writeln!(svg, r#"<text x="{x}" y="{}" font-size="14" text-anchor="middle">{colour}</text>"#, y + 5);
}

/// The score after each move (`scores[m]` after `m` moves) as a line chart with labelled axes.
pub fn score_svg(scores: &[u64], title: &str) -> String {
    let (width, height, left, bottom, top, right) = (640.0, 400.0, 60.0, 40.0, 30.0, 20.0);
    let moves = scores.len().saturating_sub(1).max(1) as f64;
    let top_score = scores.iter().copied().max().unwrap_or(0).max(1) as f64;
    let x_of = |m: f64| left + (width - left - right) * m / moves;
    let y_of = |s: f64| height - bottom - (height - bottom - top) * s / top_score;
    let mut svg = svg_start(width, height, left, title);
    let (x0, y0, x1, y1) = (left, height - bottom, width - right, top);
    let _ = writeln!(svg, r#"<path d="M{x0},{y1} L{x0},{y0} L{x1},{y0}" fill="none" stroke="black"/>"#);
    for tick in 0..=4 {
        let (m, s) = (moves * tick as f64 / 4.0, top_score * tick as f64 / 4.0);
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{}" font-size="11" text-anchor="middle">{:.0}</text>"#,
            x_of(m),
            y0 + 15.0,
            m
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{:.1}" font-size="11" text-anchor="end">{:.0}</text>"#,
            x0 - 5.0,
            y_of(s) + 4.0,
            s
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" font-size="12" text-anchor="middle">move</text>"#,
        (x0 + x1) / 2.0,
        height - 5.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="14" y="{}" font-size="12" transform="rotate(-90 14 {})" text-anchor="middle">score</text>"#,
        (y0 + y1) / 2.0,
        (y0 + y1) / 2.0
    );
    let mut points = String::new();
    for (m, &s) in scores.iter().enumerate() {
        let _ = write!(points, "{:.1},{:.1} ", x_of(m as f64), y_of(s as f64));
    }
    let _ = writeln!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#4363d8" stroke-width="1.5"/>"##,
        points.trim_end()
    );
    svg.push_str("</svg>\n");
    svg
}

/// The opening of a picture: the `<svg>` element, a white background and the title at `title_x`.
fn svg_start(
    width: impl std::fmt::Display,
    height: impl std::fmt::Display,
    title_x: impl std::fmt::Display,
    title: &str,
) -> String {
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(svg, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    let _ = writeln!(svg, r#"<text x="{title_x}" y="18" font-size="14">{}</text>"#, escape(title));
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_svg_draws_one_disc_per_number_and_the_move() {
        let mut board = Board::new();
        board.set(cell(0, 0), 3);
        board.set(cell(8, 8), 7);
        let svg = board_svg(
            &board,
            [1, 2, 3],
            Some(Move { from: cell(0, 0), to: cell(4, 4) }),
            "t<1>",
            Convention::LetterIsRow,
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<circle").count(), 2 + 3); // board numbers + nextThree
        assert_eq!(svg.matches("<line ").count(), 1);
        assert!(svg.contains("t&lt;1&gt;"));
    }

    #[test]
    fn score_svg_has_one_point_per_entry() {
        let svg = score_svg(&[0, 0, 10, 23], "scores");
        let points = svg.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(points.split(' ').count(), 4);
        assert!(score_svg(&[0], "empty").contains("<polyline"));
    }
}
