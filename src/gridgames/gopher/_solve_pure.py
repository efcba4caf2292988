"""Pure-Python twin of ``_solve.pyx``: the exact deduction solver of the
gopher-hole game; the same rules in the same order, so both backends make
the same picks (``_noguess.py`` builds the no-guess generator on it;
``_exact.py`` holds the exact stage's helpers).

The solver plays a field by deduction only, in rounds.  Round 0 is the
first pick (a guess).  Each later round j:

1. sees the patches inspected by round j-1's picks;
2. runs the fast rules to a fixpoint over a FIFO worklist of constraints
   (an inspected patch showing n >= 1: its unknown neighbours hold n minus
   the proven holes around it).  A constraint needing 0 holes makes its
   unknowns safe, one needing as many holes as it has unknowns makes them
   holes; a pair c, d within PAIR_REACH bounds the holes in their overlap
   and settles c's unknowns outside d when the bound is tight (subsets are
   the case of an empty outside).  Proven holes are kept for later rounds;
3. only when that proves nothing safe, the exact stage: the unknown
   patches next to a constraint (the frontier) split into components linked
   by constraints; each component's arrangements are enumerated depth-first
   (its cells in breadth-first order, 0 before 1) to learn, for each hole
   count k, whether k is possible and which cells can be a hole with k.  The
   counts are combined with the holes left: the frontier holds t of them and
   the m unknown patches off the frontier the rest, any number 0..m.  A
   patch is safe exactly when no combination consistent with that puts a
   hole there (existence, not probability: no binomials are needed).  At
   most ``budget`` enumeration steps: beyond, the solver gives up;
4. picks every patch proven safe, row-major; a pick that changes nothing
   (an earlier pick's flood inspected the patch) is not recorded.

It stops when every safe patch is inspected (CLEARED) or nothing is
provably safe (STUCK).  The state after each round depends only on what was
seen, so the generator can move holes the solver has not seen and replay
the rounds before the first one that sees a difference (``rewind``).
"""
from __future__ import annotations

from bisect import bisect_left
from collections import deque

from .._runtime.kernel_constants import constants
from .._runtime.random_source_pure import SplitMix64
from ._kernel_pure import PICK_FELL, State
from ._solve_exact_pure import combine, components, enumerate_component

# (constants() attributes are untyped: their types are declared here)
RUNNING: int
CLEARED: int
STUCK: int
FELL: int
GAVE_UP: int
PAIR_REACH: int
CHANGE_REACH: int
_K = constants("gopher/_solve.pxd")
RUNNING, CLEARED, STUCK, FELL, GAVE_UP = _K.RUNNING, _K.CLEARED, _K.STUCK, _K.FELL, _K.GAVE_UP
PAIR_REACH, CHANGE_REACH = _K.PAIR_REACH, _K.CHANGE_REACH

UNSEEN, BORDER = -1, -2  # val[] of a patch not inspected, of the padding
HOLE, SAFE = 1, 2        # mark[]: proven a hole, proven safe (picked this round)

Holes = list[tuple[int, int]]


