"""The SB3 ``VecEnv`` over a batched environment (see ``sb3.py``, which
imports this module only when an adapter is made: it needs SB3)."""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices, VecEnvStepReturn

from . import _autoreset
from ._batched import BatchedEnv
from .vector import vector_envs

Array = npt.NDArray[Any]


class BatchedVecEnv(VecEnv):
    """``n_envs`` boards of ``env_id`` stepped in one kernel call, with
    SB3's same-step autoreset; see ``gridgames.envs.sb3``.  The batched
    Gymnasium environment is ``self.venv``.  ``get_attr`` and ``set_attr``
    reach its attributes (the same for every board); the only per-board
    method is ``action_masks``."""

    # VecEnv's, declared again: without SB3 (no [rl]) mypy sees VecEnv as Any
    _seeds: list[int | None]
    reset_infos: list[dict[str, Any]]

    def __init__(self, env_id: str, n_envs: int, seed: int | None = None, **kwargs: Any) -> None:
        found = vector_envs()
        if env_id not in found:
            raise ValueError(f"no batched environment {env_id!r}: one of {sorted(found)}")
        self.env_id = env_id
        self.venv: BatchedEnv = found[env_id](n_envs, **kwargs)
        super().__init__(n_envs, self.venv.single_observation_space, self.venv.single_action_space)
        self._actions: Array | None = None
        self._returns = np.zeros(n_envs, dtype=np.float64)
        self._lengths = np.zeros(n_envs, dtype=np.int64)
        self._start = time.perf_counter()
        if seed is not None:
            self.seed(seed)

    def reset(self) -> Array:
        """Every board's next game: from the seeds given to ``seed()`` (board
        i: ``seed + i``) if any, else each board's own generator goes on (as a
        single environment reset without a seed does)."""
        seeds, self._seeds = self._seeds, [None] * self.num_envs
        self._reset_options()  # (the environments take no reset options)
        if any(s is not None for s in seeds) or not self.venv._started:
            obs, _ = self.venv.reset(seed=seeds)
        else:
            for i in range(self.num_envs):
                self.venv._kernel.reset(i)
            obs = self.venv._out(self.venv._obs)
        self._returns[:] = 0.0
        self._lengths[:] = 0
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        """Keep one action per board for ``step_wait()``."""
        self._actions = np.asarray(actions)

    def step_wait(self) -> VecEnvStepReturn:
        """Step every board by the actions given to ``step_async()``; an
        ended board restarts at once, its last observation in its info."""
        if self._actions is None:
            raise RuntimeError("call step_async() before step_wait()")
        actions, self._actions = self._actions, None
        venv = self.venv
        if not venv._started:
            raise RuntimeError("call reset() before step()")
        a = np.ascontiguousarray(actions.reshape(-1), dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise ValueError(f"need {self.num_envs} actions, not {actions.shape}")
        venv._kernel.step(a, 0, self.num_envs)
        rewards, terminations, truncations, ended, final = _autoreset.restart(venv)
        self._returns += rewards
        self._lengths += 1
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        now = round(time.perf_counter() - self._start, 6)
        for k, i in enumerate(ended.tolist()):
            infos[i] = {"terminal_observation": final[k],
                        "TimeLimit.truncated": bool(truncations[i] and not terminations[i]),
                        "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i]), "t": now}}
        self._returns[ended] = 0.0
        self._lengths[ended] = 0
        dones = terminations | truncations
        return venv._obs.copy(), rewards.astype(np.float32), dones, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The (n_envs, actions) masks of the boards now."""
        return self.venv._masks.copy()

    def close(self) -> None:
        """Free the batched kernel."""
        self.venv.close()

    def _indices(self, indices: VecEnvIndices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The batch's attribute, once per board asked for (the boards share it)."""
        value = getattr(self.venv, attr_name)
        return [value] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Set the batch's attribute: every board shares it."""
        setattr(self.venv, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        """Only ``action_masks()``: each board's mask (the boards have no
        environment object of their own)."""
        if method_name != "action_masks" or method_args or method_kwargs:
            raise AttributeError(f"the batched {self.env_id} has no per-board method {method_name}"
                                 f"{'(...)' if method_args or method_kwargs else ''} (only action_masks())")
        masks = self.venv._masks
        return list(masks.copy()) if indices is None else [masks[i].copy() for i in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: type[gym.Wrapper[Any, Any, Any, Any]],
                       indices: VecEnvIndices = None) -> list[bool]:
        """False for every board: the batch wraps nothing."""
        return [False] * len(self._indices(indices))

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Board i starts from seed ``seed + i`` at the next ``reset()``."""
        seeds: Sequence[int | None] = super().seed(seed)
        return seeds

    def get_images(self) -> Sequence[np.ndarray | None]:
        """Not available: the batched environments do not render."""
        raise NotImplementedError("the batched environments do not render (use the single environment)")

