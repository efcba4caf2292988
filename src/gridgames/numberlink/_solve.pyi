# Types of the compiled _solve module (its twin _solve_pure.py is typed inline).
from array import array
from collections.abc import Iterable
from typing import Optional

# (count up to limit, the first solution's cells or None, search nodes)
def solve(rows: int, cols: int, puzzle: Iterable[int], limit: int
          ) -> tuple[int, Optional[array[int]], int]: ...
