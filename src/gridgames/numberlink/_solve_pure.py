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

* SPLIT: when the unfinished paths fall into parts that share no candidate
  region (after ASSIGN), the parts are independent: the ways to finish the
  board are the products of each part's.  Each part but the largest is
  counted by a search of its own (smallest area first; a part without a
  solution ends the branch at once) and the largest goes on in the current
  search, each of its solutions weighing the product of the others' counts
  (capped at the limit).  Parts are kept apart by tags (see
  ``_solve_rules_pure``): a head never steps out of its part.  This spares the
  search from undoing a finished part because another one failed.

Branching: the head with the fewest moves; ties go
to the head branched on last (so a path keeps growing), then to the head in
the smallest region, then to the lowest path and its first end; its moves
are tried in reading order.  The first solution is the one met first in
this order; a part's own search writes its share of it (``record``).
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import Optional

from ._check import SOLID, solve_arguments
from ._solve_rules_pure import ASSIGN, CORRIDOR, DIVIDE, FAIL, PARITY, SOLVED, SPLIT, settle

# The rules beyond the basic ones, a bit each (``rules`` of solve; all by default)
PRUNING = ASSIGN | PARITY | CORRIDOR | SPLIT
TICK_EVERY = 1 << 8  # search nodes between calls of ``tick``
__all__ = ["ASSIGN", "PARITY", "CORRIDOR", "SPLIT", "PRUNING", "TICK_EVERY", "solve"]


class _Stopped(Exception):
    """The node budget or ``tick`` stopped the search."""


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
        # scopes (see _solve_rules_pure): each path's and each square's tag, the
        # tags in use, the parts found by settle and each square's part in them
        self.owner = [0] * (k + 1)
        self.zone = [0] * len(cell)
        self.mark = [0] * len(cell)
        self.ntags = 0
        self.parts: list[list[int]] = []
        self.nodes = self.max_nodes = self.found = 0
        self.tick: Optional[Callable[[int], object]] = None
        self.out = array("i", bytes(4 * rows * cols))
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
        if self.zone[x] != self.owner[v]:
            return 0
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

    def node(self) -> None:
        """Count a search node; _Stopped when the budget or tick says so."""
        if self.nodes == self.max_nodes > 0:
            raise _Stopped
        self.nodes += 1
        if self.tick is not None and self.nodes % TICK_EVERY == 0 and self.tick(self.nodes):
            raise _Stopped

    def record(self) -> None:
        """Write the squares on paths now into the first solution."""
        cell, out = self.cell, self.out
        for i, x in enumerate(self.inner):
            if cell[x] != 0:
                out[i] = cell[x]

    def restore(self, base: int, tag: int) -> None:
        """The tags above ``base`` (the parts of a split) go back to ``tag``."""
        zone, owner = self.zone, self.owner
        for x in self.inner:
            if zone[x] > base:
                zone[x] = tag
        for v in range(1, self.k + 1):
            if owner[v] > base:
                owner[v] = tag
        self.ntags = base


def _split(s: _Search, limit: int, rec: bool) -> int:
    """Tag the parts ``settle`` found, then count each but the last (the
    largest) in a search of its own: the product of their counts, capped
    at ``limit``; 0 as soon as one has none."""
    parts, base = s.parts, s.ntags
    s.ntags += len(parts)
    for x in s.inner:
        if s.mark[x]:
            s.zone[x] = base + s.mark[x]
    for i, part in enumerate(parts):
        for v in part:
            s.owner[v] = base + i + 1
    product = 1
    for i in range(len(parts) - 1):
        found = _search(s, base + i + 1, limit, rec, False)
        if found == 0:
            return 0
        product = min(product * found, limit)
    return product


def _search(s: _Search, tag: int, limit: int, rec: bool, top: bool) -> int:
    """Count, up to ``limit``, the ways to finish the paths of scope ``tag``
    from the current state (propagated); the state is as before at the end.
    ``rec``: no solution is known yet, so the first found is recorded."""
    entry, count, weight = len(s.trail), 0, 1
    # [trail mark, head index, next direction], or at a split
    # [trail mark, -1, the scope's tag, its weight, the tags' base]
    frames: list[list[int]] = []
    ok = True
    while True:
        if ok:
            s.node()
            e = settle(s, tag)
            if e == SOLVED:
                if rec and count == 0:
                    s.record()
                count = min(count + weight, limit)
                if top:
                    s.found = count
                if count >= limit:
                    break
            elif e == DIVIDE:
                base, nparts = s.ntags, len(s.parts)
                product = _split(s, limit, rec and count == 0)
                if product:  # the largest part goes on here
                    frames.append([len(s.trail), -1, tag, weight, base])
                    tag, weight = base + nparts, min(weight * product, limit)
                    continue
                s.restore(base, tag)
            elif e != FAIL:
                s.last = e
                frames.append([len(s.trail), e, 0])
        ok = False
        while frames:  # the next untried move of the deepest branching
            f = frames[-1]
            s.undo(f[0])
            e = f[1]
            if e < 0:  # back before a split: the scope as it was
                s.restore(f[4], f[2])
                tag, weight = f[2], f[3]
                frames.pop()
                continue
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
    for f in reversed(frames):  # stopped at the limit: undo the splits
        if f[1] < 0:
            s.restore(f[4], f[2])
    s.undo(entry)
    return count


def solve(rows: int, cols: int, puzzle: Iterable[int], limit: int, max_nodes: int = 0,
          tick: Optional[Callable[[int], object]] = None, rules: int = PRUNING
          ) -> tuple[int, Optional[array[int]], int, bool]:
    """Search the puzzle (EMPTY, SOLID or endpoint numbers, row-major) for
    up to ``limit`` solutions, settling at most ``max_nodes`` search nodes
    (0: no limit).  ``tick(nodes)`` is called every TICK_EVERY nodes; a true
    answer stops the search.  Returns (count, first solution's cells as
    array('i') or None, search nodes, finished): not finished when the
    budget or ``tick`` stopped the search before it could say."""
    rows, cols, p, k, limit = solve_arguments(rows, cols, puzzle, limit)
    s = _Search(rows, cols, p, k, rules)
    s.max_nodes, s.tick = max_nodes, tick
    finished = True
    if s.propagate():
        try:
            s.found = _search(s, 0, limit, True, True)
        except _Stopped:
            finished = False
    return s.found, (s.out if s.found else None), s.nodes, finished
