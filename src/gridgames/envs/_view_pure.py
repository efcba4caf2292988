"""The twin of ``_view.pyx`` in numpy (whole-array operations, no Python
loop per cell); results must be identical."""
from __future__ import annotations

import numpy as np
import numpy.typing as npt


class SameGameView:
    """See ``_view.SameGameView``: fills ``obs`` and ``mask`` in place."""

    def __init__(self, lut: npt.NDArray[np.uint8], obs: npt.NDArray[np.uint8],
                 mask: npt.NDArray[np.uint8]) -> None:
        if lut.size != 256 or mask.size != obs.size:
            raise ValueError("need a 256-entry lut and a mask of rows*cols cells")
        self.lut, self.obs, self.mask = lut.copy(), obs, mask

    def update(self, snap: bytes) -> int:
        """Fill ``obs`` and ``mask``; the number of cells in regions of 2+."""
        rows, cols = self.obs.shape
        if len(snap) != rows * cols:
            raise ValueError(f"need a snapshot of {rows * cols} cells, not {len(snap)}")
        obs = self.obs
        obs[:] = self.lut[np.frombuffer(snap, dtype=np.uint8).reshape(rows, cols)[::-1]]
        same = np.zeros((rows, cols), dtype=bool)
        pair = obs[:, 1:] == obs[:, :-1]  # equal to the right neighbour
        same[:, 1:] |= pair
        same[:, :-1] |= pair
        pair = obs[1:] == obs[:-1]  # equal to the neighbour below
        same[1:] |= pair
        same[:-1] |= pair
        same &= obs != 0
        self.mask[:] = same.ravel()
        return int(np.count_nonzero(same))
