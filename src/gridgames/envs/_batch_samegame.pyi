# Types of the compiled _batch_samegame module (its twin is _batch_samegame_pure.py).

from typing_extensions import Buffer

from gridgames.envs._batch import Batch

class SameGameBatch(Batch):
    def __init__(self, n: int, rows: int, cols: int, colours: int, obs: Buffer, rewards: Buffer,
                 terminated: Buffer, truncated: Buffer, masks: Buffer) -> None: ...
