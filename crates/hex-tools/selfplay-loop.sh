#!/usr/bin/env bash
# The Hex self-play loop (crates/hex/RESULTS.md, "The self-play loop"): best-first minimax over a
# value network (hex::Ubfm) plays itself, the next network is fitted to the recent games, and a
# gating match keeps it only if it beats the best so far. Every file it writes is new and
# compressed, in DIR (default crates/hex/data/loop), and every step is deterministic: the same
# inputs and seeds write the same bytes. A run continues where it stopped (a step whose output
# exists is skipped), so it can be killed and restarted at any time.
#
#   crates/hex-tools/selfplay-loop.sh [ITERATIONS]     (default: run until killed)
#
# Iteration k (from 0):
#   1. games-K-sS.txt.gz: SHARDS shards of GAMES/SHARDS self-play games of the best network (game g
#      opens on cell g mod 121; the first SAMPLE stones drawn by exp(value / 0.1)); run by GNU
#      parallel with JOBS jobs where it is installed, else one after another. On a cluster, a Slurm
#      array runs the same shard commands (see crates/hex/RESULTS.md).
#   2. net-K+1.txt.gz: a network fitted to the last WINDOW iterations' games (EPOCHS passes at step
#      RATE; targets: half the outcome, half the search's value), starting from the best network's
#      weights (from random weights, FRESH_EPOCHS passes, where the best has not HIDDEN units);
#      fit-K+1.log. (Iterations 1-10 ran with WINDOW=4 EPOCHS=2 RATE=0.001, 11-28 with WINDOW=8
#      EPOCHS=4 RATE=0.002, 29-30 with WINDOW=8, 1-16 with HIDDEN=128; crates/hex/RESULTS.md
#      gives the gates that chose the present defaults.)
#   3. gate-K+1.txt.gz: the new network against the best at EXPANSIONS a move, every first cell
#      with both colours (242 games); it becomes the best at 50% or more (best.txt).
#   4. every YARDSTICK_EVERY iterations, yard-K+1.txt.gz: the best network's engine on the judge's
#      clock (lenient: late answers are counted, not lost) against the RAVE baseline, plain UCT and
#      the present bot, YARDSTICK_GAMES games each; a line an opponent is appended to curve.txt.
# gates.txt has a line a gate, cpu.txt the loop's CPU seconds an iteration (the self-play, the fit,
# the gate and the yardsticks; from bash's `times`, so from a restart on). `hex-train curve DIR`
# makes the tables and the plot of RESULTS.md from these three files.
# Network 0 is fitted to the MCTS bot's self-play games (crates/hex/data/selfplay).
#
# Needs release builds (cargo build --release -p hex -p hex-tools); BIN names their folder. The
# binaries are read once per step, so copy them elsewhere before rebuilding during a run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${BIN:-"$root/target/release"}
dir=${DIR:-"$root/crates/hex/data/loop"}
iterations=${1:-1000000}
games=${GAMES:-2000}
shards=${SHARDS:-4}
jobs=${JOBS:-1}
expansions=${EXPANSIONS:-300}
sample=${SAMPLE:-10}
window=${WINDOW:-16}
epochs=${EPOCHS:-1}
rate=${RATE:-0.001}
hidden=${HIDDEN:-256}
fresh_epochs=${FRESH_EPOCHS:-6}
yardstick_every=${YARDSTICK_EVERY:-5}
yardstick_games=${YARDSTICK_GAMES:-40}
mkdir -p "$dir"
cd "$dir"

k3() { printf '%03d' "$1"; }
# Writes stdin to FILE.gz through a temporary file, so that no partial file is ever left.
store() { gzip -9n > "$1.gz.part" && mv "$1.gz.part" "$1.gz"; }
# The network of iteration K as plain text in a temporary file (printed).
unpacked() { local t; t=$(mktemp); zcat "net-$(k3 "$1").txt.gz" > "$t"; echo "$t"; }
ubfm() { echo "$bin/hex-baseline --engine ubfm --net $1 --seed {seed} $2"; }

