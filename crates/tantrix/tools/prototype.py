"""Throw-away prototype of the Tantrix move count, used to pick the reading of rule 5 (see README).

Usage: python3 prototype.py [OPTIONS] < input, OPTIONS a Python dict literal:
  {}                        the reading the solver uses, except rule 5 not binding forced placements
  {'ctrl_on_forced': 1}     rule 5 binds forced placements too (the solver's reading)
  {'ctrl': 0}               no controlled sides          {'full': 1}   wall must cover walk cell t too
  {'maxlen': 1}             controlled sides cut after one cell
  {'r4': 0}                 no rule 4                    {'forced': 0} no rule 3
Each rotation 0..6 counts as a move (the same as the solver unless a tile is rotation symmetric).
"""
import sys, itertools
D=[(0,1),(1,0),(1,-1),(0,-1),(-1,0),(-1,1)]
def add(a,b):return (a[0]+b[0],a[1]+b[1])
def rot(t,r): # rotate tile clockwise by r: new edge k = old edge k-r
    return t[-r:]+t[:-r] if r else t
def count(board,hand,opt):
    empties=set()
    for p in board:
        for d in D:
            q=add(p,d)
            if q not in board: empties.add(q)
    def nb(c): return [k for k in range(6) if add(c,D[k]) in board]
    forced=[c for c in empties if len(nb(c))>=3]
    controlled=set()
    if opt.get('ctrl',True):
        for f in forced:
            for w in range(6):
                if add(f,D[w]) in board: continue
                for j in ((w-1)%6,(w+1)%6):
                    if add(f,D[j]) not in board: continue
                    wall=add(f,D[j]); c=f
                    t=0
                    while True:
                        t+=1
                        c=add(c,D[w])
                        if c in board: break
                        if opt.get('full') and add(wall,D[w]) not in board: break
                        controlled.add(c)
                        wall=add(wall,D[w])
                        if opt.get('maxlen') and t>=opt['maxlen']: break
                        if wall not in board: break
    def legal(tile,c):
        # rule 2
        for k in range(6):
            q=add(c,D[k])
            if q in board and board[q][(k+3)%6]!=tile[k]: return False
        # rule 4
        if opt.get('r4',True):
            for k in range(6):
                q=add(c,D[k])
                if q in board: continue
                cols=[tile[k]]
                for m in range(6):
                    r=add(q,D[m])
                    if r in board: cols.append(board[r][(m+3)%6])
                if len(cols)>=3 and any(cols.count(x)>=3 for x in cols): return False
        return True
    def moves(cells,use_ctrl):
        n=0
        for h in hand:
            for r in range(6):
                t=rot(h,r)
                for c in cells:
                    if use_ctrl and c in controlled: continue
                    if legal(t,c): n+=1
        return n
    if opt.get('forced',True):
        fm=moves(forced, opt.get('ctrl_on_forced',False))
        if fm: return fm
    return moves(empties,True)
def main():
    opt=eval(sys.argv[1]) if len(sys.argv)>1 else {}
    data=sys.stdin.read().split(); i=0
    T=int(data[i]); i+=1
    for _ in range(T):
        n=int(data[i]); i+=1
        board={}
        for _ in range(n):
            x,y,t=int(data[i]),int(data[i+1]),data[i+2]; i+=3
            board[(x,y)]=t
        hand=data[i:i+5]; i+=5
        print(count(board,hand,opt))
main()
