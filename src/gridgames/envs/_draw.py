"""Pictures of boards for ``render_mode="rgb_array"``, with numpy only.

A board is drawn from two small arrays: ``fill`` (a palette index per
square) and ``glyph`` (a character per square, or none), each square a
``CELL`` x ``CELL`` block framed by a thin line.  Everything is whole-array
numpy work: no Python loop per square.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

CELL = 24  # pixels per square
_SCALE = 3  # a font pixel is _SCALE x _SCALE screen pixels

# Named palette indices, then the piece colours (SameGame colours, tiles,
# Number Link paths), soft and easy to tell apart.
BACKGROUND, LINE, UNSEEN, SOLID, INK, LIGHT_INK, ALERT, HOLE = range(8)
PALETTE = np.array([
    (246, 241, 231),  # BACKGROUND: an empty square
    (205, 198, 186),  # LINE: the frame around squares
    (120, 170, 105),  # UNSEEN: grass not inspected yet
    (70, 70, 78),     # SOLID: a square no path may use
    (45, 45, 52),     # INK: dark glyphs
    (250, 250, 250),  # LIGHT_INK: glyphs on dark squares
    (214, 69, 65),    # ALERT: the hole fallen into
    (110, 82, 60),    # HOLE: the other holes
    # piece colours
    (230, 96, 88), (74, 144, 217), (92, 184, 112), (242, 192, 64), (155, 107, 200),
    (240, 140, 70), (60, 190, 180), (232, 120, 170), (140, 150, 160), (180, 140, 100),
], dtype=np.uint8)
PIECES = len(PALETTE) - HOLE - 1  # piece colours; piece k (1-based) is HOLE + 1 + (k-1) % PIECES

# 3x5 glyphs, '#' marks a lit pixel.  NONE draws nothing.
_FONT_ROWS = {
    "0": ("###", "#.#", "#.#", "#.#", "###"), "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"), "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"), "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"), "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"), "9": ("###", "#.#", "###", "..#", "###"),
    "!": (".#.", ".#.", ".#.", "...", ".#."), "*": ("...", "#.#", ".#.", "#.#", "..."),
    "o": ("...", "###", "#.#", "###", "..."),
}
GLYPHS = "0123456789!*o"
NONE = len(GLYPHS)


def _glyph_blocks() -> npt.NDArray[np.bool_]:
    """Every glyph as a CELL x CELL bool block, centred; the last one blank."""
    blocks = np.zeros((NONE + 1, CELL, CELL), dtype=bool)
    h, w = 5 * _SCALE, 3 * _SCALE
    top, left = (CELL - h) // 2, (CELL - w) // 2
    for k, ch in enumerate(GLYPHS):
        bits = np.array([[p == "#" for p in row] for row in _FONT_ROWS[ch]])
        blocks[k, top:top + h, left:left + w] = np.kron(bits, np.ones((_SCALE, _SCALE), bool))
    return blocks


_BLOCKS = _glyph_blocks()


def piece(k: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.integer[Any]]:
    """Palette indices of piece colours k (k >= 1; colours repeat after PIECES)."""
    return HOLE + 1 + (k - 1) % PIECES


def picture(fill: npt.NDArray[np.integer[Any]], glyph: npt.NDArray[np.integer[Any]] | None = None,
            ink: npt.NDArray[np.integer[Any]] | int = INK) -> npt.NDArray[np.uint8]:
    """An RGB image (rows*CELL, cols*CELL, 3) of a board: each square painted
    PALETTE[fill], with GLYPHS[glyph] (NONE: nothing) drawn in PALETTE[ink]."""
    rows, cols = fill.shape
    img = _blocks(PALETTE[fill], rows, cols)
    if glyph is not None:
        lit = _BLOCKS[glyph].transpose(0, 2, 1, 3).reshape(rows * CELL, cols * CELL)
        colour = _blocks(PALETTE[np.broadcast_to(ink, fill.shape)], rows, cols)
        img[lit] = colour[lit]
    img[::CELL, :] = PALETTE[LINE]
    img[:, ::CELL] = PALETTE[LINE]
    img[-1, :] = PALETTE[LINE]
    img[:, -1] = PALETTE[LINE]
    return img


def _blocks(colours: npt.NDArray[np.uint8], rows: int, cols: int) -> npt.NDArray[np.uint8]:
    """Each square's colour (rows, cols, 3) spread over its CELL x CELL block."""
    big = np.broadcast_to(colours[:, None, :, None, :], (rows, CELL, cols, CELL, 3))
    return np.ascontiguousarray(big).reshape(rows * CELL, cols * CELL, 3)
