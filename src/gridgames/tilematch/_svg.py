"""Tile-match pictures: the visible board and the hidden rows above it
(moves and what each settling phase moved or removed: _steps.py)."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from .._runtime.drawing import CELL, Drawing, axes, board as canvas, describe, outline, piece


class _Board(Protocol):
    """What is drawn of a Board (not imported: the Board imports this module)."""
    width: int
    height: int
    k: int
    tiles: int
    @property
    def hidden(self) -> int: ...
    def grid(self, hidden: bool = False) -> Sequence[Sequence[int]]: ...


def draw(board: _Board, marks: Collection[tuple[int, int]] = (), titles: bool = True) -> Drawing:
    """The board with its hidden rows (faint, above a dashed line); squares
    are (column, row), row 0 at the bottom; ``marks`` outlined; ``titles``:
    a tooltip per square."""
    grid, hidden, w = board.grid(hidden=True), board.hidden, board.width
    total = len(grid)
    d, x0, y0 = canvas(total, w, f"Tile-match {w}x{board.height} (k={board.k}): {board.tiles} tiles", titles)
    d.desc = describe("".join(str(v) if v else "." for v in row) for row in grid)
    for i, row in enumerate(grid):
        r = total - 1 - i
        for c, v in enumerate(row):
            x, y = x0 + c * CELL, y0 + i * CELL
            where = f"({c}, {r})" + (" hidden" if i < hidden else "")
            if v:
                piece(d, x, y, v, str(v), f"{where} tile {v}", "cell hidden" if i < hidden else "cell")
            else:
                d.cell(x, y, "empty", f"{where} empty")
    for c, r in marks:
        if 0 <= c < w and 0 <= r < total:
            outline(d, x0 + c * CELL, y0 + (total - 1 - r) * CELL)
    d.rect(x0, y0 + hidden * CELL, w * CELL, board.height * CELL, "frame")
    if hidden:
        d.line(x0, y0 + hidden * CELL, x0 + w * CELL, y0 + hidden * CELL, "split")
    axes(d, x0, y0, [str(total - 1 - i) for i in range(total)], [str(c) for c in range(w)])
    return d
