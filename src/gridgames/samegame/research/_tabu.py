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
# benchmarks/samegame_ablation.py (NRPA level 3 restarted, 5 CPU s per
# search, seeds 1 and 2, each colour of the board; the lines are
# benchmarks/results/tabu-colours-5s.jsonl, the table in docs/research.md):
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
