"""The SameGame env's hot path in C: the observation and the action mask
from the kernel's snapshot, in one pass.  Its twin (numpy) is
``_view_pure.py``; results must be identical."""


def samegame(const unsigned char[::1] snap, const unsigned char[::1] lut,
             unsigned char[:, ::1] obs, unsigned char[::1] mask):
    """Fill ``obs`` (rows x cols, rows top first) with ``lut`` of the
    snapshot's cells (rows*cols bytes, bottom row first; ``lut`` maps a cell
    to 0 for empty, else a colour), and ``mask`` (rows*cols) with 1 where a
    cell has an equal non-empty neighbour (it is in a region of 2 or more),
    else 0.  Returns the number of such cells."""
    cdef Py_ssize_t rows = obs.shape[0], cols = obs.shape[1]
    cdef Py_ssize_t r, c, legal = 0
    cdef unsigned char v, same
    if snap.shape[0] != rows * cols or mask.shape[0] != rows * cols or lut.shape[0] != 256:
        raise ValueError("need a snapshot and a mask of rows*cols cells and a 256-entry lut")
    with nogil:
        for r in range(rows):
            for c in range(cols):
                obs[r, c] = lut[snap[(rows - 1 - r) * cols + c]]
        for r in range(rows):
            for c in range(cols):
                v = obs[r, c]
                same = v != 0 and ((c > 0 and obs[r, c - 1] == v)
                                   or (c + 1 < cols and obs[r, c + 1] == v)
                                   or (r > 0 and obs[r - 1, c] == v)
                                   or (r + 1 < rows and obs[r + 1, c] == v))
                mask[r * cols + c] = same
                legal += same
    return legal
