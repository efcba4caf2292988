"""Tile-match game with gravity (Rowan 2019): the Python API and the judge.

>>> b = Board(["00100", "01100"], k=3, height=3)   # rows top first, 0 = empty
>>> b.move(2, 1, 3, 1)                             # (column, row), row 0 at the bottom
True
>>> [(p.kind, p.count) for p in b.settle()]
[('drops', 1), ('eliminations', 3)]
>>> b.cleared
True
"""

from .._runtime.judge import InputError, JudgeError, JudgeResult
from ._game import (  # "X as X": handed on (the kernel's capacities)
    EXPECTED,
    FAR as FAR,
    HUGE as HUGE,
    MAX_ROWS as MAX_ROWS,
    MAX_WIDTH as MAX_WIDTH,
    Board,
    Phase,
    judge,
)

__all__ = ["Board", "Phase", "judge", "EXPECTED", "InputError", "JudgeError", "JudgeResult"]
