"""The twin of ``_view.pyx`` in numpy (whole-array operations, no Python
loop per cell); results must be identical."""
from __future__ import annotations

import numpy as np
import numpy.typing as npt


class SameGameView:
    """See ``_view.SameGameView``: fills ``obs`` and ``mask`` in place."""

    def __init__(self, lut: npt.NDArray[np.uint8], rows: int, cols: int,
                 obs: npt.NDArray[np.uint8], mask: npt.NDArray[np.uint8]) -> None:
        if lut.size != 256 or rows < 1 or cols < 1:
            raise ValueError("need a 256-entry lut and rows, cols >= 1 (once)")
        if obs.size != rows * cols or mask.size != rows * cols:
            raise ValueError("obs and mask must be rows*cols bytes each")
        self.lut, self.obs, self.mask = lut.copy(), obs.reshape(rows, cols), mask

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
