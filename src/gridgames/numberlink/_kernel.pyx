"""Typed Number Link kernel: the seeded union-find generator and the
solution checker, over flat row-major C arrays.  Its pure-Python twin is
``_kernel_pure.py``; for the same seed both give the same puzzle, bit for bit.

The random source is the project's splitmix64 (``gridgames/_runtime/random_source.pxd``) on
64-bit unsigned integers, so results do not depend on the platform.
``uniform(n)`` is exact: it rejects the ``2**64 mod n`` lowest outputs and
returns ``x mod n``.
"""
from cpython cimport array
import array
from libc.stdlib cimport malloc, calloc, free

from gridgames._runtime.random_source cimport u64, sm_uniform
from gridgames.numberlink._check import board_size, check_arguments

cdef enum:
    UP, LEFT, RIGHT, DOWN   # neighbour order: reading order


# --- random numbers (the shared splitmix64 of gridgames/_runtime/random_source.pxd) -------------

def uniform(u64 seed, u64 bound, Py_ssize_t count):
    """``count`` successive uniform draws in 0..bound-1 from ``seed``."""
    cdef u64 state = seed
    if bound < 1:
        raise ValueError("bound must be at least 1")
    return [sm_uniform(&state, bound) for _ in range(count)]


# --- generation --------------------------------------------------------------

ctypedef struct Gen:
    int rows, cols, n
    int *parent          # union-find forest, union by size, path compression
    int *size
    unsigned char *used  # on a path already
    int *tree            # Fenwick tree over edge ids: 1 while the pair is free
    int nedges           # edge ids 0..nedges-1: 2i = (i, i+1), 2i+1 = (i, i+cols)
    int top              # highest power of two <= nedges
    int free_pairs
    int *label           # path number, at each finished path's root
    int *ends            # first, last square of path 1, then path 2, ...
    int paths


cdef inline int neighbours(const Gen *g, int i, int *out) noexcept nogil:
    """Squares next to i in reading order (up, left, right, down)."""
    cdef int k = 0, c = i % g.cols
    if i >= g.cols:
        out[k] = i - g.cols
        k += 1
    if c > 0:
        out[k] = i - 1
        k += 1
    if c < g.cols - 1:
        out[k] = i + 1
        k += 1
    if i + g.cols < g.n:
        out[k] = i + g.cols
        k += 1
    return k


cdef inline int find(Gen *g, int i) noexcept nogil:
    cdef int root = i, nxt
    while g.parent[root] != root:
        root = g.parent[root]
    while g.parent[i] != root:  # path compression
        nxt = g.parent[i]
        g.parent[i] = root
        i = nxt
    return root


cdef inline void join(Gen *g, int a, int b) noexcept nogil:
    cdef int ra = find(g, a), rb = find(g, b), t
    if ra == rb:
        return
    if g.size[ra] < g.size[rb]:
        t = ra
        ra = rb
        rb = t
    g.parent[rb] = ra
    g.size[ra] += g.size[rb]


cdef inline void edge_remove(Gen *g, int e) noexcept nogil:
    e += 1
    while e <= g.nedges:
        g.tree[e] -= 1
        e += e & -e
    g.free_pairs -= 1


cdef inline int edge_kth(const Gen *g, int k) noexcept nogil:
    """Id of the k-th (0-based) free pair, by Fenwick binary lifting."""
    cdef int pos = 0, step = g.top
    k += 1
    while step:
        if pos + step <= g.nedges and g.tree[pos + step] < k:
            pos += step
            k -= g.tree[pos]
        step >>= 1
    return pos


cdef inline void take(Gen *g, int i) noexcept nogil:
    """Put square i on a path: the pairs it formed with free squares go."""
    cdef int nb[4]
    cdef int k, m, count = neighbours(g, i, nb)
    for k in range(count):
        m = nb[k]
        if not g.used[m]:
            if m > i:
                edge_remove(g, 2 * i + (0 if m == i + 1 else 1))
            else:
                edge_remove(g, 2 * m + (0 if i == m + 1 else 1))
    g.used[i] = 1


cdef void build(Gen *g, u64 *state) noexcept nogil:
    cdef int i, e, a, b, end, root, nc, k, j, m, count, count2
    cdef int nb[4]
    cdef int nb2[4]
    cdef int cand[4]
    cdef u64 d
    cdef bint ok
    for i in range(g.n):
        g.parent[i] = i
        g.size[i] = 1
    # Fenwick tree of the free pairs: built in O(nedges) from the 0/1 weights.
    for e in range(g.nedges):
        i = e >> 1
        g.tree[e + 1] = ((e & 1) == 0 and i % g.cols < g.cols - 1) or \
                        ((e & 1) == 1 and i + g.cols < g.n)
        g.free_pairs += g.tree[e + 1]
    for e in range(1, g.nedges + 1):
        j = e + (e & -e)
        if j <= g.nedges:
            g.tree[j] += g.tree[e]
    g.top = 1
    while g.top * 2 <= g.nedges:
        g.top *= 2
    while g.free_pairs > 0:
        # One draw picks the pair (d // 2, in reading order) and which of
        # its squares the path starts from (d % 2: 0 the upper/left one).
        d = sm_uniform(state, 2 * <u64>g.free_pairs)
        e = edge_kth(g, <int>(d >> 1))
        a = e >> 1
        b = a + (g.cols if e & 1 else 1)
        if d & 1:
            a, b = b, a
        take(g, a)
        take(g, b)
        join(g, a, b)
        end = b
        while True:
            root = find(g, end)
            nc = 0
            count = neighbours(g, end, nb)
            for k in range(count):
                if g.used[nb[k]]:
                    continue
                ok = True
                count2 = neighbours(g, nb[k], nb2)
                for j in range(count2):
                    m = nb2[j]
                    if m != end and g.used[m] and find(g, m) == root:
                        ok = False
                        break
                if ok:
                    cand[nc] = nb[k]
                    nc += 1
            if nc == 0:
                break
            m = cand[sm_uniform(state, <u64>nc)]
            take(g, m)
            join(g, end, m)
            end = m
        g.ends[2 * g.paths] = a
        g.ends[2 * g.paths + 1] = end
        g.paths += 1
        g.label[find(g, a)] = g.paths


