"""Tile-match boards of the batch (a subclass of _batch.Batch; twin
_batch_tilematch_pure.py); TileMatchEnv's rules: random bottom rows, settled
(never a cleared board), action (column * height + row) * 4 + direction (row
0 at the bottom), reward: the tiles the settling removed, truncated after
max_moves steps."""
from libc.stdlib cimport calloc, free

from gridgames.envs._batch cimport Batch
from gridgames.envs._draws cimport bounded
from gridgames.tilematch._kernel cimport (Grid, Settling, grid_clear, grid_move, settle_next,
                                          MAX_WIDTH, MAX_ROWS as TILE_ROWS)

cdef int[4] TILE_DC = [0, 1, 0, -1]  # UP, RIGHT, DOWN, LEFT
cdef int[4] TILE_DR = [1, 0, -1, 0]


cdef int settle_all(Grid *g) noexcept nogil:
    """Settle g (tilematch's settle_next phases); the tiles eliminated."""
    cdef Settling st
    cdef bint drops
    cdef int removed = 0
    st.quiet, st.drops, st.cleared, st.done = 0, True, False, False  # settle_begin
    while not st.done:
        drops = st.drops
        removed += settle_next(g, &st) * (not drops)
    return removed


cdef class TileMatchBatch(Batch):
    """``obs``: N x height*width bytes (rows top first)."""

    cdef int width, height, kinds, filled, k
    cdef Grid *grids
    cdef unsigned char[:, ::1] obs

    def __init__(self, Py_ssize_t n, int width, int height, int kinds, int filled, int k,
                 long long max_moves, obs, rewards, terminated, truncated, masks):
        if not (1 <= width <= MAX_WIDTH and 1 <= height <= TILE_ROWS and 1 <= kinds <= 9
                and 1 <= filled <= height and k >= 1 and max_moves >= 1):
            raise ValueError("need width 1..64, height 1..256, kinds 1..9, filled 1..height, "
                             "k >= 1, max_moves >= 1")
        super().__init__(n, width * height * 4, max_moves, rewards, terminated, truncated, masks)
        self.width, self.height, self.kinds, self.filled, self.k = width, height, kinds, filled, k
        self.obs = obs
        if self.obs.shape[0] != n or self.obs.shape[1] != width * height:
            raise ValueError("obs must be n x height*width")
        self.grids = <Grid *>calloc(n, sizeof(Grid))
        if not self.grids:
            raise MemoryError()

    def __dealloc__(self):
        free(self.grids)

    cdef void new_board(self, Py_ssize_t i) noexcept nogil:
        # Generator.integers(1, kinds + 1, size=(filled, width)) on the bottom
        # rows (top first), settled; again while that clears the board
        cdef Grid *g = &self.grids[i]
        cdef int row, c, h = self.height
        while True:
            grid_clear(g, self.width, h, h, self.k)
            for row in range(h - self.filled, h):
                for c in range(self.width):
                    g.cell[c * TILE_ROWS + h - 1 - row] = \
                        1 + <unsigned char>bounded(self.bitgens[i], self.kinds - 1)
                    g.tiles += 1
            settle_all(g)
            if g.tiles:
                break
        self.show(i)

    cdef void show(self, Py_ssize_t i) noexcept nogil:
        cdef const unsigned char *cell = self.grids[i].cell
        cdef unsigned char *obs = &self.obs[i, 0]
        cdef unsigned char *mask = &self.masks[i, 0]
        cdef int c, r, d, c2, r2, w = self.width, h = self.height, legal = 0
        cdef unsigned char t, meets, m
        for c in range(w):
            for r in range(h):
                t = cell[c * TILE_ROWS + r]
                obs[(h - 1 - r) * w + c] = t
                for d in range(4):
                    c2, r2 = c + TILE_DC[d], r + TILE_DR[d]
                    # a tile moved onto the board, changing something: not onto
                    # an equal tile, not up into an empty square (it falls back)
                    m = t != 0 and 0 <= c2 < w and 0 <= r2 < h
                    if m:
                        meets = cell[c2 * TILE_ROWS + r2]
                        m = meets != t and (d != 0 or meets != 0)
                    mask[(c * h + r) * 4 + d] = m
                    legal += m
        self.legal[i] = legal

    cdef double play(self, Py_ssize_t i, long long a) noexcept nogil:
        cdef Grid *g = &self.grids[i]
        cdef int d = a % 4, c = a // 4 // self.height, r = a // 4 % self.height, removed
        grid_move(g, c, r, c + TILE_DC[d], r + TILE_DR[d])
        removed = settle_all(g)
        self.show(i)
        return <double>removed

    cdef bint finished(self, Py_ssize_t i) noexcept nogil:
        return self.grids[i].tiles == 0
