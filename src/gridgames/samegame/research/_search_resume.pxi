# NRPA searches that stop and go on (included by _search.pyx; the same
# class in _search_pure.py).  A state is plain values, the same from both
# twins, so either continues the other's (samegame.research._checkpoint
# writes it to a file):
#   {"run", "floor", "done", "at": the level where it stopped (0: done),
#    "rng", "playouts", "best_score", "best": [[r, c], ...],
#    "levels": from "at" to the top, each {"level", "it", "best", "reps",
#      "game": None or {"moves", "chosen", "nc", "codes", "biases"},
#      "codes": bytes of int32, "weights": bytes of float64 (native order):
#      the policy's weights that are not +0.0, by code},
#    "known": with improve_adapts, the run's start game (as "game"; else None)}

from cpython.bytes cimport PyBytes_FromStringAndSize


cdef class NrpaRun:
    """One NRPA search (1 + restarts runs of level ``level``, as search()
    runs them) that can stop at a checkpoint point and go on from there,
    here or from its ``state()`` in another process, with the same result
    as a search that never stopped."""
    cdef Ctx *x
    cdef Nrpa r
    cdef long long restarts
    cdef object start            # the first run's top policy (bytes), or None
    cdef object stop             # the Stop of the run under way (x.stop points into it)

    def __cinit__(self, State root not None, int level, long long iterations, u64 seed, bint tabu,
                  int stab=1, int repeats=0, long long restarts=0, double tabu_bias=-1.0,
                  double size_bias=0.0, policy=None, improve=None, int tabu_colour=-1,
                  double colour_bias=0.0, improve_adapts=None, int tabu_free=TABU_FREE_DEPTH,
                  int tabu_until=0, prior=None):
        cdef Rec *known = NULL
        self.x = new_ctx(seed, tabu, 0.0, None, False, tabu_bias, size_bias, False, tabu_colour,
                         colour_bias, tabu_free, tabu_until)
        set_prior(self.x, prior)
        self.r.root.g = root.g
        self.r.root.score = root.score
        self.r.iterations = <int>iterations
        self.r.stab = stab
        self.r.repeats = repeats
        self.r.top = level
        self.r.floor = -1
        self.r.adapts = improve_adapts or 0
        self.restarts = restarts
        if not nrpa_alloc(&self.r, level):
            raise MemoryError()
        if policy is not None:
            if len(policy) != POLICY_SIZE * sizeof(double):
                raise ValueError("policy must be POLICY_SIZE doubles")
            self.start = bytes(policy)
        if improve is not None:
            known = self.r.known if self.r.adapts else &self.r.rec[level]
            self.r.floor = game_rec(self.x, &self.r.root, improve, known, True)
            offer(self.x, self.r.floor, known.cell, known.length)

    def __dealloc__(self):
        nrpa_free(&self.r)
        free(self.x)

    def run(self, double seconds, Stop stop, bint poll_signals, bint cpu_time=False, double every=-1.0):
        """Search (``seconds``: a time limit, CPU seconds of this thread
        with cpu_time; 0: none) until every run has ended or a stop.
        ``every`` >= 0: checkpoint mode, where the search stops at the next
        checkpoint point once ``every`` seconds have passed, and a stop
        (time, ``stop``, Ctrl-C) waits for the next checkpoint point: True
        when it stopped there (state() and run() go on from it)."""
        cdef Ctx *x = self.x
        cdef const double *start = NULL
        x.cpu_clock = cpu_time
        x.deadline = (gg_cpu() if cpu_time else gg_now()) + seconds if seconds > 0 else 0.0
        x.poll_signals = poll_signals
        self.stop = stop
        x.stop = &stop.flag if stop is not None else NULL
        x.seen = &stop.seen[0] if stop is not None else NULL
        x.ckpt = every >= 0
        x.ckpt_at = gg_now() + every if every >= 0 else 0.0
        x.halt = RUNNING
        if self.r.suspended:
            self.r.resume = self.r.suspended
            self.r.suspended = 0
        if self.start is not None:
            start = <const double *><const char *>self.start
        try:
            with nogil:
                nrpa_runs(x, &self.r, self.restarts, start)
        finally:
            x.stop = NULL
            x.seen = NULL
            self.stop = None
        return self.r.suspended != 0

    @property
    def done(self):
        """Every run has ended (a stop in checkpoint mode is no end)."""
        return bool(self.r.done)

    def result(self):
        """(score, moves as (r, c), why it stopped early, playouts) so far."""
        cdef Ctx *x = self.x
        cdef int k
        stopped = x.stopped or (RUNNING if self.r.done else x.halt)
        if x.best_score < 0:  # no move from the root
            return self.r.root.score, [], stopped, x.playouts
        moves = [(x.best[k] % BIG_STRIDE, x.best[k] // BIG_STRIDE) for k in range(x.best_len)]
        return x.best_score, moves, stopped, x.playouts

    def state(self):
        """The whole state of a search stopped at a checkpoint point, or
        done, as plain values (see the top of this file)."""
        cdef Nrpa *r = &self.r
        cdef int m, at = 0 if r.done else r.suspended
        if not r.done and not r.suspended:
            raise ValueError("a search has a state only when stopped at a checkpoint point, or done")
        levels = []
        if at:
            for m in range(at, r.top + 1):
                levels.append(dict(level=m, it=r.it[m], best=r.best[m], reps=r.reps[m],
                                   game=rec_values(&r.rec[m]) if r.best[m] >= 0 else None,
                                   **policy_values(&r.pol[m * POLICY_SIZE])))
        score, moves, _, playouts = self.result()
        return dict(run=r.run, floor=r.floor, done=bool(r.done), at=at, rng=self.x.rng,
                    playouts=playouts, best_score=self.x.best_score,
                    best=[[a, b] for a, b in moves] if self.x.best_score >= 0 else [], levels=levels,
                    known=rec_values(r.known) if r.adapts and r.floor >= 0 else None)

    def load(self, state):
        """Take the state ``state`` (of state(), from either twin, with the
        same parameters): run() goes on from it.  ValueError for a state
        that does not fit this search."""
        cdef Nrpa *r = &self.r
        cdef Ctx *x = self.x
        cdef int m, k, at = state["at"]
        levels = state["levels"]
        if not (0 <= at <= r.top and len(levels) == (r.top - at + 1 if at else 0)
                and (at or state["done"])):
            raise ValueError("the state's levels do not fit this search")
        for k, level in enumerate(levels):
            m = at + k
            if level["level"] != m:
                raise ValueError("the state's levels do not fit this search")
            r.it[m], r.best[m], r.reps[m] = level["it"], level["best"], level["reps"]
            if level["game"] is not None:
                rec_load(&r.rec[m], level["game"])
            policy_load(&r.pol[m * POLICY_SIZE], &r.epol[m * POLICY_SIZE], level["codes"], level["weights"])
        best = state["best"]
        if len(best) > MAX_MOVES:
            raise ValueError("the state's best game is too long")
        for k, (a, b) in enumerate(best):
            x.best[k] = <int>b * BIG_STRIDE + <int>a
        x.best_len = len(best)
        x.best_score = state["best_score"]
        x.rng = state["rng"]
        x.playouts = state["playouts"]
        r.run, r.floor, r.done = state["run"], state["floor"], state["done"]
        if r.adapts and r.floor >= 0:
            if state.get("known") is None:
                raise ValueError("the state has no start game")
            rec_load(r.known, state["known"])
        r.suspended = at  # the next run() resumes there
        r.resume = 0


cdef object rec_values(const Rec *rec):
    cdef int t, i
    return dict(moves=[[rec.cell[t] % BIG_STRIDE, rec.cell[t] // BIG_STRIDE] for t in range(rec.length)],
                chosen=[rec.chosen[t] for t in range(rec.length)],
                nc=[rec.nc[t] for t in range(rec.length)],
                codes=[rec.code[i] for i in range(rec.ncodes)],
                biases=[rec.bias[i] for i in range(rec.ncodes)])


cdef int rec_load(Rec *rec, game) except -1:
    cdef int t, i, n = len(game["moves"]), ncodes = len(game["codes"])
    if not (n <= MAX_MOVES and len(game["chosen"]) == n and len(game["nc"]) == n
            and ncodes <= MAX_CODES and len(game["biases"]) == ncodes and sum(game["nc"]) == ncodes
            and all(0 <= c < POLICY_SIZE for c in game["codes"])
            and all(0 <= c < POLICY_SIZE for c in game["chosen"])):
        raise ValueError("a game of the state does not fit")
    for t, (a, b) in enumerate(game["moves"]):
        rec.cell[t] = <int>b * BIG_STRIDE + <int>a
        rec.chosen[t] = game["chosen"][t]
        rec.nc[t] = game["nc"][t]
    for i in range(ncodes):
        rec.code[i] = game["codes"][i]
        rec.bias[i] = game["biases"][i]
    rec.length = n
    rec.ncodes = ncodes
    return 0


cdef object policy_values(const double *pol):
    """{"codes", "weights"}: the weights that are not +0.0 (sign bit
    included), by code, as bytes of int32 and float64."""
    cdef const unsigned long long *bits = <const unsigned long long *>pol
    cdef int i, n = 0
    for i in range(POLICY_SIZE):
        n += bits[i] != 0
    cdef int *codes = <int *>malloc(max(n, 1) * sizeof(int))
    cdef double *weights = <double *>malloc(max(n, 1) * sizeof(double))
    if codes == NULL or weights == NULL:
        free(codes)
        free(weights)
        raise MemoryError()
    n = 0
    for i in range(POLICY_SIZE):
        if bits[i] != 0:
            codes[n] = i
            weights[n] = pol[i]
            n += 1
    try:
        return dict(codes=PyBytes_FromStringAndSize(<char *>codes, n * sizeof(int)),
                    weights=PyBytes_FromStringAndSize(<char *>weights, n * sizeof(double)))
    finally:
        free(codes)
        free(weights)


cdef int policy_load(double *pol, double *epol, const unsigned char[::1] codes,
                     const unsigned char[::1] weights) except -1:
    cdef int n = codes.shape[0] // sizeof(int), i, c
    cdef const int *cs = <const int *>&codes[0] if n else NULL
    cdef const double *ws = <const double *>&weights[0] if n else NULL
    if codes.shape[0] != n * <Py_ssize_t>sizeof(int) or weights.shape[0] != n * <Py_ssize_t>sizeof(double):
        raise ValueError("a policy of the state does not fit")
    memset(pol, 0, POLICY_SIZE * sizeof(double))
    for i in range(n):
        c = cs[i]
        if not 0 <= c < POLICY_SIZE:
            raise ValueError("a policy of the state does not fit")
        pol[c] = ws[i]
    for i in range(POLICY_SIZE):
        epol[i] = exp(pol[i])
    return 0
