# The tile-match judge loop, included into _kernel.pyx (one module: the
# board functions stay inlinable).  A data set is read and checked whole
# (its moves kept as 16-bit codes, those beyond SPILL in a temporary file)
# before it is played, so a bad token writes nothing of it, and memory is
# bounded whatever the data set's size; its output streams out move by move.
# Needs from it: Grid, EMPTY, SPILL, MOVE_OFF,
# MAX_ROWS, MAX_WIDTH, grid_clear, grid_move, settle, put_board, put_line,
# put_numbered, the E_* codes (_kernel.pxd) and the scanner / output cimports.

cdef struct Outcome:
    int code
    long long item        # data set number, 0 for the header


cdef struct Moves:
    unsigned short *held  # SPILL move codes
    long long n           # moves in the data set
    long long spilled     # of them, in the temporary file
    PyObject *file        # the temporary file (owned), NULL until a data set needs it
    PyObject *error       # what the file raised (owned)


cdef unsigned short move_code(const Grid *g, long long c1, long long r1, long long c2,
                              long long r2) noexcept nogil:
    """A move in 16 bits: MOVE_OFF if it is off the board or not to an
    adjacent square (invalid whatever the tiles), else c1, r1 and the
    direction (up, down, left, right: 0..3), c1 << 10 | r1 << 2 | d."""
    cdef int d
    if not (0 <= c1 < g.w and 0 <= r1 < g.h and 0 <= c2 < g.w and 0 <= r2 < g.h):
        return MOVE_OFF
    if c1 == c2 and r2 - r1 == 1:
        d = 0
    elif c1 == c2 and r1 - r2 == 1:
        d = 1
    elif r1 == r2 and c1 - c2 == 1:
        d = 2
    elif r1 == r2 and c2 - c1 == 1:
        d = 3
    else:
        return MOVE_OFF
    return <unsigned short>(c1 << 10 | r1 << 2 | d)  # MOVE_OFF would be a move right from column 63


cdef bint play_move(Grid *g, unsigned short code) noexcept nogil:
    cdef int c = code >> 10, r = (code >> 2) & 255, d = code & 3
    if code == MOVE_OFF:
        return False
    return grid_move(g, c, r, c + (d == 3) - (d == 2), r + (d == 0) - (d == 1))


cdef int moves_file(Moves *mv, bint load, Py_ssize_t count) noexcept with gil:
    """Write the first count held codes to the temporary file (made on first
    use), or read count codes back from it (``load``); -1 if it failed."""
    cdef object view = PyMemoryView_FromMemory(<char *>mv.held, count * 2,
                                               PyBUF_WRITE if load else PyBUF_READ)
    try:
        if mv.file == NULL:
            import tempfile
            f = tempfile.TemporaryFile()
            Py_INCREF(f)
            mv.file = <PyObject *>f
        if not load:
            (<object>mv.file).write(view)
        elif (<object>mv.file).readinto(view) != count * 2:
            raise OSError("the temporary file of the moves was cut short")
    except BaseException as exc:
        Py_INCREF(exc)
        mv.error = <PyObject *>exc
        return -1
    return 0


cdef int moves_rewind(Moves *mv, bint play) noexcept with gil:
    """Back to the start of the temporary file: to fill it with a new data
    set's moves, or to play them (the codes still held are written first)."""
    if mv.file == NULL:
        return 0
    if play and mv.spilled and moves_file(mv, False, mv.n - mv.spilled) < 0:
        return -1
    try:
        (<object>mv.file).seek(0)
    except BaseException as exc:
        Py_INCREF(exc)
        mv.error = <PyObject *>exc
        return -1
    return 0


cdef int moves_add(Moves *mv, unsigned short code) noexcept nogil:
    if mv.n - mv.spilled == SPILL:
        if moves_file(mv, False, SPILL) < 0:
            return -1
        mv.spilled += SPILL
    mv.held[mv.n - mv.spilled] = code
    mv.n += 1
    return 0


cdef int read_count(Scanner *s, long long *v, long long lo, long long hi) noexcept nogil:
    """Read an integer in lo..hi; 0 if the token is anything else."""
    return next_int(s, v) == TOK_INT and lo <= v[0] <= hi


