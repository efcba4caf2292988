"""Gopher-field pictures: inspected counts, unseen grass, holes and picks."""
from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Optional

from .._frames import Case, Frame
from .._svg import CELL, Drawing, axes, board as canvas, describe

if TYPE_CHECKING:
    from ..gopher import Field

COORD = 1000  # picks are clamped to this: anything past it is outside every field
_BOARD = re.compile(rb"\+-*\+\n(?:\|[^\n]*\|\n)*\+-*\+\n")

# The step-through page (gridgames.pictures.show_html, `GAME show`): what a case is, what its
# status line counts, what one step of a case is.
UNIT, STATUS = "game", "Safe patches left"
STEP = "pick (the patch ringed, what it revealed shaded)"


def draw(field: Field, pick: Optional[tuple[int, int]] = None, new: Collection[tuple[int, int]] = (),
         holes: bool = False, titles: bool = True) -> Drawing:
    """The field as the player sees it: green grass unseen, white inspected
    (with the count of holes around), after a fall every hole (the one
    fallen into orange, '!'); ``pick`` ringed, ``new`` (just inspected)
    shaded; ``holes`` marks the holes still hidden (for problem setters);
    ``titles``: a tooltip per square."""
    rows, cols = field.rows, field.cols
    hidden = set(field.holes) if holes else set()
    state = "fell in a hole" if field.fell else "won" if field.won else f"{field.safe_left} safe patches left"
    d, x0, y0 = canvas(rows, cols, f"Gopher field {rows}x{cols}: {state}", titles)
    d.desc = describe(line.replace(" ", "_") for line in field.grid())
    for i, line in enumerate(field.grid(), 1):
        for j, ch in enumerate(line, 1):
            x, y, where = x0 + (j - 1) * CELL, y0 + (i - 1) * CELL, f"({i}, {j})"
            if ch == "#":
                hole = (i, j) in hidden
                d.cell(x, y, "unseen", f"{where} unseen" + (", a hole" if hole else ""))
                if hole:
                    d.circle(x + CELL / 2, y + CELL / 2, CELL * 0.16, "hole hidden")
            elif ch in "!*":
                d.cell(x, y, "seen", f"{where} " + ("fell in this hole" if ch == "!" else "a hole"))
                d.circle(x + CELL / 2, y + CELL / 2, CELL * 0.36, "fell" if ch == "!" else "hole")
                d.label(x + CELL / 2, y + CELL / 2, ch, "lab ink1", CELL * 0.45)
            else:
                d.cell(x, y, "new" if (i, j) in new else "seen",
                       f"{where} inspected: {ch if ch != ' ' else 0} holes around")
                if ch != " ":
                    d.label(x + CELL / 2, y + CELL / 2, ch, "lab", CELL * 0.5)
    if pick is not None and 1 <= pick[0] <= rows and 1 <= pick[1] <= cols:
        d.rect(x0 + (pick[1] - 1) * CELL + 3, y0 + (pick[0] - 1) * CELL + 3, CELL - 6, CELL - 6, "pick", rx=6)
    d.rect(x0, y0, cols * CELL, rows * CELL, "frame")
    axes(d, x0, y0, [str(i) for i in range(1, rows + 1)], [str(j) for j in range(1, cols + 1)])
    return d


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
    from ..gopher import Field
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
