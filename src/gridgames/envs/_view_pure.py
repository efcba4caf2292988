"""The twin of ``_view.pyx`` in numpy (whole-array operations, no Python
loop per cell); results must be identical."""
from __future__ import annotations

import numpy as np
import numpy.typing as npt


def samegame(snap: bytes, lut: npt.NDArray[np.uint8], obs: npt.NDArray[np.uint8],
             mask: npt.NDArray[np.uint8]) -> int:
    """See ``_view.samegame``: fill ``obs`` and ``mask``, return the number
    of cells in regions of 2 or more."""
    rows, cols = obs.shape
    cells = np.frombuffer(snap, dtype=np.uint8)
    if cells.size != rows * cols or mask.size != rows * cols or lut.size != 256:
        raise ValueError("need a snapshot and a mask of rows*cols cells and a 256-entry lut")
    obs[:] = lut[cells.reshape(rows, cols)[::-1]]
    same = np.zeros((rows, cols), dtype=bool)
    pair = obs[:, 1:] == obs[:, :-1]  # equal to the right neighbour
    same[:, 1:] |= pair
    same[:, :-1] |= pair
    pair = obs[1:] == obs[:-1]  # equal to the neighbour below
    same[1:] |= pair
    same[:-1] |= pair
    same &= obs != 0
    mask[:] = same.ravel()
    return int(np.count_nonzero(same))
