"""Typed tile-match kernel (Rowan 2019): gravity over whole columns, removal
of straight runs inside the visible board, moves, the alternating settling,
and the whole judge loop (bytes in, bytes out) in C.
Its pure-Python twin is ``_kernel_pure.py``; results must be identical."""
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.buffer cimport PyBUF_READ, PyBUF_WRITE
from cpython.memoryview cimport PyMemoryView_FromMemory
from cpython.ref cimport PyObject, Py_INCREF, Py_DECREF
from libc.stdlib cimport malloc, free
from libc.string cimport memset, memcpy

from gridgames.tilematch._check import check_board
from gridgames._runtime.output cimport (Out, CHUNK, out_open, reserve, out_boundary, out_close, put_text,
                                        put_int)
from gridgames._runtime.scanner cimport (Scanner, next_int, TOK_EOF, TOK_INT, TOK_NEG, HUGE, scan_open,
                                         scan_close, where)
from gridgames._runtime.scanner_lines cimport digit_row, short_ints

# The values the pure twin reads from the .pxd files (tests/judges/test_limits.py).
LIMITS = dict(MAX_WIDTH=MAX_WIDTH, MAX_ROWS=MAX_ROWS, EMPTY=EMPTY, FAR=FAR, E_COUNT=E_COUNT,
              E_MISSING=E_MISSING, E_WIDTH=E_WIDTH, E_HEIGHT=E_HEIGHT, E_RUN=E_RUN,
              E_ROWS=E_ROWS, E_TILE=E_TILE, E_MOVES=E_MOVES, E_MOVE=E_MOVE, SPILL=SPILL,
              MOVE_OFF=MOVE_OFF)

cdef const char *SHOWN_TILE = b"-123456789"  # a tile's character in the rendered board

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
    g.loose = g.changed = ~0ULL  # the cells are set next: everything may have changed
    g.text = NULL
    g.lo = 0
    g.hi = MAX_ROWS - 1


cdef inline void set_cell(Grid *g, int c, int r, unsigned char v) noexcept nogil:
    """Cell (c, r) := v, and its character in the judge's kept text."""
    g.cell[c * MAX_ROWS + r] = v
    if g.text != NULL and r < g.h:
        g.text[g.at[r] + 4 * c] = SHOWN_TILE[v]


cdef inline void note_change(Grid *g, int c, int r) noexcept nogil:
    g.changed |= 1ULL << c
    g.lo = min(g.lo, r)
    g.hi = max(g.hi, r)


cdef int grid_drop(Grid *g) noexcept nogil:
    """Let every tile fall in its column, hidden rows included; return how
    many tiles moved.  Only the loose columns can change.  (The grid's
    fields are read into locals: a store through a char pointer may alias
    any of them, and the compiler would reload them at every cell.)"""
    cdef int c, r, dst, moved = 0, lo = g.lo, hi = g.hi, rows = g.rows, h = g.h
    cdef unsigned long long changed = g.changed
    cdef unsigned char *col
    cdef unsigned char v
    cdef char *text = g.text
    for c in range(g.w):
        if not (g.loose >> c) & 1:
            continue
        col = &g.cell[c * MAX_ROWS]
        dst = 0
        while dst < rows and col[dst] != EMPTY:  # the tiles resting on the bottom stay
            dst += 1
        for r in range(dst + 1, rows):
            v = col[r]
            if v == EMPTY:
                continue
            col[dst] = v
            col[r] = EMPTY
            if text != NULL:  # the judge's kept text (see set_cell)
                if dst < h:
                    text[g.at[dst] + 4 * c] = SHOWN_TILE[v]
                if r < h:
                    text[g.at[r] + 4 * c] = SHOWN_TILE[EMPTY]
            changed |= 1ULL << c
            lo = min(lo, dst)  # (row r, now empty, is in no run)
            hi = max(hi, dst)
            moved += 1
            dst += 1
    g.loose = 0
    g.changed = changed
    g.lo = lo
    g.hi = hi
    return moved


cdef inline int run_end(const unsigned char *cell, int i, int step, int s, int n) noexcept nogil:
    """The end (exclusive) of the run of equal tiles that starts at cell s of
    the line of n cells from cell i, step apart."""
    cdef unsigned char v = cell[i + s * step]
    cdef int e = s + 1
    while e < n and cell[i + e * step] == v:
        e += 1
    return e


cdef inline int run_start(const unsigned char *cell, int i, int step, int s) noexcept nogil:
    """The first cell of the run of equal tiles through cell s of a line."""
    cdef unsigned char v = cell[i + s * step]
    while s > 0 and cell[i + (s - 1) * step] == v:
        s -= 1
    return s


