# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: freethreading_compatible=True
"""Typed Number Link solver: a complete depth-first search that grows every
path from both endpoints, with forced moves, dead ends, stranded regions and
heads that can no longer meet pruned.  The rules and the search order are
described in the twin, ``_solve_pure.py``; both explore in the same order,
so they find the same first solution and the same count.
"""
from cpython cimport array
import array
from libc.stdlib cimport malloc, calloc, free

from gridgames.numberlink._kernel cimport SOLID
from gridgames.numberlink._check import solve_arguments

cdef extern from "Python.h":
    int PyErr_CheckSignals()  # no exception clause: the error stays pending

cdef enum:
    TICK_EVERY_ = 1 << 8    # search nodes between checks for Ctrl-C and calls of tick

cdef enum:
    FAIL = -1
    SOLVED = -2
    STOPPED = -3             # run(): the budget or tick stopped the search

cdef enum:                   # the rules beyond the basic ones (see the twin)
    ASSIGN_ = 1
    PARITY_ = 2
    CORRIDOR_ = 4

ASSIGN, PARITY, CORRIDOR = ASSIGN_, PARITY_, CORRIDOR_
RULES, TICK_EVERY = ASSIGN_ | PARITY_ | CORRIDOR_, TICK_EVERY_

ctypedef struct Step:      # one square taken, for undo
    int e, prev, x, closed

ctypedef struct Frame:     # one branching: undo mark, head, next direction
    int mark, e, d

ctypedef struct Search:
    int w, k, ninner, nsq, rules
    int dirs[4]
    int *inner             # the board's squares, reading order
    int *cell              # SOLID, 0 (empty) or a path number; padded
    int *head              # head[2v], head[2v+1]: the two heads of path v
    unsigned char *done
    Step *trail
    int ntrail, nempty, ndone
    int last               # the head branched on last
    unsigned char *par     # chessboard colour of each square
    int *region            # scratch of settle(): per square
    int *size              # per region
    int *diff
    int *ncand
    int *vsum
    int *lo
    int *hi
    int *todo
    int *cand              # per path: 4 regions
    int *ncandv


cdef inline int legal(const Search *s, int e, int x) noexcept nogil:
    """0: x cannot be the next square of head e; 1: it can; 2: it can and
    it closes the path (x is empty, next to head e).  See the twin."""
    cdef int v = e >> 1, h = s.head[e], o = s.head[e ^ 1], result = 1, d, y, d2, z
    for d in range(4):
        y = x + s.dirs[d]
        if y != h and s.cell[y] == v:
            if y != o:
                return 0
            result = 2
    if result == 2:
        return 2
    # x must go on: it needs an empty neighbour that path v may take next
    for d in range(4):
        y = x + s.dirs[d]
        if y == h or s.cell[y] != 0:
            continue
        for d2 in range(4):
            z = y + s.dirs[d2]
            if z != x and z != o and s.cell[z] == v:
                break
        else:
            return 1
    return 0


cdef inline int moves(const Search *s, int e, int *first, int *code) noexcept nogil:
    """Number of moves of head e; the first one and its legal() code."""
    cdef int h = s.head[e], n = 0, d, x, c
    for d in range(4):
        x = h + s.dirs[d]
        if s.cell[x] == 0:
            c = legal(s, e, x)
            if c:
                if n == 0:
                    first[0] = x
                    code[0] = c
                n += 1
    return n


cdef inline void apply(Search *s, int e, int x, int code) noexcept nogil:
    cdef int v = e >> 1
    cdef Step *t = &s.trail[s.ntrail]
    t.e, t.prev, t.x, t.closed = e, s.head[e], x, code == 2
    s.ntrail += 1
    s.cell[x] = v
    s.head[e] = x
    s.nempty -= 1
    if code == 2:
        s.done[v] = 1
        s.ndone += 1


cdef inline void undo(Search *s, int mark) noexcept nogil:
    cdef Step *t
    while s.ntrail > mark:
        s.ntrail -= 1
        t = &s.trail[s.ntrail]
        s.cell[t.x] = 0
        s.head[t.e] = t.prev
        s.nempty += 1
        if t.closed:
            s.done[t.e >> 1] = 0
            s.ndone -= 1


