"""Limits and argument checks shared by the kernel, its twin and the text
reader, so every backend refuses exactly the same input with the same
ValueError (the limits and square codes are those of ``_kernel.pxd``)."""
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Optional

from .._runtime.kernel_constants import constants

_K = constants("numberlink/_kernel.pxd")
MAX_SIDE, EMPTY, SOLID = _K.MAX_SIDE, _K.EMPTY, _K.SOLID
INT_MAX = 2 ** 31 - 1


def board_size(rows: int, cols: int) -> tuple[int, int]:
    """(rows, cols) as ints after checking 1..MAX_SIDE each; ValueError."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(f"board size {rows}x{cols} is outside 1..{MAX_SIDE} x 1..{MAX_SIDE}")
    return int(rows), int(cols)


def numbering_problem(cells: Sequence[int], twice: bool) -> Optional[tuple[int, int, str, str]]:
    """The first number (ascending) that breaks the numbering, as (number,
    square index, expected, found), or None.  Every number 1..max must be
    present; with ``twice``, exactly twice (the square is its only or its
    third occurrence; for a gap, the first square of the next number)."""
    counts = Counter(cells)  # C speed: this runs on every check() of a big board
    top = max(max(counts, default=0), 0)
    for v in range(1, top + 1):
        n = counts.get(v, 0)
        if n == 0:
            w = min(u for u in counts if u > v)
            return w, cells.index(w), f"the numbers 1..{top} without a gap", f"no {v}"
        if twice and n != 2:
            if n == 1:
                return v, cells.index(v), "exactly 2 endpoints", "only 1"
            third = [i for i, u in enumerate(cells) if u == v][2]
            return v, third, "exactly 2 endpoints", "a third one"
    return None


def check_arguments(rows: int, cols: int, puzzle: Iterable[int], solution: Iterable[int]
                    ) -> tuple[int, int, list[int], list[int], int]:
    """(rows, cols, puzzle list, solution list, k) for the checker, after
    checking the size, the lengths, the square codes and that each puzzle
    number 1..k appears exactly twice; ValueError."""
    rows, cols = board_size(rows, cols)
    n = rows * cols
    p, s = list(puzzle), list(solution)
    for what, cells, top in (("puzzle", p, n), ("solution", s, INT_MAX)):
        if len(cells) != n:
            raise ValueError(f"{what} needs {n} squares, not {len(cells)}")
        if min(cells) < SOLID or max(cells) > top:  # builtins: C speed
            raise ValueError(f"{what} squares hold SOLID (-1), EMPTY (0) or 1..{top}")
    bad = numbering_problem(p, twice=True)
    if bad is not None:
        raise ValueError(f"puzzle number {bad[0]}: expected {bad[2]}, found {bad[3]}")
    return rows, cols, p, s, max(0, *p)


def solve_arguments(rows: int, cols: int, puzzle: Iterable[int], limit: int
                    ) -> tuple[int, int, list[int], int, int]:
    """(rows, cols, puzzle list, k, limit) for the solver, after checking the
    size, the length, the square codes, the numbering and that ``limit`` is
    1..INT_MAX; ValueError."""
    rows, cols = board_size(rows, cols)
    p = list(puzzle)
    if len(p) != rows * cols:
        raise ValueError(f"puzzle needs {rows * cols} squares, not {len(p)}")
    if p and (min(p) < SOLID or max(p) > rows * cols):
        raise ValueError(f"puzzle squares hold SOLID (-1), EMPTY (0) or 1..{rows * cols}")
    bad = numbering_problem(p, twice=True)
    if bad is not None:
        raise ValueError(f"puzzle number {bad[0]}: expected {bad[2]}, found {bad[3]}")
    if not 1 <= limit <= INT_MAX:
        raise ValueError(f"limit must be 1..{INT_MAX}, not {limit}")
    return rows, cols, p, max(0, *p), int(limit)
