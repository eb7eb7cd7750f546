//! The costs mode: the schedule's calibration, the time a work unit takes by the numbers on the board.

use super::{thread_cpu, tuned_bot, Config};
use linez::{effort_of_units, Board, Bot, Chosen, Effort, Game, Rules};

/// The numbers on the board from which a move is crowded (its samples roll out) and in the death
/// phase: the phases of a profile.
const CROWDED_FROM: u32 = 40;
const DEATH_FROM: u32 = 52;

/// The move of one phase's function.
type Choose = fn(&Bot, &Board, [u8; 3], Effort) -> Chosen;

/// The move of one phase, each its own function never inlined, so that a profiler can count one
/// phase alone (`black_box` keeps the three apart, or the linker folds them into one):
/// `valgrind --tool=callgrind --toggle-collect='*choose_death' linez-tune costs ..`.
#[inline(never)]
fn choose_open(bot: &Bot, board: &Board, next_three: [u8; 3], effort: Effort) -> Chosen {
    std::hint::black_box(0);
    bot.search_with(board, next_three, effort)
}

#[inline(never)]
fn choose_crowded(bot: &Bot, board: &Board, next_three: [u8; 3], effort: Effort) -> Chosen {
    std::hint::black_box(1);
    bot.search_with(board, next_three, effort)
}

#[inline(never)]
fn choose_death(bot: &Bot, board: &Board, next_three: [u8; 3], effort: Effort) -> Chosen {
    std::hint::black_box(2);
    bot.search_with(board, next_three, effort)
}

/// The costs mode: the wall-clock time a work unit took, over all moves and by the numbers on the
/// board (the schedule counts units, so these should be about equal; the units the searches took,
/// which successive halving's early stops make fewer than the efforts'), and on one thread the CPU
/// time (what a busy machine hardly changes: compare two versions by it, side by side). Each
/// phase's moves (open, crowded from 40 numbers, the death phase from 52) go through a function of
/// their own, for a profiler.
pub(crate) fn costs(config: &Config, first: u64, last: u64, units: u64, threads: usize) {
    let bot = tuned_bot(config, config.weights).with_threads(threads);
    const BANDS: [u32; 7] = [0, 40, 45, 50, 55, 60, 65];
    let (mut nanos, mut cpu, mut spent, mut count) = ([0u128; 7], [0f64; 7], [0u64; 7], [0u64; 7]);
    // By phase: open, crowded, death.
    let (mut phase_cpu, mut phase_units, mut phase_moves) = ([0f64; 3], [0u64; 3], [0u64; 3]);
    for seed in first..=last {
        let mut game = Game::new(seed, Rules::default());
        while !game.is_over() {
            let turn = game.turn();
            let numbers = turn.board.occupied_cells().count_ones();
            let band = BANDS.iter().rposition(|&from| numbers >= from).expect("band");
            let cost = bot.sample_cost(&turn.board);
            let effort = effort_of_units(units, cost);
            let (start, cpu_start) = (std::time::Instant::now(), thread_cpu());
            let (phase, choose): (usize, Choose) = match numbers {
                n if n >= DEATH_FROM => (2, choose_death),
                n if n >= CROWDED_FROM => (1, choose_crowded),
                _ => (0, choose_open),
            };
            let chosen = choose(&bot, &turn.board, turn.next_three, effort);
            nanos[band] += start.elapsed().as_nanos();
            let took = thread_cpu() - cpu_start;
            cpu[band] += took;
            // The units taken, not the effort's: successive halving may stop early.
            let taken = chosen.units(cost);
            spent[band] += taken;
            count[band] += 1;
            phase_cpu[phase] += took;
            phase_units[phase] += taken;
            phase_moves[phase] += 1;
            game.play(chosen.mv).expect("the bot plays legal moves");
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
    for (phase, name) in ["open", "crowded", "death"].iter().enumerate() {
        if phase_units[phase] > 0 {
            println!(
                "phase {name} moves {} units {}{}",
                phase_moves[phase],
                phase_units[phase],
                cpu_per_unit(phase_cpu[phase], phase_units[phase])
            );
        }
    }
}
