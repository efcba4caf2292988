# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: freethreading_compatible=True
"""Typed tile-match kernel (Rowan 2019): gravity over whole columns, removal
of straight runs inside the visible board, moves, the alternating settling,
and the whole judge loop (bytes in, bytes out) in C.
Its pure-Python twin is ``_pure.py``; results must be identical."""
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdlib cimport malloc, free
from libc.string cimport memset, memcpy

from gridgames.tilematch._check import check_board
from gridgames._out cimport Out, CHUNK, out_open, reserve, out_boundary, out_close
from gridgames._scan cimport Scanner, next_int, TOK_EOF, TOK_INT, TOK_NEG, HUGE

# What the judge loop expected when it met a bad token (see tilematch.EXPECTED).
cpdef enum:
    E_COUNT = 1      # D
    E_MISSING = 2    # end of input where a data set should start
    E_WIDTH = 3
    E_HEIGHT = 4
    E_RUN = 5        # K
    E_ROWS = 6       # R
    E_TILE = 7
    E_MOVES = 8      # M
    E_MOVE = 9       # a move coordinate

cdef enum:
    LINE_MAX = 64    # longest fixed text line plus a number


cdef inline Py_ssize_t board_out_max(const Grid *g) noexcept nogil:
    """Bytes of one rendered board: row i has 2*i + 4*W bytes at most."""
    return <Py_ssize_t>g.h * (2 * g.h + 4 * g.w + 2)


cdef void grid_clear(Grid *g, int w, int h, int rows, int k) noexcept nogil:
    memset(g.cell, EMPTY, <size_t>w * MAX_ROWS)
    g.w = w
    g.h = h
    g.rows = rows
    g.k = k
    g.tiles = 0


cdef int grid_drop(Grid *g) noexcept nogil:
    """Let every tile fall in its column, hidden rows included; return how
    many tiles moved."""
    cdef int c, r, dst, moved = 0
    cdef unsigned char *col
    for c in range(g.w):
        col = &g.cell[c * MAX_ROWS]
        dst = 0
        for r in range(g.rows):
            if col[r] != EMPTY:
                if r != dst:
                    col[dst] = col[r]
                    col[r] = EMPTY
                    moved += 1
                dst += 1
    return moved


cdef int grid_eliminate(Grid *g) noexcept nogil:
    """Remove every horizontal and vertical run of k or more equal tiles in
    the visible rows, all found before any is removed; return how many."""
    cdef unsigned char mark[NCELLS]
    cdef unsigned char *cell = g.cell
    cdef unsigned char v
    cdef int c, r, e, i, removed = 0
    for c in range(g.w):
        memset(&mark[c * MAX_ROWS], 0, g.h)
    for r in range(g.h):
        c = 0
        while c < g.w:
            v = cell[c * MAX_ROWS + r]
            e = c + 1
            while e < g.w and cell[e * MAX_ROWS + r] == v:
                e += 1
            if v != EMPTY and e - c >= g.k:
                for i in range(c, e):
                    mark[i * MAX_ROWS + r] = 1
            c = e
    for c in range(g.w):
        i = c * MAX_ROWS
        r = 0
        while r < g.h:
            v = cell[i + r]
            e = r + 1
            while e < g.h and cell[i + e] == v:
                e += 1
            if v != EMPTY and e - r >= g.k:
                memset(&mark[i + r], 1, e - r)
            r = e
    for c in range(g.w):
        i = c * MAX_ROWS
        for r in range(g.h):
            if mark[i + r]:
                cell[i + r] = EMPTY
                removed += 1
    g.tiles -= removed
    return removed


cdef bint grid_move(Grid *g, long long c1, long long r1, long long c2, long long r2) noexcept nogil:
    """Move (or swap) the tile at (c1, r1) to the adjacent (c2, r2); False,
    and no change, for an invalid move."""
    cdef long long d = (c2 - c1 if c2 > c1 else c1 - c2) + (r2 - r1 if r2 > r1 else r1 - r2)
    cdef int a, b
    cdef unsigned char t
    if not (0 <= c1 < g.w and 0 <= r1 < g.h and 0 <= c2 < g.w and 0 <= r2 < g.h) or d != 1:
        return False
    a = <int>c1 * MAX_ROWS + <int>r1
    b = <int>c2 * MAX_ROWS + <int>r2
    if g.cell[a] == EMPTY:
        return False
    t = g.cell[a]
    g.cell[a] = g.cell[b]
    g.cell[b] = t
    return True


