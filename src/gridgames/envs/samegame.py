"""``gridgames/SameGame-v0``: SameGame on the compiled kernel.

Observation: the board, rows top first, ``uint8`` (rows, cols): 0 for an
empty cell, 1..n for the board's colours in ascending order (random boards
use the digits 1..n, so the observation is the digit).  Action: a cell
index ``row * cols + col`` in that layout; it removes the cell's region.
Legal actions are the cells of regions of 2 or more.  Reward: (n-2)**2 for
a region of n cells, plus CLEAR_BONUS when the board is cleared.  The
episode terminates when no region of 2 or more is left.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._runtime.backend import kernel
from ..samegame import Board
from ..samegame._text import EMPTY as _NO_CELL  # a snapshot's empty cell, on both backends
from . import _draw
from ._base import GridEnv, OneBoard
from ._batched import NEXT, BatchedEnv, Mode, refuse

RESEARCH_SIZE = (15, 15)  # the research setting (and momaland's default)
DEFAULT_SIZE = RESEARCH_SIZE
DEFAULT_COLOURS = 5
CLEAR_BONUS = 1000.0


class SameGameEnv(GridEnv, OneBoard[Board]):
    """SameGame.  ``rows`` x ``cols`` random boards of ``colours`` colours
    (1..9; the digits 1..n) drawn from the env's seed, or a fixed ``board``
    (rows top first, strings of digits or sequences of ints 0..9, as
    ``samegame.Board`` takes them).  ``backend``: None, "compiled" or
    "pure"."""

    def __init__(self, rows: int | None = None, cols: int | None = None,
                 colours: int = DEFAULT_COLOURS, board: Sequence[Sequence[int] | str] | None = None,
                 render_mode: str | None = None, backend: str | None = None) -> None:
        """Check the arguments and build the spaces (see the class)."""
        super().__init__(render_mode, backend)
        self._start: Board | None = None
        if board is not None:
            if rows is not None or cols is not None:
                raise ValueError("give either a board or its size, not both")
            self._start = Board(board, backend=backend)
            rows, cols = self._start.rows, self._start.cols
            self.colours = tuple(sorted({int(v) for row in board for v in row}))
        else:
            rows, cols = DEFAULT_SIZE if rows is None and cols is None else (rows, cols)
            if rows is None or cols is None:
                raise ValueError("give both rows and cols (or neither)")
            if not 1 <= colours <= 9:
                raise ValueError(f"colours must be 1..9, not {colours}")
            for name, size in (("rows", rows), ("cols", cols)):  # (a board of no row says only "non-empty")
                if size < 1:
                    raise ValueError(f"{name} must be 1 or more, not {size}")
            Board([[1] * cols] * rows, backend=backend)  # the board's own size check (its largest size)
            self.colours = tuple(range(1, colours + 1))
        self.rows, self.cols = rows, cols
        # Board's snapshot values (colours, _NO_CELL) -> observation values.
        self._lut = np.zeros(256, dtype=np.uint8)
        self._lut[list(self.colours)] = np.arange(1, len(self.colours) + 1)
        self._lut[_NO_CELL] = 0
        self._text_lut = np.frombuffer(("." + "".join(map(str, self.colours))).encode(), np.uint8)
        self.observation_space = spaces.Box(0, len(self.colours), (rows, cols), np.uint8)
        self.action_space = spaces.Discrete(rows * cols)
        self._board = Board([[1] * cols] * rows, backend=backend)
        self._obs = np.zeros((rows, cols), dtype=np.uint8)
        self._mask = np.zeros(rows * cols, dtype=bool)
        self._view = kernel("envs", backend, part="view").SameGameView(
            self._lut, rows, cols, self._obs, self._mask.view(np.uint8))
        self._legal = 0

    def _new_game(self) -> None:
        """A new board: the fixed one, or one drawn from the env's seed; its mask."""
        if self._start is not None:
            self._board = self._start.copy()
        else:
            draw = self.np_random.integers(0, len(self.colours), size=(self.rows, self.cols))
            self._board = Board(np.array(self.colours)[draw], backend=self.backend)
        self._refresh()

    def _refresh(self) -> None:
        # The hot path: the kernel's snapshot (bytes, bottom row first;
        # package-internal) into the observation and mask buffers, in place.
        self._legal = self._view.update(self._board._state.snapshot())

    def _play(self, action: int) -> float:
        """Play ``action`` (a legal one) on the board; returns its reward."""
        row, col = divmod(action, self.cols)
        n = self._board.select(self.rows - row, col + 1)
        self._refresh()
        return float((n - 2) ** 2) + (CLEAR_BONUS if self._board.remaining == 0 else 0.0)

    def _observe(self) -> npt.NDArray[np.uint8]:
        """The observation of the board as it is now."""
        return self._obs.copy()

    def _finished(self) -> bool:
        """Whether no region of 2 or more cells is left (cleared, or stuck)."""
        return self._legal == 0

    def _text(self) -> str:
        """The board as text (``render_mode='ansi'``)."""
        chars = self._text_lut[self._obs]
        return "".join(row.tobytes().decode() + "\n" for row in chars)

    def _picture(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB array (``render_mode='rgb_array'``)."""
        obs = self._obs
        return _draw.picture(np.where(obs == 0, _draw.BACKGROUND, _draw.piece(obs)))


class SameGameVectorEnv(BatchedEnv):
    """N ``SameGame-v0`` boards (random ones; the same arguments)."""

    def __init__(self, num_envs: int, rows: int | None = None, cols: int | None = None,
                 colours: int = 5, backend: str | None = None, copy: bool = True,
                 autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        """The single env checks the arguments; the batch kernel holds the N boards."""
        refuse(fixed, ("board", "render_mode"))
        single = SameGameEnv(rows, cols, colours, backend=backend)  # checks the arguments
        super().__init__(num_envs, single, copy, autoreset_mode)
        self._kernel = kernel("envs", backend, part="batch_samegame").SameGameBatch(
            num_envs, single.rows, single.cols, colours, **self._arrays())
