# Beam search with a position evaluation, included by _search.pyx (the same
# names in _search_pure_beam.py).  A child is rated by its score plus an
# estimate of what is left (``evaluate``), with no playout, so a layer costs
# one flood fill per child; a position reached twice in a layer (same cells,
# by its Zobrist hash) is kept once, at its best score.  Memory is bounded by
# the width: two layers of positions, a candidate buffer of 4 widths that is
# compacted to the best ``width`` distinct positions whenever it fills (the
# result is the same as sorting every child of the layer), and one (parent,
# move) per kept position and layer to rebuild the games.

cdef u64 PZOB[BIG_NCELLS * COLOURS]  # position hash keys, one per (cell, colour)


cdef void init_pzob() noexcept:
    cdef u64 state = 0x42454D2D4556414C  # fixed: the same hashes in every run and in the twin
    cdef int k
    for k in range(BIG_NCELLS * COLOURS):
        PZOB[k] = sm_next(&state)


init_pzob()


ctypedef struct Weights:         # the evaluation's terms, in hundredths of a point
    long long groups             # per (size - 2)**2 of each region on the board
    long long colours            # per (cells - 2)**2 of each colour, as if it were one region
    long long lone               # (subtracted) per cell in no region


ctypedef struct ECand:
    long long key                # the child's evaluation
    u64 hash                     # its cells' Zobrist hash
    int order                    # generation order in the layer (ties)
    int parent, cell


cdef int by_eval(const void *a, const void *b) noexcept nogil:
    cdef const ECand *p = <const ECand *>a
    cdef const ECand *q = <const ECand *>b
    if p.key != q.key:
        return -1 if p.key > q.key else 1
    return (p.order > q.order) - (p.order < q.order)


cdef u64 pos_hash(const BigGrid *g) noexcept nogil:
    cdef u64 h = 0
    cdef int c, i
    for c in range(1, g.ncols + 1):
        i = c * BIG_STRIDE + 1
        while g.cell[i] != EMPTY:
            h ^= PZOB[i * COLOURS + g.cell[i]]
            i += 1
    return h


cdef long long evaluate(const Ctx *x, const Pos *p, int n, const Weights *w, int tabu) noexcept nogil:
    """p's score plus an estimate of what is left, in hundredths of a point;
    x.moves[0:n] and x.lone are p's regions and lone cells (gen_moves)."""
    cdef long long groups = 0, colours = 0, lone = 0, s
    cdef int cells[COLOURS]
    cdef int c, j
    for c in range(COLOURS):
        cells[c] = x.lone[c]
        lone += x.lone[c]
    for j in range(n):
        s = x.moves[j].size
        cells[x.moves[j].colour] += x.moves[j].size
        groups += (s - 2) * (s - 2)
    for c in range(COLOURS):
        if cells[c] > 2 and (tabu < 0 or c == tabu):
            colours += <long long>(cells[c] - 2) * (cells[c] - 2)
    return 100 * p.score + w.groups * groups + w.colours * colours - w.lone * lone


ctypedef struct Layer:           # the beam's buffers, sized by its width
    int width, cap, mask
    Pos *states
    Pos *nexts
    ECand *cands
    u64 *keys                    # an open-addressing set of hashes, mask + 1 slots
    unsigned char *used
    Step *history[MAX_MOVES]     # per depth: each kept position's parent and move (width of them)
    Move moves[MAX_MOVES]
    long long best_score         # this beam's best finished game (-1: none yet), its moves from its root
    int best_len
    int best[MAX_MOVES]


cdef int keep_best(Layer *L, int n) noexcept nogil:
    """Sort cands[0:n] best first and keep the first of each position, at
    most ``width``; how many are kept."""
    cdef int t, kept = 0, slot
    cdef u64 h
    qsort(L.cands, n, sizeof(ECand), by_eval)
    memset(L.used, 0, L.mask + 1)
    for t in range(n):
        h = L.cands[t].hash
        slot = <int>(h >> 40) & L.mask
        while L.used[slot] and L.keys[slot] != h:
            slot = (slot + 1) & L.mask
        if L.used[slot]:
            continue  # reached twice: the better one came first
        L.used[slot] = 1
        L.keys[slot] = h
        L.cands[kept] = L.cands[t]
        kept += 1
        if kept == L.width:
            break
    return kept


cdef void trace(Ctx *x, Layer *L, int base, int depth, int b, int cell) noexcept nogil:
    """x.path[base:] = the moves from the beam's root to state b of layer
    ``depth``, then ``cell`` (x.path[:base]: from the search's root)."""
    cdef int t
    for t in range(depth - 1, -1, -1):
        x.path[base + t] = L.history[t][b].cell
        b = L.history[t][b].parent
    x.path[base + depth] = cell
    x.path_len = base + depth + 1