cdef char *render(const Grid *g, char *p) noexcept nogil:
    """Write the judge rendering of the visible rows at p (at most
    board_out_max(g) bytes): a staircase, row i indented 2*i blanks."""
    cdef int r, c, i
    cdef unsigned char v
    for r in range(g.h - 1, -1, -1):
        i = 2 * (g.h - r)
        memset(p, 32, i)
        p += i
        for c in range(g.w):
            if c:
                memcpy(p, b"   ", 3)
                p += 3
            v = g.cell[c * MAX_ROWS + r]
            p[0] = <char>(45 if v == EMPTY else 48 + v)  # '-' or the digit
            p += 1
        p[0] = 10
        p += 1
    return p


cdef char *put_text(char *p, const char *text, int n) noexcept nogil:
    memcpy(p, text, n)
    return p + n


cdef char *put_int(char *p, long long v) noexcept nogil:
    """A non-negative integer in decimal, without printf."""
    cdef char digits[24]
    cdef int nd = 0
    while True:
        digits[nd] = <char>(48 + v % 10)
        nd += 1
        v //= 10
        if v == 0:
            break
    while nd:
        nd -= 1
        p[0] = digits[nd]
        p += 1
    return p


cdef int put_board(Out *o, const Grid *g, const char *title, int n) noexcept nogil:
    """The line ``title`` (may be empty), then the board; -1 if out of memory."""
    cdef char *p = reserve(o, n + board_out_max(g))
    if p == NULL:
        return -1
    p = render(g, put_text(p, title, n))
    o.used = p - o.buf
    return 0


cdef int put_line(Out *o, const char *text, int n) noexcept nogil:
    cdef char *p = reserve(o, n)
    if p == NULL:
        return -1
    o.used = put_text(p, text, n) - o.buf
    return 0


cdef int put_numbered(Out *o, const char *head, int n, long long v, const char *tail, int t) noexcept nogil:
    """``head`` v ``tail``, e.g. 'After move ' 3 ':\\n'."""
    cdef char *p = reserve(o, LINE_MAX)
    if p == NULL:
        return -1
    p = put_text(put_int(put_text(p, head, n), v), tail, t)
    o.used = p - o.buf
    return 0


cdef int settle(Out *o, Grid *g) noexcept nogil:
    """Drop and elimination phases alternating, from a drop phase, until two
    phases in a row change nothing or no tile is left.  Returns 1 if the
    board was cleared, 0 if not, -1 if memory ran out."""
    cdef int quiet = 0  # phases in a row that changed nothing
    while True:
        if grid_drop(g):
            quiet = 0
            if put_board(o, g, b"Board after drops:\n", 19):
                return -1
        else:
            quiet += 1
            if put_line(o, b"No drops.\n", 10):
                return -1
        if quiet == 2:
            return 0
        if grid_eliminate(g):
            quiet = 0
            if put_board(o, g, b"Board after eliminations:\n", 26):
                return -1
            if g.tiles == 0:
                return -1 if put_line(o, b"The board is cleared!\n", 22) else 1
        else:
            quiet += 1
            if put_line(o, b"No eliminations.\n", 17):
                return -1
        if quiet == 2:
            return 0


cdef struct Outcome:
    int code
    long long item        # data set number, 0 for the header
    Py_ssize_t offset


cdef int read_count(Scanner *s, long long *v, long long lo, long long hi) noexcept nogil:
    """Read an integer in lo..hi; 0 if the token is anything else."""
    return next_int(s, v) == TOK_INT and lo <= v[0] <= hi


cdef int read_data_set(Scanner *s, Grid *g, long long *moves) noexcept nogil:
    """Read one data set up to its move count into g; 0, or the E_* code of
    the bad token (at s.start)."""
    cdef long long w, h, k, nrows, v
    cdef int kind, c, r
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
    if not read_count(s, moves, 0, HUGE - 1):
        return E_MOVES
    return 0


cdef int after_settling(Out *o, int cleared, long long left) noexcept nogil:
    """Report the moves skipped after a cleared board; pass -1 through."""
    if cleared == 1 and left > 0:
        return put_numbered(o, b"Skipping ", 9, left, b" move(s).\n", 10)
    return -1 if cleared < 0 else 0


