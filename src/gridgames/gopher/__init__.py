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

from .._runtime import lazy_getattr
from .._runtime.judge import InputError, JudgeError, JudgeResult
from ._game import EXPECTED, HUGE, MAX_COLS, MAX_ROWS, Field, Outcome, PickWarning, judge

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from ._deduction import STATUS, Deduction, solve
    from ._noguess import NoGuess, NoGuessFailed, check_request, no_guess
else:  # the solver's outcomes and the generator (random-number code): only when used
    __getattr__ = lazy_getattr(__name__, {
        **{name: ("_deduction", name) for name in ("STATUS", "Deduction", "solve")},
        **{name: ("_noguess", name) for name in ("NoGuess", "NoGuessFailed", "check_request", "no_guess")}})

# The kernel's capacities and the solver's words are handed on too.
__all__ = ["Field", "Outcome", "PickWarning", "judge", "EXPECTED", "InputError", "JudgeError", "JudgeResult", "HUGE",
           "MAX_COLS", "MAX_ROWS", "STATUS", "Deduction", "solve", "NoGuess", "NoGuessFailed", "no_guess",
           "check_request"]
