"""The twin of ``_batch_numberlink.pyx``: NumberLinkBatch over N single ``NumberLinkEnv`` (pure backend)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy.typing as npt

from ._base import GridEnv
from ._batch_pure import Batch
from .numberlink import NumberLinkEnv

Array = npt.NDArray[Any]


class NumberLinkBatch(Batch):
    prepares = True

    def __init__(self, n: int, rows: int, cols: int, solve_reward: float, max_steps: int,
                 generate: Callable[[int], Any], obs: Array, rewards: Array, terminated: Array,
                 truncated: Array, masks: Array) -> None:
        """N boards, each a single env on the pure backend (see the class)."""
        envs: list[GridEnv] = [NumberLinkEnv(rows, cols, solve_reward=solve_reward, max_steps=max_steps,
                                             backend="pure") for _ in range(n)]
        super().__init__(envs, max_steps, rewards, terminated, truncated, masks, obs)
