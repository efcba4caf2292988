"""Gymnasium's same-step autoreset for the batched environments
(``vector.py``): a board whose episode ended in this step is reset in this
step, so the observation returned is its new board's, and its last one is
in ``info["final_obs"]`` (``info["_final_obs"]`` marks the boards that
ended), as ``SyncVectorEnv(..., autoreset_mode=AutoresetMode.SAME_STEP)``
returns them.  SB3's ``VecEnv`` convention is the same (``sb3.py``).

The kernel resets a finished board at its next step (next-step autoreset);
here its ``reset(i)`` starts board i's next game at once, from the board's
own generator: the same games, in the same order, as next-step autoreset
and as a single environment reset without a seed."""
from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode

Array = npt.NDArray[Any]
MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)


class Batch(Protocol):
    """What this module reads of a batched env (``_batched.BatchedEnv``,
    which imports this module: named here by its shape, not imported)."""

    num_envs: int
    _kernel: Any
    _obs: Array
    _rewards: Array
    _terminations: Array
    _truncations: Array

    def _out(self, array: Array) -> Array: ...


def mode(value: AutoresetMode | str) -> AutoresetMode:
    """``value`` (an ``AutoresetMode`` or its value) as a mode the batched
    environments offer; ValueError for another."""
    for m in MODES:
        if value is m or value == m.value:
            return m
    raise ValueError(f"autoreset_mode must be one of {[m.value for m in MODES]} "
                     f"(AutoresetMode.NEXT_STEP or SAME_STEP), not {value!r}")


def restart(env: Batch) -> tuple[Array, Array, Array, Array, Array]:
    """After a kernel step: the rewards, terminations and truncations (copies),
    the indices of the boards that ended and their final observations, those
    boards reset (the batch's buffers then hold their new boards)."""
    rewards, terminations, truncations = (env._rewards.copy(), env._terminations.copy(),
                                          env._truncations.copy())
    ended = np.flatnonzero(terminations | truncations)
    final = env._obs[ended]  # (a copy: fancy indexing)
    for i in ended.tolist():
        env._kernel.reset(i)
    return rewards, terminations, truncations, ended, final


def same_step(env: Batch) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
    """The step's results in same-step autoreset (Gymnasium's info layout)."""
    rewards, terminations, truncations, ended, final = restart(env)
    info: dict[str, Any] = {}
    if len(ended):
        marked = np.zeros(env.num_envs, dtype=bool)
        marked[ended] = True
        final_obs = np.full(env.num_envs, None, dtype=object)  # Gymnasium's layout: None where none ended
        for k, i in enumerate(ended.tolist()):
            final_obs[i] = final[k]
        info = {"final_obs": final_obs, "_final_obs": marked, "final_info": {}, "_final_info": marked.copy()}
    return env._out(env._obs), rewards, terminations, truncations, info
