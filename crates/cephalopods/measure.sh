#!/bin/bash
# Reproduces the figures in README.md, for the 12 public tests (each and their sum) and the four heavy
# inputs (crates/cephalopods/heavy/):
#   in-process:    the `cephalopods_timing` example, best of 9 wall-clock runs, inputs interleaved;
#   whole-process: CPU time (perf stat task-clock, minimum of 7 runs) of the release binary and of the
#                  bundled single file compiled like the judge does (rustc --edition 2021 -O);
#   peak memory:   /usr/bin/time -v, "Maximum resident set size", bundled binary.
# Usage: bash crates/cephalopods/measure.sh   (from the workspace root; needs perf)
set -euo pipefail
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cargo build -q --release -p cephalopods --bin cephalopods --example cephalopods_timing
cargo run -q -p bundle -- cephalopods > "$scratch/cephalopods.rs"
rustc --edition 2021 -O "$scratch/cephalopods.rs" -o "$scratch/bundled"
release=$CARGO_TARGET_DIR/release/cephalopods
bundled=$scratch/bundled
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(rustc --version)"
echo "bundle: $(wc -m < "$scratch/cephalopods.rs") characters"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

echo; echo "== in-process"
"$CARGO_TARGET_DIR/release/examples/cephalopods_timing" 9

cpu_ms() { # binary input -> minimum task-clock over 7 runs, in ms
    for _ in 1 2 3 4 5 6 7; do
        perf stat -x, -e task-clock "$1" < "$2" 2>&1 >/dev/null | grep task-clock | cut -d, -f1
    done | sort -n | head -1
}
peak_kb() { /usr/bin/time -v "$1" < "$2" 2>&1 >/dev/null | grep 'Maximum resident' | awk '{print $NF}'; }

echo; echo "== whole process"
echo "input | answer | CPU ms release | CPU ms bundled | peak KB bundled"
total_release=0; total_bundled=0
for f in samples/cephalopods/[0-9]*.in crates/cephalopods/heavy/*.in; do
    r=$(cpu_ms "$release" "$f"); b=$(cpu_ms "$bundled" "$f")
    echo "$(basename "$f" .in) | $("$bundled" < "$f") | $r | $b | $(peak_kb "$bundled" "$f")"
    case $f in samples/*)
        total_release=$(echo "$total_release + $r" | bc); total_bundled=$(echo "$total_bundled + $b" | bc)
        [ "$(basename "$f")" = 12.in ] && echo "public-12 sum | | $total_release | $total_bundled |";;
    esac
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
