//! The match's seeds: each game's, from the master seed, and the shuffle of the forced openings.

use hex::Cell;

/// SplitMix64: the per-game seeds and the opening shuffle.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` (0-based) in a match with master seed `seed`; small enough for any
/// engine's seed option (below 2^31).
pub fn game_seed(seed: u64, index: usize) -> u64 {
    let mut state = seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut state) >> 33
}

/// Shuffles `cells` by `seed` (Fisher-Yates).
pub fn shuffle_cells(cells: &mut [Cell], seed: u64) {
    let mut state = seed;
    for i in (1..cells.len()).rev() {
        let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_fixed_and_distinct() {
        let seeds: Vec<u64> = (0..100).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds, (0..100).map(|i| game_seed(1, i)).collect::<Vec<_>>());
        let mut unique = seeds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 100);
        assert!(seeds.iter().all(|&s| s < 1 << 31));
    }
}
