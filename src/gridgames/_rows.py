"""Reading the rows given to a Board: the same checks for every game."""
from collections.abc import Iterable
from operator import index
from typing import SupportsIndex, Union


def int_rows(rows: Iterable[Iterable[Union[str, SupportsIndex]]]) -> list[list[int]]:
    """``rows`` (each a string of digits or a sequence of integers) as lists
    of ints; a non-integral number (1.5, inf, "x") is refused with TypeError
    or ValueError, never truncated."""
    return [[int(v) if isinstance(v, str) else index(v)
             for v in row] for row in rows]
