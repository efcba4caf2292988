"""Tile-match pictures: the visible board, the hidden rows above it, moves
and what each settling phase moved or removed."""
from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Optional

from .._frames import Case, Frame, Tokens, chunks
from .._svg import CELL, Drawing, axes, board as canvas, describe, outline, piece

if TYPE_CHECKING:
    from ..tilematch import Board

COORD = 1000  # move coordinates are clamped to this: anything past it is off the board

# The step-through page (gridgames.pictures.show_html, `GAME show`): what a case is, what its
# status line counts, what one step of a case is.
UNIT, STATUS = "data set", "Tiles left"
STEP = "move and drop or elimination phase (what moved or vanished outlined)"


def draw(board: Board, marks: Collection[tuple[int, int]] = (), titles: bool = True) -> Drawing:
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


def _changed(before: list[tuple[int, ...]], after: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    total = len(after)
    return [(c, total - 1 - i) for i, (a, b) in enumerate(zip(before, after))
            for c, (u, v) in enumerate(zip(a, b)) if u != v]


def settle(board: Board, out: str) -> Iterator[Frame]:
    """A frame per settling phase, what moved or vanished outlined."""
    before = board.grid(hidden=True)
    for phase in board.settle():
        after = board.grid(hidden=True)
        noun = "fell" if phase.kind == "drops" else "removed"
        tiles = f"{phase.count} tile{'s' * (phase.count > 1)}"
        text = f"{phase.kind}: {tiles} {noun}" if phase.count else f"no {phase.kind}"
        text += ": the board is cleared" if phase.cleared else ""
        yield Frame(draw(board, _changed(before, after), False), text, str(board.tiles), out)
        before = after


def show(data: bytes, output: bytes, backend: Optional[str]) -> Iterator[Case]:
    """The data sets of a judge file: the board as read, the settling of
    move 0, then each move and its settling, beside the judge's lines."""
    from ..tilematch import Board
    sets = chunks(output, re.compile(rb"Data Set \d+\n"))
    read = Tokens(data)
    read.take()  # D: the judge's output says how many data sets were complete
    for number, text in enumerate(sets, 1):
        w, h, k, given = (read.take() for _ in range(4))
        rows = [[read.take() for _ in range(w)] for _ in range(given)] or [[0] * w]
        moves = [tuple(read.take(-COORD, COORD) for _ in range(4)) for _ in range(read.take())]
        parts = re.split(r"(?m)^(?=After move \d+:$)", text)
        said = dict(enumerate(parts[1:]))  # the judge's lines of move 0, 1, ...
        board = Board(rows, k=k, height=h, backend=backend)
        frames = [Frame(draw(board, titles=False), f"data set {number}: the board as read",
                        str(board.tiles), parts[0])]
        frames += settle(board, said.get(0, ""))
        for n, (c1, r1, c2, r2) in enumerate(moves, 1):
            if board.cleared:
                skipped = f"the board is cleared: moves {n}..{len(moves)} are skipped"
                frames.append(Frame(draw(board, titles=False), skipped, "0", said.get(n - 1, "")))
                break
            where = f"move {n}: ({c1}, {r1}) to ({c2}, {r2})"
            if not board.move(c1, r1, c2, r2):
                frames.append(Frame(draw(board, titles=False), f"{where} is invalid: nothing changes",
                                    str(board.tiles), said.get(n, "")))
                continue
            frames.append(Frame(draw(board, [(c1, r1), (c2, r2)], False), f"{where}: the two tiles swapped",
                                str(board.tiles), said.get(n, "")))
            frames += settle(board, said.get(n, ""))
        yield Case(f"Data set {number}", frames)
