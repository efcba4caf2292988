"""``gridgames/TileMatch-v0``: the tile-match game with gravity.

Observation: the visible board, rows top first, ``uint8`` (height, width):
0 empty, 1..9 a tile (hidden rows above the board are not observed).
Action: a one-square move of the tile at (column, row) in a direction, with
the game's coordinates (row 0 at the bottom), flattened as
``(column * height + row) * 4 + direction``; direction UP (0), RIGHT (1),
DOWN (2), LEFT (3).  ``encode`` and ``decode`` convert.  Legal actions move
a tile to a square on the visible board (onto a tile the two swap) and change
something: a swap of equal tiles, or a tile moved up into an empty square (it
falls back), is not legal.  After a move the board settles; reward: the tiles
removed by the settling.  The episode terminates when the board is cleared
or no legal move is left, and is truncated after ``max_moves`` steps.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._runtime.backend import kernel
from ..tilematch import Board
from . import _draw
from ._base import GridEnv, OneBoard
from ._batched import NEXT, BatchedEnv, Mode, refuse

UP, RIGHT, DOWN, LEFT = range(4)
_STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (dc, dr) per direction
DEFAULT_WIDTH, DEFAULT_HEIGHT, DEFAULT_FILLED = 6, 8, 4
DEFAULT_KINDS, DEFAULT_K, DEFAULT_MOVES = 4, 3, 100


class TileMatchEnv(GridEnv, OneBoard[Board]):
    """The tile-match game.  Random boards ``width`` x ``height`` whose
    bottom ``filled`` rows hold tiles 1..``kinds`` drawn from the env's seed
    (settled before the first move, and never already cleared), or a fixed
    ``board`` (rows top first, as ``tilematch.Board`` takes them; with
    ``height``, rows above it are hidden).  ``height`` defaults to
    DEFAULT_HEIGHT for random boards, to all the rows for a fixed one.
    ``k``: the shortest run removed.
    ``backend``: None, "compiled" or "pure"."""

    def __init__(self, width: int = DEFAULT_WIDTH, height: int | None = None,
                 kinds: int = DEFAULT_KINDS, filled: int = DEFAULT_FILLED, k: int = DEFAULT_K,
                 board: Sequence[Sequence[int] | str] | None = None,
                 max_moves: int = DEFAULT_MOVES, render_mode: str | None = None,
                 backend: str | None = None) -> None:
        """Check the arguments and build the spaces (see the class)."""
        super().__init__(render_mode, backend, max_steps=max_moves)
        self._start: Board | None = None
        if board is not None:
            self._start = Board(board, k=k, height=height, backend=backend)
            width, height = self._start.width, self._start.height
        else:
            height = DEFAULT_HEIGHT if height is None else height
            if not 1 <= kinds <= 9 or not 1 <= filled <= height:
                raise ValueError(f"need kinds 1..9 and filled 1..height, not {kinds} and {filled}")
            Board([[0] * width] * height, k=k, backend=backend)  # the board's own checks
        self.width, self.height, self.k = width, height, k
        self.kinds, self.filled = kinds, filled
        self.observation_space = spaces.Box(0, 9, (height, width), np.uint8)
        self.action_space = spaces.Discrete(width * height * 4)
        self._board = Board([[0] * width] * height, k=k, backend=backend)
        self._obs = np.zeros((height, width), dtype=np.uint8)
        # Where a move in each direction stays on the board, in (c, r, d) order.
        c, r = np.meshgrid(np.arange(width), np.arange(height), indexing="ij")
        self._inside = np.stack([(0 <= c + dc) & (c + dc < width) & (0 <= r + dr)
                                 & (r + dr < height) for dc, dr in _STEP], axis=-1)

    def encode(self, column: int, row: int, direction: int) -> int:
        """The action moving the tile at (column, row) (row 0 at the bottom)."""
        return (column * self.height + row) * 4 + direction

    def decode(self, action: int) -> tuple[int, int, int]:
        """(column, row, direction) of an action."""
        cell, direction = divmod(action, 4)
        return cell // self.height, cell % self.height, direction

    def _new_game(self) -> None:
        """A new board: the fixed one, or one drawn from the env's seed; its mask."""
        if self._start is not None:
            self._board = self._start.copy()
            _settle(self._board)
        else:
            while True:
                rows = np.zeros((self.height, self.width), dtype=np.uint8)
                rows[self.height - self.filled:] = self.np_random.integers(
                    1, self.kinds + 1, size=(self.filled, self.width))
                self._board = Board(rows, k=self.k, backend=self.backend)
                _settle(self._board)
                if not self._board.cleared:
                    break
        self._refresh()

    def _refresh(self) -> None:
        """The mask of legal actions, worked out again from the board."""
        self._obs = np.array(self._board.grid(), dtype=np.uint8)
        tiles = self._obs[::-1].T  # (column, row), row 0 at the bottom
        # what each move would meet: the tile there (0 empty), -1 off the board
        padded = np.pad(tiles.astype(np.int16), 1, constant_values=-1)
        w, h = self.width, self.height
        meets = np.stack([padded[1 + dc:1 + dc + w, 1 + dr:1 + dr + h] for dc, dr in _STEP], axis=-1)
        # a move that changes nothing is not legal: a swap of equal tiles, a tile
        # moved up into an empty square (it falls back where it was)
        useful = (meets != tiles[:, :, None]) & (meets >= 0)
        useful[:, :, UP] &= meets[:, :, UP] != 0
        self._mask = ((tiles != 0)[:, :, None] & self._inside & useful).ravel()

    def _play(self, action: int) -> float:
        """Play ``action`` (a legal one) on the board; returns its reward."""
        c, r, d = self.decode(action)
        dc, dr = _STEP[d]
        self._board.move(c, r, c + dc, r + dr)
        removed = _settle(self._board)
        self._refresh()
        return float(removed)

    def _observe(self) -> npt.NDArray[np.uint8]:
        """The observation of the board as it is now."""
        return self._obs.copy()

    def _finished(self) -> bool:
        """Whether the board is cleared."""
        return self._board.cleared

    def _text(self) -> str:
        """The board as text (``render_mode='ansi'``)."""
        return self._board.render()

    def _picture(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB array (``render_mode='rgb_array'``)."""
        obs = self._obs
        return _draw.picture(np.where(obs == 0, _draw.BACKGROUND, _draw.piece(obs)),
                             np.where(obs == 0, _draw.NONE, obs), _draw.LIGHT_INK)


def _settle(board: Board) -> int:
    """Settle the board; the number of tiles the eliminations removed."""
    return sum(p.count for p in board.settle() if p.kind == "eliminations")


class TileMatchVectorEnv(BatchedEnv):
    """N ``TileMatch-v0`` boards (random ones; the same arguments)."""

    def __init__(self, num_envs: int, width: int = 6, height: int | None = None, kinds: int = 4,
                 filled: int = 4, k: int = 3, max_moves: int = 100, backend: str | None = None,
                 copy: bool = True, autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        """The single env checks the arguments; the batch kernel holds the N boards."""
        refuse(fixed, ("board", "render_mode"))
        single = TileMatchEnv(width, height, kinds, filled, k, max_moves=max_moves, backend=backend)
        super().__init__(num_envs, single, copy, autoreset_mode)
        self._kernel = kernel("envs", backend, part="batch_tilematch").TileMatchBatch(
            num_envs, width, single.height, kinds, filled, k, max_moves, **self._arrays())
