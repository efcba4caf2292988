# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: freethreading_compatible=True
"""Typed exact deduction solver of the gopher-hole game, and the hole moves
of the no-guess generator.  The rules, the rounds and the order of every
step are described in the twin, ``_solve_pure.py``; both make the same
picks.  The exact stage (components, enumeration, the global count) is in
``_solve_exact.pxi``."""
from libc.stdlib cimport malloc, calloc, free

from gridgames._runtime.random_source cimport u64, sm_uniform
from gridgames.gopher._kernel cimport State, PICK_FELL

include "_solve_exact.pxi"

cdef enum:
    UNSEEN = -1     # val[] of a patch not inspected
    BORDER = -2     # val[] of the padding
    HOLE = 1        # mark[]: proven a hole
    SAFE = 2        # mark[]: proven safe (picked this round)


cdef class Solver:
    """Plays the field ``rows`` x ``cols`` with ``holes`` by deduction only:
    ``start(r, c)``, then ``run(budget)`` until it is no longer RUNNING."""

    cdef readonly State state
    cdef readonly int rows, cols, total, round, status, proven
    cdef int w, n, qhead, qlen, nsafe, npicks
    cdef int around[8]
    cdef u64 rng
    cdef signed char *val          # per patch, padded: BORDER, UNSEEN or the number shown
    cdef unsigned char *mark       # 0, HOLE or SAFE
    cdef unsigned char *queued
    cdef unsigned char *hole       # the field's holes (perturb moves them)
    cdef int *seen_round           # the round that first saw each patch, or -1
    cdef int *mark_round
    cdef int *queue                # the worklist, a ring of n
    cdef int *safe                 # this round's safe patches
    cdef int *pick_r               # the picks, rows*cols + 1 at most
    cdef int *pick_c
    cdef int *pick_round

    def __init__(self, rows, cols, holes, seed=0):
        cdef int r, c, w
        holes = list(holes)
        self.state = State(rows, cols, holes)  # checks everything first
        self.rows, self.cols = rows, cols
        self.total = rows * cols - self.state.f.safe_left
        w = self.w = cols + 2
        self.n = (rows + 2) * w
        self.around[0], self.around[1], self.around[2], self.around[3] = -w - 1, -w, -w + 1, -1
        self.around[4], self.around[5], self.around[6], self.around[7] = 1, w - 1, w, w + 1
        self.rng = seed & 0xFFFFFFFFFFFFFFFF
        # two blocks: bytes per patch, and ints per patch and per pick
        self.val = <signed char *>calloc(4 * self.n, 1)
        self.seen_round = <int *>malloc((4 * self.n + 3 * (rows * cols + 1)) * sizeof(int))
        if self.val == NULL or self.seen_round == NULL:
            raise MemoryError()
        self.mark = <unsigned char *>self.val + self.n
        self.queued = self.mark + self.n
        self.hole = self.queued + self.n
        self.mark_round = self.seen_round + self.n
        self.queue = self.mark_round + self.n
        self.safe = self.queue + self.n
        self.pick_r = self.safe + self.n
        self.pick_c = self.pick_r + self.rows * self.cols + 1
        self.pick_round = self.pick_c + self.rows * self.cols + 1
        for r in range(self.n):
            self.val[r] = BORDER
            self.seen_round[r] = -1
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                self.val[r * w + c] = UNSEEN
        for r, c in holes:
            self.hole[r * w + c] = 1
        self.qhead = self.qlen = self.nsafe = self.npicks = 0
        self.round = self.status = self.proven = 0

    def __dealloc__(self):
        free(self.val)
        free(self.seen_round)

    @property
    def picks(self):
        cdef int k
        return [(self.pick_r[k], self.pick_c[k]) for k in range(self.npicks)]

    cdef void _record(self, int r, int c, int j) noexcept:
        self.pick_r[self.npicks] = r
        self.pick_c[self.npicks] = c
        self.pick_round[self.npicks] = j
        self.npicks += 1

    def start(self, r, c):
        """The first pick, round 0."""
        code = self.state.pick(r, c)
        self._record(r, c, 0)
        self.round = 1
        self.status = FELL if code == PICK_FELL else RUNNING

    def run(self, long long budget):
        """Play rounds until CLEARED, STUCK, GAVE_UP (or FELL at the start)."""
        cdef int j, k, i, r, c
        while self.status == RUNNING:
            j = self.round
            self._see(j)
            if self.state.f.safe_left == 0:
                self.status = CLEARED
                break
            self.nsafe = 0
            self._propagate(j)
            if self.nsafe == 0 and not self._exact(j, budget):
                self.status = GAVE_UP
                break
            if self.nsafe == 0:
                self.status = STUCK
                break
            sort_ints(self.safe, self.nsafe)
            for k in range(self.nsafe):
                i = self.safe[k]
                r = i // self.w
                c = i % self.w
                if self.state.pick(r, c) > 0:
                    self._record(r, c, j)
            self.round = j + 1
        return self.status

    def rewind(self, int d, holes):
        """Play the new ``holes`` again from round d (see the twin)."""
        cdef int keep = 0, i
        self.state = State(self.rows, self.cols, holes)
        while keep < self.npicks and self.pick_round[keep] < d:
            keep += 1
        self.npicks = keep
        for i in range(keep):
            self.state.pick(self.pick_r[i], self.pick_c[i])  # proven safe from what is unchanged
        self.proven = 0
        for i in range(self.n):
            if self.seen_round[i] >= d:
                self.seen_round[i] = -1
                self.val[i] = UNSEEN
            if self.mark[i] and self.mark_round[i] >= d:
                self.mark[i] = 0
            self.proven += self.mark[i] == HOLE
        self.round = d
        self.status = RUNNING

    def holes(self):
        """The holes, row-major."""
        cdef int r, c
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)
                if self.hole[r * self.w + c]]

    def perturb(self):
        """Move one hole where the solver is stuck (see the twin); False if
        no move exists."""
        return perturb(self)

    cdef bint _inspected_near(self, int i) noexcept:
        cdef int e
        for e in range(8):
            if self.val[i + self.around[e]] >= 0:
                return True
        return False

    # --- seeing and the fast rules -------------------------------------------

    cdef void _see(self, int j) noexcept:
        """Record the patches inspected by round j-1's picks and touch them in
        row-major order.  A pick's flood is connected through the zeros it
        inspected, so a walk from the picks finds them without scanning the
        field (the twin scans it: the same patches, the same order)."""
        cdef int k = self.npicks, e, x, count = 0, head = 0
        while k > 0 and self.pick_round[k - 1] == j - 1:
            k -= 1
        for k in range(k, self.npicks):
            count = self._look(self.pick_r[k] * self.w + self.pick_c[k], j, count)
        while head < count:
            x = self.safe[head]  # as scratch: the newly seen
            head += 1
            if self.val[x] == 0:
                for e in range(8):
                    count = self._look(x + self.around[e], j, count)
        sort_ints(self.safe, count)
        for k in range(count):
            self._touch(self.safe[k])

    cdef int _look(self, int i, int j, int count) noexcept:
        cdef unsigned char ch
        if self.val[i] != UNSEEN:
            return count
        ch = self.state.f.shown[(i // self.w) * self.state.f.stride + i % self.w]
        if ch == 35:  # '#': not inspected
            return count
        self.val[i] = 0 if ch == 32 else ch - 48
        self.seen_round[i] = j
        self.safe[count] = i
        return count + 1

    cdef void _touch(self, int x) noexcept:
        """Queue every constraint within CHANGE_REACH of patch x."""
        cdef int xr = x // self.w, xc = x % self.w, r, c, i
        for r in range(max(1, xr - CHANGE_REACH), min(self.rows, xr + CHANGE_REACH) + 1):
            for c in range(max(1, xc - CHANGE_REACH), min(self.cols, xc + CHANGE_REACH) + 1):
                i = r * self.w + c
                if self.val[i] > 0 and not self.queued[i]:
                    self.queued[i] = 1
                    self.queue[(self.qhead + self.qlen) % self.n] = i
                    self.qlen += 1

    cdef int _unknowns(self, int c, int *out) noexcept:
        cdef int e, x, k = 0
        for e in range(8):
            x = c + self.around[e]
            if self.val[x] == UNSEEN and not self.mark[x]:
                out[k] = x
                k += 1
        return k

    cdef int _need(self, int c) noexcept:
        cdef int e, k = self.val[c]
        for e in range(8):
            k -= self.mark[c + self.around[e]] == HOLE
        return k

    cdef void _settle(self, const int *cells, int count, int kind, int j, bint touch) noexcept:
        cdef int k, x
        for k in range(count):
            x = cells[k]
            self.mark[x] = kind
            self.mark_round[x] = j
            if kind == HOLE:
                self.proven += 1
            else:
                self.safe[self.nsafe] = x
                self.nsafe += 1
            if touch:
                self._touch(x)

    cdef void _propagate(self, int j) noexcept:
        cdef int c, na, need
        cdef int a[8]
        while self.qlen:
            c = self.queue[self.qhead]
            self.qhead = (self.qhead + 1) % self.n
            self.qlen -= 1
            self.queued[c] = 0
            na = self._unknowns(c, a)
            if na == 0:
                continue
            need = self._need(c)
            if need == 0:
                self._settle(a, na, SAFE, j, True)
            elif need == na:
                self._settle(a, na, HOLE, j, True)
            else:
                self._pairs(c, a, na, need, j)

    cdef void _pairs(self, int c, const int *a, int na, int need, int j) noexcept:
        """The pair rule for constraint c against each d near it, until one settles something."""
        cdef int cr = c // self.w, cc = c % self.w, r, col, d, k, y, nb, nin, nonly_a, nonly_b
        cdef int need_b, low, high
        cdef int b[8]
        cdef int only_a[8]
        for r in range(max(1, cr - PAIR_REACH), min(self.rows, cr + PAIR_REACH) + 1):
            for col in range(max(1, cc - PAIR_REACH), min(self.cols, cc + PAIR_REACH) + 1):
                d = r * self.w + col
                if d == c or self.val[d] <= 0:
                    continue
                nin = nonly_a = 0
                for k in range(na):
                    if self._adjacent(a[k], d):
                        nin += 1
                    else:
                        only_a[nonly_a] = a[k]
                        nonly_a += 1
                if nin == 0 or nonly_a == 0:
                    continue
                nb = self._unknowns(d, b)
                nonly_b = 0
                for k in range(nb):
                    y = b[k]
                    nonly_b += not self._adjacent(y, c)
                need_b = self._need(d)
                low = max(0, need_b - nonly_b)             # holes the overlap surely holds
                high = min(need, min(need_b, nin))         # holes it can hold
                if need - low == 0:
                    self._settle(only_a, nonly_a, SAFE, j, True)
                    return
                if need - high == nonly_a:
                    self._settle(only_a, nonly_a, HOLE, j, True)
                    return

    cdef inline bint _adjacent(self, int x, int d) noexcept:
        cdef int e
        for e in range(8):
            if x - d == self.around[e]:
                return True
        return False

    # --- the exact stage ---------------------------------------------------------

    cdef bint _exact(self, int j, long long budget) except -1:
        """Mark every provably safe unknown patch; False if over budget."""
        cdef Frontier f
        cdef int r, c, i, e, x, v, k, p, m, size, status
        cdef long long steps, spent = 0
        cdef bint off_hole = False
        if frontier_open(&f, self.n) < 0:
            raise MemoryError()
        try:
            for r in range(1, self.rows + 1):
                for c in range(1, self.cols + 1):
                    i = r * self.w + c
                    if self.val[i] == UNSEEN and not self.mark[i]:
                        for e in range(8):
                            if self.val[i + self.around[e]] > 0:
                                f.var_of[i] = f.nv
                                f.cells[f.nv] = i
                                f.nv += 1
                                break
                        else:
                            f.off[f.noff] = i
                            f.noff += 1
            for r in range(1, self.rows + 1):
                for c in range(1, self.cols + 1):
                    i = r * self.w + c
                    if self.val[i] <= 0:
                        continue
                    k = 0
                    for e in range(8):
                        v = f.var_of[i + self.around[e]]
                        if v >= 0:
                            f.cons_vars[8 * f.ncons + k] = v
                            f.var_cons[8 * v + f.var_ncons[v]] = f.ncons
                            f.var_ncons[v] += 1
                            k += 1
                    if k:
                        f.cons_nv[f.ncons] = k
                        f.open_c[f.ncons] = k
                        f.need[f.ncons] = self._need(i)
                        f.ncons += 1
            components(&f)
            for k in range(f.ncomp):
                steps = enumerate_component(&f, k, budget - spent)
                if steps == -2:
                    raise MemoryError()
                if steps < 0:
                    return False
                spent += steps
            m = f.noff
            status = combine(&f, self.total - self.proven, m, &off_hole)
            if status == -2:
                raise MemoryError()
            if status < 0:
                return False
            for k in range(f.ncomp):
                size = f.comp_start[k + 1] - f.comp_start[k]
                for p in range(size):
                    for v in range(size + 1):
                        if f.allowed[f.poss_start[k] + v] and f.can[k][v * size + p]:
                            break
                    else:
                        x = f.cells[f.order[f.comp_start[k] + p]]
                        self._settle(&x, 1, SAFE, j, False)
            if not off_hole:
                self._settle(f.off, f.noff, SAFE, j, False)
            return True
        finally:
            frontier_close(&f)


include "_solve_moves.pxi"
