# The exact stage of _solve.pyx over plain C arrays: the frontier's
# components, the enumeration of each one, and the global count (described
# in the twin, _solve_pure.py: _components, _enumerate, _combine).
from libc.stdlib cimport qsort
from libc.string cimport memcpy, memset

ctypedef struct Frontier:
    int nv, noff, ncons, ncomp
    int *var_of          # patch -> frontier cell, or -1
    int *cells           # frontier cell -> patch, row-major
    int *off             # the unknown patches off the frontier
    int *cons_vars       # 8 per constraint: its cells
    int *cons_nv
    int *need            # holes each constraint still needs
    int *holes_c         # holes assigned so far (enumeration)
    int *open_c          # cells not assigned yet (enumeration)
    int *var_cons        # 8 per cell: its constraints
    int *var_ncons
    int *comp
    int *order           # the components one after another, each breadth-first
    int *comp_start
    int *value
    int *poss_start      # component k's counts 0..size at possible[poss_start[k]:]
    unsigned char *possible
    unsigned char *allowed
    unsigned char **can  # component k: can[k][count * size + position]


cdef int cmp_int(const void *a, const void *b) noexcept nogil:
    return (<const int *>a)[0] - (<const int *>b)[0]


cdef void sort_ints(int *a, int n) noexcept:
    qsort(a, n, sizeof(int), cmp_int)


cdef int frontier_open(Frontier *f, int n) noexcept:
    cdef int i
    memset(f, 0, sizeof(Frontier))
    f.var_of = <int *>malloc(n * sizeof(int))
    f.cells = <int *>malloc(n * sizeof(int))
    f.off = <int *>malloc(n * sizeof(int))
    f.cons_vars = <int *>malloc(8 * n * sizeof(int))
    f.cons_nv = <int *>malloc(n * sizeof(int))
    f.need = <int *>malloc(n * sizeof(int))
    f.holes_c = <int *>calloc(n, sizeof(int))
    f.open_c = <int *>malloc(n * sizeof(int))
    f.var_cons = <int *>malloc(8 * n * sizeof(int))
    f.var_ncons = <int *>calloc(n, sizeof(int))
    f.comp = <int *>malloc(n * sizeof(int))
    f.order = <int *>malloc(n * sizeof(int))
    f.comp_start = <int *>malloc((n + 1) * sizeof(int))
    f.value = <int *>malloc(n * sizeof(int))
    f.poss_start = <int *>malloc((n + 1) * sizeof(int))
    f.possible = <unsigned char *>calloc(2 * n + 1, 1)
    f.allowed = <unsigned char *>calloc(2 * n + 1, 1)
    f.can = <unsigned char **>calloc(n, sizeof(unsigned char *))
    if (f.var_of == NULL or f.cells == NULL or f.off == NULL or f.cons_vars == NULL
            or f.cons_nv == NULL or f.need == NULL or f.holes_c == NULL or f.open_c == NULL
            or f.var_cons == NULL or f.var_ncons == NULL or f.comp == NULL or f.order == NULL
            or f.comp_start == NULL or f.value == NULL or f.poss_start == NULL
            or f.possible == NULL or f.allowed == NULL or f.can == NULL):
        frontier_close(f)
        return -1
    for i in range(n):
        f.var_of[i] = -1
    return 0


cdef void frontier_close(Frontier *f) noexcept:
    cdef int k
    if f.can != NULL:
        for k in range(f.ncomp):
            free(f.can[k])
    free(f.var_of)
    free(f.cells)
    free(f.off)
    free(f.cons_vars)
    free(f.cons_nv)
    free(f.need)
    free(f.holes_c)
    free(f.open_c)
    free(f.var_cons)
    free(f.var_ncons)
    free(f.comp)
    free(f.order)
    free(f.comp_start)
    free(f.value)
    free(f.poss_start)
    free(f.possible)
    free(f.allowed)
    free(f.can)
    memset(f, 0, sizeof(Frontier))


