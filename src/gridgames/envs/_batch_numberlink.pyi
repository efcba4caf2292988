# Types of the compiled _batch_numberlink module (its twin is _batch_numberlink_pure.py).
from collections.abc import Callable
from typing import Any

from typing_extensions import Buffer

from gridgames.envs._batch import Batch

class NumberLinkBatch(Batch):
    def __init__(self, n: int, rows: int, cols: int, solve_reward: float, max_steps: int,
                 generate: Callable[[int], Any], obs: Buffer, rewards: Buffer, terminated: Buffer,
                 truncated: Buffer, masks: Buffer) -> None: ...