cdef int run(Scanner *s, Out *o, Outcome *res) noexcept nogil:
    """The judge loop; 0, or -1 if memory ran out.  res.code != 0 reports bad
    input; the output then holds every data set completed before it."""
    cdef Grid g
    cdef long long count, n, moves, i
    cdef long long xy[4]
    cdef int kind, j, cleared
    cdef Py_ssize_t mark = 0
    res.code = 0
    res.item = 0
    kind = next_int(s, &count)
    if kind == TOK_EOF:
        return 0
    if kind != TOK_INT or count >= HUGE:
        res.code = E_COUNT
        res.offset = s.start
        return 0
    if put_numbered(o, b"Analyzing ", 10, count, b" data set(s)\n", 13):
        return -1
    for n in range(1, count + 1):
        res.item = n
        if out_boundary(o) < 0:  # only here: a data set is kept or dropped whole
            return -1
        mark = o.used
        res.code = read_data_set(s, &g, &moves)
        if res.code:
            break
        if put_numbered(o, b"Data Set ", 9, n, b"\n", 1) \
                or put_board(o, &g, b"Board Position:\n", 16) \
                or put_line(o, b"After move 0:\n", 14):
            return -1
        cleared = settle(o, &g)
        if after_settling(o, cleared, moves):
            return -1
        for i in range(1, moves + 1):
            for j in range(4):
                kind = next_int(s, &xy[j])
                if kind != TOK_INT and kind != TOK_NEG:  # a negative one is just an invalid move
                    res.code = E_MOVE
                    break
            if res.code:
                break
            if cleared:  # skipped, but still read and checked
                continue
            if put_numbered(o, b"After move ", 11, i, b":\n", 2):
                return -1
            if grid_move(&g, xy[0], xy[1], xy[2], xy[3]):
                if put_board(o, &g, b"", 0):
                    return -1
                cleared = settle(o, &g)
                if after_settling(o, cleared, moves - i):
                    return -1
            elif put_line(o, b"Move is invalid.\n", 17):
                return -1
        if res.code:
            break
    if res.code:
        o.used = mark  # only complete data sets are kept
        res.offset = s.start
    return 0


def judge(const unsigned char[::1] data not None, emit=None):
    """Run a whole judge file.  Returns (output bytes, None) or, on bad input,
    (output of every complete data set, (data set number or 0 for the
    header, byte offset, E_* code)).  With ``emit``, output is passed to it
    in chunks (whole data sets) as it is made and the returned bytes are the
    rest."""
    cdef Scanner s
    cdef Outcome res
    cdef Out o
    cdef int status
    out_open(&o, 4096 + (8 * data.shape[0] if emit is None else CHUNK), emit)
    s.buf = &data[0] if data.shape[0] else <const unsigned char *>b""
    s.n = data.shape[0]
    s.pos = 0
    s.start = 0
    with nogil:
        status = run(&s, &o, &res)
    return out_close(&o, status), ((res.item, res.offset, res.code) if res.code else None)


cdef class State:
    """A tile-match position.  ``cells`` are nrows*w tiles 0..9 (0: empty),
    row-major, TOP row first (the judge order); the bottom given row is row 0
    and rows above h are hidden."""

    def __init__(self, w, h, k, nrows, cells):
        # untyped arguments: an oversized one is a ValueError from check_board
        cdef int i, v, cw, ch, cn
        cells = check_board(w, h, k, nrows, cells, MAX_WIDTH, MAX_ROWS)
        cw, ch, cn = w, h, nrows
        grid_clear(&self.g, cw, ch, max(cn, ch), <int>k)
        for i, v in enumerate(cells):
            if v:
                self.g.cell[(i % cw) * MAX_ROWS + cn - 1 - i // cw] = v
                self.g.tiles += 1

    @property
    def width(self):
        return self.g.w

    @property
    def height(self):
        return self.g.h

    @property
    def rows(self):
        return self.g.rows

    @property
    def k(self):
        return self.g.k

    @property
    def tiles(self):
        return self.g.tiles

    def copy(self):
        cdef State new = State.__new__(State)
        new.g = self.g
        return new

    def move(self, long long c1, long long r1, long long c2, long long r2):
        """Move or swap the tile at (c1, r1) to (c2, r2); False if invalid."""
        return grid_move(&self.g, c1, r1, c2, r2)

    def drop(self):
        """One drop phase; the number of tiles that moved."""
        return grid_drop(&self.g)

    def eliminate(self):
        """One elimination phase; the number of tiles removed."""
        return grid_eliminate(&self.g)

    def snapshot(self):
        """rows*w bytes, row-major, TOP row first (hidden rows included)."""
        cdef int r, c, i = 0
        cdef bytearray snap = bytearray(self.g.rows * self.g.w)
        for r in range(self.g.rows - 1, -1, -1):
            for c in range(self.g.w):
                snap[i] = self.g.cell[c * MAX_ROWS + r]
                i += 1
        return bytes(snap)

    def render(self):
        """The judge rendering of the visible rows."""
        cdef Py_ssize_t n = board_out_max(&self.g)
        cdef char *buf = <char *>malloc(n)
        cdef char *end
        if buf == NULL:
            raise MemoryError()
        try:
            end = render(&self.g, buf)
            return PyBytes_FromStringAndSize(buf, end - buf)
        finally:
            free(buf)