if [ ! -f net-000.txt.gz ]; then
    zcat "$root"/crates/hex/data/selfplay/selfplay-900[1-5].txt.gz > bot-selfplay.tmp
    "$bin/hex-train" value --hidden "$hidden" --epochs 3 --decay 0.3 --seed 1 --out net-0.tmp \
        bot-selfplay.tmp > fit-000.tmp
    store fit-000.log < fit-000.tmp
    store net-000.txt < net-0.tmp
    rm -f bot-selfplay.tmp net-0.tmp fit-000.tmp
    echo 0 > best.txt
fi

# The CPU seconds (user + system) of this shell's finished children so far (`times` in this shell,
# not in a subshell, which would count its own children).
children_cpu() {
    times > cpu.tmp
    cpu=$(awk 'NR == 2 { split($0, t, /[ms ]+/); print 60 * t[1] + t[2] + 60 * t[3] + t[4] }' cpu.tmp)
}
# Field N of the first line of FILE that starts with PATTERN (awk's fields).
field() { awk -v p="$2" -v n="$3" 'index($0, p) == 1 { print $n; exit }' "$1"; }

k=0
children_cpu
cpu_before=$cpu
while [ "$k" -lt "$iterations" ]; do
    next=$((k + 1))
    # Done: its gate, and its yardsticks where they are due (a run killed during them does them).
    yardsticks_due=$([ "$((next % yardstick_every))" -eq 0 ] && [ ! -f "yard-$(k3 "$next").txt.gz" ] &&
        echo 1 || echo 0)
    if [ -f "gate-$(k3 "$next").txt.gz" ] && [ "$yardsticks_due" = 0 ]; then
        k=$next
        continue
    fi
    best=$(cat best.txt)
    net=$(unpacked "$best")
    # 1. Self-play shards.
    shard() { # shard S: its games file
        local out="games-$(k3 "$k")-s$1of$shards.txt"
        [ -f "$out.gz" ] && return 0
        # Through a whole file: a shard killed half-way is never stored.
        "$bin/hex-train" selfplay --net "$net" --name "net-$(k3 "$best")" --games "$games" \
            --expansions "$expansions" --sample-stones "$sample" --seed "$((1000 + k))" \
            --shard "$1/$shards" > "$out.tmp" 2>> "selfplay-$(k3 "$k").log" &&
            store "$out" < "$out.tmp" && rm -f "$out.tmp"
    }
    export -f shard store k3
    export bin net best games expansions sample k shards
    if command -v parallel > /dev/null; then
        seq 1 "$shards" | parallel --will-cite --halt now,fail=1 -j "$jobs" shard
    else
        for s in $(seq 1 "$shards"); do shard "$s"; done
    fi
    # 2. The next network from the window's games.
    if [ ! -f "net-$(k3 "$next").txt.gz" ]; then
        first=$((k + 1 - window > 0 ? k + 1 - window : 0))
        rm -f "window-$next.tmp"
        for i in $(seq "$first" "$k"); do
            for s in $(seq 1 "$shards"); do
                zcat "games-$(k3 "$i")-s${s}of$shards.txt.gz" >> "window-$next.tmp"
            done
        done
        # From the best network's weights, or from random ones (FRESH_EPOCHS passes) where its
        # hidden units are not HIDDEN (the network grew).
        if [ "$(head -1 "$net")" = "hidden $hidden" ]; then
            start=(--init "$net" --epochs "$epochs")
            shown="--init net-$(k3 "$best").txt --epochs $epochs"
        else
            start=(--hidden "$hidden" --epochs "$fresh_epochs")
            shown="--hidden $hidden --epochs $fresh_epochs"
        fi
        common=(--rate "$rate" --decay 0.3 --value-share 0.5 --seed "$next")
        {
            echo "# hex-train value $shown ${common[*]} --out net-$(k3 "$next").txt GAMES," \
                "GAMES = the shards of games-$(k3 "$first") to games-$(k3 "$k") unzipped in order"
            "$bin/hex-train" value "${start[@]}" "${common[@]}" --out "net-$next.tmp" "window-$next.tmp"
        } > "fit-$next.tmp"
        store "fit-$(k3 "$next").log" < "fit-$next.tmp"
        store "net-$(k3 "$next").txt" < "net-$next.tmp"
        rm -f "window-$next.tmp" "net-$next.tmp" "fit-$next.tmp"
    fi
    # 3. The gate.
    if [ ! -f "gate-$(k3 "$next").txt.gz" ]; then
        rm -f "gate-$next.summary" "gate-$next.records" # a killed run's
        candidate=$(unpacked "$next")
        fixed="--playouts $expansions --first-ms 60000 --move-ms 60000"
        "$bin/hex-arena" -n 242 -j 1 -q --openings all --seed "$((2000 + k))" --time 60000/60000 \
            --hard-limit 120000 --name-a "net-$(k3 "$next")" --name-b "net-$(k3 "$best")" \
            --records "gate-$next.records" "$(ubfm "$candidate" "$fixed")" "$(ubfm "$net" "$fixed")" \
            > "gate-$next.summary"
        wins=$(field "gate-$next.summary" "A " 4)
        elo=$(field "gate-$next.summary" "Elo A - B" 5)
        verdict=kept
        if [ "$((2 * wins))" -ge 242 ]; then
            echo "$next" > best.txt
            verdict=new-best
        fi
        echo "iteration=$next net=net-$(k3 "$next") best=net-$(k3 "$best") wins=$wins of=242 elo=$elo" \
            "verdict=$verdict" | tee -a gates.txt
        cat "gate-$next.summary" "gate-$next.records" | store "gate-$(k3 "$next").txt"
        rm -f "gate-$next.summary" "gate-$next.records" "$candidate"
    fi
    # 4. Yardsticks on the judge's clock; their lines reach curve.txt together with the stored
    # file, so a run killed half-way leaves neither.
    if [ "$yardsticks_due" = 1 ]; then
        rm -f "curve-$next.tmp" "yard-$next.tmp"
        best=$(cat best.txt)
        champion=$(unpacked "$best")
        for opponent in rave uct hex; do
            engine="$bin/hex-baseline --engine $opponent --seed {seed}"
            [ "$opponent" = hex ] && engine="$bin/hex"
            "$bin/hex-arena" -n "$yardstick_games" -j 1 -q --openings all --shuffle-openings \
                --seed 77 --name-a "net-$(k3 "$best")" --name-b "$opponent" \
                "$(ubfm "$champion" "")" "$engine" > "yard-$opponent.tmp" 2>&1
            echo "iteration=$next games=$((next * games)) best=net-$(k3 "$best") opponent=$opponent" \
                "wins=$(field "yard-$opponent.tmp" "A " 4) of=$yardstick_games" \
                "elo=$(field "yard-$opponent.tmp" "Elo A - B" 5)" \
                "low=$(field "yard-$opponent.tmp" "Elo A - B" 8)" \
                "high=$(field "yard-$opponent.tmp" "Elo A - B" 10 | tr -d ")")" \
                "late=$(field "yard-$opponent.tmp" "net-$(k3 "$best") " 7)" >> "curve-$next.tmp"
            cat "yard-$opponent.tmp" >> "yard-$next.tmp"
            rm -f "yard-$opponent.tmp"
        done
        store "yard-$(k3 "$next").txt" < "yard-$next.tmp"
        cat "curve-$next.tmp" >> curve.txt
        rm -f "$champion" "yard-$next.tmp" "curve-$next.tmp"
    fi
    rm -f "$net"
    children_cpu
    echo "iteration=$next cpu_seconds=$(awk -v a="$cpu" -v b="$cpu_before" 'BEGIN { printf "%.0f", a - b }')" \
        >> cpu.txt
    cpu_before=$cpu
    k=$next
done
