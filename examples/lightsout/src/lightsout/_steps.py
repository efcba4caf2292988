"""The step-through page: one frame per press."""
from gridgames.protocol import Case, Frame

from . import boards
from ._svg import draw

UNIT, STATUS, STEP = "board", "Lit", "press"


def show(data: bytes, output: bytes, backend=None):
    for k, (board, presses) in enumerate(boards(data), 1):
        frames = []
        for r, c in presses:
            frames.append(Frame(draw(board, False), f"press ({r}, {c})", str(board.lit), ""))
            board.press(r, c)
        frames.append(Frame(draw(board, False), "the end", str(board.lit), ""))
        yield Case(f"Board {k}", frames)
