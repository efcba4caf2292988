"""Gopher fields of the batch (a subclass of _batch.Batch; twin
_batch_gopher_pure.py); GopherEnv's rules: random holes, action row * cols +
col, reward +1 per patch revealed or -hole_penalty for a fall, legal: the
unseen patches while the game is on."""
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from gridgames.envs._batch cimport Batch
from gridgames.envs._draws cimport choose
from gridgames.gopher._kernel cimport (Patches, field_clear, add_hole, pick, PICK_FELL,
                                       MAX_ROWS as GOPHER_ROWS, MAX_COLS as GOPHER_COLS,
                                       NCELLS as GOPHER_NCELLS)

cdef unsigned char[256] GOPHER_OBS  # a shown character -> its observation value
cdef const unsigned char *_shown = b" 12345678#!*"
cdef int _k
for _k in range(12):
    GOPHER_OBS[_shown[_k]] = _k
cdef enum:
    GOPHER_UNSEEN = 9


cdef class GopherBatch(Batch):
    """``obs``: N x rows*cols bytes (rows top first)."""

    cdef int rows, cols, holes
    cdef double penalty
    cdef Patches *fields
    cdef unsigned char[:, ::1] obs

    def __init__(self, Py_ssize_t n, int rows, int cols, int holes, double hole_penalty,
                 obs, rewards, terminated, truncated, masks):
        if not (1 <= rows <= GOPHER_ROWS and 1 <= cols <= GOPHER_COLS and 0 <= holes < rows * cols):
            raise ValueError(f"need 1..{GOPHER_ROWS} rows and columns and 0..rows*cols-1 holes")
        super().__init__(n, rows * cols, 0, rewards, terminated, truncated, masks)
        self.rows, self.cols, self.holes, self.penalty = rows, cols, holes, hole_penalty
        self.obs = obs
        if self.obs.shape[0] != n or self.obs.shape[1] != rows * cols:
            raise ValueError("obs must be n x rows*cols")
        self.fields = <Patches *>calloc(n, sizeof(Patches))
        if not self.fields:
            raise MemoryError()

    def __dealloc__(self):
        free(self.fields)

    cdef void new_board(self, Py_ssize_t i) noexcept nogil:
        # Generator.choice(rows * cols, holes, replace=False)
        cdef Patches *f = &self.fields[i]
        cdef unsigned char chosen[GOPHER_ROWS * GOPHER_COLS]
        cdef int s, size = self.rows * self.cols
        memset(chosen, 0, size)
        choose(self.bitgens[i], size, self.holes, chosen)
        field_clear(f, self.rows, self.cols)
        for s in range(size):
            if chosen[s]:
                add_hole(f, s // self.cols + 1, s % self.cols + 1)
        self.show(i)

    cdef void show(self, Py_ssize_t i) noexcept nogil:
        cdef const Patches *f = &self.fields[i]
        cdef unsigned char *obs = &self.obs[i, 0]
        cdef unsigned char *mask = &self.masks[i, 0]
        cdef int r, c, j = 0, legal = 0, cols = self.cols
        cdef bint on = not self.finished(i)  # once won or fallen, nothing is legal
        cdef const unsigned char *shown
        for r in range(self.rows):
            shown = &f.shown[(r + 1) * f.stride + 1]
            for c in range(cols):
                obs[j] = GOPHER_OBS[shown[c]]
                mask[j] = on and obs[j] == GOPHER_UNSEEN
                legal += mask[j]
                j += 1
        self.legal[i] = legal

    cdef double play(self, Py_ssize_t i, long long a) noexcept nogil:
        cdef int queue[GOPHER_NCELLS]
        cdef int code = pick(&self.fields[i], a // self.cols + 1, a % self.cols + 1, queue)
        self.show(i)
        return -self.penalty if code == PICK_FELL else <double>code

    cdef bint finished(self, Py_ssize_t i) noexcept nogil:
        return self.fields[i].fell_at >= 0 or self.fields[i].safe_left == 0
