# The Python entry points of _search.pyx (included there).

cdef Ctx *new_ctx(u64 seed, bint tabu, double seconds, Stop stop, bint poll_signals,
                  double tabu_bias, double size_bias, bint cpu_clock=False,
                  int tabu_fixed=-1, double colour_bias=0.0, int tabu_free=TABU_FREE_DEPTH,
                  int tabu_until=0) except NULL:
    cdef Ctx *x = <Ctx *>calloc(1, sizeof(Ctx))
    if x == NULL:
        raise MemoryError()
    x.rng = seed
    x.tabu = tabu
    x.tabu_fixed = tabu_fixed
    x.tabu_bias = tabu_bias
    x.size_bias = size_bias
    x.colour_bias = colour_bias
    x.tabu_free = tabu_free
    x.tabu_until = tabu_until
    x.best_score = -1
    x.cpu_clock = cpu_clock
    x.deadline = (gg_cpu() if cpu_clock else gg_now()) + seconds if seconds > 0 else 0.0
    x.poll_signals = poll_signals
    x.stop = &stop.flag if stop is not None else NULL
    x.seen = &stop.seen[0] if stop is not None else NULL
    return x


cdef int set_prior(Ctx *x, prior) except -1:
    """x's learned prior: None (none) or PRIOR_FEATURES finite numbers (the
    weights of move_features' features, in their order)."""
    cdef int k
    if prior is None:
        return 0
    values = [float(v) for v in prior]
    if len(values) != PRIOR_FEATURES or not all(abs(v) < float("inf") for v in values):
        raise ValueError(f"prior must be {PRIOR_FEATURES} finite numbers")
    for k in range(PRIOR_FEATURES):
        x.prior[k] = values[k]
    x.prior_on = True
    return 0


def playouts(State root not None, long long n, u64 seed, bint tabu):
    """The final scores of n playouts from root (uniform over the legal
    moves, or over the non-tabu ones with tabu)."""
    cdef Ctx *x = new_ctx(seed, tabu, 0.0, None, False, -1.0, 0.0)
    cdef long long *scores = <long long *>malloc(max(n, 1) * sizeof(long long))
    cdef long long i
    cdef Pos p
    if scores == NULL:
        free(x)
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                p.g = root.g
                p.score = root.score
                playout(x, &p, NULL, NULL, NULL)
                scores[i] = p.score
        return [scores[i] for i in range(n)]
    finally:
        free(scores)
        free(x)


