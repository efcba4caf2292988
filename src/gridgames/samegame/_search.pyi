# Types of the compiled _search module (its twin _search_pure.py is typed inline).
from typing import Optional

MAX_MOVES: int
RUNNING: int
STOPPED_TIME: int
STOPPED_FLAG: int
STOPPED_INTERRUPT: int
ALGO_RANDOM: int
ALGO_NMCS: int
ALGO_NRPA: int
ALGO_BEAM: int

class Stop:
    def set(self) -> None: ...
    @property
    def is_set(self) -> bool: ...

def playouts(root: object, n: int, seed: int, tabu: bool) -> list[int]: ...
def search(root: object, algo: int, level: int, iterations: int, width: int, seed: int,
           tabu: bool, seconds: float, stop: Optional[Stop],
           poll_signals: bool) -> tuple[int, list[tuple[int, int]], int, int]: ...
