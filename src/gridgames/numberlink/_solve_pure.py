"""Pure-Python twin of ``_solve.pyx``: the same search in the same order, so
both backends find the same first solution and the same count.

The search grows every path from both of its endpoints ("heads").  A board
is padded with a SOLID border; squares are indices into it, neighbours in
reading order (up, left, right, down).  Rules, as ``check`` defines them:

* a head of path v may step onto an empty square x only when x touches no
  square of v other than that head and the other head of v; touching the
  other head closes the path (endpoints next to each other are a closed
  path of two squares from the start); a square that does not close the
  path must have an empty neighbour that v could take next;
* every empty square needs two "open" neighbours (empty, or a head that
  may step onto it): it will have two path neighbours, both still open.

Propagation, repeated until nothing changes: a head with no move fails, a
head with one move takes it; an empty square with fewer than two open
neighbours (empty, or a head that may step onto it) fails, one with exactly
two of which one is a head must be that head's next square.  Then the empty squares are split into regions: every
unfinished path needs a region touching both its heads (its remaining
squares form one run between them) and every region needs such a path
(else it is stranded).  Three more rules, each a bit of ``rules``:

* ASSIGN: a region only one path can enter takes that path, which then
  leaves its other regions; a region left with no path fails;
* PARITY: colour the board like a chessboard; the run between heads a and b
  alternates colours, so it holds one square more of the colour a lacks when
  a and b share a colour, else as many of each: a region's colour surplus
  must be a sum of its paths' (a path that may go to several regions counts
  as optional), and the board's must be the sum over all paths;
* CORRIDOR: a region only one path can enter is all that path's, and a path
  never touches itself, so the region and the two heads must form a
  corridor: each square with exactly two neighbours in it, none next to
  another square of the path, each head with one neighbour in the region
  (this subsumes the 2x2 rule: no 2x2 block is ever one path's).

Branching: the head with the fewest moves; ties go
to the head branched on last (so a path keeps growing), then to the head in
the smallest region, then to the lowest path and its first end; its moves
are tried in reading order.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import Optional

from ._check import SOLID, solve_arguments

FAIL, SOLVED = -1, -2
# The rules beyond the basic ones, a bit each (``rules`` of solve; all by default)
ASSIGN, PARITY, CORRIDOR = 1, 2, 4
RULES = ASSIGN | PARITY | CORRIDOR
TICK_EVERY = 1 << 8  # search nodes between calls of ``tick``


class _Search:
    def __init__(self, rows: int, cols: int, p: list[int], k: int, rules: int) -> None:
        w = self.w = cols + 2
        self.rows, self.cols, self.k, self.rules = rows, cols, k, rules
        # the chessboard colour of each square (the border's is never read)
        self.par = bytearray((x // w + x % w) & 1 for x in range(w * (rows + 2)))
        self.dirs = (-w, -1, 1, w)
        self.inner = [(r + 1) * w + c + 1 for r in range(rows) for c in range(cols)]
        cell = self.cell = [SOLID] * (w * (rows + 2))
        head = self.head = [0] * (2 * k + 2)
        self.done = bytearray(k + 1)
        # (head index, its previous square, square taken, closed the path)
        self.trail: list[tuple[int, int, int, bool]] = []
        self.nempty = self.ndone = 0
        self.last = -1  # the head branched on last
        for i, v in enumerate(p):
            x = self.inner[i]
            cell[x] = v
            self.nempty += v == 0
            if v > 0:
                head[2 * v + (head[2 * v] != 0)] = x
        for v in range(1, k + 1):
            if head[2 * v + 1] - head[2 * v] in (1, w):
                self.done[v] = 1
                self.ndone += 1

    def legal(self, e: int, x: int) -> int:
        """0: x cannot be the next square of head e; 1: it can; 2: it can
        and it closes the path (x is empty, next to head e).  A square that
        does not close the path must be able to go on: it needs an empty
        neighbour touching no square of v but x and the other head."""
        v, h, o = e >> 1, self.head[e], self.head[e ^ 1]
        cell, dirs, result = self.cell, self.dirs, 1
        for d in dirs:
            y = x + d
            if y != h and cell[y] == v:
                if y != o:
                    return 0
                result = 2
        if result == 2:
            return 2
        for d in dirs:
            y = x + d
            if y != h and cell[y] == 0 and not any(
                    z != x and z != o and cell[z] == v for z in (y + d2 for d2 in dirs)):
                return 1
        return 0

    def moves(self, e: int) -> tuple[int, int, int]:
        """(number of moves of head e, first move, its legal() code)."""
        h, cell = self.head[e], self.cell
        n = first = code = 0
        for d in self.dirs:
            x = h + d
            if cell[x] == 0:
                c = self.legal(e, x)
                if c:
                    if n == 0:
                        first, code = x, c
                    n += 1
        return n, first, code

    def apply(self, e: int, x: int, code: int) -> None:
        v = e >> 1
        self.trail.append((e, self.head[e], x, code == 2))
        self.cell[x] = v
        self.head[e] = x
        self.nempty -= 1
        if code == 2:
            self.done[v] = 1
            self.ndone += 1

    def undo(self, mark: int) -> None:
        while len(self.trail) > mark:
            e, prev, x, closed = self.trail.pop()
            self.cell[x] = 0
            self.head[e] = prev
            self.nempty += 1
            if closed:
                self.done[e >> 1] = 0
                self.ndone -= 1

    def head_at(self, y: int) -> int:
        """Index of the unfinished head on square y, or -1."""
        v = self.cell[y]
        if v <= 0 or self.done[v]:
            return -1
        if self.head[2 * v] == y:
            return 2 * v
        if self.head[2 * v + 1] == y:
            return 2 * v + 1
        return -1

    def propagate(self) -> bool:
        """Forced moves until none is left; False on a contradiction."""
        cell, done, dirs = self.cell, self.done, self.dirs
        while True:
            changed = False
            for e in range(2, 2 * self.k + 2):
                while not done[e >> 1]:
                    n, x, code = self.moves(e)
                    if n == 0:
                        return False
                    if n > 1:
                        break
                    self.apply(e, x, code)
                    changed = True
            for x in self.inner:
                if cell[x] != 0:
                    continue
                nopen, he = 0, -1
                for d in dirs:
                    y = x + d
                    if cell[y] == 0:
                        nopen += 1
                    else:
                        e = self.head_at(y)
                        if e >= 0 and self.legal(e, x):
                            nopen += 1
                            if he < 0:
                                he = e
                if nopen < 2:
                    return False
                if nopen == 2 and he >= 0:
                    code = self.legal(he, x)
                    if code == 0:
                        return False
                    self.apply(he, x, code)
                    changed = True
            if not changed:
                return True

    def settle(self) -> int:
        """After propagation: SOLVED, FAIL or the head to branch on.  FAIL
        when a path's heads share no region, a region is stranded (no path
        can enter it), or, with ASSIGN, the paths cannot be shared out among
        the regions, or, with PARITY, the colours cannot balance."""
        if self.ndone == self.k:
            return SOLVED if self.nempty == 0 else FAIL
        cell, dirs, head, par, k = self.cell, self.dirs, self.head, self.par, self.k
        region = [0] * len(cell)
        nregion = 0
        for x in self.inner:
            if cell[x] == 0 and region[x] == 0:
                nregion += 1
                region[x] = nregion
                todo = [x]
                while todo:
                    y = todo.pop()
                    for d in dirs:
                        z = y + d
                        if cell[z] == 0 and region[z] == 0:
                            region[z] = nregion
                            todo.append(z)
        size = [0] * (nregion + 1)
        diff = [0] * (nregion + 1)  # squares of colour 1 minus colour 0
        for x in self.inner:
            size[region[x]] += 1
            diff[region[x]] += 2 * par[x] - 1
        # cand[v]: the regions touching both heads of path v; ncand[r], vsum[r]:
        # how many paths region r can take, and the sum of their numbers
        cand: list[list[int]] = [[] for _ in range(k + 1)]
        ncand = [0] * (nregion + 1)
        vsum = [0] * (nregion + 1)
        best_key: Optional[tuple[int, int]]
        best, best_key = FAIL, None
        for v in range(1, k + 1):
            if self.done[v]:
                continue
            a, b = head[2 * v], head[2 * v + 1]
            found = 0
            for d in dirs:
                r = region[a + d]
                if r and (region[b - 1] == r or region[b + 1] == r or
                          region[b - self.w] == r or region[b + self.w] == r):
                    if not found or size[r] < size[found]:
                        found = r
                    if r not in cand[v]:
                        cand[v].append(r)
                        ncand[r] += 1
                        vsum[r] += v
            if not found:
                return FAIL
            for e in (2 * v, 2 * v + 1):
                key = (self.moves(e)[0], -1 if e == self.last else size[found])
                if best_key is None or key < best_key:
                    best, best_key = e, key
        for r in range(1, nregion + 1):
            if ncand[r] == 0:
                return FAIL
        if self.rules & ASSIGN:
            # a region only one path can enter takes that path: the path's
            # other regions lose it (a path's remaining run lies in one region)
            stack = [r for r in range(1, nregion + 1) if ncand[r] == 1]
            while stack:
                r = stack.pop()
                v = vsum[r]
                if len(cand[v]) == 1:
                    continue
                for r2 in cand[v]:
                    if r2 != r:
                        ncand[r2] -= 1
                        vsum[r2] -= v
                        if ncand[r2] == 0:
                            return FAIL
                        if ncand[r2] == 1:
                            stack.append(r2)
                cand[v] = [r]
        if self.rules & PARITY:
            # the run between heads a and b alternates colours: it has one
            # square more of the colour a lacks if a and b share a colour, else
            # as many of each; a region's diff must be the sum over its paths
            lo = [0] * (nregion + 1)
            hi = [0] * (nregion + 1)
            total = 0
            for v in range(1, k + 1):
                if self.done[v]:
                    continue
                pa = par[head[2 * v]]
                delta = 1 - 2 * pa if pa == par[head[2 * v + 1]] else 0
                total += delta
                if len(cand[v]) == 1:
                    lo[cand[v][0]] += delta
                    hi[cand[v][0]] += delta
                else:
                    for r in cand[v]:
                        if delta > 0:
                            hi[r] += 1
                        elif delta < 0:
                            lo[r] -= 1
            for r in range(1, nregion + 1):
                if not lo[r] <= diff[r] <= hi[r]:
                    return FAIL
                total -= diff[r]
            if total:
                return FAIL
        if self.rules & CORRIDOR:
            # a region only path v can enter is all v's: since a path never
            # touches itself, the region and v's heads must form a corridor,
            # every square with exactly two neighbours in it and next to no
            # other square of v, each head with one neighbour in the region
            for x in self.inner:
                r = region[x]
                if r and ncand[r] == 1:
                    v = vsum[r]
                    a, b = head[2 * v], head[2 * v + 1]
                    deg = 0
                    for d in dirs:
                        z = x + d
                        if region[z] == r or z == a or z == b:
                            deg += 1
                        elif cell[z] == v:
                            return FAIL
                    if deg != 2:
                        return FAIL
            for v in range(1, k + 1):
                if not self.done[v] and len(cand[v]) == 1 and ncand[cand[v][0]] == 1:
                    r = cand[v][0]
                    for e in (2 * v, 2 * v + 1):
                        if sum(region[head[e] + d] == r for d in dirs) != 1:
                            return FAIL
        return best

    def solution(self) -> array[int]:
        cell = self.cell
        return array("i", [cell[x] for x in self.inner])


def solve(rows: int, cols: int, puzzle: Iterable[int], limit: int, max_nodes: int = 0,
          tick: Optional[Callable[[int], object]] = None, rules: int = RULES
          ) -> tuple[int, Optional[array[int]], int, bool]:
    """Search the puzzle (EMPTY, SOLID or endpoint numbers, row-major) for
    up to ``limit`` solutions, settling at most ``max_nodes`` search nodes
    (0: no limit).  ``tick(nodes)`` is called every TICK_EVERY nodes; a true
    answer stops the search.  Returns (count, first solution's cells as
    array('i') or None, search nodes, finished): not finished when the
    budget or ``tick`` stopped the search before it could say."""
    rows, cols, p, k, limit = solve_arguments(rows, cols, puzzle, limit)
    s = _Search(rows, cols, p, k, rules)
    first: Optional[array[int]]
    count, first, nodes = 0, None, 0
    frames: list[list[int]] = []  # [trail mark, head index, next direction]
    ok = s.propagate()
    while True:
        if ok:
            if nodes == max_nodes > 0:
                return count, first, nodes, False
            nodes += 1
            if tick is not None and nodes % TICK_EVERY == 0 and tick(nodes):
                return count, first, nodes, False
            e = s.settle()
            if e == SOLVED:
                count += 1
                if first is None:
                    first = s.solution()
                if count >= limit:
                    break
            elif e != FAIL:
                s.last = e
                frames.append([len(s.trail), e, 0])
        ok = False
        while frames:  # the next untried move of the deepest branching
            f = frames[-1]
            s.undo(f[0])
            e = f[1]
            h = s.head[e]
            while f[2] < 4:
                x = h + s.dirs[f[2]]
                f[2] += 1
                if s.cell[x] == 0:
                    code = s.legal(e, x)
                    if code:
                        s.apply(e, x, code)
                        ok = True
                        break
            if ok:
                break
            frames.pop()
        if not ok:
            break
        ok = s.propagate()
    return count, first, nodes, True
