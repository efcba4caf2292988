# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: freethreading_compatible=True
"""Typed gopher-hole kernel: hole counts, the iterative flood from zero
patches, the losing board, the fenced rendering, and the whole line-based
judge loop (bytes in, bytes out) in C.  Its pure-Python twin is ``_kernel_pure.py``;
results must be identical."""
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.string cimport memset, memcpy

from gridgames._out cimport Out, out_open, reserve, out_boundary, out_close, put_text, put_int
from gridgames._scan cimport (Scanner, next_int_line, next_line, TOK_EOF, TOK_INT, TOK_NEG, SHOWN,
                              scan_open, scan_close, where, token_head)
from gridgames.gopher._check import check_field

# The values the pure twin reads from the .pxd (tests/test_limits.py).
LIMITS = dict(MAX_ROWS=MAX_ROWS, MAX_COLS=MAX_COLS, PICK_FELL=PICK_FELL, PICK_OUTSIDE=PICK_OUTSIDE,
              E_ROWS=E_ROWS, E_COLS=E_COLS, E_HEADER_END=E_HEADER_END, E_NHOLES=E_NHOLES,
              E_NHOLES_END=E_NHOLES_END, E_HOLE_ROW=E_HOLE_ROW, E_HOLE_COL=E_HOLE_COL,
              E_HOLE_END=E_HOLE_END, E_PICK_ROW=E_PICK_ROW, E_PICK_COL=E_PICK_COL,
              E_PICK_END=E_PICK_END)

cdef enum:
    UNSEEN = 35     # '#': not inspected
    BLANK = 32      # ' ': inspected, no hole next to it
    DIGIT0 = 48     # '0'; '1'..'8' count the adjacent holes
    HOLE = 42       # '*': a hole, shown once the player fell
    FALLEN = 33     # '!': the hole the player fell into


# --- the field ---------------------------------------------------------------

cdef void field_clear(Patches *f, int rows, int cols) noexcept nogil:
    cdef int r
    memset(f.hole, 0, NCELLS)
    memset(f.near, 0, NCELLS)
    memset(f.shown, 0, NCELLS)  # the border is never UNSEEN: the flood stops there
    for r in range(1, rows + 1):
        memset(&f.shown[r * STRIDE + 1], UNSEEN, cols)
    f.rows = rows
    f.cols = cols
    f.safe_left = rows * cols
    f.fell_at = -1


cdef void add_hole(Patches *f, int r, int c) noexcept nogil:
    """Dig a hole at (r, c), inside the field; a second dig changes nothing."""
    cdef int i = r * STRIDE + c
    if f.hole[i]:
        return
    f.hole[i] = 1
    f.safe_left -= 1
    f.near[i - STRIDE - 1] += 1
    f.near[i - STRIDE] += 1
    f.near[i - STRIDE + 1] += 1
    f.near[i - 1] += 1
    f.near[i + 1] += 1
    f.near[i + STRIDE - 1] += 1
    f.near[i + STRIDE] += 1
    f.near[i + STRIDE + 1] += 1


cdef inline int look(Patches *f, int k, int *queue, int tail) noexcept nogil:
    """Inspect patch k if it is still unseen (a neighbour of a zero patch is
    never a hole); returns the new queue length."""
    if f.shown[k] == UNSEEN:
        f.shown[k] = BLANK if f.near[k] == 0 else DIGIT0 + f.near[k]
        queue[tail] = k
        tail += 1
    return tail


cdef int reveal(Patches *f, int i, int *queue) noexcept nogil:
    """Inspect the safe unseen patch i and flood from every zero patch; the
    inspected patches are left in queue[0:count] (walked, never popped, so
    each patch enters once and NCELLS entries always suffice)."""
    cdef int head = 0, tail = 0, j
    tail = look(f, i, queue, tail)
    while head < tail:
        j = queue[head]
        head += 1
        if f.near[j]:
            continue  # the numbered border of the flood does not spread
        tail = look(f, j - STRIDE - 1, queue, tail)
        tail = look(f, j - STRIDE, queue, tail)
        tail = look(f, j - STRIDE + 1, queue, tail)
        tail = look(f, j - 1, queue, tail)
        tail = look(f, j + 1, queue, tail)
        tail = look(f, j + STRIDE - 1, queue, tail)
        tail = look(f, j + STRIDE, queue, tail)
        tail = look(f, j + STRIDE + 1, queue, tail)
    return tail


cdef void fall(Patches *f, int i) noexcept nogil:
    """The player fell into hole i: show '!' there and '*' at every other hole."""
    cdef int r, c, k
    for r in range(1, f.rows + 1):
        k = r * STRIDE
        for c in range(1, f.cols + 1):
            if f.hole[k + c]:
                f.shown[k + c] = HOLE
    f.shown[i] = FALLEN
    f.fell_at = i


