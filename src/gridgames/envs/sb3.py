"""Stable-Baselines3 on the batched environments (``pip install "gridgames[rl]"``).

``make_vec_env(env_id, n_envs, seed=None, **kwargs)`` gives an SB3
``VecEnv`` whose ``n_envs`` boards step in one kernel call
(``vector.py``)::

    from sb3_contrib import MaskablePPO
    from gridgames.envs.sb3 import make_vec_env

    envs = make_vec_env("gridgames/SameGame-v0", 256, seed=0, rows=15, cols=15)
    MaskablePPO("MlpPolicy", envs, n_steps=64, batch_size=256, n_epochs=1, device="cpu").learn(100_000)

(docs/rl.md's settings: with MaskablePPO's defaults, ``n_epochs=10`` and
``batch_size=64``, the update costs about 100 times more.)

It follows SB3's conventions: a board whose episode ends is reset in the
same step (its last observation in ``infos[i]["terminal_observation"]``,
``infos[i]["TimeLimit.truncated"]`` for a truncation, and the episode's
return and length in ``infos[i]["episode"]``, as SB3's ``Monitor`` puts
them), and ``env_method("action_masks")`` gives the boards' masks
(sb3-contrib's ``get_action_masks``).  Board i plays exactly as a single
environment seeded ``seed + i``, through its resets.  SB3 is imported only
when an adapter is made: this module imports without it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._sb3_vec import BatchedVecEnv


def make_vec_env(env_id: str, n_envs: int, seed: int | None = None, **kwargs: Any) -> BatchedVecEnv:
    """An SB3 ``VecEnv`` of ``n_envs`` boards of ``env_id`` (a
    ``gridgames/...-v0`` id; ``kwargs`` are its options, as ``gym.make``
    takes them, and ``backend``), board i seeded ``seed + i`` at the first
    reset (None: fresh entropy)."""
    from ._sb3_vec import BatchedVecEnv
    return BatchedVecEnv(env_id, n_envs, seed=seed, **kwargs)


def __getattr__(name: str) -> Any:
    if name == "BatchedVecEnv":
        from ._sb3_vec import BatchedVecEnv
        return BatchedVecEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BatchedVecEnv", "make_vec_env"]
