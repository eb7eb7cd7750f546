//! Lanes: the shared symmetries and the windowed adds.

use super::*;

/// The symmetries of the start board that the counts may share, and the lanes this leaves.
///
/// With `H` a group of symmetries fixing the start board, a game and its image under any `h` in `H`
/// are both games from the start, so the count for image `t(c)` equals the one for `h(t(c))`: the
/// eight orientation counts of a board are constant on each coset `H t`, and one lane per coset is
/// enough (8 / |H| lanes). Starting with one path on every orientation of `H` (|H| paths in all)
/// keeps that exact; the total then counts every game |H| times, which is divided out at the end.
/// Dividing by |H| modulo 2^32 leaves 32 - log2|H| good bits, enough for |H| up to 4; a start fixed
/// by all eight symmetries keeps one lane, whose final boards are tallied a whole orbit at a time
/// ([`Tally::add_orbit`], which [`HashTally`] halves exactly, so that its games count 4 times).
#[derive(Clone, Debug)]
pub struct LaneGroup {
    /// The symmetries shared (a subgroup, identity first).
    pub shared: Vec<usize>,
    /// `lane_of[t]`: the lane of orientation `t`.
    pub lane_of: [u8; 8],
    /// `members[k]`: the orientations counted by lane `k`.
    pub members: Vec<Vec<usize>>,
}

impl LaneGroup {
    /// The largest usable group fixing `start` (or the trivial group when `share` is false).
    pub fn for_start(start: Board, share: bool) -> LaneGroup {
        let mut shared: Vec<usize> =
            (0..8).filter(|&t| share && start.transformed(Symmetry::from_index(t)) == start).collect();
        if shared.is_empty() {
            shared.push(0);
        }
        let mut lane_of = [u8::MAX; 8];
        let mut members = Vec::new();
        // Cosets in order of their smallest member, which makes every lane permutation a window
        // of the expanded row (see `LaneGroup::windows`).
        for t in 0..8 {
            if lane_of[t] != u8::MAX {
                continue;
            }
            let lane = members.len();
            // The coset H t: apply t, then a shared symmetry h.
            let coset: Vec<usize> = shared.iter().map(|&h| compose(h, t)).collect();
            for &member in &coset {
                lane_of[member] = lane as u8;
            }
            members.push(coset);
        }
        LaneGroup { shared, lane_of, members }
    }

    /// Number of lanes, 8 / |H|.
    pub fn lanes(&self) -> usize {
        self.members.len()
    }

    /// `windows()[u]`: where, in a source row expanded by [`expand_row`], the counts for each
    /// group of four target lanes (for eight lanes, two groups; for fewer, one group of all the
    /// lanes) lie consecutively, for a successor reached through `u`. With lanes numbered in
    /// order of their smallest member, every permutation of [`LaneGroup::lane_maps`] is such a
    /// window: with eight lanes, 0..4 are the rotations `r^k` and 4..8 the reflections `r^k s`
    /// (`s` the transpose), and a symmetry shifts each half cyclically, swapping the halves if it
    /// reflects; with four, the cosets `H r^k` form a cycle that a symmetry shifts or reverses (the
    /// Klein group's four cosets, for a start fixed by the half turn alone, permute as a subgroup
    /// of those). Pass 3 then adds each edge's rows without a branch on the symmetry.
    ///
    /// # Panics
    /// If a permutation is not a window, or a four-lane one starts past 0..=3 and 8..=11 (a test
    /// checks every kind of start).
    pub(crate) fn windows<const L: usize>(&self) -> [[u8; 2]; 8] {
        let expansion = &EXPANSIONS[L.trailing_zeros() as usize][..expanded_len(L)];
        let width = L.min(4);
        let mut windows = [[0u8; 2]; 8];
        for (u, map) in self.lane_maps::<L>().iter().enumerate() {
            let mut gather = [0usize; L];
            for (k, &lane) in map.iter().enumerate() {
                gather[usize::from(lane)] = k;
            }
            for (w, chunk) in gather.chunks(width).enumerate() {
                let offset = (0..=expansion.len() - width)
                    .find(|&o| expansion[o..o + width] == *chunk)
                    .expect("every lane permutation is a window of the expanded row");
                assert!(width < 4 || offset & 11 == offset);
                windows[u][w] = offset as u8;
            }
        }
        windows
    }