cdef inline int head_at(const Search *s, int y) noexcept nogil:
    """Index of the unfinished head on square y, or -1."""
    cdef int v = s.cell[y]
    if v <= 0 or s.done[v]:
        return -1
    if s.head[2 * v] == y:
        return 2 * v
    if s.head[2 * v + 1] == y:
        return 2 * v + 1
    return -1


cdef bint propagate(Search *s) noexcept nogil:
    """Forced moves until none is left; False on a contradiction."""
    cdef int e, n, x, code, i, d, y, nopen, he, h
    cdef bint changed
    while True:
        changed = False
        for e in range(2, 2 * s.k + 2):
            while not s.done[e >> 1]:
                n = moves(s, e, &x, &code)
                if n == 0:
                    return False
                if n > 1:
                    break
                apply(s, e, x, code)
                changed = True
        for i in range(s.ninner):
            x = s.inner[i]
            if s.cell[x] != 0:
                continue
            nopen = 0
            he = -1
            for d in range(4):
                y = x + s.dirs[d]
                if s.cell[y] == 0:
                    nopen += 1
                else:
                    h = head_at(s, y)
                    if h >= 0 and legal(s, h, x):
                        nopen += 1
                        if he < 0:
                            he = h
            if nopen < 2:
                return False
            if nopen == 2 and he >= 0:
                code = legal(s, he, x)
                if code == 0:
                    return False
                apply(s, he, x, code)
                changed = True
        if not changed:
            return True


include "_solve_rules.pxi"


cdef int call_tick(void *box, long long nodes) noexcept with gil:
    """1 to stop, 0 to go on, -1 with an exception pending: Ctrl-C, or one
    raised by tick, kept in box = [tick] until solve() raises it."""
    if PyErr_CheckSignals() < 0:
        return -1
    tick = (<list>box)[0]
    if tick is None:
        return 0
    try:
        return 1 if tick(nodes) else 0
    except BaseException as exc:
        (<list>box).append(exc)
        return -1


cdef int run(Search *s, Frame *frames, int limit, long long max_nodes, void *tick,
             int *out, long long *nodes) noexcept nogil:
    """The search; the first solution goes to ``out``.  Returns the count,
    -1 when an exception is pending (Ctrl-C or from tick), or STOPPED - count
    when the budget or tick stopped it."""
    cdef int count = 0, nframes = 0, e, h, x, code, i, t
    cdef bint ok = propagate(s)
    cdef Frame *f
    while True:
        if ok:
            if nodes[0] == max_nodes:
                return STOPPED - count
            nodes[0] += 1
            if nodes[0] % TICK_EVERY_ == 0:
                t = call_tick(tick, nodes[0])
                if t:
                    return -1 if t < 0 else STOPPED - count
            e = settle(s)
            if e == SOLVED:
                count += 1
                if count == 1:
                    for i in range(s.ninner):
                        out[i] = s.cell[s.inner[i]]
                if count >= limit:
                    break
            elif e != FAIL:
                s.last = e
                frames[nframes].mark, frames[nframes].e, frames[nframes].d = s.ntrail, e, 0
                nframes += 1
        ok = False
        while nframes:  # the next untried move of the deepest branching
            f = &frames[nframes - 1]
            undo(s, f.mark)
            e = f.e
            h = s.head[e]
            while f.d < 4:
                x = h + s.dirs[f.d]
                f.d += 1
                if s.cell[x] == 0:
                    code = legal(s, e, x)
                    if code:
                        apply(s, e, x, code)
                        ok = True
                        break
            if ok:
                break
            nframes -= 1
        if not ok:
            break
        ok = propagate(s)
    return count


cdef int raise_pending(list box) except -1:
    if len(box) > 1:
        raise box[1]
    return -1  # propagates the exception PyErr_CheckSignals left pending


