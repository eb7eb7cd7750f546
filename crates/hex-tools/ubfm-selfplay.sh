#!/bin/sh
# Self-play iterations of best-first minimax over a value network (crates/hex/RESULTS.md,
# "Best-first minimax over a value network"): network k plays itself (`hex-baseline --engine ubfm`,
# 300 expansions a move, the first 12 stones drawn by exp(value / 0.05), forced openings from all
# 121 cells), and network k+1 is fitted to the bot's committed self-play games plus every iteration's
# games so far. Network 0 is fitted to the bot's games alone. Deterministic: the same command writes
# the same files. An iteration whose next network is already in DIR is not played again, so a
# larger ITERATIONS continues a run.
# Usage: crates/hex-tools/ubfm-selfplay.sh DIR [ITERATIONS] [GAMES]   (default 6 iterations of 1,500)
# Needs release builds: cargo build --release -p hex-tools
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=${BIN:-"$root/target/release"}
dir=$1
iterations=${2:-6}
games=${3:-1500}
mkdir -p "$dir"
cd "$dir"
fit() { # fit K RECORDS: network K from RECORDS
    "$bin/hex-train" value --epochs 3 --decay 0.3 --hidden 64 --out "net-$1.txt" "$2" > "train-$1.log"
    tail -1 "train-$1.log"
}
zcat "$here"/selfplay/selfplay-900[12].txt.gz > bot-selfplay.txt
[ -f net-0.txt ] || fit 0 bot-selfplay.txt
k=0
while [ "$k" -lt "$iterations" ]; do
    if [ -f "net-$((k + 1)).txt" ]; then
        k=$((k + 1))
        continue
    fi
    engine="$bin/hex-baseline --engine ubfm --net $dir/net-$k.txt --playouts 300 --first-ms 60000 --move-ms 60000 --sample-stones 12 --temperature 0.05 --seed {seed}"
    "$bin/hex-arena" -n "$games" -j 1 -q --openings all --shuffle-openings --seed "960$k" \
        --time 60000/60000 --hard-limit 120000 --name-a uA --name-b uB --records "games-$k.txt" \
        "$engine" "$engine" > "games-$k.log"
    cat bot-selfplay.txt games-*.txt > "train-$k.txt"
    k=$((k + 1))
    echo "iteration $k: $(fit "$k" "train-$((k - 1)).txt")"
done