cdef int ebeam(Ctx *x, const Pos *root, Layer *L, const Weights *w) noexcept nogil:
    """Each layer, every child of every state is rated by ``evaluate``
    (a finished child is offered to the global best instead); the ``width``
    best distinct children make the next layer; L.best is the best game
    it finished.  -1: out of memory."""
    cdef int nstates = 1, ncands, order, b, j, n, n2, t, depth = 0, tabu = start_tabu(x, &root.g)
    cdef int base = x.path_len
    cdef Pos child
    cdef Pos *swap
    L.states[0] = root[0]
    L.best_score = -1
    L.best_len = 0
    while nstates and not should_stop(x):
        ncands = order = 0
        for b in range(nstates):
            if should_stop(x):
                break
            n = gen_moves(&L.states[b].g, x.moves, x.scratch, x.queue, x.lone)
            n = candidates(x, n, tabu, depth, L.states[b].g.left)  # the tabu rule, as in playouts
            for j in range(n):
                L.moves[j] = x.moves[x.cand[j]]
            for j in range(n):
                child = L.states[b]
                play(&child, L.moves[j].cell, x.queue)
                n2 = gen_moves(&child.g, x.moves, x.scratch, x.queue, x.lone)
                if n2 == 0:
                    trace(x, L, base, depth, b, L.moves[j].cell)
                    x.playouts += 1
                    offer(x, child.score, x.seq, 0)
                    if child.score > L.best_score:
                        L.best_score = child.score
                        L.best_len = depth + 1
                        memcpy(L.best, &x.path[base], (depth + 1) * sizeof(int))
                    x.path_len = base
                    continue
                if ncands == L.cap:
                    ncands = keep_best(L, ncands)
                L.cands[ncands].key = evaluate(x, &child, n2, w, tabu)
                L.cands[ncands].hash = pos_hash(&child.g)
                L.cands[ncands].order = order
                L.cands[ncands].parent = b
                L.cands[ncands].cell = L.moves[j].cell
                ncands += 1
                order += 1
        if x.stopped:
            break
        nstates = keep_best(L, ncands)
        if nstates == 0:
            break
        if L.history[depth] == NULL:  # kept for the beam's next run (nested beams run many times)
            L.history[depth] = <Step *>malloc(L.width * sizeof(Step))
            if L.history[depth] == NULL:
                return -1
        for t in range(nstates):
            L.nexts[t] = L.states[L.cands[t].parent]
            play(&L.nexts[t], L.cands[t].cell, x.queue)
            L.history[depth][t].parent = L.cands[t].parent
            L.history[depth][t].cell = L.cands[t].cell
        swap = L.states
        L.states = L.nexts
        L.nexts = swap
        depth += 1
    return 0


cdef void layer_free(Layer *L) noexcept:
    cdef int t
    free(L.states)
    free(L.nexts)
    free(L.cands)
    free(L.keys)
    free(L.used)
    L.states = L.nexts = NULL
    L.cands = NULL
    L.keys = NULL
    L.used = NULL
    for t in range(MAX_MOVES):
        free(L.history[t])
        L.history[t] = NULL


cdef int layer_alloc(Layer *L, int width) except -1:
    """L's buffers for a beam of ``width`` (layer_free frees them)."""
    cdef int size = 64
    while size < 2 * width:
        size *= 2
    # a narrow beam's buffer fills often: the tests see the compaction
    L.width, L.cap, L.mask = width, 4 * width, size - 1
    L.states = <Pos *>malloc(width * sizeof(Pos))
    L.nexts = <Pos *>malloc(width * sizeof(Pos))
    L.cands = <ECand *>malloc(L.cap * sizeof(ECand))
    L.keys = <u64 *>malloc(size * sizeof(u64))
    L.used = <unsigned char *>malloc(size)
    if L.states == NULL or L.nexts == NULL or L.cands == NULL or L.keys == NULL or L.used == NULL:
        raise MemoryError()
    return 0


cdef int beam_playout(Ctx *x, Pos *p) noexcept nogil:
    """A playout that is a beam (nmcs-beam's level 1): the beam x.nest from
    p, its best game in x.seq and p (p unchanged if it was stopped before
    one ended); the game's length."""
    cdef Layer *L = <Layer *>x.nest
    cdef int t
    if ebeam(x, p, L, <const Weights *>x.nest_weights) < 0:
        x.oom = True
        x.stopped = STOPPED_FLAG
    if L.best_score < 0:
        return 0
    memcpy(x.seq, L.best, L.best_len * sizeof(int))
    for t in range(L.best_len):
        play(p, L.best[t], x.queue)
    return L.best_len


cdef int eval_beams(Ctx *x, const Pos *root, int width, long long beams, const Weights *w) except -1:
    """``beams`` beams of widths width, 2*width, 4*width... (at most
    MAX_WIDTH) until one is stopped; their best goes to x."""
    cdef Layer *L = <Layer *>calloc(1, sizeof(Layer))
    cdef long long k
    cdef int failed
    if L == NULL:
        raise MemoryError()
    try:
        for k in range(beams):
            layer_alloc(L, width)
            with nogil:
                failed = ebeam(x, root, L, w)
            layer_free(L)
            if failed:
                raise MemoryError()
            if x.stopped or width >= MAX_WIDTH:
                break
            width = min(2 * width, MAX_WIDTH)
        return 0
    finally:
        layer_free(L)
        free(L)
