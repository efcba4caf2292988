"""The twin of ``_batch_gopher.pyx``: GopherBatch over N single ``GopherEnv`` (pure backend)."""
from __future__ import annotations

from typing import Any

import numpy.typing as npt

from ._base import GridEnv
from ._batch_pure import Batch
from .gopher import GopherEnv

Array = npt.NDArray[Any]


class GopherBatch(Batch):
    def __init__(self, n: int, rows: int, cols: int, holes: int, hole_penalty: float, obs: Array,
                 rewards: Array, terminated: Array, truncated: Array, masks: Array) -> None:
        """N boards, each a single env on the pure backend (see the class)."""
        envs: list[GridEnv] = [GopherEnv(rows, cols, holes, hole_penalty=hole_penalty, backend="pure")
                               for _ in range(n)]
        super().__init__(envs, 0, rewards, terminated, truncated, masks, obs)
