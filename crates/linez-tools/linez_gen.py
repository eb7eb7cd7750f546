#!/usr/bin/env python3
"""Independent implementation of the Linez seeded game generation (spec: problems/linez.md).

Written from the spec alone, in plain Python with big integers, so that it shares no code with
the Rust generator in `src/game.rs`. Used by `tests/linez_generation.rs` (when python3 is
present) and to compute the values pinned in the unit tests.

usage: linez_gen.py raw STATE COUNT      first COUNT SplitMix64 outputs from STATE
       linez_gen.py below STATE N COUNT  first COUNT values of below(N) from STATE
       linez_gen.py start SEED [INITIAL] initial board (9 rows) and the first nextThree
       linez_gen.py replay SEED          plays the moves read from stdin (one "RcRc" a line,
                                         letter = row) with the default rules and prints one
                                         line per move in linez-sim's transcript format:
                                         > MOVE [removed K] [placed C@RC ...] [placement-removed K] [+P] score S
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


LINE_DIRECTIONS = [(0, 1), (1, 0), (1, 1), (1, -1)]


def lines_through(board, cells):
    """The cells of every run of 5+ equal numbers through one of `cells`."""
    removed = set()
    for r, c in cells:
        colour = board[r][c]
        if colour == ".":
            continue
        for dr, dc in LINE_DIRECTIONS:
            run = [(r, c)]
            for sign in (1, -1):
                rr, cc = r + sign * dr, c + sign * dc
                while 0 <= rr < 9 and 0 <= cc < 9 and board[rr][cc] == colour:
                    run.append((rr, cc))
                    rr, cc = rr + sign * dr, cc + sign * dc
            if len(run) >= 5:
                removed.update(run)
    return removed


def points(k):
    return 10 + k * (k - 5) // 2 if k >= 5 else 0


def reachable(board, start):
    seen, stack = set(), [start]
    while stack:
        r, c = stack.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < 9 and 0 <= cc < 9 and board[rr][cc] == "." and (rr, cc) not in seen:
                seen.add((rr, cc))
                stack.append((rr, cc))
    return seen


def replay(seed, moves, initial=3):
    """Default rules: placement lines removed and scored as one removal after the (up to) three
    numbers are placed; an emptied board is refilled at once; the game ends on a full board."""
    colours = SplitMix64(2 * seed + 1)
    cells = SplitMix64(2 * seed + 2)
    board = [["."] * 9 for _ in range(9)]

    def place(colour, placed, log):
        empties = [(r, c) for r in range(9) for c in range(9) if board[r][c] == "."]
        if empties:
            r, c = empties[cells.below(len(empties))]
            board[r][c] = str(colour)
            placed.append((r, c))
            log.append("%d@%s%d" % (colour, "ABCDEFGHI"[r], c + 1))

    def remove(placed):
        gone = lines_through(board, placed)
        for r, c in gone:
            board[r][c] = "."
        return len(gone)

    placed, log = [], []
    for _ in range(initial):
        place(1 + colours.below(7), placed, log)
    score = points(remove(placed))
    nxt = [1 + colours.below(7) for _ in range(3)]
    out = []
    for text in moves:
        if all(board[r][c] != "." for r in range(9) for c in range(9)):
            out.append("game over before " + text)
            break
        (r1, c1), (r2, c2) = [("ABCDEFGHI".index(text[i]), int(text[i + 1]) - 1) for i in (0, 2)]
        assert board[r1][c1] != "." and board[r2][c2] == "." and (r2, c2) in reachable(board, (r1, c1)), text
        board[r2][c2], board[r1][c1] = board[r1][c1], "."
        removed = remove([(r2, c2)])
        gained = points(removed)
        line = "> " + text + (" removed %d" % removed if removed else "")
        log, placement_removed = [], 0
        empty_board = all(board[r][c] == "." for r in range(9) for c in range(9))
        if removed == 0 or empty_board:
            while True:
                placed = []
                for colour in nxt:
                    place(colour, placed, log)
                k = remove(placed)
                placement_removed += k
                gained += points(k)
                nxt = [1 + colours.below(7) for _ in range(3)]
                if any(board[r][c] != "." for r in range(9) for c in range(9)):
                    break
        if log:
            line += " placed " + " ".join(log)
        if placement_removed:
            line += " placement-removed %d" % placement_removed
        if gained:
            line += " +%d" % gained
        score += gained
        out.append(line + " score %d" % score)
    return out


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
    elif len(argv) >= 2 and argv[0] == "replay":
        moves = [line.strip() for line in sys.stdin if line.strip()]
        print("\n".join(replay(int(argv[1]), moves)))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