cdef int pick(Patches *f, long long r, long long c, int *queue) noexcept nogil:
    """Pick (r, c): the number of patches inspected (0: no change), PICK_FELL
    or PICK_OUTSIDE.  Once fallen, the game is over and picks change nothing."""
    cdef int i, count
    if r < 1 or r > f.rows or c < 1 or c > f.cols:
        return PICK_OUTSIDE
    if f.fell_at >= 0:
        return 0
    i = <int>r * STRIDE + <int>c
    if f.hole[i]:
        fall(f, i)
        return PICK_FELL
    if f.shown[i] != UNSEEN:
        return 0
    count = reveal(f, i, queue)
    f.safe_left -= count
    return count


cdef char *render(const Patches *f, char *p) noexcept nogil:
    """Write the fenced board at p (exactly (rows + 2) * (cols + 3) bytes)."""
    cdef int r, cols = f.cols
    cdef char *fence = p
    p[0] = 43  # '+'
    memset(p + 1, 45, cols)  # '-'
    p[cols + 1] = 43
    p[cols + 2] = 10
    p += cols + 3
    for r in range(1, f.rows + 1):
        p[0] = 124  # '|'
        memcpy(p + 1, &f.shown[r * STRIDE + 1], cols)
        p[cols + 1] = 124
        p[cols + 2] = 10
        p += cols + 3
    memcpy(p, fence, cols + 3)
    return p + cols + 3


# --- the judge loop ----------------------------------------------------------

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


cdef int put_warning(Sink *o, Scanner *s, int game, int npick, const Patches *f) noexcept nogil:
    """'LINE:COL: game G, pick K: warning: pick 'R C' is outside the RxC
    field; nothing changes' for the pick just read (R is the previous token,
    C the last); -1 if the output failed."""
    cdef long long line, line2
    cdef Py_ssize_t col, col2
    cdef unsigned char r[SHOWN + 1]
    cdef unsigned char c[SHOWN + 1]
    cdef int nr = token_head(s, s.prev, True, &line, &col, r)
    cdef int nc = token_head(s, s.tok, True, &line2, &col2, c)
    cdef char *p = reserve(&o.w, 160 + 2 * (SHOWN + 3))
    if p == NULL:
        return -1
    p = put_text(put_int(put_text(put_int(p, line), b":", 1), col), b": game ", 7)
    p = put_text(put_int(put_text(put_int(p, game), b", pick ", 7), npick), b": warning: pick '", 17)
    p = put_token(put_text(put_token(p, r, nr), b" ", 1), c, nc)
    p = put_int(put_text(p, b"' is outside the ", 17), f.rows)
    p = put_text(put_int(put_text(p, b"x", 1), f.cols), b" field; nothing changes\n", 24)
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
            kind = next_int_line(s, &r)
            culprit = check_pair(s, kind, r, &c, rows, cols)
            if culprit:
                res.code = E_HOLE_ROW - 1 + culprit
                return 0
            add_hole(&f, <int>r, <int>c)
        res.count = 0
        npick = 0
        while next_line(s):
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
    cols, where), where is _scan's describe() tuple; warnings is the text
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
        out_open(&o.o, 4096, emit)
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


# --- the Python-facing field -------------------------------------------------

cdef class State:
    """A gopher-hole field of rows x cols patches with holes at the 1-based
    (row, col) pairs of ``holes`` (a hole listed twice counts once)."""

    def __init__(self, rows, cols, holes=()):  # untyped: check_field refuses any size first
        spots = check_field(rows, cols, holes, MAX_ROWS, MAX_COLS)  # before touching the field
        field_clear(&self.f, rows, cols)
        for r, c in spots:
            add_hole(&self.f, r, c)

    @property
    def rows(self):
        return self.f.rows

    @property
    def cols(self):
        return self.f.cols

    @property
    def safe_left(self):
        return self.f.safe_left

    @property
    def fell_at(self):
        if self.f.fell_at < 0:
            return None
        return (self.f.fell_at // STRIDE, self.f.fell_at % STRIDE)

    def holes(self):
        cdef int r, c
        return [(r, c) for r in range(1, self.f.rows + 1) for c in range(1, self.f.cols + 1)
                if self.f.hole[r * STRIDE + c]]

    def copy(self):
        cdef State new = State.__new__(State)
        new.f = self.f
        return new

    def pick(self, r, c):
        """Inspected count (0: no change), PICK_FELL or PICK_OUTSIDE."""
        cdef int queue[NCELLS]
        if not (1 <= r <= self.f.rows and 1 <= c <= self.f.cols):
            return PICK_OUTSIDE  # before any C conversion: r may be any int
        return pick(&self.f, r, c, queue)

    def snapshot(self):
        """rows*cols board characters, row-major, row 1 first."""
        cdef int r
        cdef bytearray snap = bytearray(self.f.rows * self.f.cols)
        for r in range(self.f.rows):
            snap[r * self.f.cols:(r + 1) * self.f.cols] = \
                self.f.shown[(r + 1) * STRIDE + 1:(r + 1) * STRIDE + 1 + self.f.cols]
        return bytes(snap)

    def render(self):
        """The fenced board, as the judge prints it."""
        cdef char buf[BOARD_OUT_MAX]
        cdef char *end = render(&self.f, buf)
        return PyBytes_FromStringAndSize(buf, end - buf)
