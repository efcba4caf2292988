"""Number Link pictures: solid squares shaded, endpoints as labelled
circles, and in a solution each path as one line through its squares."""
from __future__ import annotations

from typing import Protocol

from .._runtime.drawing import CELL, Drawing, axes, board as canvas

SOLID = -1


class _Board(Protocol):
    """What is drawn of a Puzzle or Solution (not imported: _game imports this module)."""
    rows: int
    cols: int
    cells: tuple[int, ...]
    _solution: bool


def draw(board: _Board, title: str = "", numbers: bool = True,
         titles: bool = True) -> Drawing:
    """A puzzle (endpoints) or a solution (paths; its endpoints are the
    squares with one neighbour on their path).  ``numbers``: row and column
    numbers in the margin; ``titles``: a tooltip per square."""
    rows, cols, cells = board.rows, board.cols, board.cells
    solution = board._solution
    kind = "solution" if solution else "puzzle"
    d, x0, y0 = canvas(rows, cols, title or f"Number Link {kind} {rows}x{cols}", titles)

    def centre(i: int) -> tuple[float, float]:
        return x0 + (i % cols + 0.5) * CELL, y0 + (i // cols + 0.5) * CELL

    def same(i: int, j: int) -> bool:
        return cells[i] > 0 and cells[i] == cells[j]

    lines: dict[int, list[list[tuple[float, float]]]] = {}
    degree = [0] * len(cells)
    for i, v in enumerate(cells):
        where = f"({i // cols + 1}, {i % cols + 1})"
        label = "solid" if v == SOLID else "empty" if v == 0 else f"path {v}" if solution else f"endpoint {v}"
        x, y = x0 + (i % cols) * CELL, y0 + (i // cols) * CELL
        d.cell(x, y, "solid" if v == SOLID else "empty", f"{where} {label}")
        for j in ((i + 1) if i % cols + 1 < cols else -1, i + cols if i + cols < len(cells) else -1):
            if solution and j >= 0 and same(i, j):
                lines.setdefault(v, []).append([centre(i), centre(j)])
                degree[i] += 1
                degree[j] += 1
    for v, segments in sorted(lines.items()):
        d.path(segments, f"p{(v - 1) % 10}")
    for i, v in enumerate(cells):
        if v > 0 and (not solution or degree[i] <= 1):
            x, y = centre(i)
            d.circle(x, y, CELL * 0.4, f"c{(v - 1) % 10} end")
            label = str(v)
            if len(label) == 1:
                d.label(x, y, label, f"lab ink{(v - 1) % 10}", CELL * 0.5)
            else:
                d.text(x, y, label, f"lab ink{(v - 1) % 10}", CELL * (0.45 if len(label) < 3 else 0.32))
    d.rect(x0, y0, cols * CELL, rows * CELL, "frame")
    if numbers:
        axes(d, x0, y0, [str(r) for r in range(1, rows + 1)], [str(c) for c in range(1, cols + 1)])
    return d
