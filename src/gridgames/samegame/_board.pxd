# SameGame board mechanics, written once for every capacity: flood fill,
# gravity and column compaction are inline functions over a column stride,
# used by the judge's fixed 10x40 Grid (stride 12, _kernel.pxd) and by the
# research capacity below (State and the search kernels, stride BIG_STRIDE).
# The C compiler inlines them with the stride as a constant.
from libc.string cimport memset, memcpy

# A deliberate slowdown, compiled in only by the benchmark gate's own tests
# (tests/project/test_benchmark_gate.py builds one kernel with -DGRIDGAMES_SLOWDOWN=N: N empty
# loop turns per flood fill, which the gate must catch); nothing otherwise.
cdef extern from *:
    """
    #ifdef GRIDGAMES_SLOWDOWN
    static inline void gridgames_slowdown(void) {
        for (volatile int i = 0; i < GRIDGAMES_SLOWDOWN; i++) {}
    }
    #else
    #define gridgames_slowdown() ((void)0)
    #endif
    """
    void gridgames_slowdown() noexcept nogil

cdef enum:
    EMPTY = 10                             # no cell (never equal to a colour)
    COLOURS = 10                           # colours 0..9
    BIG_ROWS = 20                          # the research capacity (Board, search)
    BIG_COLS = 40
    BIG_STRIDE = BIG_ROWS + 2              # one column, padded below and above
    BIG_NCELLS = (BIG_COLS + 2) * BIG_STRIDE

# Column-major with EMPTY borders: cell (r, c) is at c*stride + r, so the four
# neighbours are i-1, i+1, i-stride, i+stride with no bounds tests.  Cells of
# a column are packed from row 1 up (gravity), columns from 1 right (compaction).
ctypedef struct BigGrid:
    int m, n            # the original frame
    int ncols           # non-empty columns, all packed to the left
    int left            # cells remaining
    unsigned char cell[BIG_NCELLS]


cdef inline int take_region(unsigned char *cell, int stride, int i, int *queue) noexcept nogil:
    """Empty the region of the (non-empty) cell i; its cells are left in
    queue[0:size] (the BFS queue is never popped, only walked)."""
    cdef unsigned char colour = cell[i]
    cdef int head = 0, tail = 1, j
    gridgames_slowdown()
    cell[i] = EMPTY
    queue[0] = i
    while head < tail:
        j = queue[head]
        head += 1
        if cell[j - 1] == colour:
            cell[j - 1] = EMPTY
            queue[tail] = j - 1
            tail += 1
        if cell[j + 1] == colour:
            cell[j + 1] = EMPTY
            queue[tail] = j + 1
            tail += 1
        if cell[j - stride] == colour:
            cell[j - stride] = EMPTY
            queue[tail] = j - stride
            tail += 1
        if cell[j + stride] == colour:
            cell[j + stride] = EMPTY
            queue[tail] = j + stride
            tail += 1
    return tail


cdef inline bint removable(const unsigned char *cell, int stride, int i) noexcept nogil:
    """Cell i holds a colour shared by a neighbour (its region has 2+ cells)."""
    cdef unsigned char v = cell[i]
    return v != EMPTY and ((cell[i - 1] == v) | (cell[i + 1] == v)  # |: one branch, not four
                           | (cell[i - stride] == v) | (cell[i + stride] == v))


cdef inline void settle(unsigned char *cell, int stride, int m, int *ncols,
                        const int *queue, int size) noexcept nogil:
    """After take_region: let cells fall in the touched columns, then slide
    every non-empty column left over the empty ones."""
    cdef int k, col, row, w, base, dst
    cdef int lo = queue[0] // stride, hi = lo
    cdef unsigned char v
    for k in range(1, size):  # two ifs, not if/elif: conditional moves
        col = queue[k] // stride
        if col < lo:
            lo = col
        if col > hi:
            hi = col
    for col in range(lo, hi + 1):
        base = col * stride
        w = 1
        for row in range(1, m + 1):  # every cell is copied down, the empty ones then overwritten: no branch
            v = cell[base + row]
            cell[base + w] = v
            w += v != EMPTY
        for row in range(w, m + 1):
            cell[base + row] = EMPTY
    # Whole columns are moved, padding included (EMPTY in every column): a
    # constant size, which the C compiler inlines (m bytes was a libc call).
    dst = lo
    for col in range(lo, ncols[0] + 1):
        if cell[col * stride + 1] != EMPTY:
            if dst != col:
                memcpy(&cell[dst * stride], &cell[col * stride], stride)
            dst += 1
    for col in range(dst, ncols[0] + 1):
        memset(&cell[col * stride], EMPTY, stride)
    ncols[0] = dst - 1


cdef inline int select_cell(unsigned char *cell, int stride, int m, int n, int *ncols, int *left,
                            long long r, long long c, int *queue) noexcept nogil:
    """Remove the region at (r, c) (1-based, row from the bottom) if it has
    2+ cells, then settle and count it off ``left``; the number removed (0:
    ignored, nothing changed)."""
    cdef int i, size
    if r < 1 or r > m or c < 1 or c > n:
        return 0
    i = <int>c * stride + <int>r
    if not removable(cell, stride, i):
        return 0
    size = take_region(cell, stride, i, queue)
    settle(cell, stride, m, ncols, queue, size)
    left[0] -= size
    return size


cdef inline long long gain(int size, int left) noexcept nogil:
    """Points for removing a region of ``size`` cells leaving ``left``:
    (size-2)^2, plus 1000 when the board is cleared."""
    return <long long>(size - 2) * (size - 2) + (1000 if left == 0 else 0)
