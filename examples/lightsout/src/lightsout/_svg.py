"""The Lights Out board as a picture."""
from gridgames.protocol import CELL, board as canvas


def draw(board, titles: bool = True):
    d, x0, y0 = canvas(3, 3, f"Lights Out: {board.lit} lit", titles)
    for i, row in enumerate(board.lights):
        for j, v in enumerate(row):
            d.cell(x0 + j * CELL, y0 + i * CELL, "lit" if v else "empty", f"({i + 1}, {j + 1})")
    return d
