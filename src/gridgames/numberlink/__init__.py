"""Number Link: a seeded union-find puzzle generator, the text format, a
solution checker and a complete solver.

>>> puzzle, solution = generate(2, 2, seed=0)
>>> print(puzzle, end="")
2 2
1 #
. 1
>>> check(puzzle, solution).valid
True
>>> bad = Solution.from_text("2 2\\n1 #\\n1 .\\n")
>>> print(check(puzzle, bad))
rule covered broken at row 2, column 2: the square is on no path
>>> solve(puzzle) == solution, count_solutions(puzzle)
(True, 1)

Squares are row-major, top row first; ``cells`` hold EMPTY (0), SOLID (-1)
or a positive number.  Rows and columns in messages count from 1, so row r
is on line r + 1 of the text.  ``backend`` is None (the default choice),
"compiled" or "pure"; both give the same results for the same seed.
"""
from .._runtime.judge import InputError, JudgeError
from ._check import EMPTY, MAX_SIDE, SOLID
from ._game import (  # "X as X": handed on, not in __all__
    FALLBACK_NODES as FALLBACK_NODES,
    RULES,
    Answer as Answer,
    Budget,
    Generated,
    Puzzle,
    Solution,
    Unknown,
    Verdict,
    answer as answer,
    check,
    count_solutions,
    generate,
    solve,
)

# The error of bad puzzle or solution text, by the name samegame gives the error of its text
# (samegame.FormatError); JudgeError is its old name.  Both are InputErrors, as every game's are.
FormatError = JudgeError

__all__ = ["Puzzle", "Solution", "Generated", "Verdict", "FormatError", "InputError", "JudgeError", "RULES",
           "EMPTY", "SOLID", "MAX_SIDE", "Budget", "Unknown", "generate", "check", "solve",
           "count_solutions"]
