"""``gridgames/NumberLink-v0``: Number Link, drawing one path at a time.

Each number's path starts at its first endpoint (reading order) and grows
from its head until it reaches the other endpoint.  Action
``path * 5 + move`` (path 0 is number 1): move UP (0), RIGHT (1), DOWN (2)
or LEFT (3) extends that path's head by one square, UNDO (4) takes its last
square back.  The action space has room for ``rows * cols // 2`` paths,
the most a board can hold; actions of absent paths are never legal.  An
extension is legal onto a free square or the path's own other endpoint,
when the path does not touch itself (a head next to its own other endpoint
must step onto it); the rules of ``numberlink.check`` then hold for any
complete board.  Observation ``int32`` (3, rows, cols): [0] the number on
each square (endpoints and path squares; 0 free, -1 solid), [1] the
endpoints' numbers, [2] the number of each unfinished path at its head.
Reward: ``solve_reward`` when every path is complete and every square
covered (confirmed by ``numberlink.check``), which terminates the episode,
as does a board with no legal action left; truncated after ``max_steps`` steps.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import numberlink as nl
from .._runtime.backend import kernel
from ..numberlink._text import render_cells
from . import _draw
from ._base import GridEnv
from ._batched import NEXT, BatchedEnv, Mode, refuse

UP, RIGHT, DOWN, LEFT, UNDO = range(5)
DEFAULT_SIZE = (7, 7)


class NumberLinkEnv(GridEnv):
    """Number Link on ``rows`` x ``cols`` puzzles from ``numberlink.generate``
    seeded by the env's seed, or a fixed ``puzzle`` (a ``numberlink.Puzzle``
    or its text).  ``unique=True`` keeps only puzzles with exactly one
    solution when this gridgames has ``numberlink.count_solutions`` (else it
    is ignored; ``env.unique`` tells which).  ``backend``: None, "compiled"
    or "pure"."""

    def __init__(self, rows: int = DEFAULT_SIZE[0], cols: int = DEFAULT_SIZE[1],
                 puzzle: nl.Puzzle | str | None = None, unique: bool = False,
                 solve_reward: float = 1.0, max_steps: int | None = None,
                 render_mode: str | None = None, backend: str | None = None) -> None:
        """Check the arguments and build the spaces (see the class)."""
        self._fixed = nl.Puzzle.from_text(puzzle) if isinstance(puzzle, str) else puzzle
        # Until the first reset: the fixed puzzle, or one that checks the size.
        self.puzzle = self._fixed or nl.generate(rows, cols, 0, backend=backend).puzzle
        rows, cols = self.puzzle.rows, self.puzzle.cols
        if rows * cols < 2 or (self._fixed is not None and self._fixed.pairs == 0):
            raise ValueError("a Number Link board needs 2 squares or more and a pair of numbers")
        super().__init__(render_mode, backend, 4 * rows * cols if max_steps is None else max_steps)
        self.rows, self.cols = rows, cols
        self.unique = bool(unique) and hasattr(nl, "count_solutions")
        self.solve_reward = float(solve_reward)
        self.max_paths = max(1, rows * cols // 2)
        self.observation_space = spaces.Box(-1, self.max_paths, (3, rows, cols), np.int32)
        self.action_space = spaces.Discrete(self.max_paths * 5)
        # Padded squares: a border of SOLID around the board, so the four
        # neighbours of any board square are s - w, s + 1, s + w, s - 1.
        w = self._width = cols + 2
        self._offsets = np.array([-w, 1, w, -1])
        self._inner = np.arange(w, (rows + 1) * w).reshape(rows, w)[:, 1:-1].ravel()
        self._new_board()

    def _new_game(self) -> None:
        """A new board: the fixed one, or one drawn from the env's seed; its mask."""
        if self._fixed is None:
            while True:
                seed = int(self.np_random.integers(0, 2 ** 63))
                self.puzzle = nl.generate(self.rows, self.cols, seed, backend=self.backend).puzzle
                if not self.unique or nl.count_solutions(
                        self.puzzle, limit=2, backend=self.backend) == 1:
                    break
        self._new_board()

    def _new_board(self) -> None:
        """The start of play on ``self.puzzle``: no path drawn yet; its mask."""
        size = (self.rows + 2) * self._width
        self._owner = np.full(size, nl.SOLID, dtype=np.int32)  # puzzle numbers and paths
        self._owner[self._inner] = self.puzzle.cells
        self._on = np.where(self._owner == nl.SOLID, nl.SOLID, 0).astype(np.int32)  # path squares
        ends = [self._inner[i] for i in np.argsort(self._owner[self._inner], kind="stable")
                if self._owner[self._inner[i]] > 0]
        self._start = np.array(ends[0::2], dtype=np.intp)
        self._end = np.array(ends[1::2], dtype=np.intp)
        self.pairs = k = len(self._start)
        self._paths = [[int(s)] for s in self._start]
        self._on[self._start] = np.arange(1, k + 1)
        self._heads = self._start.copy()
        self._complete = np.zeros(k, dtype=bool)
        self._free = int(np.count_nonzero(self._owner == nl.EMPTY))
        self._endpoints = np.maximum(np.array(self.puzzle.cells, dtype=np.int32), 0)
        self._won = False
        self._update_mask()

    def _update_mask(self) -> None:
        """The legal actions: each open path's head steps onto an empty square that
        keeps the path from touching itself, or closes on its other end; a drawn
        path can undo its last square."""
        k, offsets, heads = self.pairs, self._offsets, self._heads
        numbers = np.arange(1, k + 1)
        targets = heads[:, None] + offsets  # (k, 4)
        closes = targets == self._end[:, None]
        # A target touches its own path if a neighbour other than the head is on it.
        # (Clipped: only the neighbours of board squares matter, and a target
        # in the border may have some outside the array.)
        around = np.clip(targets[:, :, None] + offsets, 0, len(self._on) - 1)  # (k, 4, 4)
        mine = self._on[around] == numbers[:, None, None]
        touch = (mine & (around != heads[:, None, None])).any(axis=-1)
        at_end = closes.any(axis=1)  # the head is next to its other endpoint: it must close
        grow = (self._owner[targets] == nl.EMPTY) & ~touch & ~at_end[:, None]
        legal = np.zeros((self.max_paths, 5), dtype=bool)
        legal[:k, :4] = (grow | closes) & ~self._complete[:, None]
        legal[:k, UNDO] = [len(p) > 1 for p in self._paths]
        self._mask = legal.ravel()

    def _play(self, action: int) -> float:
        """Play ``action`` (a legal one) on the board; returns its reward."""
        p, move = divmod(action, 5)
        path = self._paths[p]
        if move == UNDO:
            square = path.pop()
            self._on[square] = 0
            if square == self._end[p]:
                self._complete[p] = False
            else:
                self._owner[square] = nl.EMPTY
                self._free += 1
        else:
            square = int(self._heads[p] + self._offsets[move])
            path.append(square)
            self._on[square] = p + 1
            if square == self._end[p]:
                self._complete[p] = True
            else:
                self._owner[square] = p + 1
                self._free -= 1
        self._heads[p] = path[-1]
        self._update_mask()
        self._won = self._solved()
        return self.solve_reward if self._won else 0.0

    def _solved(self) -> bool:
        """Whether the paths drawn are a solution (every pair joined, no square
        empty, and the checker agrees)."""
        if self._free or not self._complete.all():
            return False
        solution = nl.Solution._make(self.rows, self.cols, self._on[self._inner].tolist())
        return bool(nl.check(self.puzzle, solution, backend=self.backend))

    def _observe(self) -> npt.NDArray[np.int32]:
        """The observation of the board as it is now."""
        obs = np.zeros((3, self.rows * self.cols), dtype=np.int32)
        obs[0] = self._owner[self._inner]
        obs[1] = self._endpoints
        heads = self._heads[~self._complete]
        flat = np.zeros(len(self._owner), dtype=np.int32)
        flat[heads] = np.flatnonzero(~self._complete) + 1
        obs[2] = flat[self._inner]
        return obs.reshape(3, self.rows, self.cols)

    def _finished(self) -> bool:
        """Whether the puzzle is solved."""
        return self._won

    def _text(self) -> str:
        """The board as text (``render_mode='ansi'``)."""
        return render_cells(self.rows, self.cols, self._owner[self._inner].tolist())

    def _picture(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB array (``render_mode='rgb_array'``)."""
        owner = self._owner[self._inner].reshape(self.rows, self.cols)
        ends = np.array(self.puzzle.cells).reshape(self.rows, self.cols)
        fill = np.select([owner > 0, owner == nl.SOLID], [_draw.piece(owner), _draw.SOLID],
                         _draw.BACKGROUND)
        glyph = np.select([(ends > 0) & (ends <= 9), ends > 9],
                          [ends, _draw.GLYPHS.index("o")], _draw.NONE)
        return _draw.picture(fill, glyph, _draw.LIGHT_INK)


class NumberLinkVectorEnv(BatchedEnv):
    """N ``NumberLink-v0`` boards (generated puzzles; the same arguments)."""

    def __init__(self, num_envs: int, rows: int = 7, cols: int = 7, solve_reward: float = 1.0,
                 max_steps: int | None = None, backend: str | None = None, copy: bool = True,
                 autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        """The single env checks the arguments; the batch kernel holds the N boards."""
        refuse(fixed, ("puzzle", "unique", "render_mode"))
        single = NumberLinkEnv(rows, cols, solve_reward=solve_reward, max_steps=max_steps,
                               backend=backend)
        super().__init__(num_envs, single, copy, autoreset_mode)
        assert single.max_steps is not None  # (NumberLinkEnv always has one)

        def generate(seed: int) -> nl.Puzzle:
            return nl.generate(rows, cols, seed, backend=backend).puzzle

        self._kernel = kernel("envs", backend, part="batch_numberlink").NumberLinkBatch(
            num_envs, rows, cols, float(solve_reward), single.max_steps, generate, **self._arrays())
