"""The colour the tabu rule keeps for one big final region.  Today's rule
("auto") keeps the colour with the most cells at each playout's start, the
lowest on a tie; on standard boards 11 to 15 every colour has 45 cells, so
colour 0 is kept whatever the board.  ``BEST`` is a choice per standard
board made by measurement ("best"), not by the tie-break."""
from __future__ import annotations

from typing import Any, Union

# What ``tabu_colour`` takes: None or "auto" (today's rule), "best" (BEST
# for a standard board, today's rule for any other), "race" (the near-tied
# colours race inside the budget, samegame._race), or a colour number.
TabuColour = Union[int, str, None]
NAMES = ("auto", "best", "race")

# Standard board (1-based) -> the colour kept with "best".  Measured with
# benchmarks/samegame_ablation.py (NRPA level 3 restarted, 5 CPU s per
# search, seeds 1 and 2, each colour of the board; the lines are
# benchmarks/results/tabu-colours-5s.jsonl, the table in docs/results/samegame-ablation.md):
# a board is listed where a fixed colour's mean beat today's rule's, and
# the choice was then checked on fresh seeds at 10 CPU s.  Mean of 2 seeds:
#   7: colour 4 2,908 against 1,816 (today's rule keeps 0)
#   10: colour 2 3,270 against 1,812 (today's rule keeps 1)
#   11: colour 2 2,929 against 2,779   12: colour 1 3,206 against 3,013
#   13: colour 2 2,984 against 2,763   15: colour 1 3,364 against 2,859
#   (boards 11 to 15: every colour 45 cells, today's rule keeps 0)
# On boards 6, 8, 9 and 14 today's rule was the best; boards 1 to 5 and 16
# to 20 were not measured: they keep today's rule.
BEST: dict[int, int] = {7: 4, 10: 2, 11: 2, 12: 1, 13: 2, 15: 1}

_STANDARD: dict[tuple[tuple[int, ...], ...], int] = {}  # a standard board's cells (rows top first) -> its number


def standard_number(board: Any) -> int:
    """The number (1-based) of the standard board whose cells ``board`` has
    (``board.grid()``, rows top first), or 0.  Read here from the data file,
    not through Board: the search's modules sit below the Board class."""
    if not _STANDARD:
        from importlib import resources
        text = resources.files(__package__).joinpath("standard20.txt").read_text("ascii")
        for k, block in enumerate(text.strip().split("\n\n"), 1):
            _STANDARD[tuple(tuple(map(int, line.split())) for line in block.splitlines())] = k
    return _STANDARD.get(tuple(map(tuple, board.grid())), 0)
