"""Gopher-field pictures: inspected counts, unseen grass, holes and picks
(a judge file's games pick by pick: _steps.py)."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Optional, Protocol

from .._runtime.drawing import CELL, Drawing, axes, board as canvas, describe


class _Field(Protocol):
    """What is drawn of a Field (not imported: the Field imports this module)."""
    rows: int
    cols: int
    safe_left: int
    @property
    def fell(self) -> bool: ...
    @property
    def holes(self) -> Sequence[tuple[int, int]]: ...
    def grid(self) -> Sequence[str]: ...


def draw(field: _Field, pick: Optional[tuple[int, int]] = None, new: Collection[tuple[int, int]] = (),
         holes: bool = False, titles: bool = True) -> Drawing:
    """The field as the player sees it: green grass unseen, white inspected
    (with the count of holes around), after a fall every hole (the one
    fallen into orange, '!'); ``pick`` ringed, ``new`` (just inspected)
    shaded; ``holes`` marks the holes still hidden (for problem setters);
    ``titles``: a tooltip per square."""
    rows, cols = field.rows, field.cols
    hidden = set(field.holes) if holes else set()
    left = field.safe_left  # not fallen: won when no safe patch is left
    state = "fell in a hole" if field.fell else "won" if left == 0 else f"{left} safe patches left"
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
