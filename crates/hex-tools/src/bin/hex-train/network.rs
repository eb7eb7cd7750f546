//! The value network's input frame and its text file (`hex-train value`): one-hot stones read in the
//! side to move's frame, the board transposed for blue so that the mover always joins top and bottom.

use hex::{Color, CELLS, SIZE};

/// The inputs: the mover's stones (`0..CELLS`), then the opponent's.
pub const INPUTS: usize = 2 * CELLS;

/// The input of a stone of `owner` on `cell` when `to_move` is to play.
pub fn input(cell: usize, owner: Color, to_move: Color) -> usize {
    let frame_cell = match to_move {
        Color::Red => cell,
        Color::Blue => (cell % SIZE) * SIZE + cell / SIZE,
    };
    if owner == to_move {
        frame_cell
    } else {
        CELLS + frame_cell
    }
}

/// A network of `hidden` units as text (`hex-train value --out`): `hidden H` on the first line, then
/// every weight, one a line, in the order the hidden layer input by input (`H` each), its biases,
/// the output weights, the output bias.
pub fn network_text(hidden: usize, weights: &[f32]) -> String {
    let mut text = format!("hidden {hidden}\n");
    for w in weights {
        text.push_str(&format!("{w}\n"));
    }
    text
}

/// Reads the text of [`network_text`]. Returns `H` and the weights.
pub fn parse_network(text: &str) -> Result<(usize, Vec<f32>), String> {
    let mut lines = text.lines();
    let hidden: usize = lines
        .next()
        .and_then(|l| l.strip_prefix("hidden "))
        .and_then(|h| h.trim().parse().ok())
        .filter(|&h| h > 0)
        .ok_or("line 1: expected `hidden N`")?;
    let weights: Vec<f32> = lines
        .enumerate()
        .map(|(k, l)| l.trim().parse().map_err(|_| format!("line {}: expected a number", k + 2)))
        .collect::<Result<_, _>>()?;
    let expected = INPUTS * hidden + 2 * hidden + 1;
    if weights.len() != expected {
        return Err(format!("{} weights, expected {expected}", weights.len()));
    }
    Ok((hidden, weights))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_is_read_with_its_errors() {
        let written: Vec<f32> = (0..INPUTS + 3).map(|k| k as f32 / 4.0 - 7.3).collect();
        let text = network_text(1, &written);
        assert!(text.starts_with("hidden 1\n-7.3\n-7.05\n"));
        assert_eq!(parse_network(&text).unwrap(), (1, written));
        assert!(parse_network("hidden 1\n0.5\n").unwrap_err().contains("weights, expected"));
        assert!(parse_network("hidden x\n").unwrap_err().starts_with("line 1"));
        assert!(parse_network("hidden 1\nfoo\n").unwrap_err().starts_with("line 2"));
    }

    #[test]
    fn the_frame_makes_blue_a_transposed_red() {
        // A blue stone on (r, c) with blue to move is the input of a red stone on (c, r) with red
        // to move: the mover's own stone at the transposed cell.
        for cell in 0..CELLS {
            let transposed = (cell % SIZE) * SIZE + cell / SIZE;
            assert_eq!(input(cell, Color::Blue, Color::Blue), input(transposed, Color::Red, Color::Red));
            assert_eq!(input(cell, Color::Red, Color::Blue), CELLS + transposed);
            assert_eq!(input(cell, Color::Blue, Color::Red), CELLS + cell);
            assert!(input(cell, Color::Red, Color::Red) < INPUTS);
        }
    }
}
