# The gopher judge loop, included into _kernel.pyx (one module: the field
# functions stay inlinable).  Needs from it: Patches, NCELLS, MAX_ROWS,
# MAX_COLS, PICK_OUTSIDE, field_clear, add_hole, pick, render, the E_* codes
# (_kernel.pxd) and the scanner / output cimports.

cdef struct Report:
    int game, code, index, rows, cols
    long long count

cdef struct Sink:
    Out o               # the boards
    Out w               # the warning lines
    long long boards    # printed so far: every board but the first follows an empty line


cdef int put_board(Sink *sink, const Patches *f) noexcept nogil:
    """Append the board (after an empty line unless it is the first); -1 if
    the output failed."""
    cdef char *p
    if out_boundary(&sink.o) < 0:
        return -1
    p = reserve(&sink.o, (f.rows + 2) * (f.cols + 3) + 1)
    if p == NULL:
        return -1
    if sink.boards:
        p[0] = 10
        p += 1
    sink.boards += 1
    sink.o.used = render(f, p) - sink.o.buf
    return 0


cdef char *put_token(char *p, const unsigned char *head, int m) noexcept nogil:
    """A token as messages show it: at most SHOWN bytes, then '...' if longer."""
    p = put_text(p, <const char *>head, m if m <= SHOWN else SHOWN)
    return put_text(p, b"...", 3) if m > SHOWN else p


# The literal pieces of _check.PICK_WARNING, around its seven fields (kept
# alive by _PIECES; read without the GIL).
_PIECES = tuple(piece.encode() for piece in PICK_WARNING_PIECES)
cdef const char *piece[8]
cdef Py_ssize_t piece_len[8]
cdef Py_ssize_t pieces_len = 0


cdef void point_at_pieces(tuple pieces):
    global pieces_len
    cdef bytes text
    cdef int i
    for i, text in enumerate(pieces):
        piece[i], piece_len[i] = text, len(text)
        pieces_len += len(text)


point_at_pieces(_PIECES)


cdef inline char *put_piece(char *p, int i) noexcept nogil:
    return put_text(p, piece[i], piece_len[i])


cdef int put_warning(Sink *o, Scanner *s, int game, int npick, const Patches *f) noexcept nogil:
    """The PICK_WARNING line for the pick just read (its text 'R C': R the
    previous token, C the last); -1 if the output failed."""
    cdef long long line, line2
    cdef Py_ssize_t col, col2
    cdef unsigned char r[SHOWN + 1]
    cdef unsigned char c[SHOWN + 1]
    cdef int nr = token_head(s, s.prev, True, &line, &col, r)
    cdef int nc = token_head(s, s.tok, True, &line2, &col2, c)
    cdef char *p = reserve(&o.w, pieces_len + 6 * 21 + 2 * (SHOWN + 3) + 2)
    if p == NULL:
        return -1
    p = put_int(put_piece(put_int(put_piece(p, 0), line), 1), col)
    p = put_int(put_piece(put_int(put_piece(p, 2), game), 3), npick)
    p = put_token(put_text(put_token(put_piece(p, 4), r, nr), b" ", 1), c, nc)
    p = put_int(put_piece(put_int(put_piece(p, 5), f.rows), 6), f.cols)
    p = put_text(put_piece(p, 7), b"\n", 1)
    o.w.used = p - o.w.buf
    return out_boundary(&o.w)


cdef inline bint fits(int kind, long long v, long long hi) noexcept nogil:
    """An integer in 1..hi, or any integer when hi is 0."""
    if hi == 0:
        return kind == TOK_INT or kind == TOK_NEG
    return kind == TOK_INT and 1 <= v <= hi


cdef int check_pair(Scanner *s, int kind, long long a, long long *b,
                    long long max_a, long long max_b) noexcept nogil:
    """Check a line 'A B' whose A (a token of this kind) is read: A in
    1..max_a and B in 1..max_b, or any integers when max_a is 0 (a pick).
    Reads B and the end of the line; returns 0, or 1, 2, 3 for a bad A, a bad
    B, a third token (s.start is then at that token)."""
    cdef long long v
    if not fits(kind, a, max_a):
        return 1
    kind = next_int_line(s, b)
    if not fits(kind, b[0], max_b):
        return 2
    if next_int_line(s, &v) != TOK_EOF:
        return 3
    return 0