def search(State root not None, int algo, int level, long long iterations, int width, u64 seed,
           bint tabu, double seconds, Stop stop, bint poll_signals, int stab=1, int repeats=0,
           long long restarts=0, double tabu_bias=-1.0, double size_bias=0.0,
           policy=None, bint cpu_time=False, improve=None, int tabu_colour=-1, double colour_bias=0.0,
           improve_adapts=None, weights=(0, 0, 0), int tabu_free=TABU_FREE_DEPTH, int tabu_until=0,
           prior=None):
    """(score, moves as (r, c), stopped, playouts) of one search from root
    (the arguments are checked by the caller, samegame.research._single).  NRPA runs
    1 + restarts times from a fresh policy (the first from ``policy``, bytes
    of POLICY_SIZE doubles, if given), until the time is up (CPU seconds of
    this thread with cpu_time).  ``improve``: a finished game from root
    ((r, c) moves), the best so far from the start (the result is never
    worse); each NRPA run starts from the best game so far (see nrpa).
    ``tabu_colour`` >= 0: the colour the tabu rule keeps (-1: the most
    frequent at each playout's start).  ``colour_bias``: NRPA's bias per
    share of its colour's cells a region takes (see candidates).
    ``improve_adapts`` (None or >= 1, with improve): see nrpa_runs.
    ``weights``: the evaluated beam's (groups, colours, lone), see Weights;
    it runs ``iterations`` beams, each twice as wide as the one before.
    ``tabu_free``, ``tabu_until``: see candidates.  ``prior`` (NRPA): see
    set_prior."""
    if algo == ALGO_NRPA:
        run = NrpaRun(root, level, iterations, seed, tabu, stab, repeats, restarts, tabu_bias, size_bias,
                      policy, improve, tabu_colour, colour_bias, improve_adapts, tabu_free, tabu_until, prior)
        run.run(seconds, stop, poll_signals, cpu_time)
        return run.result()
    if prior is not None:
        raise ValueError("prior applies only to NRPA")
    cdef Ctx *x = new_ctx(seed, tabu, seconds, stop, poll_signals, tabu_bias, size_bias, cpu_time,
                          tabu_colour, colour_bias, tabu_free, tabu_until)
    cdef Pos p
    cdef Rec *known = NULL
    cdef int k
    cdef Weights wt
    p.g = root.g
    p.score = root.score
    try:
        if improve is not None:
            known = <Rec *>malloc(sizeof(Rec))
            if known == NULL:
                raise MemoryError()
            offer(x, game_rec(x, &p, improve, known, True), known.cell, known.length)
        wt.groups, wt.colours, wt.lone = weights
        if algo == ALGO_BEAM_EVAL:
            eval_beams(x, &p, width, iterations, &wt)
        elif algo == ALGO_NMCS_BEAM:
            nested_search(x, &p, level, iterations, width, &wt)
        else:
            other_search(x, &p, algo, level, iterations, width)
        if x.best_score < 0:  # no move from the root
            return root.score, [], x.stopped, x.playouts
        moves = [(x.best[k] % BIG_STRIDE, x.best[k] // BIG_STRIDE) for k in range(x.best_len)]
        return x.best_score, moves, x.stopped, x.playouts
    finally:
        free(known)
        free(x)


cdef int nested_search(Ctx *x, const Pos *root, int level, long long iterations, int width,
                       const Weights *w) except -1:
    """NMCS whose level-1 playouts are beams of ``width`` rated by ``w``."""
    cdef Layer *L = <Layer *>calloc(1, sizeof(Layer))
    if L == NULL:
        raise MemoryError()
    try:
        layer_alloc(L, width)
        x.nest, x.nest_weights = L, w
        other_search(x, root, ALGO_NMCS, level, iterations, width)
        if x.oom:
            raise MemoryError()
        return 0
    finally:
        x.nest = NULL
        layer_free(L)
        free(L)


cdef int other_search(Ctx *x, const Pos *root, int algo, int level, long long iterations,
                      int width) except -1:
    """NMCS, beam search or random playouts from root (their best goes to x)."""
    cdef void *a = NULL
    cdef void *b = NULL
    cdef void *c = NULL
    cdef void *d = NULL
    cdef void *e = NULL
    cdef long long _i
    cdef Pos p
    try:
        if algo == ALGO_NMCS:
            a = calloc(level + 1, sizeof(Frame))
            if a == NULL:
                raise MemoryError()
        elif algo == ALGO_BEAM:
            a = malloc(width * sizeof(Pos))
            b = malloc(width * sizeof(Pos))
            c = malloc(<size_t>width * MAX_MOVES * sizeof(Cand))
            d = malloc(<size_t>width * MAX_MOVES * sizeof(Step))
            e = malloc(MAX_MOVES * sizeof(Move))
            if a == NULL or b == NULL or c == NULL or d == NULL or e == NULL:
                raise MemoryError()
        with nogil:
            if algo == ALGO_BEAM:
                beam(x, root, width, <Pos *>a, <Pos *>b, <Cand *>c, <Step *>d, <Move *>e)
            else:
                for _i in range(iterations):
                    if should_stop(x):
                        break
                    if algo == ALGO_NMCS and level > 0:
                        nmcs(x, <Frame *>a, level, root)
                    else:
                        p = root[0]
                        playout(x, &p, NULL, NULL, NULL)
        return 0
    finally:
        free(a)
        free(b)
        free(c)
        free(d)
        free(e)


cdef long long game_rec(Ctx *x, const Pos *root, moves, Rec *rec, bint finished) except -1:
    """rec = the game ``moves`` ((r, c) selections) from root as NRPA
    records it (each step's candidates under x's tabu rule and biases); its
    score.  ValueError for a move that is not a region's canonical cell, or
    (finished) a game that does not end the board."""
    cdef Pos p = root[0]
    cdef int t, n, k, j, i, cell, off = 0, tabu_c = start_tabu(x, &p.g)
    for t, (row, col) in enumerate(moves):
        if t >= MAX_MOVES:
            raise ValueError(f"more than {MAX_MOVES} moves")
        cell = <int>col * BIG_STRIDE + <int>row
        n = gen_moves(&p.g, x.moves, x.scratch, x.queue, x.lone)
        k = candidates(x, n, tabu_c, t, p.g.left)
        for i in range(k):
            rec.code[off + i] = x.moves[x.cand[i]].code
            rec.bias[off + i] = x.bias[i]
        for j in range(n):
            if x.moves[j].cell == cell:
                rec.chosen[t] = x.moves[j].code
                break
        else:
            raise ValueError(f"move {t + 1} ({row}, {col}) is not a region's canonical cell")
        rec.nc[t] = k
        rec.cell[t] = cell
        off += k
        play(&p, cell, x.queue)
    rec.length = len(moves)
    rec.ncodes = off
    if finished and gen_moves(&p.g, x.moves, x.scratch, x.queue, x.lone) > 0:
        raise ValueError(f"the game does not end the board: a region is left after move {rec.length}")
    return p.score


def adapt_policy(State root not None, const unsigned char[::1] policy not None, moves,
                 bint tabu, double tabu_bias, double size_bias, int tabu_colour=-1,
                 double colour_bias=0.0, int tabu_free=TABU_FREE_DEPTH, int tabu_until=0):
    """``policy`` (bytes of POLICY_SIZE doubles) adapted towards the game
    ``moves`` ((r, c) selections from root, each legal), as NRPA's adapt."""
    cdef Ctx *x = new_ctx(0, tabu, 0.0, None, False, tabu_bias, size_bias, False, tabu_colour, colour_bias,
                          tabu_free, tabu_until)
    cdef Nrpa r
    cdef Pos p
    if policy.shape[0] != POLICY_SIZE * sizeof(double):
        free(x)
        raise ValueError("policy must be POLICY_SIZE doubles")
    r.pol = NULL
    r.epol = NULL
    r.rec = NULL
    r.w = NULL
    r.known = NULL
    r.touched = NULL
    r.mark = NULL
    try:
        if not nrpa_alloc(&r, 0):
            raise MemoryError()
        set_policy(&r, 0, <const double *>&policy[0])
        p.g = root.g
        p.score = root.score
        game_rec(x, &p, moves, &r.rec[0], False)
        adapt(&r, r.pol, r.epol, &r.rec[0])
        return (<char *>r.pol)[:POLICY_SIZE * sizeof(double)]
    finally:
        nrpa_free(&r)
        free(x)
