# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: freethreading_compatible=True
"""Typed gopher-hole kernel: hole counts, the iterative flood from zero
patches, the losing board, the fenced rendering, and the whole line-based
judge loop (bytes in, bytes out) in C.  Its pure-Python twin is ``_pure.py``;
results must be identical."""
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdlib cimport realloc, free
from libc.string cimport memset, memcpy, memchr

from gridgames._out cimport Out, out_open, reserve, out_boundary, out_close
from gridgames._scan cimport Scanner, next_int, TOK_EOF, TOK_INT, TOK_NEG
from gridgames.gopher._check import check_field

# What the judge loop expected when it met bad input (see gopher.EXPECTED).
# Each 'A B' line has three codes in a row (bad A, bad B, a third token).
cpdef enum:
    E_ROWS = 1
    E_COLS = 2
    E_HEADER_END = 3
    E_NHOLES = 4
    E_NHOLES_END = 5
    E_HOLE_ROW = 6
    E_HOLE_COL = 7
    E_HOLE_END = 8
    E_PICK_ROW = 9
    E_PICK_COL = 10
    E_PICK_END = 11

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
    Py_ssize_t offset

cdef struct Warn:
    int game, pick, rows, cols
    Py_ssize_t offset

cdef struct Sink:
    Out o
    long long boards    # printed so far: every board but the first follows an empty line
    Warn *warns
    Py_ssize_t nwarns, wcap

cdef struct Lines:
    const unsigned char *buf
    Py_ssize_t n, pos


cdef bint next_line(Lines *lines, Scanner *s) noexcept nogil:
    """Point the scanner at the next line, without its LF or CR LF; False
    (and s.start at the end of input) when no line is left."""
    cdef Py_ssize_t p = lines.pos, end
    cdef const unsigned char *nl
    if p >= lines.n:
        s.start = lines.n
        return False
    nl = <const unsigned char *>memchr(lines.buf + p, 10, lines.n - p)
    end = lines.n if nl == NULL else nl - lines.buf
    lines.pos = end + 1
    if end > p and lines.buf[end - 1] == 13:
        end -= 1
    s.pos = p
    s.start = p
    s.n = end
    return True


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


cdef int put_warning(Sink *o, int game, int npick, Py_ssize_t offset,
                     const Patches *f) noexcept nogil:
    cdef Warn *grown
    if o.nwarns == o.wcap:
        o.wcap = o.wcap * 2 + 16
        grown = <Warn *>realloc(o.warns, o.wcap * sizeof(Warn))
        if grown == NULL:
            return -1
        o.warns = grown
    o.warns[o.nwarns] = Warn(game=game, pick=npick, rows=f.rows, cols=f.cols, offset=offset)
    o.nwarns += 1
    return 0


cdef inline int bad(Report *res, int code, Py_ssize_t offset) noexcept nogil:
    res.code = code
    res.offset = offset
    return 0


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
    kind = next_int(s, b)
    if not fits(kind, b[0], max_b):
        return 2
    if next_int(s, &v) != TOK_EOF:
        return 3
    return 0


cdef int run(Lines *lines, Sink *o, Report *res) noexcept nogil:
    """The judge loop: 0 when done (res.code != 0 reports bad input), -1 if
    memory ran out.  Every size is checked before the field is touched."""
    cdef Patches f
    cdef int queue[NCELLS]
    cdef Scanner s
    cdef long long rows, cols, nholes, k, r, c, v
    cdef Py_ssize_t row_at
    cdef int kind, npick, culprit
    s.buf = lines.buf
    res.code = 0
    res.game = 0
    while True:
        res.index = res.count = res.rows = res.cols = 0
        while True:  # blank lines separate the games
            if not next_line(lines, &s):
                return 0
            kind = next_int(&s, &rows)
            if kind != TOK_EOF:
                break
        res.game += 1
        culprit = check_pair(&s, kind, rows, &cols, MAX_ROWS, MAX_COLS)
        if culprit:
            return bad(res, E_ROWS - 1 + culprit, s.start)
        res.rows = <int>rows
        res.cols = <int>cols
        if not next_line(lines, &s) or next_int(&s, &nholes) != TOK_INT:
            return bad(res, E_NHOLES, s.start)
        if next_int(&s, &v) != TOK_EOF:
            return bad(res, E_NHOLES_END, s.start)
        res.count = nholes
        field_clear(&f, <int>rows, <int>cols)
        k = 0
        while k < nholes:  # nholes may be huge: input runs out first
            k += 1
            res.index = <int>k
            if not next_line(lines, &s):
                return bad(res, E_HOLE_ROW, s.start)
            kind = next_int(&s, &r)
            culprit = check_pair(&s, kind, r, &c, rows, cols)
            if culprit:
                return bad(res, E_HOLE_ROW - 1 + culprit, s.start)
            add_hole(&f, <int>r, <int>c)
        res.count = 0
        npick = 0
        while next_line(lines, &s):
            kind = next_int(&s, &r)
            if kind == TOK_EOF:
                break  # a blank line ends the game
            npick += 1
            res.index = npick
            row_at = s.start
            culprit = check_pair(&s, kind, r, &c, 0, 0)
            if culprit:
                return bad(res, E_PICK_ROW - 1 + culprit, s.start)
            if f.fell_at >= 0:
                continue  # the game is lost: later picks are read and skipped
            if pick(&f, r, c, queue) == PICK_OUTSIDE:
                if put_warning(o, res.game, npick, row_at, &f) < 0:
                    return -1
            if put_board(o, &f) < 0:
                return -1


def judge(const unsigned char[::1] data not None, emit=None):
    """Run a whole judge file.  Returns (boards, error, warnings): the boards
    of every processed pick, separated by empty lines (no header or end line);
    error is None or (game, byte offset, E_* code, hole or pick number,
    NHOLES, rows, cols); warnings lists (game, pick number, byte offset, rows,
    cols) for each processed pick outside the field.  With ``emit``, the
    boards are passed to it in chunks as they are made and the returned bytes
    are the rest."""
    cdef Lines lines
    cdef Sink o
    cdef Report res
    cdef int status
    cdef Py_ssize_t i
    lines.buf = &data[0] if data.shape[0] else <const unsigned char *>b""
    lines.n = data.shape[0]
    lines.pos = 0
    o.boards = o.nwarns = o.wcap = 0
    o.warns = NULL
    out_open(&o.o, 4096, emit)
    try:
        with nogil:
            status = run(&lines, &o, &res)
        boards = out_close(&o.o, status)
        warnings = [(o.warns[i].game, o.warns[i].pick, o.warns[i].offset,
                     o.warns[i].rows, o.warns[i].cols) for i in range(o.nwarns)]
    finally:
        free(o.warns)
    error = None
    if res.code:
        error = (res.game, res.offset, res.code, res.index, res.count, res.rows, res.cols)
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