cdef int run(Scanner *s, Sink *o, Report *res) noexcept nogil:
    """The judge loop: 0 when done (res.code != 0 reports bad input, at
    s.start), -1 if the output failed.  Every size is checked before the
    field is touched."""
    cdef Patches f
    cdef int queue[NCELLS]
    cdef long long rows, cols, nholes, k, r, c, v
    cdef int kind, npick, culprit
    res.code = 0
    res.game = 0
    while True:
        res.index = res.count = res.rows = res.cols = 0
        while True:  # blank lines separate the games
            if not next_line(s):
                return 0
            kind = next_int_line(s, &rows)
            if kind != TOK_EOF:
                break
        res.game += 1
        culprit = check_pair(s, kind, rows, &cols, MAX_ROWS, MAX_COLS)
        if culprit:
            res.code = E_ROWS - 1 + culprit
            return 0
        res.rows = <int>rows
        res.cols = <int>cols
        if not next_line(s) or next_int_line(s, &nholes) != TOK_INT:
            res.code = E_NHOLES
            return 0
        if next_int_line(s, &v) != TOK_EOF:
            res.code = E_NHOLES_END
            return 0
        res.count = nholes
        field_clear(&f, <int>rows, <int>cols)
        k = 0
        while k < nholes:  # nholes may be huge: input runs out first
            k += 1
            res.index = <int>k
            if not next_line(s):
                res.code = E_HOLE_ROW
                return 0
            if not pair_line(s, &r, &c, rows, cols):  # the commonest hole line, 'R C', read at once
                kind = next_int_line(s, &r)
                culprit = check_pair(s, kind, r, &c, rows, cols)
                if culprit:
                    res.code = E_HOLE_ROW - 1 + culprit
                    return 0
            add_hole(&f, <int>r, <int>c)
        res.count = 0
        npick = 0
        while next_line(s):
            if pair_line(s, &r, &c, 0, 0):  # the commonest pick line, 'R C', read at once
                npick += 1
                res.index = npick
            else:
                kind = next_int_line(s, &r)
                if kind == TOK_EOF:
                    break  # a blank line ends the game
                npick += 1
                res.index = npick
                culprit = check_pair(s, kind, r, &c, 0, 0)
                if culprit:
                    res.code = E_PICK_ROW - 1 + culprit
                    return 0
            if f.fell_at >= 0:
                continue  # the game is lost: later picks are read and skipped
            if pick(&f, r, c, queue) == PICK_OUTSIDE:
                if put_warning(o, s, res.game, npick, &f) < 0:
                    return -1
            if put_board(o, &f) < 0:
                return -1


def judge(src, emit=None, warn=None):
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (boards, error, warnings): the boards of
    every processed pick, separated by empty lines (no header or end line);
    error is None or (game, E_* code, hole or pick number, NHOLES, rows,
    cols, where), where is the scanner's describe() tuple; warnings is the text
    of the warning lines, one per processed pick outside its field.  With
    ``emit`` / ``warn``, boards / warning lines are passed to them in chunks
    as they are made, and the returned bytes are the rest."""
    cdef Scanner s
    cdef Sink o
    cdef Report res
    cdef int status = 0
    cdef bint boards_failed = False, warnings_failed = False
    o.boards = 0
    scan_open(&s, src)
    try:
        out_open(&o.o, 4096 if emit is None else CHUNK + BOARD_OUT_MAX + 1, emit)  # no realloc
        try:
            out_open(&o.w, 4096, warn)
            with nogil:
                status = run(&s, &o, &res)
            error = None
            if res.code:
                error = (res.game, res.code, res.index, res.count, res.rows, res.cols,
                         where(&s, False))
            # a failure raises what the failing emit or warn raised (or MemoryError)
            boards_failed = o.o.error != NULL
            warnings_failed = o.w.error != NULL
            warnings = out_close(&o.w, 0 if boards_failed else status)
        finally:
            boards = out_close(&o.o, 0 if warnings_failed else status)
    finally:
        scan_close(&s)
    return boards, error, warnings
