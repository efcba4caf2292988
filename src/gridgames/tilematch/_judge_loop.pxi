# The tile-match judge loop, included into _kernel.pyx (one module: the
# board functions stay inlinable).  A data set is read and checked whole
# (its moves kept as 4 clamped coordinates each) before it is played, so a
# bad token writes nothing of it and memory follows its input, never its
# output, which streams out move by move.  Needs from it: Grid, EMPTY, FAR,
# MAX_ROWS, MAX_WIDTH, grid_clear, grid_move, settle, put_board, put_line,
# put_numbered, the E_* codes (_kernel.pxd) and the _scan / _out cimports.

cdef struct Outcome:
    int code
    long long item        # data set number, 0 for the header


cdef struct Moves:
    short *xy             # 4 clamped coordinates per move
    long long n, cap


cdef int read_count(Scanner *s, long long *v, long long lo, long long hi) noexcept nogil:
    """Read an integer in lo..hi; 0 if the token is anything else."""
    return next_int(s, v) == TOK_INT and lo <= v[0] <= hi


cdef int read_data_set(Scanner *s, Grid *g, Moves *mv) noexcept nogil:
    """Read and check one whole data set (board and moves) before any of it
    is simulated: 0, the E_* code of the bad token, or -1 (out of memory)."""
    cdef long long w, h, k, nrows, v, moves, i
    cdef int kind, j, c, r
    cdef short *grown
    kind = next_int(s, &w)
    if kind == TOK_EOF:
        return E_MISSING
    if kind != TOK_INT or not 1 <= w <= MAX_WIDTH:
        return E_WIDTH
    if not read_count(s, &h, 1, MAX_ROWS):
        return E_HEIGHT
    if not read_count(s, &k, 2, HUGE):
        return E_RUN
    if not read_count(s, &nrows, 0, MAX_ROWS):
        return E_ROWS
    grid_clear(g, <int>w, <int>h, <int>(nrows if nrows > h else h), <int>k)
    for r in range(<int>nrows - 1, -1, -1):  # the top row comes first
        for c in range(<int>w):
            if not read_count(s, &v, 0, 9):
                return E_TILE
            if v != EMPTY:
                g.cell[c * MAX_ROWS + r] = <unsigned char>v
                g.tiles += 1
    if not read_count(s, &moves, 0, HUGE - 1):
        return E_MOVES
    mv.n = 0
    for i in range(moves):  # moves may be huge: the input runs out first
        if mv.n == mv.cap:
            grown = <short *>realloc(mv.xy, (mv.cap * 2 + 1024) * 4 * sizeof(short))
            if grown == NULL:
                return -1
            mv.xy = grown
            mv.cap = mv.cap * 2 + 1024
        for j in range(4):
            kind = next_int(s, &v)
            if kind != TOK_INT and kind != TOK_NEG:  # a negative one is just an invalid move
                return E_MOVE
            mv.xy[4 * mv.n + j] = <short>(-1 if v < -1 else FAR if v > FAR else v)
        mv.n += 1
    return 0


cdef int after_settling(Out *o, int cleared, long long left) noexcept nogil:
    """Report the moves skipped after a cleared board; pass -1 through."""
    if cleared == 1 and left > 0:
        return put_numbered(o, b"Skipping ", 9, left, b" move(s).\n", 10)
    return -1 if cleared < 0 else 0


cdef int play(Out *o, Grid *g, const Moves *mv, long long n) noexcept nogil:
    """Write the report of data set n (read and checked); -1 if the output failed."""
    cdef long long i
    cdef int cleared
    cdef const short *xy
    if put_numbered(o, b"Data Set ", 9, n, b"\n", 1) \
            or put_board(o, g, b"Board Position:\n", 16) \
            or put_line(o, b"After move 0:\n", 14):
        return -1
    cleared = settle(o, g)
    if after_settling(o, cleared, mv.n):
        return -1
    for i in range(1, mv.n + 1):
        if cleared:  # the rest is skipped
            break
        if out_boundary(o) < 0 or put_numbered(o, b"After move ", 11, i, b":\n", 2):
            return -1
        xy = &mv.xy[4 * (i - 1)]
        if grid_move(g, xy[0], xy[1], xy[2], xy[3]):
            if put_board(o, g, b"", 0):
                return -1
            cleared = settle(o, g)
            if after_settling(o, cleared, mv.n - i):
                return -1
        elif put_line(o, b"Move is invalid.\n", 17):
            return -1
    return 0


cdef int run(Scanner *s, Out *o, Outcome *res, Moves *mv) noexcept nogil:
    """The judge loop; 0, or -1 if the output failed or memory ran out.
    res.code != 0 reports bad input; the output then holds every data set
    completed before it, and nothing of the bad one."""
    cdef Grid g
    cdef long long count, n
    cdef int kind
    res.code = 0
    res.item = 0
    kind = next_int(s, &count)
    if kind == TOK_EOF:
        return 0
    if kind != TOK_INT or count >= HUGE:
        res.code = E_COUNT
        return 0
    if put_numbered(o, b"Analyzing ", 10, count, b" data set(s)\n", 13):
        return -1
    for n in range(1, count + 1):
        res.item = n
        res.code = read_data_set(s, &g, mv)
        if res.code < 0:
            return -1
        if res.code:
            return 0
        if out_boundary(o) < 0 or play(o, &g, mv, n) < 0:
            return -1
    return 0


def judge(src, emit=None):
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (output bytes, None) or, on bad input,
    (output of every complete data set, (data set number or 0 for the
    header, E_* code, where)), where is _scan's describe() tuple.  With
    ``emit``, output is passed to it in chunks as it is made and the
    returned bytes are the rest: memory follows one data set's input, never
    its output."""
    cdef Scanner s
    cdef Outcome res
    cdef Out o
    cdef Moves mv
    cdef int status
    mv.xy = NULL
    mv.n = mv.cap = 0
    scan_open(&s, src)
    try:
        out_open(&o, 4096 + (8 * s.n if emit is None else CHUNK), emit)
        with nogil:
            status = run(&s, &o, &res, &mv)
        err = (res.item, res.code, where(&s, False)) if res.code > 0 else None
        out = out_close(&o, status)
    finally:
        free(mv.xy)
        scan_close(&s)
    return out, err