    /// `lane_maps()[u][k]`: where lane `k` goes when the successor is `u` applied to its
    /// canonical form (coset `H t` goes to `H (t after u)`, the same for every member `t`).
    pub(crate) fn lane_maps<const L: usize>(&self) -> [[u8; L]; 8] {
        let mut maps = [[0u8; L]; 8];
        for (u, map) in maps.iter_mut().enumerate() {
            for (k, lane) in map.iter_mut().enumerate() {
                *lane = self.lane_of[compose(self.members[k][0], u)];
            }
        }
        maps
    }
}

/// `EXPANSIONS[log2 L]`: the lanes of a source row laid out so that every lane permutation is a
/// window (see [`LaneGroup::windows`]): with four or eight lanes, each half of four lanes twice in a
/// row, then reversed twice for four lanes; with two, the two orders.
const EXPANSIONS: [[usize; 16]; 4] = [
    [0; 16],
    [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0, 3, 2, 1, 0],
    [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7],
];

/// Length of an expanded row of `lanes` lanes.
const fn expanded_len(lanes: usize) -> usize {
    match lanes {
        8 | 4 => 16,
        2 => 4,
        _ => 1,
    }
}

/// A row's lanes laid out as [`EXPANSIONS`] says (`X` is `expanded_len(L)`).
#[inline(always)]
pub fn expand_row<const L: usize, const X: usize>(row: &[u32; L]) -> [u32; X] {
    debug_assert_eq!(X, expanded_len(L));
    let expansion = &EXPANSIONS[L.trailing_zeros() as usize];
    std::array::from_fn(|i| row[expansion[i] & (L - 1)])
}

