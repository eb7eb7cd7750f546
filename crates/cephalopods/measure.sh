#!/bin/bash
# Reproduces the figures in README.md: whole-process times (hyperfine, wall clock; perf stat task-clock,
# CPU time, minimum of 7 runs) and peak memory (/usr/bin/time -v), for the release build and for the
# bundled single file compiled like the judge does (rustc --edition 2021 -O).
# Usage: bash crates/cephalopods/measure.sh   (from the workspace root)
set -euo pipefail
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target/h-cephalopods}
cargo build -q --release -p cephalopods
cargo run -q -p bundle -- cephalopods > /tmp/cephalopods-bundled.rs
rustc --edition 2021 -O /tmp/cephalopods-bundled.rs -o /tmp/cephalopods-bundled
release=$CARGO_TARGET_DIR/release/cephalopods
bundled=/tmp/cephalopods-bundled
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(rustc --version)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

cpu_ms() { # binary input -> minimum task-clock over 7 runs, in ms
    for _ in 1 2 3 4 5 6 7; do
        perf stat -x, -e task-clock "$1" < "$2" 2>&1 >/dev/null | grep task-clock | cut -d, -f1
    done | sort -n | head -1
}
peak_kb() { /usr/bin/time -v "$1" < "$2" 2>&1 >/dev/null | grep 'Maximum resident' | awk '{print $NF}'; }

echo; echo "input | answer | CPU ms release | CPU ms bundled | peak KB bundled"
for f in crates/cephalopods/heavy/*.in; do
    echo "$(basename "$f" .in) | $($bundled < "$f") | $(cpu_ms $release "$f") | $(cpu_ms $bundled "$f") | $(peak_kb $bundled "$f")"
done
total_release=0; total_bundled=0
for f in samples/cephalopods/[0-9]*.in; do
    r=$(cpu_ms $release "$f"); b=$(cpu_ms $bundled "$f")
    total_release=$(echo "$total_release + $r" | bc); total_bundled=$(echo "$total_bundled + $b" | bc)
    echo "$(basename "$f" .in) | $($bundled < "$f") | $r | $b | $(peak_kb $bundled "$f")"
done
echo "public total CPU ms: release $total_release, bundled $total_bundled"

echo; echo "wall clock (hyperfine, bundled):"
for f in crates/cephalopods/heavy/*.in; do
    echo "$(basename "$f" .in):"
    hyperfine --warmup 2 --runs 15 --style basic "$bundled < $f" 2>/dev/null | grep -E "Time|Range"
done
echo "all 12 public tests, one after another:"
hyperfine --warmup 1 --runs 10 --style basic \
    "for f in samples/cephalopods/[0-9]*.in; do $bundled < \$f > /dev/null; done" 2>/dev/null | grep -E "Time|Range"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
