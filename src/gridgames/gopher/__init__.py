"""The gopher-hole game (a Minesweeper relative; 2001 regional contest,
problem 6): the Python API and the judge function.

>>> field = Field(3, 3, [(1, 1), (3, 3)])   # rows, columns, holes (row 1 at the top)
>>> field.pick(2, 2)
Outcome(revealed=1, fell=False, outside=False)
>>> print(field.render(), end="")
+---+
|###|
|#2#|
|###|
+---+
>>> field.pick(1, 1).fell
True
>>> field.grid()
['!##', '#2#', '##*']
"""
from __future__ import annotations

from .._judge import JudgeError, JudgeResult
from ._game import (  # "X as X": handed on (the kernel's capacities, the solver's words)
    EXPECTED,
    HUGE as HUGE,
    MAX_COLS as MAX_COLS,
    MAX_ROWS as MAX_ROWS,
    STATUS as STATUS,
    Deduction,
    Field,
    Outcome,
    PickWarning,
    judge,
    solve,
)

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Any

    from ._noguess import NoGuess, NoGuessFailed, check_request, no_guess
else:
    def __getattr__(name: str) -> Any:  # the generator loads random-number code: only when used
        if name in ("NoGuess", "NoGuessFailed", "check_request", "no_guess"):
            from . import _noguess
            return getattr(_noguess, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Field", "Outcome", "PickWarning", "judge", "EXPECTED", "JudgeError", "JudgeResult",
           "Deduction", "solve", "NoGuess", "NoGuessFailed", "no_guess", "check_request"]
