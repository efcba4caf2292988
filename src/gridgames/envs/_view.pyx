# cython: freethreading_compatible=True
"""The SameGame env's hot path in C: the observation and the action mask
from the kernel's snapshot, in one pass.  Its twin (numpy) is
``_view_pure.py``; results must be identical."""


cdef class SameGameView:
    """Fills the env's ``obs`` (rows x cols uint8, rows top first) and
    ``mask`` (rows*cols uint8) in place from a SameGame snapshot.  ``lut``
    (256 uint8) maps a snapshot cell to 0 (empty) or a colour.  The buffers
    are held (no per-call buffer acquisition: this runs every step)."""

    cdef unsigned char[:, ::1] obs
    cdef unsigned char[::1] mask
    cdef unsigned char lut[256]

    def __init__(self, const unsigned char[::1] lut, unsigned char[:, ::1] obs,
                 unsigned char[::1] mask):
        cdef int i
        if lut.shape[0] != 256 or mask.shape[0] != obs.shape[0] * obs.shape[1]:
            raise ValueError("need a 256-entry lut and a mask of rows*cols cells")
        for i in range(256):
            self.lut[i] = lut[i]
        self.obs, self.mask = obs, mask

    def update(self, bytes snap not None):
        """Read ``snap`` (rows*cols bytes, bottom row first): ``obs`` gets the
        cells through ``lut``, ``mask`` 1 where a cell has an equal non-empty
        neighbour (it is in a region of 2 or more), else 0.  Returns the
        number of such cells."""
        cdef Py_ssize_t rows = self.obs.shape[0], cols = self.obs.shape[1]
        cdef Py_ssize_t r, c, legal = 0
        cdef const unsigned char *cells = snap
        cdef unsigned char[:, ::1] obs = self.obs
        cdef unsigned char v, same
        if len(snap) != rows * cols:
            raise ValueError(f"need a snapshot of {rows * cols} cells, not {len(snap)}")
        with nogil:
            for r in range(rows):
                for c in range(cols):
                    obs[r, c] = self.lut[cells[(rows - 1 - r) * cols + c]]
            for r in range(rows):
                for c in range(cols):
                    v = obs[r, c]
                    same = v != 0 and ((c > 0 and obs[r, c - 1] == v)
                                       or (c + 1 < cols and obs[r, c + 1] == v)
                                       or (r > 0 and obs[r - 1, c] == v)
                                       or (r + 1 < rows and obs[r + 1, c] == v))
                    self.mask[r * cols + c] = same
                    legal += same
        return legal
