//! The search's own view of the openings: red's win rate after each first move, blue to move and
//! no swap, from the bot's search of that position (`hex::analyse`, a fresh tree each). Too flat to
//! decide the swap table (see crates/hex/RESULTS.md, "Swap and opening"):
//! `cargo run --release -p hex --example measure_openings` (`HEX_MEASURE_PLAYOUTS`, default 20,000).
use hex::{Cell, Color, Game, Move, SIZE};

fn main() {
    let playouts: u32 =
        std::env::var("HEX_MEASURE_PLAYOUTS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let mut table = String::new();
    for row in 0..SIZE {
        table.push_str(&" ".repeat(row * 2));
        for col in 0..SIZE {
            let cell = Cell::new(row, col).expect("on the board");
            let mut game = Game::new();
            game.play(Move::Place(cell)).expect("the first move is legal");
            assert_eq!(game.to_move(), Color::Blue);
            let analysis = hex::analyse(&game, Some(cell), playouts, cell.index() as u64 + 1);
            table.push_str(&format!("{:3.0} ", 100.0 * (1.0 - analysis.value)));
        }
        table.push('\n');
    }
    println!("red win % after each first move ({playouts} playouts each):\n{table}");
}
