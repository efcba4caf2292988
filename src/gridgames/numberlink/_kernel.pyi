# Type information for the compiled Number Link kernel (_kernel.pyx).  The
# pure-Python twin _kernel_pure.py has the same interface.
from array import array
from collections.abc import Sequence
from typing import Optional

def uniform(seed: int, bound: int, count: int) -> list[int]: ...
def generate(rows: int, cols: int, seed: int) -> tuple[array[int], list[int]]: ...
def check(rows: int, cols: int, puzzle: Sequence[int], solution: Sequence[int]
          ) -> Optional[tuple[int, int, int, int]]: ...