class Solver:
    """Plays the field ``rows`` x ``cols`` with ``holes`` by deduction only:
    ``start(r, c)``, then ``run(budget)`` until it is no longer RUNNING."""

    def __init__(self, rows: int, cols: int, holes: Holes, seed: int = 0) -> None:
        self.rows, self.cols = rows, cols
        self.state = State(rows, cols, holes)
        self.rng = SplitMix64(seed)  # perturb()'s draws
        self.total = rows * cols - self.state.safe_left  # distinct holes
        w = self.w = cols + 2
        n = self.n = (rows + 2) * w
        self.around = (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1)
        self.val = [BORDER] * n
        for r in range(1, rows + 1):
            self.val[r * w + 1:r * w + 1 + cols] = [UNSEEN] * cols
        self.hole = bytearray(n)
        for r, c in holes:
            self.hole[r * w + c] = 1
        self.seen_round = [-1] * n  # the round that first saw each patch
        self.mark, self.mark_round = bytearray(n), [0] * n
        self.queue: deque[int] = deque()
        self.queued = bytearray(n)
        self.picks: Holes = []
        self.pick_round: list[int] = []
        self.round, self.status, self.proven = 0, RUNNING, 0
        self.safe: list[int] = []

    def start(self, r: int, c: int) -> None:
        """The first pick, round 0."""
        code = self.state.pick(r, c)
        self.picks.append((r, c))
        self.pick_round.append(0)
        self.round, self.status = 1, FELL if code == PICK_FELL else RUNNING

    def run(self, budget: int) -> int:
        """Play rounds until CLEARED, STUCK, GAVE_UP (or FELL at the start)."""
        while self.status == RUNNING:
            j = self.round
            self._see(j)
            if self.state.safe_left == 0:
                self.status = CLEARED
                break
            self.safe = []
            self._propagate(j)
            if not self.safe and not self._exact(j, budget):
                self.status = GAVE_UP
                break
            if not self.safe:
                self.status = STUCK
                break
            for i in sorted(self.safe):
                r, c = divmod(i, self.w)
                if self.state.pick(r, c) > 0:
                    self.picks.append((r, c))
                    self.pick_round.append(j)
            self.round = j + 1
        return self.status

    def rewind(self, d: int, holes: Holes) -> None:
        """Play the new ``holes`` (the same number, differing only at patches
        not seen yet) again from round d (>= 1), the first round that may see
        a difference: rounds before it are kept, not recomputed."""
        self.state = State(self.rows, self.cols, holes)
        keep = bisect_left(self.pick_round, d)
        del self.picks[keep:], self.pick_round[keep:]
        for r, c in self.picks:
            self.state.pick(r, c)  # proven safe from what is unchanged
        val, seen, mark = self.val, self.seen_round, self.mark
        self.proven = 0
        for i in range(self.n):
            if seen[i] >= d:
                seen[i], val[i] = -1, UNSEEN
            if mark[i] and self.mark_round[i] >= d:
                mark[i] = 0
            self.proven += mark[i] == HOLE
        self.round, self.status = d, RUNNING

    def holes(self) -> Holes:
        """The holes, row-major."""
        w = self.w
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)
                if self.hole[r * w + c]]

    def perturb(self) -> bool:
        """Move one hole where the solver is stuck (Tatham's idea): an
        unknown patch x of the frontier, drawn at random, gives its hole to
        a safe unknown patch y, or takes one from a hole y, y drawn off the
        frontier if it can be (else on it); then rewind to the first round
        that sees x or y.  False if no such move exists."""
        val, hole, around, w = self.val, self.hole, self.around, self.w
        front: list[int] = []
        inner: list[int] = []  # unknown and unproven, on and off the frontier
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols + 1):
                i = r * w + c
                if val[i] == UNSEEN and not self.mark[i]:
                    (front if any(val[i + d] >= 0 for d in around) else inner).append(i)
        pool = front or inner
        if not pool:
            return False
        x = pool[self.rng.uniform(len(pool))]
        want = 1 - hole[x]
        pool = [i for i in inner if hole[i] == want] or [i for i in front if hole[i] == want]
        if not pool:
            return False
        y = pool[self.rng.uniform(len(pool))]
        hole[x], hole[y] = hole[y], hole[x]
        d = min((self.seen_round[z + e] for z in (x, y) for e in around if val[z + e] >= 0),
                default=self.round)
        self.rewind(d, self.holes())
        return True

    # --- seeing and the fast rules -------------------------------------------

    def _see(self, j: int) -> None:
        snap, val, w, cols = self.state.snapshot(), self.val, self.w, self.cols
        new = []
        for r in range(1, self.rows + 1):
            for c in range(1, cols + 1):
                i = r * w + c
                ch = snap[(r - 1) * cols + c - 1]
                if val[i] == UNSEEN and ch != 35:  # '#': not inspected
                    val[i] = 0 if ch == 32 else ch - 48
                    self.seen_round[i] = j
                    new.append(i)
        for i in new:
            self._touch(i)

    def _touch(self, x: int) -> None:
        """Queue every constraint within CHANGE_REACH of patch x."""
        xr, xc = divmod(x, self.w)
        for r in range(max(1, xr - CHANGE_REACH), min(self.rows, xr + CHANGE_REACH) + 1):
            for c in range(max(1, xc - CHANGE_REACH), min(self.cols, xc + CHANGE_REACH) + 1):
                i = r * self.w + c
                if self.val[i] > 0 and not self.queued[i]:
                    self.queued[i] = 1
                    self.queue.append(i)

    def _unknowns(self, c: int) -> list[int]:
        return [c + d for d in self.around if self.val[c + d] == UNSEEN and not self.mark[c + d]]

    def _need(self, c: int) -> int:
        return self.val[c] - sum(self.mark[c + d] == HOLE for d in self.around)

    def _settle(self, cells: list[int], kind: int, j: int, touch: bool = True) -> None:
        for x in cells:
            self.mark[x], self.mark_round[x] = kind, j
            if kind == HOLE:
                self.proven += 1
            else:
                self.safe.append(x)
            if touch:
                self._touch(x)

    def _propagate(self, j: int) -> None:
        while self.queue:
            c = self.queue.popleft()
            self.queued[c] = 0
            a = self._unknowns(c)
            if not a:
                continue
            need = self._need(c)
            if need == 0:
                self._settle(a, SAFE, j)
            elif need == len(a):
                self._settle(a, HOLE, j)
            else:
                self._pairs(c, a, need, j)

    def _pairs(self, c: int, a: list[int], need: int, j: int) -> None:
        """The pair rule for constraint c against each d near it, until one settles something."""
        w, around = self.w, self.around
        cr, cc = divmod(c, w)
        for r in range(max(1, cr - PAIR_REACH), min(self.rows, cr + PAIR_REACH) + 1):
            for col in range(max(1, cc - PAIR_REACH), min(self.cols, cc + PAIR_REACH) + 1):
                d = r * w + col
                if d == c or self.val[d] <= 0:
                    continue
                inside = [x for x in a if x - d in around]
                only_a = [x for x in a if x - d not in around]
                if not inside or not only_a:
                    continue
                only_b = [y for y in self._unknowns(d) if y - c not in around]
                need_b = self._need(d)
                low = max(0, need_b - len(only_b))          # holes the overlap surely holds
                high = min(need, need_b, len(inside))       # holes it can hold
                if need - low == 0:
                    self._settle(only_a, SAFE, j)
                    return
                if need - high == len(only_a):
                    self._settle(only_a, HOLE, j)
                    return

    # --- the exact stage ---------------------------------------------------------

    def _exact(self, j: int, budget: int) -> bool:
        """Mark every provably safe unknown patch; False if over budget."""
        val, mark, around, w = self.val, self.mark, self.around, self.w
        var_of: dict[int, int] = {}
        cells: list[int] = []  # the frontier, row-major
        off: list[int] = []    # the other unknown patches
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols + 1):
                i = r * w + c
                if val[i] == UNSEEN and not mark[i]:
                    if any(val[i + d] > 0 for d in around):
                        var_of[i] = len(cells)
                        cells.append(i)
                    else:
                        off.append(i)
        cons_vars: list[list[int]] = []
        need: list[int] = []
        var_cons: list[list[int]] = [[] for _ in cells]
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols + 1):
                i = r * w + c
                vs = [var_of[i + d] for d in around if i + d in var_of] if val[i] > 0 else []
                if vs:
                    for v in vs:
                        var_cons[v].append(len(cons_vars))
                    cons_vars.append(vs)
                    need.append(self._need(i))
        comps = components(len(cells), cons_vars, var_cons)
        holes = [0] * len(need)
        open_ = [len(vs) for vs in cons_vars]
        found = []
        spent = 0
        for order in comps:
            result = enumerate_component(order, var_cons, need, holes, open_, budget - spent)
            if result is None:
                return False
            found.append(result[:2])
            spent += result[2]
        left = self.total - self.proven
        combined = combine([p for p, _ in found], left, len(off))
        if combined is None:
            return False
        allowed, off_hole = combined
        for order, (_, can), ok in zip(comps, found, allowed):
            n = len(order)
            for p in range(n):
                if not any(ok[k] and can[k * n + p] for k in range(n + 1)):
                    self._settle([cells[order[p]]], SAFE, j, touch=False)
        if not off_hole:
            self._settle(off, SAFE, j, touch=False)
        return True

