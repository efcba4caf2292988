"""The exact stage of the pure solver (``_solve_pure.py``), the twin of
``_solve_exact.pxi``: the frontier's components, the enumeration of each
component's arrangements, and their combination with the global count."""
from __future__ import annotations

from typing import Optional

from .._runtime.kernel_constants import constants

MAX_TABLE: int = constants("gopher/_solve.pxd").MAX_TABLE


def components(nv: int, cons_vars: list[list[int]], var_cons: list[list[int]]) -> list[list[int]]:
    """The frontier's components, each in breadth-first order from its first cell."""
    comp = [-1] * nv
    comps: list[list[int]] = []
    for v0 in range(nv):
        if comp[v0] >= 0:
            continue
        comp[v0] = len(comps)
        order = [v0]
        for v in order:  # grows while walked
            for k in var_cons[v]:
                for u in cons_vars[k]:
                    if comp[u] < 0:
                        comp[u] = comp[v0]
                        order.append(u)
        comps.append(order)
    return comps


def _assign(x: int, v: int, var_cons: list[list[int]], need: list[int], holes: list[int],
            open_: list[int]) -> bool:
    ok = True
    for k in var_cons[x]:
        open_[k] -= 1
        holes[k] += v
        if holes[k] > need[k] or holes[k] + open_[k] < need[k]:
            ok = False
    return ok


def _undo(x: int, v: int, var_cons: list[list[int]], holes: list[int], open_: list[int]) -> None:
    for k in var_cons[x]:
        open_[k] += 1
        holes[k] -= v


def enumerate_component(order: list[int], var_cons: list[list[int]], need: list[int], holes: list[int],
               open_: list[int], budget: int) -> Optional[tuple[bytearray, bytearray, int]]:
    """Every arrangement of one component: (possible[k], can[k * n + p]: cell
    order[p] is a hole in some arrangement with k holes, steps), or None over budget."""
    n = len(order)
    if (n + 1) * n > MAX_TABLE:
        return None
    possible, can = bytearray(n + 1), bytearray((n + 1) * n)
    value = [-1] * n
    k = ones = steps = 0
    while True:
        if k == n:
            possible[ones] = 1
            for p in range(n):
                if value[p]:
                    can[ones * n + p] = 1
            steps += 1
            k -= 1
        while k >= 0:  # the next value at position k, or back up
            v, x = value[k], order[k]
            if v == 1:
                _undo(x, 1, var_cons, holes, open_)
                value[k] = -1
                ones -= 1
                k -= 1
                continue
            if v == 0:
                _undo(x, 0, var_cons, holes, open_)
                value[k], ones = 1, ones + 1
            else:
                value[k] = 0
            steps += 1
            if _assign(x, value[k], var_cons, need, holes, open_):
                k += 1
                break
        if k < 0:
            return possible, can, steps
        if steps > budget:
            for p in range(k):  # leave the shared counters as they were
                _undo(order[p], value[p], var_cons, holes, open_)
            return None


def _convolve(a: bytearray, b: bytearray) -> bytearray:
    out = bytearray(len(a) + len(b) - 1)
    for i in range(len(a)):
        if a[i]:
            for k in range(len(b)):
                if b[k]:
                    out[i + k] = 1
    return out


def combine(possible: list[bytearray], left: int, m: int) -> Optional[tuple[list[bytearray], bool]]:
    """For each component, the hole counts k that some arrangement of the
    others and of the m patches off the frontier completes to ``left``
    holes; and whether a patch off the frontier can be a hole.  None if
    the count sets would need more than MAX_TABLE bytes."""
    lo = sum(p.index(1) for p in possible)
    hi = sum(len(p) - 1 - p[::-1].index(1) for p in possible)
    if left - m <= lo and hi <= left:  # every combination fits: the count binds nothing
        return possible, m > 0 and lo <= left - 1
    top, need = 1, 1
    for p in reversed(possible):
        top += len(p) - 1
        need += top
    if need > MAX_TABLE:
        return None
    suffix = [bytearray(b"\x01")]
    for p in reversed(possible):
        suffix.append(_convolve(p, suffix[-1]))
    suffix.reverse()  # suffix[c]: the counts of components c, c+1, ...
    allowed = []
    before = bytearray(b"\x01")
    for c, p in enumerate(possible):
        rest = suffix[c + 1]
        cum = [0]
        for bit in rest:
            cum.append(cum[-1] + bit)
        ok = bytearray(len(p))
        for k in range(len(p)):
            for s in range(len(before)) if p[k] else ():
                a, b = max(0, left - m - k - s), min(len(rest) - 1, left - k - s)
                if before[s] and a <= b and cum[b + 1] > cum[a]:
                    ok[k] = 1
                    break
        allowed.append(ok)
        before = _convolve(before, p)
    return allowed, any(before[t] for t in range(max(0, left - m), min(len(before), left)))
