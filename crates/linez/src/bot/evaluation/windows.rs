//! The 5-cell windows: which cells each holds, and per window its numbers by colour, counted
//! from scratch or updated through the cells a move or placement changes.

use super::Weights;
use crate::*;

/// Number of 5-cell windows: 45 in rows, 45 in columns, 25 on each diagonal direction.
pub(crate) const WINDOWS: usize = 140;
/// At most 20 windows contain one cell (5 per direction).
pub(crate) const MAX_WINDOWS_PER_CELL: usize = 20;

/// The 5-cell windows and, for each cell, the windows that contain it.
pub(crate) struct WindowTable {
    pub(crate) cells: [[u8; 5]; WINDOWS],
    pub(crate) masks: [CellSet; WINDOWS],
    pub(crate) of_cell: [[u8; MAX_WINDOWS_PER_CELL]; CELLS],
    pub(crate) of_cell_len: [u8; CELLS],
}

impl WindowTable {
    pub(crate) fn new() -> WindowTable {
        let mut table = WindowTable {
            cells: [[0; 5]; WINDOWS],
            masks: [0; WINDOWS],
            of_cell: [[0; MAX_WINDOWS_PER_CELL]; CELLS],
            of_cell_len: [0; CELLS],
        };
        let mut count = 0;
        for start in 0..CELLS {
            let (row, column) = ((start / SIZE) as isize, (start % SIZE) as isize);
            for (dr, dc) in crate::DIRECTIONS {
                let (end_row, end_column) = (row + 4 * dr, column + 4 * dc);
                if end_row >= SIZE as isize || end_column < 0 || end_column >= SIZE as isize {
                    continue;
                }
                for step in 0..5 {
                    let at = ((row + step * dr) * SIZE as isize + column + step * dc) as usize;
                    table.cells[count][step as usize] = at as u8;
                    table.masks[count] |= 1u128 << at;
                    let len = table.of_cell_len[at] as usize;
                    table.of_cell[at][len] = count as u8;
                    table.of_cell_len[at] += 1;
                }
                count += 1;
            }
        }
        assert_eq!(count, WINDOWS);
        table
    }

    #[inline]
    pub(crate) fn windows_of(&self, cell: Cell) -> &[u8] {
        &self.of_cell[cell][..self.of_cell_len[cell] as usize]
    }
}

/// Per window: how many numbers of each colour it holds, in total, and how many colours.
#[derive(Clone)]
pub(crate) struct WindowCounts {
    pub(crate) by_colour: [[u8; 8]; WINDOWS],
    pub(crate) numbers: [u8; WINDOWS],
    pub(crate) colours: [u8; WINDOWS],
    /// Bit `c` set if colour `c` is in the window.
    pub(crate) colour_set: [u8; WINDOWS],
    /// 1 if a colour holds three or more of the window's cells (at most one can), else 0: kept
    /// through the updates, so that the evaluation finds the mixed windows with an owner eight at
    /// a time ([`WindowCounts::window_set`]) instead of testing each mixed window's counts.
    pub(crate) owned: [u8; WINDOWS],
    /// Per colour, the cells holding it (index 0: the empty cells), kept with the windows so that
    /// each evaluation need not sort the board's numbers by colour again.
    pub(crate) of_colour: [CellSet; 8],
    /// Per colour, how many numbers it has on the board (index 0: the empty cells).
    pub(crate) supply: [u8; 8],
}

impl WindowCounts {
    pub(crate) fn new(table: &WindowTable, board: &Board) -> WindowCounts {
        let mut counts = WindowCounts {
            by_colour: [[0; 8]; WINDOWS],
            numbers: [0; WINDOWS],
            colours: [0; WINDOWS],
            colour_set: [0; WINDOWS],
            owned: [0; WINDOWS],
            of_colour: [0; 8],
            supply: [0; 8],
        };
        for (at, &colour) in board.colours().iter().enumerate() {
            counts.of_colour[colour as usize] |= cell_bit(at);
            counts.supply[colour as usize] += 1;
        }
        // Branch-free: every cell is counted, empty cells in slot 0 (which nothing else reads),
        // so the numbers are 5 minus that slot and the colours are the bits above bit 0.
        for (window, cells) in table.cells.iter().enumerate() {
            let mut set = 0u8;
            for &at in cells {
                let colour = board.get(at as usize) as usize;
                counts.by_colour[window][colour] += 1;
                set |= 1 << colour;
            }
            counts.numbers[window] = 5 - counts.by_colour[window][0];
            counts.colour_set[window] = set & !1;
            counts.colours[window] = (set & !1).count_ones() as u8;
            let numbers = u64::from_le_bytes(counts.by_colour[window]) & !0xFF;
            counts.owned[window] = u8::from(bytes_at_least(numbers, 3) != 0);
        }
        counts
    }

