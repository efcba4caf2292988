"""SameGame boards of the batch (a subclass of _batch.Batch; twin
_batch_samegame_pure.py); SameGameEnv's rules: random boards of colours
1..n, action row * cols + col (row 0 at the top), reward (size-2)**2 plus
1000 for clearing, legal: cells of regions of 2+."""
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from gridgames.envs._batch cimport Batch
from gridgames.envs._draws cimport bounded
from gridgames.samegame._board cimport (BigGrid, BIG_ROWS, BIG_COLS, BIG_STRIDE, BIG_NCELLS, EMPTY,
                                        gain, removable, settle, take_region)

cdef class SameGameBatch(Batch):
    """``obs``: N x rows*cols bytes (rows top first)."""

    cdef int rows, cols, colours
    cdef BigGrid *grids
    cdef unsigned char[:, ::1] obs

    def __init__(self, Py_ssize_t n, int rows, int cols, int colours,
                 obs, rewards, terminated, truncated, masks):
        if not (1 <= rows <= BIG_ROWS and 1 <= cols <= BIG_COLS and 1 <= colours <= 9):
            raise ValueError(f"need 1..{BIG_ROWS} rows, 1..{BIG_COLS} columns and 1..9 colours")
        super().__init__(n, rows * cols, 0, rewards, terminated, truncated, masks)
        self.rows, self.cols, self.colours = rows, cols, colours
        self.obs = obs
        if self.obs.shape[0] != n or self.obs.shape[1] != rows * cols:
            raise ValueError("obs must be n x rows*cols")
        self.grids = <BigGrid *>calloc(n, sizeof(BigGrid))
        if not self.grids:
            raise MemoryError()

    def __dealloc__(self):
        free(self.grids)

    cdef void new_board(self, Py_ssize_t i) noexcept nogil:
        # Generator.integers(0, colours, size=(rows, cols)) + 1, rows top first
        cdef BigGrid *g = &self.grids[i]
        cdef int row, col
        memset(g.cell, EMPTY, BIG_NCELLS)
        for row in range(self.rows):
            for col in range(self.cols):
                g.cell[(col + 1) * BIG_STRIDE + self.rows - row] = \
                    1 + <unsigned char>bounded(self.bitgens[i], self.colours - 1)
        g.m, g.n, g.ncols, g.left = self.rows, self.cols, self.cols, self.rows * self.cols
        memset(&self.masks[i, 0], 0, self.nact)
        self.legal[i] = 0
        self.show(i, 0, self.cols)

    cdef void show(self, Py_ssize_t i, int lo, int hi) noexcept nogil:
        """The observation and the mask of columns lo..hi-1 (from 0) from
        the grid (column-major, rows from the bottom, 1-based)."""
        cdef const unsigned char *cell = self.grids[i].cell
        cdef unsigned char *obs = &self.obs[i, 0]
        cdef unsigned char *mask = &self.masks[i, 0]
        cdef int row, col, top, j, rows = self.rows, cols = self.cols, legal = self.legal[i]
        cdef unsigned char v, m
        for col in range(lo, hi):
            top = (col + 1) * BIG_STRIDE + rows
            for row in range(rows):
                v = cell[top - row]
                m = removable(cell, BIG_STRIDE, top - row)
                j = row * cols + col
                obs[j] = 0 if v == EMPTY else v
                legal += m - mask[j]
                mask[j] = m
        self.legal[i] = legal

    cdef double play(self, Py_ssize_t i, long long a) noexcept nogil:
        # select_cell's steps, keeping the leftmost column changed: the
        # columns left of the one before it keep their cells and mask
        cdef BigGrid *g = &self.grids[i]
        cdef int queue[BIG_NCELLS]
        cdef int k, size, before = g.ncols
        cdef int lo = <int>(a % self.cols) + 1
        size = take_region(g.cell, BIG_STRIDE, lo * BIG_STRIDE + self.rows - <int>(a // self.cols), queue)
        for k in range(size):
            if queue[k] // BIG_STRIDE < lo:
                lo = queue[k] // BIG_STRIDE
        settle(g.cell, BIG_STRIDE, g.m, &g.ncols, queue, size)
        g.left -= size
        self.show(i, lo - 2 if lo >= 2 else 0, before)
        return <double>gain(size, g.left)

    cdef bint finished(self, Py_ssize_t i) noexcept nogil:
        return self.legal[i] == 0
