//! Recovery from crowded boards, a low-noise yardstick for the endgame where games are lost:
//! `cargo run --release -p linez --example rescue -- collect FIRST LAST THRESHOLD FILE` saves, for
//! each seed, the first position of a self-play game with THRESHOLD+ numbers; `rescue -- run FILE
//! TRIALS CANDIDATES SAMPLES` replays each saved position TRIALS times with fresh random
//! placements (SplitMix64 seeded by position and trial) and reports how often the bot brings the
//! board back to 44 numbers (`LZ_GOAL`) or fewer before it fills. Weights as in `selfplay`
//! (`LINEZ_W`, `LINEZ_R`, `LINEZ_D`). With `LZ_DRIFT=M` each trial instead plays M moves (or until
//! the board fills, counted as 81 numbers) and the mean number of numbers at the end is reported:
//! a continuous, lower-noise measure of how fast the bot clears a crowded board. `LZ_OUT=FILE`
//! writes each trial's end count (for paired comparisons); `LZ_FIRST_TRIAL=N` numbers the trials
//! from N (fresh placements for a replication).

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
    // Trials are numbered from LZ_FIRST_TRIAL (default 0): a fresh set of placements for a replication.
    let first_trial: u64 = std::env::var("LZ_FIRST_TRIAL").map_or(0, |t| t.parse().expect("trial"));
    let drift: Option<u64> = std::env::var("LZ_DRIFT").ok().map(|m| m.parse().expect("moves"));
    let (mut saved, mut total, mut moves_sum) = (0u64, 0u64, 0u64);
    let mut end_counts: Vec<f64> = Vec::new();
    for (index, chunk) in lines.chunks(10).enumerate() {
        let turn = linez::parse_turn(&(chunk.join("\n") + "\n")).expect("turn");
        let mut ok_here = 0;
        for trial in first_trial..first_trial + trials {
            let mut rng = SplitMix64::new((index as u64) * 1000 + trial);
            let (mut board, mut next): (Board, [u8; 3]) = (turn.board, turn.next_three);
            let mut moves = 0u64;
            let saved_now = loop {
                if let Some(limit) = drift {
                    if moves >= limit {
                        break true;
                    }
                } else if board.occupied_cells().count_ones() <= goal || moves >= 150 {
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
            end_counts.push(if saved_now { f64::from(board.occupied_cells().count_ones()) } else { 81.0 });
            saved += u64::from(saved_now);
            ok_here += u64::from(saved_now);
            total += 1;
            moves_sum += moves;
        }
        let _ = CELLS;
        eprint!("{ok_here}");
    }
    eprintln!();
    if let Ok(path) = std::env::var("LZ_OUT") {
        let text: Vec<String> = end_counts.iter().map(|c| c.to_string()).collect();
        std::fs::write(path, text.join("\n") + "\n").expect("write LZ_OUT");
    }
    let (mean, error) = support::mean_and_error(&end_counts);
    println!("numbers at the end {mean:.2} +- {error:.2}");
    println!(
        "saved {saved}/{total} = {:.3}  moves/trial {:.1}",
        saved as f64 / total as f64,
        moves_sum as f64 / total as f64
    );
}
