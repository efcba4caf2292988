"""Number Link boards of the batch (a subclass of _batch.Batch; twin
_batch_numberlink_pure.py); NumberLinkEnv's rules: action path * 5 + move
(UP, RIGHT, DOWN, LEFT extend the path's head, UNDO takes its last square
back), reward solve_reward when every path is complete and every square
covered.  Squares are padded with a SOLID border (neighbours s - w, s + 1, s
+ w, s - 1).  A new puzzle comes from numberlink.generate, in Python
(prepare): the only GIL-held part."""
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from gridgames.envs._batch cimport Batch

cdef enum:
    NL_EMPTY = 0
    NL_SOLID = -1
    NL_UNDO = 4


cdef class NumberLinkBatch(Batch):
    """``obs``: N x 3*rows*cols int32 (NumberLinkEnv's three planes)."""

    cdef int rows, cols, width, size, paths
    cdef double solve_reward
    cdef int offsets[4]
    cdef int *puzzle                       # per board: rows*cols squares
    cdef int *owner                        # per board: size squares each
    cdef int *on
    cdef int *prev
    cdef int *start                        # per board: paths each
    cdef int *end
    cdef int *head
    cdef unsigned char *complete
    cdef int *pairs
    cdef int *free_squares
    cdef int[:, ::1] obs
    cdef object generate                   # seed -> a numberlink.Puzzle

    def __init__(self, Py_ssize_t n, int rows, int cols, double solve_reward, long long max_steps,
                 generate, obs, rewards, terminated, truncated, masks):
        if rows < 1 or cols < 1 or rows * cols < 2 or rows * cols > 1 << 20 or max_steps < 1:
            raise ValueError("need 2..2**20 squares and max_steps >= 1")
        self.paths = max(1, rows * cols // 2)
        super().__init__(n, self.paths * 5, max_steps, rewards, terminated, truncated, masks)
        self.rows, self.cols, self.solve_reward, self.generate = rows, cols, solve_reward, generate
        self.width = cols + 2
        self.size = (rows + 2) * self.width
        self.offsets[:] = [-self.width, 1, self.width, -1]
        self.obs = obs
        if self.obs.shape[0] != n or self.obs.shape[1] != 3 * rows * cols:
            raise ValueError("obs must be n x 3*rows*cols")
        self.prepares = True
        self.puzzle = <int *>calloc(n * rows * cols, sizeof(int))
        self.owner = <int *>calloc(n * self.size * 3, sizeof(int))
        self.on = self.owner + n * self.size
        self.prev = self.on + n * self.size
        self.start = <int *>calloc(n * self.paths * 3, sizeof(int))
        self.end = self.start + n * self.paths
        self.head = self.end + n * self.paths
        self.complete = <unsigned char *>calloc(n * self.paths, 1)
        self.pairs = <int *>calloc(n * 2, sizeof(int))
        self.free_squares = self.pairs + n
        if not (self.puzzle and self.owner and self.start and self.complete and self.pairs):
            raise MemoryError()

    def __dealloc__(self):
        free(self.puzzle)
        free(self.owner)
        free(self.start)
        free(self.complete)
        free(self.pairs)

    def prepare(self, Py_ssize_t i):
        cdef int j
        cells = self.generate(int(self.generators[i].integers(0, 2 ** 63))).cells
        for j in range(self.rows * self.cols):
            self.puzzle[i * self.rows * self.cols + j] = cells[j]

    cdef inline int inner(self, int j) noexcept nogil:
        """The padded square of board square j."""
        return (j // self.cols + 1) * self.width + j % self.cols + 1

    cdef void new_board(self, Py_ssize_t i) noexcept nogil:
        cdef int *owner = &self.owner[i * self.size]
        cdef int *on = &self.on[i * self.size]
        cdef const int *cells = &self.puzzle[i * self.rows * self.cols]
        cdef int *ends = &self.obs[i, self.rows * self.cols]
        cdef int j, p, s, v, k = 0, free_squares = 0
        for s in range(self.size):
            owner[s] = on[s] = NL_SOLID
        for p in range(self.paths):
            self.start[i * self.paths + p] = -1
            self.complete[i * self.paths + p] = 0
        for j in range(self.rows * self.cols):  # endpoints in reading order: start, then end
            s, v = self.inner(j), cells[j]
            owner[s] = v
            on[s] = NL_SOLID if v == NL_SOLID else 0
            ends[j] = v if v > 0 else 0
            free_squares += v == NL_EMPTY
            if v > 0:
                k = v if v > k else k
                if self.start[i * self.paths + v - 1] < 0:
                    self.start[i * self.paths + v - 1] = s
                    on[s] = v
                else:
                    self.end[i * self.paths + v - 1] = s
        for p in range(k):
            self.head[i * self.paths + p] = self.start[i * self.paths + p]
        self.pairs[i], self.free_squares[i] = k, free_squares
        self.show(i)

    cdef void show(self, Py_ssize_t i) noexcept nogil:
        cdef const int *owner = &self.owner[i * self.size]
        cdef const int *on = &self.on[i * self.size]
        cdef const int *start = &self.start[i * self.paths]
        cdef const int *end = &self.end[i * self.paths]
        cdef const int *head = &self.head[i * self.paths]
        cdef const unsigned char *complete = &self.complete[i * self.paths]
        cdef unsigned char *mask = &self.masks[i, 0]
        cdef int *obs = &self.obs[i, 0]
        cdef int *heads = &self.obs[i, 2 * self.rows * self.cols]
        cdef int j, p, m, m2, t, u, legal = 0, n = self.rows * self.cols
        cdef bint at_end, touch, ok
        for j in range(n):
            obs[j] = owner[self.inner(j)]
            heads[j] = 0
        memset(mask, 0, self.nact)
        for p in range(self.pairs[i]):
            if not complete[p]:
                t = head[p] - self.width
                heads[(t // self.width) * self.cols + head[p] % self.width - 1] = p + 1
            at_end = False
            for m in range(4):
                at_end = at_end or head[p] + self.offsets[m] == end[p]
            for m in range(4):
                t = head[p] + self.offsets[m]
                ok = t == end[p]  # closing the path
                if not ok and not at_end and owner[t] == NL_EMPTY:  # growing onto a free square
                    touch = False  # ...that does not touch the path elsewhere
                    for m2 in range(4):
                        u = t + self.offsets[m2]
                        touch = touch or (u != head[p] and on[u] == p + 1)
                    ok = not touch
                mask[p * 5 + m] = ok and not complete[p]
                legal += mask[p * 5 + m]
            mask[p * 5 + NL_UNDO] = head[p] != start[p]
            legal += mask[p * 5 + NL_UNDO]
        self.legal[i] = legal

    cdef double play(self, Py_ssize_t i, long long a) noexcept nogil:
        cdef int p = <int>(a // 5), m = <int>(a % 5), s
        cdef int *owner = &self.owner[i * self.size]
        cdef int *on = &self.on[i * self.size]
        cdef int *head = &self.head[i * self.paths + p]
        cdef int end = self.end[i * self.paths + p]
        if m == NL_UNDO:
            s = head[0]
            head[0] = self.prev[i * self.size + s]
            on[s] = 0
            if s == end:
                self.complete[i * self.paths + p] = 0
            else:
                owner[s] = NL_EMPTY
                self.free_squares[i] += 1
        else:
            s = head[0] + self.offsets[m]
            self.prev[i * self.size + s] = head[0]
            head[0] = s
            on[s] = p + 1
            if s == end:
                self.complete[i * self.paths + p] = 1
            else:
                owner[s] = p + 1
                self.free_squares[i] -= 1
        self.show(i)
        return self.solve_reward if self.finished(i) else 0.0

    cdef bint finished(self, Py_ssize_t i) noexcept nogil:
        cdef int p
        if self.free_squares[i]:
            return False
        for p in range(self.pairs[i]):
            if not self.complete[i * self.paths + p]:
                return False
        return True
