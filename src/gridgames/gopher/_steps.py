"""Gopher steps: a judge file's games, a frame per pick."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional

from .._runtime.step_frames import FAR, Case, Frame, judge_int
from ._game import MAX_COLS, MAX_ROWS, Field
from ._svg import draw

COORD = 1000  # picks are clamped to this: anything past it is outside every field
_BOARD = re.compile(rb"\+-*\+\n(?:\|[^\n]*\|\n)*\+-*\+\n")

# The step-through page (gridgames.pictures.show_html, `GAME show`): what a case is, what its
# status line counts, what one step of a case is.
UNIT, STATUS = "game", "Safe patches left"
STEP = "pick (the patch ringed, what it revealed shaded)"


def _unseen(field: Field) -> set[tuple[int, int]]:
    return {(i, j) for i, line in enumerate(field.grid(), 1) for j, ch in enumerate(line, 1) if ch == "#"}


def _read(lines: list[bytes], at: int, *ranges: tuple[int, int]) -> list[int]:
    """The integers of line ``at`` as the judge reads them: one token per
    range, each digits (or '-' and digits) within its range, saturated at
    +-FAR; ValueError where the judge stops (its own error)."""
    words = lines[at].split() if at < len(lines) else []
    if len(words) != len(ranges):
        raise ValueError(f"line {at + 1}: expected {len(ranges)} integers")
    values = []
    for word, (low, high) in zip(words, ranges):
        value = judge_int(word)
        if not low <= value <= high:
            raise ValueError(f"line {at + 1}: {value} is outside {low}..{high}")
        values.append(value)
    return values


def _pick_frame(field: Field, k: int, r: int, c: int, board: str) -> Frame:
    """Pick ``k`` at (r, c) played (the judge skips the picks of a lost game:
    nothing changes, no board)."""
    r, c = (min(max(v, -COORD), COORD) for v in (r, c))
    if field.fell:
        return Frame(draw(field, (r, c), (), True, False),
                     f"pick {k}: ({r}, {c}) read and skipped: the game is lost (the judge prints no board)",
                     str(field.safe_left), "")
    seen = _unseen(field)
    outcome = field.pick(r, c)
    what = ("outside the field: nothing changes" if outcome.outside else
            "fell in a hole: the game is over" if outcome.fell else
            f"inspected {outcome.revealed} patch{'es' * (outcome.revealed > 1)}" if outcome.revealed
            else "nothing changes (already inspected)")
    return Frame(draw(field, (r, c), seen - _unseen(field), True, False),
                 f"pick {k}: ({r}, {c}) {what}", str(field.safe_left), board)


def show(data: bytes, output: bytes, backend: Optional[str]) -> Iterator[Case]:
    """The games of a judge file, each pick a step, beside the board the
    judge printed for it, read by the judge's rules: blank lines between
    games, a pick after a fall read and skipped (no board).  Stops where the
    judge stopped: a bad pick ends the page after its game, a bad header or
    hole before it (ValueError)."""
    boards = (b.decode("ascii", "replace") for b in _BOARD.findall(output))
    lines, at, number = data.split(b"\n"), 0, 0
    while True:
        while at < len(lines) and not lines[at].split():
            at += 1
        if at >= len(lines):
            return
        number += 1
        rows, cols = _read(lines, at, (1, MAX_ROWS), (1, MAX_COLS))
        count = _read(lines, at + 1, (0, FAR))[0]
        holes = [_read(lines, at + 2 + h, (1, rows), (1, cols)) for h in range(count)]  # stops where the lines do
        at += 2 + count
        field = Field(rows, cols, [(r, c) for r, c in holes], backend=backend)
        frames = [Frame(draw(field, holes=True, titles=False), f"game {number}: {rows}x{cols}, {count} holes "
                        "(marked faintly), no pick yet", str(field.safe_left), "")]
        while at < len(lines) and lines[at].split():  # a blank line or the end ends the game
            try:
                r, c = _read(lines, at, (-FAR, FAR), (-FAR, FAR))
            except ValueError:  # the bad line the judge stopped at: the page ends with this game
                yield Case(f"Game {number}", frames)
                return
            at += 1
            frames.append(_pick_frame(field, len(frames), r, c, "" if field.fell else next(boards, "")))
        yield Case(f"Game {number}", frames)
