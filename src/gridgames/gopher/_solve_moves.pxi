# The generator's hole move of _solve.pyx (Solver.perturb; described in
# the twin, _solve_pure.py).

cdef bint perturb(Solver s) except -1:
    """Move one hole where the solver is stuck (see the twin); False if
    no move exists."""
    cdef int r, c, i, e, z, x, y, want, nfront = 0, ninner = 0, npool = 0, d
    cdef int *front = <int *>malloc(s.n * sizeof(int))
    cdef int *inner = <int *>malloc(s.n * sizeof(int))
    cdef int *pool
    try:
        if front == NULL or inner == NULL:
            raise MemoryError()
        for r in range(1, s.rows + 1):
            for c in range(1, s.cols + 1):
                i = r * s.w + c
                if s.val[i] == UNSEEN and not s.mark[i]:
                    if s._inspected_near(i):
                        front[nfront] = i
                        nfront += 1
                    else:
                        inner[ninner] = i
                        ninner += 1
        pool, npool = front, nfront
        if nfront == 0:
            pool, npool = inner, ninner
        if npool == 0:
            return False
        x = pool[sm_uniform(&s.rng, npool)]
        want = 1 - s.hole[x]
        npool = 0
        for i in range(ninner):  # reuse front's room for the pool: x is already drawn
            if s.hole[inner[i]] == want:
                npool += 1
        pool = inner
        if npool == 0:
            pool = front
            for i in range(nfront):
                if s.hole[front[i]] == want:
                    npool += 1
            if npool == 0:
                return False
        y = nth_with(pool, s.hole, want, <int>sm_uniform(&s.rng, npool))
        s.hole[y] = 1 - want
        s.hole[x] = want
        d = s.round
        for z in (x, y):
            for e in range(8):
                i = z + s.around[e]
                if s.val[i] >= 0 and s.seen_round[i] < d:
                    d = s.seen_round[i]
        s.rewind(d, s.holes())
        return True
    finally:
        free(front)
        free(inner)


cdef int nth_with(const int *pool, const unsigned char *hole, int want, int k) noexcept:
    """The k-th (from 0) patch of pool whose hole[] is want."""
    cdef int i = 0
    while True:
        if hole[pool[i]] == want:
            if k == 0:
                return pool[i]
            k -= 1
        i += 1
