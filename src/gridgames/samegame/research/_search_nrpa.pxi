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
    double *w                    # adapt's scratch: one weight per candidate of a game,
    int *touched                 # the distinct codes among them,
    unsigned char *mark          # and a mark per code (all 0 between adapts)
    double z[MAX_MOVES]
    int top                      # the search's level
    int resume                   # continuing a suspended search: the level where it stopped (0: none)
    int suspended                # the level where the search stopped to be continued (0: it did not)
    bint done                    # every run has ended
    long long run                # which of the 1 + restarts runs is under way
    long long floor              # the improve loop's best so far (-1: none)
    int adapts                   # improve_adapts (0: None): the top adapts towards known this often
    Rec *known                   # with adapts, the run's start game (floor's), apart from rec[top]
    int it[MAX_LEVEL + 1]        # per level under way: its iteration,
    int reps[MAX_LEVEL + 1]      # the times its best came back,
    long long best[MAX_LEVEL + 1]  # and its best score (rec[level] its game)


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
    cdef int t, i, off = 0, distinct = 0
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
    # epol follows pol: one exp per distinct code changed (a region's code comes
    # back at every step the region stays; the chosen codes are candidates too)
    for i in range(rec.ncodes):
        if not r.mark[rec.code[i]]:
            r.mark[rec.code[i]] = 1
            r.touched[distinct] = rec.code[i]
            distinct += 1
    for i in range(distinct):
        epol[r.touched[i]] = exp(pol[r.touched[i]])
        r.mark[r.touched[i]] = 0


cdef bint suspend_due(Ctx *x) noexcept nogil:
    """Checkpoint mode, at a checkpoint point: stop here (a stop asked for,
    or a checkpoint due)?"""
    return x.ckpt and (x.halt != RUNNING or gg_now() >= x.ckpt_at)


cdef long long nrpa(Ctx *x, Nrpa *r, int level, long long start) noexcept nogil:
    """Level ``level`` with its own policy (r.pol's): ``iterations`` times,
    search one level down (level 1: ``stab`` playouts) and adapt towards the
    best game so far (ties: the newer), except after the last.  The best
    game goes to r.rec[level]; its score is returned.  start >= 0 (the
    improve loop): r.rec[level] holds a game of that score already, the best
    so far, and the policy is adapted towards it before the first iteration.
    With ``repeats`` (GNRPA with limited repetitions, Cazenave 2024), the
    level also ends when the level below has returned the best score again
    ``repeats`` times since it last improved.

    Checkpoint points: the start of each iteration of a level >= 2 or of
    the top level.  There, in checkpoint mode, the search may stop to be
    continued (r.suspended = level): each level's counters are kept in r,
    and r's policies and games from this level up, with x, are the whole
    state.  Continuing (r.resume = that level) descends to it without
    copying a policy or adapting: the levels above are mid-iteration."""
    cdef long long s
    cdef int q
    cdef Pos p
    cdef Rec *mine = &r.rec[level]
    cdef double *pol = &r.pol[level * POLICY_SIZE]
    cdef double *epol = &r.epol[level * POLICY_SIZE]
    if not r.resume:
        r.it[level] = 0
        r.best[level] = start
        r.reps[level] = 0
        if start >= 0:
            adapt(r, pol, epol, mine)
    while r.it[level] < r.iterations:
        if r.resume == level:
            r.resume = 0  # where the search stopped: it goes on from here
        elif not r.resume and (level >= 2 or level == r.top) and suspend_due(x):
            r.suspended = level
            return r.best[level]
        if level == 1:
            for q in range(r.stab):
                if should_stop(x):
                    break
                p = r.root
                playout(x, &p, pol, epol, &r.rec[0])
                if p.score >= r.best[1]:
                    r.reps[1] = r.reps[1] + 1 if p.score == r.best[1] else 0
                    r.best[1] = p.score
                    rec_copy(mine, &r.rec[0])
        elif r.resume or not should_stop(x):  # r.resume: mid-iteration, the level below goes on
            if not r.resume:
                memcpy(pol - POLICY_SIZE, pol, POLICY_SIZE * sizeof(double))
                memcpy(epol - POLICY_SIZE, epol, POLICY_SIZE * sizeof(double))
            s = nrpa(x, r, level - 1, -1)
            if r.suspended:
                return r.best[level]
            if s >= r.best[level]:
                r.reps[level] = r.reps[level] + 1 if s == r.best[level] else 0
                r.best[level] = s
                rec_copy(mine, &r.rec[level - 1])
        if x.stopped or (r.repeats and r.reps[level] >= r.repeats):
            break
        if r.it[level] + 1 < r.iterations:
            adapt(r, pol, epol, mine)
        r.it[level] += 1
    return r.best[level]


cdef void nrpa_runs(Ctx *x, Nrpa *r, long long restarts, const double *start) noexcept nogil:
    """The 1 + restarts runs of the top level (the first from the policy
    ``start`` if not NULL), or what is left of them when continuing; each
    run of the improve loop starts from the best game so far.  With
    ``adapts`` (improve_adapts), that game (r.known) is not the top level's
    best: the top adapts towards it ``adapts`` times, then searches as
    from nothing (its adapt target its own best); the result stays the
    global best, never worse than the start game."""
    cdef long long s
    cdef int k
    while r.run <= restarts:
        if not r.resume:
            if should_stop(x):
                break
            set_policy(r, r.top, start if r.run == 0 else NULL)
            if r.adapts and r.floor >= 0:  # diversity: the start game only seeds the policy
                for k in range(r.adapts):
                    adapt(r, &r.pol[r.top * POLICY_SIZE], &r.epol[r.top * POLICY_SIZE], r.known)
        s = nrpa(x, r, r.top, -1 if r.adapts else r.floor)
        if r.suspended:
            return
        if r.floor >= 0 and s >= r.floor:  # the next run starts from the best so far (ties: the newer)
            r.floor = s
            if r.adapts:
                rec_copy(r.known, &r.rec[r.top])
        r.run += 1
    r.done = not x.stopped  # a stopped search (not in checkpoint mode) cannot go on


cdef int nrpa_alloc(Nrpa *r, int level) noexcept nogil:
    """The policies, games and scratch of a level-``level`` search (freed
    by nrpa_free); 0 when out of memory."""
    r.pol = <double *>calloc((level + 1) * POLICY_SIZE, sizeof(double))
    r.epol = <double *>malloc((level + 1) * POLICY_SIZE * sizeof(double))
    r.rec = <Rec *>malloc((level + 1) * sizeof(Rec))
    r.w = <double *>malloc(MAX_CODES * sizeof(double))
    r.known = <Rec *>malloc(sizeof(Rec))
    r.touched = <int *>malloc(MAX_CODES * sizeof(int))
    r.mark = <unsigned char *>calloc(POLICY_SIZE, 1)
    return (r.pol != NULL and r.epol != NULL and r.rec != NULL and r.w != NULL and r.known != NULL
            and r.touched != NULL and r.mark != NULL)


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
    free(r.known)
    free(r.touched)
    free(r.mark)