    /// The counts of `new`, derived from `self`, the counts of `old` ([`WindowCounts::update`] of
    /// a copy). Inlined, so that the copy can be made where the caller keeps it.
    #[inline]
    pub(crate) fn derive(&self, table: &WindowTable, old: &Board, new: &Board) -> WindowCounts {
        let mut counts = self.clone();
        counts.update(table, old, new);
        counts
    }

    /// The counts after the quiet move `mv` of a number of `colour` (it completes no line, so
    /// only its two cells change), derived from `self`: [`WindowCounts::derive`] without the
    /// search for the changed cells, and with the way each cell changes known (a number leaves
    /// one, arrives at the other), branch-free. Pinned against [`WindowCounts::new`].
    #[inline]
    pub(crate) fn derive_quiet(&self, table: &WindowTable, mv: Move, colour: usize) -> WindowCounts {
        let mut counts = self.clone();
        let moved = cell_bit(mv.from) | cell_bit(mv.to);
        counts.of_colour[colour] ^= moved;
        counts.of_colour[0] ^= moved;
        let bit = 1u8 << colour;
        for &w in table.windows_of(mv.from) {
            let w = w as usize;
            let by_colour = &mut counts.by_colour[w];
            by_colour[colour] -= 1;
            by_colour[0] += 1;
            counts.numbers[w] -= 1;
            counts.owned[w] -= u8::from(by_colour[colour] == 2);
            let gone = u8::from(by_colour[colour] == 0);
            counts.colour_set[w] &= !(bit * gone);
            counts.colours[w] -= gone;
        }
        for &w in table.windows_of(mv.to) {
            let w = w as usize;
            let by_colour = &mut counts.by_colour[w];
            by_colour[colour] += 1;
            by_colour[0] -= 1;
            counts.numbers[w] += 1;
            counts.owned[w] += u8::from(by_colour[colour] == 3);
            let new = u8::from(by_colour[colour] == 1);
            counts.colour_set[w] |= bit * new;
            counts.colours[w] += new;
        }
        counts
    }

    /// The counts of `old` made those of `new`: only the windows through the cells whose colour
    /// differs are updated (a move changes 2 cells, a placement 3, a line 5-9; a count from
    /// scratch reads all 700 window cells). Pinned against [`WindowCounts::new`].
    pub(crate) fn update(&mut self, table: &WindowTable, old: &Board, new: &Board) {
        let counts = self;
        let (before, after) = (old.colours(), new.colours());
        for at in cells_of(changed_cells(old, new)) {
            let (was, now) = (before[at] as usize, after[at] as usize);
            counts.of_colour[was] &= !cell_bit(at);
            counts.of_colour[now] |= cell_bit(at);
            counts.supply[was] -= 1;
            counts.supply[now] += 1;
            for &w in table.windows_of(at) {
                let w = w as usize;
                let by_colour = &mut counts.by_colour[w];
                by_colour[was] -= 1;
                by_colour[now] += 1;
                counts.numbers[w] = 5 - by_colour[0];
                // An owner of three leaves at 2, arrives at 3.
                counts.owned[w] -= u8::from(was != 0 && by_colour[was] == 2);
                counts.owned[w] += u8::from(now != 0 && by_colour[now] == 3);
                // The colours counted as they come and go (a count of bits is a dozen
                // instructions without the popcnt instruction of later x86-64 levels). Branches:
                // without them (masks of the colour bits, or the counts as one word) measured
                // more instructions and no fewer cycles.
                if was != 0 && by_colour[was] == 0 {
                    counts.colour_set[w] &= !(1 << was);
                    counts.colours[w] -= 1;
                }
                if now != 0 && by_colour[now] == 1 {
                    counts.colour_set[w] |= 1 << now;
                    counts.colours[w] += 1;
                }
            }
        }
    }

    /// Score of a window with `numbers` numbers of `colours` distinct colours.
    #[inline]
    pub(crate) fn score(weights: &Weights, numbers: u8, colours: u8) -> i32 {
        if colours <= 1 {
            // 5+ of one colour only stay on the board when placements keep their lines.
            weights.window[(numbers as usize).min(5)]
        } else {
            0
        }
    }