/// Adds expanded source rows into target rows, each group of four target lanes (or all of them,
/// with fewer lanes) from the source window at `windows`.
#[inline(always)]
pub fn add_windows<const L: usize, const X: usize>(
    target: &mut [[u32; L]],
    source: &[[u32; X]],
    windows: [u8; 2],
) {
    if L == 1 {
        // One lane: nothing to permute, and consecutive rows are consecutive counts, added four
        // at a time as one vector.
        let mut targets = target.chunks_exact_mut(4);
        let mut sources = source.chunks_exact(4);
        for (to, from) in (&mut targets).zip(&mut sources) {
            let mut quad: [u32; 4] = std::array::from_fn(|j| to[j][0]);
            for (j, count) in quad.iter_mut().enumerate() {
                *count = count.wrapping_add(from[j][0]);
            }
            for (j, row) in to.iter_mut().enumerate() {
                row[0] = quad[j];
            }
        }
        for (to, from) in targets.into_remainder().iter_mut().zip(sources.remainder()) {
            to[0] = to[0].wrapping_add(from[0]);
        }
        return;
    }
    for (to, from) in target.iter_mut().zip(source) {
        if L >= 4 {
            // Whole rows and quads as values, so that the adds are vector adds.
            let mut row = *to;
            for (w, &offset) in windows.iter().enumerate().take(L / 4) {
                // No-op mask (see `LaneGroup::windows`) that spares a bounds check.
                let offset = usize::from(offset) & 11;
                let quad: [u32; 4] = from[offset..offset + 4].try_into().expect("four lanes");
                for (j, count) in quad.into_iter().enumerate() {
                    row[4 * w + j] = row[4 * w + j].wrapping_add(count);
                }
            }
            *to = row;
        } else {
            let offset = usize::from(windows[0]);
            for j in 0..L {
                to[j] = to[j].wrapping_add(from[offset + j]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Start boards with every kind of shared group: none, each involution (the diagonal
    /// reflections, the mirrors, the half turn), groups of four and all eight.
    const GROUP_STARTS: [[u8; 9]; 9] = [
        [1, 2, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 1, 0, 0, 0, 0, 0],
        [1, 2, 0, 0, 0, 0, 0, 2, 1],
        [1, 0, 2, 0, 0, 0, 2, 0, 1],
        [0, 1, 0, 2, 0, 2, 0, 1, 0],
        [0; 9],
    ];

    /// The windowed add of `L` lanes against the plain loop over [`LaneGroup::lane_maps`], on nine
    /// rows (the one-lane add takes four rows at a time, then the rest one by one).
    fn windowed_adds_match_the_lane_maps<const L: usize, const X: usize>(group: &LaneGroup) {
        let maps: [[u8; L]; 8] = group.lane_maps();
        let windows = group.windows::<L>();
        let rows: Vec<[u32; L]> =
            (0..9u32).map(|r| std::array::from_fn(|k| 1000 * r + 10 * k as u32 + 7)).collect();
        let expanded: Vec<[u32; X]> = rows.iter().map(expand_row).collect();
        for symmetry in 0..8 {
            let start: [u32; L] = std::array::from_fn(|k| 5 + k as u32);
            let mut fast = vec![start; rows.len()];
            add_windows(&mut fast, &expanded, windows[symmetry]);
            let mut plain = vec![start; rows.len()];
            for (to, from) in plain.iter_mut().zip(&rows) {
                for (k, &count) in from.iter().enumerate() {
                    let lane = usize::from(maps[symmetry][k]);
                    to[lane] = to[lane].wrapping_add(count);
                }
            }
            assert_eq!(fast, plain, "{:?} through {symmetry}", group.shared);
        }
    }

    #[test]
    fn windowed_adds_match_the_lane_maps_for_every_group() {
        let mut shared = Vec::new();
        for cells in GROUP_STARTS {
            let group = LaneGroup::for_start(Board::from_cells(cells), true);
            match group.lanes() {
                8 => windowed_adds_match_the_lane_maps::<8, 16>(&group),
                4 => windowed_adds_match_the_lane_maps::<4, 16>(&group),
                2 => windowed_adds_match_the_lane_maps::<2, 4>(&group),
                _ => windowed_adds_match_the_lane_maps::<1, 1>(&group),
            }
            shared.push(group.shared);
        }
        let involutions: Vec<usize> = shared.iter().filter(|h| h.len() == 2).map(|h| h[1]).collect();
        assert_eq!(involutions, vec![4, 6, 5, 7, 2], "every involution a start can share");
        assert_eq!(shared.iter().filter(|h| h.len() == 4).count(), 2, "two groups of four");
    }

    #[test]
    fn lane_groups_follow_the_start_symmetries() {
        let cases = [
            ([0, 0, 0, 0, 0, 0, 0, 0, 0], 1), // all eight
            ([1, 0, 0, 0, 0, 0, 0, 0, 0], 4), // a diagonal reflection
            ([0, 1, 0, 0, 0, 0, 0, 0, 0], 4), // a mirror
            ([1, 2, 0, 0, 0, 0, 0, 0, 0], 8), // none
            ([1, 0, 2, 0, 0, 0, 2, 0, 1], 2), // a half turn and both diagonal reflections
        ];
        for (cells, lanes) in cases {
            let start = Board::from_cells(cells).bits();
            let group = LaneGroup::for_start(Board::from_bits(start).unwrap(), true);
            assert_eq!(group.lanes(), lanes, "{cells:?}");
            let mut seen: Vec<usize> = group.members.concat();
            seen.sort_unstable();
            assert_eq!(seen, (0..8).collect::<Vec<_>>(), "every orientation in exactly one lane");
            for &h in &group.shared {
                assert_eq!(transform(h, start), start);
            }
            assert_eq!(LaneGroup::for_start(Board::from_bits(start).unwrap(), false).lanes(), 8);
        }
    }
}
