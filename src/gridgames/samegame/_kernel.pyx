"""Typed SameGame kernel: flood fill, gravity and column compaction over fixed
padded buffers, and the whole judge loop (bytes in, bytes out) in C.
Its pure-Python twin is ``_kernel_pure.py``; results must be identical."""
from libc.string cimport memset, memcpy

from gridgames._runtime.output cimport (Out, CHUNK, out_open, reserve, out_boundary, out_close, put_text,
                                        put_int)
from gridgames._runtime.scanner cimport Scanner, next_int, TOK_EOF, TOK_INT, scan_open, scan_close, where
from gridgames._runtime.scanner_lines cimport digit_row, short_ints
from gridgames.samegame._board cimport (
    BIG_ROWS, BIG_COLS, BIG_STRIDE, BIG_NCELLS, gain, removable,
    select_cell, take_region)
from gridgames.samegame._check import check_cells
from gridgames.samegame._text import render_snapshot

# The values the pure twin reads from the .pxd files (tests/judges/test_limits.py).
LIMITS = dict(MAX_ROWS=MAX_ROWS, MAX_COLS=MAX_COLS, EMPTY=EMPTY, E_ROWS=E_ROWS, E_COLS=E_COLS,
              E_CELL=E_CELL, E_SEL_ROW=E_SEL_ROW, E_SEL_COL=E_SEL_COL)

cdef enum:
    GRID_OUT_MAX = 32 + MAX_ROWS * (5 + 2 * MAX_COLS)  # one grid's output, bounded


cdef inline void grid_clear(Grid *g, int m, int n) noexcept nogil:
    memset(g.cell, EMPTY, NCELLS)
    g.m = m
    g.n = n
    g.ncols = n
    g.left = m * n


cdef inline int grid_select(Grid *g, long long r, long long c) noexcept nogil:
    """Remove the region at (r, c) if it has 2+ cells, let cells fall and
    close empty columns; return the number removed (0: ignored)."""
    cdef int queue[NCELLS]
    return select_cell(g.cell, STRIDE, g.m, g.n, &g.ncols, &g.left, r, c, queue)


cdef char *render(const Grid *g, char *p) noexcept nogil:
    """Write the judge rendering of g at p (at most GRID_OUT_MAX bytes)."""
    cdef int r, c
    cdef const char *text = b"0 1 2 3 4 5 6 7 8 9   "  # cell v: text[2v:2v+2], EMPTY (10): blanks
    if g.left == 0:
        memcpy(p, b"    Game Won\n", 13)
        return p + 13
    for r in range(g.m, 0, -1):
        memcpy(p, b"    ", 4)
        p += 4
        for c in range(1, g.n + 1):
            memcpy(p, &text[2 * g.cell[c * STRIDE + r]], 2)
            p += 2
        p[0] = 10
        p += 1
    return p


include "_judge_loop.pxi"


# The research-capacity position behind Board (and the root of every search).
BOARD_ROWS, BOARD_COLS = BIG_ROWS, BIG_COLS


cdef class State:
    """A SameGame position up to BOARD_ROWS x BOARD_COLS: ``cells`` are
    rows*cols colours 0..9, row-major, bottom row first (the judge order);
    ``score`` counts the points of the removals made so far."""

    def __init__(self, rows, cols, cells):  # untyped: check_cells refuses any size first
        cdef int i, n
        cells = check_cells(rows, cols, cells, BIG_ROWS, BIG_COLS)
        n = cols
        memset(self.g.cell, EMPTY, BIG_NCELLS)
        self.g.m, self.g.n, self.g.ncols, self.g.left, self.score = rows, n, n, rows * n, 0
        for i in range(len(cells)):
            self.g.cell[(i % n + 1) * BIG_STRIDE + i // n + 1] = cells[i]

    @property
    def rows(self):
        return self.g.m

    @property
    def cols(self):
        return self.g.n

    @property
    def remaining(self):
        return self.g.left

    @property
    def score(self):
        return self.score

    @property
    def over(self):
        """No region of 2+ cells is left."""
        cdef int c, r
        for c in range(1, self.g.ncols + 1):
            for r in range(1, self.g.m + 1):
                if removable(self.g.cell, BIG_STRIDE, c * BIG_STRIDE + r):
                    return False
        return True

    def copy(self):
        cdef State new = State.__new__(State)
        new.g = self.g
        new.score = self.score
        return new

    def select(self, r, c):
        """Remove the region at (r, c) if it has 2+ cells; return its size (else 0)."""
        cdef int size
        cdef int queue[BIG_NCELLS]
        if not (1 <= r <= self.g.m and 1 <= c <= self.g.n):
            return 0
        size = select_cell(self.g.cell, BIG_STRIDE, self.g.m, self.g.n, &self.g.ncols, &self.g.left,
                           r, c, queue)
        if size:
            self.score += gain(size, self.g.left)
        return size

    def region(self, r, c):
        """Sorted 1-based (r, c) cells of the region at (r, c); [] if no cell."""
        cdef BigGrid tmp
        cdef int queue[BIG_NCELLS]
        cdef int i, size, k
        if not (1 <= r <= self.g.m and 1 <= c <= self.g.n):
            return []
        i = <int>c * BIG_STRIDE + <int>r
        if self.g.cell[i] == EMPTY:
            return []
        tmp = self.g
        size = take_region(tmp.cell, BIG_STRIDE, i, queue)
        return sorted((queue[k] % BIG_STRIDE, queue[k] // BIG_STRIDE) for k in range(size))

    def moves(self):
        """(r, c, size) per removable region; (r, c) is its first cell scanning
        columns left to right, each bottom up."""
        cdef BigGrid tmp = self.g
        cdef int queue[BIG_NCELLS]
        cdef int r, c, i, size
        found = []
        for c in range(1, tmp.ncols + 1):
            for r in range(1, tmp.m + 1):
                i = c * BIG_STRIDE + r
                if tmp.cell[i] != EMPTY:
                    size = take_region(tmp.cell, BIG_STRIDE, i, queue)
                    if size >= 2:
                        found.append((r, c, size))
        return found

    def snapshot(self):
        """rows*cols bytes, row-major, bottom row first; EMPTY for no cell."""
        cdef int r, c
        cdef bytearray snap = bytearray(self.g.m * self.g.n)
        for r in range(self.g.m):
            for c in range(self.g.n):
                snap[r * self.g.n + c] = self.g.cell[(c + 1) * BIG_STRIDE + r + 1]
        return bytes(snap)

    def render(self):
        """The judge output of this position (without the 'Grid k.' line)."""
        return render_snapshot(self.snapshot(), self.g.m, self.g.n)
