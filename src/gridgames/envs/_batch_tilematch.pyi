# Types of the compiled _batch_tilematch module (its twin is _batch_tilematch_pure.py).

from typing_extensions import Buffer

from gridgames.envs._batch import Batch

class TileMatchBatch(Batch):
    def __init__(self, n: int, width: int, height: int, kinds: int, filled: int, k: int, max_moves: int,
                 obs: Buffer, rewards: Buffer, terminated: Buffer, truncated: Buffer, masks: Buffer) -> None: ...
