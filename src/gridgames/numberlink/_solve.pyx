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
    STOPPED = -3             # search(): the budget or tick stopped the search
    DIVIDE = -4              # settle(): the scope falls into independent parts

cdef enum:                   # the rules beyond the basic ones (see the twin)
    ASSIGN_ = 1
    PARITY_ = 2
    CORRIDOR_ = 4
    SPLIT_ = 8

ASSIGN, PARITY, CORRIDOR, SPLIT = ASSIGN_, PARITY_, CORRIDOR_, SPLIT_
PRUNING, TICK_EVERY = ASSIGN_ | PARITY_ | CORRIDOR_ | SPLIT_, TICK_EVERY_

ctypedef struct Step:      # one square taken, for undo
    int e, prev, x, closed

ctypedef struct Frame:     # one branching: undo mark, head, next direction; at a
    int mark, e, d         # split e = -1, d = the scope's tag, and its weight and
    int weight, base       # the tags' base to restore

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
    int *owner             # scopes (see the twin): each path's tag
    int *zone              # each square's tag
    int *mark              # settle(): each square's part + 1
    int *parts             # settle(): the parts' paths, part i from pstart[i]
    int *pstart
    int *pfirst            # scratch of parts(), per part
    int *pcount
    int *prank
    int nparts, ntags, found
    long long nodes, max_nodes
    void *tick             # [tick] (see call_tick)
    int *out               # the first solution


cdef inline int legal(const Search *s, int e, int x) noexcept nogil:
    """0: x cannot be the next square of head e; 1: it can; 2: it can and
    it closes the path (x is empty, next to head e).  See the twin."""
    cdef int v = e >> 1, h = s.head[e], o = s.head[e ^ 1], result = 1, d, y, d2, z
    if s.zone[x] != s.owner[v]:
        return 0
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


include "_solve_search.pxi"


cdef int raise_pending(list box) except -1:
    if len(box) > 1:
        raise box[1]
    return -1  # propagates the exception PyErr_CheckSignals left pending


def solve(rows, cols, puzzle, limit, long long max_nodes=0, tick=None, int rules=PRUNING):
    """Search the puzzle (EMPTY, SOLID or endpoint numbers, row-major) for
    up to ``limit`` solutions and at most ``max_nodes`` nodes (0: no limit),
    calling ``tick(nodes)`` every TICK_EVERY nodes (true: stop).  Returns
    (count, first solution's cells as array('i') or None, search nodes,
    finished).  See the twin."""
    cdef Search s
    cdef Frame *frames = NULL
    cdef int *block = NULL
    cdef array.array out
    cdef int r, c, k, lim, i, v, x, count
    cdef Py_ssize_t n, m, q
    cdef bint finished = True
    cdef list box = [tick]
    r, c, p, k, lim = solve_arguments(rows, cols, puzzle, limit)
    s.w = c + 2
    s.k = k
    s.rules = rules
    s.ninner = r * c
    s.nsq = s.w * (r + 2)
    s.dirs[0], s.dirs[1], s.dirs[2], s.dirs[3] = -s.w, -1, 1, s.w
    s.ntrail = s.nempty = s.ndone = s.ntags = s.found = 0
    s.last = -1
    s.nodes, s.max_nodes, s.tick = 0, (max_nodes if max_nodes > 0 else -1), <void *>box
    out = array.clone(array.array("i"), s.ninner, zero=True)
    s.out = out.data.as_ints
    # every int array in one block: n per square (padded), m per inner square + 1, q per path + 1
    n, m, q = s.nsq, s.ninner + 1, k + 1
    block = <int *>calloc(5 * n + 7 * m + 13 * q, sizeof(int))
    s.trail = <Step *>malloc(m * sizeof(Step))
    s.done = <unsigned char *>calloc(q, 1)
    s.par = <unsigned char *>malloc(n)
    frames = <Frame *>malloc((2 * m + 2) * sizeof(Frame))
    try:
        if not (block and s.trail and s.done and s.par and frames):
            raise MemoryError()
        s.cell, s.region, s.todo, s.zone, s.mark = (
            block, block + n, block + 2 * n, block + 3 * n, block + 4 * n)
        block += 5 * n
        s.inner, s.size, s.diff, s.ncand, s.vsum, s.lo, s.hi = (
            block, block + m, block + 2 * m, block + 3 * m, block + 4 * m, block + 5 * m, block + 6 * m)
        block += 7 * m
        s.head, s.cand, s.ncandv, s.owner, s.parts, s.pstart, s.pfirst, s.pcount, s.prank = (
            block, block + 2 * q, block + 6 * q, block + 7 * q, block + 8 * q, block + 9 * q,
            block + 10 * q, block + 11 * q, block + 12 * q)
        block -= 5 * n + 7 * m
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
            count = 0
            if propagate(&s):
                count = search(&s, frames, 0, 0, lim, True, True)
        if count == -1:
            raise_pending(box)
        if count == STOPPED:
            finished = False
        count = s.found
    finally:
        free(block)
        free(s.trail)
        free(s.done)
        free(s.par)
        free(frames)
    return count, (out if count else None), s.nodes, finished
