"""SameGame steps: a replay's frames and a judge file's cases, one frame per selection."""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Optional

from .._runtime.step_frames import Case, Frame, Tokens, chunks
from ._game import Board
from ._svg import draw

COORD = 1000  # selections are clamped to this: anything past it is outside every frame

# The step-through page (gridgames.pictures.show_html, `GAME show`): what a case is, what its
# status line counts, what one step of a case is.
UNIT, STATUS = "grid", "Score"
STEP = "selection (its region outlined before it goes)"


def moves_frames(board: Board, moves: Sequence[tuple[int, int]], out: str = "") -> Iterator[Frame]:
    """A frame before each move (its region outlined, the score so far),
    then the final position; ``board`` is played (a move that removes
    nothing changes nothing, as in the judge)."""
    for k, (r, c) in enumerate(moves, 1):
        r, c = (min(max(v, 0), COORD) for v in (r, c))
        region = board.region(r, c) if 1 <= r <= board.rows and 1 <= c <= board.cols else []
        before = board.score
        if len(region) >= 2:
            colour = board.grid()[board.rows - r][c - 1]
            gain = (len(region) - 2) ** 2
            text = (f"move {k} of {len(moves)}: ({r}, {c}) removes {len(region)} cells of colour "
                    f"{colour}: +{gain} points" + (" and +1000: the board is cleared"
                                                  if len(region) == board.remaining else ""))
        else:
            text = f"move {k} of {len(moves)}: ({r}, {c}) removes nothing " + \
                ("(a single cell)" if region else "(no cell there)")
        yield Frame(draw(board, region if len(region) >= 2 else [], False), text, str(before), out)
        board.select(r, c)
    state = "won: the board is cleared (+1000)" if board.won else \
        "over: no region of 2 or more cells is left" if board.over else "moves left"
    yield Frame(draw(board, titles=False), f"final position after {len(moves)} moves: {state}",
                str(board.score), out)


def show(data: bytes, output: bytes, backend: Optional[str]) -> Iterator[Case]:
    """The grids of a judge file, each selection a step; the judge's output
    for the grid (its final position) beside every step."""
    outs = chunks(output, re.compile(rb"Grid \d+\.\n"))
    read = Tokens(data)
    for number in range(1, len(outs) + 1):  # complete grids only: each has its output
        m, n = read.take(), read.take()
        cells = [read.take() for _ in range(m * n)]
        board = Board([cells[r * n:(r + 1) * n] for r in reversed(range(m))], backend=backend)
        moves = []
        while True:
            r, c = read.take(), read.take()
            if r == c == 0:
                break
            moves.append((r, c))
        yield Case(f"Grid {number}", moves_frames(board, moves, outs[number - 1]))
