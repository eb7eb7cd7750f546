# Where were the games lost? For each game of a hex-arena records file that NAME lost, walks back
# from the end through the positions where NAME was to move and asks MoHex's DFPN solver (GTP
# `dfpn-solve-state`, SECONDS each) who wins, until two positions in a row stay unsolved. Prints
# one line a game: the last position NAME was proven to win (a blunder inside the solver's reach)
# and the earliest position solved (the solver's horizon in that game), then a summary.
#
#   python3 solver_horizon.py RECORDS NAME GAMES SECONDS MOHEX
import subprocess, sys

records, name, max_games, seconds, mohex = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
engine = subprocess.Popen([mohex, "--quiet"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)

def gtp(command):
    engine.stdin.write(command + "\n")
    engine.stdin.flush()
    lines = []
    while True:
        line = engine.stdout.readline().strip()
        if line:
            lines.append(line)
        elif lines:
            return " ".join(lines)

def mirror(cell):  # the swapped stone, as hex-arena --gtp-swap stone tells it
    return chr(ord("a") + int(cell[1:]) - 1) + str(ord(cell[0]) - ord("a") + 1)

def colour(index):  # black = red moves at even indices (the swap counts as blue's move)
    return "black" if index % 2 == 0 else "white"

gtp("boardsize 11")
gtp("param_dfpn timelimit " + seconds)
games = blunders = 0
horizons = []
for line in open(records):
    fields = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
    if "winner" not in fields or fields[fields["winner"]] == name:
        continue
    if games == max_games:
        break
    games += 1
    moves = fields["moves"].split(",")
    mine = "black" if fields["red"] == name else "white"
    solved = {}
    unsolved_in_a_row = 0
    k = len(moves) - 1
    while k >= 2 and unsolved_in_a_row < 2:
        if colour(k) == mine:
            gtp("clear_board")
            if moves[1] == "swap-pieces":
                gtp("play white " + mirror(moves[0]))
            else:
                gtp("play black " + moves[0])
                gtp("play white " + moves[1])
            for j in range(2, k):
                gtp("play %s %s" % (colour(j), moves[j]))
            winner = gtp("dfpn-solve-state " + mine).split()[-1]
            if winner == "empty":
                unsolved_in_a_row += 1
            else:
                solved[k] = winner
                unsolved_in_a_row = 0
        k -= 1
    won = [k for k in solved if solved[k] == mine]
    blunders += bool(won)
    if solved:
        horizons.append(min(solved))
    print("game", fields["game"], "moves", len(moves), "last proven win", max(won) if won else "-",
          "earliest solved", min(solved) if solved else "-", flush=True)
horizons.sort()
print("losses %d, with a proven win for %s inside the solver's reach: %d" % (games, name, blunders), end="")
if horizons:
    print("; earliest solved position: median %s, range %s .. %s"
          % (horizons[len(horizons) // 2], horizons[0], horizons[-1]), end="")
print()
