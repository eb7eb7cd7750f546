import sys, math
# Recomputes a lenient match as strict for engine "hex": a game with any late hex answer is a loss.
for path in sys.argv[1:]:
    games = wins = strict_wins = late_answers = answers = 0
    max_t = 0.0
    late_games = 0
    for line in open(path):
        f = dict(kv.split('=', 1) for kv in line.strip().split(' ') if '=' in kv and not kv.startswith('detail'))
        games += 1
        hex_red = f['red'] == 'hex'
        times = f['times'].split(',')
        first = True
        late = False
        for i, t in enumerate(times):
            if t == '-':
                continue
            mine = (i % 2 == 0) == hex_red
            if not mine:
                continue
            t = float(t); answers += 1
            limit = 1000 if first else 100
            if not first: max_t = max(max_t, t)
            first = False
            if t > limit:
                late = True; late_answers += 1
        won = f['winner'] == ('red' if hex_red else 'blue')
        wins += won
        strict_wins += won and not late
        late_games += late
    def fmt(w):
        p = w / games; se = math.sqrt(p * (1 - p) / games)
        return f"{w}/{games} = {100*p:.1f}% ± {200*se:.1f}%"
    print(f"{path}: lenient {fmt(wins)}; strict-equivalent {fmt(strict_wins)}; late answers {late_answers}/{answers} in {late_games} games; max later answer {max_t} ms")
