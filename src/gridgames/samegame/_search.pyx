# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: freethreading_compatible=True
"""SameGame search kernels: playouts, NMCS, NRPA and beam search, with no
Python object per move and the GIL released.  Its twin is _search_pure.py;
for the same seed both return the same score and moves.

Shared machinery: a move is a region's canonical cell, the first of its cells
scanning columns left to right, each bottom up (index c*BIG_STRIDE + r, i.e.
the judge selection (r, c)); gen_moves lists them in that order, play removes
one on a position copied by value (a Pos is a fixed ~1 kB struct, so "undo"
is keeping the parent).  Every finished game is offered to one global best
(strictly better scores win), which is what every search returns, so a
stopped search (time, stop flag, Ctrl-C) still returns the best so far.
"""
from libc.math cimport exp
from libc.stdlib cimport malloc, calloc, free, qsort
from libc.string cimport memcpy

from gridgames._rng cimport u64, sm_uniform, sm_unit
from gridgames.samegame._board cimport (BigGrid, BIG_STRIDE, BIG_NCELLS,
                                        COLOURS, EMPTY, gain, settle, take_region)
from gridgames.samegame._kernel cimport State

cdef extern from "Python.h":
    int PyErr_CheckSignals()
    void PyErr_Clear()

cdef extern from *:
    """
    #ifdef _WIN32
    #include <windows.h>
    static double gg_now(void) {
        LARGE_INTEGER f, c;
        QueryPerformanceFrequency(&f); QueryPerformanceCounter(&c);
        return (double)c.QuadPart / (double)f.QuadPart;
    }
    #else
    #include <time.h>
    static double gg_now(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    #endif
    """
    double gg_now() noexcept nogil

ctypedef struct Move:
    int cell, colour, size

ctypedef struct Pos:
    BigGrid g
    long long score

ctypedef struct Ctx:
    u64 rng
    bint tabu                    # playouts avoid the most frequent colour
    double deadline, next_poll   # deadline 0: none
    bint poll_signals            # only the main thread sees Ctrl-C
    int *stop                    # set by another thread (Stop), or NULL
    int stopped
    long long playouts
    long long best_score         # the global best: -1 until a game ends
    int best_len
    int path_len                 # moves from the root to where a playout starts
    int best[MAX_MOVES]
    int path[MAX_MOVES]
    int seq[MAX_MOVES]           # the last playout's moves
    int cand[MAX_MOVES]
    double w[MAX_MOVES]
    Move moves[MAX_MOVES]
    int queue[BIG_NCELLS]
    unsigned char scratch[BIG_NCELLS]


cdef class Stop:
    """A flag another thread sets to stop searches early (they return their
    best so far)."""
    cdef int flag

    def set(self):
        self.flag = 1

    @property
    def is_set(self):
        return bool(self.flag)


# --- moves, play, playouts ----------------------------------------------------

cdef int gen_moves(const BigGrid *g, Move *out, unsigned char *scratch, int *queue) noexcept nogil:
    """The removable regions of g in canonical order; their count."""
    cdef int n = 0, c, i
    cdef unsigned char v
    memcpy(scratch, g.cell, (g.ncols + 2) * BIG_STRIDE)
    for c in range(1, g.ncols + 1):
        i = c * BIG_STRIDE + 1
        v = g.cell[i]
        while v != EMPTY:
            # left and lower neighbours came first: only up and right can join i
            if scratch[i] != EMPTY and (g.cell[i + 1] == v or g.cell[i + BIG_STRIDE] == v):
                out[n].cell = i
                out[n].colour = v
                out[n].size = take_region(scratch, BIG_STRIDE, i, queue)
                n += 1
            i += 1
            v = g.cell[i]
    return n


cdef inline void play(Pos *p, int i, int *queue) noexcept nogil:
    cdef int size = take_region(p.g.cell, BIG_STRIDE, i, queue)
    settle(p.g.cell, BIG_STRIDE, p.g.m, &p.g.ncols, queue, size)
    p.g.left -= size
    p.score += gain(size, p.g.left)


cdef int tabu_colour(const BigGrid *g) noexcept nogil:
    """The colour with the most cells (the lowest on a tie)."""
    cdef int count[COLOURS]
    cdef int c, i, best = 0
    for c in range(COLOURS):
        count[c] = 0
    for c in range(1, g.ncols + 1):
        i = c * BIG_STRIDE + 1
        while g.cell[i] != EMPTY:
            count[g.cell[i]] += 1
            i += 1
    for c in range(1, COLOURS):
        if count[c] > count[best]:
            best = c
    return best


cdef int candidates(Ctx *x, int n, int tabu) noexcept nogil:
    """x.cand = the moves not of colour ``tabu``, or all if there is none."""
    cdef int j, k = 0
    for j in range(n):
        if x.moves[j].colour != tabu:
            x.cand[k] = j
            k += 1
    if k == 0:
        for j in range(n):
            x.cand[j] = j
        k = n
    return k


