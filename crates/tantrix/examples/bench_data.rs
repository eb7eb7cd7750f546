//! Writes `crates/tantrix/benches-data/50x20.in`, the benchmark input: 50 cases of 20 played tiles
//! each, from random legal games (the generator of `tests/properties.rs`, seeds 2006 on):
//! `cargo run -p tantrix --example bench_data` (from anywhere in the workspace).
use tantrix::{legal_moves, Board, Hex, Tile};
use test_support::rng::Rng;

/// Plays a random legal game from `seed` until `target` tiles are down (or the player to move is
/// stuck); returns the case's input text and how many tiles were played.
fn generate(seed: u64, target: usize) -> (String, usize) {
    let mut rng = Rng(seed);
    let mut bag = Tile::full_set();
    rng.shuffle(&mut bag);
    let first = bag.pop().unwrap().rotated(rng.below(6));
    let mut played = vec![(Hex::ORIGIN, first)];
    let mut hands: [Vec<Tile>; 2] = [bag.split_off(bag.len() - 5), bag.split_off(bag.len() - 5)];
    let mut player = 0;
    while played.len() < target {
        let board = Board::new(played.clone()).unwrap();
        let moves = legal_moves(&board, &hands[player]);
        if moves.is_empty() {
            break;
        }
        let chosen = moves[rng.below(moves.len())];
        played.push((chosen.cell, chosen.tile));
        hands[player].remove(chosen.hand_index);
        hands[player].push(bag.pop().expect("56 tiles last for 20 moves"));
        player ^= 1;
    }
    let hand: Vec<String> =
        hands[player].iter().map(|&tile| tile.rotated(rng.below(6)).to_string()).collect();
    let mut text = format!("{}\n", played.len());
    for (cell, tile) in &played {
        text += &format!("{} {} {}\n", cell.x, cell.y, tile);
    }
    (text + &hand.join(" ") + "\n", played.len())
}

fn main() {
    let mut text = String::from("50\n");
    let mut seed = 2005u64;
    let mut cases = 0;
    while cases < 50 {
        seed += 1;
        let (case, played) = generate(seed, 20);
        if played == 20 {
            text += &case;
            cases += 1;
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches-data/50x20.in");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    println!("wrote {}", path.display());
}
