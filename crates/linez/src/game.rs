//! Seeded game generation (SplitMix64 streams) and the open-rule switches (work in progress).

/// The SplitMix64 generator exactly as the spec writes it (all arithmetic mod 2^64).
///
/// Every tool that follows the spec replays the same games from the same seed, so this must
/// not change: the unit tests pin its outputs against an independent Python implementation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first step adds the golden gamma to `state`.
    pub fn new(state: u64) -> SplitMix64 {
        SplitMix64 { state }
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n` by rejection: outputs `>= 2^64 - (2^64 mod n)` are redrawn.
    ///
    /// # Panics
    /// If `n == 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        // 2^64 mod n, computed without 128-bit arithmetic: (2^64 - n) mod n.
        let excess = n.wrapping_neg() % n;
        let limit = 0u64.wrapping_sub(excess); // 2^64 - excess; 0 stands for 2^64 (no rejection)
        loop {
            let out = self.next_u64();
            if excess == 0 || out < limit {
                return out % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Every pinned value below was computed with `tools/linez_gen.py`, an independent Python
    // implementation of the spec using big integers (e.g. `python3 tools/linez_gen.py raw 0 3`).

    #[test]
    fn splitmix64_matches_the_reference_outputs() {
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 16294208416658607535); // 0xE220A8397B1DCDAF, the published value
        assert_eq!(rng.next_u64(), 7960286522194355700);
        assert_eq!(rng.next_u64(), 487617019471545679);
        let mut rng = SplitMix64::new(u64::MAX);
        assert_eq!(rng.next_u64(), 16490336266968443936);
        assert_eq!(rng.next_u64(), 16834447057089888969);
    }

    #[test]
    fn below_matches_the_reference_draws() {
        let mut rng = SplitMix64::new(3);
        let draws: Vec<u64> = (0..10).map(|_| rng.below(7)).collect();
        assert_eq!(draws, [2, 3, 6, 0, 3, 1, 1, 0, 5, 3]);
        let mut rng = SplitMix64::new(4);
        let draws: Vec<u64> = (0..5).map(|_| rng.below(81)).collect();
        assert_eq!(draws, [40, 76, 36, 36, 43]);
    }

    #[test]
    fn below_rejects_outputs_in_the_incomplete_last_block() {
        // n = 2^63 + 1: the limit is 2^63 + 1, so the first output of state 0 (about 1.6e19)
        // is rejected and the second (about 8.0e18) is returned as is.
        let mut rng = SplitMix64::new(0);
        let n = (1u64 << 63) + 1;
        let draws: Vec<u64> = (0..4).map(|_| rng.below(n)).collect();
        assert_eq!(
            draws,
            [7960286522194355700, 487617019471545679, 1961750202426094747, 6038094601263162090]
        );
        // Powers of two never reject: below(2^k) is the low k bits of each output.
        let mut plain = SplitMix64::new(9);
        let mut masked = SplitMix64::new(9);
        for _ in 0..100 {
            assert_eq!(masked.below(64), plain.next_u64() & 63);
        }
        let mut rng = SplitMix64::new(1);
        assert!((0..100).all(|_| rng.below(1) == 0));
    }
}