cdef int read_data_set(Scanner *s, Grid *g, Moves *mv) noexcept nogil:
    """Read and check one whole data set (board and moves) before any of it
    is simulated: 0, the E_* code of the bad token, or -1 (out of memory)."""
    cdef long long w, h, k, nrows, v, moves, i
    cdef long long xy[4]
    cdef int kind, j, c, r
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
        j = digit_row(s, <int>w, &g.cell[r], MAX_ROWS)
        if j >= 0:
            g.tiles += j
            continue
        for c in range(<int>w):
            if not read_count(s, &v, 0, 9):
                return E_TILE
            if v != EMPTY:
                g.cell[c * MAX_ROWS + r] = <unsigned char>v
                g.tiles += 1
    if not read_count(s, &moves, 0, HUGE - 1):
        return E_MOVES
    mv.n = mv.spilled = 0
    if mv.file != NULL and moves_rewind(mv, False) < 0:
        return -1
    for i in range(moves):  # moves may be huge: the input runs out first
        if short_ints(s, 4, xy):
            if moves_add(mv, move_code(g, xy[0], xy[1], xy[2], xy[3])) < 0:
                return -1
            continue
        for j in range(4):
            kind = next_int(s, &xy[j])
            if kind != TOK_INT and kind != TOK_NEG:  # a negative one is just an invalid move
                return E_MOVE
        if moves_add(mv, move_code(g, xy[0], xy[1], xy[2], xy[3])) < 0:
            return -1
    return 0


cdef int after_settling(Out *o, int cleared, long long left) noexcept nogil:
    """Report the moves skipped after a cleared board; pass -1 through."""
    if cleared == 1 and left > 0:
        return put_numbered(o, b"Skipping ", 9, left, b" move(s).\n", 10)
    return -1 if cleared < 0 else 0


cdef int play(Out *o, Grid *g, Moves *mv, long long n, char *text) noexcept nogil:
    """Write the report of data set n (read and checked); -1 if the output
    or the temporary file failed.  Its board is kept rendered in ``text``."""
    cdef long long i
    cdef int cleared
    text_keep(g, text)
    if put_numbered(o, b"Data Set ", 9, n, b"\n", 1) \
            or put_board(o, g, b"Board Position:\n", 16) \
            or put_line(o, b"After move 0:\n", 14):
        return -1
    cleared = settle(o, g)
    if after_settling(o, cleared, mv.n):
        return -1
    if mv.spilled and moves_rewind(mv, True) < 0:
        return -1
    for i in range(1, mv.n + 1):
        if cleared:  # the rest is skipped
            break
        if out_boundary(o) < 0 or put_numbered(o, b"After move ", 11, i, b":\n", 2):
            return -1
        if mv.spilled and (i - 1) % SPILL == 0 \
                and moves_file(mv, True, min(SPILL, mv.n - i + 1)) < 0:
            return -1
        if play_move(g, mv.held[(i - 1) % SPILL]):
            if put_board(o, g, b"", 0):
                return -1
            cleared = settle(o, g)
            if after_settling(o, cleared, mv.n - i):
                return -1
        elif put_line(o, b"Move is invalid.\n", 17):
            return -1
    return 0


cdef int run(Scanner *s, Out *o, Outcome *res, Moves *mv, char *text) noexcept nogil:
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
        if out_boundary(o) < 0 or play(o, &g, mv, n, text) < 0:
            return -1
    return 0


def judge(src, emit=None):
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (output bytes, None) or, on bad input,
    (output of every complete data set, (data set number or 0 for the
    header, E_* code, where)), where is the scanner's describe() tuple.  With
    ``emit``, output is passed to it in chunks as it is made and the
    returned bytes are the rest: memory follows one data set's input, never
    its output."""
    cdef Scanner s
    cdef Outcome res
    cdef Out o
    cdef Moves mv
    cdef int status
    cdef object failed = None
    cdef char *text = NULL  # the board as printed, kept between moves
    mv.n = mv.spilled = 0
    mv.file = mv.error = NULL
    mv.held = NULL
    scan_open(&s, src)
    try:
        mv.held = <unsigned short *>malloc(SPILL * sizeof(unsigned short))
        text = <char *>malloc(MAX_ROWS * (2 * MAX_ROWS + 4 * MAX_WIDTH + 2))
        if mv.held == NULL or text == NULL:
            raise MemoryError()
        out_open(&o, 4096 + (8 * s.n if emit is None else CHUNK), emit)
        with nogil:
            status = run(&s, &o, &res, &mv, text)
        err = (res.item, res.code, where(&s, False)) if res.code > 0 else None
        out = out_close(&o, 0 if mv.error != NULL else status)
    finally:
        free(mv.held)
        free(text)
        if mv.file != NULL:
            (<object>mv.file).close()
            Py_DECREF(<object>mv.file)
        if mv.error != NULL:
            failed = <object>mv.error
            Py_DECREF(failed)
        scan_close(&s)
    if failed is not None:
        raise failed
    return out, err