cdef void components(Frontier *f) noexcept:
    """The frontier's components, each in breadth-first order from its first cell."""
    cdef int v0, v, u, k, t, q, head, pos = 0
    for v in range(f.nv):
        f.comp[v] = -1
    for v0 in range(f.nv):
        if f.comp[v0] >= 0:
            continue
        f.comp_start[f.ncomp] = pos
        f.poss_start[f.ncomp] = pos + f.ncomp
        f.comp[v0] = f.ncomp
        f.order[pos] = v0
        pos += 1
        head = f.comp_start[f.ncomp]
        while head < pos:
            v = f.order[head]
            head += 1
            for t in range(f.var_ncons[v]):
                k = f.var_cons[8 * v + t]
                for q in range(f.cons_nv[k]):
                    u = f.cons_vars[8 * k + q]
                    if f.comp[u] < 0:
                        f.comp[u] = f.ncomp
                        f.order[pos] = u
                        pos += 1
        f.ncomp += 1
    f.comp_start[f.ncomp] = pos
    f.poss_start[f.ncomp] = pos + f.ncomp


cdef inline bint assign(Frontier *f, int x, int v) noexcept:
    cdef int t, k
    cdef bint ok = True
    for t in range(f.var_ncons[x]):
        k = f.var_cons[8 * x + t]
        f.open_c[k] -= 1
        f.holes_c[k] += v
        if f.holes_c[k] > f.need[k] or f.holes_c[k] + f.open_c[k] < f.need[k]:
            ok = False
    return ok


cdef inline void undo(Frontier *f, int x, int v) noexcept:
    cdef int t, k
    for t in range(f.var_ncons[x]):
        k = f.var_cons[8 * x + t]
        f.open_c[k] += 1
        f.holes_c[k] -= v


cdef long long enumerate_component(Frontier *f, int comp, long long budget) noexcept:
    """Every arrangement of component comp into possible[] and can[comp];
    the steps taken, -1 over budget (or over MAX_TABLE), -2 out of memory."""
    cdef int n = f.comp_start[comp + 1] - f.comp_start[comp], k = 0, ones = 0, p, v, x
    cdef const int *order = f.order + f.comp_start[comp]
    cdef unsigned char *possible = f.possible + f.poss_start[comp]
    cdef unsigned char *can
    cdef long long steps = 0
    if (n + 1) * <long long>n > MAX_TABLE:
        return -1
    can = f.can[comp] = <unsigned char *>calloc((n + 1) * n, 1)
    if can == NULL:
        return -2
    for p in range(n):
        f.value[p] = -1
    while True:
        if k == n:
            possible[ones] = 1
            for p in range(n):
                if f.value[p] == 1:
                    can[ones * n + p] = 1
            steps += 1
            k -= 1
        while k >= 0:  # the next value at position k, or back up
            v = f.value[k]
            x = order[k]
            if v == 1:
                undo(f, x, 1)
                f.value[k] = -1
                ones -= 1
                k -= 1
                continue
            if v == 0:
                undo(f, x, 0)
                f.value[k] = 1
                ones += 1
            else:
                f.value[k] = 0
            steps += 1
            if assign(f, x, f.value[k]):
                k += 1
                break
        if k < 0:
            return steps
        if steps > budget:
            for p in range(k):  # leave the shared counters as they were
                undo(f, order[p], f.value[p])
            return -1


cdef void convolve(const unsigned char *a, int na, const unsigned char *b, int nb,
                   unsigned char *out) noexcept:
    cdef int i, k
    memset(out, 0, na + nb - 1)
    for i in range(na):
        if a[i]:
            for k in range(nb):
                if b[k]:
                    out[i + k] = 1


