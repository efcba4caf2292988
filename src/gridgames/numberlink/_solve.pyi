# Types of the compiled _solve module (its twin _solve_pure.py is typed inline).
from array import array
from collections.abc import Callable, Iterable
from typing import Optional

ASSIGN: int
PARITY: int
CORRIDOR: int
SPLIT: int
PRUNING: int
TICK_EVERY: int

# (count up to limit, the first solution's cells or None, search nodes, finished)
def solve(rows: int, cols: int, puzzle: Iterable[int], limit: int, max_nodes: int = 0,
          tick: Optional[Callable[[int], object]] = None, rules: int = ...
          ) -> tuple[int, Optional[array[int]], int, bool]: ...