def generate(rows, cols, u64 seed):
    """Generate a board.  Returns (cells, ends): ``cells`` an array('i') of
    rows*cols path numbers, row-major top row first, SOLID where no path
    goes; ``ends`` the list [first, last square of path 1, of path 2, ...]."""
    cdef Gen g
    cdef u64 state = seed
    cdef array.array cells
    cdef int i
    cdef int *out
    # untyped sizes: an oversized one is board_size's ValueError, as in the twin
    g.rows, g.cols = board_size(rows, cols)
    g.n = g.rows * g.cols
    g.nedges = 2 * g.n
    g.free_pairs = 0
    g.paths = 0
    g.parent = <int *>malloc(g.n * sizeof(int))
    g.size = <int *>malloc(g.n * sizeof(int))
    g.used = <unsigned char *>calloc(g.n, 1)
    g.tree = <int *>calloc(g.nedges + 1, sizeof(int))
    g.label = <int *>calloc(g.n, sizeof(int))
    g.ends = <int *>malloc(g.n * sizeof(int))
    try:
        if not (g.parent and g.size and g.used and g.tree and g.label and g.ends):
            raise MemoryError()
        with nogil:
            build(&g, &state)
        cells = array.clone(array.array("i"), g.n, zero=False)
        out = cells.data.as_ints
        for i in range(g.n):
            out[i] = g.label[find(&g, i)] if g.used[i] else SOLID
        return cells, [g.ends[i] for i in range(2 * g.paths)]
    finally:
        free(g.parent)
        free(g.size)
        free(g.used)
        free(g.tree)
        free(g.label)
        free(g.ends)


# --- checking ----------------------------------------------------------------

ctypedef struct Found:
    int rule, square, a, b


cdef void run_check(int rows, int cols, const int *p, const int *s, int k,
                    const int *first, unsigned char *seen, Found *res) noexcept nogil:
    cdef Gen g  # only its shape is used, for neighbours()
    cdef int nb[4]
    cdef int i, j, v, deg, count, prev, cur, nxt, _step
    cdef int n = rows * cols
    g.rows, g.cols, g.n = rows, cols, n
    res.rule = res.square = res.a = res.b = 0
    for i in range(n):
        if p[i] == SOLID and s[i] != SOLID:
            res.rule, res.square, res.a = R_SOLID, i, s[i]
            return
    for i in range(n):
        if p[i] != SOLID and s[i] <= 0:
            res.rule, res.square, res.a = R_COVERED, i, s[i]
            return
    for i in range(n):
        if p[i] > 0 and s[i] != p[i]:
            res.rule, res.square, res.a, res.b = R_ENDPOINT, i, p[i], s[i]
            return
    for i in range(n):
        if s[i] > k:
            res.rule, res.square, res.a, res.b = R_NUMBER, i, s[i], k
            return
    for v in range(2):  # endpoints first, then the other path squares
        for i in range(n):
            if s[i] <= 0 or (p[i] > 0) != (v == 0):
                continue
            deg = 0
            count = neighbours(&g, i, nb)
            for j in range(count):
                deg += s[nb[j]] == s[i]
            if deg != (1 if v == 0 else 2):
                res.rule = R_END_DEGREE if v == 0 else R_DEGREE
                res.square, res.a, res.b = i, s[i], deg
                return
    # Degrees are right, so walking from one endpoint reaches the other;
    # a path square the walks miss lies on a separate loop.
    for v in range(1, k + 1):
        prev, cur = -1, first[v]
        for _step in range(n):
            seen[cur] = 1
            nxt = -1
            count = neighbours(&g, cur, nb)
            for j in range(count):
                if s[nb[j]] == v and nb[j] != prev:
                    nxt = nb[j]
            if nxt < 0:
                break
            prev, cur = cur, nxt
    for i in range(n):
        if s[i] > 0 and not seen[i]:
            res.rule, res.square, res.a = R_LOOP, i, s[i]
            return


def check(rows, cols, puzzle, solution):
    """First broken rule of ``solution`` (path numbers, SOLID, or EMPTY for a
    gap) against ``puzzle`` (EMPTY, SOLID or endpoint numbers), both
    row-major: None, or (R_* rule, square index, a, b) as in numberlink.RULES.
    ValueError (see _check.check_arguments) for a malformed puzzle or size."""
    cdef array.array pa, sa
    cdef const int *p
    cdef int n, i, k, r, c
    cdef int *first = NULL
    cdef unsigned char *seen = NULL
    cdef Found res
    r, c, pl, sl, k = check_arguments(rows, cols, puzzle, solution)
    n = r * c
    pa, sa = array.array("i", pl), array.array("i", sl)
    p = pa.data.as_ints
    try:
        first = <int *>malloc((k + 1) * sizeof(int))
        seen = <unsigned char *>calloc(n, 1)
        if first == NULL or seen == NULL:
            raise MemoryError()
        for i in range(n - 1, -1, -1):
            if p[i] > 0:
                first[p[i]] = i
        with nogil:
            run_check(r, c, p, sa.data.as_ints, k, first, seen, &res)
    finally:
        free(first)
        free(seen)
    if res.rule == 0:
        return None
    return res.rule, res.square, res.a, res.b