cdef int combine(Frontier *f, int left, int m, bint *off_hole) noexcept:
    """allowed[]: the counts of each component that the others and the m
    patches off the frontier complete to ``left`` holes; off_hole: a patch
    off the frontier can be a hole.  0, -1 over MAX_TABLE, -2 out of memory."""
    cdef int k, t, lo = 0, hi = 0, top = 1, blen
    cdef long long total = 1
    cdef unsigned char *suffix
    cdef unsigned char *before
    cdef unsigned char *after
    cdef int *start
    cdef int *cum
    count_range(f, &lo, &hi)
    if left - m <= lo and hi <= left:  # every combination fits: the count binds nothing
        memcpy(f.allowed, f.possible, f.poss_start[f.ncomp])
        off_hole[0] = m > 0 and lo <= left - 1
        return 0
    for k in range(f.ncomp - 1, -1, -1):
        top += f.comp_start[k + 1] - f.comp_start[k]
        total += top
    if total > MAX_TABLE:
        return -1
    suffix = <unsigned char *>malloc(total)
    start = <int *>malloc((f.ncomp + 1) * sizeof(int))
    before = <unsigned char *>calloc(top, 1)
    after = <unsigned char *>calloc(top, 1)
    cum = <int *>malloc((top + 1) * sizeof(int))
    if suffix == NULL or start == NULL or before == NULL or after == NULL or cum == NULL:
        free_all(suffix, start, before, after, cum)
        return -2
    suffix_counts(f, suffix, start)
    blen = mark_allowed(f, left, m, suffix, start, &before, &after, cum)
    off_hole[0] = False
    for t in range(max(0, left - m), min(blen, left)):
        if before[t]:
            off_hole[0] = True
            break
    free_all(suffix, start, before, after, cum)
    return 0


cdef void count_range(Frontier *f, int *lo, int *hi) noexcept:
    """The fewest (lo) and most (hi) holes the components can hold together."""
    cdef int k, t, size
    cdef unsigned char *p
    for k in range(f.ncomp):
        p = f.possible + f.poss_start[k]
        size = f.comp_start[k + 1] - f.comp_start[k]
        t = 0
        while not p[t]:
            t += 1
        lo[0] += t
        t = size
        while not p[t]:
            t -= 1
        hi[0] += t


cdef void suffix_counts(Frontier *f, unsigned char *suffix, int *start) noexcept:
    """suffix[start[k]:]: the counts of components k, k+1, ... together
    (start[k] - start[k + 1] long)."""
    cdef int k, size, rlen = 1
    start[f.ncomp] = 0
    suffix[0] = 1
    for k in range(f.ncomp - 1, -1, -1):
        size = f.comp_start[k + 1] - f.comp_start[k]
        start[k] = start[k + 1] + rlen
        convolve(f.possible + f.poss_start[k], size + 1, suffix + start[k + 1], rlen, suffix + start[k])
        rlen += size


cdef int mark_allowed(Frontier *f, int left, int m, unsigned char *suffix, int *start,
                      unsigned char **before, unsigned char **after, int *cum) noexcept:
    """allowed[]: each count of each component that the components before it
    (``before``, convolved as it goes) and after it (``suffix``) complete to
    ``left`` holes, m patches off the frontier free.  Returns the length of
    ``before`` (the counts of every component)."""
    cdef int k, t, s, a, b, size, rlen, blen = 1
    cdef unsigned char *p
    cdef unsigned char *swap
    before[0][0] = 1
    for k in range(f.ncomp):
        size = f.comp_start[k + 1] - f.comp_start[k]
        p = f.possible + f.poss_start[k]
        rlen = start[k] - start[k + 1]  # length of suffix k + 1
        cum[0] = 0
        for t in range(rlen):
            cum[t + 1] = cum[t] + suffix[start[k + 1] + t]
        for t in range(size + 1):
            f.allowed[f.poss_start[k] + t] = 0
            if not p[t]:
                continue
            for s in range(blen):
                a = max(0, left - m - t - s)
                b = min(rlen - 1, left - t - s)
                if before[0][s] and a <= b and cum[b + 1] > cum[a]:
                    f.allowed[f.poss_start[k] + t] = 1
                    break
        convolve(before[0], blen, p, size + 1, after[0])
        blen += size
        swap = before[0]
        before[0] = after[0]
        after[0] = swap
    return blen


cdef void free_all(void *a, void *b, void *c, void *d, void *e) noexcept:
    free(a)
    free(b)
    free(c)
    free(d)
    free(e)
