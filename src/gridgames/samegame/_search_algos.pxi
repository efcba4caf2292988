# The search algorithms of _search.pyx (included there; same names as in
# _search_pure.py).

# --- NMCS (Cazenave 2009), with the best sequence memorised -------------------

ctypedef struct Frame:
    Pos cur, child
    long long best_score
    int best_len
    int best[MAX_MOVES]          # from this level's start position
    Move moves[MAX_MOVES]


cdef long long nmcs(Ctx *x, Frame *frames, int level, const Pos *start) noexcept nogil:
    """Level ``level`` from ``start``: at each step, every move is tried with
    a level-1 search (a playout at level 1), then the best sequence found so
    far is followed.  Returns its score; its moves are frames[level].best."""
    cdef Frame *f = &frames[level]
    cdef int n, j, played = 0, base = x.path_len, length
    cdef long long s
    cdef const int *seq
    f.cur = start[0]
    f.best_score = -1
    f.best_len = 0
    while True:
        n = gen_moves(&f.cur.g, f.moves, x.scratch, x.queue)
        if n == 0:
            break
        for j in range(n):
            if should_stop(x):
                x.path_len = base
                return f.best_score
            f.child = f.cur
            play(&f.child, f.moves[j].cell, x.queue)
            x.path[x.path_len] = f.moves[j].cell
            x.path_len += 1
            if level == 1:
                length = playout(x, &f.child, NULL)
                s, seq = f.child.score, x.seq
            else:
                s = nmcs(x, frames, level - 1, &f.child)
                length, seq = frames[level - 1].best_len, frames[level - 1].best
            x.path_len -= 1
            if s > f.best_score:
                f.best_score = s
                f.best[played] = f.moves[j].cell
                memcpy(&f.best[played + 1], seq, length * sizeof(int))
                f.best_len = played + 1 + length
        if x.stopped:
            x.path_len = base
            return f.best_score
        play(&f.cur, f.best[played], x.queue)
        x.path[x.path_len] = f.best[played]
        x.path_len += 1
        played += 1
    x.path_len = base
    if f.best_score < 0:  # start was over
        f.best_score = f.cur.score
    return f.best_score


# --- NRPA (Rosin 2011) ------------------------------------------------------------

ctypedef struct Nrpa:
    Pos root
    int size                     # policy entries: colours x cells of the frame
    int iterations
    double *pol                  # one policy per level (level 0 unused), then a spare
    int *seq                     # one best sequence per level
    int *length


cdef void adapt(Ctx *x, Nrpa *r, double *pol, const int *seq, int length) noexcept nogil:
    """Move the policy towards seq: +1 to each chosen move's code, minus
    each candidate's softmax probability (from the old policy)."""
    cdef double *new = &r.pol[0]
    cdef Pos p = r.root
    cdef int t, n, k, i, j, tabu = tabu_colour(&p.g) if x.tabu else -1
    cdef double z
    memcpy(new, pol, r.size * sizeof(double))
    for t in range(length):
        n = gen_moves(&p.g, x.moves, x.scratch, x.queue)
        k = candidates(x, n, tabu)
        z = 0.0
        for i in range(k):
            j = x.cand[i]
            x.w[i] = exp(pol[code(&p.g, x.moves[j].cell, x.moves[j].colour)])
            z += x.w[i]
        new[code(&p.g, seq[t], p.g.cell[seq[t]])] += 1.0
        for i in range(k):
            j = x.cand[i]
            new[code(&p.g, x.moves[j].cell, x.moves[j].colour)] -= x.w[i] / z
        play(&p, seq[t], x.queue)
    memcpy(pol, new, r.size * sizeof(double))


cdef long long nrpa(Ctx *x, Nrpa *r, int level, double *pol) noexcept nogil:
    """Level ``level`` with its own policy ``pol``; the best sequence goes
    to r.seq[level]."""
    cdef long long best = -1, s
    cdef int i, length
    cdef Pos p
    cdef int *mine = &r.seq[level * MAX_MOVES]
    for i in range(r.iterations):
        if should_stop(x):
            break
        if level == 1:
            p = r.root
            length = playout(x, &p, pol)
            s = p.score
            if s >= best:
                best = s
                memcpy(mine, x.seq, length * sizeof(int))
                r.length[level] = length
        else:
            memcpy(&r.pol[(level - 1) * r.size], pol, r.size * sizeof(double))
            s = nrpa(x, r, level - 1, &r.pol[(level - 1) * r.size])
            if s >= best:
                best = s
                memcpy(mine, &r.seq[(level - 1) * MAX_MOVES], r.length[level - 1] * sizeof(int))
                r.length[level] = r.length[level - 1]
        if x.stopped:
            break
        adapt(x, r, pol, mine, r.length[level])
    return best


# --- beam search ------------------------------------------------------------------

ctypedef struct Cand:
    long long key                # the score of one playout from the child
    int order                    # position in the layer, to break ties
    int parent, cell


cdef int by_key(const void *a, const void *b) noexcept nogil:
    cdef const Cand *p = <const Cand *>a
    cdef const Cand *q = <const Cand *>b
    if p.key != q.key:
        return -1 if p.key > q.key else 1
    return p.order - q.order


ctypedef struct Step:
    int parent, cell             # a beam state: its parent in the layer before, its move


cdef void beam(Ctx *x, const Pos *root, int width, Pos *states, Pos *nexts, Cand *cands,
               Step *history, Move *moves) noexcept nogil:
    """Each layer, every child of every state is rated by one playout (a
    finished game, offered to the global best); the ``width`` best children
    make the next layer.  history[d*width + b] is how state b at depth d+1
    was reached."""
    cdef int nstates = 1, ncands, b, j, n, t, depth = 0, at
    cdef Pos child
    cdef Pos *swap
    states[0] = root[0]
    while nstates and not should_stop(x):
        ncands = 0
        for b in range(nstates):
            n = gen_moves(&states[b].g, moves, x.scratch, x.queue)
            for j in range(n):
                at = b
                for t in range(depth - 1, -1, -1):
                    x.path[t] = history[t * width + at].cell
                    at = history[t * width + at].parent
                x.path[depth] = moves[j].cell
                x.path_len = depth + 1
                child = states[b]
                play(&child, moves[j].cell, x.queue)
                if playout(x, &child, NULL) == 0:
                    continue  # the child is a finished game
                cands[ncands].key = child.score
                cands[ncands].order = ncands
                cands[ncands].parent = b
                cands[ncands].cell = moves[j].cell
                ncands += 1
        x.path_len = 0
        qsort(cands, ncands, sizeof(Cand), by_key)
        nstates = ncands if ncands < width else width
        for t in range(nstates):
            nexts[t] = states[cands[t].parent]
            play(&nexts[t], cands[t].cell, x.queue)
            history[depth * width + t].parent = cands[t].parent
            history[depth * width + t].cell = cands[t].cell
        swap = states
        states = nexts
        nexts = swap
        depth += 1
