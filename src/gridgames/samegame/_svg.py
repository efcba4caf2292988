"""SameGame pictures: the board (a replay's frames and a judge file's steps: _steps.py)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Protocol

from .._runtime.drawing import CELL, Drawing, axes, board as canvas, describe, outline, piece


class _Board(Protocol):
    """What is drawn of a Board (not imported: _game imports this module)."""
    rows: int
    cols: int
    score: int
    remaining: int
    def grid(self) -> Sequence[Sequence[Optional[int]]]: ...


def draw(board: _Board, highlight: Sequence[tuple[int, int]] = (), titles: bool = True) -> Drawing:
    """The board, rows top first; ``highlight`` (judge (r, c) cells) outlined;
    ``titles``: a tooltip per square."""
    rows, cols = board.rows, board.cols
    d, x0, y0 = canvas(rows, cols, f"SameGame {rows}x{cols}: score {board.score}, "
                                   f"{board.remaining} cells left", titles)
    d.desc = describe("".join("." if v is None else str(v) for v in row) for row in board.grid())
    for i, row in enumerate(board.grid()):
        for j, v in enumerate(row):
            x, y, where = x0 + j * CELL, y0 + i * CELL, f"({rows - i}, {j + 1})"
            if v is None:
                d.cell(x, y, "empty", f"{where} empty")
            else:
                piece(d, x, y, v, str(v), f"{where} colour {v}")
    for r, c in highlight:
        outline(d, x0 + (c - 1) * CELL, y0 + (rows - r) * CELL)
    d.rect(x0, y0, cols * CELL, rows * CELL, "frame")
    axes(d, x0, y0, [str(rows - i) for i in range(rows)], [str(j + 1) for j in range(cols)])
    return d
