//! The crowded mode: the death phase alone, from the stored positions of `crowded-positions.txt`,
//! paired across versions by common random numbers (the game's own later numbers and cells).

use super::{mean_and_error, play_at, tuned_bot, Config, CROWDED_POSITIONS};
use linez::{Bot, Game, Move, Rules};

/// The stored positions of `seed` (see `crowded-positions.txt`): its game replayed to each mark.
pub(crate) fn crowded_positions(seed: u64) -> Result<Vec<Game>, String> {
    let line = CROWDED_POSITIONS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find(|line| line.split(' ').next() == Some(seed.to_string().as_str()))
        .ok_or_else(|| format!("crowded: no stored positions for seed {seed}"))?;
    let fields: Vec<&str> = line.split(' ').collect();
    let [_, marks, moves] = fields[..] else { return Err(format!("crowded: bad line for seed {seed}")) };
    let marks: Vec<u64> = marks.split(',').map(|m| m.parse().expect("a stored mark")).collect();
    let cells: Vec<usize> = moves.bytes().map(|b| usize::from(b - 40)).collect();
    let mut game = Game::new(seed, Rules::default());
    let mut found = Vec::new();
    for pair in cells.chunks(2) {
        if marks.contains(&game.moves()) {
            found.push(game.clone());
        }
        game.play(Move { from: pair[0], to: pair[1] }).map_err(|e| format!("crowded: seed {seed}: {e}"))?;
    }
    found.push(game);
    Ok(found)
}

/// The crowded mode.
pub(crate) fn crowded(
    config: &Config,
    first: u64,
    last: u64,
    units: u64,
    horizon: u64,
) -> Result<(), String> {
    let bot = tuned_bot(config, config.weights);
    let (mut survived, mut deaths, mut spent) = (Vec::new(), 0, 0);
    for seed in first..=last {
        for mut game in crowded_positions(seed)? {
            let (start, score, numbers) =
                (game.moves(), game.score(), game.board().occupied_cells().count_ones());
            let (moves, units_taken) = play_for(&bot, &mut game, units, horizon);
            println!(
                "position {seed}/{start} numbers {numbers} moves {moves} points {} full {} units {units_taken}",
                game.score() - score,
                game.is_over()
            );
            survived.push(moves as f64);
            deaths += usize::from(game.is_over());
            spent += units_taken;
        }
    }
    let (mean, error) = mean_and_error(&survived);
    let moves: f64 = survived.iter().sum();
    println!(
        "positions {} full {deaths} ({:.1}%) moves survived {mean:.2} +- {error:.2} of {horizon}, \
units a move {:.0}",
        survived.len(),
        100.0 * deaths as f64 / survived.len() as f64,
        spent as f64 / moves.max(1.0)
    );
    Ok(())
}

/// Plays `game` on at `units` a move until it is over or `horizon` moves were played; returns
/// the moves played and the units their searches took.
fn play_for(bot: &Bot, game: &mut Game, units: u64, horizon: u64) -> (u64, u64) {
    let (start, mut spent) = (game.moves(), 0);
    while !game.is_over() && game.moves() - start < horizon {
        spent += play_at(bot, game, units);
    }
    (game.moves() - start, spent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use linez::{Weights, GAME_BUDGET};

    #[test]
    fn stored_positions_are_where_the_board_first_holds_52_and_then_58_numbers() {
        let mut positions = 0;
        for seed in 1001..=1200 {
            let found = crowded_positions(seed).expect("stored");
            assert_eq!(found.len(), 2, "seed {seed}");
            // Replayed move by move, the board first reaches each threshold at the stored position.
            let mut game = Game::new(seed, Rules::default());
            for (position, threshold) in found.iter().zip([52, 58]) {
                while game.board().occupied_cells().count_ones() < threshold {
                    assert!(game.moves() < position.moves(), "seed {seed}: {threshold} reached late");
                    let line =
                        CROWDED_POSITIONS.lines().find(|l| l.starts_with(&format!("{seed} "))).unwrap();
                    let bytes = line.rsplit(' ').next().unwrap().as_bytes();
                    let at = 2 * game.moves() as usize;
                    game.play(Move {
                        from: usize::from(bytes[at] - 40),
                        to: usize::from(bytes[at + 1] - 40),
                    })
                    .unwrap();
                }
                assert_eq!(game.moves(), position.moves(), "seed {seed}");
                assert_eq!(game.board(), position.board(), "seed {seed}");
                assert!(!position.is_over());
                positions += 1;
            }
        }
        assert_eq!(positions, 400);
        assert!(crowded_positions(1201).is_err());
    }

    #[test]
    fn weights_scaled_together_play_the_same_moves() {
        // The evaluation and the rollout values are sums of weighted counts: every weight but
        // the percentage and the switch times 4 gives the same moves (what would allow finer
        // integer steps).
        let mut scaled = Weights::default();
        for w in scaled.window.iter_mut().chain(scaled.plan.iter_mut()) {
            *w *= 4;
        }
        for w in [
            &mut scaled.isolated,
            &mut scaled.stranded,
            &mut scaled.follow_up_line,
            &mut scaled.point,
            &mut scaled.loss,
            &mut scaled.plan_ways,
            &mut scaled.useful2,
            &mut scaled.useful3,
        ] {
            *w *= 4;
        }
        let bot = |weights| Bot::with_weights(GAME_BUDGET, weights).without_clock().with_threads(1);
        let (plain, times4) = (bot(Weights::default()), bot(scaled));
        for start in (1001..=1003).flat_map(|seed| crowded_positions(seed).expect("stored")) {
            let (mut a, mut b) = (start.clone(), start);
            for _ in 0..12 {
                if a.is_over() {
                    break;
                }
                play_at(&plain, &mut a, 300);
                play_at(&times4, &mut b, 300);
                assert_eq!(a.board(), b.board());
            }
        }
    }
}
