"""The SameGame env's hot path in C: the observation and the action mask
from the kernel's snapshot, in one pass.  Its twin (numpy) is
``_view_pure.py``; results must be identical.  Raw buffers, not typed
memoryviews: the module stays small."""
from cpython.buffer cimport (PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release,
                             PyObject_GetBuffer)


cdef class SameGameView:
    """Fills the env's ``obs`` (a writable C-contiguous buffer of rows*cols
    bytes, rows top first) and ``mask`` (rows*cols bytes) in place from a
    SameGame snapshot.  ``lut`` (256 bytes) maps a snapshot cell to 0
    (empty) or a colour.  The buffers are held from the start (no buffer
    acquisition per call: this runs every step)."""

    cdef Py_buffer obs_buf, mask_buf
    cdef bint held
    cdef Py_ssize_t rows, cols
    cdef unsigned char lut[256]

    def __init__(self, lut, Py_ssize_t rows, Py_ssize_t cols, obs, mask):
        cdef bytes table = bytes(lut)
        cdef int i
        if len(table) != 256 or rows < 1 or cols < 1 or self.held:
            raise ValueError("need a 256-entry lut and rows, cols >= 1 (once)")
        for i in range(256):
            self.lut[i] = table[i]
        PyObject_GetBuffer(obs, &self.obs_buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        try:
            PyObject_GetBuffer(mask, &self.mask_buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        except BaseException:
            PyBuffer_Release(&self.obs_buf)
            raise
        self.held = True
        self.rows, self.cols = rows, cols
        if self.obs_buf.len != rows * cols or self.mask_buf.len != rows * cols:
            raise ValueError("obs and mask must be rows*cols bytes each")

    def __dealloc__(self):
        if self.held:
            PyBuffer_Release(&self.obs_buf)
            PyBuffer_Release(&self.mask_buf)

    def update(self, bytes snap not None):
        """Read ``snap`` (rows*cols bytes, bottom row first): ``obs`` gets the
        cells through ``lut``, ``mask`` 1 where a cell has an equal non-empty
        neighbour (it is in a region of 2 or more), else 0.  Returns the
        number of such cells."""
        cdef Py_ssize_t rows = self.rows, cols = self.cols, r, c, i, legal = 0
        cdef const unsigned char *cells = snap
        cdef unsigned char *obs = <unsigned char *>self.obs_buf.buf
        cdef unsigned char *mask = <unsigned char *>self.mask_buf.buf
        cdef unsigned char v, same
        if len(snap) != rows * cols:
            raise ValueError(f"need a snapshot of {rows * cols} cells, not {len(snap)}")
        with nogil:
            for r in range(rows):
                for c in range(cols):
                    obs[r * cols + c] = self.lut[cells[(rows - 1 - r) * cols + c]]
            for r in range(rows):
                for c in range(cols):
                    i = r * cols + c
                    v = obs[i]
                    same = v != 0 and ((c > 0 and obs[i - 1] == v)
                                       or (c + 1 < cols and obs[i + 1] == v)
                                       or (r > 0 and obs[i - cols] == v)
                                       or (r + 1 < rows and obs[i + cols] == v))
                    mask[i] = same
                    legal += same
        return legal
