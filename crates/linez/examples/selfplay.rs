//! In-process self-play for tuning the bot: `cargo run --release -p linez --example selfplay -- FIRST LAST [CANDIDATES SAMPLES [MAX_MOVES]]`.
//! Without CANDIDATES SAMPLES the bot's own schedule for a 20 s budget; `LINEZ_SHOW=1` prints every position.
//! Plays seeds FIRST..=LAST with the default rules, a few lines per game (its level first: the mean
//! numbers on the board from move 40, 81 after a loss up to MAX_MOVES), then the means.

mod support;

use linez::bot::Effort;
use linez::game::{Game, Rules};
use linez::Bot;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (first, last) = (args[0], args[1]);
    let fixed = if args.len() >= 4 {
        Some(Effort { candidates: args[2] as usize, samples: args[3] as usize })
    } else {
        None
    };
    let max_moves = args.get(4).copied().unwrap_or(u64::MAX);
    let mut scores = Vec::new();
    // The level: numbers on the board per turn from turn 40 on (81 for turns after a loss, up to
    // MAX_MOVES), a whole-game measure of how full the bot keeps the board (lower is better).
    let mut levels = Vec::new();
    for seed in first..=last {
        let mut game = Game::new(seed, Rules::default());
        let mut bot = Bot::with_weights(Duration::from_secs(20), support::weights());
        let start = Instant::now();
        let mut moved = [0u32; 81];
        let (mut line_balls, mut relocations, mut lines) = (0u64, 0u64, 0u64);
        // Non-scoring moves before each line, counted on turns with 30+ numbers on the board:
        // 3 placed numbers per such move break even with lines of 5 at 5/3 per line.
        let (mut quiet_run, mut quiet_before_line) = (0usize, [0u64; 8]);
        let (mut level_sum, mut level_turns) = (0u64, 0u64);
        while !game.is_over() && game.moves() < max_moves {
            let turn = game.turn();
            if game.moves() >= 40 {
                level_sum += u64::from(turn.board.occupied_cells().count_ones());
                level_turns += 1;
            }
            let mv = match fixed {
                Some(effort) => bot.choose_with(&turn.board, turn.next_three, effort),
                None => bot.choose(&turn.board, turn.next_three),
            };
            let step = game.play(mv).expect("legal");
            if turn.board.occupied_cells().count_ones() >= 30 {
                if step.removal.count > 0 {
                    quiet_before_line[quiet_run.min(7)] += 1;
                    quiet_run = 0;
                } else {
                    quiet_run += 1;
                }
            }
            moved[mv.to] = moved[mv.from] + 1;
            moved[mv.from] = 0;
            if step.removal.count > 0 {
                lines += 1;
                for cell in linez::cells_of(step.removal.cells) {
                    line_balls += 1;
                    relocations += u64::from(moved[cell].min(1));
                    moved[cell] = 0;
                }
            }
            for &(cell, _) in &step.placed {
                moved[cell] = 0;
            }
            if std::env::var("LINEZ_SHOW").is_ok() {
                println!(
                    "{}next {:?} move {mv} removed {} placed-removed {} score {}",
                    turn.board,
                    turn.next_three,
                    step.removal.count,
                    step.placement_removed,
                    game.score()
                );
            }
        }
        let secs = start.elapsed().as_secs_f64();
        if max_moves != u64::MAX && max_moves > 40 {
            level_sum += 81 * (max_moves - game.moves().max(40));
            level_turns += max_moves - game.moves().max(40);
        }
        levels.push(level_sum as f64 / level_turns.max(1) as f64);
        println!("  level {:.2}", levels[levels.len() - 1]);
        println!(
            "seed {seed} score {} moves {} time {secs:.2}s over {} move-lines {lines} balls/line {:.2} moved/line {:.2}",
            game.score(),
            game.moves(),
            game.is_over(),
            line_balls as f64 / lines.max(1) as f64,
            relocations as f64 / lines.max(1) as f64
        );
        let crowded_lines: u64 = quiet_before_line.iter().sum();
        let quiet: u64 = quiet_before_line.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
        println!(
            "  quiet moves before a line with 30+ numbers (0, 1, 2, ..., 7+): {quiet_before_line:?}, {:.2} per line",
            quiet as f64 / crowded_lines.max(1) as f64
        );
        scores.push(game.score() as f64);
    }
    let (mean, error) = support::mean_and_error(&scores);
    println!("mean {mean:.1} +- {error:.1}");
    let (level, level_error) = support::mean_and_error(&levels);
    println!("level {level:.2} +- {level_error:.2}");
}
