//! The costs mode: the schedule's calibration, the time a work unit takes by the numbers on the board.

use super::{thread_cpu, tuned_bot, Config};
use linez::{effort_of_units, Game, Rules};

/// The costs mode: the wall-clock time a work unit took, over all moves and by the numbers on the
/// board (the schedule counts units, so these should be about equal), and on one thread the CPU
/// time (what a busy machine hardly changes: compare two versions by it, side by side).
pub(crate) fn costs(config: &Config, first: u64, last: u64, units: u64, threads: usize) {
    let bot = tuned_bot(config, config.weights).with_threads(threads);
    const BANDS: [u32; 7] = [0, 40, 45, 50, 55, 60, 65];
    let (mut nanos, mut cpu, mut spent, mut count) = ([0u128; 7], [0f64; 7], [0u64; 7], [0u64; 7]);
    for seed in first..=last {
        let mut game = Game::new(seed, Rules::default());
        while !game.is_over() {
            let turn = game.turn();
            let numbers = turn.board.occupied_cells().count_ones();
            let band = BANDS.iter().rposition(|&from| numbers >= from).expect("band");
            let cost = bot.sample_cost(&turn.board);
            let effort = effort_of_units(units, cost);
            let (start, cpu_start) = (std::time::Instant::now(), thread_cpu());
            let mv = bot.choose_with(&turn.board, turn.next_three, effort);
            nanos[band] += start.elapsed().as_nanos();
            cpu[band] += thread_cpu() - cpu_start;
            spent[band] += effort.units(cost);
            count[band] += 1;
            game.play(mv).expect("the bot plays legal moves");
        }
    }
    // The CPU time is the calling thread's: the whole move's on one thread only.
    let cpu_per_unit = |seconds: f64, units: u64| {
        if threads == 1 {
            format!(" cpu-ns/unit {:.0}", seconds * 1e9 / units as f64)
        } else {
            String::new()
        }
    };
    let total: u128 = nanos.iter().sum();
    let units_total: u64 = spent.iter().sum();
    println!(
        "all moves units {units_total} ns/unit {:.0}{}",
        total as f64 / units_total as f64,
        cpu_per_unit(cpu.iter().sum(), units_total)
    );
    for (band, from) in BANDS.iter().enumerate() {
        if spent[band] > 0 {
            println!(
                "numbers {from}+ moves {} units {} ns/unit {:.0}{}",
                count[band],
                spent[band],
                nanos[band] as f64 / spent[band] as f64,
                cpu_per_unit(cpu[band], spent[band])
            );
        }
    }
}
