#!/bin/bash
# The Cephalopods yardstick (the 12 public tests and crates/cephalopods/yardstick.txt), timed three ways:
#   in-process:     the `cephalopods_timing` example, best of 9 wall-clock runs, inputs interleaved;
#   judge's clock:  from the first read of stdin to the answer, as CodinGame times it (the same example
#                   with --judge-clock: each binary started, left to block on its read, then sent the
#                   input), best of 5, the bundled single file compiled like the judge does
#                   (rustc --edition 2021 -O), and any --entry NAME=BIN beside it on the same inputs;
#   whole process:  CPU time (perf stat task-clock, minimum of 7 runs, start-up included) of the
#                   bundled binary on the public tests and the four heavy boards, and its peak memory
#                   (/usr/bin/time -v, "Maximum resident set size").
# Usage (from the workspace root; needs perf):
#   bash crates/cephalopods/measure.sh [--entry NAME=BIN]...
# A public contest entry is built outside this repository and named by its binary's path.
set -euo pipefail
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
entries=()
while [ $# -gt 0 ]; do
    case $1 in
        --entry) entries+=(--entry "$2"); shift 2;;
        *) echo "usage: $0 [--entry NAME=BIN]..." >&2; exit 2;;
    esac
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cargo build -q --release -p cephalopods --bin cephalopods --example cephalopods_timing
cargo run -q -p bundle -- cephalopods > "$scratch/cephalopods.rs"
rustc --edition 2021 -O "$scratch/cephalopods.rs" -o "$scratch/bundled"
timing=$CARGO_TARGET_DIR/release/examples/cephalopods_timing
bundled=$scratch/bundled
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(rustc --version)"
echo "bundle: $(wc -m < "$scratch/cephalopods.rs") characters"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

echo; echo "== in-process"
"$timing" --runs 9

echo; echo "== judge's clock"
"$timing" --runs 5 --judge-clock "$bundled" ${entries[@]+"${entries[@]}"}

cpu_ms() { # binary input -> minimum task-clock over 7 runs, in ms
    for _ in 1 2 3 4 5 6 7; do
        perf stat -x, -e task-clock "$1" < "$2" 2>&1 >/dev/null | grep task-clock | cut -d, -f1
    done | sort -n | head -1
}
peak_kb() { /usr/bin/time -v "$1" < "$2" 2>&1 >/dev/null | grep 'Maximum resident' | awk '{print $NF}'; }

echo; echo "== whole process, bundled"
echo "input | answer | CPU ms | peak KB"
grep -E '^(empty-d40|corner-1-d40|edge-1-d40|pair-1-2-d40) ' crates/cephalopods/yardstick.txt |
    while read -r name depth c1 c2 c3 c4 c5 c6 c7 c8 c9; do
        printf '%s\n%s %s %s\n%s %s %s\n%s %s %s\n' "$depth" "$c1" "$c2" "$c3" "$c4" "$c5" "$c6" "$c7" "$c8" "$c9" \
            > "$scratch/$name.in"
    done
total=0
for f in samples/cephalopods/[0-9]*.in "$scratch"/*.in; do
    ms=$(cpu_ms "$bundled" "$f")
    echo "$(basename "$f" .in) | $("$bundled" < "$f") | $ms | $(peak_kb "$bundled" "$f")"
    case $f in samples/*)
        total=$(echo "$total + $ms" | bc)
        [ "$(basename "$f")" = 12.in ] && echo "public-12 sum | | $total |";;
    esac
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