cdef int grid_eliminate(Grid *g) noexcept nogil:
    """Remove every horizontal and vertical run of k or more equal tiles in
    the visible rows, all found before any is removed; return how many.
    The last elimination left no run, so a run now holds a changed cell:
    only runs through the changed rows and columns are looked for.  The
    runs are marked in one bit per cell (bit c of marks[r]; cleared for the
    rows up to h on entry), then removed row by row."""
    cdef unsigned long long marks[MAX_ROWS]
    cdef unsigned long long changed = g.changed, bits
    cdef const unsigned char *cell = g.cell
    cdef int c, r, s, e, removed = 0, first = MAX_WIDTH, last = -1, k = g.k, w = g.w, h = g.h
    cdef int lo = g.lo, hi = min(g.hi, g.h - 1), r0 = MAX_ROWS, r1 = -1
    for c in range(w):
        if (changed >> c) & 1:
            first = min(first, c)
            last = c
    if first <= last and lo <= hi:
        memset(marks, 0, h * sizeof(unsigned long long))
        for r in range(lo, hi + 1):  # horizontal runs through columns first..last of row r
            s = run_start(cell, r, MAX_ROWS, first)
            while s <= last:
                e = run_end(cell, r, MAX_ROWS, s, w)
                if e - s >= k and cell[r + s * MAX_ROWS] != EMPTY:
                    marks[r] |= (~0ULL >> (64 - (e - s))) << s
                    r0 = min(r0, r)
                    r1 = max(r1, r)
                s = e
        for c in range(first, last + 1):  # vertical runs through rows lo..hi of column c
            if not (changed >> c) & 1:
                continue
            s = run_start(cell, c * MAX_ROWS, 1, lo)
            while s <= hi:
                e = run_end(cell, c * MAX_ROWS, 1, s, h)
                if e - s >= k and cell[c * MAX_ROWS + s] != EMPTY:
                    for r in range(s, e):
                        marks[r] |= 1ULL << c
                    r0 = min(r0, s)
                    r1 = max(r1, e - 1)
                s = e
    for r in range(r0, r1 + 1):
        bits = marks[r]
        g.loose |= bits
        c = 0
        while bits:
            if bits & 1:
                set_cell(g, c, r, EMPTY)
                removed += 1
            bits >>= 1
            c += 1
    g.changed = 0
    g.lo = MAX_ROWS
    g.hi = -1
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
    set_cell(g, <int>c1, <int>r1, g.cell[b])
    set_cell(g, <int>c2, <int>r2, t)
    note_change(g, <int>c1, <int>r1)
    note_change(g, <int>c2, <int>r2)
    if g.cell[a] == EMPTY:  # moved into an empty cell: either may now be above a hole
        g.loose |= 1ULL << c1 | 1ULL << c2
    return True


cdef char *render(const Grid *g, char *p) noexcept nogil:
    """Write the judge rendering of the visible rows at p (at most
    board_out_max(g) bytes): a staircase, row i indented 2*i blanks."""
    cdef int r, c, i
    cdef const char *text = b"   -   1   2   3   4   5   6   7   8   9"  # tile v: text[4v:4v+4]
    for r in range(g.h - 1, -1, -1):
        i = 2 * (g.h - r)
        memset(p, 32, i)
        p[i] = text[4 * g.cell[r] + 3]
        p += i + 1
        for c in range(1, g.w):
            memcpy(p, &text[4 * g.cell[c * MAX_ROWS + r]], 4)
            p += 4
        p[0] = 10
        p += 1
    return p


cdef void text_keep(Grid *g, char *text) noexcept nogil:
    """Keep the board's rendering in ``text`` (board_out_max(g) bytes) from
    now on: the judge prints it with one memcpy, and each cell written
    rewrites its one byte there (set_cell)."""
    cdef int r, at = 0
    g.text = text
    g.size = <int>(render(g, text) - text)
    for r in range(g.h - 1, -1, -1):
        g.at[r] = at + 2 * (g.h - r)
        at += 2 * (g.h - r) + 4 * g.w - 2


cdef int put_board(Out *o, Grid *g, const char *title, int n) noexcept nogil:
    """The line ``title`` (may be empty), then the board; -1 if out of memory."""
    cdef char *p = reserve(o, n + board_out_max(g))
    if p == NULL:
        return -1
    p = put_text(p, title, n)
    if g.text != NULL:
        p = put_text(p, g.text, g.size)
    else:
        p = render(g, p)
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


cdef inline void settle_begin(Settling *st) noexcept nogil:
    st.quiet = 0
    st.drops = True
    st.cleared = False
    st.done = False


cdef int settle_next(Grid *g, Settling *st) noexcept nogil:
    """One phase of a settling; the rule lives here (and in its twin) only:
    drop and elimination phases alternate, from a drop phase, until two
    phases in a row change nothing or an elimination leaves no tile at all.
    Returns the number of tiles moved or removed."""
    cdef int count = grid_drop(g) if st.drops else grid_eliminate(g)
    st.quiet = 0 if count else st.quiet + 1
    st.cleared = not st.drops and count > 0 and g.tiles == 0
    st.done = st.quiet == 2 or st.cleared
    st.drops = not st.drops
    return count


cdef int settle(Out *o, Grid *g) noexcept nogil:
    """Settle g, reporting each phase.  Returns 1 if the board was cleared,
    0 if not, -1 if memory ran out."""
    cdef Settling st
    cdef bint drops
    settle_begin(&st)
    while not st.done:
        drops = st.drops
        if settle_next(g, &st):
            if (put_board(o, g, b"Board after drops:\n", 19) if drops
                    else put_board(o, g, b"Board after eliminations:\n", 26)):
                return -1
        elif (put_line(o, b"No drops.\n", 10) if drops else put_line(o, b"No eliminations.\n", 17)):
            return -1
    if st.cleared:
        return -1 if put_line(o, b"The board is cleared!\n", 22) else 1
    return 0


include "_judge_loop.pxi"


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

    def settle_begin(self):
        """Start a settling (the next phase is a drop phase)."""
        settle_begin(&self.st)

    def settle_next(self):
        """The next phase of the settling: (kind, count, cleared, done),
        kind "drops" or "eliminations"."""
        kind = "drops" if self.st.drops else "eliminations"
        count = settle_next(&self.g, &self.st)
        return kind, count, self.st.cleared, self.st.done

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
