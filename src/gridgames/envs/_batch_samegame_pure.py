"""The twin of ``_batch_samegame.pyx``: SameGameBatch over N single ``SameGameEnv`` (pure backend)."""
from __future__ import annotations

from typing import Any

import numpy.typing as npt

from ._base import GridEnv
from ._batch_pure import Batch
from .samegame import SameGameEnv

Array = npt.NDArray[Any]


class SameGameBatch(Batch):
    def __init__(self, n: int, rows: int, cols: int, colours: int, obs: Array, rewards: Array,
                 terminated: Array, truncated: Array, masks: Array) -> None:
        """N boards, each a single env on the pure backend (see the class)."""
        envs: list[GridEnv] = [SameGameEnv(rows, cols, colours, backend="pure") for _ in range(n)]
        super().__init__(envs, 0, rewards, terminated, truncated, masks, obs)
