//! The bot's own search's view of the openings: red's win rate after each first move, with blue to
//! move and no swap, by the bot's search of one position (`hex::analyse`, a fresh tree seeded by
//! the cell). Too flat to decide the swap (crates/hex/RESULTS.md, "Swap and opening"):
//! `cargo run --release -p hex --features tuning --example measure_openings [PLAYOUTS]`
//! (default 20,000 playouts a cell).

use hex::{analyse, Board, Cell, Color, Game, SIZE};

fn main() {
    let playouts: u32 = std::env::args().nth(1).map_or(20_000, |n| n.parse().expect("PLAYOUTS: a number"));
    println!("red win % after each first move ({playouts} playouts each):");
    for row in 0..SIZE {
        let mut line = " ".repeat(row * 2);
        for col in 0..SIZE {
            let cell = Cell::new(row, col).expect("on the board");
            let mut board = Board::new();
            board.set(cell, Some(Color::Red));
            let game = Game::from_position(board, Color::Blue);
            let analysis = analyse(&game, Some(cell), playouts, cell.index() as u64 + 1);
            line.push_str(&format!("{:3.0} ", 100.0 * (1.0 - analysis.value)));
        }
        println!("{line}");
    }
}
