"""Gopher steps: a judge file's games, a frame per pick."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional

from .._frames import Case, Frame
from ._game import Field
from ._svg import draw

COORD = 1000  # picks are clamped to this: anything past it is outside every field
_BOARD = re.compile(rb"\+-*\+\n(?:\|[^\n]*\|\n)*\+-*\+\n")

# The step-through page (gridgames.pictures.show_html, `GAME show`): what a case is, what its
# status line counts, what one step of a case is.
UNIT, STATUS = "game", "Safe patches left"
STEP = "pick (the patch ringed, what it revealed shaded)"


def _unseen(field: Field) -> set[tuple[int, int]]:
    return {(i, j) for i, line in enumerate(field.grid(), 1) for j, ch in enumerate(line, 1) if ch == "#"}


def _ints(lines: list[bytes], at: int, count: int) -> list[int]:
    """The ``count`` integers of line ``at``; ValueError if it has not exactly those."""
    found = [int(v) for v in lines[at].split()] if at < len(lines) else []
    if len(found) != count:
        raise ValueError(f"line {at + 1}: expected {count} integers")
    return found


def show(data: bytes, output: bytes, backend: Optional[str]) -> Iterator[Case]:
    """The games of a judge file, each pick a step, beside the board the
    judge printed for it.  Stops where the judge's boards stop."""
    boards = [b.decode("ascii", "replace") for b in _BOARD.findall(output)]
    lines, at, number = data.split(b"\n"), 0, 0
    while at < len(lines) and (number == 0 or boards):
        while at < len(lines) and not lines[at].strip():
            at += 1
        if at >= len(lines):
            return
        number += 1
        rows, cols = _ints(lines, at, 2)
        count = _ints(lines, at + 1, 1)[0]
        holes = [_ints(lines, at + 2 + h, 2) for h in range(count)]
        at += 2 + count
        field = Field(rows, cols, [(r, c) for r, c in holes], backend=backend)
        frames = [Frame(draw(field, holes=True, titles=False), f"game {number}: {rows}x{cols}, {count} holes "
                        "(marked faintly), no pick yet", str(field.safe_left), "")]
        k = 0
        while at < len(lines) and lines[at].strip() and boards:
            try:
                r, c = (min(max(int(v), -COORD), COORD) for v in lines[at].split())
            except ValueError:  # the bad line the judge stopped at
                break
            at, k = at + 1, k + 1
            seen, over = _unseen(field), field.fell
            outcome = field.pick(r, c)
            what = ("outside the field: nothing changes" if outcome.outside else
                    "nothing changes: the game is over" if over else
                    "fell in a hole: the game is over" if outcome.fell else
                    f"inspected {outcome.revealed} patch{'es' * (outcome.revealed > 1)}" if outcome.revealed
                    else "nothing changes (already inspected)")
            frames.append(Frame(draw(field, (r, c), seen - _unseen(field), True, False),
                                f"pick {k}: ({r}, {c}) {what}", str(field.safe_left), boards.pop(0)))
        yield Case(f"Game {number}", frames)
