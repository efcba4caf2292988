"""Batched vector environments: N boards of a game stepped in one kernel
call with the GIL released (``_batch.pyx``; its twin ``_batch_pure.py``).

``gym.make_vec("gridgames/SameGame-v0", num_envs=N)`` gives one (the ids
register them as their ``vector_entry_point``); ``vectorization_mode="sync"``
still gives Gymnasium's ``SyncVectorEnv`` of single envs.  Board i behaves
exactly as a single env reset with seed ``seed + i`` (as ``SyncVectorEnv``
seeds them) and stepped with the same actions, so results never depend on N.
Autoreset is Gymnasium's default, next-step: the step after a board's
episode ends resets it (that step's action is ignored, its reward is 0);
``autoreset_mode=AutoresetMode.SAME_STEP`` resets it within the step that ended it
(``_autoreset.py``; the final observation is in ``info["final_obs"]``).
``action_masks()`` gives the N masks; ``info`` is empty.  Random boards
only (no fixed board, no ``no_guess`` or ``unique`` puzzles)."""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import numberlink as nl
from .._backend import kernel
from . import _autoreset
from ._base import GridEnv
from .gopher import GopherEnv
from .numberlink import NumberLinkEnv
from .samegame import SameGameEnv
from .tilematch import TileMatchEnv

Array = npt.NDArray[Any]
Mode = AutoresetMode | str  # an AutoresetMode or its value ("NextStep", "SameStep")
NEXT = AutoresetMode.NEXT_STEP


class BatchedEnv(VectorEnv[Array, Array, Array]):
    """N boards of one game; see the module.  ``copy=False`` returns the
    arrays the kernel writes in place (valid until the next step)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
    _kernel: Any  # a _batch (or _batch_pure) class of the game

    def __init__(self, num_envs: int, single: GridEnv, copy: bool,
                 autoreset_mode: Mode = NEXT) -> None:
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
        return array.copy() if self.copy else array


def random_steps(env_id: str, num_envs: int, rounds: int, seed: int = 0, threads: int = 1,
                 **kwargs: Any) -> BatchedEnv:
    """A workload for benchmarks: the batched env of ``env_id`` (a
    ``gridgames/...-v0`` id, with its keyword arguments), reset with
    ``seed``, after ``rounds`` random masked steps of each of its
    ``num_envs`` boards in the kernel (``play_random``); returned."""
    envs = _VECTOR_ENVS[env_id](num_envs, **kwargs)
    envs.reset(seed=seed)
    envs.play_random(rounds, seed=seed, threads=threads)
    return envs


def _refuse(given: dict[str, Any], names: tuple[str, ...]) -> None:
    for name in names:
        if given.get(name) is not None and given.get(name) is not False:
            raise ValueError(f"the batched env draws random boards: it does not take {name}=")


class SameGameVectorEnv(BatchedEnv):
    """N ``SameGame-v0`` boards (random ones; the same arguments)."""

    def __init__(self, num_envs: int, rows: int | None = None, cols: int | None = None,
                 colours: int = 5, backend: str | None = None, copy: bool = True,
                 autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        _refuse(fixed, ("board", "render_mode"))
        single = SameGameEnv(rows, cols, colours, backend=backend)  # checks the arguments
        super().__init__(num_envs, single, copy, autoreset_mode)
        self._kernel = kernel("envs", backend, part="batch").SameGameBatch(
            num_envs, single.rows, single.cols, colours, **self._arrays())


class GopherVectorEnv(BatchedEnv):
    """N ``Gopher-v0`` fields (random holes; the same arguments)."""

    def __init__(self, num_envs: int, rows: int = 9, cols: int = 9, holes: int = 10,
                 hole_penalty: float = 10.0, backend: str | None = None, copy: bool = True,
                 autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        _refuse(fixed, ("hole_at", "no_guess", "render_mode"))
        single = GopherEnv(rows, cols, holes, hole_penalty=hole_penalty, backend=backend)
        super().__init__(num_envs, single, copy, autoreset_mode)
        self._kernel = kernel("envs", backend, part="batch").GopherBatch(
            num_envs, rows, cols, holes, float(hole_penalty), **self._arrays())


class TileMatchVectorEnv(BatchedEnv):
    """N ``TileMatch-v0`` boards (random ones; the same arguments)."""

    def __init__(self, num_envs: int, width: int = 6, height: int | None = None, kinds: int = 4,
                 filled: int = 4, k: int = 3, max_moves: int = 100, backend: str | None = None,
                 copy: bool = True, autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        _refuse(fixed, ("board", "render_mode"))
        single = TileMatchEnv(width, height, kinds, filled, k, max_moves=max_moves, backend=backend)
        super().__init__(num_envs, single, copy, autoreset_mode)
        self._kernel = kernel("envs", backend, part="batch").TileMatchBatch(
            num_envs, width, single.height, kinds, filled, k, max_moves, **self._arrays())


class NumberLinkVectorEnv(BatchedEnv):
    """N ``NumberLink-v0`` boards (generated puzzles; the same arguments)."""

    def __init__(self, num_envs: int, rows: int = 7, cols: int = 7, solve_reward: float = 1.0,
                 max_steps: int | None = None, backend: str | None = None, copy: bool = True,
                 autoreset_mode: Mode = NEXT, **fixed: Any) -> None:
        _refuse(fixed, ("puzzle", "unique", "render_mode"))
        single = NumberLinkEnv(rows, cols, solve_reward=solve_reward, max_steps=max_steps,
                               backend=backend)
        super().__init__(num_envs, single, copy, autoreset_mode)
        assert single.max_steps is not None  # (NumberLinkEnv always has one)

        def generate(seed: int) -> nl.Puzzle:
            return nl.generate(rows, cols, seed, backend=backend).puzzle

        self._kernel = kernel("envs", backend, part="batch").NumberLinkBatch(
            num_envs, rows, cols, float(solve_reward), single.max_steps, generate, **self._arrays())


_VECTOR_ENVS: dict[str, type[BatchedEnv]] = {
    "gridgames/SameGame-v0": SameGameVectorEnv, "gridgames/Gopher-v0": GopherVectorEnv,
    "gridgames/TileMatch-v0": TileMatchVectorEnv, "gridgames/NumberLink-v0": NumberLinkVectorEnv}
