"""Gymnasium environments for the games (each game of ``gridgames._games`` whose
row names one) (``pip install "gridgames[gym]"``).

Importing this module registers them::

    import gymnasium
    import gridgames.envs
    gymnasium.register_envs(gridgames.envs)   # (tells linters the import is used)
    env = gymnasium.make("gridgames/SameGame-v0")

``gymnasium.make("gridgames.envs:gridgames/SameGame-v0")`` works without
the import.  Each environment keeps ``info["action_mask"]`` and an
``action_masks()`` method (the MaskablePPO convention), renders as ``ansi``
text or an ``rgb_array`` picture, and takes ``backend=`` (None, "compiled"
or "pure").
"""
from typing import Any

from gymnasium.envs.registration import register, registry

from .._registry import env_class, envs, row

# id -> the entry point of its env ("gridgames/SameGame-v0" -> "gridgames.envs.samegame:SameGameEnv"),
# one for every game of the table with an environment (its row's env)
ENV_IDS: dict[str, str] = {}

for _id, _game in envs(installed=True).items():  # the installed games' too (entry points gridgames.games)
    _row = row(_game)
    if not _row.envs.startswith(f"{__name__}."):  # a game from elsewhere: its id, its module loaded by make()
        if _id not in registry:
            register(id=_id, entry_point=f"{_row.envs}:{_row.env}Env", vector_entry_point=(
                f"{_row.envs}:{_row.env}VectorEnv" if "vector" in _row.has else None))
        continue
    _env = env_class(_game)
    globals()[_env.__name__] = _env  # gridgames.envs.SameGameEnv
    ENV_IDS[_id] = f"{_row.envs}:{_env.__name__}"
    if _id not in registry:  # importing twice (or reloading) must not warn
        # gym.make_vec: the batched env (ENVVectorEnv beside it); vectorization_mode="sync" for SyncVectorEnv
        _vector = env_class(_game, vector=True)
        register(id=_id, entry_point=ENV_IDS[_id],
                 vector_entry_point=None if _vector is None else f"{_row.envs}:{_vector.__name__}")

__all__ = ["ENV_IDS", *(_entry.split(":")[1] for _entry in ENV_IDS.values())]


def __getattr__(name: str) -> Any:  # (for type checkers: the env classes are set above)
    raise AttributeError(f"module 'gridgames.envs' has no attribute {name!r}")
