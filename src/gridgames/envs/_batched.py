"""The base of the batched vector environments (``envs.vector``): N boards
of one game and the arrays its batch kernel (``_batch``) writes in place.
Each game's ``ENVVectorEnv`` (in ``envs/GAME.py``) is a thin subclass."""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _autoreset
from ._base import GridEnv

Array = npt.NDArray[Any]
Mode = AutoresetMode | str  # an AutoresetMode or its value ("NextStep", "SameStep")
NEXT = AutoresetMode.NEXT_STEP


class BatchedEnv(VectorEnv[Array, Array, Array]):
    """N boards of one game; see the module.  ``copy=False`` returns the
    arrays the kernel writes in place (valid until the next step)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
    _kernel: Any  # the batch class of the game (_batch_GAME, or its twin _batch_GAME_pure)

    def __init__(self, num_envs: int, single: GridEnv, copy: bool,
                 autoreset_mode: Mode = NEXT) -> None:
        """Check the arguments and build the spaces (see the class)."""
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be 1 or more, not {num_envs!r}")
        self.num_envs, self.copy = num_envs, copy
        self.autoreset_mode = _autoreset.mode(autoreset_mode)
        self.metadata = {"autoreset_mode": self.autoreset_mode}
        self.single_observation_space = single.observation_space
        self.single_action_space = single.action_space
        self.observation_space = batch_space(single.observation_space, num_envs)
        self.action_space = batch_space(single.action_space, num_envs)
        space = single.observation_space
        self._obs = np.zeros((num_envs, *space.shape), dtype=space.dtype)  # type: ignore[misc]
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=bool)
        self._truncations = np.zeros(num_envs, dtype=bool)
        self._masks = np.zeros((num_envs, single.action_space.n), dtype=bool)
        self._started = False

    def _arrays(self) -> dict[str, Array]:
        """The kernel's view of the arrays (bools as bytes, boards flat)."""
        return {"obs": self._obs.reshape(self.num_envs, -1), "rewards": self._rewards,
                "terminated": self._terminations.view(np.uint8),
                "truncated": self._truncations.view(np.uint8), "masks": self._masks.view(np.uint8)}

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """New boards: board i from seed ``seed + i`` (an int), ``seed[i]``
        (a list) or fresh entropy (None)."""
        n = self.num_envs
        if seed is None or isinstance(seed, int):
            super().reset(seed=seed)
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"need {n} seeds, not {len(seeds)}")
        self._kernel.seed([seeding.np_random(s)[0] for s in seeds])
        for i in range(n):
            self._kernel.reset(i)
        self._started = True
        return self._out(self._obs), {}

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Play one action: (observation, reward, terminated, truncated, info)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or a.dtype.kind not in "iu":
            raise ValueError(f"need {self.num_envs} integer actions, not {a.dtype} {a.shape}")
        self._kernel.step(np.ascontiguousarray(a, dtype=np.int64), 0, self.num_envs)
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            return _autoreset.same_step(self)
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminations),
                self._out(self._truncations), {})

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each board now, (num_envs, actions) bools."""
        return self._masks.copy()

    def play_random(self, rounds: int, seed: int = 0, threads: int = 1) -> None:
        """``rounds`` steps of every board, each with a uniformly random legal
        action chosen in the kernel (no Python per step), on ``threads``
        threads each stepping a slice of the boards (the GIL is released).
        For benchmarks; not Number Link, whose new puzzles need Python."""
        if not self._started:
            raise RuntimeError("call reset() before play_random()")
        n = self.num_envs
        states = np.arange(n, dtype=np.uint64) + np.uint64(seed * n)  # per board
        actions = np.zeros(n, dtype=np.int64)
        cuts = np.linspace(0, n, threads + 1).astype(int)
        if threads == 1:
            self._kernel.play_random(states, actions, rounds, 0, n)
            return
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(lambda k: self._kernel.play_random(states, actions, rounds, cuts[k], cuts[k + 1]),
                          range(threads)))

    def _out(self, array: Array) -> Array:
        """``array``, or a copy of it (``copy=True``)."""
        return array.copy() if self.copy else array


def refuse(given: dict[str, Any], names: tuple[str, ...]) -> None:
    """ValueError for an argument of the single env the batched one does not take."""
    for name in names:
        if given.get(name) is not None and given.get(name) is not False:
            raise ValueError(f"the batched env draws random boards: it does not take {name}=")
