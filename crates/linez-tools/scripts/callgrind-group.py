#!/usr/bin/env python3
# Groups the inclusive-by-search-line lines of callgrind-parts.py (on stdin) into the parts of a
# unit (line numbers of bot/search/*.rs as of the commit that added this script: edit the rules
# when those files change).
import sys, subprocess, re, collections
rules = [
 ('rollout: options (derive + evaluate)', r'rollout_value @ bot/search/rollout.rs:(39|40)$'),
 ('rollout: end evaluation (with follow-up)', r'rollout_value @ bot/search/rollout.rs:(23|30)$'),
 ('rollout: quick view MoveDeltas::new', r'quick_line_or_moves @ bot/search/rollout.rs:95$'),
 ('rollout: quick view regions', r'quick_line_or_moves @ bot/search/rollout.rs:96$'),
 ('rollout: quick view best_arrivals + completing', r'quick_line_or_moves @ bot/search/rollout.rs:(97|98)$'),
 ('rollout: quick view loop (line checks, offers)', r'(quick_line_or_moves|offer) @ '),
 ('rollout: placements (colours, cells, lines)', r'rollout_value @ bot/search/rollout.rs:(48|49|50)$'),
 ('rollout: window counts update', r'rollout_value @ bot/search/rollout.rs:55$'),
 ('rollout: line taking', r'take_lines @ '),
 ('depth 1: evaluation (with follow-up)', r'sample_value @ bot/search/mod.rs:306$'),
 ('sample: placements (colours, cells, lines)', r'sample_value @ bot/search/mod.rs:297$'),
 ('sample: window counts derive', r'sample_value @ bot/search/mod.rs:301$'),
 ('per move: rerank (evaluation of every quiet move)', r'rerank @ '),
 ('per move: rank_moves (1-ply, MoveDeltas, lines)', r'(rank_moves|visit_moves|\{closure#[01]\}) @ bot/search/mod.rs'),
 ('halving bookkeeping (pool, sums, threads)', r'(halving|sample_sums|choose|best_of) @ '),
]
total = None; groups = collections.Counter()
for line in sys.stdin:
    m = re.match(r'total ([\d.]+) M', line)
    if m: total = float(m.group(1)); continue
    m = re.match(r'\s*([\d.]+) M\s+[\d.]+%\s+(.*)$', line)
    if not m or ' @ ' not in m.group(2) and not m.group(2).startswith('?'): continue
    v, k = float(m.group(1)), m.group(2)
    for name, pat in rules:
        if re.search(pat, k): groups[name] += v; break
    else: groups['other: ' + k] += v
for k, v in sorted(groups.items(), key=lambda x: -x[1]):
    print(f'{v:9.1f} M {100*v/total:5.1f}%  {k}')
