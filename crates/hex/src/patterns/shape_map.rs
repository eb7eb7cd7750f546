//! The table of the 12-cell shapes' ln weight corrections: a small open-addressing hash map
//! from shape code to weight ([`ShapeMap`]).

use super::LN_SCALE;

/// The 12-cell table as an open-addressing hash map (linear probing, at most half full): a
/// few thousand entries fit the cache, where a dense array over all 3^12 codes (2 MB) missed it at
/// nearly every lookup in the search's expansions.
#[derive(Clone, Debug)]
pub(super) struct ShapeMap {
    /// `code + 1` in each used slot, 0 in a free one.
    keys: Vec<u32>,
    pub(super) values: Vec<f32>,
    /// 32 minus log2 of the slot count: the hash is the product's top bits.
    shift: u32,
}

impl ShapeMap {
    /// Room for `entries` codes.
    pub(super) fn with_room(entries: usize) -> ShapeMap {
        let slots = (2 * entries + 2).next_power_of_two();
        ShapeMap { keys: vec![0; slots], values: vec![0.0; slots], shift: 32 - slots.trailing_zeros() }
    }

    /// The first slot to probe for `code` (Fibonacci hashing).
    #[inline]
    fn home(&self, code: usize) -> usize {
        ((code as u32).wrapping_mul(0x9E37_79B9) >> self.shift) as usize
    }

    pub(super) fn insert(&mut self, code: usize, value: f32) {
        let mut slot = self.home(code);
        while self.keys[slot] != 0 && self.keys[slot] != code as u32 + 1 {
            slot = (slot + 1) & (self.keys.len() - 1);
        }
        self.keys[slot] = code as u32 + 1;
        self.values[slot] = value;
    }

    /// The value of `code` times `LN_SCALE` (an integer: the values are dequantized bytes), 0 if
    /// absent.
    #[inline]
    pub(super) fn get_sixteenths(&self, code: usize) -> i32 {
        let mut slot = self.home(code);
        loop {
            match self.keys[slot] {
                0 => return 0,
                key if key == code as u32 + 1 => return (self.values[slot] * LN_SCALE) as i32,
                _ => slot = (slot + 1) & (self.keys.len() - 1),
            }
        }
    }

    /// The value of `code`, 0 if absent.
    #[cfg(test)]
    pub(super) fn get(&self, code: usize) -> f32 {
        let mut slot = self.home(code);
        loop {
            match self.keys[slot] {
                0 => return 0.0,
                key if key == code as u32 + 1 => return self.values[slot],
                _ => slot = (slot + 1) & (self.keys.len() - 1),
            }
        }
    }
}
