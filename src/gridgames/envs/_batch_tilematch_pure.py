"""The twin of ``_batch_tilematch.pyx``: TileMatchBatch over N single ``TileMatchEnv`` (pure backend)."""
from __future__ import annotations

from typing import Any

import numpy.typing as npt

from ._base import GridEnv
from ._batch_pure import Batch
from .tilematch import TileMatchEnv

Array = npt.NDArray[Any]


class TileMatchBatch(Batch):
    def __init__(self, n: int, width: int, height: int, kinds: int, filled: int, k: int, max_moves: int,
                 obs: Array, rewards: Array, terminated: Array, truncated: Array, masks: Array) -> None:
        """N boards, each a single env on the pure backend (see the class)."""
        envs: list[GridEnv] = [TileMatchEnv(width, height, kinds, filled, k, max_moves=max_moves,
                                            backend="pure") for _ in range(n)]
        super().__init__(envs, max_moves, rewards, terminated, truncated, masks, obs)
