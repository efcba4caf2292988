# Types of the compiled _batch_gopher module (its twin is _batch_gopher_pure.py).

from typing_extensions import Buffer

from gridgames.envs._batch import Batch

class GopherBatch(Batch):
    def __init__(self, n: int, rows: int, cols: int, holes: int, hole_penalty: float, obs: Buffer,
                 rewards: Buffer, terminated: Buffer, truncated: Buffer, masks: Buffer) -> None: ...
