"""Tile-match steps: a judge file's data sets, a frame per move and per settling phase."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional

from .._runtime.step_frames import Case, Frame, Tokens, chunks
from ._game import Board
from ._svg import draw

COORD = 1000  # move coordinates are clamped to this: anything past it is off the board

# The step-through page (gridgames.pictures.show_html, `GAME show`): what a case is, what its
# status line counts, what one step of a case is.
UNIT, STATUS = "data set", "Tiles left"
STEP = "move and drop or elimination phase (what moved or vanished outlined)"


def _changed(before: list[tuple[int, ...]], after: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    total = len(after)
    return [(c, total - 1 - i) for i, (a, b) in enumerate(zip(before, after))
            for c, (u, v) in enumerate(zip(a, b)) if u != v]


def settle(board: Board, out: str, frames: list[Frame]) -> bool:
    """A frame per settling phase, what moved or vanished outlined, added to
    ``frames``; whether the settling cleared the board (as the judge says it:
    by eliminations, not a board that was empty already)."""
    before, cleared = board.grid(hidden=True), False
    for phase in board.settle():
        after = board.grid(hidden=True)
        noun = "fell" if phase.kind == "drops" else "removed"
        tiles = f"{phase.count} tile{'s' * (phase.count > 1)}"
        text = f"{phase.kind}: {tiles} {noun}" if phase.count else f"no {phase.kind}"
        text += ": the board is cleared" if phase.cleared else ""
        frames.append(Frame(draw(board, _changed(before, after), False), text, str(board.tiles), out))
        before, cleared = after, cleared or phase.cleared
    return cleared


def show(data: bytes, output: bytes, backend: Optional[str]) -> Iterator[Case]:
    """The data sets of a judge file: the board as read, the settling of
    move 0, then each move and its settling, beside the judge's lines."""
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
        cleared = settle(board, said.get(0, ""), frames)
        for n, (c1, r1, c2, r2) in enumerate(moves, 1):
            if cleared:
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
            cleared = settle(board, said.get(n, ""), frames)
        yield Case(f"Data set {number}", frames)
