# NMCS and beam search, included by _search.pyx (same names as in
# _search_pure.py; NRPA is in _search_nrpa.pxi).

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
        n = gen_moves(&f.cur.g, f.moves, x.scratch, x.queue, x.lone)
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
                if x.nest != NULL:
                    length = beam_playout(x, &f.child)
                else:
                    length = playout(x, &f.child, NULL, NULL, NULL)
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
            n = gen_moves(&states[b].g, moves, x.scratch, x.queue, x.lone)
            for j in range(n):
                at = b
                for t in range(depth - 1, -1, -1):
                    x.path[t] = history[t * width + at].cell
                    at = history[t * width + at].parent
                x.path[depth] = moves[j].cell
                x.path_len = depth + 1
                child = states[b]
                play(&child, moves[j].cell, x.queue)
                if playout(x, &child, NULL, NULL, NULL) == 0:
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
