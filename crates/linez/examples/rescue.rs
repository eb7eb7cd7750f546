//! Recovery from crowded boards, a low-noise yardstick for the endgame where games are lost:
//! `cargo run --release -p linez --example rescue -- collect FIRST LAST THRESHOLD FILE` saves, for
//! each seed, the first position of a self-play game with THRESHOLD+ numbers; `rescue -- run FILE
//! TRIALS CANDIDATES SAMPLES` replays each saved position TRIALS times with fresh random
//! placements (SplitMix64 seeded by position and trial) and reports how often the bot brings the
//! board back to 40 numbers or fewer before it fills. Weights as in `selfplay` (`LINEZ_W`, `LINEZ_X`).

mod support;

use linez::bot::Effort;
use linez::game::{Game, Rules, SplitMix64};
use linez::{Board, Bot, CELLS};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| args[i].parse::<u64>().expect("number");
    if args[0] == "collect" {
        let (first, last, threshold) = (num(1), num(2), num(3) as u32);
        let mut out = String::new();
        for seed in first..=last {
            let mut game = Game::new(seed, Rules::default());
            let bot = Bot::new(Duration::from_secs(20));
            while !game.is_over() {
                let turn = game.turn();
                if turn.board.occupied_cells().count_ones() >= threshold {
                    out.push_str(&turn.to_string());
                    break;
                }
                let mv =
                    bot.choose_with(&turn.board, turn.next_three, Effort { candidates: 16, samples: 30 });
                game.play(mv).expect("legal");
            }
        }
        std::fs::write(&args[4], out).expect("write");
        return;
    }
    let text = std::fs::read_to_string(&args[1]).expect("read");
    let (trials, effort) = (num(2), Effort { candidates: num(3) as usize, samples: num(4) as usize });
    let lines: Vec<&str> = text.lines().collect();
    let bot = Bot::with_weights(Duration::from_secs(20), support::weights());
    let goal: u32 = std::env::var("LZ_GOAL").map_or(44, |g| g.parse().expect("goal"));
    let (mut saved, mut total, mut moves_sum) = (0u64, 0u64, 0u64);
    for (index, chunk) in lines.chunks(10).enumerate() {
        let turn = linez::parse_turn(&(chunk.join("\n") + "\n")).expect("turn");
        let mut ok_here = 0;
        for trial in 0..trials {
            let mut rng = SplitMix64::new((index as u64) * 1000 + trial);
            let (mut board, mut next): (Board, [u8; 3]) = (turn.board, turn.next_three);
            let mut moves = 0u64;
            let saved_now = loop {
                if board.occupied_cells().count_ones() <= goal || moves >= 150 {
                    break true;
                }
                let mv = bot.choose_with(&board, next, effort);
                moves += 1;
                if board.apply_move(mv).expect("legal").count > 0 {
                    continue;
                }
                let mut placed = 0u128;
                for colour in next {
                    let empties = board.empty_list();
                    if empties.is_empty() {
                        break;
                    }
                    let at = empties[rng.below(empties.len() as u64) as usize];
                    board.set(at, colour);
                    placed |= 1u128 << at;
                }
                board.remove_lines_through(placed);
                if board.is_full() {
                    break false;
                }
                if board.is_clear() {
                    break true;
                }
                next = [0; 3].map(|_: u8| 1 + rng.below(7) as u8);
            };
            saved += u64::from(saved_now);
            ok_here += u64::from(saved_now);
            total += 1;
            moves_sum += moves;
        }
        let _ = CELLS;
        eprint!("{ok_here}");
    }
    eprintln!();
    println!(
        "saved {saved}/{total} = {:.3}  moves/trial {:.1}",
        saved as f64 / total as f64,
        moves_sum as f64 / total as f64
    );
}
