# NRPA (Rosin 2011), included by _search.pyx (same names as in _search_pure.py).
# A policy is POLICY_SIZE weights indexed by move code (a hash: two regions
# may share a weight).  Each game remembers its candidates' codes and biases
# (a Rec), so adapting needs no replay; GNRPA's biases (Cazenave 2020) enter
# the softmax as exp(weight + bias).  Each policy comes with its exp (epol),
# kept up to date by adapt, so unbiased playouts draw with no exp() call.

ctypedef struct Nrpa:
    Pos root
    int iterations
    int stab                     # playouts per adapt at level 1 (stabilized NRPA)
    int repeats                  # a level ends when its best comes back this often (0: never)
    double *pol                  # one policy per level l at pol[l * POLICY_SIZE] (0 unused)
    double *epol                 # exp of each weight of pol
    Rec *rec                     # rec[0]: the current playout; rec[l]: level l's best
    double *w                    # adapt's scratch: one weight per candidate of a game
    double z[MAX_MOVES]


cdef void rec_copy(Rec *dst, const Rec *src) noexcept nogil:
    dst.length = src.length
    dst.ncodes = src.ncodes
    memcpy(dst.cell, src.cell, src.length * sizeof(int))
    memcpy(dst.chosen, src.chosen, src.length * sizeof(int))
    memcpy(dst.nc, src.nc, src.length * sizeof(int))
    memcpy(dst.code, src.code, src.ncodes * sizeof(int))
    memcpy(dst.bias, src.bias, src.ncodes * sizeof(double))


cdef void adapt(Nrpa *r, double *pol, double *epol, const Rec *rec) noexcept nogil:
    """Move the policy towards the game rec: +1 to each chosen move's code,
    minus each candidate's softmax probability under the policy before this
    adapt (computed first, so the policy is updated in place)."""
    cdef int t, i, off = 0
    cdef double z
    for t in range(rec.length):
        z = 0.0
        for i in range(off, off + rec.nc[t]):
            r.w[i] = epol[rec.code[i]] if rec.bias[i] == 0.0 else exp(pol[rec.code[i]] + rec.bias[i])
            z += r.w[i]
        r.z[t] = z
        off += rec.nc[t]
    off = 0
    for t in range(rec.length):
        pol[rec.chosen[t]] += 1.0
        for i in range(off, off + rec.nc[t]):
            pol[rec.code[i]] -= r.w[i] / r.z[t]
        off += rec.nc[t]
    for t in range(rec.length):
        epol[rec.chosen[t]] = exp(pol[rec.chosen[t]])
    for i in range(rec.ncodes):
        epol[rec.code[i]] = exp(pol[rec.code[i]])


cdef long long nrpa(Ctx *x, Nrpa *r, int level, long long start) noexcept nogil:
    """Level ``level`` with its own policy (r.pol's): ``iterations`` times,
    search one level down (level 1: ``stab`` playouts) and adapt towards the
    best game so far (ties: the newer), except after the last.  The best
    game goes to r.rec[level]; its score is returned.  start >= 0 (the
    improve loop): r.rec[level] holds a game of that score already, the best
    so far, and the policy is adapted towards it before the first iteration.
    With ``repeats`` (GNRPA with limited repetitions, Cazenave 2024), the
    level also ends when the level below has returned the best score again
    ``repeats`` times since it last improved."""
    cdef long long best = start, s
    cdef int i, q, reps = 0
    cdef Pos p
    cdef Rec *mine = &r.rec[level]
    cdef double *pol = &r.pol[level * POLICY_SIZE]
    cdef double *epol = &r.epol[level * POLICY_SIZE]
    if start >= 0:
        adapt(r, pol, epol, mine)
    for i in range(r.iterations):
        if level == 1:
            for q in range(r.stab):
                if should_stop(x):
                    break
                p = r.root
                playout(x, &p, pol, epol, &r.rec[0])
                if p.score >= best:
                    reps = reps + 1 if p.score == best else 0
                    best = p.score
                    rec_copy(mine, &r.rec[0])
        elif not should_stop(x):
            memcpy(pol - POLICY_SIZE, pol, POLICY_SIZE * sizeof(double))
            memcpy(epol - POLICY_SIZE, epol, POLICY_SIZE * sizeof(double))
            s = nrpa(x, r, level - 1, -1)
            if s >= best:
                reps = reps + 1 if s == best else 0
                best = s
                rec_copy(mine, &r.rec[level - 1])
        if x.stopped or (r.repeats and reps >= r.repeats):
            break
        if i + 1 < r.iterations:
            adapt(r, pol, epol, mine)
    return best


cdef int nrpa_alloc(Nrpa *r, int level) noexcept nogil:
    """The policies, games and scratch of a level-``level`` search (freed
    by nrpa_free); 0 when out of memory."""
    r.pol = <double *>calloc((level + 1) * POLICY_SIZE, sizeof(double))
    r.epol = <double *>malloc((level + 1) * POLICY_SIZE * sizeof(double))
    r.rec = <Rec *>malloc((level + 1) * sizeof(Rec))
    r.w = <double *>malloc(MAX_CODES * sizeof(double))
    return r.pol != NULL and r.epol != NULL and r.rec != NULL and r.w != NULL


cdef void set_policy(Nrpa *r, int level, const double *values) noexcept nogil:
    """Level ``level``'s policy = values (NULL: all 0), and its exp."""
    cdef double *pol = &r.pol[level * POLICY_SIZE]
    cdef double *epol = &r.epol[level * POLICY_SIZE]
    cdef int i
    if values == NULL:
        memset(pol, 0, POLICY_SIZE * sizeof(double))
    else:
        memcpy(pol, values, POLICY_SIZE * sizeof(double))
    for i in range(POLICY_SIZE):
        epol[i] = exp(pol[i])


cdef void nrpa_free(Nrpa *r) noexcept nogil:
    free(r.pol)
    free(r.epol)
    free(r.rec)
    free(r.w)
