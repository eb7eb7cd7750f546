#!/usr/bin/env python3
"""Independent implementation of the Linez seeded game generation (spec: problems/linez.md).

Written from the spec alone, in plain Python with big integers, so that it shares no code with
the Rust generator in `src/game.rs`. Used by `tests/linez_generation.rs` (when python3 is
present) and to compute the values pinned in the unit tests.

usage: linez_gen.py raw STATE COUNT      first COUNT SplitMix64 outputs from STATE
       linez_gen.py below STATE N COUNT  first COUNT values of below(N) from STATE
       linez_gen.py start SEED [INITIAL] initial board (9 rows) and the first nextThree
"""
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, state):
        self.state = state & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            out = self.next()
            if out < limit:
                return out % n


def start(seed, initial=3):
    colours = SplitMix64(2 * seed + 1)
    cells = SplitMix64(2 * seed + 2)
    board = [["."] * 9 for _ in range(9)]
    for _ in range(initial):
        colour = 1 + colours.below(7)
        empties = [(r, c) for r in range(9) for c in range(9) if board[r][c] == "."]
        r, c = empties[cells.below(len(empties))]
        board[r][c] = str(colour)
    next_three = [1 + colours.below(7) for _ in range(3)]
    return ["".join(row) for row in board], "".join(map(str, next_three))


def main(argv):
    if len(argv) >= 3 and argv[0] == "raw":
        rng = SplitMix64(int(argv[1], 0))
        print("\n".join(str(rng.next()) for _ in range(int(argv[2]))))
    elif len(argv) >= 4 and argv[0] == "below":
        rng = SplitMix64(int(argv[1], 0))
        n = int(argv[2])
        print(" ".join(str(rng.below(n)) for _ in range(int(argv[3]))))
    elif len(argv) >= 2 and argv[0] == "start":
        initial = int(argv[2]) if len(argv) >= 3 else 3
        rows, next_three = start(int(argv[1]), initial)
        print("\n".join(rows))
        print(next_three)
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