def solve(rows, cols, puzzle, limit, long long max_nodes=0, tick=None, int rules=RULES):
    """Search the puzzle (EMPTY, SOLID or endpoint numbers, row-major) for
    up to ``limit`` solutions and at most ``max_nodes`` nodes (0: no limit),
    calling ``tick(nodes)`` every TICK_EVERY nodes (true: stop).  Returns
    (count, first solution's cells as array('i') or None, search nodes,
    finished).  See the twin."""
    cdef Search s
    cdef Frame *frames = NULL
    cdef array.array out
    cdef int r, c, k, lim, i, v, x, count
    cdef long long nodes = 0
    cdef bint finished = True
    cdef list box = [tick]
    r, c, p, k, lim = solve_arguments(rows, cols, puzzle, limit)
    if max_nodes <= 0:
        max_nodes = -1
    s.w = c + 2
    s.k = k
    s.rules = rules
    s.ninner = r * c
    s.nsq = s.w * (r + 2)
    s.dirs[0], s.dirs[1], s.dirs[2], s.dirs[3] = -s.w, -1, 1, s.w
    s.ntrail = s.nempty = s.ndone = 0
    s.last = -1
    s.inner = <int *>malloc(s.ninner * sizeof(int))
    s.cell = <int *>malloc(s.nsq * sizeof(int))
    s.head = <int *>calloc(2 * k + 2, sizeof(int))
    s.done = <unsigned char *>calloc(k + 1, 1)
    s.trail = <Step *>malloc((s.ninner + 1) * sizeof(Step))
    s.par = <unsigned char *>malloc(s.nsq)
    s.region = <int *>malloc(s.nsq * sizeof(int))
    s.size = <int *>malloc((s.ninner + 1) * sizeof(int))
    s.diff = <int *>malloc((s.ninner + 1) * sizeof(int))
    s.ncand = <int *>malloc((s.ninner + 1) * sizeof(int))
    s.vsum = <int *>malloc((s.ninner + 1) * sizeof(int))
    s.lo = <int *>malloc((s.ninner + 1) * sizeof(int))
    s.hi = <int *>malloc((s.ninner + 1) * sizeof(int))
    s.todo = <int *>malloc(s.nsq * sizeof(int))
    s.cand = <int *>malloc((4 * k + 4) * sizeof(int))
    s.ncandv = <int *>malloc((k + 1) * sizeof(int))
    frames = <Frame *>malloc((s.ninner + 2) * sizeof(Frame))
    out = array.clone(array.array("i"), s.ninner, zero=True)
    try:
        if not (s.inner and s.cell and s.head and s.done and s.trail and s.par and s.region
                and s.size and s.diff and s.ncand and s.vsum and s.lo and s.hi and s.todo
                and s.cand and s.ncandv and frames):
            raise MemoryError()
        for i in range(s.nsq):
            s.cell[i] = SOLID
            s.par[i] = (i // s.w + i % s.w) & 1
        for i in range(s.ninner):
            x = (i // c + 1) * s.w + i % c + 1
            s.inner[i] = x
            v = p[i]
            s.cell[x] = v
            s.nempty += v == 0
            if v > 0:
                s.head[2 * v + (s.head[2 * v] != 0)] = x
        for v in range(1, k + 1):
            if s.head[2 * v + 1] - s.head[2 * v] in (1, s.w):
                s.done[v] = 1
                s.ndone += 1
        with nogil:
            count = run(&s, frames, lim, max_nodes, <void *>box, out.data.as_ints, &nodes)
        if count == -1:
            raise_pending(box)
        if count <= STOPPED:
            count, finished = STOPPED - count, False
    finally:
        free(s.inner)
        free(s.cell)
        free(s.head)
        free(s.done)
        free(s.trail)
        free(s.par)
        free(s.region)
        free(s.size)
        free(s.diff)
        free(s.ncand)
        free(s.vsum)
        free(s.lo)
        free(s.hi)
        free(s.todo)
        free(s.cand)
        free(s.ncandv)
        free(frames)
    return count, (out if count else None), nodes, finished
