"""The twin's ``settle`` (pure Python; the kernel's is ``_solve_rules.pxi``):
after propagation, the regions of empty squares, the rules on them, and the
head to branch on, or a split of the scope into independent parts.

Scopes: the search may split a board into parts that share no square and
no path (see SPLIT in ``_solve_pure.py``).  Each part gets a tag: its paths
(``owner``) and its empty squares (``zone``) carry it, a head only steps
onto a square of its own zone, and a region counts as a candidate of a path
only in the path's zone.  ``settle(s, tag)`` branches on the paths of scope
``tag`` only and calls the scope solved when they are all finished.
"""
from __future__ import annotations

from typing import Any, Optional

from ._kernel_pure import _Forest

# ``s`` below is the search state, ``_solve_pure._Search`` (typed Any: that
# module builds on this one, never the other way round).
_Search = Any

FAIL, SOLVED, DIVIDE = -1, -2, -4
ASSIGN, PARITY, CORRIDOR, SPLIT = 1, 2, 4, 8


def settle(s: _Search, tag: int) -> int:
    """SOLVED (scope ``tag`` is finished), FAIL, DIVIDE (its paths fall
    into independent parts: ``s.parts`` lists them, each a list of paths,
    smallest area first) or the head to branch on.  FAIL when a path's heads
    share no region, a region is stranded (no path can enter it), or, with
    ASSIGN, the paths cannot be shared out among the regions, or, with
    PARITY, the colours cannot balance, or, with CORRIDOR, a region only one
    path can enter is no corridor."""
    if s.ndone == s.k:
        return SOLVED if s.nempty == 0 else FAIL
    region, size, diff, nregion = label_regions(s)
    found = candidate_regions(s, tag, region, size, nregion)
    if found is None:  # a path with no region to go through
        return FAIL
    cand, ncand, vsum, best, scope = found
    if any(ncand[r] == 0 for r in range(1, nregion + 1)):
        return FAIL
    if scope == 0:
        return SOLVED
    if s.rules & ASSIGN and not assign_regions(cand, ncand, vsum, nregion):
        return FAIL
    if s.rules & PARITY and not parity_holds(s, cand, diff, nregion):
        return FAIL
    if s.rules & CORRIDOR and not corridors_hold(s, region, cand, ncand, vsum):
        return FAIL
    if s.rules & SPLIT and scope > 1 and _parts(s, tag, region, size, cand):
        return DIVIDE
    return best


def label_regions(s: _Search) -> tuple[list[int], list[int], list[int], int]:
    """The regions of empty squares: (region of each square, size and
    colour difference of each region, how many there are)."""
    cell, dirs, par = s.cell, s.dirs, s.par
    region = [0] * len(cell)
    nregion = 0
    for x in s.inner:
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
    for x in s.inner:
        size[region[x]] += 1
        diff[region[x]] += 2 * par[x] - 1
    return region, size, diff, nregion


def candidate_regions(s: _Search, tag: int, region: list[int], size: list[int],
                      nregion: int) -> Optional[tuple[list[list[int]], list[int], list[int], int, int]]:
    """(cand, ncand, vsum, the head to branch on, the paths of scope ``tag``),
    or None when a path's heads share no region.  cand[v]: the regions of v's
    zone touching both heads of path v; ncand[r], vsum[r]: how many paths
    region r can take, and the sum of their numbers."""
    dirs, head, owner, zone, k = s.dirs, s.head, s.owner, s.zone, s.k
    cand: list[list[int]] = [[] for _ in range(k + 1)]
    ncand = [0] * (nregion + 1)
    vsum = [0] * (nregion + 1)
    best_key: Optional[tuple[int, int]]
    best, best_key, scope = FAIL, None, 0
    for v in range(1, k + 1):
        if s.done[v]:
            continue
        a, b = head[2 * v], head[2 * v + 1]
        found = 0
        for d in dirs:
            r = region[a + d]
            if r and zone[a + d] == owner[v] and (
                    region[b - 1] == r or region[b + 1] == r or
                    region[b - s.w] == r or region[b + s.w] == r):
                if not found or size[r] < size[found]:
                    found = r
                if r not in cand[v]:
                    cand[v].append(r)
                    ncand[r] += 1
                    vsum[r] += v
        if not found:
            return None
        if owner[v] == tag:
            scope += 1
            for e in (2 * v, 2 * v + 1):
                key = (s.moves(e)[0], -1 if e == s.last else size[found])
                if best_key is None or key < best_key:
                    best, best_key = e, key
    return cand, ncand, vsum, best, scope


def assign_regions(cand: list[list[int]], ncand: list[int], vsum: list[int], nregion: int) -> bool:
    """ASSIGN: a region only one path can enter takes that path: the path's
    other regions lose it (a path's remaining run lies in one region).
    False when a region is left with no path."""
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
                    return False
                if ncand[r2] == 1:
                    stack.append(r2)
        cand[v] = [r]
    return True


def parity_holds(s: _Search, cand: list[list[int]], diff: list[int], nregion: int) -> bool:
    """PARITY: the run between heads a and b alternates colours: it has one
    square more of the colour a lacks if a and b share a colour, else as
    many of each; a region's diff must be the sum over its paths."""
    head, par = s.head, s.par
    lo = [0] * (nregion + 1)
    hi = [0] * (nregion + 1)
    total = 0
    for v in range(1, s.k + 1):
        if s.done[v]:
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
            return False
        total -= diff[r]
    return total == 0


def corridors_hold(s: _Search, region: list[int], cand: list[list[int]], ncand: list[int],
                   vsum: list[int]) -> bool:
    """CORRIDOR: a region only path v can enter is all v's: since a path
    never touches itself, the region and v's heads must form a corridor,
    every square with exactly two neighbours in it and next to no other
    square of v, each head with one neighbour in the region."""
    cell, dirs, head = s.cell, s.dirs, s.head
    for x in s.inner:
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
                    return False
            if deg != 2:
                return False
    for v in range(1, s.k + 1):
        if not s.done[v] and len(cand[v]) == 1 and ncand[cand[v][0]] == 1:
            r = cand[v][0]
            for e in (2 * v, 2 * v + 1):
                if sum(region[head[e] + d] == r for d in dirs) != 1:
                    return False
    return True


def _parts(s: _Search, tag: int, region: list[int], size: list[int], cand: list[list[int]]) -> bool:
    """Do the scope's paths fall into parts that share no candidate region?
    If so, ``s.parts`` lists them (each its paths in increasing order), by
    area (the squares of their regions), then by lowest path, and the zone
    of every empty square of a part is marked with its index + 1."""
    forest = _Forest(len(size))  # the generator's union-find: only the partition matters here
    find = forest.find
    paths = [v for v in range(1, s.k + 1) if not s.done[v] and s.owner[v] == tag]
    for v in paths:
        for r in cand[v][1:]:
            forest.join(cand[v][0], r)
    index: dict[int, int] = {}
    parts: list[list[int]] = []
    for v in paths:
        r = find(cand[v][0])
        if r not in index:
            index[r] = len(parts)
            parts.append([])
        parts[index[r]].append(v)
    if len(parts) < 2:
        return False
    area = [0] * len(parts)
    for r in range(1, len(size)):
        i = index.get(find(r), -1)
        if i >= 0:
            area[i] += size[r]
    order = sorted(range(len(parts)), key=lambda i: (area[i], parts[i][0]))
    s.parts = [parts[i] for i in order]
    rank = {r: order.index(i) + 1 for r, i in index.items()}
    for x in s.inner:
        r = region[x]
        s.mark[x] = rank.get(find(r), 0) if r else 0
    return True
