#!/usr/bin/env python3
"""A callgrind profile (--dump-instr=yes) of linez by part: every instruction's self cost given to
its innermost linez source function (inline chains from addr2line, std frames skipped; calls to
libc's memcpy/memset given to the calling linez function), and the inclusive cost of every line of
the search code (bot/search/*.rs: the deepest search frame of each instruction or call site).
Usage: parts.py PROFILE BINARY [TOP]"""
import re, sys, subprocess, collections
prof, binary = sys.argv[1], sys.argv[2]
top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
names = {}
def resolve(kind, v):
    m = re.match(r'\((\d+)\)(?: (.*))?', v)
    if not m: return v
    key = (kind, m.group(1))
    if m.group(2) is not None: names[key] = m.group(2)
    return names.get(key, '?')
selfc = collections.Counter()        # (fn, addr) -> self cost
arcs = collections.Counter()         # (fn, site addr, callee fn) -> inclusive
fn = None; cfn = None; last_a = 0; last_l = 0; pending = False; total = 0
def pos(tok, last):
    if tok == '*': return last
    if tok[0] == '+': return last + int(tok[1:], 0)
    if tok[0] == '-': return last - int(tok[1:], 0)
    return int(tok, 0)
for raw in open(prof):
    raw = raw.rstrip('\n')
    if not raw: continue
    if raw.startswith('fn='): fn = resolve('n', raw[3:]); continue
    if raw.startswith('cfn='): cfn = resolve('n', raw[4:]); continue
    if raw.startswith(('fl=', 'fi=', 'fe=', 'cfl=', 'cfi=', 'ob=', 'cob=')):
        k = raw.split('=')[0]; resolve('o' if 'ob' in k else 'f', raw[len(k)+1:]); continue
    if raw.startswith('calls='): pending = True; continue
    c = raw[0]
    if c.isdigit() or c in '+-*' or raw.startswith('0x'):
        parts = raw.split()
        a = pos(parts[0], last_a); last_a = a
        if len(parts) > 2:
            last_l = pos(parts[1], last_l)
        v = int(parts[-1]) if len(parts) > 1 else 0
        if pending:
            arcs[(fn, a, cfn)] += v; pending = False
        else:
            selfc[(fn, a)] += v; total += v
addrs = sorted({a for (_, a) in selfc} | {a for (_, a, _) in arcs})
# addr2line: inline chains, innermost first.
out = subprocess.run(['addr2line', '-i', '-f', '-C', '-a', '-e', binary] + [hex(a) for a in addrs],
                     capture_output=True, text=True).stdout.split('\n')
chains = {}; cur = None; i = 0
while i < len(out):
    l = out[i]
    if l.startswith('0x'):
        cur = int(l, 16); chains[cur] = []; i += 1; continue
    if not l: i += 1; continue
    func = l; loc = out[i + 1] if i + 1 < len(out) else '?'; i += 2
    chains[cur].append((func, loc))
def short(func):
    func = re.sub(r'<[^<>]*>', '', re.sub(r'<[^<>]*>', '', func))
    return func.split('::')[-1] if '{{closure}}' not in func else '::'.join(func.split('::')[-2:])
def linez_frames(a):
    return [(f, loc) for f, loc in chains.get(a, []) if '/crates/linez/' in loc]
def self_key(fn, a):
    fr = linez_frames(a)
    if fr: return short(fr[0][0]) + '  (' + fr[0][1].split('/crates/linez/src/')[-1].split(':')[0] + ')'
    return 'ext ' + fn.split('::')[-1][:40]
parts = collections.Counter()
for (f, a), v in selfc.items():
    if 'memcpy' in f or 'memmove' in f or 'memset' in f or '__mem' in f:
        continue
    parts[self_key(f, a)] += v
for (f, a, callee), v in arcs.items():
    if any(k in callee for k in ('memcpy', 'memmove', 'memset', '__mem')) and not any(k in f for k in ('memcpy', 'memmove', 'memset', '__mem')):
        parts['memcpy/memset in ' + self_key(f, a)] += v
print(f'total {total/1e6:.1f} M instructions')
print('== self, by innermost linez function ==')
acc = 0
for k, v in parts.most_common(top):
    print(f'{v/1e6:9.1f} M {100*v/total:5.1f}%  {k}'); acc += v
print(f'(shown {100*acc/total:.1f}%)')
# Inclusive by the deepest search frame (line) of each instruction/call site, over the physical
# functions that hold search code (except place_random, which is reached by its calls).
def search_key(a):
    for f, loc in chains.get(a, []):
        if '/bot/search/' in loc or '/bot.rs' in loc:
            return short(f) + ' @ ' + loc.split('/crates/linez/src/')[-1].split(' ')[0]
    return None
incl = collections.Counter()
def holds_search(f):
    return ('search::' in f or 'choose_with' in f) and 'place_random' not in f and 'nth_cell' not in f
for (f, a), v in selfc.items():
    if holds_search(f):
        k = search_key(a)
        incl[k or ('? ' + f)] += v
for (f, a, callee), v in arcs.items():
    if holds_search(f) and not holds_search(callee):
        k = search_key(a)
        incl[k or ('? ' + f)] += v
print('== inclusive, by search line ==')
s = sum(incl.values())
print(f'(sum {s/1e6:.1f} M)')
for k, v in incl.most_common(top):
    print(f'{v/1e6:9.1f} M {100*v/total:5.1f}%  {k}')
