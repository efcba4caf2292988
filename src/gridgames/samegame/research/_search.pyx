"""SameGame search kernels: playouts, NMCS, NRPA and beam searches, with no
Python object per move and the GIL released.  Its twin is _search_pure.py;
for the same seed both return the same score and moves.

Shared machinery: a move is a region's canonical cell, the first of its cells
scanning columns left to right, each bottom up (index c*BIG_STRIDE + r, i.e.
the judge selection (r, c)); gen_moves lists them in that order, each with
its NRPA code (a Zobrist hash of the region's cells and colour, as in
Cazenave's engines); play removes one on a position copied by value (a Pos is
a fixed ~1 kB struct, so "undo" is keeping the parent).  Every finished game is offered to one global best
(strictly better scores win), which is what every search returns, so a
stopped search (time, stop flag, Ctrl-C) still returns the best so far.
"""
from libc.math cimport exp
from libc.stdlib cimport malloc, calloc, free, qsort
from libc.string cimport memcpy, memset

from gridgames._runtime.random_source cimport u64, sm_next, sm_uniform, sm_unit
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
    static double gg_cpu(void) {
        FILETIME a, b, k, u;
        GetThreadTimes(GetCurrentThread(), &a, &b, &k, &u);
        return 1e-7 * ((double)(((unsigned long long)k.dwHighDateTime << 32) | k.dwLowDateTime)
                       + (double)(((unsigned long long)u.dwHighDateTime << 32) | u.dwLowDateTime));
    }
    #else
    #include <time.h>
    static double gg_now(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    static double gg_cpu(void) {
        struct timespec t;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    #endif
    """
    double gg_now() noexcept nogil
    double gg_cpu() noexcept nogil   # this thread's CPU seconds

ctypedef struct Move:
    int cell, colour, size
    int code                     # NRPA's policy index: Zobrist hash of the region's cells

ctypedef struct Pos:
    BigGrid g
    long long score

cdef enum:
    MAX_CODES = MAX_MOVES * (MAX_MOVES + 1) // 2   # candidates in one game, all steps

ctypedef struct Rec:             # one game as NRPA learns from it
    int length, ncodes
    int cell[MAX_MOVES]          # its moves
    int chosen[MAX_MOVES]        # their codes
    int nc[MAX_MOVES]            # the candidates at each step...
    int code[MAX_CODES]          # ...their codes, all steps in a row
    double bias[MAX_CODES]       # ...and their biases


ctypedef struct Ctx:
    u64 rng
    bint tabu                    # playouts keep a colour for one big final region
    int tabu_fixed               # that colour; -1: the one with the most cells at each playout's start
    double tabu_bias             # < 0: the tabu rule is hard; else a bias against tabu moves
    double size_bias             # bias per cell of a region beyond 2
    double colour_bias           # bias per share of its colour's cells a region holds
    int tabu_free                # after this many moves, tabu pairs are allowed
    int tabu_until               # the tabu rule is lifted once this many cells or fewer are left
    bint prior_on                # a learned prior: prior . move_features added to each move's bias
    double prior[PRIOR_FEATURES]
    void *nest                   # nmcs-beam: the Layer of its level-1 beams (else NULL)
    const void *nest_weights     # ...and their evaluation's Weights
    bint oom                     # a nested beam ran out of memory
    double deadline, next_poll   # deadline 0: none
    bint cpu_clock               # the deadline is in this thread's CPU seconds
    bint poll_signals            # only the main thread sees Ctrl-C
    int *stop                    # set by another thread (Stop), or NULL
    long long *seen              # the Stop's playouts and best so far, for a progress line (or NULL)
    int stopped
    bint ckpt                    # checkpoint mode: a stop waits for NRPA's next checkpoint point
    int halt                     # checkpoint mode: why the search is to stop there (STOPPED_*, RUNNING)
    double ckpt_at               # checkpoint mode: suspend at the next checkpoint point after this (gg_now)
    long long playouts
    long long best_score         # the global best: -1 until a game ends
    int best_len
    int path_len                 # moves from the root to where a playout starts
    int best[MAX_MOVES]
    int path[MAX_MOVES]
    int seq[MAX_MOVES]           # the last playout's moves
    int cand[MAX_MOVES]
    double w[MAX_MOVES]
    double bias[MAX_MOVES]       # the candidates' biases (GNRPA)
    int lone[COLOURS]            # cells of each colour with no same-colour neighbour
    Move moves[MAX_MOVES]
    int queue[BIG_NCELLS]
    unsigned char scratch[BIG_NCELLS]


cdef class Stop:
    """A flag another thread sets to stop searches early (they return their
    best so far)."""
    cdef int flag
    cdef long long seen[2]  # the search's playouts and best score so far (-1: none yet)

    def __cinit__(self):
        self.seen[1] = -1

    def set(self):
        self.flag = 1

    @property
    def is_set(self):
        return bool(self.flag)

    @property
    def seen_so_far(self):
        """(playouts, best score or -1) of the search given this Stop, as it
        runs (another thread reads them: a progress line)."""
        return self.seen[0], self.seen[1]


# --- moves, play, playouts ----------------------------------------------------

cdef int ZOB[BIG_NCELLS + COLOURS]  # Zobrist keys of cells, then of colours


cdef void init_zob() noexcept:
    cdef u64 state = 0x5A4D4547414D45  # fixed: codes are the same in every run
    cdef int k
    for k in range(BIG_NCELLS + COLOURS):
        ZOB[k] = <int>(sm_next(&state) & (POLICY_SIZE - 1))


init_zob()


cdef int gen_moves(const BigGrid *g, Move *out, unsigned char *scratch, int *queue,
                   int *lone) noexcept nogil:
    """The removable regions of g in canonical order; their count.  lone[v]:
    the cells of colour v in no region (the tabu rule counts them)."""
    cdef int n = 0, c, i, q, h, size
    cdef unsigned char v
    for c in range(COLOURS):
        lone[c] = 0
    memcpy(scratch, g.cell, (g.ncols + 2) * BIG_STRIDE)
    for c in range(1, g.ncols + 1):
        i = c * BIG_STRIDE + 1
        v = g.cell[i]
        while v != EMPTY:
            # left and lower neighbours came first: only up and right can join i
            if scratch[i] != EMPTY:
                if g.cell[i + 1] == v or g.cell[i + BIG_STRIDE] == v:
                    size = take_region(scratch, BIG_STRIDE, i, queue)
                    h = ZOB[BIG_NCELLS + v]
                    for q in range(size):
                        h = h ^ ZOB[queue[q]]
                    out[n].cell = i
                    out[n].colour = v
                    out[n].size = size
                    out[n].code = h
                    n += 1
                else:
                    lone[v] += 1
            i += 1
            v = g.cell[i]
    return n


cdef inline void play(Pos *p, int i, int *queue) noexcept nogil:
    cdef int size = take_region(p.g.cell, BIG_STRIDE, i, queue)
    settle(p.g.cell, BIG_STRIDE, p.g.m, &p.g.ncols, queue, size)
    p.g.left -= size
    p.score += gain(size, p.g.left)


cdef int most_colour(const BigGrid *g) noexcept nogil:
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


cdef inline int start_tabu(const Ctx *x, const BigGrid *g) noexcept nogil:
    """The colour a playout from g keeps (-1: none)."""
    if not x.tabu:
        return -1
    return x.tabu_fixed if x.tabu_fixed >= 0 else most_colour(g)


include "_search_prior.pxi"


cdef int candidates(Ctx *x, int n, int tabu, int depth, int left) noexcept nogil:
    """x.cand = the moves a playout may draw, x.bias their biases.  The tabu
    colour (tabu >= 0) is kept for one big final region: its regions are
    banned while it has 2+ parts (regions or lone cells), except pairs after
    x.tabu_free moves (the rule of Cazenave's engine, 10 moves there), and
    not at all once x.tabu_until cells or fewer are left (Klein's "Tabu48":
    48); a hard ban
    (tabu_bias < 0) leaves them out unless nothing else is left, a soft one
    subtracts tabu_bias.  Every candidate gains size_bias * (size - 2) and
    colour_bias * size / cells[colour] (the share of its colour's cells on
    the board it takes: a position evaluation); with a prior, then its
    prior_bias (add_prior)."""
    cdef int j, k = 0, parts = 0, kept = tabu
    cdef int cells[COLOURS]
    cdef bint banned
    cdef double b
    if x.colour_bias != 0:  # counted only when used: the default costs nothing
        for j in range(COLOURS):
            cells[j] = x.lone[j]
        for j in range(n):
            cells[x.moves[j].colour] += x.moves[j].size
    if left <= x.tabu_until:
        tabu = -1
    if tabu >= 0:
        parts = x.lone[tabu]
        for j in range(n):
            if x.moves[j].colour == tabu:
                parts += 1
        if parts <= 1:
            tabu = -1
    for j in range(n):
        banned = x.moves[j].colour == tabu and not (x.moves[j].size <= 2 and depth > x.tabu_free)
        if banned and x.tabu_bias < 0:
            continue
        b = x.size_bias * (x.moves[j].size - 2)
        if x.colour_bias != 0:
            b = b + x.colour_bias * x.moves[j].size / cells[x.moves[j].colour]
        if banned:
            b = b - x.tabu_bias
        x.cand[k] = j
        x.bias[k] = b
        k += 1
    if k == 0:
        for j in range(n):
            x.cand[j] = j
            b = x.size_bias * (x.moves[j].size - 2)
            if x.colour_bias != 0:
                b = b + x.colour_bias * x.moves[j].size / cells[x.moves[j].colour]
            x.bias[j] = b
        k = n
    if x.prior_on:
        add_prior(x, n, k, kept)
    return k


cdef int playout(Ctx *x, Pos *p, const double *pol, const double *epol, Rec *rec) noexcept nogil:
    """Play p to the end, uniformly (pol NULL) or by the policy's softmax
    (weights exp(pol[code] + bias), epol[code] when the bias is 0: epol
    holds exp(pol)); the moves go to x.seq (and with the
    candidates' codes and biases to rec, if not NULL), the game to the
    global best; their count."""
    # t = 0: gcc -Wall cannot tell that the candidates' loop below always runs (k > 0)
    cdef int n, k, j, t = 0, length = 0, off = 0, tabu = start_tabu(x, &p.g)
    cdef double z, u
    while True:
        n = gen_moves(&p.g, x.moves, x.scratch, x.queue, x.lone)
        if n == 0:
            break
        k = candidates(x, n, tabu, x.path_len + length, p.g.left)
        if pol == NULL:
            j = x.cand[sm_uniform(&x.rng, <u64>k)]
        else:
            z = 0.0
            for t in range(k):
                j = x.moves[x.cand[t]].code
                x.w[t] = epol[j] if x.bias[t] == 0.0 else exp(pol[j] + x.bias[t])
                z += x.w[t]
            u = sm_unit(&x.rng) * z
            z = 0.0
            for t in range(k):
                z += x.w[t]
                if u < z:
                    break
            j = x.cand[t]
            if rec != NULL:
                for t in range(k):
                    rec.code[off + t] = x.moves[x.cand[t]].code
                    rec.bias[off + t] = x.bias[t]
                rec.nc[length] = k
                rec.chosen[length] = x.moves[j].code
                off += k
        x.seq[length] = x.moves[j].cell
        length += 1
        play(p, x.moves[j].cell, x.queue)
    if rec != NULL:
        rec.length = length
        rec.ncodes = off
        memcpy(rec.cell, x.seq, length * sizeof(int))
    x.playouts += 1
    offer(x, p.score, x.seq, length)
    if x.seen != NULL:
        x.seen[0] = x.playouts
        x.seen[1] = x.best_score
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
    first game has ended, so there is always a result.  In checkpoint mode
    (x.ckpt) a stop only sets x.halt: NRPA stops at its next checkpoint
    point (a few playouts later), in a state that can be continued."""
    cdef double now
    cdef int why = RUNNING
    if x.stopped:
        return True
    if x.best_score < 0 or x.halt:
        return False
    if x.stop != NULL and x.stop[0]:
        why = STOPPED_FLAG
    elif x.deadline > 0 or x.poll_signals:
        now = gg_now()
        if x.deadline > 0 and (gg_cpu() if x.cpu_clock else now) >= x.deadline:
            why = STOPPED_TIME
        elif x.poll_signals and now >= x.next_poll:
            x.next_poll = now + 0.05
            with gil:
                if PyErr_CheckSignals() < 0:
                    PyErr_Clear()  # Ctrl-C: return the best so far
                    why = STOPPED_INTERRUPT
    if x.ckpt:
        x.halt = why
    else:
        x.stopped = why
    return x.stopped != RUNNING


include "_search_algos.pxi"
include "_search_ebeam.pxi"
include "_search_nrpa.pxi"
include "_search_resume.pxi"
include "_search_api.pxi"