cdef inline int code(const BigGrid *g, int cell, int colour) noexcept nogil:
    """NRPA's move code: colour, then the canonical cell in the frame."""
    return (colour * g.n + cell // BIG_STRIDE - 1) * g.m + cell % BIG_STRIDE - 1


cdef int playout(Ctx *x, Pos *p, const double *pol) noexcept nogil:
    """Play p to the end, uniformly (pol NULL) or by the policy's softmax;
    the moves go to x.seq, the game to the global best; their count."""
    cdef int n, k, j, t, length = 0, tabu = tabu_colour(&p.g) if x.tabu else -1
    cdef double z, u
    while True:
        n = gen_moves(&p.g, x.moves, x.scratch, x.queue)
        if n == 0:
            break
        k = candidates(x, n, tabu)
        if pol == NULL:
            j = x.cand[sm_uniform(&x.rng, <u64>k)]
        else:
            z = 0.0
            for t in range(k):
                j = x.cand[t]
                x.w[t] = exp(pol[code(&p.g, x.moves[j].cell, x.moves[j].colour)])
                z += x.w[t]
            u = sm_unit(&x.rng) * z
            z = 0.0
            for t in range(k):
                z += x.w[t]
                if u < z:
                    break
            j = x.cand[t]
        x.seq[length] = x.moves[j].cell
        length += 1
        play(p, x.moves[j].cell, x.queue)
    x.playouts += 1
    offer(x, p.score, x.seq, length)
    return length


cdef void offer(Ctx *x, long long score, const int *seq, int length) noexcept nogil:
    """A finished game: x.path then seq; kept if strictly the best so far."""
    if score > x.best_score:
        x.best_score = score
        memcpy(x.best, x.path, x.path_len * sizeof(int))
        memcpy(&x.best[x.path_len], seq, length * sizeof(int))
        x.best_len = x.path_len + length


cdef bint should_stop(Ctx *x) noexcept nogil:
    """Time, the stop flag or Ctrl-C (polled every 50 ms); never before a
    first game has ended, so there is always a result."""
    cdef double now
    if x.stopped:
        return True
    if x.best_score < 0:
        return False
    if x.stop != NULL and x.stop[0]:
        x.stopped = STOPPED_FLAG
    elif x.deadline > 0 or x.poll_signals:
        now = gg_now()
        if x.deadline > 0 and now >= x.deadline:
            x.stopped = STOPPED_TIME
        elif x.poll_signals and now >= x.next_poll:
            x.next_poll = now + 0.05
            with gil:
                if PyErr_CheckSignals() < 0:
                    PyErr_Clear()  # Ctrl-C: return the best so far
                    x.stopped = STOPPED_INTERRUPT
    return x.stopped != RUNNING


include "_search_algos.pxi"


# --- the Python entry points ------------------------------------------------------

cdef Ctx *new_ctx(u64 seed, bint tabu, double seconds, Stop stop, bint poll_signals) except NULL:
    cdef Ctx *x = <Ctx *>calloc(1, sizeof(Ctx))
    if x == NULL:
        raise MemoryError()
    x.rng = seed
    x.tabu = tabu
    x.best_score = -1
    x.deadline = gg_now() + seconds if seconds > 0 else 0.0
    x.poll_signals = poll_signals
    x.stop = &stop.flag if stop is not None else NULL
    return x


def playouts(State root not None, long long n, u64 seed, bint tabu):
    """The final scores of n playouts from root (uniform over the legal
    moves, or over the non-tabu ones with tabu)."""
    cdef Ctx *x = new_ctx(seed, tabu, 0.0, None, False)
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
                playout(x, &p, NULL)
                scores[i] = p.score
        return [scores[i] for i in range(n)]
    finally:
        free(scores)
        free(x)


def search(State root not None, int algo, int level, long long iterations, int width, u64 seed,
           bint tabu, double seconds, Stop stop, bint poll_signals):
    """(score, moves as (r, c), stopped, playouts) of one search from root
    (the arguments are checked by the caller, samegame._solve)."""
    cdef Ctx *x = new_ctx(seed, tabu, seconds, stop, poll_signals)
    cdef Pos p
    cdef void *a = NULL
    cdef void *b = NULL
    cdef void *c = NULL
    cdef void *d = NULL
    cdef void *e = NULL
    cdef Nrpa r
    cdef long long _i
    cdef int k
    cdef bint ok = True
    p.g = root.g
    p.score = root.score
    try:
        if algo == ALGO_NMCS:
            a = calloc(level + 1, sizeof(Frame))
            ok = a != NULL
        elif algo == ALGO_NRPA:
            r.root = p
            r.iterations = <int>iterations
            r.size = COLOURS * p.g.m * p.g.n
            a = r.pol = <double *>calloc((level + 1) * r.size, sizeof(double))
            b = r.seq = <int *>calloc((level + 1) * MAX_MOVES, sizeof(int))
            c = r.length = <int *>calloc(level + 1, sizeof(int))
            ok = a != NULL and b != NULL and c != NULL
        elif algo == ALGO_BEAM:
            a = malloc(width * sizeof(Pos))
            b = malloc(width * sizeof(Pos))
            c = malloc(<size_t>width * MAX_MOVES * sizeof(Cand))
            d = malloc(<size_t>width * MAX_MOVES * sizeof(Step))
            e = malloc(MAX_MOVES * sizeof(Move))
            ok = a != NULL and b != NULL and c != NULL and d != NULL and e != NULL
        if not ok:
            raise MemoryError()
        with nogil:
            if algo == ALGO_NRPA:
                nrpa(x, &r, level, &r.pol[level * r.size])
            elif algo == ALGO_BEAM:
                beam(x, &p, width, <Pos *>a, <Pos *>b, <Cand *>c, <Step *>d, <Move *>e)
            else:
                for _i in range(iterations):
                    if should_stop(x):
                        break
                    if algo == ALGO_NMCS and level > 0:
                        nmcs(x, <Frame *>a, level, &p)
                    else:
                        r.root = p
                        playout(x, &r.root, NULL)
        if x.best_score < 0:  # no move from the root
            return root.score, [], x.stopped, x.playouts
        moves = [(x.best[k] % BIG_STRIDE, x.best[k] // BIG_STRIDE) for k in range(x.best_len)]
        return x.best_score, moves, x.stopped, x.playouts
    finally:
        free(a)
        free(b)
        free(c)
        free(d)
        free(e)
        free(x)
