"""The twin of ``_batch.pyx``: the same base class, over N single envs (each
drawing from the board's Generator), so that the batch's rules are the
single envs' rules; each game's batch is ``_batch_GAME_pure.py``.  Slow;
results must be identical."""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._runtime.random_source_pure import SplitMix64
from ._base import GridEnv

Array = npt.NDArray[Any]


class Batch:
    """See ``_batch.Batch``; ``envs`` are the boards."""

    prepares = False  # new boards need Python first (Number Link's): no play_random

    def __init__(self, envs: list[GridEnv], max_steps: int, rewards: Array, terminated: Array,
                 truncated: Array, masks: Array, obs: Array) -> None:
        """N boards, each a single env on the pure backend (see the class)."""
        n = len(envs)
        if n < 1:
            raise ValueError("need 1 board or more (once)")
        if any(len(a) != n for a in (rewards, terminated, truncated, masks, obs)):
            raise ValueError("the arrays do not fit n boards")
        self.envs, self.nact = envs, envs[0].action_space.n
        for env in envs:
            env.max_steps = max_steps or None
        self.rewards, self.terminated, self.truncated, self.masks, self.obs = (
            rewards, terminated, truncated, masks, obs)
        self.done = np.zeros(n, dtype=bool)
        self.generators: list[np.random.Generator] | None = None

    def seed(self, generators: list[np.random.Generator]) -> None:
        """Each board draws from its own numpy Generator."""
        if len(generators) != len(self.envs):
            raise ValueError(f"need {len(self.envs)} generators")
        for env, generator in zip(self.envs, generators):
            env._np_random = generator
        self.generators = generators

    def reset(self, i: int) -> None:
        """A new game (``seed``: the env's random generator is seeded first)."""
        if not 0 <= i < len(self.envs) or self.generators is None:
            raise ValueError("reset(i) needs 0 <= i < n, after seed()")
        self._fresh(i)

    def _fresh(self, i: int) -> None:
        """A new board at position ``i`` (the arrays filled for it)."""
        obs, _ = self.envs[i].reset()
        self.obs[i] = obs.ravel()
        self.masks[i] = self.envs[i]._mask
        self.rewards[i] = 0.0
        self.terminated[i] = self.truncated[i] = self.done[i] = False

    def step(self, actions: Array, lo: int, hi: int) -> None:
        """Play one action: (observation, reward, terminated, truncated, info)."""
        self._check(actions, lo, hi)
        for i in range(lo, hi):
            if self.done[i]:
                self._fresh(i)
                continue
            obs, reward, end, cut, _ = self.envs[i].step(int(actions[i]))
            self.obs[i] = obs.ravel()
            self.masks[i] = self.envs[i]._mask
            self.rewards[i], self.terminated[i], self.truncated[i] = reward, end, cut
            self.done[i] = end or cut

    def play_random(self, states: Array, actions: Array, rounds: int, lo: int, hi: int) -> None:
        """``rounds`` steps of boards lo..hi, each a random legal action."""
        self._check(actions, lo, hi)
        if len(states) != len(self.envs) or self.prepares:
            raise ValueError("need n states, and a game whose boards are made in C")
        for _ in range(rounds):
            for i in range(lo, hi):
                rng = SplitMix64(int(states[i]))
                legal = np.flatnonzero(self.masks[i])
                actions[i] = legal[rng.uniform(len(legal))] if len(legal) else 0
                states[i] = rng.state
            self.step(actions, lo, hi)

    def _check(self, actions: Array, lo: int, hi: int) -> None:
        """ValueError unless the actions and lo..hi fit the boards."""
        n = len(self.envs)
        if len(actions) != n or not 0 <= lo <= hi <= n or self.generators is None:
            raise ValueError(f"need {n} actions and 0 <= lo <= hi <= {n}, after seed()")
        for i in range(lo, hi):
            if not 0 <= actions[i] < self.nact:
                raise ValueError(f"action {actions[i]} of board {i} is outside 0..{self.nact - 1}")
