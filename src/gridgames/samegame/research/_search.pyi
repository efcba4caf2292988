# Types of the compiled _search module (its twin _search_pure.py is typed inline).
from collections.abc import Sequence
from typing import Any, Optional

MAX_MOVES: int
RUNNING: int
STOPPED_TIME: int
STOPPED_FLAG: int
STOPPED_INTERRUPT: int
ALGO_RANDOM: int
ALGO_NMCS: int
ALGO_NRPA: int
ALGO_BEAM: int
ALGO_BEAM_EVAL: int
ALGO_NMCS_BEAM: int
MAX_WIDTH: int
POLICY_BITS: int
POLICY_SIZE: int
TABU_FREE_DEPTH: int
MAX_LEVEL: int
PRIOR_FEATURES: int

class Stop:
    def set(self) -> None: ...
    @property
    def is_set(self) -> bool: ...
    @property
    def seen_so_far(self) -> tuple[int, int]: ...

def playouts(root: object, n: int, seed: int, tabu: bool) -> list[int]: ...
def search(root: object, algo: int, level: int, iterations: int, width: int, seed: int,
           tabu: bool, seconds: float, stop: Optional[Stop],
           poll_signals: bool, stab: int = 1, repeats: int = 0, restarts: int = 0, tabu_bias: float = -1.0,
           size_bias: float = 0.0,
           policy: Optional[bytes] = None,
           cpu_time: bool = False,
           improve: Optional[Sequence[tuple[int, int]]] = None,
           tabu_colour: int = -1,
           colour_bias: float = 0.0,
           improve_adapts: Optional[int] = None,
           weights: tuple[int, int, int] = (0, 0, 0), tabu_free: int = 10,
           tabu_until: int = 0,
           prior: Optional[Sequence[float]] = None) -> tuple[int, list[tuple[int, int]], int, int]: ...
def adapt_policy(root: object, policy: bytes, moves: Sequence[Sequence[int]], tabu: bool,
                 tabu_bias: float, size_bias: float, tabu_colour: int = -1,
                 colour_bias: float = 0.0, tabu_free: int = 10, tabu_until: int = 0) -> bytes: ...

class NrpaRun:
    # __cinit__ in the kernel: the arguments go to __new__
    def __new__(cls, root: object, level: int, iterations: int, seed: int, tabu: bool, stab: int = 1,
                repeats: int = 0, restarts: int = 0, tabu_bias: float = -1.0, size_bias: float = 0.0,
                policy: Optional[bytes] = None, improve: Optional[Sequence[tuple[int, int]]] = None,
                tabu_colour: int = -1, colour_bias: float = 0.0,
                improve_adapts: Optional[int] = None, tabu_free: int = 10,
                tabu_until: int = 0, prior: Optional[Sequence[float]] = None) -> NrpaRun: ...
    @property
    def done(self) -> bool: ...
    def run(self, seconds: float, stop: Optional[Stop], poll_signals: bool, cpu_time: bool = False,
            every: float = -1.0) -> bool: ...
    def result(self) -> tuple[int, list[tuple[int, int]], int, int]: ...
    def state(self) -> dict[str, Any]: ...
    def load(self, state: dict[str, Any]) -> None: ...
