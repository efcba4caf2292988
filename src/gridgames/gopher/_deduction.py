"""Gopher holes played by deduction only: ``solve`` and what it found
(the package hands them on, loaded on first use: a judge starts without
them)."""
from __future__ import annotations

from _operator import index  # operator's C half, built in

from .._runtime import Record
from .._runtime.backend import kernel as _load
from .._runtime.kernel_constants import constants

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import NamedTuple, Optional

_S = constants("gopher/_solve.pxd")  # the solver's outcomes

STATUS = {_S.CLEARED: "cleared", _S.STUCK: "stuck", _S.FELL: "fell", _S.GAVE_UP: "gave up"}


if TYPE_CHECKING:
    class Deduction(NamedTuple):
        status: str
        picks: list[tuple[int, int]]
        board: list[str]
        unknown: list[tuple[int, int]]
else:  # the same tuple at run time, written out: a judge starts without collections and typing
    class Deduction(Record, fields=("status", "picks", "board", "unknown")):
        """What ``solve`` found.  ``status``: "cleared" (every safe patch is
        inspected), "stuck" (no patch is provably safe), "fell" (the first
        pick, a guess, was a hole) or "gave up" (an exact stage ran over its
        step budget).  ``picks``: (row, col) in order, the first pick first;
        every later one is provably safe.  ``board``: the field as seen at the
        end (``Field.grid()`` rows).  ``unknown``: the patches not inspected
        (the holes among them), row-major."""

        __slots__ = ()

        def __new__(cls, status, picks, board, unknown):
            return tuple.__new__(cls, (status, picks, board, unknown))


def solve(rows: int, cols: int, holes: Iterable[tuple[int, int]],
          first: Optional[tuple[int, int]] = None, *, budget: Optional[int] = None,
          backend: Optional[str] = None) -> Deduction:
    """Play the field by deduction only from the pick ``first`` (default:
    the middle patch): each round picks, row-major, every patch that no
    arrangement of holes consistent with what is seen and with the number of
    holes puts a hole on (fast rules first, then an exact stage over the
    frontier), until the field is cleared or nothing is provably safe.
    ``budget``: enumeration steps allowed to one exact stage (default
    200,000)."""
    rows, cols, spots = index(rows), index(cols), [(index(r), index(c)) for r, c in holes]
    solver = _load("gopher", backend, part="solve").Solver(rows, cols, spots)
    fr, fc = ((rows + 1) // 2, (cols + 1) // 2) if first is None else (index(first[0]), index(first[1]))
    if not (1 <= fr <= rows and 1 <= fc <= cols):
        raise ValueError(f"the first pick ({fr}, {fc}) is outside the {rows}x{cols} field")
    solver.start(fr, fc)
    if budget is None:
        from ._noguess import NODES
        budget = NODES
    status = solver.run(min(index(budget), 1 << 62))  # a C long long in the kernel
    snap = solver.state.snapshot().decode("ascii")
    board = [snap[r * cols:(r + 1) * cols] for r in range(rows)]
    unknown = [(r + 1, c + 1) for r in range(rows) for c in range(cols) if board[r][c] == "#"]
    return Deduction(STATUS[status], solver.picks, board, unknown)