    #[cfg(test)]
    pub(crate) fn total(&self, weights: &Weights) -> i32 {
        (0..WINDOWS).map(|w| Self::score(weights, self.numbers[w], self.colours[w])).sum()
    }

    /// Change of window `w`'s score if one number of `colour` leaves it.
    #[inline]
    pub(crate) fn removal_delta(&self, weights: &Weights, w: usize, colour: usize) -> i32 {
        let colours = self.colours[w] - u8::from(self.by_colour[w][colour] == 1);
        Self::score(weights, self.numbers[w] - 1, colours)
            - Self::score(weights, self.numbers[w], self.colours[w])
    }

    /// Change of window `w`'s score if one number of `colour` joins it.
    #[inline]
    pub(crate) fn addition_delta(&self, weights: &Weights, w: usize, colour: usize) -> i32 {
        let colours = self.colours[w] + u8::from(self.by_colour[w][colour] == 0);
        Self::score(weights, self.numbers[w] + 1, colours)
            - Self::score(weights, self.numbers[w], self.colours[w])
    }
}

/// A set of windows: bit `w % 64` of word `w / 64` for window `w`.
pub(crate) type WindowSet = [u64; 3];

/// The windows of `set`, lowest first.
#[inline]
pub(crate) fn windows_in(set: WindowSet) -> impl Iterator<Item = usize> {
    let (mut k, mut word) = (0, set[0]);
    std::iter::from_fn(move || loop {
        if word != 0 {
            let w = 64 * k + word.trailing_zeros() as usize;
            word &= word - 1;
            return Some(w);
        }
        if k + 1 == set.len() {
            return None;
        }
        k += 1;
        word = set[k];
    })
}

/// Per byte of `word` (each at most 0x7F), its high bit set if the byte is at least `k` (1..=0x80),
/// the other bits clear: adding `0x80 - k` to a byte sets its high bit exactly then, and no byte
/// carries into the next.
#[inline]
pub(crate) fn bytes_at_least(word: u64, k: u8) -> u64 {
    word.wrapping_add(u64::from(0x80 - k) * 0x0101_0101_0101_0101) & HIGH_BITS
}

/// The high bit of each byte of a word.
pub(crate) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

