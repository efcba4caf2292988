"""Typed gopher-hole kernel: hole counts, the iterative flood from zero
patches, the losing board, the fenced rendering, and the whole line-based
judge loop (bytes in, bytes out) in C.  The field is kept as its rendered
text (see Patches): a pick rewrites only the patches it reveals, a printed
board is one memcpy.  Its pure-Python twin is ``_kernel_pure.py``;
results must be identical."""
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.string cimport memset, memcpy

from gridgames._runtime.output cimport (Out, CHUNK, out_open, reserve, out_boundary, out_close, put_text,
                                        put_int)
from gridgames._runtime.scanner cimport (Scanner, next_int_line, next_line, TOK_EOF, TOK_INT, TOK_NEG, SHOWN,
                                         scan_open, scan_close, where, token_head)
from gridgames._runtime.scanner_lines cimport pair_line
from gridgames.gopher._check import PICK_WARNING_PIECES, check_field

# The values the pure twin reads from the .pxd (tests/judges/test_limits.py).
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
    """A fresh field: the fences and rows of '#', no holes."""
    cdef int r, w = cols + 3
    cdef unsigned char *row
    memset(f.hole, 0, (rows + 2) * w)
    memset(f.near, 0, (rows + 2) * w)
    row = f.shown  # the fences are never UNSEEN: the flood stops there
    row[0] = 43  # '+'
    memset(row + 1, 45, cols)  # '-'
    row[cols + 1] = 43
    row[cols + 2] = 10
    for r in range(1, rows + 1):
        row = f.shown + r * w
        row[0] = 124  # '|'
        memset(row + 1, UNSEEN, cols)
        row[cols + 1] = 124
        row[cols + 2] = 10
    memcpy(f.shown + (rows + 1) * w, f.shown, w)
    f.rows = rows
    f.cols = cols
    f.stride = w
    f.safe_left = rows * cols
    f.fell_at = -1


cdef void add_hole(Patches *f, int r, int c) noexcept nogil:
    """Dig a hole at (r, c), inside the field; a second dig changes nothing."""
    cdef int w = f.stride, i = r * w + c
    if f.hole[i]:
        return
    f.hole[i] = 1
    f.safe_left -= 1
    f.near[i - w - 1] += 1
    f.near[i - w] += 1
    f.near[i - w + 1] += 1
    f.near[i - 1] += 1
    f.near[i + 1] += 1
    f.near[i + w - 1] += 1
    f.near[i + w] += 1
    f.near[i + w + 1] += 1


cdef inline int look(Patches *f, int k, int *queue, int *tail) noexcept nogil:
    """Inspect patch k if it is still unseen (a neighbour of a zero patch is
    never a hole): 1 if it was.  Only a zero patch joins the queue (no
    branch: the slot is written either way), a numbered one never spreads."""
    cdef unsigned char n
    if f.shown[k] != UNSEEN:
        return 0
    n = f.near[k]
    f.shown[k] = BLANK if n == 0 else DIGIT0 + n
    queue[tail[0]] = k
    tail[0] += n == 0
    return 1


cdef int reveal(Patches *f, int i, int *queue) noexcept nogil:
    """Inspect the safe unseen patch i and flood from every zero patch; the
    number of patches inspected.  The queue holds the zero patches (walked,
    never popped, so each enters once and NCELLS entries always suffice)."""
    cdef int head = 0, tail = 0, count, j, w = f.stride
    count = look(f, i, queue, &tail)
    while head < tail:
        j = queue[head]
        head += 1
        count += look(f, j - w - 1, queue, &tail)
        count += look(f, j - w, queue, &tail)
        count += look(f, j - w + 1, queue, &tail)
        count += look(f, j - 1, queue, &tail)
        count += look(f, j + 1, queue, &tail)
        count += look(f, j + w - 1, queue, &tail)
        count += look(f, j + w, queue, &tail)
        count += look(f, j + w + 1, queue, &tail)
    return count


cdef void fall(Patches *f, int i) noexcept nogil:
    """The player fell into hole i: show '!' there and '*' at every other hole."""
    cdef int k
    for k in range((f.rows + 2) * f.stride):  # a select, not a branch: the C compiler vectorizes it
        f.shown[k] = HOLE if f.hole[k] else f.shown[k]
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
    i = <int>r * f.stride + <int>c
    if f.hole[i]:
        fall(f, i)
        return PICK_FELL
    if f.shown[i] != UNSEEN:
        return 0
    count = reveal(f, i, queue)
    f.safe_left -= count
    return count


cdef inline char *render(const Patches *f, char *p) noexcept nogil:
    """Write the fenced board at p (exactly (rows + 2) * (cols + 3) bytes):
    the field's text, as it is."""
    cdef int n = (f.rows + 2) * f.stride
    memcpy(p, f.shown, n)
    return p + n


include "_judge_loop.pxi"


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
        return (self.f.fell_at // self.f.stride, self.f.fell_at % self.f.stride)

    def holes(self):
        cdef int r, c
        return [(r, c) for r in range(1, self.f.rows + 1) for c in range(1, self.f.cols + 1)
                if self.f.hole[r * self.f.stride + c]]

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
        cdef int r, w = self.f.stride
        cdef bytearray snap = bytearray(self.f.rows * self.f.cols)
        for r in range(self.f.rows):
            snap[r * self.f.cols:(r + 1) * self.f.cols] = \
                self.f.shown[(r + 1) * w + 1:(r + 1) * w + 1 + self.f.cols]
        return bytes(snap)

    def render(self):
        """The fenced board, as the judge prints it."""
        cdef char buf[BOARD_OUT_MAX]
        cdef char *end = render(&self.f, buf)
        return PyBytes_FromStringAndSize(buf, end - buf)
