"""``gridgames/Gopher-v0``: the gopher-hole game (a Minesweeper relative).

Observation: the field as the player sees it, rows top first, ``uint8``
(rows, cols): 0..8 an inspected patch with that many holes around it,
UNSEEN (9) a patch not inspected yet, and after a fall FELL (10) at the
hole fallen into and HOLE (11) at the other holes.  Action: a patch index
``row * cols + col`` (both from 0, row 0 at the top) to inspect; legal
actions are the unseen patches (none once the game is over).  Reward: +1 per patch revealed (an
inspection with no hole around floods its neighbours), ``-hole_penalty``
for falling in a hole.  The episode terminates on a fall or when every safe
patch is inspected.

With ``no_guess=True`` every field is one the deduction solver clears
without guessing (``gopher.no_guess``, seeded from the env's seed) and its
first pick, the middle patch, is already played at reset: from there on,
reasoning alone clears the field.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._runtime.backend import kernel
from ..gopher import Field, check_request, no_guess
from . import _draw
from ._base import GridEnv
from ._batched import NEXT, BatchedEnv, Mode, refuse

UNSEEN, FELL, HOLE = 9, 10, 11
DEFAULT_SIZE = (9, 9)
DEFAULT_HOLES = 10

# Field.grid() characters -> observation values.
_OBS = np.zeros(256, dtype=np.uint8)
_OBS[np.frombuffer(b" 12345678#!*", np.uint8)] = np.arange(12)
_TEXT = np.frombuffer(b".12345678#!*", np.uint8)  # observation -> ansi character


class GopherEnv(GridEnv):
    """The gopher-hole game on a ``rows`` x ``cols`` field (1..100 each)
    with ``holes`` random holes placed from the env's seed, or the fixed
    ``hole_at`` (1-based (row, col) pairs, row 1 at the top, as
    ``gopher.Field`` takes them).  ``no_guess``: random fields that can be
    cleared by deduction from the middle patch, which is picked at reset.
    ``backend``: None, "compiled" or "pure"."""

    def __init__(self, rows: int = DEFAULT_SIZE[0], cols: int = DEFAULT_SIZE[1],
                 holes: int = DEFAULT_HOLES, hole_at: Iterable[tuple[int, int]] | None = None,
                 hole_penalty: float = 10.0, render_mode: str | None = None,
                 backend: str | None = None, no_guess: bool = False) -> None:
        """Check the arguments and build the spaces (see the class)."""
        super().__init__(render_mode, backend)
        self._fixed: list[tuple[int, int]] | None = (
            None if hole_at is None else sorted({(r, c) for r, c in hole_at}))
        self._field = Field(rows, cols, self._fixed or (), backend=backend)  # checks everything
        if self._fixed is None and not 0 <= holes < rows * cols:
            raise ValueError(f"holes must be 0..{rows * cols - 1} on a {rows}x{cols} field")
        if no_guess and hole_at is not None:
            raise ValueError("no_guess draws the holes: it does not take hole_at")
        self._first = check_request(rows, cols, holes, None) if no_guess else None
        self.rows, self.cols = rows, cols
        self.holes = holes if self._fixed is None else len(self._fixed)
        self.hole_penalty = float(hole_penalty)
        self.observation_space = spaces.Box(0, HOLE, (rows, cols), np.uint8)
        self.action_space = spaces.Discrete(rows * cols)
        self._obs = np.zeros((rows, cols), dtype=np.uint8)

    @property
    def field(self) -> Field:
        """The current field, holes included (a copy)."""
        return self._field.copy()

    def _new_game(self) -> None:
        """A new board: the fixed one, or one drawn from the env's seed; its mask."""
        holes: list[tuple[int, int]] | None = self._fixed
        if self._first is not None:
            seed = int(self.np_random.integers(0, 2**63))
            holes = no_guess(self.rows, self.cols, self.holes, self._first, seed,
                             backend=self.backend).holes
        elif holes is None:
            spots = self.np_random.choice(self.rows * self.cols, self.holes, replace=False)
            holes = [(s // self.cols + 1, s % self.cols + 1) for s in spots.tolist()]
        self._field = Field(self.rows, self.cols, holes, backend=self.backend)
        if self._first is not None:
            self._field.pick(*self._first)
        self._refresh()

    def _refresh(self) -> None:
        """The mask of legal actions, worked out again from the board."""
        seen = "".join(self._field.grid()).encode("ascii")
        self._obs = _OBS[np.frombuffer(seen, np.uint8)].reshape(self.rows, self.cols)
        # Once won or fallen, the unseen patches are holes: nothing is legal.
        self._mask = (self._obs == UNSEEN).ravel() & (not self._finished())

    def _play(self, action: int) -> float:
        """Play ``action`` (a legal one) on the board; returns its reward."""
        outcome = self._field.pick(action // self.cols + 1, action % self.cols + 1)
        self._refresh()
        return -self.hole_penalty if outcome.fell else float(outcome.revealed)

    def _observe(self) -> npt.NDArray[np.uint8]:
        """The observation of the board as it is now."""
        return self._obs.copy()

    def _finished(self) -> bool:
        """Whether the game is over (won, or lost)."""
        return self._field.fell or self._field.won

    def _text(self) -> str:
        """The board as text (``render_mode='ansi'``)."""
        return "".join(row.tobytes().decode() + "\n" for row in _TEXT[self._obs])

    def _picture(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB array (``render_mode='rgb_array'``)."""
        obs = self._obs.astype(np.intp)
        fill = np.select([obs == UNSEEN, obs == FELL, obs == HOLE],
                         [_draw.UNSEEN, _draw.ALERT, _draw.HOLE], _draw.BACKGROUND)
        # digits 1..8, '!' and '*'; nothing on blank or unseen patches
        glyph = np.select([(obs >= 1) & (obs <= 8), obs == FELL, obs == HOLE],
                          [obs, _draw.GLYPHS.index("!"), _draw.GLYPHS.index("*")], _draw.NONE)
        ink = np.where(obs >= FELL, _draw.LIGHT_INK, _draw.INK)
        return _draw.picture(fill, glyph, ink)


class GopherVectorEnv(BatchedEnv):
    """N ``Gopher-v0`` fields (random holes; the same arguments)."""

    def __init__(self, num_envs: int, rows: int = 9, cols: int = 9, holes: int = 10,
                 hole_penalty: float = 10.0, backend: str | None = None, copy: bool = True,
                 autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        """The single env checks the arguments; the batch kernel holds the N boards."""
        refuse(fixed, ("hole_at", "no_guess", "render_mode"))
        single = GopherEnv(rows, cols, holes, hole_penalty=hole_penalty, backend=backend)
        super().__init__(num_envs, single, copy, autoreset_mode)
        self._kernel = kernel("envs", backend, part="batch_gopher").GopherBatch(
            num_envs, rows, cols, holes, float(hole_penalty), **self._arrays())