impl WindowCounts {
    /// The windows kept by `flags`, eight windows at a time: `flags(colours, owned)` gets eight
    /// windows' [`WindowCounts::colours`] and [`WindowCounts::owned`] as words (byte `i`:
    /// window `8j + i`) and sets the high bit of the bytes of the windows it keeps
    /// ([`bytes_at_least`]). Branch-free, a word at a time instead of a window at a time.
    #[inline]
    pub(crate) fn window_set(&self, flags: impl Fn(u64, u64) -> u64) -> WindowSet {
        let mut set: WindowSet = [0; 3];
        let mut add = |start: usize, colours: u64, owned: u64| {
            let kept = flags(colours, owned) & HIGH_BITS;
            // The high bits gathered into the top byte, window `start` lowest.
            let byte = (kept >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            set[start / 64] |= byte << (start % 64);
        };
        let word = |bytes: &[u8; WINDOWS], start: usize| {
            u64::from_le_bytes(bytes[start..start + 8].try_into().expect("8 windows"))
        };
        const TAIL: usize = WINDOWS - WINDOWS % 8;
        for start in (0..TAIL).step_by(8) {
            add(start, word(&self.colours, start), word(&self.owned, start));
        }
        // The last windows, the bytes past them not windows.
        let tail = |bytes: &[u8; WINDOWS]| {
            let mut eight = [0u8; 8];
            eight[..WINDOWS % 8].copy_from_slice(&bytes[TAIL..]);
            u64::from_le_bytes(eight)
        };
        let (colours, owned) = (tail(&self.colours), tail(&self.owned));
        add(TAIL, colours, owned);
        set[TAIL / 64] &= u64::MAX >> (64 - WINDOWS % 64);
        set
    }

    /// How many windows `flags` keeps, eight windows at a time as in [`WindowCounts::window_set`]
    /// (from [`WindowCounts::colours`] alone): the kept bytes summed a byte each, no count of
    /// bits. Pinned against the plain filter.
    #[inline]
    pub(crate) fn windows_counted(&self, flags: impl Fn(u64) -> u64) -> u32 {
        const TAIL: usize = WINDOWS - WINDOWS % 8;
        // Per byte, how many of its windows were kept (at most 18, no carry into the next).
        let mut sums = 0u64;
        for start in (0..TAIL).step_by(8) {
            let word = u64::from_le_bytes(self.colours[start..start + 8].try_into().expect("8 windows"));
            sums += (flags(word) & HIGH_BITS) >> 7;
        }
        let mut eight = [0u8; 8];
        eight[..WINDOWS % 8].copy_from_slice(&self.colours[TAIL..]);
        let tail_kept = (flags(u64::from_le_bytes(eight)) & HIGH_BITS) >> 7;
        sums += tail_kept & (u64::MAX >> (8 * (8 - WINDOWS % 8)));
        (sums.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// The windows holding exactly `k` colours (`k` at most 7), found eight windows at a time
    /// ([`WindowCounts::window_set`]). Pinned against the plain filter.
    #[inline]
    pub(crate) fn windows_of_colours(&self, k: u8) -> WindowSet {
        self.window_set(|colours, _| {
            let at_least = if k == 0 { HIGH_BITS } else { bytes_at_least(colours, k) };
            at_least & !bytes_at_least(colours, k + 1)
        })
    }
}

/// The cells whose colour differs between `old` and `new`, compared 8 cells at a time (a move
/// changes 2 cells, a placement 3).
#[inline]
fn changed_cells(old: &Board, new: &Board) -> CellSet {
    let (before, after) = (old.colours(), new.colours());
    let mut changed: CellSet = 0;
    for start in (0..CELLS - CELLS % 8).step_by(8) {
        let word = |colours: &[u8; CELLS]| {
            u64::from_le_bytes(colours[start..start + 8].try_into().expect("8 cells"))
        };
        let mut diff = word(before) ^ word(after);
        while diff != 0 {
            let byte = diff.trailing_zeros() / 8;
            changed |= 1u128 << (start + byte as usize);
            diff &= !(0xFF << (8 * byte));
        }
    }
    for at in CELLS - CELLS % 8..CELLS {
        if before[at] != after[at] {
            changed |= 1u128 << at;
        }
    }
    changed
}

/// True if cells `a` and `b` can lie in one 5-cell window (same row, column or diagonal, at most
/// 4 steps apart).
#[inline]
pub(crate) fn may_share_window(a: Cell, b: Cell) -> bool {
    let (ra, ca) = ((a / SIZE) as isize, (a % SIZE) as isize);
    let (rb, cb) = ((b / SIZE) as isize, (b % SIZE) as isize);
    let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
    (dr == 0 && dc <= 4) || (dc == 0 && dr <= 4) || (dr == dc && dr <= 4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::evaluation::tests::random_board;
    use crate::bot::search::{place_random, SampleRng};

    #[test]
    fn window_table_has_140_windows_and_20_per_centre_cell() {
        let table = WindowTable::new();
        assert_eq!(table.of_cell_len[crate::cell(4, 4)], 20);
        assert_eq!(table.of_cell_len[0], 3);
        let total: usize = table.of_cell_len.iter().map(|&n| n as usize).sum();
        assert_eq!(total, WINDOWS * 5);
    }

    fn assert_same_counts(derived: &WindowCounts, fresh: &WindowCounts, board: &Board) {
        assert_eq!(derived.by_colour, fresh.by_colour, "\n{board}");
        assert_eq!(derived.numbers, fresh.numbers, "\n{board}");
        assert_eq!(derived.colours, fresh.colours, "\n{board}");
        assert_eq!(derived.colour_set, fresh.colour_set, "\n{board}");
        assert_eq!(derived.owned, fresh.owned, "\n{board}");
        assert_eq!(derived.of_colour, fresh.of_colour, "\n{board}");
        assert_eq!(derived.supply, fresh.supply, "\n{board}");
    }

    #[test]
    fn derived_window_counts_match_counts_from_scratch() {
        let table = WindowTable::new();
        let mut state = 5u64;
        let mut rng = SampleRng::for_sample(99, 0);
        let mut lines_seen = 0;
        let mut quiet_moves = 0;
        for density in [20, 50, 80] {
            for _ in 0..30 {
                let mut board = random_board(&mut state, density);
                let mut counts = WindowCounts::new(&table, &board);
                // A game in miniature: moves (with their removals), then random placements with
                // theirs, each step's counts derived from the previous step's.
                for _ in 0..12 {
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let before = board;
                    let removal = board.apply_legal_move(moves[rng.below(moves.len())]);
                    lines_seen += usize::from(removal.count > 0);
                    counts = counts.derive(&table, &before, &board);
                    assert_same_counts(&counts, &WindowCounts::new(&table, &board), &board);
                    // Every quiet move of the board, its counts derived as a quiet move.
                    for mv in board.legal_moves() {
                        let mut after = board;
                        if after.apply_legal_move(mv).count == 0 {
                            let quiet = counts.derive_quiet(&table, mv, board.get(mv.from) as usize);
                            assert_same_counts(&quiet, &WindowCounts::new(&table, &after), &after);
                            quiet_moves += 1;
                        }
                    }
                    let before = board;
                    let colours = [1 + rng.below(7) as u8, 1 + rng.below(7) as u8, 1 + rng.below(7) as u8];
                    place_random(&mut board, colours, &mut rng);
                    counts = counts.derive(&table, &before, &board);
                    assert_same_counts(&counts, &WindowCounts::new(&table, &board), &board);
                }
            }
        }
        assert!(lines_seen > 0, "the sequences should remove some lines");
        assert!(quiet_moves > 10_000, "{quiet_moves}");
    }

    #[test]
    fn changed_cells_are_the_cells_whose_colour_differs() {
        let mut state = 11u64;
        for density in [0, 30, 70, 100] {
            let old = random_board(&mut state, density);
            for _ in 0..30 {
                let new = random_board(&mut state, density);
                let plain: CellSet =
                    (0..CELLS).filter(|&at| old.get(at) != new.get(at)).map(|at| 1u128 << at).sum();
                assert_eq!(changed_cells(&old, &new), plain, "\n{old}\n{new}");
                let mut one = old;
                one.set(80, (old.get(80) + 1) % 8);
                assert_eq!(changed_cells(&old, &one), 1u128 << 80);
            }
        }
    }

    #[test]
    fn windows_of_colours_are_the_windows_of_k_colours_in_order() {
        let table = WindowTable::new();
        let mut state = 23u64;
        for density in [0, 20, 50, 80, 100] {
            for _ in 0..20 {
                let board = random_board(&mut state, density);
                let counts = WindowCounts::new(&table, &board);
                for k in 0..=7 {
                    let plain: Vec<usize> = (0..WINDOWS).filter(|&w| counts.colours[w] == k).collect();
                    let found: Vec<usize> = windows_in(counts.windows_of_colours(k)).collect();
                    assert_eq!(found, plain, "\n{board}");
                }
            }
        }
        let every: Vec<usize> = windows_in([u64::MAX; 3]).collect();
        let mut counts = WindowCounts::new(&table, &Board::new());
        for k in 0..4 {
            for (w, colours) in counts.colours.iter_mut().enumerate() {
                *colours = ((w * 7 + k) % 5) as u8;
            }
            for colours in 0..=4 {
                let plain: Vec<usize> = (0..WINDOWS).filter(|&w| counts.colours[w] == colours).collect();
                assert_eq!(windows_in(counts.windows_of_colours(colours)).collect::<Vec<_>>(), plain);
            }
            let plain = (0..WINDOWS).filter(|&w| counts.colours[w] <= 2).count() as u32;
            assert_eq!(counts.windows_counted(|colours| !bytes_at_least(colours, 3)), plain);
            let plain = counts.colours.iter().filter(|&&c| c == 0).count() as u32;
            assert_eq!(counts.windows_counted(|colours| !bytes_at_least(colours, 1)), plain);
        }
        assert_eq!(every, (0..192).collect::<Vec<_>>());
        assert_eq!(windows_in([0, 1 << 5, 1 << 63]).collect::<Vec<_>>(), [69, 191]);
    }

    #[test]
    fn bytes_at_least_flags_the_bytes_at_least_k() {
        let mut state = 41u64;
        for _ in 0..2_000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let word = state & 0x7F7F_7F7F_7F7F_7F7F;
            // Small bytes too, as the counts are.
            for word in [word, word & 0x0707_0707_0707_0707] {
                for k in [1, 2, 3, 4, 5, 8, 0x40, 0x7F, 0x80] {
                    let plain = word
                        .to_le_bytes()
                        .iter()
                        .enumerate()
                        .fold(0u64, |flags, (i, &byte)| flags | u64::from(byte >= k) << (8 * i + 7));
                    assert_eq!(bytes_at_least(word, k), plain, "{word:x} {k}");
                }
            }
        }
    }
}
