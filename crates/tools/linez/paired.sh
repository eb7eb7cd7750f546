#!/bin/sh
# paired.sh A B FIELD: the paired difference B - A of FIELD ("score", "moves") over the lines
# "seed S ..." (linez-tune games) or "position S/M ..." (crowded) both files hold.
awk -v field="$3" '
  ($1 == "seed" || $1 == "position") { for (i = 1; i < NF; i++) if ($i == field) v = $(i + 1);
    if (FILENAME == ARGV[1]) a[$2] = v; else if ($2 in a) { d = v - a[$2]; n++; s += d; q += d * d; sa += a[$2]; sb += v } }
  END { m = s / n; sd = sqrt((q - n * m * m) / (n - 1)); printf "pairs %d  A %.2f  B %.2f  B-A %+.2f +- %.2f (2 s.e.)\n", n, sa / n, sb / n, m, 2 * sd / sqrt(n) }
' "$1" "$2"
