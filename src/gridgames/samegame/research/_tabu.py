"""The colour the tabu rule keeps for one big final region.  Today's rule
("auto") keeps the colour with the most cells at each playout's start, the
lowest on a tie; on standard boards 11 to 15 every colour has 45 cells, so
colour 0 is kept whatever the board.  ``BEST`` is a choice per standard
board made by measurement ("best"), not by the tie-break."""
from __future__ import annotations

from typing import Union

# What ``tabu_colour`` takes: None or "auto" (today's rule), "best" (BEST
# for a standard board, today's rule for any other), or a colour number.
TabuColour = Union[int, str, None]
NAMES = ("auto", "best")

# Standard board (1-based) -> the colour kept with "best".  Measured with
# benchmarks/samegame_tabu_colours.py (NRPA level 3 restarted, 5 CPU s per
# search, seeds 1 and 2, every colour of the board; the table in
# docs/research.md): a board is listed only where a fixed colour's mean beat
# today's rule; every other board keeps today's rule.
BEST: dict[int, int] = {}
