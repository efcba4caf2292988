"""Lights Out on 3x3 (a toy game, docs/adding-a-game.md): pressing a light
toggles it and its 4 neighbours.  Judge files: D, then per board 3 lines of
3 lights (0 or 1), M, and M presses 'r c' (1..3, rows top first).  The
judge prints 'Board k: N lit' and the final board ('#' lit, '.' dark).

>>> Board([[1, 0, 0], [0, 0, 0], [0, 0, 0]]).press(1, 1).lit
2
"""
from __future__ import annotations

from gridgames.protocol import InputError, Invalid, JudgeError, JudgeResult, Reader, send

__all__ = ["Board", "boards", "judge", "InputError", "JudgeError", "JudgeResult"]


class Board:
    def __init__(self, lights: list[list[int]]) -> None:
        self.lights = [list(row) for row in lights]

    def press(self, r: int, c: int) -> Board:
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 1 <= r + dr <= 3 and 1 <= c + dc <= 3:
                self.lights[r + dr - 1][c + dc - 1] ^= 1
        return self

    @property
    def lit(self) -> int:
        return sum(map(sum, self.lights))

    def text(self) -> str:
        return "".join("".join(".#"[v] for v in row) + "\n" for row in self.lights)

    def _drawing(self):  # the Drawable protocol
        from ._svg import draw
        return draw(self)


def boards(data: bytes):
    """(board, presses) of each board of a judge file; Invalid at a bad token."""
    r = Reader(data)
    for _ in range(r.ints(1, 1, 3, "the number of boards D")[0]):
        lights = [r.ints(3, 0, 1, "a light") for _ in range(3)]
        presses = [tuple(r.ints(2, 1, 3, "a press")) for _ in range(r.ints(1, 0, 9, "M")[0])]
        yield Board(lights), presses
    r.end()


def whole(data) -> bytes:
    """A judge input's bytes: bytes-like, or a binary file (anything with ``readinto``)."""
    if not hasattr(data, "readinto"):
        return bytes(data)
    pieces, buffer = [], bytearray(1 << 16)
    while n := data.readinto(memoryview(buffer)):
        pieces.append(bytes(buffer[:n]))
    return b"".join(pieces)


def judge(data, *, backend=None, emit=None) -> JudgeResult:
    raw = whole(data)
    out, error, k = [], None, 0
    try:
        for k, (board, presses) in enumerate(boards(bytes(raw)), 1):
            for r, c in presses:
                board.press(r, c)
            out.append(f"Board {k}: {board.lit} lit\n{board.text()}")
    except Invalid as exc:
        error = JudgeError(f"board {k + 1}", exc.line, exc.column, "a valid board", exc.message)
    text = "".join(out).encode()
    if emit is not None:
        send(emit, text)
        text = b""
    return JudgeResult(text, error, [])
