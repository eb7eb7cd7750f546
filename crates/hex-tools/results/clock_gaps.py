# Counts the pauses over 20 ms seen by a loop that only reads the clock for 10 s (a loaded machine).
import time
t0=time.perf_counter(); last=t0; gaps=[]
while True:
    now=time.perf_counter()
    g=now-last
    if g>0.02: gaps.append(round(g*1000,1))
    last=now
    if now-t0>10: break
print("gaps>20ms:", len(gaps), sorted(gaps)[-10:])
