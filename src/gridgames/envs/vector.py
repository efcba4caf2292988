"""Batched vector environments: N boards of a game stepped in one kernel
call with the GIL released (``_batch_GAME.pyx`` on ``_batch.pyx``; twins ``_batch_GAME_pure.py``).

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

from .._registry import env_class, envs, games
from ._batched import BatchedEnv

__all__ = ["BatchedEnv", "random_steps", "vector_envs"]


def vector_envs() -> dict[str, type[BatchedEnv]]:
    """Gymnasium id -> the batched env of its game (``ENVVectorEnv`` in
    ``envs/GAME.py``), for the games that have one."""
    found = {env_id: env_class(game, vector=True) for env_id, game in envs().items()}
    return {env_id: cls for env_id, cls in found.items() if cls is not None}


def random_steps(env_id: str, num_envs: int, rounds: int, seed: int = 0, threads: int = 1,
                 **kwargs: Any) -> BatchedEnv:
    """A workload for benchmarks: the batched env of ``env_id`` (a
    ``gridgames/...-v0`` id, with its keyword arguments), reset with
    ``seed``, after ``rounds`` random masked steps of each of its
    ``num_envs`` boards in the kernel (``play_random``); returned."""
    envs = vector_envs()[env_id](num_envs, **kwargs)
    envs.reset(seed=seed)
    envs.play_random(rounds, seed=seed, threads=threads)
    return envs


def __getattr__(name: str) -> Any:
    """The batched envs by their class names (``vector.SameGameVectorEnv``),
    where they were before they moved to their games' modules."""
    for game in games():
        found = env_class(game, vector=True) if name.endswith("VectorEnv") else None
        if found is not None and found.__name__ == name:
            return found
    raise AttributeError(f"module 'gridgames.envs.vector' has no attribute {name!r}")
