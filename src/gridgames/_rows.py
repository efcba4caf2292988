"""Reading the rows given to a Board: the same checks for every game."""
from __future__ import annotations

from _operator import index  # operator's C half, built in: a judge starts without operator.py

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import SupportsIndex, Union


def int_rows(rows: Iterable[Iterable[Union[str, SupportsIndex]]]) -> list[list[int]]:
    """``rows`` (each a string of digits or a sequence of integers) as lists
    of ints; a non-integral number (1.5, inf, "x") is refused with TypeError
    or ValueError, never truncated."""
    return [[_digit(v, number) if isinstance(v, str) else index(v) for v in row]
            for number, row in enumerate(rows, 1)]


def _digit(text: str, row: int) -> int:
    # int() would accept ' 1', '١' or '1_0' and word its refusal for programmers
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"row {row} (top row 1): expected a digit 0..9, found {text!r}")
    return int(text)
